"""Comforts a player expects (issue 9): the address bar holds the game's link, Share, asking
before a loss, a score that undo/redo cannot game, the win's celebration and score breakdown,
settings kept across reloads, sound, and dragging a card onto its partner."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

from gamepage import (
    RECTS_JS,
    card,
    centre,
    click_move,
    confirm_loss,
    drag,
    expect_line,
    expect_shadow,
    field,
    marked,
    open_one_move_from_the_win,
    stat,
    stored,
    winnable_deal,
)
from royal import describe
from royal.deals import numbered_deal
from royal.game import Game
from royal.markup import THEME_COLOURS
from royal.settings import CHOICES
from royal.solver import solve

SETTINGS_KEY = "royal-marriage.settings"
# The felt colour as the page resolves it in its current theme, as #rrggbb.
FELT = """() => { const probe = document.createElement('div'); probe.style.color = 'var(--felt)';
    document.body.append(probe); const rgb = getComputedStyle(probe).color.match(/\\d+/g); probe.remove();
    return '#' + rgb.slice(0, 3).map(n => Number(n).toString(16).padStart(2, '0')).join(''); }"""
# Counts the notes the game's Web Audio sounds start, without playing anything.
COUNT_NOTES = """
window.__notes = 0;
const original = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () {
  const oscillator = original.call(this);
  oscillator.start = () => { window.__notes += 1; };
  oscillator.stop = () => {};
  return oscillator;
};
"""


def query(page: Page) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query)


# The address bar -------------------------------------------------------------------------


def test_the_address_holds_the_games_link_from_the_start(page: Page, open_game) -> None:
    open_game(page)
    number = field(page, "deal")
    assert query(page) == {"deal": [number]}
    page.reload()
    page.wait_for_selector("body[data-ready]")
    assert field(page, "deal") == number, "the copied address opens the same deal"

    page.locator("#new-game").click()  # no move yet: no question
    expect(page.locator("[data-field=deal]")).not_to_have_text(number)
    assert query(page) == {"deal": [field(page, "deal")]}

    cards = numbered_deal(7)
    order = ["QH", *sorted(cards[1:-1]), "KH"]
    open_game(page, "?cards=" + ",".join(order))
    expect(page.locator("[data-field=deal]")).to_have_text("custom")
    assert query(page) == {"cards": [",".join(order)]}

    open_game(page, "?deal=banana")  # a bad link gives way to the game in progress, and its link
    expect(page.locator("#notices")).to_contain_text("could not be opened")
    assert query(page) == {"cards": [",".join(order)]}


def test_share_copies_the_link_where_there_is_no_share_sheet(page: Page, open_game) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.add_init_script("delete Navigator.prototype.share;")
    open_game(page, "?deal=42")
    page.locator("#share").click()
    expect(page.locator("#status")).to_contain_text("copied")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == page.url and query(page) == {"deal": ["42"]}


def test_share_uses_the_share_sheet_where_there_is_one(page: Page, open_game) -> None:
    page.add_init_script(
        "window.__shared = []; Navigator.prototype.share = function (data) {"
        " window.__shared.push(data); return Promise.resolve(); };"
    )
    open_game(page, "?deal=42")
    page.locator("#share").click()
    page.wait_for_function("window.__shared.length === 1")
    assert page.evaluate("window.__shared[0].url") == page.url


# Asking before a loss ----------------------------------------------------------------------


def test_leaving_a_game_with_a_move_asks_and_changes_nothing_until_confirmed(page: Page, open_game) -> None:
    number = winnable_deal(30)
    open_game(page, f"?deal={number}")
    dialog = page.locator("dialog[open]")
    page.locator("#new-game").click()
    expect(page.locator("[data-field=deal]")).not_to_have_text(str(number))
    assert dialog.count() == 0, "a game without a move does not ask"

    open_game(page, f"?deal={number}")
    game = Game.numbered(number)
    move = solve(game.cards).moves[0]
    click_move(page, move)
    game.play(move, 0)
    page.locator("#undo").click()  # every move undone: the game still counts
    game.undo(0)
    expect_shadow(page, game)

    for how in ("#new-game", "#daily", "#restart", "n"):
        if how.startswith("#"):
            page.locator(how).click()
        else:
            page.locator("body").press(how)
        expect(dialog).to_have_count(1)
        expect(dialog).to_contain_text("This game will count as a loss")
        assert stat(page, "played") == "0" and field(page, "deal") == str(number)
        dialog.locator("[data-cancel]").click()
        expect(dialog).to_have_count(0)
        expect_shadow(page, game)
        assert stat(page, "played") == "0" and query(page) == {"deal": [str(number)]}

    page.locator("#restart").click()
    dialog.locator("[data-confirm]").click()
    expect(page.locator("[data-stat=played]")).to_have_text("1")
    assert stat(page, "wins") == "0"
    assert field(page, "deal") == str(number) and field(page, "moves") == "0"

    # "Don't ask again" turns the question off, and the setting shows it.
    click_move(page, move)
    page.locator("#new-game").click()
    dialog.locator("#loss-dont-ask").check()
    dialog.locator("[data-confirm]").click()
    expect(page.locator("[data-stat=played]")).to_have_text("2")
    page.locator("#settings").click()
    expect(page.locator("#ask-before-loss")).not_to_be_checked()
    page.locator("#settings-close").click()
    first = solve(numbered_deal(int(field(page, "deal")))).moves or None
    assert first, "the new game is winnable"
    click_move(page, first[0])
    page.locator("#new-game").click()
    expect(page.locator("[data-stat=played]")).to_have_text("3")
    assert dialog.count() == 0


# The score ---------------------------------------------------------------------------------


# The win -----------------------------------------------------------------------------------


@pytest.mark.motion
def test_a_win_celebrates_and_breaks_the_score_down(page: Page, site, wait_ready) -> None:
    """The winning move of a game with a hint, saved one move short of its win."""
    game, last = open_one_move_from_the_win(page, site.url, wait_ready, winnable_deal(80), hinted=True)
    click_move(page, last)
    game.play(last, 0)
    expect(page.locator("body")).to_have_attribute("data-outcome", "won")
    expect(page.locator("#celebration")).to_be_visible()
    parts = game.breakdown
    panel = page.locator("#result-score")
    expect(panel).to_be_visible()
    assert panel.locator("[data-part=cards]").inner_text() == str(parts.cards)
    assert panel.locator("[data-part=pairs]").inner_text() == str(parts.pairs)
    assert panel.locator("[data-part=win-bonus]").inner_text() == str(parts.win_bonus)
    assert panel.locator("[data-part=penalties]").inner_text() == f"\N{MINUS SIGN}{parts.penalties}"
    time_bonus = int(panel.locator("[data-part=time-bonus]").inner_text())
    score = int(panel.locator("[data-part=score]").inner_text())
    assert score == int(field(page, "score")) == parts.cards + parts.pairs + 500 + time_bonus - 25
    expect(page.locator("#celebration")).to_be_hidden(timeout=10_000)


def test_no_celebration_under_reduced_motion(new_context, site, wait_ready) -> None:
    page = new_context(reduced_motion="reduce").new_page()
    _, last = open_one_move_from_the_win(page, site.url, wait_ready, winnable_deal(80))
    click_move(page, last)
    expect(page.locator("body")).to_have_attribute("data-outcome", "won")
    expect(page.locator("#result-score")).to_be_visible()
    page.wait_for_timeout(300)
    expect(page.locator("#celebration")).to_be_hidden()
    assert page.locator("body[data-celebrating]").count() == 0


# Settings and sound ------------------------------------------------------------------------


def test_settings_start_at_their_defaults_and_survive_a_reload(page: Page, open_game) -> None:
    open_game(page)
    page.locator("#settings").click()
    panel = page.locator("#settings-dialog")
    expect(panel).to_be_visible()
    expect(page.locator("#winnable-only")).to_be_checked()
    expect(page.locator("#ask-before-loss")).to_be_checked()
    expect(page.locator("#warn-lost")).not_to_be_checked()
    expect(page.locator("#sound")).not_to_be_checked()
    expect(page.locator("#large-cards")).not_to_be_checked()
    expect(page.locator("#quick-play")).not_to_be_checked()
    expect(page.locator("#theme-system")).to_be_checked()

    width = card(page, "QH").bounding_box()["width"]
    page.locator("#winnable-only").uncheck()
    page.locator("#warn-lost").check()
    page.locator("#sound").check()
    page.locator("#large-cards").check()
    page.locator("#quick-play").check()
    page.locator("#theme-dark").check()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    # The browser's own bar follows the chosen theme too.
    colours = page.evaluate(
        "() => [...document.querySelectorAll('meta[name=theme-color]')]"
        ".filter(m => matchMedia(m.media).matches).map(m => m.content)"
    )
    assert colours == [page.evaluate(FELT)]
    # At 1440x900 the default cards already fill the window (test_layout.py: larger where
    # there is room); larger cards are never smaller.
    expect(page.locator("html")).to_have_attribute("data-large-cards", "")
    assert card(page, "QH").bounding_box()["width"] >= width
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    assert stored(page, SETTINGS_KEY) is not None

    # Drawn in the saved look from the start, before Python has read the settings.
    page.reload(wait_until="domcontentloaded")
    assert page.evaluate(
        "[document.body.hasAttribute('data-ready'), document.documentElement.dataset.theme]"
    ) == [
        False,
        "dark",
    ]
    assert page.evaluate("document.documentElement.hasAttribute('data-large-cards')")
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    expect(page.locator("html")).to_have_attribute("data-large-cards", "")
    page.locator("#settings").click()
    expect(page.locator("#winnable-only")).not_to_be_checked()
    expect(page.locator("#warn-lost")).to_be_checked()
    expect(page.locator("#sound")).to_be_checked()
    expect(page.locator("#large-cards")).to_be_checked()
    expect(page.locator("#quick-play")).to_be_checked()
    expect(page.locator("#theme-dark")).to_be_checked()
    page.locator("#theme-light").check()
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    page.locator("#theme-system").check()
    expect(page.locator("html")).not_to_have_attribute("data-theme", "light")


def test_settings_follow_other_tabs(page: Page, open_game) -> None:
    open_game(page)
    other = open_game(page.context.new_page())
    other.locator("#settings").click()
    other.locator("#large-cards").check()
    expect(page.locator("html")).to_have_attribute("data-large-cards", "")
    page.locator("#settings").click()
    expect(page.locator("#large-cards")).to_be_checked()


def test_sounds_play_only_when_turned_on(page: Page, open_game) -> None:
    page.add_init_script(COUNT_NOTES)
    number = winnable_deal(90)
    game = Game.numbered(number)
    open_game(page, f"?deal={number}")
    moves = solve(game.cards).moves
    click_move(page, moves[0])
    game.play(moves[0], 0)
    assert page.evaluate("window.__notes") == 0, "sound is off by default"

    page.locator("#settings").click()
    page.locator("#sound").check()
    page.locator("#settings-close").click()
    click_move(page, moves[1])
    game.play(moves[1], 0)
    page.wait_for_function("window.__notes === 1")  # a move: one note
    page.locator("#undo").click()
    page.wait_for_function("window.__notes === 3")  # undo: two notes
    lonely = next((c for c in game.line.cards if not game.line.partners(c)), None)
    if lonely is not None:
        card(page, lonely).click()
        page.wait_for_function("window.__notes === 4")  # a pick with no partner


# Dragging ----------------------------------------------------------------------------------


def test_dragging_a_card_onto_its_partner_plays_the_move(page: Page, open_game) -> None:
    number = winnable_deal(100)
    game = Game.numbered(number)
    open_game(page, f"?deal={number}")
    move = solve(game.cards).moves[0]
    partners = {m.right if m.left == move.left else m.left for m in game.line.partners(move.left)}

    # Dropped on the felt: nothing happens and the selection is gone.
    drag(page, move.left, page.locator(".fields"))
    expect(card(page, move.left)).to_have_attribute("aria-pressed", "true")
    assert marked(page, "data-role", "partner") == partners, "a drag shows a selection's marks"
    page.mouse.up()
    expect(card(page, move.left)).to_have_attribute("aria-pressed", "false")
    assert marked(page, "data-role", "partner") == set()
    expect_line(page, game.line.cards)

    drag(page, move.left, card(page, move.right))
    page.mouse.up()
    game.play(move, 0)
    expect_shadow(page, game)
    assert field(page, "moves") == "1"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_browsers_bar_takes_the_chosen_felts_colour_from_the_first_paint(
    scheme: str, new_context, site, wait_ready
) -> None:
    page = new_context(color_scheme=scheme).new_page()
    page.goto(site.url)
    wait_ready(page)
    bar = """() => [...document.querySelectorAll('meta[name=theme-color]')]
      .filter(m => matchMedia(m.media).matches).map(m => m.content)"""
    assert page.evaluate(bar) == [page.evaluate(FELT)]
    for felt in CHOICES["felt"]:
        page.locator("#settings").click()
        page.locator(f"#felt-{felt}").check()
        page.locator("#settings-close").click()
        expect(page.locator("html")).to_have_attribute("data-felt", felt)
        assert page.evaluate(bar) == [page.evaluate(FELT)], felt
    page.reload(wait_until="domcontentloaded")  # the boot script, before Python
    assert page.evaluate(bar) == [page.evaluate(FELT)]
    assert page.evaluate(bar) == [THEME_COLOURS[CHOICES["felt"][-1]][("light", "dark").index(scheme)]]
    wait_ready(page)


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


def test_dragging_works_by_touch(phone_page: Page, open_game) -> None:
    page = phone_page
    number = winnable_deal(100)
    game = Game.numbered(number)
    open_game(page, f"?deal={number}")
    move = solve(game.cards).moves[0]
    session = page.context.new_cdp_session(page)

    def touch(kind: str, x: float | None = None, y: float | None = None) -> None:
        points = [] if x is None else [{"x": x, "y": y}]
        session.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    x, y = centre(card(page, move.left).bounding_box())
    touch("touchStart", x, y)
    for dx in (4, 8, 12):
        touch("touchMove", x + dx, y)
    expect(card(page, move.left)).to_have_attribute("data-dragging", "")
    partner = card(page, move.right)
    expect(partner).to_have_attribute("data-role", "partner")
    expect(partner).not_to_have_attribute("data-drop", "")
    fx, fy = centre(partner.bounding_box())
    touch("touchMove", fx, fy)
    # The finger's card rides above it, see-through, and the partner under the finger says so.
    expect(partner).to_have_attribute("data-drop", "")
    lifted = card(page, move.left)
    expect(lifted).to_have_css("opacity", "0.85")
    assert (
        lifted.bounding_box()["y"] + lifted.bounding_box()["height"] / 2
        < fy - 0.4 * partner.bounding_box()["height"]
    )
    touch("touchEnd")
    game.play(move, 0)
    expect_shadow(page, game)
    expect(page.locator("#line [data-drop], #line [data-lifted]")).to_have_count(0)


def test_the_losing_move_warning_has_a_sound_of_its_own(page: Page, open_game) -> None:
    """docs/play.md, "Sound": with the warning and sound on, a losing move plays three notes."""
    page.add_init_script(COUNT_NOTES)

    def loses(number: int, move) -> bool:  # type: ignore[no-untyped-def]
        game = Game.numbered(number)
        game.play(move, 0)
        return not solve(game.line.cards).winnable

    number, losing = next(
        (n, m)
        for n in range(1, 500)
        if solve(numbered_deal(n)).winnable
        for m in Game.numbered(n).line.legal_moves()
        if loses(n, m)
    )
    open_game(page, f"?deal={number}")
    page.locator("#settings").click()
    page.locator("#sound").check()
    page.locator("#warn-lost").check()
    page.locator("#settings-close").click()
    click_move(page, losing)
    page.wait_for_function("window.__notes === 3")  # the warning's three notes, not the move's one
    page.wait_for_timeout(300)
    assert page.evaluate("window.__notes") == 3


def test_the_first_game_guide_stays_through_the_first_game_and_then_stays_away(
    phone_page: Page, open_game, wait_ready
) -> None:
    """docs/play.md, "The first game": in the first screen on a phone, kept through the first
    game (the line moves neither at the first move nor on a reload), gone for good once played."""
    page = phone_page
    open_game(page, "?deal=7")
    guide = page.locator("#first-game")
    expect(guide).to_be_visible()
    expect(guide).to_contain_text(describe.FIRST_GAME)
    assert guide.bounding_box()["y"] + guide.bounding_box()["height"] <= 740, "in the first screen"
    moves = solve(numbered_deal(7)).moves
    before = page.evaluate(RECTS_JS, "#line")
    click_move(page, moves[0])
    expect(guide).to_be_visible()
    assert page.evaluate(RECTS_JS, "#line") == before, "the first move does not move the line"
    page.reload()
    wait_ready(page)
    expect(guide).to_be_visible()
    assert page.evaluate(RECTS_JS, "#line") == before, "nor does a reload in the first game"
    page.locator("#new-game").click()
    confirm_loss(page)  # the game counts: the player has played
    expect(page.locator("[data-stat=played]")).to_have_text("1")
    expect(guide).to_be_hidden()
    page.reload()
    page.wait_for_selector("body[data-ready]")
    expect(guide).to_be_hidden()


def test_the_first_game_guide_stays_while_the_first_win_is_shown(page: Page, open_game) -> None:
    """The first game won: the guide stays until the next deal, so the royal pair does not jump."""
    open_game(page, "?deal=7")
    moves = solve(numbered_deal(7)).moves
    for move in moves[:-1]:
        click_move(page, move)
    before = page.evaluate(RECTS_JS, "#line")
    click_move(page, moves[-1])
    expect(page.locator("body")).to_have_attribute("data-outcome", "won")
    expect(page.locator("[data-stat=played]")).to_have_text("1")
    expect(page.locator("#first-game")).to_be_visible()
    assert page.evaluate(RECTS_JS, "#line")[0][:2] == before[0][:2], "the line stays where it was"
    page.locator("#result-new").click()
    expect(page.locator("#first-game")).to_be_hidden()
