"""Records kept beside the stats: the daily deal's results and the last finished games.

The daily record notes, for each local day, how that day's own deal (numbered ``YYYYMMDD``)
went when it was played on that day; a game of another date's deal is an ordinary game. At most
:data:`DAYS_SHOWN` days are kept: the last ones, counted back from today, since that is all the
page shows, and while there is room the days nearest them, which a wrong date may bring back
(:func:`kept_days`). The daily streak is kept as a last won day and a run length (as the stats'
streak is), so it can grow past them.

Recent games are the last :data:`RECENT_KEPT` finished games, enough to draw how far each win
was from par and how many cards each loss left.

Each record refuses, as it is made, what no play could produce (a save is loaded by making
them), as :class:`~royal.settings.Settings` does.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypeVar

from royal.limits import MAX_COUNT
from royal.reason import reason
from royal.variant import OPEN, Variant

#: Days in the daily record's row, today included; older days are dropped.
DAYS_SHOWN = 30
#: Finished games kept for the chart of recent games.
RECENT_KEPT = 30

T = TypeVar("T")


class DayStatus(StrEnum):
    """A day's result for its own deal; the values are what ``data-result`` shows."""

    WON = "won"
    PLAYED = "played"  # played and not won
    NONE = "none"  # not played


@dataclass(frozen=True)
class DayResult:
    """How a day's deal went: won or not, and its best win's moves against par and whether it
    was played with hints (docs/stats.md, "Wins with hints")."""

    won: bool
    moves: int | None = None  # fewest moves among the day's best wins
    par: int | None = None
    with_hints: bool = False  # every win of the day was played with hints

    def __post_init__(self) -> None:
        fewest, most = OPEN.win_moves  # a day's deal is the open game's without suit runs
        if self.par is not None and not fewest <= self.par <= most:
            raise ValueError(
                reason("a day's par must be from %(fewest)s to %(most)s moves", fewest=fewest, most=most)
            )
        if (self.won and self.par is None) or self.won != (self.moves is not None):
            raise ValueError(reason("a day's moves and par go with its win"))
        if self.moves is not None and not (self.par or fewest) <= self.moves <= most:
            raise ValueError(reason("a day's fewest moves must be from its par to %(most)s", most=most))
        if self.with_hints and not self.won:
            raise ValueError(reason("a day's hints go with its win"))

    def after(self, won: bool, moves: int, with_hints: bool) -> DayResult:
        """This result after another game of the day's deal, won (or not) in ``moves``, with hints
        or not: a win without hints is better than one with hints, whatever their moves, and
        among wins of the same kind the fewest moves are; a loss never replaces anything."""
        if not won or (self.won and with_hints and not self.with_hints):
            return self
        if not self.won or self.with_hints != with_hints:
            return DayResult(True, moves, self.par, with_hints)
        return DayResult(True, min(moves, self.moves or moves), self.par, with_hints)

    @property
    def status(self) -> DayStatus:
        return DayStatus.WON if self.won else DayStatus.PLAYED


@dataclass
class DailyRecord:
    """Each recent day's result for its own deal, and the run of days whose deal was won."""

    days: dict[_dt.date, DayResult] = field(default_factory=dict)
    streak_day: _dt.date | None = None  # the last day whose deal was won
    streak: int = 0  # consecutive days whose deal was won, ending on streak_day

    def __post_init__(self) -> None:
        days = self.days
        if len(days) > DAYS_SHOWN:
            raise ValueError(
                reason("the daily record holds more than %(days_shown)s days", days_shown=DAYS_SHOWN)
            )
        check_streak(
            days,
            lambda day: bool(getattr(days.get(day), "won", False)),
            self.streak_day,
            self.streak,
            "a day that was not won",
        )

    def record(self, day: _dt.date, won: bool, moves: int, par: int | None, with_hints: bool = False) -> None:
        """A game of ``day``'s own deal ended on ``day``: won in ``moves`` moves, with hints or
        not, or not won. The day keeps its best result (:meth:`DayResult.after`)."""
        old = self.days.get(day)
        if old is None or old.par is None:  # one deal a day: its par, once known, stays
            old = DayResult(False, None, par)
        self.days[day] = old.after(won, moves, with_hints)
        if won:  # any win makes the day a winning one, with hints or not
            self.streak_day, self.streak = streak_after_win(day, self.streak_day, self.streak)
        self.days = kept_days(self.days, day, DAYS_SHOWN)

    def on(self, day: _dt.date) -> DayResult | None:
        """The result of ``day``'s deal, or ``None`` if it was not played that day."""
        return self.days.get(day)

    def row(self, today: _dt.date) -> list[tuple[_dt.date, DayStatus]]:
        """The last :data:`DAYS_SHOWN` days, oldest first, each with its status."""
        days = [today - _dt.timedelta(days=back) for back in range(DAYS_SHOWN - 1, -1, -1)]
        return [(d, self.days[d].status if d in self.days else DayStatus.NONE) for d in days]

    def current_streak(self, today: _dt.date) -> int:
        """Consecutive days whose deal was won, ending today or yesterday; else 0."""
        return current_run(self.streak_day, self.streak, today)


