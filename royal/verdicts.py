"""What the solver and the chance say of one deal's positions, each worked out once: the page
asks again on every redraw, and a position comes back with every undo and redo."""

from __future__ import annotations

from collections.abc import Sequence

from royal.cards import KING_OF_HEARTS
from royal.chance import Advice, Orders
from royal.difficulty import Level, grade
from royal.line import Line, Played
from royal.solver import Solution, is_winnable, solve
from royal.variant import Variant


class Verdicts:
    """The solver's verdicts on positions of ``cards`` (a deal as dealt) under ``variant``'s rule."""

    def __init__(self, cards: tuple[str, ...], variant: Variant) -> None:
        self.cards = cards
        self.suit_runs = variant.suit_runs
        self._solutions: dict[tuple[str, ...], Solution] = {}
        self._winnable: dict[tuple[str, ...], bool] = {}
        self._advice: dict[tuple[tuple[str, ...], int, int], Advice] = {}
        self._graded = False
        self._difficulty: Level | None = None

    def solution(self, position: tuple[str, ...]) -> Solution:
        """Winnable or not, the fewest moves and a shortest win of an open line."""
        if position not in self._solutions:
            self._solutions[position] = solve(position, self.suit_runs)
        return self._solutions[position]

    def winnable(self, position: tuple[str, ...]) -> bool:
        """Only whether an open line can be won (cheaper than a whole solution)."""
        if position in self._solutions:
            return self._solutions[position].winnable
        if position not in self._winnable:
            self._winnable[position] = is_winnable(position)
        return self._winnable[position]

    @property
    def difficulty(self) -> Level | None:
        """The deal's grade (docs/scoring.md, "Difficulty"); None if it cannot be won."""
        if not self._graded:
            self._difficulty = grade(self.cards)
            self._graded = True
        return self._difficulty

    def last_winnable(self, stack: Sequence[Played]) -> int | None:
        """After how many of the moves in ``stack`` the deal could still be won; None if never.

        Moves only remove cards, so once a position cannot be won nothing after it can: the
        first losing move is where the game went wrong.
        """
        line = Line(self.cards, self.suit_runs)
        if not self.winnable(line.cards):
            return None
        count = 0
        for played in stack:  # the same removals on the whole line: the same positions
            line.push(played.move)
            if not self.winnable(line.cards):
                break
            count += 1
        return count

    def advice(self, line: Line, unseen: Sequence[str], samples: int, seed: int) -> Advice:
        """The chance of a position from the stock and what each removal does to it.

        Only what the player sees goes in (the line, and which cards are unseen, the King of
        Hearts known to be last), so the figure cannot betray the order.
        """
        key = (line.cards, samples, seed)
        if key not in self._advice:
            dealing = bool(unseen)
            rest = [card for card in unseen if card != KING_OF_HEARTS]
            orders = Orders.of(rest, KING_OF_HEARTS if dealing else None, samples, seed)
            self._advice[key] = Advice(line, orders, dealing)
        return self._advice[key]
