"""The calendar of daily challenges (``#calendar``, opened by ``#calendar-open``): what it shows,
drawn by :func:`royal.view.calendar.calendar` and applied in one call, and what the player does
there: choose a day (by click or by the date grid's keys), turn the month, play a challenge
(docs/stats.md, "Daily challenges")."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from typing import Any

from royal.stats import Stats
from royal.table.calendar import Calendar, Challenge
from royal.table.state import PageState
from royal.view.html import Patch
from royal.view.timing import after_paint
from royal.web.modal import Modal


class CalendarView:
    """Draws the calendar (``page.calendar``, a :class:`~royal.table.calendar.Calendar`) in its
    dialog with the ``stats()`` as they are; ``on_play(challenge)`` opens the challenge chosen."""

    def __init__(
        self,
        page: PageState,
        stats: Callable[[], Stats],
        show: Callable[[Patch], None],
        on_play: Callable[[Challenge], None],
    ) -> None:
        self.page = page
        self.modal = Modal("calendar", show, page)
        self.stats = stats
        self.show = show
        self.on_play = on_play

    @property
    def state(self) -> Calendar:
        return self.page.calendar

    def open(self, today: _dt.date) -> None:
        """Open on this month with today chosen."""
        self.state.open(today)
        self.modal.open(self._drawing())

    def render(self, today: _dt.date) -> Patch:
        """Follow the stats while the calendar is open: the calendar as they have it."""
        self.state.today = today
        return self._drawing() if self.modal.is_open else Patch()

    def choose(self, day: str) -> None:
        """A day's button clicked (its ``data-arg``, the date)."""
        self._turned(self.state.choose, _dt.date.fromisoformat(day), take_focus=True)

    def turn(self, step: str) -> None:
        """The previous (``"-1"``) or next (``"1"``) month's button."""
        self._turned(self.state.turn, int(step))

    def key(self, key: str) -> None:
        """A date grid's key (royal/shortcuts.py): the focus moves from the day focused when the
        key's turn comes (keys pressed fast add up)."""
        self._turned(self.state.key, key, take_focus=True)

    def _turned(self, turn: Callable[[Any], object], value: object, take_focus: bool = False) -> None:
        """Turn the calendar's state and draw it, in one call; a day, a month or a key that comes
        for a calendar not open (a message from a page behind this one) does nothing."""
        if self.modal.is_open:
            turn(value)
            self.show(self._drawing(take_focus))

    def _drawing(self, take_focus: bool = False) -> Patch:
        """The calendar as it stands; while the chosen day's challenges are found, a candidate is
        graded after each paint (:meth:`search_step`)."""
        if self.state.searching and self.page.wait("calendar"):
            self.show(after_paint("calendar"))
        return self.state.drawing(self.stats(), take_focus)

    def search_step(self) -> None:
        """Grade one more candidate of the chosen day (each after the last is painted: its
        ``painted`` message), drawing its challenges once found."""
        self.page.painted("calendar")
        if self.state.search_step():
            self.show(self._drawing())
        elif self.state.searching and self.page.wait("calendar"):
            self.show(after_paint("calendar"))

    def play(self, number: str) -> None:
        """Play the chosen day's challenge dealt as ``number`` (its Play was clicked)."""
        challenge = self.state.challenge(int(number))
        if challenge is not None:  # the day's challenges as drawn (a Play carries its deal's number)
            self.modal.close(give_back=False)  # the game takes the focus
            self.on_play(challenge)
