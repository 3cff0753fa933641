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
  royalView.apply = (root, drawing) => {
    note(observer.takeRecords());
    apply(root, drawing);
    const wrote = observer.takeRecords().length > 0;
    // A drawing is named by the regions it draws and its effects, and whether it wrote to the
    // regions watched. (The answer to a message comes parsed; the first drawing as JSON.)
    const patch = typeof drawing === "string" ? JSON.parse(drawing) : drawing;
    const effects = (patch.x || []).map(([name]) => name);
    watched.calls.push({regions: Object.keys(patch.r), effects, wrote});
  };
  // Every other way the game's Python calls into the page's scripts.
  for (const name of Object.keys(royalLine)) {
    const call = royalLine[name];
    royalLine[name] = (...args) => {
      watched.calls.push({regions: [], effects: [`royalLine.${name}`], wrote: false});
      return call(...args);
    };
  }
  window.royalWatched = watched;
}"""
TAKE_JS = """() => {
  const {calls, outside} = window.royalWatched;
  window.royalWatched.calls = [];
  window.royalWatched.outside = [];
  return {calls, outside};
}"""


def watched(page: Page) -> dict[str, list]:
    after_turns(page)
    return page.evaluate(TAKE_JS)


#: What a drawing of the calendar may ask of the page besides: to open or close it, and to
#: send word once it is painted (the day's challenges are searched for a candidate a paint).
CALENDAR_EFFECTS = {"modal", "after-paint"}


def calendar_only(calls: list[dict]) -> bool:
    """Each drawing draws the calendar's regions alone (opening or closing it as well), or only
    asks to hear when the last is painted."""
    return all(
        (call["wrote"] or not call["regions"])
        and all(region.startswith("calendar") for region in call["regions"])
        and set(call["effects"]) <= CALENDAR_EFFECTS
        for call in calls
    )


def drawn(calls: list[dict]) -> list[dict]:
    """The drawings that draw a region."""
    return [call for call in calls if call["regions"]]


def test_a_calendar_month_is_drawn_in_one_call(page: Page, open_game) -> None:
    open_game(page)
    page.evaluate(WATCH_JS, ["calendar"])
    page.locator("#calendar-open").click()
    expect(page.locator("#calendar-challenges")).to_have_attribute("aria-busy", "false")
    opened = watched(page)
    # Drawn as it opens (and opened), then once more when the day's challenges are found (unless
    # found at once); between, the search's turns draw nothing.
    calls = opened["calls"]
    assert opened["outside"] == [] and calendar_only(calls) and len(drawn(calls)) in (1, 2), opened
    assert "modal" in calls[0]["effects"], opened
    today = dt.date.today()
    month = page.locator("#calendar-month").text_content()
    page.locator("#calendar-previous").click()
    expect(page.locator("#calendar-month")).not_to_have_text(month or "")
    turned = watched(page)
    assert turned["outside"] == [] and len(drawn(turned["calls"])) in (1, 2), turned
    assert calendar_only(turned["calls"]) and turned["calls"][0]["regions"], turned
    page.locator("#calendar-days [tabindex='0']").focus()
    page.keyboard.press("PageDown")  # the grid's keys move the focus, a month at a time
    expect(page.locator(f"#calendar [data-day='{today.isoformat()}']")).to_be_focused()
    keyed = watched(page)
    assert keyed["outside"] == [] and len(drawn(keyed["calls"])) in (1, 2), keyed
    assert calendar_only(keyed["calls"]) and keyed["calls"][0]["regions"], keyed


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
    writers = [call for call in seen["calls"] if call["wrote"]]
    assert seen["outside"] == [] and len(writers) == 1 and "line" in writers[0]["effects"], seen


def test_each_click_of_a_whole_game_is_one_call_into_the_page(page: Page, open_game) -> None:
    """Selecting a card is one drawing, and a move one more: the line, the fields, the buttons,
    the panels, the words read out and the sound all travel in it. After it is painted, Finish
    for me may draw its button once a position is weighed, in a turn of its own, and after a
    win the browser is asked to keep the data."""
    number = winnable_deal(40)
    open_game(page, f"?deal={number}")
    page.evaluate(WATCH_JS, [])
    for move in solve(numbered_deal(number)).moves:
        for code in (move.left, move.right):
            page.locator(f'#line [data-card="{code}"]').click()
            # The clock's second, drawn by its timer, is no part of the click's drawing.
            calls = [call for call in watched(page)["calls"] if call["regions"] != ["field-time"]]
            # The line with all that changed beside it (the selection: the message line, the
            # line's marks), then perhaps Finish for me's button.
            assert calls and "line" in calls[0]["effects"], calls
            assert all(
                (call["regions"] == ["finish"] and not call["effects"])
                or (not call["regions"] and set(call["effects"]) <= {"persist"})
                for call in calls[1:]
            ), calls
    expect(page.locator("body")).to_have_attribute("data-outcome", "won")
