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

With suit runs (SolSuite's rule: three or more enclosed cards may go at once when they are all
of one suit) the last move inside ``(i, j)`` may also take a run ``k1 < ... < km`` of one suit,
each gap of the chain ``i, k1, ..., km, j`` cleared first. A third table holds the chains:

* ``run(i, k)``: ``clear(i, k)``, or ``run(i, k')`` and ``clear(k', k)`` for some ``k'`` of
  ``k``'s suit: the cards from ``i`` to ``k`` can be cleared down to a run of one suit ending at
  ``k``. Then ``clear(i, j)`` also holds when ``i`` and ``j`` match and ``run(i, k)`` and
  ``clear(k, j)`` for some ``k``.

The rule changes how fast a line can be won, never whether: a run ``k1 ... km`` of one suit
standing alone between ``i`` and ``j`` can also be worn down by ordinary moves (``k1-k3``
takes ``k2``, then ``k1-k4`` takes ``k3``, ...) to the pair ``k1 km``, which ``i-j`` takes. So
:func:`is_winnable` serves both rules, and only :func:`solve` gains the ``run`` table; the
default rules' code is untouched by the option, so it is exactly as fast.
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
    """True when every card between the two end cards can still be removed, under either rule
    (suit runs shorten wins but never make one: the module docstring says why)."""
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


def solve(cards: Sequence[str], suit_runs: bool = False) -> Solution:
    """Decide the line and, when it can be won, give a win in the fewest moves."""
    _check(cards)
    if suit_runs:
        return _solve_with_runs(cards)
    n = len(cards)
    match = _match_rows(cards)
    clear_from = [1 << (i + 1) for i in range(n)]
    clear_to = [1 << (j - 1) if j else 0 for j in range(n)]
    one_from = [0] * n
    # cost[i][j]: fewest moves for clear(i, j); one_cost likewise for one(i, j).
    cost = [[0] * n for _ in range(n)]
    one_cost = [[0] * n for _ in range(n)]
    one_via = [[0] * n for _ in range(n)]  # the k that achieves one_cost
    last: list[list[tuple[int, ...]]] = [
        [()] * n for _ in range(n)
    ]  # the card(s) the last move of (i, j) takes
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
                choice: tuple[int, ...] = (k_best,)
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
    return _solution(cards, bool(clear_from[0] >> (n - 1) & 1), last)


def _solution(cards: Sequence[str], winnable: bool, last: list[list[tuple[int, ...]]]) -> Solution:
    """The shortest win read back from ``last``: for each cleared gap, the cards its last move takes."""
    if not winnable:
        return Solution(False, None, ())
    moves: list[Move] = []

    def emit(i: int, j: int) -> None:
        if j == i + 1:
            return
        taken = last[i][j]
        for left, right in zip((i, *taken), (*taken, j), strict=True):
            emit(left, right)
        moves.append(Move(cards[i], cards[j]))

    emit(0, len(cards) - 1)
    return Solution(True, len(moves), tuple(moves))


def _suit_rows(cards: Sequence[str]) -> list[int]:
    """For each position, the bitset of the positions holding a card of its suit."""
    by_suit: dict[str, int] = {}
    for k, card in enumerate(cards):
        by_suit[card[1]] = by_suit.get(card[1], 0) | 1 << k
    return [by_suit[card[1]] for card in cards]


def _solve_with_runs(cards: Sequence[str]) -> Solution:
    """:func:`solve` under the suit-runs rule: the ``one`` and ``run`` tables with move counts."""
    n = len(cards)
    match = _match_rows(cards)
    same_suit = _suit_rows(cards)
    never = n * n  # more moves than any line needs: "cannot be done"
    cost = [[never] * n for _ in range(n)]  # fewest moves for clear(i, j)
    one_cost = [[never] * n for _ in range(n)]  # fewest moves for one(i, j)
    one_via = [[-1] * n for _ in range(n)]  # the card one(i, j) leaves
    run_cost = [[never] * n for _ in range(n)]  # fewest moves for run(i, k)
    run_via = [[-1] * n for _ in range(n)]  # the run's card before k, or -1 when k is its first
    last: list[list[tuple[int, ...]]] = [[()] * n for _ in range(n)]
    for i in range(n - 1):
        cost[i][i + 1] = run_cost[i][i + 1] = 0
    for span in range(2, n):
        for i in range(n - span):
            j = i + span
            row, row_one, row_run = cost[i], one_cost[i], run_cost[i]
            for k in range(i + 1, j):
                if row[k] + cost[k][j] < row_one[j]:
                    row_one[j], one_via[i][j] = row[k] + cost[k][j], k
            if match[i] >> j & 1:
                best = never
                choice: tuple[int, ...] = ()
                for k in range(i + 1, j):
                    if row_run[k] + cost[k][j] < best:  # a run of one suit left last (one card too)
                        best, choice = row_run[k] + cost[k][j], _run(run_via[i], k)
                    if row_one[k] + cost[k][j] < best:  # a pair left last, of any suits
                        best, choice = row_one[k] + cost[k][j], (one_via[i][k], k)
                if best < never:
                    row[j] = best + 1
                    last[i][j] = choice
            row_run[j] = row[j]
            for k in _bits(same_suit[j] & ((1 << j) - (1 << (i + 1)))):
                if row_run[k] + cost[k][j] < row_run[j]:
                    row_run[j], run_via[i][j] = row_run[k] + cost[k][j], k
    return _solution(cards, cost[0][n - 1] < never, last)


def _run(via: list[int], k: int) -> tuple[int, ...]:
    """The run of one suit that ends at ``k``, read back along ``via``, left to right."""
    run = [k]
    while via[run[-1]] >= 0:
        run.append(via[run[-1]])
    return tuple(reversed(run))
