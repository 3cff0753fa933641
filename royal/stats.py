"""Stats on this device: the eight figures of docs/stats.md, perfect wins, the daily record and the
recent games, and how a finished game changes them
(:func:`royal.describe.figures` writes them as the page shows them).

Streaks are kept as the last day with a win and the length of the run of consecutive days
ending there, so they need no list of every day played and still cross month and year ends.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from dataclasses import dataclass, field

from royal.deals import daily_deal_number
from royal.game import Result
from royal.records import DailyRecord, Finished, add_recent

#: How many recently counted game ids are remembered to refuse counting a game twice.
COUNTED_IDS_KEPT = 64


@dataclass
class Stats:
    """The record kept in this browser."""

    played: int = 0
    wins: int = 0
    fastest_win: int | None = None  # seconds
    fewest_moves: int | None = None
    best_score: int | None = None
    streak_day: _dt.date | None = None  # the last local day with a win
    streak: int = 0  # consecutive days with a win, ending on streak_day
    best_streak: int = 0
    counted: list[str] = field(default_factory=list)  # ids of games already counted
    perfect_wins: int = 0  # wins in exactly the deal's fewest possible moves
    daily: DailyRecord = field(default_factory=DailyRecord)
    recent: list[Finished] = field(default_factory=list)  # the last finished games, oldest first

    def record(self, result: Result, day: _dt.date) -> bool:
        """Count a finished game on local day ``day``; False if it was counted already."""
        if result.game_id in self.counted:
            return False
        self.counted = [*self.counted, result.game_id][-COUNTED_IDS_KEPT:]
        self.played += 1
        self.best_score = _best(self.best_score, result.score, max)
        finished = Finished(result.won, result.moves, result.cards_left, result.par)
        self.recent = add_recent(self.recent, finished)
        if result.won:
            self.wins += 1
            self.perfect_wins += finished.perfect
            self.fastest_win = _best(self.fastest_win, result.seconds, min)
            self.fewest_moves = _best(self.fewest_moves, result.moves, min)
            self._win_on(day)
        if result.number == daily_deal_number(day):
            self.daily.record(day, result.won, result.moves, result.par)
        return True

    def _win_on(self, day: _dt.date) -> None:
        """Extend, keep or restart the streak for a win on ``day``.

        A win on the streak's day, or the day before (a time-zone change), adds no day. A win
        on any other day restarts the run, even one long before the streak's day: that day
        came from a clock that was ahead, and keeping it would freeze the streak for good
        once the clock is right.
        """
        if self.streak_day is not None and _dt.timedelta(days=-1) <= day - self.streak_day <= _dt.timedelta(
            0
        ):
            return
        if self.streak_day is not None and day - self.streak_day == _dt.timedelta(days=1):
            self.streak += 1
        else:
            self.streak = 1
        self.streak_day = day
        self.best_streak = max(self.best_streak, self.streak)

    def current_streak(self, today: _dt.date) -> int:
        """The run of winning days that ends today or yesterday, else 0."""
        if self.streak_day is None or not -1 <= (today - self.streak_day).days <= 1:
            return 0  # long ago, or dated by a clock that was ahead
        return self.streak


def _best(old: int | None, new: int, pick: Callable[[int, int], int]) -> int:
    return new if old is None else pick(old, new)
