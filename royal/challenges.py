"""Daily challenges: four deals a day, one per grade, the same for everyone on a date, and the
calendar of their results (docs/stats.md, "Daily challenges").

A day's challenges come from its date as today's deal does: the candidates are the day's own
deal, numbered ``YYYYMMDD``, then ``YYYYMMDD * 100 + k`` for ``k`` from 1 to 99 (ten digits, so
no other day's own deal), and each grade's challenge is its first candidate of that grade. The
day's own deal is the challenge of its own grade, so today's deal stays what it always was
(an unwinnable one is still the day's deal, recorded beside the challenges, but no challenge).

The record keeps each day's results for :data:`DAYS_KEPT` days counted back from today, enough
for this month and a year of past ones (and, while there is room, the days nearest them, which a
wrong date may bring back: :func:`~royal.records.kept_days`); a result counts on the day the
deal belongs to, whenever it is played, so a past day can be caught up. The daily streak counts
the days with a challenge won on that very day, kept as a last day and a run length as the
stats' streak is.
"""

from __future__ import annotations

import calendar
import datetime as _dt
from collections.abc import Iterator
from dataclasses import dataclass, field

from royal.deals import daily_deal_number, numbered_deal
from royal.difficulty import Level, grade
from royal.limits import MAX_SECONDS
from royal.reason import reason
from royal.records import DayResult, check_streak, current_run, kept_days, streak_after_win

#: Days whose results are kept: this month and the twelve before it, at least.
DAYS_KEPT = 400
#: Candidates tried after the day's own deal before a grade is given up for that day.
CANDIDATES = 99


def candidates(day: _dt.date) -> list[int]:
    """The deals a day's challenges are picked from, in order."""
    own = daily_deal_number(day)
    return [own, *(own * 100 + k for k in range(1, CANDIDATES + 1))]


#: Days whose challenges are kept once found (the first found goes first): two months of a calendar.
FOUND_KEPT = 64
_found: dict[_dt.date, dict[Level, int]] = {}


def search(day: _dt.date) -> Iterator[dict[Level, int] | None]:
    """Find the day's challenge of each grade a candidate at a time: ``None`` after each candidate
    graded (a few milliseconds, so a page can draw between them), then the challenges, once
    found, at once (a grade none of the candidates has is left out, which deals 1 to 20,000
    never showed)."""
    if day not in _found:
        found: dict[Level, int] = {}
        for number in candidates(day):
            level = grade(numbered_deal(number))
            if level is not None and level not in found:
                found[level] = number
                if len(found) == len(Level):
                    break
            yield None
        _found[day] = {level: found[level] for level in Level if level in found}
        while len(_found) > FOUND_KEPT:
            del _found[next(iter(_found))]
    yield dict(_found[day])


def challenges(day: _dt.date) -> dict[Level, int]:
    """The day's challenge of each grade, found at once (:func:`search`)."""
    *_, found = search(day)
    assert found is not None
    return found


def challenge_day(number: int | None, day: _dt.date) -> bool:
    """True when deal ``number`` is a challenge of ``day`` or the day's own deal."""
    return number is not None and (number == daily_deal_number(day) or number in challenges(day).values())


#: The first year :func:`deal_day` reads: earlier "dates" are ordinary numbers (7400101 is no day).
FIRST_YEAR = 2000


