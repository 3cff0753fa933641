"""The chance that a position of the stock game can still be won, over the orders the unseen
cards may fall in (docs/rules.md, "The chance").

Dealing never closes an option: a dealt card joins the right end, so every move among the dealt
cards stays legal, and a move among the dealt cards stays legal when more cards lie to their
right. Hence a position wins for one order of the stock exactly when the open line of the
surviving dealt cards followed by the stock in that order wins (deal everything, then play the
open win; and any win of the stock game, its deals left out, is a win of that open line). The
exact solver decides each order; the share of orders that win is the chance. With few unseen
cards every order is counted; otherwise a sample, drawn from a seed the caller gives, so one
position always gets the same figure.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from royal.line import Line, Move
from royal.solver import is_winnable

#: Orders sampled when there are too many to count: the 95% interval is within 7 points
#: (1.96 * sqrt(0.25 / 200)), within 4 points near 90%.
SAMPLES = 200


@dataclass(frozen=True)
class Chance:
    """Of ``orders`` orders of the stock (all of them when ``exact``), ``wins`` still win."""

    wins: int
    orders: int
    exact: bool

    @property
    def share(self) -> float:
        """The chance as a fraction of 1."""
        return self.wins / self.orders

    @property
    def percent(self) -> int:
        """The chance in whole percent, as the page words it."""
        return round(100 * self.share)


@dataclass(frozen=True)
class Orders:
    """The orders the stock is weighed over: every one, or a seeded sample."""

    orders: tuple[tuple[str, ...], ...]
    exact: bool

    @classmethod
    def of(cls, unseen: Sequence[str], bottom: str | None, samples: int, seed: int) -> Orders:
        """Orders of ``unseen`` (any order of them) followed by ``bottom``, the card known to come last.

        ``unseen`` is taken in code order first, so the figure depends on the cards only.
        """
        cards = sorted(unseen)
        tail = (bottom,) if bottom is not None else ()
        if math.factorial(len(cards)) <= samples:
            return cls(tuple((*p, *tail) for p in itertools.permutations(cards)), True)
        rng = random.Random(seed)
        return cls(tuple((*rng.sample(cards, len(cards)), *tail) for _ in range(samples)), False)

    def winning(self, line: Sequence[str]) -> Orders:
        """The orders for which ``line`` followed by the stock still wins (kept as counted)."""
        start = tuple(line)
        return Orders(tuple(o for o in self.orders if is_winnable(start + o)), self.exact)

    def all_win(self, line: Sequence[str]) -> bool:
        """True when ``line`` followed by the stock wins in every one of these orders (stops at a loss)."""
        start = tuple(line)
        return all(is_winnable(start + o) for o in self.orders)

    def chance(self, wins: Orders) -> Chance:
        """The share of these orders that ``wins`` (a :meth:`winning` subset of them) holds."""
        return Chance(len(wins.orders), len(self.orders), self.exact)


class Advice:
    """What the unseen cards leave open in one position: the chance now (dealing on keeps it),
    and which removals keep it whole, weighed over the same orders of the stock.

    A removal can only lose orders, never gain one, so it is weighed over the orders that win
    now, and a loss in one of them is enough to know it lowers the chance: a removal's own
    chance is the chance of the position it leads to.
    """

    def __init__(self, line: Line, orders: Orders, can_deal: bool) -> None:
        self._line = Line(line.cards, line.suit_runs)
        self._wins = orders.winning(line.cards)
        self.chance = orders.chance(self._wins)
        self.can_deal = can_deal
        self._keeps: dict[Move, bool] = {}

    def keeps(self, move: Move) -> bool:
        """True when ``move`` (legal here) wins in every order that wins now."""
        if move not in self._keeps:
            self._line.push(move)
            self._keeps[move] = self._wins.all_win(self._line.cards)
            self._line.pop()
        return self._keeps[move]

    def lowers(self, move: Move) -> bool:
        """True when ``move`` lowers the chance (the warning)."""
        return not self.keeps(move)

    @property
    def best(self) -> Move | None:
        """The removal to hint: the leftmost that keeps the whole chance; ``None`` when none does
        (dealing on loses nothing then, while the stock lasts) or nothing wins."""
        if not self.chance.wins:
            return None
        return next((move for move in self._line.legal_moves() if self.keeps(move)), None)
