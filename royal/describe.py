"""What the page says about moves, selections, hints and endings, in words.

Kept out of the web layer so the wording is tested under CPython and the same phrases serve
the screen and the screen reader (``shown`` uses card symbols, ``spoken`` card names).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from royal.cards import shown_name, spoken_name
from royal.clock import format_seconds
from royal.game import Game, Outcome
from royal.line import Line, Move, Played

Namer = Callable[[str], str]


def _join(names: Sequence[str]) -> str:
    return " and ".join(names)


def removal(move: Move, removed: Sequence[str], name: Namer = shown_name) -> str:
    """``"Q♥ and 7♥ remove 3♠"``: a move and what it takes out."""
    return f"{name(move.left)} and {name(move.right)} remove {_join([name(c) for c in removed])}"


def played(played: Played, cards_left: int) -> str:
    """The announcement after a move, for the screen reader."""
    removed = _join([spoken_name(c) for c in played.removed])
    return (
        f"Removed {removed}, between {spoken_name(played.move.left)} and "
        f"{spoken_name(played.move.right)}. {cards_left} cards left."
    )


def undone(played: Played, cards_left: int) -> str:
    """The announcement after an undo."""
    back = _join([spoken_name(c) for c in played.removed])
    return f"Undone: {back} back in the line. {cards_left} cards left."


def selection(line: Line, card: str, name: Namer = shown_name) -> str:
    """What selecting ``card`` offers: each partner and what that pairing removes."""
    options = [(m, line.removal(m)[1]) for m in line.partners(card)]
    if not options:
        return f"No move uses {name(card)} right now."
    parts = []
    for move, removed in options:
        partner = move.right if move.left == card else move.left
        parts.append(f"{name(partner)} (removes {_join([name(c) for c in removed])})")
    return f"{name(card)} selected. Pair it with " + ", or ".join(parts) + "."


def hint(move: Move | None, game: Game, name: Namer = shown_name) -> str:
    """The hint's message: the move and what it removes, or why the game cannot be won."""
    if move is None:
        return "This game can no longer be won from here. " + where_it_went_wrong(game)
    return f"Hint: {removal(move, game.line.removal(move)[1], name)}. It keeps the game winnable."


def ending(game: Game, now: float) -> tuple[str, str]:
    """The heading and text shown when the game is over."""
    if game.outcome is Outcome.WON:
        fewest = game.deal_solution().min_moves
        return (
            "You won!",
            f"Time {format_seconds(game.clock.seconds(now))}, {game.moves} moves, score "
            f"{game.score}. The fewest moves this deal allows: {fewest}.",
        )
    if game.outcome is Outcome.STUCK:
        return "No moves are left.", f"The game is stuck with {game.cards_left} cards in the line. " + (
            where_it_went_wrong(game)
        )
    return ("", "")


def where_it_went_wrong(game: Game) -> str:
    """The solver's word on a lost game: was the deal winnable, and until which move."""
    last = game.last_winnable()
    if last is None:
        return "No one could have won this deal: no sequence of moves clears it. Try a new game."
    back = game.moves - last
    return (
        f"The deal could be won, and your game could still be won after move {last}. "
        f"Undo {back} move{'s' if back != 1 else ''} to get back there, or restart the deal."
    )


def lost_warning(game: Game) -> str:
    """Said at once when the move just played made the game impossible to win."""
    return (
        f"That move lost the game: after move {game.moves} it can no longer be won. "
        "Undo it to get back on a winning line."
    )
