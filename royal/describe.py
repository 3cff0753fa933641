"""Every sentence the page shows or speaks: moves, selections, hints, endings, stats, notices.

Kept out of the web layer so the wording is tested under CPython and the same phrases serve
the screen and the screen reader (``shown`` uses card symbols, ``spoken`` card names).
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from royal.cards import shown_name, spoken_name
from royal.clock import format_seconds
from royal.game import Game, Outcome
from royal.line import Line, Move, Played
from royal.scoring import Breakdown
from royal.stats import Stats

Namer = Callable[[str], str]


@dataclass(frozen=True)
class Notice:
    """Something the player must be told once, in a box they dismiss (a warning by default)."""

    text: str
    warning: bool = True


# Notices ----------------------------------------------------------------------------------

NO_STORAGE = (
    "This browser is not keeping data for this page, so you can play, "
    "but your game and stats will not be kept after you leave."
)
NEWER_ELSEWHERE = (
    "A newer version of the game is open elsewhere in this browser, or was used here. "
    "This page plays without saving, so that it changes nothing the newer version saved: "
    "reload to play the newer version with your progress."
)
CAUGHT_UP = "This game was changed in another tab or window, so it is shown here as it is now."
NOT_PLAYED = "Your last action here was not played, so nothing was lost or counted twice."
DISMISS = "Dismiss"
DISMISS_LABEL = "Dismiss this notice"
#: Each kind of saved record in a player's words, and what replaces it when it cannot be read.
_RECORDS = {
    "game": ("unfinished game", "a new game starts"),
    "stats": ("stats", "they start again from zero"),
    "settings": ("settings", "the usual settings apply"),
}


def unreadable(kind: str, reason: str, kept_aside: bool, dropped_beyond: int = 0) -> str:
    """A saved record of ``kind`` could not be read; ``kept_aside`` is False when it could not
    be copied aside and so stayed where it was; ``dropped_beyond`` is how many copies are kept
    when the oldest was forgotten to make room. Said to players: no storage key names."""
    what, fresh = _RECORDS.get(kind, (kind, "a fresh one starts"))
    if not kept_aside:
        where = "It stays where it was, untouched."
    elif dropped_beyond:
        where = (
            f"The unreadable copy is kept aside in this browser; at most {dropped_beyond} such copies "
            "are kept, so the oldest was dropped to make room."
        )
    else:
        where = "Nothing is lost: the unreadable copy is kept aside in this browser."
    return f"Your saved {what} could not be read ({reason}), so {fresh}. {where}"


def bad_link(reason: object) -> str:
    """The link in the address could not be opened."""
    return f"The link's deal could not be opened: {reason}. Here is a normal game instead."


# What the player did ------------------------------------------------------------------------

SELECTION_CANCELLED = "Selection cancelled."
RESTARTED = "The deal starts again."
LINK_OPENED = "The linked deal is open."
DAILY_IN_PROGRESS = "You are playing today's deal."

# Asking before a loss: the question, and what confirming it does, per action.
LOSS_WARNING = "This game will count as a loss."
LEAVE_QUESTIONS = {
    "new-game": ("Start a new game?", "New game"),
    "daily": ("Play today's deal?", "Today's deal"),
    "restart": ("Restart this deal?", "Restart"),
}

# Sharing the game's link.
LINK_COPIED = "The link to this game is copied: paste it to share it."
LINK_NOT_COPIED = "The link could not be copied here: copy it from the address bar."


def deal_name(number: int | None) -> str:
    """The deal as its field shows it: its number, or "custom" for a linked order of cards."""
    return "custom" if number is None else str(number)


def new_game(number: int | None) -> str:
    """The announcement of a new random deal."""
    return f"New game: deal {number}."


def daily(number: int | None) -> str:
    """The announcement of today's deal."""
    return f"Today's deal: deal {number}."


def rewound(moves: int) -> str:
    """The announcement after going back to the last winnable position."""
    return f"Back to move {moves}. The game can be won from here."


def rewind_button(moves: int) -> str:
    """The end panel's button back to the last winnable position."""
    return f"Back to move {moves}, still winnable"


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
    options = [(m, line.enclosed(m)) for m in line.partners(card)]
    if not options:
        return f"No move uses {name(card)} right now."
    parts = [f"{name(m.other(card))} (removes {_join([name(c) for c in removed])})" for m, removed in options]
    return f"{name(card)} selected. Pair it with " + ", or ".join(parts) + "."


def hint(move: Move | None, game: Game, name: Namer = shown_name) -> str:
    """The hint's message: the move and what it removes, or why the game cannot be won."""
    if move is None:
        return "This game can no longer be won from here. " + where_it_went_wrong(game)
    return f"Hint: {removal(move, game.line.enclosed(move), name)}. It keeps the game winnable."


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


def breakdown(parts: Breakdown) -> dict[str, str]:
    """The end panel's score breakdown, keyed by its ``data-part`` names."""
    return {
        "cards": str(parts.cards),
        "pairs": str(parts.pairs),
        "win-bonus": str(parts.win_bonus),
        "time-bonus": str(parts.time_bonus),
        "penalties": f"\N{MINUS SIGN}{parts.penalties}" if parts.penalties else "0",
        "score": str(parts.shown),
    }


# Stats ------------------------------------------------------------------------------------

NOTHING_YET = "—"


def fields(game: Game, now: float) -> dict[str, str]:
    """The game's fields as the page shows them, keyed by their ``data-field`` names."""
    return {
        "deal": deal_name(game.number),
        "moves": str(game.moves),
        "score": str(game.score),
        "time": format_seconds(game.clock.seconds(now)),
        "cards-left": str(game.cards_left),
    }


def figures(stats: Stats, today: _dt.date) -> dict[str, str]:
    """The eight figures as the page shows them, keyed by their ``data-stat`` names."""
    return {
        "played": str(stats.played),
        "wins": str(stats.wins),
        "win-rate": _percent(stats.wins, stats.played),
        "fastest-win": NOTHING_YET if stats.fastest_win is None else format_seconds(stats.fastest_win),
        "fewest-moves": NOTHING_YET if stats.fewest_moves is None else str(stats.fewest_moves),
        "best-score": NOTHING_YET if stats.best_score is None else str(stats.best_score),
        "current-streak": _days(stats.current_streak(today)),
        "best-streak": _days(stats.best_streak),
    }


def _percent(part: int, whole: int) -> str:
    """Whole percent, rounded half up, with integer arithmetic so 2/3 is exactly 67%."""
    if whole == 0:
        return NOTHING_YET
    return f"{(200 * part + whole) // (2 * whole)}%"


def _days(count: int) -> str:
    return f"{count} day" if count == 1 else f"{count} days"
