"""The calendar of daily challenges as state: the month shown, the day chosen, the date grid's
tab stop, and the chosen day's challenges while they are found (docs/stats.md, "Daily
challenges"). What the player does there turns it; :func:`royal.view.calendar.calendar` draws it.
Plain data and no clock of its own, so that every turn of it is tested under CPython;
``royal/web/calendar_view.py`` only hands it the page's events and applies what it draws."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterator
from dataclasses import dataclass, field

from royal.challenges import search
from royal.difficulty import Level
from royal.stats import Stats
from royal.view.calendar import Shown, calendar, moved_day, within_kept
from royal.view.html import Patch


@dataclass(frozen=True, slots=True)
class Challenge:
    """A challenge the player chose to play: dealt as ``number``, of ``level``, on ``day``."""

    number: int
    level: Level
    day: _dt.date


@dataclass(slots=True)
class Calendar:
    """The calendar's own state. Choosing a day starts the search for its challenges (a
    candidate graded at once, the rest a turn each by :meth:`search_step`, so that choosing never
    holds the page for their grades)."""

    today: _dt.date = _dt.date.min  # the day it was opened or last drawn on
    month: tuple[int, int] = (1, 1)
    chosen: _dt.date | None = None
    focus: _dt.date = _dt.date.min  # the day with the grid's tab stop
    found: dict[Level, int] | None = None  # the chosen day's challenges, once found
    _search: Iterator[dict[Level, int] | None] | None = field(default=None, repr=False)

    def open(self, today: _dt.date) -> None:
        """On this month, today chosen and focused."""
        self.today = today
        self.choose(today)

    def choose(self, day: _dt.date) -> None:
        """Choose ``day`` (its button clicked; kept within the days that can be chosen): focused
        too, its month shown, its challenges searched for anew unless it is the day already chosen."""
        self.move(day)
        day = self.focus
        if day != self.chosen or self._search is None:
            self.chosen, self.found = day, None
            self._search = search(day)
            self.found = next(self._search)

    def turn(self, step: int) -> None:
        """The previous (``step`` < 0) or next month, the focus on the same day of it."""
        self.move(moved_day(self.focus, "PageDown" if step > 0 else "PageUp"))

    def key(self, key: str) -> bool:
        """The date grid's keys (WAI-ARIA's date picker): arrows a day or a week, Home and End the
        week's ends, Page Up and Page Down a month. False for any other key, which does nothing."""
        moved = moved_day(self.focus, key)
        if moved is None:
            return False
        self.move(moved)
        return True

    def move(self, day: _dt.date | None) -> None:
        """The grid's tab stop to ``day``, kept within the days the calendar keeps, its month shown."""
        self.focus = within_kept(day, self.today)
        self.month = (self.focus.year, self.focus.month)

    @property
    def searching(self) -> bool:
        """The chosen day's challenges are still being found."""
        return self._search is not None and self.found is None

    def search_step(self) -> bool:
        """Grade one more candidate of the chosen day; True once its challenges are found."""
        if not self.searching or self._search is None:
            return False
        self.found = next(self._search)
        return self.found is not None

    def challenge(self, number: int) -> Challenge | None:
        """The chosen day's challenge dealt as ``number`` (its Play was clicked), if it is one of
        them as drawn."""
        if self.chosen is None or self.found is None:
            return None
        levels = [level for level, found in self.found.items() if found == number]
        return Challenge(number, levels[0], self.chosen) if levels else None

    def drawing(self, stats: Stats, take_focus: bool = False) -> Patch:
        """The calendar as it stands, from ``stats``; ``take_focus`` puts the focus on the grid's
        tab stop."""
        shown = Shown(self.month, self.chosen, self.focus, self.found)
        return calendar(stats.challenges, self.today, shown, take_focus)
