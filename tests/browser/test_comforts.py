"""Comforts a player expects (issue 9), as only a browser shows them: the address bar and Share
through the browser's share sheet or clipboard, asking the browser to keep the data when the
game is installed, the win's celebration (a still one under reduced motion), the saved look and the
browser bar's colour from the first paint, and dragging a card onto its partner by mouse and by
touch. What the game draws, says, keeps and sounds after each message (the address's link, the
question before a loss, the score's breakdown, settings kept and followed, sound, the
losing-move warning, the first-game guide through the first game, the ask after a win) is read
under CPython, in tests/test_app_comforts.py."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

from gamepage import (
    RECTS_JS,
    after_turns,
    card,
    centre,
    click_move,
    drag,
    expect_line,
    expect_shadow,
    field,
    marked,
    open_one_move_from_the_win,
    wait_settled,
    winnable_deal,
)
from royal.deals import numbered_deal
from royal.game import Game
from royal.markup import THEME_COLOURS
from royal.settings import CHOICES
from royal.solver import solve

# The felt colour as the page resolves it in its current theme, as #rrggbb.
FELT = """() => { const probe = document.createElement('div'); probe.style.color = 'var(--felt)';
    document.body.append(probe); const rgb = getComputedStyle(probe).color.match(/\\d+/g); probe.remove();
    return '#' + rgb.slice(0, 3).map(n => Number(n).toString(16).padStart(2, '0')).join(''); }"""
# The browser bar's colour: the content of each theme-color meta whose media matches.
BAR = """() => [...document.querySelectorAll('meta[name=theme-color]')]
  .filter(m => matchMedia(m.media).matches).map(m => m.content)"""
# A share sheet that records what it is given; and a count of the page's requests to keep the
# site's data instead of asking the real browser (whose answer depends on heuristics, not on the
# game).
STUB_SHARE_AND_PERSIST = """
window.__shared = [];
Navigator.prototype.share = function (data) { window.__shared.push(data); return Promise.resolve(); };
window.__persist = 0;
Object.defineProperty(navigator.storage, "persist", {
  value: () => { window.__persist += 1; return Promise.resolve(true); },
});
"""


def query(page: Page) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query)


# The address bar, Share, keeping the data -------------------------------------------------------


def test_the_address_share_and_the_ask_to_keep_the_data_use_the_browsers_own(page: Page, open_game) -> None:
    """The game's link in the address bar from the start; Share through the system's share sheet
    where there is one, else the clipboard; the browser asked to keep the data (docs/saves.md,
    "Keeping the data") when the game is installed, and not before."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.add_init_script(STUB_SHARE_AND_PERSIST)
    open_game(page)
    assert query(page) == {"deal": [field(page, "deal")]}, "the address bar holds the game's link"

    page.locator("#share").click()
    page.wait_for_function("window.__shared.length === 1")
    assert page.evaluate("window.__shared[0].url") == page.url, "the share sheet gets the link"

    page.evaluate("delete Navigator.prototype.share")  # no share sheet: the clipboard
    page.locator("#share").click()
    expect(page.locator("#status")).to_contain_text("copied")
    assert page.evaluate("navigator.clipboard.readText()") == page.url, "the clipboard holds the link"

    assert page.evaluate("window.__persist") == 0, "a player with no win is not asked about"
    page.evaluate("window.dispatchEvent(new Event('appinstalled'))")
    after_turns(page)
    assert page.evaluate("window.__persist") == 1, "installing the game asks to keep its data"


# The win -----------------------------------------------------------------------------------------


# The animations running on the page that take any time (a zero-duration one moves nothing).
MOVING = """() => document.getAnimations().filter(a => a.playState === 'running'
    && Number(a.effect.getComputedTiming().duration) > 0).map(a => a.animationName ?? String(a.id))"""


