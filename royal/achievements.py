"""Achievements (docs/stats.md, "Achievements"): fifteen goals, each with its progress, kept with
the stats as the day each was unlocked.

Most goals are figures the stats keep (wins, perfect wins, wins by grade, the daily record), so
their progress is read from the stats; a few are one game's feat (a win without undo or hint,
an Expert deal won in par), whose progress is only whether it happened. Once unlocked, an
achievement stays, even when the figure it counts falls again (a streak that ends).

A win with hints reaches no goal of skill (docs/stats.md, "Wins with hints"): the figures those
goals read leave it out, and the feats ask for a win without hints.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from royal.difficulty import Level

if TYPE_CHECKING:
    from royal.game import Result
    from royal.stats import Stats

#: A win under a minute: this many seconds or fewer.
QUICK_SECONDS = 59


@dataclass(frozen=True)
class Achievement:
    """One goal: its id (what ``data-achievement`` shows), how far a player is, and the goal.

    ``progress`` reads the stats; ``feat``, for a goal one game reaches, says whether the game
    just counted reached it. ``lasting`` goals count figures that never fall, so an unlocked
    one always has its progress at the goal (what a strict load checks).
    """

    id: str
    goal: int
    progress: Callable[[Stats, _dt.date], int]
    feat: Callable[[Result], bool] | None = None
    lasting: bool = True


def _level_wins(level: Level) -> Callable[[Stats, _dt.date], int]:
    return lambda stats, today: stats.level_wins.get(level, 0)


def _feat(achievement_id: str) -> Callable[[Stats, _dt.date], int]:
    return lambda stats, today: int(achievement_id in stats.unlocked)


def _won_unhinted(result: Result) -> bool:
    return result.won and not result.with_hints


def _months_won(stats: Stats, today: _dt.date) -> int:
    months = {(day.year, day.month) for day in stats.challenges.days}
    return sum(stats.challenges.month_won(year, month, today) for year, month in months)


ACHIEVEMENTS: tuple[Achievement, ...] = (
    Achievement("first-win", 1, lambda s, t: s.wins),
    Achievement("ten-wins", 10, lambda s, t: s.wins),
    Achievement("hundred-wins", 100, lambda s, t: s.wins),
    Achievement("perfect", 1, lambda s, t: s.perfect_wins),
    Achievement("ten-perfect", 10, lambda s, t: s.perfect_wins),
    Achievement("unaided", 1, _feat("unaided"), lambda r: _won_unhinted(r) and not r.assisted, lasting=False),
    Achievement("quick", 1, lambda s, t: int(s.fastest_win is not None and s.fastest_win <= QUICK_SECONDS)),
    Achievement("easy-won", 1, _level_wins(Level.EASY)),
    Achievement("medium-won", 1, _level_wins(Level.MEDIUM)),
    Achievement("hard-won", 1, _level_wins(Level.HARD)),
    Achievement("expert-won", 1, _level_wins(Level.EXPERT)),
    Achievement(
        "expert-par",
        1,
        _feat("expert-par"),
        lambda r: _won_unhinted(r) and r.level is Level.EXPERT and r.moves == r.par,
        lasting=False,
    ),
    Achievement("first-daily", 1, lambda s, t: int(s.challenges.wins > 0), lasting=False),
    Achievement("week-streak", 7, lambda s, t: s.challenges.current_streak(t), lasting=False),
    Achievement("full-month", 1, _months_won, lasting=False),
)
BY_ID = {a.id: a for a in ACHIEVEMENTS}


def progress(achievement: Achievement, stats: Stats, today: _dt.date) -> int:
    """How far towards its goal, capped at the goal (the goal itself once unlocked)."""
    if achievement.id in stats.unlocked:
        return achievement.goal
    return min(achievement.progress(stats, today), achievement.goal)


def newly_reached(stats: Stats, result: Result | None, today: _dt.date) -> list[Achievement]:
    """The achievements not yet unlocked that the stats (after ``result`` counted) reach."""
    return [
        a
        for a in ACHIEVEMENTS
        if a.id not in stats.unlocked
        and (
            (a.feat is not None and result is not None and a.feat(result))
            or (a.feat is None and a.progress(stats, today) >= a.goal)
        )
    ]


def unlock(stats: Stats, result: Result | None, today: _dt.date) -> list[Achievement]:
    """Unlock, dated ``today``, what the stats reach (with ``result``, the game just counted, or
    ``None`` at a load, where older stats may have earned some already); those unlocked."""
    reached = newly_reached(stats, result, today)
    for achievement in reached:
        stats.unlocked[achievement.id] = today
    return reached
