"""Records kept beside the stats: the daily deal's results and the last finished games.

The daily record notes, for each local day, how that day's own deal (numbered ``YYYYMMDD``)
went when it was played on that day; a game of another date's deal is an ordinary game. Only
the last :data:`DAYS_SHOWN` days are kept, since that is all the page shows; the daily streak
is kept as a last won day and a run length (as the stats' streak is), so it can grow past them.

Recent games are the last :data:`RECENT_KEPT` finished games, enough to draw how far each win
was from par and how many cards each loss left.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field
from enum import StrEnum

#: Days in the daily record's row, today included; older days are dropped.
DAYS_SHOWN = 30
#: Finished games kept for the chart of recent games.
RECENT_KEPT = 30


class DayStatus(StrEnum):
    """A day's result for its own deal; the values are what ``data-result`` shows."""

    WON = "won"
    PLAYED = "played"  # played and not won
    NONE = "none"  # not played


@dataclass(frozen=True)
class DayResult:
    """How a day's deal went: won or not, and the fewest moves of its wins against par."""

    won: bool
    moves: int | None = None  # fewest moves among the day's wins
    par: int | None = None

    @property
    def status(self) -> DayStatus:
        return DayStatus.WON if self.won else DayStatus.PLAYED


@dataclass
class DailyRecord:
    """Each recent day's result for its own deal, and the run of days whose deal was won."""

    days: dict[_dt.date, DayResult] = field(default_factory=dict)
    streak_day: _dt.date | None = None  # the last day whose deal was won
    streak: int = 0  # consecutive days whose deal was won, ending on streak_day

    def record(self, day: _dt.date, won: bool, moves: int, par: int | None) -> None:
        """A game of ``day``'s own deal ended on ``day``: won in ``moves`` moves, or not."""
        old = self.days.get(day)
        if old is not None and old.par is not None:
            par = old.par  # one deal a day: its par was known at the day's first game
        if won:
            fewest = moves if old is None or old.moves is None else min(old.moves, moves)
            self.days[day] = DayResult(True, fewest, par)
            self._win_on(day)
        elif old is None:
            self.days[day] = DayResult(False, None, par)
        newest = max(self.days)
        self.days = {d: r for d, r in sorted(self.days.items()) if (newest - d).days < DAYS_SHOWN}

    def _win_on(self, day: _dt.date) -> None:
        if self.streak_day is not None and day <= self.streak_day:
            return
        if self.streak_day is not None and (day - self.streak_day).days == 1:
            self.streak += 1
        else:
            self.streak = 1
        self.streak_day = day

    def on(self, day: _dt.date) -> DayResult | None:
        """The result of ``day``'s deal, or ``None`` if it was not played that day."""
        return self.days.get(day)

    def row(self, today: _dt.date) -> list[tuple[_dt.date, DayStatus]]:
        """The last :data:`DAYS_SHOWN` days, oldest first, each with its status."""
        days = [today - _dt.timedelta(days=back) for back in range(DAYS_SHOWN - 1, -1, -1)]
        return [(d, self.days[d].status if d in self.days else DayStatus.NONE) for d in days]

    def current_streak(self, today: _dt.date) -> int:
        """Consecutive days whose deal was won, ending today or yesterday; else 0."""
        if self.streak_day is None or not 0 <= (today - self.streak_day).days <= 1:
            return 0
        return self.streak


@dataclass(frozen=True)
class Finished:
    """A finished game as the chart of recent games draws it."""

    won: bool
    moves: int
    cards_left: int
    par: int | None  # the deal's fewest possible moves; None for a deal that cannot be won

    @property
    def over_par(self) -> int | None:
        """A win's moves beyond par (0 for a perfect marriage); None for a loss."""
        return self.moves - self.par if self.won and self.par is not None else None

    @property
    def perfect(self) -> bool:
        """A win in exactly the deal's fewest possible moves."""
        return self.over_par == 0


def add_recent(recent: list[Finished], game: Finished) -> list[Finished]:
    """``recent`` with ``game`` added last, keeping the newest :data:`RECENT_KEPT`."""
    return [*recent, game][-RECENT_KEPT:]