@pytest.mark.motion
def test_a_win_celebrates_and_under_reduced_motion_stands_still(page: Page, site, wait_ready) -> None:
    """The winning move of a game saved one move short of its win: the shower of hearts shows,
    then goes; under reduced motion a still celebration shows as long, and nothing moves
    (static/line.js, app.css "The still celebration")."""
    celebration = page.locator("#celebration")
    _, last = open_one_move_from_the_win(page, site.url, wait_ready, winnable_deal(80))
    click_move(page, last)
    expect(page.locator("body")).to_have_attribute("data-outcome", "won")
    expect(celebration).to_be_visible()
    expect(page.locator("#result-score")).to_be_visible()
    expect(celebration).to_be_hidden(timeout=10_000)

    page.emulate_media(reduced_motion="reduce")
    _, last = open_one_move_from_the_win(page, site.url, wait_ready, winnable_deal(winnable_deal(80) + 1))
    click_move(page, last)
    expect(page.locator("body")).to_have_attribute("data-outcome", "won")
    expect(page.locator("#result-score")).to_be_visible()
    expect(celebration).to_be_visible()
    expect(page.locator("body")).to_have_attribute("data-celebrating", "")
    hearts = celebration.locator("span")
    assert all(hearts.nth(i).is_visible() for i in range(hearts.count())), "every heart, still"
    assert page.evaluate(MOVING) == [], "nothing moves"
    page.wait_for_timeout(300)
    assert page.evaluate(MOVING) == [], "nothing moves"
    expect(celebration).to_be_hidden(timeout=10_000)
    assert page.locator("body[data-celebrating]").count() == 0


# The look from the first paint -------------------------------------------------------------------


@pytest.mark.parametrize(("scheme", "theme"), [("light", "system"), ("dark", "light")])
def test_the_saved_look_and_the_browsers_bar_from_the_first_paint(
    scheme: str, theme: str, new_context, site, wait_ready
) -> None:
    """The browser bar takes the chosen felt's colour, in the device's scheme or the theme
    chosen over it; after a reload the boot script draws the saved look (the theme, larger
    cards, the bar's colour) before Python has read the settings."""
    page = new_context(color_scheme=scheme).new_page()
    page.goto(site.url)
    wait_ready(page)
    html = page.locator("html")
    assert page.evaluate(BAR) == [page.evaluate(FELT)]
    width = card(page, "QH").bounding_box()["width"]
    page.locator("#settings").click()
    page.locator(f"#theme-{theme}").check()
    page.locator("#large-cards").check()
    page.locator("#settings-close").click()
    # At 1440x900 the window has room for them (test_layout.py: larger where there is room).
    expect(html).to_have_attribute("data-large-cards", "")
    assert card(page, "QH").bounding_box()["width"] > width
    for felt in CHOICES["felt"]:
        page.locator("#settings").click()
        page.locator(f"#felt-{felt}").check()
        page.locator("#settings-close").click()
        expect(html).to_have_attribute("data-felt", felt)
        assert page.evaluate(BAR) == [page.evaluate(FELT)], felt

    wait_settled(page)  # the look kept for the next visit once it is painted
    page.reload(wait_until="domcontentloaded")  # the boot script, before Python
    looks = "[document.body.hasAttribute('data-ready'), document.documentElement.dataset.theme ?? null]"
    assert page.evaluate(looks) == [False, None if theme == "system" else theme]
    assert page.evaluate("document.documentElement.hasAttribute('data-large-cards')")
    shown = scheme if theme == "system" else theme
    assert page.evaluate(BAR) == [page.evaluate(FELT)]
    assert page.evaluate(BAR) == [THEME_COLOURS[CHOICES["felt"][-1]][("light", "dark").index(shown)]]
    wait_ready(page)
    expect(html).to_have_attribute("data-large-cards", "")


# The first game's lesson -------------------------------------------------------------------------


