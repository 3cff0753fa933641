"""The points of docs/scoring.md, in one place so the game, the guide and tests agree.

The score is one running total of everything gained and lost. Only what is shown is floored
at 0, so no sequence of undos, redos and hints can wipe out a penalty: an undo then a redo
always costs exactly 15 net, and three hints exactly 75, whatever the score was.
"""

from __future__ import annotations

from dataclasses import dataclass

CARD_POINTS = 10
PAIR_BONUS = 10
WIN_BONUS = 500
TIME_BONUS_SECONDS = 600
UNDO_COST = 15
HINT_COST = 25


def time_bonus(seconds: int) -> int:
    """The win's time bonus after ``seconds`` of play: ``max(0, 600 - seconds)``."""
    return max(0, TIME_BONUS_SECONDS - seconds)


@dataclass(frozen=True)
class Breakdown:
    """Where a score comes from, as the end panel shows it.

    ``cards`` and ``pairs`` count the moves in the current line of play (an undo takes a move's
    points back, a redo gives them again); ``penalties`` is every undo and charged hint so far.
    """

    cards: int = 0
    pairs: int = 0
    win_bonus: int = 0
    time_bonus: int = 0
    penalties: int = 0

    @property
    def total(self) -> int:
        """The running total, which may be below 0."""
        return self.cards + self.pairs + self.win_bonus + self.time_bonus - self.penalties

    @property
    def shown(self) -> int:
        """The score as shown and recorded: the total, or 0 while the total is below 0."""
        return max(0, self.total)


def max_score() -> int:
    """The most one game can score: 50 cards in 25 pairs and a win at once (stats refuse more)."""
    return 50 * CARD_POINTS + 25 * PAIR_BONUS + WIN_BONUS + time_bonus(0)