@dataclass(frozen=True)
class Finished:
    """A finished game as the chart of recent games draws it, in the variant whose rules bound
    its moves and par (its stats' variant: a record does not save it)."""

    won: bool
    moves: int
    cards_left: int
    par: int | None  # the deal's fewest possible moves; None for a deal that cannot be won
    variant: Variant = OPEN
    with_hints: bool = False  # a hint named a move: never a perfect marriage (docs/stats.md)

    def __post_init__(self) -> None:
        fewest, most = self.variant.win_moves
        if not 0 <= self.moves <= most or not 2 <= self.cards_left <= 52:
            raise ValueError(
                reason("a recent game takes 0 to %(most)s moves and leaves 2 to 52 cards", most=most)
            )
        if self.par is not None and not fewest <= self.par <= most:
            raise ValueError(
                reason(
                    "a recent game's par must be from %(fewest)s to %(most)s moves", fewest=fewest, most=most
                )
            )
        removed = 52 - self.cards_left
        if (
            not self.moves <= removed <= self.moves * self.variant.most_removed  # one card a move at least
            or self.won != (self.cards_left == 2)
            or (self.won and (self.par is None or self.moves < self.par))
        ):
            raise ValueError(reason("a recent game's moves, cards left and par disagree"))

    @property
    def over_par(self) -> int | None:
        """A win's moves beyond par (0 for a perfect marriage); None for a loss."""
        return self.moves - self.par if self.won and self.par is not None else None

    @property
    def perfect(self) -> bool:
        """A win in exactly the deal's fewest possible moves, without hints."""
        return self.over_par == 0 and not self.with_hints


def kept_days(days: dict[_dt.date, T], today: _dt.date, window: int) -> dict[_dt.date, T]:
    """The ``days`` a record keeps on ``today``, oldest first: at most ``window`` of them, every one
    of the last ``window`` days (today's included) first, then, while there is room, the others
    nearest today, older or after it (docs/stats.md, "Clock errors": a date that was wrong then,
    or is wrong now, costs no day while there is room). The days kept, in order, are a run of
    those given: none is missing between the first and the last."""
    first = today - _dt.timedelta(days=window - 1)
    ranked = sorted(days, key=lambda day: (not first <= day <= today, abs((day - today).days), day))
    return {day: days[day] for day in sorted(ranked[:window])}


def check_streak(
    days: Collection[_dt.date],
    won: Callable[[_dt.date], bool],
    streak_day: _dt.date | None,
    streak: int,
    not_won: str,
) -> None:
    """Refuse a daily streak (its last day and length) that the ``days`` kept contradict: it has
    its day exactly when it is above 0, and that day, if it falls among the days kept (from the
    first to the last), is a day ``won``; ``not_won`` names such a day in the reason. (It may lie
    outside them, dropped to make room for days nearer the date of a later game: :func:`kept_days`.)"""
    if (streak > 0) != (streak_day is not None):
        raise ValueError(reason("the daily streak disagrees with its day"))
    if streak_day is not None and days and min(days) <= streak_day <= max(days) and not won(streak_day):
        raise ValueError(reason("the daily streak ends on %(not_won)s", not_won=not_won))


def add_recent(recent: list[Finished], game: Finished) -> list[Finished]:
    """``recent`` with ``game`` added last, keeping the newest :data:`RECENT_KEPT`."""
    return [*recent, game][-RECENT_KEPT:]


def after_tomorrow(day: _dt.date, today: _dt.date) -> bool:
    """True for a day after tomorrow: a clock error (docs/stats.md, "Clock errors"), since a
    clock that was ahead dated it or this one is behind. Tomorrow is only a time-zone change."""
    return (day - today).days > 1


def streak_after_win(day: _dt.date, last: _dt.date | None, length: int) -> tuple[_dt.date, int]:
    """A run of days with a win (kept as its last day and length) after a win on ``day``.

    A win on the run's last day, or the day before (a time-zone change), adds no day. A win on
    any other day restarts the run, even one long before its last day: that day came from a
    clock that was ahead, and keeping it would freeze the run for good once the clock is right.
    A run stops growing at :data:`~royal.limits.MAX_COUNT` days, the most a record holds.
    """
    if last is not None and -1 <= (day - last).days <= 0:
        return last, length
    if last is not None and (day - last).days == 1:
        return day, min(length + 1, MAX_COUNT)
    return day, 1


def current_run(last: _dt.date | None, length: int, today: _dt.date) -> int:
    """The run's length if it ends today or yesterday, else 0 (a run dated tomorrow counts: the
    clock of a time-zone change; one dated later is a clock error)."""
    if last is None or after_tomorrow(last, today) or (today - last).days > 1:
        return 0
    return length