def test_the_first_games_lesson_by_keyboard_is_read_out_lets_go_and_never_moves(
    new_context, site, wait_ready
) -> None:
    """docs/play.md, "The first game": each step's words in the live region, Next and Skip plain
    buttons, the last step's focus on the card to pick (Enter selects it, then its partner), the
    lesson gone with the move; under reduced motion nothing of it moves."""
    page = new_context(reduced_motion="reduce").new_page()
    page.goto(site.url)
    wait_ready(page)
    announcer = page.locator("#announcer")
    expect(page.locator("#lesson")).to_have_attribute("data-step", "1")
    expect(announcer).to_contain_text("Look at queen of hearts")
    expect(page.locator('#line [data-card="QH"]')).to_have_attribute("data-lesson", "card")
    page.locator("#lesson-next").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#lesson")).to_have_attribute("data-step", "2")
    expect(announcer).to_contain_text("eight of diamonds")
    expect(page.locator('#line [data-card="8D"]')).to_have_attribute("data-lesson", "enclosed")
    assert page.evaluate(MOVING) == [], "nothing moves"
    page.keyboard.press("Enter")
    expect(page.locator("#lesson")).to_have_attribute("data-step", "3")
    queen = page.locator('#line [data-card="QH"]')
    expect(queen).to_be_focused()
    page.keyboard.press("Tab")
    expect(queen).not_to_be_focused()  # the focus is never held
    queen.focus()
    page.keyboard.press("Enter")
    expect(queen).to_have_attribute("aria-pressed", "true")
    page.locator('#line [data-card="9H"]').focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-field=moves]")).to_have_text("1")
    expect(page.locator("#lesson")).to_be_hidden()
    expect(page.locator("#first-game")).to_be_hidden()
    expect(page.locator("#line [data-lesson]")).to_have_count(0)


# Dragging ----------------------------------------------------------------------------------------


def test_dragging_by_touch_and_by_mouse_in_the_first_game_on_a_phone(
    phone_page: Page, open_game, wait_ready
) -> None:
    """A first game on a phone: the first game's lesson in the first screen, its card pointed at
    (docs/play.md, "The first game"), a move dragged by touch, which lets the lesson go (and the
    guide: gone once a move is made), the line then moved by nothing (a reload draws it where it
    was), then a card dragged by mouse, dropped on the felt (nothing) and onto its partner."""
    page = phone_page
    game = Game.numbered(7)
    open_game(page, "?deal=7")
    lesson, guide = page.locator("#lesson"), page.locator("#first-game")
    expect(lesson).to_be_visible()
    expect(guide).to_be_hidden()
    expect(page.locator("#lesson-text")).to_contain_text("Look at ")
    assert lesson.bounding_box()["y"] + lesson.bounding_box()["height"] <= 740, "in the first screen"
    expect(page.locator("#line [data-lesson=card]")).to_have_count(1)
    assert page.locator("#line [data-lesson=card]").bounding_box()["y"] < 740, "its card too"
    first, second = solve(game.cards).moves[:2]
    session = page.context.new_cdp_session(page)

    def touch(kind: str, x: float | None = None, y: float | None = None) -> None:
        points = [] if x is None else [{"x": x, "y": y}]
        session.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    x, y = centre(card(page, first.left).bounding_box())
    touch("touchStart", x, y)
    for dx in (4, 8, 12):
        touch("touchMove", x + dx, y)
    expect(card(page, first.left)).to_have_attribute("data-dragging", "")
    partner = card(page, first.right)
    expect(partner).to_have_attribute("data-role", "partner")
    expect(partner).not_to_have_attribute("data-drop", "")
    fx, fy = centre(partner.bounding_box())
    touch("touchMove", fx, fy)
    # The finger's card rides above it, see-through, and the partner under the finger says so.
    expect(partner).to_have_attribute("data-drop", "")
    lifted = card(page, first.left)
    expect(lifted).to_have_css("opacity", "0.85")
    assert (
        lifted.bounding_box()["y"] + lifted.bounding_box()["height"] / 2
        < fy - 0.4 * partner.bounding_box()["height"]
    )
    touch("touchEnd")
    game.play(first, 0)
    expect_shadow(page, game)
    expect(page.locator("#line [data-drop], #line [data-lifted]")).to_have_count(0)
    expect(lesson).to_be_hidden()
    expect(guide).to_be_hidden()
    expect(page.locator("#line [data-lesson]")).to_have_count(0)
    before = page.evaluate(RECTS_JS, "#line")
    page.reload()
    wait_ready(page)
    expect(lesson).to_be_hidden()
    expect(guide).to_be_hidden()
    assert page.evaluate(RECTS_JS, "#line") == before, "a reload after the first move moves nothing"

    # By mouse. Dropped on the felt: nothing happens and the selection is gone.
    partners = {m.right if m.left == second.left else m.left for m in game.line.partners(second.left)}
    drag(page, second.left, page.locator(".fields"))
    expect(card(page, second.left)).to_have_attribute("aria-pressed", "true")
    assert marked(page, "data-role", "partner") == partners, "a drag shows a selection's marks"
    page.mouse.up()
    expect(card(page, second.left)).to_have_attribute("aria-pressed", "false")
    assert marked(page, "data-role", "partner") == set()
    expect_line(page, game.line.cards)

    drag(page, second.left, card(page, second.right))
    page.mouse.up()
    game.play(second, 0)
    expect_shadow(page, game)
    assert field(page, "moves") == "2"


