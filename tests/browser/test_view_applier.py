"""The applier, static/view.js (docs/architecture.md, "The page as data"): a description from
royal/view/ applied to a region in one call, with as few DOM writes as the change needs, and
nothing in it ever parsed as markup. On a blank page, without the game: the applier alone."""

import datetime as dt
import json
from pathlib import Path

from playwright.sync_api import Page

from royal.challenges import ChallengeRecord
from royal.records import DailyRecord, DayResult, Finished
from royal.view.calendar import Shown, calendar
from royal.view.dialogs import download, modal
from royal.view.html import Effect, Patch, html, region
from royal.view.records import records

VIEW_JS = Path(__file__).resolve().parents[2] / "static" / "view.js"
TODAY = dt.date(2026, 12, 9)
DAY = dt.timedelta(days=1)

# The regions of the stats panel's records and of the calendar, as index.html has them.
REGIONS = """
<section id="stats"><p id="daily-today"></p><ol id="daily-days"></ol><p id="daily-streak"></p>
<figcaption id="recent-summary"></figcaption><svg id="recent-chart"></svg><span id="recent-ticks"></span>
<ol id="recent-list"></ol></section>
<dialog id="calendar" open><p id="calendar-streak"></p><button id="calendar-previous">&lt;</button>
<h3 id="calendar-month"></h3><button id="calendar-next">&gt;</button><div id="calendar-days"></div>
<h3 id="calendar-day-heading"></h3><ul id="calendar-challenges"></ul></dialog>
<div id="outer"><div id="x"></div></div>
"""

# Applies a patch to a root, and returns the DOM's changes it made, as MutationObserver records.
APPLY_JS = """([root, json]) => {
  const observer = new MutationObserver(() => {});
  const element = document.getElementById(root);
  observer.observe(element, {subtree: true, childList: true, attributes: true, characterData: true});
  royalView.apply(element, json);
  const records = observer.takeRecords();
  observer.disconnect();
  return records.map(r => r.type === 'childList'
    ? `${r.target.id || r.target.localName} -${r.removedNodes.length} +${r.addedNodes.length}`
    : `${r.target.id || r.target.localName || r.target.parentNode.id} ${r.attributeName || 'text'}`);
}"""


def blank(page: Page) -> Page:
    page.set_content(REGIONS)
    page.add_script_tag(content=VIEW_JS.read_text(encoding="utf-8"))
    return page


def applied(page: Page, root: str, patch: Patch) -> list[str]:
    return page.evaluate(APPLY_JS, [root, patch.to_json()])


def test_a_hostile_string_stays_text_and_attribute_value(page: Page) -> None:
    blank(page)
    hostile = '<img src=x onerror="window.hit=1"><script>window.hit=2</script>'
    paragraph = html("p", {"aria-label": hostile}, hostile)
    applied(page, "outer", Patch({"x": region({"title": hostile}, (paragraph,))}))
    seen = page.evaluate("""() => { const x = document.getElementById('x');
      return {elements: [...x.querySelectorAll('*')].map(e => e.localName), text: x.textContent,
              label: x.firstChild.getAttribute('aria-label'), title: x.title, hit: window.hit ?? null}; }""")
    assert seen == {"elements": ["p"], "text": hostile, "label": hostile, "title": hostile, "hit": None}


def test_the_records_are_drawn_whole_then_only_what_changed_is_written(page: Page) -> None:
    blank(page)
    games = [Finished(index % 3 != 0, 26, 2 if index % 3 else 20, 26) for index in range(30)]
    record = DailyRecord({TODAY - DAY: DayResult(True, 27, 26)}, TODAY - DAY, 1)
    first = applied(page, "stats", records(record, TODAY, games))
    assert page.locator("#recent-chart rect").count() == 30
    assert (
        page.evaluate("document.querySelector('#recent-chart rect').namespaceURI")
        == "http://www.w3.org/2000/svg"
    )
    assert page.locator("#daily-days li").count() == 30 and page.locator("#recent-list li").count() == 30
    assert (
        page.evaluate("document.querySelector('#recent-ticks span').style.getPropertyValue('--y')")
        == "0.9286"
    )
    assert len(first) < 15, first  # a region's children inserted at once, not one write each
    assert applied(page, "stats", records(record, TODAY, games)) == []
    # The next day: the row moves on a day (one cell leaves, one comes, today's mark moves).
    shifted = applied(page, "stats", records(record, TODAY + DAY, games))
    assert sorted(shifted) == [
        "daily-days -0 +1",
        "daily-days -1 +0",
        "daily-streak text",
        "daily-today text",
        "li data-today",
    ]
    cells = page.evaluate("[...document.querySelectorAll('#daily-days li')].map(li => li.dataset.day)")
    assert cells == [(TODAY + DAY - back * DAY).isoformat() for back in range(29, -1, -1)]


