"""Finish for me (docs/play.md, "Finish for me"): the rest of a win, once it is forced.

The rest is forced when from here, at each step, exactly one legal move keeps the game winnable;
then playing those moves is no choice the player has left, and the game counts as their win.
The search stops at the first position with a second winning move, which comes early in an
open game, so asking after every move is cheap.
"""

from __future__ import annotations

from collections.abc import Sequence

from royal.line import Line, Move
from royal.solver import is_winnable


def forced_finish(cards: Sequence[str], suit_runs: bool) -> list[Move] | None:
    """The moves that win from ``cards`` when each is the only one that keeps the win, under the
    game's rule (with ``suit_runs`` a run move is one more choice); else ``None`` (a position
    that cannot be won, one already won, or one with a choice)."""
    line = Line(cards, suit_runs)
    if len(line) == 2 or not is_winnable(line.cards):
        return None
    moves: list[Move] = []
    while len(line) > 2:
        keeping = None
        for move in line.legal_moves():
            line.push(move)
            if is_winnable(line.cards):
                if keeping is not None:
                    return None
                keeping = move
            line.pop()
        assert keeping is not None, "a winnable line always has a move that keeps the win"
        line.push(keeping)
        moves.append(keeping)
    return moves