WATCH_SCROLLS_JS = """() => {
  window.__scrolls = []; window.__atMove = 0;
  addEventListener('scroll', () => window.__scrolls.push(scrollY));
  addEventListener('pointermove', () => { window.__atMove = window.__scrolls.length; }, true);
}"""


def test_a_drag_held_near_an_edge_keeps_scrolling_until_it_is_let_go(new_context, site, wait_ready) -> None:
    """docs/play.md, "The line on the screen": held still near the window's bottom or top edge, a
    drag scrolls the page frame after frame, the card under the pointer; released, it stops."""
    height = 400  # a small window: the line runs well below it
    page = new_context(viewport={"width": 360, "height": height}).new_page()
    page.goto(site.url + "?deal=7")
    wait_ready(page)
    code = numbered_deal(7)[3]
    drag(page, code, page.locator(".fields"))
    x = centre(card(page, code).bounding_box())[0]
    scrolled = lambda: page.evaluate("scrollY")  # noqa: E731
    # Each scroll position the page takes, and how many it had taken at the last pointer event:
    # on a busy machine the scroll may reach its end before the test could look.
    page.evaluate(WATCH_SCROLLS_JS)
    since_last_move = lambda: page.evaluate("window.__scrolls.slice(window.__atMove)")  # noqa: E731
    page.mouse.move(x, height - 6, steps=4)
    page.wait_for_function("window.__scrolls.length - window.__atMove >= 2")
    held = since_last_move()
    assert held == sorted(held) and len(set(held)) == len(held), (
        "held still (no pointer event), the page goes on scrolling down frame after frame",
        held,
    )
    box = card(page, code).bounding_box()
    assert box["y"] <= height - 6 <= box["y"] + box["height"] * 1.2, "the card stays under the pointer"
    # Held on, it stops once the line's end is in view, 8 px to spare (static/drag.js's
    # LINE_MARGIN_PX): past it is nothing to drop on. A frame's step may end short of that.
    page.wait_for_function(
        """([h]) => { const b = document.getElementById('line').getBoundingClientRect().bottom;
                      return b <= h - 7.5 && b >= h - 12; }""",
        arg=[height],
    )
    end = scrolled()
    page.wait_for_timeout(300)
    assert scrolled() == end, "no further than the line's end"
    page.mouse.move(x, 6, steps=4)
    page.wait_for_function("([end]) => window.__scrolls.slice(window.__atMove).some(y => y < end)", arg=[end])
    page.mouse.move(x, height / 2, steps=2)
    page.mouse.up()
    expect(card(page, code)).not_to_have_attribute("data-dragging", "")
    page.mouse.move(x, height - 6)  # released: the edge does nothing
    still = scrolled()
    page.wait_for_timeout(300)
    assert scrolled() == still, "let go, it stops"
