"""The calendar of daily challenges as a description (royal/view/calendar.py; docs/stats.md,
"Daily challenges"): the month's date grid with its keyboard's roving tabindex, each day's
results, and the chosen day's four challenges."""

import datetime as dt

from royal import describe
from royal.challenges import DAYS_KEPT, ChallengeRecord, challenges
from royal.difficulty import Level
from royal.view.calendar import Shown, calendar, moved_day, within_kept
from royal.view.html import Element, Focus

TODAY = dt.date(2026, 12, 9)  # a Wednesday; December 2026 starts on a Tuesday
DAY = dt.timedelta(days=1)


def buttons(patch) -> list[Element]:
    rows = patch.regions["calendar-days"].children
    return [cell.children[0] for row in rows[1:] for cell in row.children if cell.children]


def played_record() -> ChallengeRecord:
    record = ChallengeRecord()
    won, played = TODAY - 2 * DAY, TODAY - 3 * DAY
    record.record(won, challenges(won)[Level.EASY], True, 30, 28, 90, won)
    record.record(played, challenges(played)[Level.HARD], False, 12, 30, 0, played)
    return record


def test_a_month_is_a_grid_of_six_weeks_under_the_weekdays_names() -> None:
    patch = calendar(ChallengeRecord(), TODAY, Shown((2026, 12), TODAY, TODAY))
    header, *weeks = patch.regions["calendar-days"].children
    assert dict(header.attributes) == {"role": "row"}
    assert [(cell.tag, dict(cell.attributes)) for cell in header.children] == [
        ("div", {"role": "columnheader"})
    ] * 7
    assert [
        (cell.children[0].tag, dict(cell.children[0].attributes), cell.text()) for cell in header.children
    ] == [
        ("abbr", {"title": name}, short)
        for name, short in zip(describe.WEEKDAYS, describe.WEEKDAYS_SHORT, strict=True)
    ]
    assert len(weeks) == 6 and all(
        dict(week.attributes) == {"role": "row"} and len(week.children) == 7 for week in weeks
    )
    cells = [cell for week in weeks for cell in week.children]
    assert all(dict(cell.attributes) == {"role": "gridcell"} for cell in cells)
    assert [cell.text() for cell in cells[:3]] == ["", "1", "2"]  # a blank Monday
    assert sum(bool(cell.children) for cell in cells) == 31


def test_each_day_is_a_button_with_its_results_in_words_pressed_when_chosen_and_disabled_to_come() -> None:
    record = played_record()
    chosen = TODAY - 2 * DAY
    patch = calendar(record, TODAY, Shown((2026, 12), chosen, chosen))
    days = buttons(patch)
    assert [day.text() for day in days] == [str(n) for n in range(1, 32)]
    for button, number in zip(days, range(1, 32), strict=True):
        day = dt.date(2026, 12, number)
        results = record.days.get(day, {})
        assert button.tag == "button" and button.key == day.isoformat()
        assert dict(button.attributes) == {
            "type": "button",
            "data-day": day.isoformat(),
            "data-act": "calendar-day",  # a click chooses it
            "data-arg": day.isoformat(),
            "data-result": "won"
            if day == TODAY - 2 * DAY
            else "played"
            if day == TODAY - 3 * DAY
            else "none",
            "aria-label": describe.calendar_day(day, results),
            "aria-pressed": "true" if day == chosen else "false",
            "tabindex": "0" if day == chosen else "-1",
            **({"disabled": ""} if day > TODAY else {}),
        }
    assert patch.focus == Focus("calendar-days", f'[data-day="{chosen.isoformat()}"]', False)
    assert patch.regions["calendar-streak"].children == (
        describe.challenge_streak(record.current_streak(TODAY)),
    )
    heading = patch.regions["calendar-month"]
    assert dict(heading.attributes) == {"data-complete": "false"}
    assert heading.children == (describe.month_heading(2026, 12, False),)
    assert dict(patch.regions["calendar-previous"].attributes) == {"disabled": None}
    assert dict(patch.regions["calendar-next"].attributes) == {"disabled": ""}  # no month to come


def test_the_grid_has_one_tab_stop_which_takes_the_focus_when_asked() -> None:
    focus = TODAY - 9 * DAY
    patch = calendar(ChallengeRecord(), TODAY, Shown((2026, 11), TODAY, focus), take_focus=True)
    stops = [b.attribute("data-day") for b in buttons(patch) if b.attribute("tabindex") == "0"]
    assert stops == [focus.isoformat()]
    assert patch.focus == Focus("calendar-days", f'[data-day="{focus.isoformat()}"]', True)
    assert dict(patch.regions["calendar-next"].attributes) == {"disabled": None}
    # Nothing pressed in a month the chosen day is not in.
    assert {b.attribute("aria-pressed") for b in buttons(patch)} == {"false"}


