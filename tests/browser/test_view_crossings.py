"""One call into the page a drawing (docs/architecture.md, "The page as data"): a player's
action is drawn by one call of the applier, ``royalView.apply`` (the whole page with the line,
its words and sounds), the calendar's month by one, and nothing else writes to the regions
watched. Every call from Python into the page is a round trip from PyScript's worker, so this
is what lets Python move there."""

from __future__ import annotations

import datetime as dt

from playwright.sync_api import Page, expect

from gamepage import after_turns, click_move, winnable_deal
from royal.deals import numbered_deal
from royal.solver import solve

# Wraps the applier to count its calls by root, and watches the regions: a change made outside
# an apply call is one another path wrote (the dialog's own `open` aside, which showModal sets).
WATCH_JS = """ids => {
  const watched = {calls: [], outside: []};
  const observer = new MutationObserver(records => note(records));
  const note = records => watched.outside.push(...records
    .filter(r => !(r.type === 'attributes' && r.attributeName === 'open'))
    .map(r => `${r.type} ${r.target.id || r.target.localName || r.target.parentNode?.id}`));
  for (const id of ids) {
    observer.observe(document.getElementById(id),
      {subtree: true, childList: true, attributes: true, characterData: true});
  }
  const apply = royalView.apply;
  royalView.apply = (root, json) => {
    note(observer.takeRecords());
    apply(root, json);
    const inside = observer.takeRecords().length;
    // A drawing of the page is named by what it draws: "page" for the whole, else its regions
    // ("calendar" for regions that all start "calendar-"), then its effects ("+modal").
    const patch = JSON.parse(json);
    const regions = Object.keys(patch.r);
    const effects = (patch.x || []).map(([effect]) => `+${effect}`);
    const prefixes = new Set(regions.map(id => id.split('-')[0]));
    const drawn = regions.includes('page') ? ['page']
      : prefixes.size === 1 && regions.length > 1 ? [...prefixes] : regions;
    const name = [...drawn, ...effects].join(' ');
    watched.calls.push(name);
    if (!inside && ids.length) watched.calls.push(`${name} wrote nothing`);
  };
  // Every other way the game's Python calls into the page's scripts.
  for (const name of Object.keys(royalLine)) {
    const call = royalLine[name];
    royalLine[name] = (...args) => { watched.calls.push(`royalLine.${name}`); return call(...args); };
  }
  window.royalWatched = watched;
}"""
TAKE_JS = """() => {
  const {calls, outside} = window.royalWatched;
  window.royalWatched.calls = [];
  window.royalWatched.outside = [];
  return {calls, outside};
}"""


def watched(page: Page) -> dict[str, list[str]]:
    after_turns(page)
    return page.evaluate(TAKE_JS)


def test_a_calendar_month_is_drawn_in_one_call(page: Page, open_game) -> None:
    open_game(page)
    page.evaluate(WATCH_JS, ["calendar"])
    page.locator("#calendar-open").click()
    expect(page.locator("#calendar-challenges")).to_have_attribute("aria-busy", "false")
    opened = watched(page)
    # Drawn as it opens (and opened), then once more when the day's challenges are found (unless
    # found at once).
    expected = (["calendar +modal"], ["calendar +modal", "calendar"])
    assert opened["outside"] == [] and opened["calls"] in expected, opened
    today = dt.date.today()
    month = page.locator("#calendar-month").text_content()
    page.locator("#calendar-previous").click()
    expect(page.locator("#calendar-month")).not_to_have_text(month or "")
    assert watched(page) == {"calls": ["calendar"], "outside": []}
    page.locator("#calendar-days [tabindex='0']").focus()
    page.keyboard.press("PageDown")  # the grid's keys move the focus, a month at a time
    expect(page.locator(f"#calendar [data-day='{today.isoformat()}']")).to_be_focused()
    assert watched(page) == {"calls": ["calendar"], "outside": []}


def test_a_wins_records_and_chart_are_drawn_in_one_call(page: Page, open_game) -> None:
    number = winnable_deal()
    open_game(page, f"?deal={number}")
    moves = solve(numbered_deal(number)).moves
    for move in moves[:-1]:
        click_move(page, move)
    page.evaluate(WATCH_JS, ["daily-record", "recent-games"])
    click_move(page, moves[-1])
    expect(page.locator("body")).to_have_attribute("data-outcome", "won")
    expect(page.locator("#recent-chart [data-game]")).to_have_count(1)
    # The last move's drawing holds the records and the chart: nothing draws them apart. (The
    # click that selects draws the line alone, and writes nothing here.)
    seen = watched(page)
    drawings = [call.split()[0] for call in seen["calls"] if call.startswith("page")]
    assert seen["outside"] == [] and drawings == ["page"], seen


def test_each_click_of_a_whole_game_is_one_call_into_the_page(page: Page, open_game) -> None:
    """Selecting a card is one drawing, and a move one more: the line, the fields, the buttons,
    the panels, the words read out and the sound all travel in it. After it is painted, Finish
    for me may draw its button once a position is weighed, in a turn of its own."""
    number = winnable_deal(40)
    open_game(page, f"?deal={number}")
    page.evaluate(WATCH_JS, [])
    for move in solve(numbered_deal(number)).moves:
        for code in (move.left, move.right):
            page.locator(f'#line [data-card="{code}"]').click()
            # The clock's second, drawn by its timer, is no part of the click's drawing.
            calls = [call for call in watched(page)["calls"] if call != "field-time"]
            drawing = calls[0].split() if calls else []
            # The whole page with its effects, or the selection: the message line, the line's marks.
            whole = drawing[:1] == ["page"]
            assert whole or (drawing[:1] == ["status"] and set(drawing[1:]) <= {"+line", "+say"}), calls
            assert set(calls[1:]) <= {"finish"}, calls
    expect(page.locator("body")).to_have_attribute("data-outcome", "won")
