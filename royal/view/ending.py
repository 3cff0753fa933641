"""The end of a game as a description: the panel (``#result``) with its words, the score's
breakdown and the buttons that fit (docs/play.md, "The end of a game")."""

from __future__ import annotations

from royal import describe
from royal.achievements import ACHIEVEMENTS
from royal.game import Game, Outcome
from royal.table.state import Won
from royal.view.achievements import medal
from royal.view.html import Region, html, region, text


def ending(game: Game, now: float, won: Won | None = None) -> dict[str, Region]:
    """The end panel as ``game`` stands: hidden while it plays; once over, its heading and
    text, the breakdown, Undo while a move can be taken back, and for a stuck game that could
    be won earlier a button back to its last winnable move. A win shows itself at a glance
    (the moves against par, the time, the records ``won`` says it beat) and, as badges, the
    achievements it unlocked."""
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
    ours = won if won is not None and won.game == game.id and outcome is Outcome.WON else None
    regions.update(glance(game, now, ours) if outcome is Outcome.WON else _hidden_glance())
    return regions


def glance(game: Game, now: float, won: Won | None) -> dict[str, Region]:
    """The win at a glance (``#result-glance``: a figure a ``div`` with ``data-glance``) and the
    badges of the achievements it unlocked (``#result-badges``: an ``li`` each, with
    ``data-achievement``), known only on the page where the win was played."""
    figures = describe.glance(game, now, won.records if won else ())
    items = [
        html("div", {"data-glance": name}, html("dt", None, label), html("dd", None, value), key=name)
        for name, label, value in figures
    ]
    unlocked = [a for a in ACHIEVEMENTS if won is not None and a.id in won.unlocked]
    badges = []
    for achievement in unlocked:
        name, goal = describe.badge(achievement)
        badges.append(
            html(
                "li",
                {"class": "badge", "data-achievement": achievement.id, "title": goal},
                medal(achievement),
                name,
                key=achievement.id,
            )
        )
    return {
        "result-glance": region({"hidden": False}, tuple(items)),
        "result-badges": region({"hidden": not badges, "aria-label": describe.BADGES_LABEL}, tuple(badges)),
    }


def _hidden_glance() -> dict[str, Region]:
    return {"result-glance": region({"hidden": True}, ()), "result-badges": region({"hidden": True}, ())}


def _primary(primary: bool) -> str | None:
    """The class of the panel's one primary button (static/app.css, "The end panel's next step")."""
    return "primary" if primary else None