def test_a_month_turned_keeps_the_grids_shape_and_the_focus_on_its_tab_stop(page: Page) -> None:
    blank(page)
    applied(
        page, "calendar", calendar(ChallengeRecord(), TODAY, Shown((2026, 12), TODAY, TODAY), take_focus=True)
    )
    assert page.evaluate("document.activeElement.dataset.day") == TODAY.isoformat()
    back = dt.date(2026, 11, 9)
    turned = applied(page, "calendar", calendar(ChallengeRecord(), TODAY, Shown((2026, 11), TODAY, back)))
    assert page.evaluate("document.activeElement.dataset.day") == back.isoformat(), (
        "the focus follows the grid"
    )
    assert page.locator("#calendar-days [role=row]").count() == 7
    assert page.locator("#calendar-days [tabindex='0']").count() == 1
    assert page.evaluate("document.getElementById('calendar-next').disabled") is False
    assert not any(change.startswith("calendar-days ") for change in turned), "rows and cells stay"
    days = page.evaluate("[...document.querySelectorAll('#calendar-days button')].map(b => b.textContent)")
    assert days == [str(n) for n in range(1, 31)]
    assert (
        json.loads(page.evaluate("JSON.stringify(document.getElementById('calendar-challenges').ariaBusy)"))
        == "true"
    )


def test_unkeyed_children_are_found_again_by_their_tag_whatever_order_they_come_in(page: Page) -> None:
    blank(page)
    before = (html("p", None, "1"), html("span", None, "2"), html("p", None, "3"))
    applied(page, "outer", Patch({"x": region(None, before)}))
    page.evaluate("document.querySelectorAll('#x > *').forEach((e, i) => { e.seen = i; })")
    after = (html("span", None, "2"), html("p", None, "1"), html("p", None, "3"), html("p", None, "4"))
    applied(page, "outer", Patch({"x": region(None, after)}))
    seen = page.evaluate(
        "[...document.querySelectorAll('#x > *')].map(e => [e.localName, e.textContent, e.seen ?? null])"
    )
    assert seen == [["span", "2", 1], ["p", "1", 0], ["p", "3", 2], ["p", "4", None]]


def test_a_property_is_set_live_and_effects_run_in_order_after_the_regions(page: Page) -> None:
    """A checkbox the player unticked is ticked again by ``checked`` (its attribute would only
    set the default); effects run after every region is drawn, in order, through the handlers
    registered by name; an effect no script handles is an error, not silence."""
    blank(page)
    page.evaluate("""() => {
      document.getElementById('x').innerHTML = '<input type="checkbox" id="box">';
      window.heard = [];
      royalView.effect('note', (root, data) => window.heard.push([data, root.querySelector('#box').checked]));
    }""")
    page.locator("#box").check()
    page.locator("#box").uncheck()
    patch = Patch({"box": region(properties={"checked": True})}, None, (Effect("note", 1), Effect("note", 2)))
    changes = applied(page, "outer", patch)
    assert page.locator("#box").is_checked() and changes == []  # a property is no attribute
    assert page.evaluate("window.heard") == [[1, True], [2, True]]
    error = page.evaluate(
        """json => { try { royalView.apply(document, json); return ''; } catch (e) { return e.message; } }""",
        Patch(effects=(Effect("nobody"),)).to_json(),
    )
    assert "no effect nobody" in error


def test_a_dialog_opens_modal_and_closes_once_however_often_it_is_drawn(page: Page) -> None:
    """``modal`` opens a dialog as a modal one (the page behind it inert) only if it is closed,
    and closes it only if open: drawn twice, it fires one close event, not two."""
    blank(page)
    page.evaluate("""() => {
      document.getElementById('x').innerHTML = '<dialog id="ask"><button>Yes</button></dialog>';
      window.closes = 0;
      document.getElementById('ask').addEventListener('close', () => { window.closes += 1; });
    }""")
    for _ in range(2):
        page.evaluate("json => royalView.apply(document, json)", modal("ask").to_json())
    assert page.evaluate("document.getElementById('ask').matches(':modal')")
    for _ in range(2):
        page.evaluate("json => royalView.apply(document, json)", modal("ask", False).to_json())
    page.wait_for_function("!document.getElementById('ask').open")
    # The close event comes in a task of its own: wait for it, then for two frames more, by which
    # a second one, queued by a second close, would have come too.
    page.wait_for_function("window.closes >= 1")
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    assert page.evaluate("window.closes") == 1


def test_a_file_is_saved_by_the_browser_with_its_name_and_text(page: Page) -> None:
    blank(page)
    saved_as = download("backup.json", '{"a": 1}').to_json()
    with page.expect_download() as saving:
        page.evaluate("json => royalView.apply(document, json)", saved_as)
    saved = saving.value
    assert saved.suggested_filename == "backup.json"
    assert Path(saved.path()).read_text(encoding="utf-8") == '{"a": 1}'
    assert page.locator("a[download]").count() == 0  # the link it clicked is gone
