"""The calendar of daily challenges (``#calendar``, opened by ``#calendar-open``): a month of
days, each marked with its challenges' results, and the chosen day's four challenges to play
or play again (docs/stats.md, "Daily challenges")."""

from __future__ import annotations

import calendar
import datetime as _dt
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from pyscript import document

from royal import describe
from royal.challenges import DAYS_KEPT, ChallengeRecord, search
from royal.difficulty import Level
from royal.stats import Stats
from royal.web.dom import after_paint, on_click, on_click_of, on_event, within
from royal.web.opener import Opener

#: The weeks the grid always shows, the most a month can reach.
WEEKS = 6


class CalendarView:
    """Draws the calendar in ``dialog``; ``on_play(number, level, day)`` opens a challenge."""

    def __init__(self, dialog: Any, on_play: Callable[[int, Level, _dt.date], None]) -> None:
        self.dialog = dialog
        self.on_play = on_play
        self.streak = within(dialog, "calendar-streak")
        self.heading = within(dialog, "calendar-month")
        self.days = within(dialog, "calendar-days")
        self.day_heading = within(dialog, "calendar-day-heading")
        self.list = within(dialog, "calendar-challenges")
        self.previous = within(dialog, "calendar-previous")
        self.next = within(dialog, "calendar-next")
        self.month = (0, 0)
        self.chosen: _dt.date | None = None
        self.focus = _dt.date.min  # the day with the grid's tab stop, kept in the month shown
        self._last: tuple[Stats, _dt.date] | None = None
        # The chosen day's challenges are found a candidate a turn (royal.challenges.search),
        # after the calendar is drawn, so choosing a day never holds the page for their grades.
        self._search: tuple[_dt.date, Iterator[dict[Level, int] | None]] | None = None
        self._found: dict[Level, int] | None = None  # the search's challenges, once found
        self.opener = Opener(dialog)
        on_event(self.days, "keydown", self._key)
        on_click_of(self.days, "button", "data-day", lambda day: self._choose(_dt.date.fromisoformat(day)))
        on_click_of(self.list, "button", "data-deal", lambda number: self._play(int(number)))
        on_click(self.previous, lambda: self._turn(-1))
        on_click(self.next, lambda: self._turn(1))
        on_click(within(dialog, "calendar-close"), self.dialog.close)

    def open(self, stats: Stats, today: _dt.date) -> None:
        """Open on this month with today chosen."""
        self.month, self.chosen, self.focus = (today.year, today.month), today, today
        self._last = (stats, today)
        self._draw()
        self.opener.remember()
        self.dialog.showModal()

    def render(self, stats: Stats, today: _dt.date) -> None:
        """Follow the stats while the calendar is open."""
        self._last = (stats, today)
        if self.dialog.open:
            self._draw()

    def _turn(self, step: int) -> None:
        if self._last is not None:
            moved = moved_day(self.focus, "PageDown" if step > 0 else "PageUp")
            self._move_focus(_within_kept(moved, self._last[1]))

    def _choose(self, day: _dt.date) -> None:
        self.chosen = self.focus = day
        self._draw(take_focus=True)

    def _draw(self, take_focus: bool = False) -> None:
        """Draw the month shown; ``take_focus`` puts the focus on the grid's focused day."""
        if self._last is None:
            return
        stats, today = self._last
        record = stats.challenges
        year, month = self.month
        self.streak.textContent = describe.challenge_streak(record.current_streak(today))
        complete = record.month_won(year, month, today)
        self.heading.textContent = describe.month_heading(year, month, complete)
        self.heading.setAttribute("data-complete", "true" if complete else "false")
        first = _dt.date(year, month, 1)
        earliest = today - _dt.timedelta(days=DAYS_KEPT - 1)
        self.previous.disabled = first <= earliest
        self.next.disabled = (year, month) >= (today.year, today.month)
        header = _row()
        for name, short in zip(describe.WEEKDAYS, describe.WEEKDAYS_SHORT, strict=True):
            cell = document.createElement("div")
            cell.setAttribute("role", "columnheader")
            abbr = document.createElement("abbr")
            abbr.title = name
            abbr.textContent = short
            cell.append(abbr)
            header.append(cell)
        rows = [header]
        had_focus = bool(self.days.contains(document.activeElement))
        length = calendar.monthrange(year, month)[1]
        cells: list[_dt.date | None] = [None] * first.weekday()
        cells += [_dt.date(year, month, number) for number in range(1, length + 1)]
        # Always six weeks: the panel keeps its size from month to month, so its buttons stay put.
        cells += [None] * (WEEKS * 7 - len(cells))
        focused = None
        for start in range(0, len(cells), 7):
            row = _row()
            for day in cells[start : start + 7]:
                cell = document.createElement("div")
                cell.setAttribute("role", "gridcell")
                if day is not None:
                    button = self._day_button(record, day, today, earliest)
                    focused = button if day == self.focus else focused
                    cell.append(button)
                row.append(cell)
            rows.append(row)
        self.days.replaceChildren(*rows)
        if focused is not None and (take_focus or had_focus):
            focused.focus()
        self._draw_day(stats)

    def _day_button(self, record: ChallengeRecord, day: _dt.date, today: _dt.date, earliest: _dt.date) -> Any:
        """A day's button: its results in words, pressed when chosen, the one tab stop of the
        grid when it has the focus (a roving tabindex)."""
        button = document.createElement("button")
        button.type = "button"
        button.textContent = str(day.day)
        button.setAttribute("data-day", day.isoformat())
        results = record.days.get(day, {})
        button.setAttribute("data-result", "won" if record.won_on(day) else "played" if results else "none")
        button.setAttribute("aria-label", describe.calendar_day(day, results))
        button.setAttribute("aria-pressed", "true" if day == self.chosen else "false")
        button.tabIndex = 0 if day == self.focus else -1
        button.disabled = day > today or day < earliest  # a disabled button hears no click
        return button

    def _key(self, event: Any) -> Callable[[], None] | None:
        """The date grid's keys (WAI-ARIA's date picker): arrows a day or a week, Home and End
        the week's ends, Page Up and Page Down a month; the focus moves, Enter chooses."""
        if self._last is None or event.altKey or event.ctrlKey or event.metaKey:
            return None
        key = str(event.key)
        if moved_day(self.focus, key) is None:
            return None
        event.preventDefault()
        event.stopPropagation()
        return partial(self._key_move, key)

    def _key_move(self, key: str) -> None:
        """Move from the day focused when the key's turn comes (keys pressed fast add up)."""
        if self._last is not None:
            self._move_focus(_within_kept(moved_day(self.focus, key), self._last[1]), True)

    def _move_focus(self, day: _dt.date, take_focus: bool = False) -> None:
        """Show ``day``'s month with ``day`` as the grid's tab stop (focused if ``take_focus``)."""
        self.focus = day
        self.month = (day.year, day.month)
        self._draw(take_focus)

    def _draw_day(self, stats: Stats) -> None:
        day = self.chosen
        if day is None:
            self.day_heading.textContent = ""
            self.list.replaceChildren()
            return
        self.day_heading.textContent = describe.calendar_day_heading(day)
        if self._search is None or self._search[0] != day:
            self._search, self._found = (day, search(day)), None
            self.list.setAttribute("aria-busy", "true")
            # A row a grade, its Play not yet offered: the panel keeps its size when they come,
            # so nothing moves under a finger reaching for another day meanwhile.
            self.list.replaceChildren(
                *(self._challenge(level, None, describe.challenge_finding(level)) for level in Level)
            )
            self._search_step()
        elif self._found is not None:
            self._draw_challenges(stats, day, self._found)

    def _search_step(self) -> None:
        """Grade one more candidate of the chosen day, or draw its challenges once found."""
        if self._search is None or self._found is not None or self._last is None:
            return
        day, steps = self._search
        found = next(steps)
        if found is None:
            after_paint(self._search_step)  # the page drawn between candidates
            return
        self._found = found
        self._draw_challenges(self._last[0], day, found)

    def _draw_challenges(self, stats: Stats, day: _dt.date, found: dict[Level, int]) -> None:
        results = stats.challenges.days.get(day, {})
        self.list.replaceChildren(
            *(
                self._challenge(level, (number, day), describe.challenge_line(level, results.get(number)))
                for level, number in found.items()
            )
        )
        self.list.setAttribute("aria-busy", "false")

    def _challenge(self, level: Level, deal: tuple[int, _dt.date] | None, words: str) -> Any:
        """A grade's row of the day: ``words`` for how it went, and its Play, offered once the
        ``deal`` (its number and day) is found."""
        item = document.createElement("li")
        item.setAttribute("data-level", level.value)
        text = document.createElement("span")
        text.textContent = words
        play = document.createElement("button")
        play.type = "button"
        play.textContent = describe.PLAY_CHALLENGE
        if deal is None:
            play.disabled = True
        else:
            number, day = deal
            play.setAttribute("aria-label", describe.play_challenge_label(level, day))
            play.setAttribute("data-deal", str(number))
        item.append(text, play)
        return item

    def _play(self, number: int) -> None:
        """Play the chosen day's challenge dealt as ``number`` (its Play was clicked)."""
        if self._search is None or self._found is None:
            return
        levels = [level for level, found in self._found.items() if found == number]
        if levels:  # the day's challenges as drawn (a Play carries its deal's number)
            self.opener.leave()
            self.dialog.close()
            self.on_play(number, levels[0], self._search[0])


def _row() -> Any:
    row = document.createElement("div")
    row.setAttribute("role", "row")
    return row


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
        return _dt.date(year, month, min(day.day, calendar.monthrange(year, month)[1]))
    return None


def _within_kept(day: _dt.date | None, today: _dt.date) -> _dt.date:
    """``day`` brought within the days that can be chosen: the kept ones, up to today."""
    earliest = today - _dt.timedelta(days=DAYS_KEPT - 1)
    return min(max(day or today, earliest), today)
