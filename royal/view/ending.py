"""The end of a game as a description: the panel (``#result``) with its words, the score's
breakdown and the buttons that fit (docs/play.md, "The end of a game")."""

from __future__ import annotations

from royal import describe
from royal.game import Game, Outcome
from royal.view.html import Region, region, text


def ending(game: Game, now: float) -> dict[str, Region]:
    """The end panel as ``game`` stands: hidden while it plays; once over, its heading and
    text, the breakdown, Undo while a move can be taken back, and for a stuck game that could
    be won earlier a button back to its last winnable move."""
    outcome = game.outcome
    if outcome is None:
        return {"result": region({"hidden": True})}
    heading, words = describe.ending(game, now)
    rewind = game.last_winnable() if outcome is Outcome.STUCK else None
    regions = {
        "result": region({"hidden": False, "data-outcome": outcome.value}),
        "result-heading": text(heading),
        "result-text": text(words),
        "result-undo": region({"hidden": not game.can_undo}),
        "result-rewind": region(
            {"hidden": rewind is None}, (describe.rewind_button(rewind),) if rewind else ()
        ),
        "result-score": region({"hidden": False}),
    }
    for name, value in describe.breakdown(game.breakdown).items():
        regions[f"part-{name}"] = text(value)
    return regions
