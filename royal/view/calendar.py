"""The calendar of daily challenges as a description (``#calendar``, docs/stats.md, "Daily
challenges"): a month of days, each marked with its challenges' results, as a date grid for the
keyboard (WAI-ARIA's date picker: one tab stop, a roving tabindex), and the chosen day's four
challenges to play or play again. ``royal/web/calendar_view.py`` keeps what is shown and applies
the description in one call."""

from __future__ import annotations

import calendar as _calendar
import datetime as _dt
from collections.abc import Iterable
from dataclasses import dataclass

from royal import describe
from royal.challenges import DAYS_KEPT, ChallengeRecord
from royal.difficulty import Level
from royal.view.html import Element, Focus, Patch, Region, html, region, text

#: The weeks the grid always shows, the most a month can reach: the panel keeps its size from
#: month to month, so its buttons stay put.
WEEKS = 6


@dataclass(frozen=True, slots=True)
class Shown:
    """What the calendar shows: the ``month`` (year, month), the day ``chosen``, the day with the
    grid's tab stop (``focus``, in the month shown), and the chosen day's challenges once
    ``found`` (``None`` while they are being found)."""

    month: tuple[int, int]
    chosen: _dt.date | None
    focus: _dt.date
    found: dict[Level, int] | None = None


def calendar(record: ChallengeRecord, today: _dt.date, shown: Shown, take_focus: bool = False) -> Patch:
    """The calendar as ``shown``, ``today``; ``take_focus`` puts the focus on the grid's tab stop
    (it goes back there anyway when the grid had it)."""
    year, month = shown.month
    complete = record.month_won(year, month, today)
    first = _dt.date(year, month, 1)
    earliest = today - _dt.timedelta(days=DAYS_KEPT - 1)
    regions = {
        "calendar-streak": text(describe.challenge_streak(record.current_streak(today))),
        "calendar-month": region(
            {"data-complete": "true" if complete else "false"},
            (describe.month_heading(year, month, complete),),
        ),
        "calendar-previous": region({"disabled": first <= earliest}),
        "calendar-next": region({"disabled": (year, month) >= (today.year, today.month)}),
        "calendar-days": Region((), grid(record, today, shown)),
        **_day(record, shown),
    }
    focus = None
    if (shown.focus.year, shown.focus.month) == shown.month:
        focus = Focus("calendar-days", f'[data-day="{shown.focus.isoformat()}"]', take_focus)
    return Patch(regions, focus)


def grid(record: ChallengeRecord, today: _dt.date, shown: Shown) -> tuple[Element, ...]:
    """The grid's rows: the weekdays' names, then six weeks of days (blank cells outside the
    month)."""
    year, month = shown.month
    earliest = today - _dt.timedelta(days=DAYS_KEPT - 1)
    header = _row(
        html("div", {"role": "columnheader"}, html("abbr", {"title": name}, short))
        for name, short in zip(describe.WEEKDAYS, describe.WEEKDAYS_SHORT, strict=True)
    )
    first = _dt.date(year, month, 1)
    length = _calendar.monthrange(year, month)[1]
    cells: list[_dt.date | None] = [None] * first.weekday()
    cells += [_dt.date(year, month, number) for number in range(1, length + 1)]
    cells += [None] * (WEEKS * 7 - len(cells))
    weeks = [
        _row(
            html(
                "div",
                {"role": "gridcell"},
                *(() if day is None else (_day_button(record, day, today, earliest, shown),)),
            )
            for day in cells[start : start + 7]
        )
        for start in range(0, len(cells), 7)
    ]
    return (header, *weeks)


def _row(cells: Iterable[Element]) -> Element:
    return html("div", {"role": "row"}, *cells)


def _day_button(
    record: ChallengeRecord, day: _dt.date, today: _dt.date, earliest: _dt.date, shown: Shown
) -> Element:
    """A day's button: its results in words, pressed when chosen, the one tab stop of the grid
    when it has the focus (a roving tabindex); a day outside those kept or to come is disabled
    (a disabled button hears no click). It is marked ``data-hints`` when every challenge won on
    it was won only with hints."""
    results = record.days.get(day, {})
    won = [r for r in results.values() if r.won]
    return html(
        "button",
        {
            "type": "button",
            "data-day": day.isoformat(),
            "data-act": "calendar-day",
            "data-arg": day.isoformat(),
            "data-result": "won" if won else "played" if results else "none",
            "data-hints": "true" if won and all(r.with_hints for r in won) else None,
            "aria-label": describe.calendar_day(day, results),
            "aria-pressed": "true" if day == shown.chosen else "false",
            "tabindex": 0 if day == shown.focus else -1,
            "disabled": day > today or day < earliest,
        },
        str(day.day),
        key=day.isoformat(),
    )


def _day(record: ChallengeRecord, shown: Shown) -> dict[str, Region]:
    """The chosen day's heading and its four challenges: a row a grade, its Play offered once
    the challenges are found (until then the panel keeps its size, so nothing moves under a
    finger reaching for another day)."""
    day = shown.chosen
    if day is None:
        return {"calendar-day-heading": text(""), "calendar-challenges": Region((), ())}
    if shown.found is None:
        rows = tuple(_challenge(level, None, describe.challenge_finding(level)) for level in Level)
    else:
        results = record.days.get(day, {})
        rows = tuple(
            _challenge(level, (number, day), describe.challenge_line(level, results.get(number)))
            for level, number in shown.found.items()
        )
    return {
        "calendar-day-heading": text(describe.calendar_day_heading(day)),
        "calendar-challenges": region({"aria-busy": "true" if shown.found is None else "false"}, rows),
    }


def _challenge(level: Level, deal: tuple[int, _dt.date] | None, words: str) -> Element:
    """A grade's row of the day: ``words`` for how it went, and its Play, offered once the
    ``deal`` (its number and day) is found."""
    number, day = deal if deal is not None else (None, None)
    play = html(
        "button",
        {
            "type": "button",
            "disabled": deal is None,
            "aria-label": None if day is None else describe.play_challenge_label(level, day),
            "data-deal": number,
            "data-act": None if number is None else "calendar-play",
            "data-arg": number,
        },
        describe.PLAY_CHALLENGE,
    )
    return html("li", {"data-level": level.value}, html("span", None, words), play, key=level.value)


def moved_day(day: _dt.date, key: str) -> _dt.date | None:
    """Where a date grid's ``key`` takes the focus from ``day``; ``None`` for another key."""
    steps = {"ArrowLeft": -1, "ArrowRight": 1, "ArrowUp": -7, "ArrowDown": 7}
    if key in steps:
        return day + _dt.timedelta(days=steps[key])
    if key == "Home":
        return day - _dt.timedelta(days=day.weekday())
    if key == "End":
        return day + _dt.timedelta(days=6 - day.weekday())
    if key in ("PageUp", "PageDown"):
        year, month = day.year, day.month + (1 if key == "PageDown" else -1)
        year, month = year + (month - 1) // 12, (month - 1) % 12 + 1
        return _dt.date(year, month, min(day.day, _calendar.monthrange(year, month)[1]))
    return None


def within_kept(day: _dt.date | None, today: _dt.date) -> _dt.date:
    """``day`` brought within the days that can be chosen: the kept ones, up to today."""
    earliest = today - _dt.timedelta(days=DAYS_KEPT - 1)
    return min(max(day or today, earliest), today)
