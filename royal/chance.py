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
