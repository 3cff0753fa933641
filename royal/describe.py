"""Every sentence the page shows or speaks: moves, selections, hints, endings, stats, notices,
and why a backup file cannot be imported.

Kept out of the web layer so the wording is tested under CPython and the same phrases serve
the screen and the screen reader (``shown`` uses card symbols, ``spoken`` card names).
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from royal.achievements import Achievement
from royal.cards import shown_name, spoken_name
from royal.challenges import ChallengeResult
from royal.chance import Advice, Chance
from royal.clock import format_seconds
from royal.difficulty import Level
from royal.game import Game, Outcome
from royal.line import Line, Move, Played
from royal.records import DailyRecord, DayStatus, Finished
from royal.replay import Replay, Steps
from royal.review import Judged, Review
from royal.scoring import HINT_COST, Breakdown
from royal.stats import Stats
from royal.storage import InMemory, Saving, StorageNotice, Unreadable
from royal.variant import Variant

if TYPE_CHECKING:  # royal.backup words its refusals with the sentences below
    from royal.backup import Backup

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
#: A write was refused (a full storage): what the page shows stays in it, and each later change
#: tries again (royal/storage.py), so it is neither lost for good nor kept yet.
NOT_SAVING = (
    "Not saving for now: this browser refused (its storage may be full). "
    "Your play is kept in this page, which tries again at every change."
)
SAVING_AGAIN = "This browser is saving this page's data again: your game, stats and settings are kept."
#: A record of a newer format than this build knows: reloading gives this same build until the
#: site offers the newer one (its "A new version of the game is ready" bar), so it is not the
#: advice; where the newer version runs, the player's progress is all there.
NEWER_ELSEWHERE = (
    "Your saved data was written by a newer version of the game than this page runs. "
    "This page plays without saving, so that the newer version's data stays intact: "
    "what you play here is not kept. Your progress is all there in the newer version: "
    "play where it runs (another tab or window, or the address you used it at), or reload "
    "here once this page says a new version of the game is ready."
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


def unreadable(record: Unreadable) -> str:
    """A saved record could not be read: what replaces it, and where it is now. Said to players:
    no storage key names."""
    what, fresh = _RECORDS.get(record.kind, (record.kind, "a fresh one starts"))
    if record.own:
        kept = record.kept_aside
        fresh = (
            "what this page shows is saved in its place" if kept else "this page goes on with what it shows"
        )
    if not record.kept_aside:
        where = (
            "It stays where it was, untouched: there is no room to keep a copy of it aside, so "
            f"this page keeps your {what} only while it is open, until there is."
        )
    elif record.dropped_beyond:
        where = (
            f"The unreadable copy is kept aside in this browser; at most {record.dropped_beyond} such "
            "copies are kept, so the oldest was dropped to make room."
        )
    else:
        where = "Nothing is lost: the unreadable copy is kept aside in this browser."
    return f"Your saved {what} could not be read ({record.reason}), so {fresh}. {where}"


def storage_notice(notice: StorageNotice) -> Notice:
    """What the player is told when storage is refused, a newer build's data is found, or a
    record cannot be read (:mod:`royal.storage` reports these as values)."""
    if isinstance(notice, Unreadable):
        return Notice(unreadable(notice))
    if isinstance(notice, Saving):
        return Notice(NOT_SAVING) if notice is Saving.PAUSED else Notice(SAVING_AGAIN, warning=False)
    return Notice(NO_STORAGE if notice is InMemory.REFUSED else NEWER_ELSEWHERE)


def streak_ended(day: _dt.date) -> str:
    """Said once when saved stats held a streak dated after tomorrow, which then ended (docs/stats.md,
    "Clock errors"): what happened, why, and that nothing else changed."""
    return (
        f"Your winning streak ended: its last win is dated {_date(day)}, a day still to come, so this "
        "device's date was wrong then or is wrong now. Your best streak and every other figure are kept."
    )


def bad_link(reason: object) -> str:
    """The link in the address could not be opened."""
    return f"The link's deal could not be opened: {reason}. Here is a normal game instead."


# What the player did ------------------------------------------------------------------------

#: The first-game guide, shown through the player's first game (docs/play.md, "The first game").
FIRST_GAME = (
    "Pick a card, then another of its rank or suit with one or two cards between them: "
    "the cards between go. "
    "The line snakes; win when the Queen and King of Hearts meet."
)
#: The first game's lesson's buttons (docs/play.md, "The first game"): on to the next step, and
#: out of it (before its last step, and at its last, once it has let go).
LESSON_NEXT = "Next"
LESSON_SKIP = "Skip"
LESSON_DONE = "Got it"
LESSON_ENDED = "The lesson is closed. Show me how, under How to play, shows it again."
LESSON_GAME_OVER = "Show me how teaches on a game in play: start a new game, then ask again."
SELECTION_CANCELLED = "Selection cancelled."
DRAG_STOPPED = (
    "Your drag was stopped: another tab or window changed the game or its settings, "
    "shown here as they are now."
)
RESTARTED = "The deal starts again."
LINK_OPENED = "The linked deal is open."
DAILY_IN_PROGRESS = "You are playing today's deal."

# Asking before a loss: the question, and what confirming it does, per action.
LOSS_WARNING = "This game will count as a loss."
LEAVE_QUESTIONS = {
    "new-game": ("Start a new game?", "New game"),
    "daily": ("Play today's deal?", "Today's deal"),
    "restart": ("Restart this deal?", "Restart"),
    "challenge": ("Play this daily challenge?", "Play the challenge"),
    "play-on": ("Play on from this move of your game?", "Play on"),
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
    if moves == 0:
        return "Back to the start, still winnable"
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


def lesson(move: Move | None, step: int, line: Line, stock: bool, name: Namer = shown_name) -> str:
    """A step of the first game's lesson on ``line`` (royal/table/lesson.py), for the real move
    ``move`` (docs/rules.md, "Moves"): the card pointed at, then its partner, why it pairs and
    what goes, then the player's turn. With no move open, what a move is, and from the stock
    (``stock``: cards still in it) to deal."""
    rule = "two cards of the same suit or rank with one or two cards between them"
    if move is None:
        if stock:
            return f"No pair is open yet: deal a card from the stock, then look for {rule}."
        return f"No move is open here. A move takes {rule}: the cards between them go."
    left, right = name(move.left), name(move.right)
    removed = line.enclosed(move)
    gone = _join([name(c) for c in removed])
    if step == 0:
        return (
            f"Look at {left}: it has a partner, a card of its suit or rank with one or two cards "
            "between them."
        )
    if step == 1:
        why = "the same rank" if move.left[0] == move.right[0] else "the same suit"
        return (
            f"{right} is its partner: {why}, with {gone} between them. "
            f"Pair them and {gone} {'goes' if len(removed) == 1 else 'go'}; the two you pick stay."
        )
    return (
        f"Your turn: pick {left}, then {right}, or drag one onto the other. "
        "Win when the Queen and King of Hearts meet."
    )


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
        summary = f"Time {format_seconds(game.clock.seconds(now))}, {game.moves} moves, score {game.score}. "
        par = game.par
        if par == game.moves and game.with_hints:  # docs/rules.md, "Par and perfect marriages"
            return "You won!", summary + f"You won in par, {par} moves, {WITH_HINTS}: {PERFECT_UNAIDED}"
        if par == game.moves:
            text = summary + f"You won in par, {par} moves, the fewest this deal allows."
            if game.penalties:  # undos alone: a hint would have made it a win with hints
                text += f" Undos cost points, not the title: yours cost {game.penalties}."
            return PERFECT, text
        over = game.moves - (par or 0)
        hints = f" You won {WITH_HINTS}." if game.with_hints else ""
        return (
            "You won!",
            summary + f"Par for this deal, its fewest possible moves, is {par}: "
            f"you took {_counted(over, 'move')} more.{hints}",
        )
    if game.outcome is Outcome.STUCK:
        return "No moves are left.", stuck(game)
    return ("", "")


def stuck(game: Game) -> str:
    """A stuck game in one sentence: the cards left, and whether it could still be won earlier
    (the end panel's first button goes back there: :func:`rewind_button`)."""
    last = game.last_winnable()
    if last is None:
        return f"{game.cards_left} cards are left, and no one could have won this deal."
    if last == 0:
        return f"{game.cards_left} cards are left, and this deal could be won only from its start."
    return f"{game.cards_left} cards are left, and your game could still be won after move {last}."


#: The records a win can beat, as its end panel names them (royal/table/records.py's names).
RECORD_NAMES = {
    "fastest-win": "fastest win",
    "fewest-moves": "fewest moves",
    "best-score": "best score",
    "best-streak": "best streak",
}


def glance(game: Game, now: float, records: Sequence[str]) -> list[tuple[str, str, str]]:
    """A win at a glance, for its end panel: each figure's name (``data-glance``), label and
    value: the moves against par, the time, and the records it beat, if any."""
    par = game.par
    moves = str(game.moves)
    if par is not None:
        moves += " \N{MIDDLE DOT} in par" if game.moves == par else f" \N{MIDDLE DOT} par {par}"
    figures = [("moves", "Moves", moves), ("time", "Time", format_seconds(game.clock.seconds(now)))]
    if records:
        named = ", ".join(RECORD_NAMES[name] for name in records)
        figures.append(
            ("records", "New record" if len(records) == 1 else "New records", named[:1].upper() + named[1:])
        )
    return figures


BADGES_LABEL = "Achievements unlocked in this game"


def badge(achievement: Achievement) -> tuple[str, str]:
    """An achievement a win unlocked, as its end panel's badge shows it: its name, and its goal."""
    return ACHIEVEMENT_WORDS[achievement.id]


def where_it_went_wrong(game: Game) -> str:
    """The solver's word on a lost game: was the deal winnable, and until which move."""
    last = game.last_winnable()
    if last is None:
        return "No one could have won this deal: no sequence of moves clears it. Try a new game."
    back = game.moves - last
    return (
        f"The deal could be won, and your game could still be won after move {last}. "
        f"Undo {_counted(back, 'move')} to get back there, or restart the deal."
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


#: Par and the grade of a stock game while its order is unseen (``Game.figures_known``).
UNSEEN = NOTHING_YET


def fields(game: Game, now: float) -> dict[str, str]:
    """The game's fields as the page shows them, keyed by their ``data-field`` names: from the
    stock, par and the grade only once they tell nothing of the cards still face down."""
    known = game.figures_known
    return {
        "deal": deal_name(game.number),
        "par": par_field(game.par) if known else UNSEEN,
        "moves": str(game.moves),
        "score": str(game.score),
        "time": format_seconds(game.clock.seconds(now)),
        "cards-left": str(game.cards_left),
        "difficulty": difficulty_field(game.difficulty) if known else UNSEEN,
    }


def figures(stats: Stats, today: _dt.date) -> dict[str, str]:
    """The eight figures, perfect wins and wins with hints as the page shows them, keyed by
    ``data-stat`` name."""
    return {
        "played": str(stats.played),
        "wins": str(stats.wins),
        "win-rate": _percent(stats.wins, stats.played),
        "fastest-win": NOTHING_YET if stats.fastest_win is None else format_seconds(stats.fastest_win),
        "fewest-moves": NOTHING_YET if stats.fewest_moves is None else str(stats.fewest_moves),
        "best-score": NOTHING_YET if stats.best_score is None else str(stats.best_score),
        "current-streak": _days(stats.current_streak(today)),
        "best-streak": _days(stats.best_streak),
        "perfect-wins": str(stats.perfect_wins),
        "wins-with-hints": str(stats.wins_with_hints),
    }


def _percent(part: int, whole: int) -> str:
    """Whole percent, rounded half up, with integer arithmetic so 2/3 is exactly 67%."""
    if whole == 0:
        return NOTHING_YET
    return f"{(200 * part + whole) // (2 * whole)}%"


def _counted(count: int, noun: str) -> str:
    """``"1 win"``, ``"3 wins"``: a count with its noun, plural unless it is one."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _days(count: int) -> str:
    return _counted(count, "day")


# Par, winnable deals and the replay -------------------------------------------------------

PERFECT = "A perfect marriage!"
#: What the end panel, the stats and Share say of a game played with hints (docs/stats.md).
WITH_HINTS = "with hints"
PERFECT_UNAIDED = "a perfect marriage is one won without them."
#: The par field for a deal that no sequence of moves clears.
NO_PAR = "none"
NO_REPLAY = "No one can win this deal, so there is no win to show: no sequence of moves clears it."
REPLAY_CLOSED = "Replay closed. Back to the end of your game."


def par_field(par: int | None) -> str:
    """What ``[data-field=par]`` shows: the deal's fewest possible moves."""
    return NO_PAR if par is None else str(par)


def unwinnable_deal(number: int | None) -> str:
    """Said when a deal that cannot be won is opened (by a link, today's date or a restart)."""
    which = f"Deal {number}" if number is not None else "This deal"
    return f"{which} cannot be won: no sequence of moves clears it, but you can still play it."


def replay_started(replay: Replay, name: Namer = shown_name) -> str:
    """Said when the replay opens."""
    start = f"A shortest win of this deal, in {replay.total} moves, from the start. "
    return start + replay_position(replay, name)


def replay_position(replay: Replay, name: Namer = shown_name) -> str:
    """Where the replay stands and what its next step does."""
    move = replay.next_move
    if move is None:
        return f"Won in {replay.total} moves, the fewest this deal allows."
    removes = removal(move, replay.line.enclosed(move), name)
    return f"{replay.position} of {replay.total} played. Next, move {replay.position + 1}: {removes}."


def replay_fields(replay: Steps) -> dict[str, str]:
    """The fields that follow the replay while it shows, keyed by their ``data-field`` names."""
    return {"moves": str(replay.position), "cards-left": str(len(replay.line))}


def replay_play_button(playing: bool) -> str:
    return "Pause" if playing else "Play"


# The daily record and recent games ---------------------------------------------------------


def _date(day: _dt.date) -> str:
    return f"{day.day} {day:%B} {day.year}"


def daily_today(record: DailyRecord, today: _dt.date) -> str:
    """How today's deal went: won (moves against par), played and not won, or not played."""
    result = record.on(today)
    deal = f"Today's deal, {_date(today)}"
    if result is None:
        return f"{deal}, is not played yet."
    if not result.won:
        return f"{deal}, is played but not won yet."
    over = (result.moves or 0) - (result.par or 0)
    against = "in par" if over == 0 else f"{over} over par {result.par}"
    return f"{deal}, is won in {result.moves} moves, {against}."


_DAY_WORDS = {DayStatus.WON: "won", DayStatus.PLAYED: "played, not won", DayStatus.NONE: "not played"}


def day_label(day: _dt.date, status: DayStatus) -> str:
    """A day of the record's row, for the tooltip and the screen reader."""
    return f"{_date(day)}: {_DAY_WORDS[status]}"


def daily_streak(days: int) -> str:
    return f"Today's deal won on its day: {_days(days)} in a row."


def recent_summary(recent: Sequence[Finished]) -> str:
    """The chart's caption and text alternative, in one sentence."""
    if not recent:
        return "No finished games yet: the chart shows your last 30."
    if len(recent) == 1:
        return "Your last game: " + _finished(recent[0])
    wins = [f for f in recent if f.won]
    perfect, hinted = sum(f.perfect for f in wins), sum(f.with_hints for f in wins)
    losses = len(recent) - len(wins)
    hints = f", {hinted} {WITH_HINTS}" if hinted else ""
    parts = [f"{len(wins)} won" + (f" ({perfect} in par{hints})" if wins else "")]
    if losses:
        left = sum(f.cards_left for f in recent if not f.won) / losses
        parts.append(f"{losses} lost ({left:.0f} cards left on average)")
    return f"Your last {len(recent)} games: " + ", ".join(parts) + "."


def recent_game(index: int, game: Finished) -> str:
    """One bar of the chart, in words."""
    return f"Game {index}: " + _finished(game)


def _finished(game: Finished) -> str:
    """How a finished game went: ``"won in 25 moves, in par."``, ``"lost with 33 cards left."``"""
    hints = f", {WITH_HINTS}" if game.with_hints else ""
    if game.won:
        over = game.over_par or 0
        return f"won in {game.moves} moves, " + ("in par" if over == 0 else f"{over} over par") + f"{hints}."
    return f"lost with {game.cards_left} cards left{hints}."


# Backup -------------------------------------------------------------------------------------

IMPORT_QUESTION = "Replace your stats with this file's?"
RESET_QUESTION = "Reset your stats?"
RESET_TEXT = (
    "All your stats, perfect wins, daily record and recent games on this device are cleared. "
    "Your game in progress stays."
)
RESET_DONE = "Your stats are reset."
IMPORT_CANCELLED = "Nothing was imported: your stats are unchanged."


# Why a backup file cannot be imported: one sentence each.
BACKUP_EMPTY = "This file is empty, so there is nothing to import."
BACKUP_TOO_LARGE = "This file is far too large to be a Royal Marriage backup."
BACKUP_UNREADABLE = "This file could not be read by the browser."
BACKUP_NOT_JSON = "This file is not a Royal Marriage backup: it is not readable JSON."
BACKUP_CUT_SHORT = "This file is cut short: it ends before the backup does."
BACKUP_TOO_DEEP = "This file is not a Royal Marriage backup: its data nests far deeper than a backup's."
BACKUP_FOREIGN = "This file is not a Royal Marriage backup: it was written by something else."
BACKUP_NO_VERSION = "This backup has no valid format version, so the game cannot tell how to read it."
BACKUP_INCOMPLETE = "This backup is incomplete: part of what it should hold is missing."
BACKUP_CHANGED = (
    "This backup was changed or damaged after it was exported: its checksum, "
    "a check against accidents rather than a seal, does not match."
)
BACKUP_BAD_DATE = (
    "This backup's export date is not a date: the file was changed or damaged after it was exported."
)
BACKUP_NEWER_RECORDS = (
    "This backup holds records from a newer version of the game; update the game to import it."
)


def backup_newer(version: int) -> str:
    return (
        f"This backup was made by a newer version of the game (format {version}); "
        "update the game to import it."
    )


def backup_stats_unreadable(reason: object) -> str:
    return f"The stats in this backup cannot be read ({reason})."


def backup_game_unreadable(reason: object) -> str:
    return f"The unfinished game in this backup cannot be read ({reason})."


def exported(file_name: str) -> str:
    return f"Your stats are saved in the file {file_name}."


def backup_contents(backup: Backup) -> str:
    """What a backup file holds, shown before the player chooses to replace their own."""
    stats = backup.stats
    game = ""
    if backup.game is not None:
        deal = "a custom deal" if backup.game.number is None else f"deal {backup.game.number}"
        moves = backup.game.moves
        game = f" and an unfinished game of {deal}, {_counted(moves, 'move')} in, which replaces yours"
    ended = ""
    if backup.streak_ended is not None:
        ended = (
            f" Its winning streak ends: its last win is dated {_date(backup.streak_ended)}, a day still to "
            "come, so a device's date was wrong; its best streak and every other figure are kept."
        )
    return (
        f"This file, exported on {_date(backup.exported)}, holds {_counted(stats.played, 'game')} played "
        f"with {_counted(stats.wins, 'win')}{game}.{ended} Your stats and daily record on this device are "
        "replaced."
    )


def imported(backup: Backup) -> str:
    return (
        f"Stats imported: {_counted(backup.stats.played, 'game')} played, "
        f"{_counted(backup.stats.wins, 'win')}."
    )


# The stock game ---------------------------------------------------------------------------


def variant_name(variant: Variant) -> str:
    """The variant in words, as the stats panel names the figures it shows."""
    name = "the stock game" if variant.stock else "the open game"
    return name + (", with suit runs" if variant.suit_runs else "")


def stock_count(count: int) -> str:
    """The face-down stock's label: only its count, never a card."""
    return "The stock is empty" if not count else f"{_counted(count, 'card')} face down in the stock"


def dealt(card: str, count: int) -> str:
    """The announcement after a deal, for the screen reader."""
    return f"Dealt the {spoken_name(card)}. {stock_count(count)}."


def undealt(card: str, count: int) -> str:
    """The announcement after an undone deal."""
    return f"Undone: the {spoken_name(card)} back on the stock. {stock_count(count)}."


def chance(estimate: Chance) -> str:
    """The chance the position can still be won, over the ways the unseen cards can fall."""
    if estimate.orders == 1:
        return "This position can still be won." if estimate.wins else "This position can no longer be won."
    if estimate.exact:
        return (
            f"In {estimate.wins} of the {estimate.orders} ways the stock can fall, this position still wins."
        )
    if estimate.wins == estimate.orders:
        return "In every way the stock was tried, this position still wins."
    if not estimate.wins:
        return "In none of the ways the stock was tried does this position win."
    return f"In about {estimate.percent}% of the ways the stock can fall, this position still wins."


def stock_hint(advice: Advice, line: Line, name: Namer = shown_name) -> str:
    """The stock game's hint: the removal that keeps the whole chance, or dealing on."""
    best = advice.best
    if best is not None:
        return f"Hint: {removal(best, line.enclosed(best), name)}. It keeps every chance. " + chance(
            advice.chance
        )
    if not advice.chance.wins:
        return chance(advice.chance)
    if advice.can_deal:
        return "Hint: deal on. Dealing loses nothing; every removal now would lower the chance. " + chance(
            advice.chance
        )
    return chance(advice.chance)


def chance_lowered(after: Chance) -> str:
    """Said when the removal just played lowered the chance of a win."""
    return "That removal lowered the chance. " + chance(after) + " Undo it to get the chance back."


# Difficulty, daily challenges, achievements, sharing, review, finish (issue 20) -----------------

LEVEL_NAMES = {Level.EASY: "Easy", Level.MEDIUM: "Medium", Level.HARD: "Hard", Level.EXPERT: "Expert"}
#: The difficulty field of a deal that no sequence of moves clears: it has no grade.
NO_GRADE = "none"


def difficulty_field(level: Level | None) -> str:
    """What ``[data-field=difficulty]`` shows beside par."""
    return NO_GRADE if level is None else LEVEL_NAMES[level]


def level_wins(stats: Stats) -> dict[str, str]:
    """Wins by grade, keyed ``wins-easy`` to ``wins-expert`` (their ``data-figure`` names)."""
    return {f"wins-{level.value}": str(stats.level_wins.get(level, 0)) for level in Level}


def stats_panel(stats: Stats, today: _dt.date) -> dict[str, str]:
    """Every figure of the stats panel, keyed by ``data-stat`` name."""
    return {**figures(stats, today), **level_wins(stats)}


def challenge(level: Level, day: _dt.date) -> str:
    """The announcement of a daily challenge opened."""
    return f"Daily challenge, {_date(day)}: the {LEVEL_NAMES[level]} deal."


def challenge_result(result: ChallengeResult | None) -> str:
    """A challenge's record as the calendar shows it."""
    if result is None:
        return "not played"
    if not result.won:
        return "played, not won"
    time = f", {format_seconds(result.seconds)}" if result.seconds is not None else ""
    return f"won in {result.moves} moves (par {result.par}){time}"


def calendar_day(day: _dt.date, results: dict[int, ChallengeResult]) -> str:
    """A calendar day, for its tooltip and the screen reader: how many challenges were won."""
    won = sum(r.won for r in results.values())
    if not results:
        return f"{_date(day)}: not played"
    return f"{_date(day)}: {won} of {len(Level)} challenges won" if won else f"{_date(day)}: played, none won"


def month_heading(year: int, month: int, won: bool) -> str:
    """A calendar month's heading, with its mark when every day had a challenge won."""
    name = f"{_dt.date(year, month, 1):%B} {year}"
    return f"{name}: every day won" if won else name


def challenge_streak(days: int) -> str:
    return f"Daily challenges: {_days(days)} in a row with one won."


ACHIEVEMENT_WORDS: dict[str, tuple[str, str]] = {
    "first-win": ("First marriage", "Win a game."),
    "ten-wins": ("Ten marriages", "Win ten games."),
    "hundred-wins": ("A hundred marriages", "Win a hundred games."),
    "perfect": ("Perfect marriage", "Win a deal in par, its fewest possible moves, without hints."),
    "ten-perfect": ("Ten perfect marriages", "Win ten deals in par without hints."),
    "unaided": ("On your own", "Win without an undo or a hint."),
    "quick": ("Whirlwind romance", "Win in under a minute without hints."),
    "easy-won": ("Easy does it", "Win an Easy deal without hints."),
    "medium-won": ("Middle ground", "Win a Medium deal without hints."),
    "hard-won": ("Hard won", "Win a Hard deal without hints."),
    "expert-won": ("Expert", "Win an Expert deal without hints."),
    "expert-par": ("Master", "Win an Expert deal in par without hints."),
    "first-daily": ("Daily devotion", "Win a daily challenge."),
    "week-streak": ("A week of weddings", "Win a daily challenge seven days in a row."),
    "full-month": ("A month of marriages", "Win a daily challenge every day of a month."),
}


def achievement_label(achievement: Achievement, reached: int, unlocked: _dt.date | None) -> str:
    """An achievement as its panel lists it: name, goal and progress or the day it was won."""
    name, goal = ACHIEVEMENT_WORDS[achievement.id]
    if unlocked is not None:
        return f"{name}: {goal} Unlocked {_date(unlocked)}."
    if achievement.goal == 1:  # a one-off goal: reached or not, no count to show
        return f"{name}: {goal} Not yet."
    return f"{name}: {goal} {reached} of {achievement.goal}."


def achievements_unlocked(achievements: Sequence[Achievement]) -> str:
    """The announcement of achievements just unlocked, said once."""
    names = [ACHIEVEMENT_WORDS[a.id][0] for a in achievements]
    listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return f"{'Achievement' if len(names) == 1 else 'Achievements'} unlocked: {listed}."


def share_text(game: Game, now: float, challenge_day: _dt.date | None) -> str:
    """Share's text at a game's end: the deal, its grade and how it went (with hints, if so), with
    no move of it."""
    parts = ["Royal Marriage"]
    parts.append(
        f"Daily {challenge_day.day} {challenge_day:%b} {challenge_day.year}"
        if challenge_day
        else (f"Deal {game.number}" if game.number is not None else "Custom deal")
    )
    if game.difficulty is not None:
        parts.append(LEVEL_NAMES[game.difficulty])
    par = f" (par {game.par})" if game.par is not None else ""
    if game.outcome is Outcome.WON:
        parts.append(f"won in {game.moves} moves{par}")
    else:
        parts.append(f"{game.cards_left} cards left{par}")
    if game.with_hints:
        parts.append(WITH_HINTS)
    parts.append(format_seconds(game.clock.seconds(now)))
    return " · ".join(parts)


REVIEW_CLOSED = "Review closed. Back to the end of your game."
REVIEW_JUDGING = "The solver is judging your moves."


def review_summary(review: Review) -> str:
    """What the review says as it opens: where the win was lost, and how many moves cost."""
    loss, longer = review.first_loss, review.longer
    lost = f"Move {loss.number} lost the win." if loss else "No move lost the win."
    costly = (
        f"{_counted(len(longer), 'move')} made the shortest win longer."
        if longer
        else ("No move made the shortest win longer.")
    )
    return f"Your game, {_counted(review.total, 'move')}. {lost} {costly}"


def review_reason(judged: Judged, name: Namer = shown_name) -> str:
    """Why a move is marked, in words, with the better move (each named as the page names a
    move: ``"Q♥ and 7♥ remove 3♠"``); empty for a move that cost nothing."""
    start = f"Move {judged.number} ({removal(judged.move, judged.removed, name)})"
    better = "" if judged.better is None else removal(judged.better, judged.better_removed, name)
    if judged.lost_win:
        cleared = "after it no sequence of moves clears the line"
        return f"{start} lost the win: {cleared}. Better: {better}, which kept it."
    if judged.longer and judged.after is not None:
        return (
            f"{start} made the shortest win longer: {judged.before} moves could win before it, "
            f"{judged.after + 1} with it. Better: {better}, which kept the shortest."
        )
    return ""


def review_position(review: Review) -> str:
    """Where the review stands, as the replay says where it stands."""
    return f"Move {review.position} of {review.total}, {_counted(len(review.line), 'card')} in the line."


FINISH_BUTTON = "Finish for me"
FINISHED_FOR_YOU = "The rest was forced, so it is played for you."


def hint_cost() -> tuple[str, str]:
    """The hint's cost on its button, as shown (a minus sign and 25) and as read out ("25 points")."""
    return f"\N{MINUS SIGN}{HINT_COST}", f"{HINT_COST} points"


def finish_offer(moves: int) -> str:
    """Said when the rest of the win is forced: each of the moves left is the only winning one."""
    return f"The rest of the win is forced: {_counted(moves, 'move')}, each the only one that keeps the win."


PLAY_CHALLENGE = "Play"


def challenge_finding(level: Level) -> str:
    """A day's challenge in the calendar while the day's deals are still being graded."""
    return f"{LEVEL_NAMES[level]}: finding…"


def challenge_line(level: Level, result: ChallengeResult | None) -> str:
    """A day's challenge in the calendar: its grade and how it went."""
    return f"{LEVEL_NAMES[level]}: {challenge_result(result)}"


def play_challenge_label(level: Level, day: _dt.date) -> str:
    return f"Play the {LEVEL_NAMES[level]} challenge of {_date(day)}"


#: The calendar's columns, Monday first, as its header shows them and as screen readers say them.
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
WEEKDAYS_SHORT = ("Mo", "Tu", "We", "Th", "Fr", "Sa", "Su")


def calendar_day_heading(day: _dt.date) -> str:
    return f"The challenges of {_date(day)}"


def review_move(number: int, move: Move, name: Namer = shown_name) -> str:
    """A move in the review's list, short enough for its grid: its number and its two cards,
    ``"3. 10♠-10♦"``."""
    return f"{number}. {name(move.left)}-{name(move.right)}"


def review_move_label(number: int, move: Move, removed: Sequence[str]) -> str:
    """What a screen reader says of a move in the review's list: its number and what it did,
    ``"Move 3: ten of spades and ten of diamonds remove four of clubs"``."""
    return f"Move {number}: {removal(move, removed, spoken_name)}"


REVIEW_START = "Before your first move."
