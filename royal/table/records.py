"""What a win brought, for its end panel (docs/play.md, "The win"): the records it beat and the
achievements it unlocked, read from the stats before and after the winning move counted."""

from __future__ import annotations

from royal.stats import Stats
from royal.table.state import Won
from royal.variant import Variant

#: The records a win can beat, by the stats panel's names (``data-stat``), and whether lower is
#: better.
RECORDS = {"fastest-win": True, "fewest-moves": True, "best-score": False, "best-streak": False}


def records_of(stats: Stats, variant: Variant) -> tuple[dict[str, int | None], frozenset[str]]:
    """The records of ``variant``'s figures and the achievements unlocked, as they stand."""
    figures = stats.of(variant)
    held = {
        "fastest-win": figures.fastest_win,
        "fewest-moves": figures.fewest_moves,
        "best-score": figures.best_score,
        "best-streak": figures.best_streak or None,
    }
    return held, frozenset(stats.unlocked)


def won(
    game: str,
    before: tuple[dict[str, int | None], frozenset[str]],
    after: tuple[dict[str, int | None], frozenset[str]],
) -> Won:
    """The win of ``game``: each record it beat (one held before, now bettered: a first win sets
    records, and beats none) and each achievement new since ``before``."""
    beaten = []
    for name, lower in RECORDS.items():
        old, new = before[0][name], after[0][name]
        if old is not None and new is not None and (new < old if lower else new > old):
            beaten.append(name)
    return Won(game, tuple(beaten), tuple(sorted(after[1] - before[1])))
