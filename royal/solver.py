"""The exact solver: can a line still be won, in how few moves, and how.

Why an interval dynamic program works (docs/rules.md, "What the solver knows"): while two cards both
survive, every move lies entirely between them or entirely outside, so the gap between two
surviving cards is a sub-game of its own. The last move inside a gap ``(i, j)`` removes the
last one or two cards there, so its boundaries are ``i`` and ``j`` themselves. Hence:

* ``clear(i, j)``: the cards strictly between positions ``i`` and ``j`` can all be removed
  with ``i`` and ``j`` surviving. True for neighbours; otherwise ``i`` and ``j`` must match
  and either ``one(i, j)`` (a single card ``k`` is left last) or ``one(i, l)`` and
  ``clear(l, j)`` for some ``l`` (a pair ``k, l`` is left last).
* ``one(i, j)``: some ``k`` between has ``clear(i, k)`` and ``clear(k, j)``.

A line is winnable when ``clear(0, n - 1)``. Rows of these tables are kept as bitsets (Python
ints), so deciding a full line costs a few thousand integer operations, well under a
millisecond in CPython; the shortest win runs the same recursion with move counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from royal.cards import cards_match
from royal.line import Move


@dataclass(frozen=True)
class Solution:
    """The verdict on a line: winnable or not, the fewest moves, and one shortest win."""

    winnable: bool
    min_moves: int | None
    moves: tuple[Move, ...]

    def as_notation(self) -> list[str]:
        """The winning moves as ``QH-7H`` strings, in playing order."""
        return [str(m) for m in self.moves]


def _match_rows(cards: Sequence[str]) -> list[int]:
    """For each position, the bitset of later positions it can bound a move with."""
    n = len(cards)
    rows = []
    for i, card in enumerate(cards):
        row = 0
        for j in range(i + 2, n):
            if cards_match(card, cards[j]):
                row |= 1 << j
        rows.append(row)
    return rows


def _check(cards: Sequence[str]) -> None:
    if len(cards) < 2:
        raise ValueError("a line has at least its two end cards")


def is_winnable(cards: Sequence[str]) -> bool:
    """True when every card between the two end cards can still be removed."""
    _check(cards)
    n = len(cards)
    match = _match_rows(cards)
    clear_from = [1 << (i + 1) for i in range(n)]  # bit j: clear(i, j)
    clear_to = [1 << (j - 1) if j else 0 for j in range(n)]  # bit i: clear(i, j)
    one_from = [0] * n  # bit j: one(i, j)
    for span in range(2, n):
        for i in range(n - span):
            j = i + span
            bit_j = 1 << j
            if clear_from[i] & clear_to[j]:
                one_from[i] |= bit_j
                if match[i] & bit_j:
                    clear_from[i] |= bit_j
                    clear_to[j] |= 1 << i
            elif match[i] & bit_j and one_from[i] & clear_to[j]:
                clear_from[i] |= bit_j
                clear_to[j] |= 1 << i
    return bool(clear_from[0] >> (n - 1) & 1)


def _bits(value: int) -> list[int]:
    """Positions of the set bits of ``value``, lowest first."""
    found = []
    while value:
        low = value & -value
        found.append(low.bit_length() - 1)
        value ^= low
    return found


def solve(cards: Sequence[str]) -> Solution:
    """Decide the line and, when it can be won, give a win in the fewest moves."""
    _check(cards)
    n = len(cards)
    match = _match_rows(cards)
    clear_from = [1 << (i + 1) for i in range(n)]
    clear_to = [1 << (j - 1) if j else 0 for j in range(n)]
    one_from = [0] * n
    # cost[i][j]: fewest moves for clear(i, j); one_cost likewise for one(i, j).
    cost = [[0] * n for _ in range(n)]
    one_cost = [[0] * n for _ in range(n)]
    one_via = [[0] * n for _ in range(n)]  # the k that achieves one_cost
    last = [[(0, 0)] * n for _ in range(n)]  # the card(s) left for the final move of (i, j)
    for span in range(2, n):
        for i in range(n - span):
            j = i + span
            bit_j = 1 << j
            row_cost = cost[i]
            singles = clear_from[i] & clear_to[j]
            best = None
            if singles:
                one_from[i] |= bit_j
                best, k_best = min((row_cost[k] + cost[k][j], k) for k in _bits(singles))
                one_cost[i][j] = best
                one_via[i][j] = k_best
                choice = (k_best, 0)
            if not match[i] & bit_j:
                continue
            row_one = one_cost[i]
            for second in _bits(one_from[i] & clear_to[j]):
                total = row_one[second] + cost[second][j]
                if best is None or total < best:
                    best, choice = total, (one_via[i][second], second)
            if best is not None:
                clear_from[i] |= bit_j
                clear_to[j] |= 1 << i
                cost[i][j] = best + 1
                last[i][j] = choice
    if not clear_from[0] >> (n - 1) & 1:
        return Solution(False, None, ())
    moves: list[Move] = []

    def emit(i: int, j: int) -> None:
        if j == i + 1:
            return
        k, second = last[i][j]
        emit(i, k)
        if second:
            emit(k, second)
            emit(second, j)
        else:
            emit(k, j)
        moves.append(Move(cards[i], cards[j]))

    emit(0, n - 1)
    return Solution(True, len(moves), tuple(moves))
