"""What a player does with difficulty, the review, Finish for me, achievements and the calendar
of daily challenges (issue 20), in the page. Expectations come from the engine in this process."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from playwright.sync_api import Page, expect

from conftest import DESKTOP, PHONE_CONTEXT
from gamepage import (
    after_turns,
    click_move,
    expect_line,
    field,
    finish_deal,
    open_stuck_game,
    stat,
    stored,
    winnable_deal,
)
from helpers import format_2_text
from royal import describe
from royal.achievements import BY_ID
from royal.challenges import challenges
from royal.deals import numbered_deal
from royal.difficulty import Level
from royal.forced import forced_finish
from royal.game import Result
from royal.line import Line
from royal.review import judge
from royal.solver import is_winnable, solve
from royal.stats import Stats
from royal.storage_keys import GAME_KEY, LOCK, STATS_KEY


def test_the_review_marks_the_losing_move_steps_the_game_and_plays_on_from_a_move(
    page: Page, open_game
) -> None:
    number, moves, _ = open_stuck_game(page, lambda query: open_game(page, query))
    saved = (stored(page, GAME_KEY), stored(page, STATS_KEY))
    judged = judge(numbered_deal(number), moves)
    page.locator("#review-open").click()
    expect(page.locator("#review")).to_be_visible()
    expect(page.locator("#review [data-move]")).to_have_count(len(moves))
    lost = next(j for j in judged if j.lost_win)
    item = page.locator(f"#review [data-move='{lost.number}']")
    expect(item).to_have_attribute("data-verdict", "lost")
    expect(item).to_contain_text(describe.review_reason(lost))
    item.locator("button").click()
    shadow = Line(numbered_deal(number))
    for move in moves[: lost.number]:
        shadow.push(move)
    expect_line(page, shadow.cards)
    page.locator("#review-back").click()
    shadow.pop()
    expect_line(page, shadow.cards)
    assert (stored(page, GAME_KEY), stored(page, STATS_KEY)) == saved  # stepping touches nothing
    page.locator("#review-again").click()
    expect(page.locator("#review")).to_be_hidden()
    expect(page.locator("[data-field=moves]")).to_have_text(str(lost.number - 1))
    expect_line(page, shadow.cards)
    expect(page.locator("body")).not_to_have_attribute("data-outcome", "stuck")


def forced_point(number: int) -> int | None:
    """After how many moves of the deal's shortest win the rest is forced (Finish for me is
    offered down to the last move)."""
    solution = solve(numbered_deal(number)).moves
    line = Line(numbered_deal(number))
    for played, move in enumerate(solution):
        if forced_finish(line.cards, False) is not None:
            return played
        line.push(move)
    return None


def test_finish_for_me_plays_out_a_forced_win_that_counts_as_the_players(page: Page, open_game) -> None:
    number = next(n for n in range(winnable_deal(), 400) if is_winnable(numbered_deal(n)) and forced_point(n))
    solution = solve(numbered_deal(number)).moves
    played = forced_point(number)
    assert played is not None
    open_game(page, f"?deal={number}")
    for move in solution[: played - 1]:
        click_move(page, move)
    expect(page.locator("#finish")).to_be_hidden()
    click_move(page, solution[played - 1])
    expect(page.locator("#finish")).to_be_visible()
    page.locator("#finish").click()
    expect(page.locator("body")).to_have_attribute("data-outcome", "won", timeout=30_000)
    expect(page.locator("[data-stat=wins]")).to_have_text("1")
    assert int(field(page, "moves")) == len(solution)
    # A first win: its achievement is announced beside the game and listed as unlocked.
    expect(page.locator("#achievement-news")).to_contain_text("unlocked: First marriage")
    page.locator("#achievements-open").click()
    expect(page.locator("#achievements")).to_be_visible()
    expect(page.locator("[data-achievement=first-win]")).to_have_attribute("data-unlocked", "true")
    expect(page.locator("[data-achievement=ten-wins]")).to_have_attribute("data-unlocked", "false")
    expect(page.locator("[data-achievement=ten-wins]")).to_contain_text("1 of 10")
    # It opens at the list's top, its heading focused, not scrolled down to its Done button.
    expect(page.locator("#achievements-heading")).to_be_focused()
    assert page.locator("#achievements").evaluate("e => e.scrollTop") == 0
    # A one-off goal is reached or not: no count, no bar.
    unaided = page.locator("[data-achievement=unaided]")
    expect(unaided).not_to_contain_text("of 1")
    assert unaided.locator("progress").count() == 0
    assert page.locator("[data-achievement=ten-wins] progress").count() == 1
    page.keyboard.press("Escape")
    expect(page.locator("#achievements")).to_be_hidden()
    assert stat(page, "played") == "1"


def test_the_calendar_opens_todays_four_challenges_and_plays_one(page: Page, open_game) -> None:
    open_game(page)
    today = dt.date.today()
    found = challenges(today)
    page.locator("#calendar-open").click()
    expect(page.locator("#calendar")).to_be_visible()
    day = page.locator(f"#calendar [data-day='{today.isoformat()}']")
    expect(day).to_have_attribute("aria-pressed", "true")
    expect(day).to_have_attribute("data-result", "none")
    expect(page.locator("#calendar-challenges button[data-deal]")).to_have_count(len(found))
    level, number = list(found.items())[-1]
    page.locator(f"#calendar-challenges [data-level={level.value}] button").click()
    expect(page.locator("#calendar")).to_be_hidden()
    expect(page.locator("[data-field=deal]")).to_have_text(str(number))
    expect(page.locator("[data-field=difficulty]")).to_have_text(describe.LEVEL_NAMES[level])
    # Dealt as the day's challenge, and its address says so (docs/play.md, "The address bar").
    assert page.url.endswith(f"?deal={number}&daily={today.isoformat()}")
    yesterday = today - dt.timedelta(days=1)
    page.locator("#calendar-open").click()
    if yesterday.month != today.month:
        page.locator("#calendar-previous").click()
    page.locator(f"#calendar [data-day='{yesterday.isoformat()}']").click()
    expect(page.locator("#calendar-day-heading")).to_have_text(describe.calendar_day_heading(yesterday))


# Chooses a day from inside the page and reads the day's list as the click's turn leaves it,
# before the page has had another turn to go on finding the challenges.
CHOOSE_AND_LOOK_JS = """async ([day, lock]) => {
  document.querySelector(`#calendar [data-day="${day}"]`).click();
  await navigator.locks.request(lock, () => {});  // the click's turn has come and gone
  const list = document.getElementById('calendar-challenges');
  return {busy: list.getAttribute('aria-busy'), text: list.textContent,
          offered: list.querySelectorAll('button[data-deal]').length,
          panel: document.getElementById('calendar').getBoundingClientRect().toJSON()};
}"""


def test_a_days_challenges_are_found_after_the_day_is_drawn(page: Page, open_game) -> None:
    """Finding a day's challenges grades up to ten deals, too long to hold the click: the day is
    chosen at once and its list says so until they are found, a deal a turn."""
    open_game(page)
    today = dt.date.today()
    page.locator("#calendar-open").click()
    expect(page.locator("#calendar-challenges button[data-deal]")).to_have_count(len(challenges(today)))
    before = page.locator("#calendar").bounding_box()
    day = today - dt.timedelta(days=1)
    if day.month != today.month:
        page.locator("#calendar-previous").click()
    expect(page.locator(f"#calendar [data-day='{day.isoformat()}']")).to_be_enabled()  # its month drawn
    seen = page.evaluate(CHOOSE_AND_LOOK_JS, [day.isoformat(), LOCK])
    panel = seen.pop("panel")
    finding = "".join(describe.challenge_finding(level) + describe.PLAY_CHALLENGE for level in Level)
    assert seen == {"busy": "true", "text": finding, "offered": 0}
    expect(page.locator(f"#calendar [data-day='{day.isoformat()}']")).to_have_attribute(
        "aria-pressed", "true"
    )
    found = challenges(day)
    expect(page.locator("#calendar-challenges button[data-deal]")).to_have_count(len(found))
    expect(page.locator("#calendar-challenges")).to_have_attribute("aria-busy", "false")
    # The panel kept its place and size through the month turned and the challenges found:
    # nothing moved under a finger reaching for a day.
    after = page.locator("#calendar").bounding_box()
    for box in (panel, after):
        assert {k: round(box[k]) for k in ("x", "y", "width", "height")} == {
            k: round(before[k]) for k in ("x", "y", "width", "height")
        }
    for level, number in found.items():
        expect(page.locator(f"#calendar-challenges [data-level={level.value}] button")).to_have_attribute(
            "data-deal", str(number)
        )


def test_the_new_panels_fit_a_phone(phone_page: Page, open_game) -> None:
    page = open_game(phone_page)
    for opener, panel in (("#calendar-open", "#calendar"), ("#achievements-open", "#achievements")):
        page.locator(opener).click()
        expect(page.locator(panel)).to_be_visible()
        box = page.locator(panel).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
        assert page.evaluate(
            f"document.querySelector('{panel}').scrollWidth <= document.querySelector('{panel}').clientWidth"
        )
        page.keyboard.press("Escape")
        expect(page.locator(panel)).to_be_hidden()


def test_on_a_phone_the_reviews_step_buttons_stay_at_hand_while_the_line_shows(
    phone_page: Page, open_game
) -> None:
    """The line is taller than a phone's window: scrolled up to see it, the player can still step."""
    page = phone_page
    open_stuck_game(page, lambda query: open_game(page, query))
    page.locator("#review-open").click()
    expect(page.locator("#review")).to_be_visible()
    page.evaluate("() => window.scrollTo(0, 0)")
    height = page.viewport_size["height"]
    for name in ("review-back", "review-step", "review-again", "review-close"):
        box = page.locator(f"#{name}").bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, (name, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"], (name, box)
    before = page.locator("#review-status").text_content()
    page.locator("#review-step").click()  # from where the line shows
    expect(page.locator("#review-status")).not_to_have_text(before or "")
    page.locator("#review-close").click()
    expect(page.locator("#review")).to_be_hidden()


def focused_day(page: Page) -> str:
    """The day focused in the calendar, after the keys pressed so far have had their turn."""
    after_turns(page)
    return page.evaluate("() => document.activeElement.dataset.day || document.activeElement.id")


def test_the_calendar_is_a_date_grid_for_the_keyboard(page: Page, open_game) -> None:
    open_game(page)
    today = dt.date.today()
    page.locator("#calendar-open").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#calendar")).to_be_visible()
    stops = "() => [...document.querySelectorAll('#calendar [data-day]')].filter(b => b.tabIndex === 0)"
    assert page.evaluate(f"{stops}.map(b => b.dataset.day)") == [today.isoformat()]
    page.locator(f"#calendar [data-day='{today.isoformat()}']").focus()
    day = dt.timedelta(days=1)
    for key, expected in (
        ("ArrowRight", today),  # never past today
        ("ArrowLeft ArrowLeft", today - 2 * day),  # pressed fast, they add up
        ("ArrowRight", today - day),
        ("ArrowUp", today - 8 * day),
        ("ArrowDown", today - day),
        ("Home", today - day - (today - day).weekday() * day),
        ("End", min(today, today - day + (6 - (today - day).weekday()) * day)),
    ):
        for each in key.split():
            page.keyboard.press(each)
        assert focused_day(page) == expected.isoformat(), key
    start = dt.date.fromisoformat(focused_day(page))
    page.keyboard.press("PageUp")
    back = start.replace(day=1) - day
    month_ago = back.replace(day=min(start.day, back.day))
    assert focused_day(page) == month_ago.isoformat()
    expect(page.locator("#calendar-month")).to_contain_text(month_ago.strftime("%B"))
    assert len(page.evaluate(f"{stops}.map(b => b.dataset.day)")) == 1, "one tab stop"
    page.keyboard.press("Enter")
    chosen = page.locator(f"#calendar [data-day='{month_ago.isoformat()}']")
    expect(chosen).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#calendar-day-heading")).to_have_text(describe.calendar_day_heading(month_ago))
    assert focused_day(page) == month_ago.isoformat(), "choosing keeps the focus on the day"
    page.keyboard.press("PageDown")
    assert dt.date.fromisoformat(focused_day(page)).month == start.month
    page.keyboard.press("Tab")
    assert not page.evaluate("() => 'day' in document.activeElement.dataset"), "Tab leaves the grid"
    page.keyboard.press("Escape")
    expect(page.locator("#calendar")).to_be_hidden()
    expect(page.locator("#calendar-open")).to_be_focused()
    page.locator("#achievements-open").click()
    expect(page.locator("#achievements")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#achievements")).to_be_hidden()
    expect(page.locator("#achievements-open")).to_be_focused()


def test_the_reviews_moves_step_by_the_arrow_keys_and_escape_closes_it(page: Page, open_game) -> None:
    number, moves, _ = open_stuck_game(page, lambda query: open_game(page, query))
    page.locator("#review-open").click()
    expect(page.locator("#review [data-move]")).to_have_count(len(moves))
    first = page.locator("#review [data-move='1'] button")
    first.focus()
    shadow = Line(numbered_deal(number))
    page.keyboard.press("ArrowDown")
    shadow.push(moves[0])
    page.keyboard.press("ArrowDown")
    shadow.push(moves[1])
    expect_line(page, shadow.cards)
    expect(page.locator("#review [data-move='2'] button")).to_be_focused()
    expect(page.locator("#review [data-move='2']")).to_have_attribute("aria-current", "step")
    page.keyboard.press("ArrowUp")
    shadow.pop()
    expect_line(page, shadow.cards)
    expect(page.locator("#review [data-move='1'] button")).to_be_focused()
    page.keyboard.press("End")
    expect(page.locator(f"#review [data-move='{len(moves)}'] button")).to_be_focused()
    tab_stops = page.evaluate(
        "() => [...document.querySelectorAll('#review-moves button')].filter(b => b.tabIndex === 0).length"
    )
    assert tab_stops == 1
    page.keyboard.press("Escape")
    expect(page.locator("#review")).to_be_hidden()
    expect(page.locator("#review-open")).to_be_focused()


# The boxes of Finish for me, of every other control and of every card, as [left, top, right, bottom].
BOXES_JS = """() => {
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const others = [...document.querySelectorAll('.controls button:not(#finish), #line [data-card]')];
  return {finish: box(document.getElementById('finish')),
          others: others.map(e => [e.id || e.dataset.card, box(e)]), width: innerWidth, height: innerHeight};
}"""


@pytest.mark.parametrize("options", [PHONE_CONTEXT, {"viewport": DESKTOP}], ids=["phone", "desktop"])
def test_finish_for_me_shows_in_view_over_no_control_or_card(options: dict, new_context, open_game) -> None:
    page = new_context(**options).new_page()
    number = finish_deal()
    open_game(page, f"?deal={number}")
    for move in solve(numbered_deal(number)).moves[:-1]:
        click_move(page, move)
    expect(page.locator("#finish")).to_be_visible()
    # On a phone it floats, so wherever the page is scrolled; on a desktop it is in the toolbar.
    for scroll in (0, 10_000) if options is PHONE_CONTEXT else (0,):
        page.evaluate(f"() => window.scrollTo(0, {scroll})")
        boxes = page.evaluate(BOXES_JS)
        left, top, right, bottom = boxes["finish"]
        assert left >= 0 and right <= boxes["width"] and top >= 0 and bottom <= boxes["height"], boxes
        assert bottom - top >= 24 and right - left >= 24, "a target a finger can take"
        for name, (other_left, other_top, other_right, other_bottom) in boxes["others"]:
            across = min(right, other_right) - max(left, other_left)
            down = min(bottom, other_bottom) - max(top, other_top)
            assert across <= 0 or down <= 0, (name, "under Finish for me", boxes["finish"], scroll)


def test_achievements_older_stats_earned_are_announced_once_as_the_page_loads(
    phone_page: Page, open_game, wait_ready
) -> None:
    """Stats kept by the build before achievements (format 2), with a win: the load unlocks
    First marriage and says so once, beside the game (not over it, on a phone)."""
    stats = Stats()
    stats.record(Result("an-old-win", True, 80, 30, 1500, par=26, number=7), dt.date.today())
    page = open_game(phone_page)
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [STATS_KEY, format_2_text(stats)])
    page.reload()
    wait_ready(page)
    news = page.locator("#achievement-news")
    expect(news).to_have_text(describe.achievements_unlocked([BY_ID["first-win"]]))
    expect(news).to_have_attribute("role", "status")
    box, line = news.bounding_box(), page.locator("#line").bounding_box()
    assert box is not None and line is not None
    assert box["y"] >= line["y"] + line["height"] or box["y"] + box["height"] <= line["y"], (
        "not over the line"
    )
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360
    assert "first-win" in json.loads(stored(page, STATS_KEY))["stats"]["unlocked"]
    page.reload()
    wait_ready(page)
    expect(page.locator("#achievement-news")).to_be_empty()
