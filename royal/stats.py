"""Stats on this device: the eight figures of docs/stats.md, perfect wins, wins with hints, the
daily record and the recent games, and how a finished game changes them
(:func:`royal.describe.figures` writes them as the page shows them).

Streaks are kept as the last day with a win and the length of the run of consecutive days
ending there, so they need no list of every day played and still cross month and year ends
(one rule for them and the daily streak: :func:`royal.records.streak_after_win`).

:class:`Stats` refuses, as it is made, figures no sequence of games could produce (a save is
loaded by making one), as :class:`~royal.settings.Settings` does.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from dataclasses import dataclass, field

from royal import achievements, scoring
from royal.challenges import ChallengeRecord, challenge_day
from royal.deals import daily_deal_number
from royal.difficulty import Level
from royal.excerpt import quoted
from royal.game import Result
from royal.limits import MAX_COUNT
from royal.reason import reason
from royal.records import (
    DailyRecord,
    Finished,
    add_recent,
    after_tomorrow,
    current_run,
    streak_after_win,
)
from royal.variant import OPEN, Variant

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
    # Ids of the games already counted, kept through a reset (docs/stats.md): never counted again.
    counted: list[str] = field(default_factory=list)
    perfect_wins: int = 0  # wins in exactly the deal's fewest possible moves, without hints
    daily: DailyRecord = field(default_factory=DailyRecord)
    recent: list[Finished] = field(default_factory=list)  # the last finished games, oldest first
    challenges: ChallengeRecord = field(default_factory=ChallengeRecord)  # the daily challenges
    level_wins: dict[Level, int] = field(default_factory=dict)  # wins by the deal's grade
    unlocked: dict[str, _dt.date] = field(default_factory=dict)  # achievement id: the day unlocked
    # The other variants' figures by variant key (docs/stats.md, "Each variant apart"): these
    # top-level figures are the open game's without suit runs, as they always were.
    variants: dict[str, Stats] = field(default_factory=dict)
    # Wins with hints (docs/stats.md, "Wins with hints"): in the wins, and in no figure of skill.
    wins_with_hints: int = 0
    # The variant these figures are of, whose rules bound a win's moves (not saved: the top
    # level is the open game's, and each other variant's figures are kept under its key).
    variant: Variant = OPEN

    def __post_init__(self) -> None:
        if self.wins > self.played:
            raise ValueError(reason("more wins than games played"))
        if self.wins_with_hints > self.wins:
            raise ValueError(reason("more wins with hints than wins"))
        # The fastest win and fewest moves are those of wins without hints: there once there is
        # such a win, and never without a win (past the bound, where the wins and the wins with
        # hints stop, a win without hints may still set them).
        best = self.fastest_win is not None
        if (
            best != (self.fewest_moves is not None)
            or (best and self.wins == 0)
            or (not best and self.wins > self.wins_with_hints)
        ):
            raise ValueError(reason("fastest win and fewest moves go with wins without hints"))
        fewest, most = self.variant.win_moves
        if self.fewest_moves is not None and not fewest <= self.fewest_moves <= most:
            raise ValueError(reason("a win takes %(fewest)s to %(most)s moves", fewest=fewest, most=most))
        if (self.played > 0) != (self.best_score is not None):
            raise ValueError(reason("a best score goes with games played"))
        if self.best_score is not None and self.best_score > scoring.max_score():
            raise ValueError(reason("no game scores more than %(max_score)s", max_score=scoring.max_score()))
        if self.streak > self.best_streak or (self.streak > 0) != (self.streak_day is not None):
            raise ValueError(reason("the streaks disagree"))
        if self.best_streak > self.wins or (self.wins > 0) != (self.best_streak > 0):
            raise ValueError(reason("the best streak does not fit the wins"))
        if (
            self.perfect_wins > self.wins
            or len(self.recent) > self.played
            or any(f.variant != self.variant for f in self.recent)
            or sum(f.won for f in self.recent) > self.wins
            or sum(f.perfect for f in self.recent) > self.perfect_wins
            or sum(r.won for r in self.daily.days.values()) > self.wins
            or len(self.daily.days) > self.played
            or sum(r.with_hints for r in self.daily.days.values()) > self.wins_with_hints
        ):
            raise ValueError(reason("perfect wins, daily record and recent games disagree with the totals"))
        if (
            sum(self.level_wins.values()) > self.wins
            or any(n < 0 for n in self.level_wins.values())
            or self.challenges.wins > self.wins
            or sum(map(len, self.challenges.days.values())) > self.played
            or self.challenges.wins_with_hints > self.wins_with_hints
        ):
            raise ValueError(reason("wins by grade and daily challenges disagree with the totals"))
        for key, figures in self.variants.items():
            variant = Variant.from_key(key)
            if variant == OPEN or figures.variant != variant or figures.variants or figures.counted:
                raise ValueError(reason("%(key)s cannot hold a variant's own figures", key=quoted(key)))
        for name, day in self.unlocked.items():
            achievement = achievements.BY_ID.get(name)
            if achievement is None:
                raise ValueError(reason("no achievement is called %(name)s", name=quoted(name)))
            if achievement.lasting and achievement.progress(self, day) < achievement.goal:
                raise ValueError(reason("the achievement %(name)s does not fit the figures", name=name))

    def record(self, result: Result, day: _dt.date) -> bool:
        """Count a finished game on local day ``day``; False if it was counted already.

        Counts stop at :data:`~royal.limits.MAX_COUNT`, the most a record holds (a billion
        games): past it, a game still counts in everything else.
        """
        if result.game_id in self.counted:
            return False
        self.counted = [*self.counted, result.game_id][-COUNTED_IDS_KEPT:]
        if result.variant != OPEN:  # its own figures; the daily records and achievements are the open game's
            self.variants.setdefault(result.variant.key, Stats(variant=result.variant))._count(result, day)
            return True
        self._count(result, day)
        # Only a game the page dealt as a day's deal or challenge is one (Result.daily), never a
        # number that merely reads as a date.
        own_day = result.daily
        if own_day == day and result.number == daily_deal_number(day):
            self.daily.record(day, result.won, result.moves, result.par, result.with_hints)
        if (
            result.number is not None
            and own_day is not None
            and own_day <= day
            and challenge_day(result.number, own_day)
        ):
            self.challenges.record(
                own_day,
                result.number,
                result.won,
                result.moves,
                result.par,
                result.seconds,
                day,
                result.with_hints,
            )
        achievements.unlock(self, result, day)
        return True

    def _count(self, result: Result, day: _dt.date) -> None:
        """The figures a finished game changes in its variant: the eight, perfect wins, the recent
        games, the wins by grade and the wins with hints."""
        self.played = min(self.played + 1, MAX_COUNT)
        self.best_score = _best(self.best_score, result.score, max)
        finished = Finished(
            result.won, result.moves, result.cards_left, result.par, self.variant, result.with_hints
        )
        self.recent = add_recent(self.recent, finished)
        if not result.won:
            return
        # A win with hints is a win, and a winning day; it counts in no figure of skill.
        if result.with_hints and self.wins < MAX_COUNT:  # never more than the wins
            self.wins_with_hints += 1
        self.wins = min(self.wins + 1, MAX_COUNT)
        self.streak_day, self.streak = streak_after_win(day, self.streak_day, self.streak)
        self.best_streak = max(self.best_streak, self.streak)
        if result.with_hints:
            return
        self.perfect_wins = min(self.perfect_wins + finished.perfect, MAX_COUNT)
        self.fastest_win = _best(self.fastest_win, result.seconds, min)
        self.fewest_moves = _best(self.fewest_moves, result.moves, min)
        if result.level is not None:
            self.level_wins[result.level] = min(self.level_wins.get(result.level, 0) + 1, MAX_COUNT)

    def of(self, variant: Variant) -> Stats:
        """The figures of ``variant``: these for the open game, else that variant's own."""
        return self if variant == OPEN else self.variants.get(variant.key, Stats(variant=variant))

    def current_streak(self, today: _dt.date) -> int:
        """The run of winning days that ends today or yesterday, else 0."""
        return current_run(self.streak_day, self.streak, today)

    def end_streaks_after(self, today: _dt.date) -> _dt.date | None:
        """End the streak and the daily streak whose last day is after tomorrow, a clock error
        (docs/stats.md, "Clock errors"): every other figure stays, the best streak included, and
        the next win starts a new streak. The latest day ended, or ``None`` when none was."""
        days = (self.streak_day, self.daily.streak_day, self.challenges.streak_day)
        ended = [day for day in days if day is not None and after_tomorrow(day, today)]
        ended += [day for figures in self.variants.values() if (day := figures.end_streaks_after(today))]
        if self.streak_day in ended:
            self.streak_day, self.streak = None, 0
        if self.daily.streak_day in ended:
            self.daily.streak_day, self.daily.streak = None, 0
        if self.challenges.streak_day in ended:
            self.challenges.streak_day, self.challenges.streak = None, 0
        return max(ended, default=None)


def _best(old: int | None, new: int, pick: Callable[[int, int], int]) -> int:
    return new if old is None else pick(old, new)
