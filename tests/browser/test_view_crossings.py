"""One call into the page a drawing (docs/architecture.md, "The page as data"): the calendar's
month and the stats panel's records after a win are each drawn by one call of the applier,
``royalView.apply``, and nothing else writes to their regions. Every call from Python into the
page is a round trip from PyScript's worker, so this is what lets Python move there."""

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
    watched.calls.push(root.id);
    if (!inside) watched.calls.push(`${root.id} wrote nothing`);
  };
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
    # Drawn as it opens, then once more when the day's challenges are found (unless found at once).
    assert opened["outside"] == [] and opened["calls"] in (["calendar"], ["calendar", "calendar"]), opened
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
    page.evaluate(WATCH_JS, ["daily-record", "recent-games"])
    for move in solve(numbered_deal(number)).moves:
        click_move(page, move)
    expect(page.locator("body")).to_have_attribute("data-outcome", "won")
    expect(page.locator("#recent-chart [data-game]")).to_have_count(1)
    assert watched(page) == {"calls": ["stats"], "outside": []}
