"""The calendar of daily challenges (``#calendar``, opened by ``#calendar-open``): a month of
days, each marked with its challenges' results, and the chosen day's four challenges to play
or play again (docs/stats.md, "Daily challenges")."""

from __future__ import annotations

import calendar
import datetime as _dt
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from pyscript import document, window

from royal import describe
from royal.challenges import DAYS_KEPT, search
from royal.difficulty import Level
from royal.stats import Stats
from royal.web.dom import kept, on_click, within


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
        self._last: tuple[Stats, _dt.date] | None = None
        # The chosen day's challenges are found a candidate a turn (royal.challenges.search),
        # after the calendar is drawn, so choosing a day never holds the page for their grades.
        self._search: tuple[_dt.date, Iterator[dict[Level, int] | None]] | None = None
        self._found: dict[Level, int] | None = None  # the search's challenges, once found
        self._search_soon = kept(lambda *args: self._search_step())
        on_click(self.previous, lambda: self._turn(-1))
        on_click(self.next, lambda: self._turn(1))
        on_click(within(dialog, "calendar-close"), self.dialog.close)

    def open(self, stats: Stats, today: _dt.date) -> None:
        """Open on this month with today chosen."""
        self.month, self.chosen = (today.year, today.month), today
        self._last = (stats, today)
        self._draw()
        self.dialog.showModal()

    def render(self, stats: Stats, today: _dt.date) -> None:
        """Follow the stats while the calendar is open."""
        self._last = (stats, today)
        if self.dialog.open:
            self._draw()

    def _turn(self, step: int) -> None:
        year, month = self.month
        month += step
        year, month = year + (month - 1) // 12, (month - 1) % 12 + 1
        self.month = (year, month)
        self._draw()

    def _choose(self, day: _dt.date) -> None:
        self.chosen = day
        self._draw()

    def _draw(self) -> None:
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
        self.days.replaceChildren()
        for number in range(1, calendar.monthrange(year, month)[1] + 1):
            day = _dt.date(year, month, number)
            results = record.days.get(day, {})
            item = document.createElement("li")
            if number == 1:
                item.setAttribute("data-weekday", str(day.weekday()))
            button = document.createElement("button")
            button.type = "button"
            button.textContent = str(number)
            button.setAttribute("data-day", day.isoformat())
            won = record.won_on(day)
            button.setAttribute("data-result", "won" if won else "played" if results else "none")
            button.setAttribute("aria-label", describe.calendar_day(day, results))
            button.setAttribute("aria-pressed", "true" if day == self.chosen else "false")
            button.disabled = day > today or day < earliest
            on_click(button, partial(self._choose, day))
            item.append(button)
            self.days.append(item)
        self._draw_day(stats)

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
            waiting = document.createElement("li")
            waiting.textContent = describe.FINDING_CHALLENGES
            self.list.replaceChildren(waiting)
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
            window.setTimeout(self._search_soon, 0)
            return
        self._found = found
        self._draw_challenges(self._last[0], day, found)

    def _draw_challenges(self, stats: Stats, day: _dt.date, found: dict[Level, int]) -> None:
        self.list.replaceChildren()
        self.list.setAttribute("aria-busy", "false")
        results = stats.challenges.days.get(day, {})
        for level, number in found.items():
            item = document.createElement("li")
            item.setAttribute("data-level", level.value)
            text = document.createElement("span")
            text.textContent = describe.challenge_line(level, results.get(number))
            play = document.createElement("button")
            play.type = "button"
            play.textContent = describe.PLAY_CHALLENGE
            play.setAttribute("aria-label", describe.play_challenge_label(level, day))
            play.setAttribute("data-deal", str(number))
            on_click(play, partial(self._play, number, level, day))
            item.append(text, play)
            self.list.append(item)

    def _play(self, number: int, level: Level, day: _dt.date) -> None:
        self.dialog.close()
        self.on_play(number, level, day)
