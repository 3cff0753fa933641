"""A deal's difficulty, Easy to Expert, from how long simple play keeps it winnable.

The measure (docs/scoring.md, "Difficulty"): three plays of the deal, one always taking the
leftmost legal move and two taking random legal moves (drawn from the deal shuffle's own
generator, royal/deals.py, seeded by the cards, so every device and every Python version grades
a deal alike), each scored by the cards it had removed when it last could still win (50 for a
win); the measure is their sum, 0 to 150. A deal that forgives careless moves keeps simple play
winnable long; a hard one loses the win within a few moves. The solver says where each play lost
the win: winnability only falls as cards go, so a binary search over the play's moves needs
about six verdicts, and grading a deal costs a few milliseconds.

The thresholds split deals 1 to 1,000 into quarters (under Python's own random, before the
plays moved to the deal shuffle's generator, and kept then); ``royal odds --difficulty`` checks over
deals 1 to 20,000 that both simple players win less at every step from Easy to Expert.
An unwinnable deal has no grade.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum

from royal.deals import SplitMix64
from royal.line import Line, Move
from royal.solver import is_winnable

#: Cards a play removes from a deal on its way to a win.
CARDS_TO_CLEAR = 50
#: Random plays in the measure, besides the leftmost one.
RANDOM_PLAYS = 2
#: FNV-1a's 64-bit offset basis and prime, which turn a deal's cards into the plays' seed.
_FNV_BASIS = 0xCBF29CE484222325
_FNV_PRIME = 0x100000001B3


class Level(StrEnum):
    """A deal's grade; the values are what ``[data-field=difficulty]`` shows as ``data-level``."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    EXPERT = "expert"


#: The least measure of each grade, easiest first (about quarters of deals 1 to 1,000); below the
#: last, Expert.
THRESHOLDS: tuple[tuple[Level, int], ...] = ((Level.EASY, 111), (Level.MEDIUM, 90), (Level.HARD, 68))


def leftmost(moves: list[Move]) -> Move:
    """The simple player who always takes the leftmost legal move."""
    return moves[0]


def play_out(
    cards: Sequence[str], choose: Callable[[list[Move]], Move], suit_runs: bool = False, stock: bool = False
) -> Line:
    """The line after playing ``cards`` with ``choose`` picking from the legal moves until none
    is left (a win leaves two cards): the simple players of the grade and of ``royal odds``.

    In the open game every card is dealt first; from the stock the player removes whenever a
    move is legal and deals only when none is.
    """
    line = Line(cards[:1] if stock else cards, suit_runs)
    stock_left = iter(cards[len(line) :])
    while True:
        if moves := line.legal_moves():
            line.push(choose(moves))
        elif (card := next(stock_left, None)) is not None:
            line.deal(card)
        else:
            return line


def cleared_while_winnable(cards: Sequence[str], choose: Callable[[list[Move]], Move]) -> int:
    """How many cards a play with ``choose`` had removed when it last could still win
    (``cards`` must be winnable)."""
    line = play_out(cards, choose)
    if len(line) == 2:
        return CARDS_TO_CLEAR
    played = [p.move for p in line.stack]
    low, high = 0, len(played)  # winnable after ``low`` moves, lost after ``high``

    def after(count: int) -> Line:
        while len(line.stack) > count:
            line.pop()
        while len(line.stack) < count:
            line.push(played[len(line.stack)])
        return line

    while high - low > 1:
        middle = (low + high) // 2
        if is_winnable(after(middle).cards):
            low = middle
        else:
            high = middle
    return len(cards) - len(after(low))


def seed_of(cards: Sequence[str]) -> int:
    """The random plays' seed: FNV-1a (64 bits) of the cards' codes joined by spaces, so it
    depends on nothing but the deal and this function."""
    value = _FNV_BASIS
    for byte in " ".join(cards).encode("ascii"):
        value = ((value ^ byte) * _FNV_PRIME) & ((1 << 64) - 1)
    return value


def measure(cards: Sequence[str]) -> int:
    """The deal's measure, 0 (hardest) to 150 (three simple plays win); ``cards`` winnable."""
    rng = SplitMix64(seed_of(cards))

    def random_move(moves: list[Move]) -> Move:
        return moves[rng.below(len(moves))]

    plays = [leftmost] + [random_move] * RANDOM_PLAYS
    return sum(cleared_while_winnable(cards, choose) for choose in plays)


def level_of(value: int) -> Level:
    """The grade of a measure."""
    for level, least in THRESHOLDS:
        if value >= least:
            return level
    return Level.EXPERT


def grade(cards: Sequence[str]) -> Level | None:
    """The deal's grade, or ``None`` when it cannot be won."""
    if not is_winnable(cards):
        return None
    return level_of(measure(cards))
