"""The calendar of daily challenges (``#calendar``, opened by ``#calendar-open``): what it shows,
drawn by :func:`royal.view.calendar.calendar` and applied in one call, and what the player does
there: choose a day (by click or by the date grid's keys), turn the month, play a challenge
(docs/stats.md, "Daily challenges")."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from royal.challenges import search
from royal.difficulty import Level
from royal.stats import Stats
from royal.view.calendar import Shown, calendar, moved_day, within_kept
from royal.view.html import Patch
from royal.web.dom import after_paint, on_click, on_click_of, on_event, within
from royal.web.modal import Modal
from royal.web.opener import Opener


class CalendarView:
    """Draws the calendar in ``dialog``; ``on_play(number, level, day)`` opens a challenge."""

    def __init__(
        self, dialog: Any, show: Callable[[Patch], None], on_play: Callable[[int, Level, _dt.date], None]
    ) -> None:
        self.modal = Modal(dialog, show)
        self.show = show
        self.on_play = on_play
        self.month = (0, 0)
        self.chosen: _dt.date | None = None
        self.focus = _dt.date.min  # the day with the grid's tab stop, kept in the month shown
        self._last: tuple[Stats, _dt.date] | None = None
        # The chosen day's challenges are found a candidate a turn (royal.challenges.search),
        # after the calendar is drawn, so choosing a day never holds the page for their grades.
        self._search: tuple[_dt.date, Iterator[dict[Level, int] | None]] | None = None
        self._found: dict[Level, int] | None = None  # the search's challenges, once found
        self.opener = Opener(dialog)
        days = within(dialog, "calendar-days")
        on_event(days, "keydown", self._key)
        on_click_of(days, "button", "data-day", lambda day: self._choose(_dt.date.fromisoformat(day)))
        on_click_of(
            within(dialog, "calendar-challenges"),
            "button",
            "data-deal",
            lambda number: self._play(int(number)),
        )
        on_click(within(dialog, "calendar-previous"), lambda: self._turn(-1))
        on_click(within(dialog, "calendar-next"), lambda: self._turn(1))
        on_click(within(dialog, "calendar-close"), self.modal.close)

    def open(self, stats: Stats, today: _dt.date) -> None:
        """Open on this month with today chosen."""
        self.month, self.chosen, self.focus = (today.year, today.month), today, today
        self._last = (stats, today)
        self.opener.remember()
        self.modal.open(self._drawing())

    def render(self, stats: Stats, today: _dt.date) -> Patch:
        """Follow the stats while the calendar is open: the calendar as they have it."""
        self._last = (stats, today)
        return self._drawing() if self.modal.is_open else Patch()

    def _turn(self, step: int) -> None:
        if self._last is not None:
            moved = moved_day(self.focus, "PageDown" if step > 0 else "PageUp")
            self._move_focus(within_kept(moved, self._last[1]))

    def _choose(self, day: _dt.date) -> None:
        self.chosen = self.focus = day
        self._draw(take_focus=True)

    def _draw(self, take_focus: bool = False) -> None:
        """Draw the month shown and the chosen day, in one call; ``take_focus`` puts the focus
        on the grid's focused day."""
        self.show(self._drawing(take_focus))

    def _drawing(self, take_focus: bool = False) -> Patch:
        """The month shown and the chosen day. A day newly chosen has its first candidate graded
        first, and the rest a turn each once the page is drawn (:meth:`_search_step`)."""
        if self._last is None:
            return Patch()
        stats, today = self._last
        day = self.chosen
        searching = day is not None and (self._search is None or self._search[0] != day)
        if day is not None and searching:
            self._search, self._found = (day, search(day)), None
            self._found = next(self._search[1])
        shown = Shown(self.month, day, self.focus, self._found)
        if searching and self._found is None:
            after_paint(self._search_step)  # the page drawn between candidates
        return calendar(stats.challenges, today, shown, take_focus)

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
            self._move_focus(within_kept(moved_day(self.focus, key), self._last[1]), True)

    def _move_focus(self, day: _dt.date, take_focus: bool = False) -> None:
        """Show ``day``'s month with ``day`` as the grid's tab stop (focused if ``take_focus``)."""
        self.focus = day
        self.month = (day.year, day.month)
        self._draw(take_focus)

    def _search_step(self) -> None:
        """Grade one more candidate of the chosen day, or draw its challenges once found."""
        if self._search is None or self._found is not None or self._last is None:
            return
        found = next(self._search[1])
        if found is None:
            after_paint(self._search_step)
            return
        self._found = found
        self._draw()

    def _play(self, number: int) -> None:
        """Play the chosen day's challenge dealt as ``number`` (its Play was clicked)."""
        if self._search is None or self._found is None:
            return
        levels = [level for level, found in self._found.items() if found == number]
        if levels:  # the day's challenges as drawn (a Play carries its deal's number)
            self.opener.leave()
            self.modal.close()
            self.on_play(number, levels[0], self._search[0])