def deal_day(number: int | None) -> _dt.date | None:
    """The day from :data:`FIRST_YEAR` on whose candidates include deal ``number`` (its own deal
    first), if any; it may be no challenge. A number is no day's deal for reading as one: only
    a game dealt as a day's deal or challenge is one (``Game.daily``); this reads the games
    saved before games said so (docs/saves.md, "game, version 4")."""
    if number is None:
        return None
    for own in (number, number // 100):
        year, rest = divmod(own, 10000)
        if year < FIRST_YEAR:
            continue
        try:
            day = _dt.date(year, *divmod(rest, 100))
        except (ValueError, OverflowError):  # no date: a month or day out of range, a year past C's int
            continue
        if number in candidates(day):
            return day
    return None


@dataclass(frozen=True)
class ChallengeResult:
    """How one challenge went: won or not, and its best win's moves against par and time, and
    whether it was played with hints (docs/stats.md, "Wins with hints")."""

    won: bool
    par: int | None = None
    moves: int | None = None  # fewest moves among its best wins
    seconds: int | None = None  # fastest of its best wins; None for a win kept from before timings
    with_hints: bool = False  # every win of it was played with hints

    def __post_init__(self) -> None:
        # A day's own deal's checks: moves, par, win and hints.
        DayResult(self.won, self.moves, self.par, self.with_hints)
        if self.seconds is not None and (not self.won or not 0 <= self.seconds <= MAX_SECONDS):
            raise ValueError(reason("a challenge's time goes with its win"))

    def after(self, won: bool, moves: int, seconds: int, with_hints: bool = False) -> ChallengeResult:
        """This result after another game of the same deal. Its best wins are kept as a day's
        are (:meth:`~royal.records.DayResult.after`): a win without hints replaces one with
        hints, whatever its moves and time, and among wins of the same kind the fewest moves
        and the fastest time are kept; a loss never replaces anything."""
        if not won or (self.won and with_hints and not self.with_hints):
            return self
        if not self.won or self.with_hints != with_hints:
            return ChallengeResult(True, self.par, moves, seconds, with_hints)
        fewest = min(moves, self.moves or moves)
        fastest = seconds if self.seconds is None else min(self.seconds, seconds)
        return ChallengeResult(True, self.par, fewest, fastest, with_hints)


@dataclass
class ChallengeRecord:
    """Each kept day's challenge results by deal number, and the daily streak."""

    days: dict[_dt.date, dict[int, ChallengeResult]] = field(default_factory=dict)
    streak_day: _dt.date | None = None  # the last day with a challenge won on it
    streak: int = 0

    def __post_init__(self) -> None:
        days = self.days
        if len(days) > DAYS_KEPT:
            raise ValueError(
                reason("the challenge record holds more than %(days_kept)s days", days_kept=DAYS_KEPT)
            )
        for day, results in days.items():
            allowed = candidates(day)
            if not results or len(results) > len(Level) + 1 or not set(results) <= set(allowed):
                raise ValueError(reason("a day's challenges must be some of that day's deals"))
        check_streak(days, self.won_on, self.streak_day, self.streak, "a day with no challenge won")

    @property
    def wins(self) -> int:
        return sum(r.won for results in self.days.values() for r in results.values())

    @property
    def wins_with_hints(self) -> int:
        """The challenges whose wins were all played with hints."""
        return sum(r.with_hints for results in self.days.values() for r in results.values())

    def won_on(self, day: _dt.date) -> bool:
        """True when a challenge of ``day`` was won."""
        return any(r.won for r in self.days.get(day, {}).values())

    def record(
        self,
        day: _dt.date,
        number: int,
        won: bool,
        moves: int,
        par: int | None,
        seconds: int,
        today: _dt.date,
        with_hints: bool = False,
    ) -> None:
        """A game of ``day``'s challenge ``number`` ended on ``today``, with hints or not."""
        results = dict(self.days.get(day, {}))
        old = results.get(number, ChallengeResult(False, par))
        results[number] = old.after(won, moves, seconds, with_hints)
        self.days[day] = results
        if won and day == today:
            self.streak_day, self.streak = streak_after_win(day, self.streak_day, self.streak)
        self.days = kept_days(self.days, today, DAYS_KEPT)

    def current_streak(self, today: _dt.date) -> int:
        """Consecutive days with a challenge won on them, ending today or yesterday; else 0."""
        return current_run(self.streak_day, self.streak, today)

    def month_won(self, year: int, month: int, today: _dt.date) -> bool:
        """True when every day of a month already over had a challenge won: the month's mark."""
        last = _dt.date(year, month, calendar.monthrange(year, month)[1])
        if last >= today:
            return False
        return all(self.won_on(_dt.date(year, month, d)) for d in range(1, last.day + 1))
