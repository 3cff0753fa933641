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
    # One clear next step, the panel's primary button: back to where the game could still be
    # won, else New game (static/ending.js gives it the focus).
    primary = "result-rewind" if rewind is not None else "result-new"
    regions = {
        "result": region({"hidden": False, "data-outcome": outcome.value}),
        "result-heading": text(heading),
        "result-text": text(words),
        "result-undo": region({"hidden": not game.can_undo}),
        "result-rewind": region(
            {"hidden": rewind is None, "class": _primary(primary == "result-rewind")},
            (describe.rewind_button(rewind),) if rewind is not None else (),
        ),
        "result-new": region({"class": _primary(primary == "result-new")}),
        # A stuck game says it in one sentence: its score is in the fields.
        "result-score": region({"hidden": outcome is Outcome.STUCK}),
    }
    for name, value in describe.breakdown(game.breakdown).items():
        regions[f"part-{name}"] = text(value)
    return regions


def _primary(primary: bool) -> str | None:
    """The class of the panel's one primary button (static/app.css, "The end panel's next step")."""
    return "primary" if primary else None