def test_the_oldest_month_kept_cannot_be_turned_back_and_older_days_are_disabled() -> None:
    earliest = TODAY - (DAYS_KEPT - 1) * DAY
    patch = calendar(ChallengeRecord(), TODAY, Shown((earliest.year, earliest.month), TODAY, earliest))
    assert dict(patch.regions["calendar-previous"].attributes) == {"disabled": ""}
    disabled = [
        dt.date.fromisoformat(b.attribute("data-day"))
        for b in buttons(patch)
        if b.attribute("disabled") == ""
    ]
    assert disabled == [earliest - n * DAY for n in range(earliest.day - 1, 0, -1)]


def test_the_chosen_days_four_challenges_are_offered_once_found() -> None:
    record = played_record()
    day = TODAY - 2 * DAY
    finding = calendar(record, TODAY, Shown((2026, 12), day, day))
    rows = finding.regions["calendar-challenges"]
    assert dict(rows.attributes) == {"aria-busy": "true"}
    assert [(row.tag, row.key, dict(row.attributes)) for row in rows.children] == [
        ("li", level.value, {"data-level": level.value}) for level in Level
    ]
    for row, level in zip(rows.children, Level, strict=True):
        words, play = row.children
        assert (words.tag, words.text()) == ("span", describe.challenge_finding(level))
        assert (play.tag, dict(play.attributes), play.text()) == (
            "button",
            {"type": "button", "disabled": ""},
            describe.PLAY_CHALLENGE,
        )
    assert finding.regions["calendar-day-heading"].children == (describe.calendar_day_heading(day),)
    found = challenges(day)
    rows = calendar(record, TODAY, Shown((2026, 12), day, day, found)).regions["calendar-challenges"]
    assert dict(rows.attributes) == {"aria-busy": "false"}
    for row, (level, number) in zip(rows.children, found.items(), strict=True):
        words, play = row.children
        assert words.text() == describe.challenge_line(level, record.days[day].get(number))
        assert dict(play.attributes) == {
            "type": "button",
            "aria-label": describe.play_challenge_label(level, day),
            "data-deal": str(number),
            "data-act": "calendar-play",  # a click plays it
            "data-arg": str(number),
        }


def test_no_day_chosen_shows_no_challenges() -> None:
    patch = calendar(ChallengeRecord(), TODAY, Shown((2026, 12), None, TODAY))
    assert patch.regions["calendar-day-heading"].children == ()
    assert patch.regions["calendar-challenges"].children == ()


def test_the_keys_move_the_focus_by_a_day_a_week_the_weeks_ends_and_a_month_within_the_days_kept() -> None:
    assert moved_day(TODAY, "ArrowLeft") == TODAY - DAY
    assert moved_day(TODAY, "ArrowDown") == TODAY + 7 * DAY
    assert moved_day(TODAY, "Home") == dt.date(2026, 12, 7) and moved_day(TODAY, "End") == dt.date(
        2026, 12, 13
    )
    assert moved_day(dt.date(2026, 3, 31), "PageUp") == dt.date(2026, 2, 28)
    assert moved_day(dt.date(2026, 12, 31), "PageDown") == dt.date(2027, 1, 31)
    assert moved_day(TODAY, "Enter") is None
    assert within_kept(TODAY + DAY, TODAY) == TODAY
    assert within_kept(TODAY - DAYS_KEPT * DAY, TODAY) == TODAY - (DAYS_KEPT - 1) * DAY
    assert within_kept(None, TODAY) == TODAY


def test_a_day_whose_challenges_were_won_only_with_hints_says_so_and_is_marked() -> None:
    record = ChallengeRecord()
    day = TODAY - DAY
    easy, hard = challenges(day)[Level.EASY], challenges(day)[Level.HARD]
    record.record(day, easy, True, 30, 28, 90, day, with_hints=True)
    shown = Shown((2026, 12), day, day, challenges(day))
    patch = calendar(record, TODAY, shown)
    button = next(b for b in buttons(patch) if b.attribute("data-day") == day.isoformat())
    assert button.attribute("data-hints") == "true" and button.attribute("data-result") == "won"
    assert button.attribute("aria-label") == "8 December 2026: 1 of 4 challenges won, 1 with hints"
    words = patch.regions["calendar-challenges"].children[0].children[0]
    assert words.text() == "Easy: won with hints in 30 moves (par 28), 1:30"
    record.record(day, hard, True, 33, 30, 200, day)  # another challenge won without hints
    button = next(
        b for b in buttons(calendar(record, TODAY, shown)) if b.attribute("data-day") == day.isoformat()
    )
    assert button.attribute("data-hints") is None
    assert button.attribute("aria-label") == "8 December 2026: 2 of 4 challenges won, 1 with hints"
