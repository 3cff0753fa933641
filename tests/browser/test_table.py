"""The card table (issue 29): the whole game in one screen at every size, upright and on its
side, with and without Larger cards, in both ways to play; the controls at the thumbs (one bar,
44 px targets, nothing wrapping or overlapping); the menu by click and by keys; the sheets over
the table closing back to it; the King read as the line's last card.

Screenshots go to /tmp/shots/table-*.png for a person to look at.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from conftest import PHONE_CONTEXT
from gamepage import after_turns, click_move, line, press, wait_settled
from royal.deals import numbered_deal
from royal.line import Line
from royal.solver import solve

SHOTS = Path("/tmp/shots")
SIZES = {
    "320x568": {"width": 320, "height": 568},
    "360x740": {"width": 360, "height": 740},
    "390x844": {"width": 390, "height": 844},
    "740x360": {"width": 740, "height": 360},
    "768x1024": {"width": 768, "height": 1024},
    "1440x900": {"width": 1440, "height": 900},
    "2560x1440": {"width": 2560, "height": 1440},
}
DEAL = 7

# What one screen shows: the page's scroll, the line's places (cards and stock), the controls'
# boxes (those shown), and the bar's top.
SCREEN_JS = """() => {
  const box = e => {
    const r = e.getBoundingClientRect();
    return {x: r.left, y: r.top, w: r.width, h: r.height};
  };
  const shown = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const root = document.scrollingElement;
  return {
    scroll: [root.scrollWidth, root.scrollHeight, innerWidth, innerHeight],
    places: [...document.querySelectorAll('#line > .card:not(.leaving)')].filter(shown)
      .map(e => ({id: e.dataset.card || e.id, ...box(e)})),
    controls: [...document.querySelectorAll('#controls button')].filter(shown).map(e => ({id: e.id, ...box(e),
      words: [...e.querySelectorAll('.word')].map(w => w.getClientRects().length)})),
    bar: box(document.getElementById('controls')),
    cols: parseInt(getComputedStyle(document.getElementById('line')).getPropertyValue('--cols'), 10),
  };
}"""


def apart(a: dict, b: dict) -> bool:
    return (
        a["x"] + a["w"] <= b["x"]
        or b["x"] + b["w"] <= a["x"]
        or a["y"] + a["h"] <= b["y"]
        or b["y"] + b["h"] <= a["y"]
    )


def check_screen(page: Page, size: dict, what: str) -> dict:
    """No page scroll; every place of the line in the window above the bar, none over another;
    the controls apart, each at least 44 px each way, each word on one line."""
    wait_settled(page)
    seen = page.evaluate(SCREEN_JS)
    width, height, inner_w, inner_h = seen["scroll"]
    assert (width, height) == (inner_w, inner_h) == (size["width"], size["height"]), (what, seen["scroll"])
    places, bar = seen["places"], seen["bar"]
    assert places, what
    for place in places:
        assert place["x"] >= 0 and place["x"] + place["w"] <= size["width"], (what, place)
        assert place["y"] >= 0 and place["y"] + place["h"] <= bar["y"], (what, place, bar)
    for i, a in enumerate(places):
        for b in places[i + 1 :]:
            assert apart(a, b), (what, a, b)
    controls = seen["controls"]
    for i, a in enumerate(controls):
        assert a["w"] >= 44 and a["h"] >= 44, (what, a)
        assert a["words"] == [1], (what, "a word on one line", a)
        if a["id"] != "finish":  # Finish for me floats over the bar (test_depth.py)
            assert a["y"] >= bar["y"] and a["y"] + a["h"] <= bar["y"] + bar["h"] + 0.5, (what, a, bar)
        for b in controls[i + 1 :]:
            assert apart(a, b), (what, a, b)
    return seen


def set_larger_cards(page: Page, on: bool) -> None:
    press(page, "settings")
    box = page.locator("#large-cards")
    box.check() if on else box.uncheck()
    page.locator("#settings-close").click()
    wanted = "" if on else "!"
    page.wait_for_function(f"() => {wanted}document.documentElement.hasAttribute('data-large-cards')")


def deal_out(page: Page) -> None:
    """The stock game: deal until the stock is empty (52 places, the most its line takes): the
    deals run in order, one a click."""
    deal = page.locator("#deal-card")
    for _ in range(51):
        deal.click()
    after_turns(page)
    expect(page.locator("#deal-card")).to_be_disabled()
    assert len(line(page)) == 52


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_the_whole_game_is_one_screen_at_every_size_in_both_games_with_and_without_larger_cards(
    size: str, new_context, site, wait_ready
) -> None:
    viewport = SIZES[size]
    phone = viewport["width"] < 800
    page = new_context(viewport=viewport, is_mobile=phone, has_touch=phone).new_page()
    page.goto(site.url + f"?deal={DEAL}")
    wait_ready(page)
    if page.locator("#lesson").is_visible():
        shown = check_screen(page, viewport, f"{size} first visit, the lesson")
        assert min(p["w"] for p in shown["places"]) >= 24, "a first visit shows playable cards"
        page.locator("#lesson-skip").click()
    normal = check_screen(page, viewport, f"{size} open")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"table-{size}-open.png"))
    move = solve(list(numbered_deal(DEAL))).moves[0]
    click_move(page, move)
    check_screen(page, viewport, f"{size} open, after a move")
    set_larger_cards(page, True)
    large = check_screen(page, viewport, f"{size} open, larger cards")
    assert large["places"][0]["w"] > normal["places"][0]["w"], "Larger cards are larger at every size"
    # The stock game, by its link: dealt out to its largest line, with and without larger cards.
    page = new_context(viewport=viewport, is_mobile=phone, has_touch=phone).new_page()
    page.goto(site.url + f"?deal={DEAL}&mode=stock")
    wait_ready(page)
    if page.locator("#lesson").is_visible():
        page.locator("#lesson-skip").click()
    set_larger_cards(page, True)
    deal_out(page)
    check_screen(page, viewport, f"{size} stock, dealt out, larger cards")
    set_larger_cards(page, False)
    check_screen(page, viewport, f"{size} stock, dealt out")
    page.screenshot(path=str(SHOTS / f"table-{size}-stock.png"))


@pytest.mark.parametrize("mode", ["open", "stock"])
def test_at_320_px_the_bar_holds_every_moves_action_and_the_menu_on_one_row(
    mode: str, new_context, site, wait_ready
) -> None:
    page = new_context(viewport={"width": 320, "height": 568}, is_mobile=True, has_touch=True).new_page()
    page.goto(site.url + f"?deal={DEAL}" + ("&mode=stock" if mode == "stock" else ""))
    wait_ready(page)
    seen = check_screen(page, {"width": 320, "height": 568}, f"320 {mode}")
    wanted = (
        ["undo", "redo", "hint", "menu-button"]
        if mode == "open"
        else ["undo", "redo", "hint", "deal-card", "menu-button"]
    )
    assert [c["id"] for c in seen["controls"]] == wanted
    assert len({round(c["y"]) for c in seen["controls"]}) == 1, "one row"
    expect(page.locator("#hint-cost [aria-hidden=true]")).to_have_text("\N{MINUS SIGN}25")
    expect(page.locator("#hint")).to_have_accessible_name("Hint 25 points")


def test_on_a_desktop_every_control_stands_in_one_row_and_there_is_no_menu(
    new_context, site, wait_ready
) -> None:
    page = new_context(viewport={"width": 1200, "height": 800}).new_page()
    page.goto(site.url + f"?deal={DEAL}&mode=stock")
    wait_ready(page)
    seen = check_screen(page, {"width": 1200, "height": 800}, "1200 stock")
    expect(page.locator("#menu-button")).to_be_hidden()
    ids = [c["id"] for c in seen["controls"]]
    for control in (
        "new-game",
        "daily",
        "restart",
        "share",
        "stats-open",
        "calendar-open",
        "achievements-open",
        "help-open",
        "lesson-start",
        "faq-open",
        "settings",
        "deal-card",
    ):
        assert control in ids, control
    assert len({round(c["y"]) for c in seen["controls"]}) == 1, "one row"


def test_the_menu_by_click_and_by_keys(new_context, site, wait_ready) -> None:
    page = new_context(**PHONE_CONTEXT).new_page()
    page.goto(site.url + f"?deal={DEAL}")
    wait_ready(page)
    button, menu = page.locator("#menu-button"), page.locator("#menu")
    expect(button).to_have_attribute("aria-controls", "menu")
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(menu).to_be_hidden()
    # By click: open, its first item focused; a click on the table closes it.
    button.click()
    expect(menu).to_be_visible()
    expect(button).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#new-game")).to_be_focused()
    for item in menu.locator("button").all():
        box = item.bounding_box()
        assert box and box["height"] >= 44 and box["width"] >= 44, box
    page.mouse.click(180, 60)
    expect(menu).to_be_hidden()
    expect(button).to_have_attribute("aria-expanded", "false")
    # By keys: Enter on the button opens it, Tab walks it, Escape closes it, the focus back.
    button.focus()
    page.keyboard.press("Enter")
    expect(menu).to_be_visible()
    expect(page.locator("#new-game")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.locator("#daily")).to_be_focused()
    assert page.evaluate("() => document.activeElement.matches(':focus-visible')"), "the focus is drawn"
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    expect(button).to_be_focused()
    # An item chosen by keys closes the menu and does its work: the stats sheet opens.
    page.keyboard.press("Enter")
    for _ in range(4):
        page.keyboard.press("Tab")
    expect(page.locator("#stats-open")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#stats")).to_be_visible()
    expect(menu).to_be_hidden()
    page.keyboard.press("Escape")
    expect(page.locator("#stats")).to_be_hidden()
    expect(button).to_be_focused()


SHEETS = [
    ("stats-open", "stats", "stats-close"),
    ("help-open", "help", "help-close"),
    ("faq-open", "faq", "faq-close"),
    ("settings", "settings-dialog", "settings-close"),
    ("calendar-open", "calendar", "calendar-close"),
    ("achievements-open", "achievements", "achievements-close"),
]


@pytest.mark.parametrize(
    "options", [PHONE_CONTEXT, {"viewport": {"width": 1440, "height": 900}}], ids=["phone", "desktop"]
)
def test_each_sheet_opens_over_the_table_and_closes_back_to_it(
    options: dict, new_context, site, wait_ready
) -> None:
    page = new_context(**options).new_page()
    page.goto(site.url + f"?deal={DEAL}")
    wait_ready(page)
    phone = options is PHONE_CONTEXT
    for index, (opener, sheet, close) in enumerate(SHEETS):
        dialog = page.locator(f"#{sheet}")
        expect(dialog).to_be_attached()  # in the document, open or not
        press(page, opener)
        expect(dialog).to_be_visible()
        assert page.evaluate(f"() => document.getElementById('{sheet}').matches(':modal')")
        if sheet == "stats":
            page.screenshot(path=str(SHOTS / f"table-sheet-{'phone' if phone else 'desktop'}.png"))
        if index % 2:
            page.keyboard.press("Escape")
        else:
            page.locator(f"#{close}").click()
        expect(dialog).to_be_hidden()
        # The focus back where the sheet was opened: its opener, or Menu when that is in the closed menu.
        expect(page.locator("#menu-button" if phone else f"#{opener}")).to_be_focused()
        assert page.evaluate("() => document.scrollingElement.scrollTop") == 0


# The line's end ----------------------------------------------------------------------------

END_JS = """() => {
  const king = document.querySelector('#line [data-card="KH"]');
  const k = king.getBoundingClientRect();
  const dot = getComputedStyle(king, '::before');
  const left = k.left + king.clientLeft + parseFloat(dot.left), width = parseFloat(dot.width);
  const places = document.querySelectorAll('#line > .card:not(.leaving)');
  const boxes = [...places].map(e => e.getBoundingClientRect());
  const row = boxes
    .filter(r => Math.abs(r.top - k.top) < 1).map(r => [r.left, r.right]);
  const cols = parseInt(getComputedStyle(document.getElementById('line')).getPropertyValue('--cols'), 10);
  const n = places.length;
  return {king: [k.left, k.right], dot: [left, left + width], content: dot.content, row, cols, n,
          lowest: Math.max(...boxes.map(r => r.top)),
          top: k.top};
}"""


def king_reads_last(page: Page) -> dict:
    """The King's dot stands on his outer side, the side his row runs to, with no card of his
    row beyond it; the King is on the bottom row."""
    wait_settled(page)
    end = page.evaluate(END_JS)
    assert end["content"] != "none", end
    (k_left, k_right), (d_left, d_right) = end["king"], end["dot"]
    rows = -(-end["n"] // end["cols"])
    assert end["top"] == end["lowest"], ("the King on the bottom row", end)
    if rows % 2:  # the last row runs left to right: the dot on his right, nothing beyond
        assert k_right <= d_left + 1.5, end
        assert all(right <= k_right + 0.5 for _, right in end["row"]), end
    else:  # right to left: the dot on his left, nothing beyond it
        assert d_right <= k_left + 1.5, end
        assert all(left >= k_left - 0.5 for left, _ in end["row"]), end
    return end


@pytest.mark.parametrize("size", ["360x740", "1440x900"])
def test_the_king_reads_as_the_last_card_as_the_rows_fall_odd_and_even(
    size: str, new_context, site, wait_ready
) -> None:
    viewport = SIZES[size]
    page = new_context(viewport=viewport).new_page()
    page.goto(site.url + f"?deal={DEAL}")
    wait_ready(page)
    if page.locator("#lesson").is_visible():
        page.locator("#lesson-skip").click()
    first = king_reads_last(page)
    assert -(-first["n"] // first["cols"]) % 2 == 1, "a full deal's rows are odd"
    assert first["king"][1] == max(right for _, right in first["row"]), "the King at the right end"
    seen_parity = set()
    position = Line(numbered_deal(DEAL))
    for move in solve(list(numbered_deal(DEAL))).moves:
        click_move(page, move)
        position.push(move)
        end = king_reads_last(page)
        assert line(page) == list(position.cards)
        seen_parity.add(-(-end["n"] // end["cols"]) % 2)
        if seen_parity == {0, 1}:
            break
    assert seen_parity == {0, 1}, "both an odd and an even number of rows were seen"
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"table-{size}-even-rows.png"))
