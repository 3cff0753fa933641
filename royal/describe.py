"""Every sentence the page shows or speaks: moves, selections, hints, endings, stats, notices,
and why a backup file cannot be imported.

Kept out of the web layer so the wording is tested under CPython and the same phrases serve
the screen and the screen reader (``shown`` uses card symbols, ``spoken`` card names).

Each sentence is one message of the catalogue (royal/i18n.py), said in the player's language:
named placeholders, ``ngettext`` for every count, ``pgettext`` where one English word has two
meanings, numbers, dates and lists written as the language writes them (royal/written.py). The
constants below (``NO_STORAGE``...) are looked up at each use, in the language then in use.
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
from royal.i18n import N_, _, forms, ngettext, pgettext
from royal.line import Line, Move, Played
from royal.reason import Reason, reason_of
from royal.records import DailyRecord, DayStatus, Finished
from royal.replay import Replay, Steps
from royal.review import Judged, Review
from royal.scoring import Breakdown
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


def _n(value: int) -> str:
    """A count in a sentence, as the language writes numbers."""
    return forms().number(value)


def sentences(*parts: str) -> str:
    """Whole sentences one after the other, as the language puts them (Japanese with no space
    between): the one way sentences are joined, here and where the page says two at once."""
    text = ""
    for sentence in parts:
        # TRANSLATORS: two whole sentences, one after the other.
        text = (
            pgettext("sentences", "%(first)s %(second)s") % {"first": text, "second": sentence}
            if text
            else sentence
        )
    return text


def why(cause: object) -> str:
    """A refusal in the player's words: a :class:`Reason` (or an exception carrying one)
    translated, its values worded too; anything else as it is written."""
    if isinstance(cause, BaseException):
        cause = reason_of(cause)
    if isinstance(cause, Reason):
        values = {name: why(value) for name, value in cause.values.items()}
        if cause.plural is None:
            return _(cause.message) % values
        return ngettext(cause.message, cause.plural, cause.count) % values
    return str(cause)


# The sentences kept as constants: each is translated where it is used (``__getattr__``).
_WORDS: dict[str, str] = {
    "NO_STORAGE": N_(
        "This browser is not keeping data for this page, so you can play, "
        "but your game and stats will not be kept after you leave."
    ),
    # TRANSLATORS: a write was refused (a full storage); the page tries again at every change.
    "NOT_SAVING": N_(
        "Not saving for now: this browser refused (its storage may be full). "
        "Your play is kept in this page, which tries again at every change."
    ),
    "SAVING_AGAIN": N_(
        "This browser is saving this page's data again: your game, stats and settings are kept."
    ),
    # TRANSLATORS: the saved data was written by a newer build; reloading gives this same build until
    # the site says a new version is ready.
    "NEWER_ELSEWHERE": N_(
        "Your saved data was written by a newer version of the game than this page runs. "
        "This page plays without saving, so that the newer version's data stays intact: "
        "what you play here is not kept. Your progress is all there in the newer version: "
        "play where it runs (another tab or window, or the address you used it at), or reload "
        "here once this page says a new version of the game is ready."
    ),
    "CAUGHT_UP": N_("This game was changed in another tab or window, so it is shown here as it is now."),
    "NOT_PLAYED": N_("Your last action here was not played, so nothing was lost or counted twice."),
    # TRANSLATORS: the button that closes a notice.
    "DISMISS": N_("Dismiss"),
    "DISMISS_LABEL": N_("Dismiss this notice"),
    # TRANSLATORS: the first-game guide. The line of cards snakes across the screen in rows.
    "FIRST_GAME": N_(
        "Pick a card, then another of its rank or suit with one or two cards between them: "
        "the cards between go. "
        "The line snakes; win when the Queen and King of Hearts meet."
    ),
    # TRANSLATORS: the first game's lesson's buttons: on to its next step, out of it, and at its end.
    "LESSON_NEXT": N_("Next"),
    "LESSON_SKIP": N_("Skip"),
    "LESSON_DONE": N_("Got it"),
    # TRANSLATORS: "Show me how" and "How to play" are the page's button and section.
    "LESSON_ENDED": N_("The lesson is closed. Show me how, under How to play, shows it again."),
    "LESSON_GAME_OVER": N_("Show me how teaches on a game in play: start a new game, then ask again."),
    "SELECTION_CANCELLED": N_("Selection cancelled."),
    "DRAG_STOPPED": N_(
        "Your drag was stopped: another tab or window changed the game or its settings, "
        "shown here as they are now."
    ),
    "RESTARTED": N_("The deal starts again."),
    "LINK_OPENED": N_("The linked deal is open."),
    "DAILY_IN_PROGRESS": N_("You are playing today's deal."),
    "LOSS_WARNING": N_("This game will count as a loss."),
    "LINK_COPIED": N_("The link to this game is copied: paste it to share it."),
    "LINK_NOT_COPIED": N_("The link could not be copied here: copy it from the address bar."),
    "BADGES_LABEL": N_("Achievements unlocked in this game"),
    # TRANSLATORS: a stat with nothing to show yet (no win yet, say): a dash.
    "NOTHING_YET": N_("—"),
    # TRANSLATORS: the game's title for a win in par, the fewest moves the deal allows.
    "PERFECT": N_("A perfect marriage!"),
    # TRANSLATORS: said of a game won with hints, in the end panel, the stats and Share.
    "WITH_HINTS": N_("with hints"),
    "NO_REPLAY": N_("No one can win this deal, so there is no win to show: no sequence of moves clears it."),
    "REPLAY_CLOSED": N_("Replay closed. Back to the end of your game."),
    "IMPORT_QUESTION": N_("Replace your stats with this file's?"),
    "RESET_QUESTION": N_("Reset your stats?"),
    "RESET_TEXT": N_(
        "All your stats, perfect wins, daily record and recent games on this device are cleared. "
        "Your game in progress stays."
    ),
    "RESET_DONE": N_("Your stats are reset."),
    "IMPORT_CANCELLED": N_("Nothing was imported: your stats are unchanged."),
    # Why a backup file cannot be imported: one sentence each.
    "BACKUP_EMPTY": N_("This file is empty, so there is nothing to import."),
    "BACKUP_TOO_LARGE": N_("This file is far too large to be a Royal Marriage backup."),
    "BACKUP_UNREADABLE": N_("This file could not be read by the browser."),
    "BACKUP_NOT_JSON": N_("This file is not a Royal Marriage backup: it is not readable JSON."),
    "BACKUP_CUT_SHORT": N_("This file is cut short: it ends before the backup does."),
    "BACKUP_TOO_DEEP": N_(
        "This file is not a Royal Marriage backup: its data nests far deeper than a backup's."
    ),
    "BACKUP_FOREIGN": N_("This file is not a Royal Marriage backup: it was written by something else."),
    "BACKUP_NO_VERSION": N_(
        "This backup has no valid format version, so the game cannot tell how to read it."
    ),
    "BACKUP_INCOMPLETE": N_("This backup is incomplete: part of what it should hold is missing."),
    # TRANSLATORS: the checksum guards against accidents; it is no seal against tampering.
    "BACKUP_CHANGED": N_(
        "This backup was changed or damaged after it was exported: its checksum, "
        "a check against accidents rather than a seal, does not match."
    ),
    "BACKUP_BAD_DATE": N_(
        "This backup's export date is not a date: the file was changed or damaged after it was exported."
    ),
    "BACKUP_NEWER_RECORDS": N_(
        "This backup holds records from a newer version of the game; update the game to import it."
    ),
    "REVIEW_CLOSED": N_("Review closed. Back to the end of your game."),
    "REVIEW_JUDGING": N_("The solver is judging your moves."),
    # TRANSLATORS: the button that plays the rest of a forced win.
    "FINISH_BUTTON": N_("Finish for me"),
    "FINISHED_FOR_YOU": N_("The rest was forced, so it is played for you."),
    "REVIEW_START": N_("Before your first move."),
}

NO_STORAGE: str
NOT_SAVING: str
SAVING_AGAIN: str
NEWER_ELSEWHERE: str
CAUGHT_UP: str
NOT_PLAYED: str
DISMISS: str
DISMISS_LABEL: str
FIRST_GAME: str
LESSON_NEXT: str
LESSON_SKIP: str
LESSON_DONE: str
LESSON_ENDED: str
LESSON_GAME_OVER: str
SELECTION_CANCELLED: str
DRAG_STOPPED: str
RESTARTED: str
LINK_OPENED: str
DAILY_IN_PROGRESS: str
LOSS_WARNING: str
LINK_COPIED: str
LINK_NOT_COPIED: str
BADGES_LABEL: str
NOTHING_YET: str
PERFECT: str
WITH_HINTS: str
NO_REPLAY: str
REPLAY_CLOSED: str
IMPORT_QUESTION: str
RESET_QUESTION: str
RESET_TEXT: str
RESET_DONE: str
IMPORT_CANCELLED: str
BACKUP_EMPTY: str
BACKUP_TOO_LARGE: str
BACKUP_UNREADABLE: str
BACKUP_NOT_JSON: str
BACKUP_CUT_SHORT: str
BACKUP_TOO_DEEP: str
BACKUP_FOREIGN: str
BACKUP_NO_VERSION: str
BACKUP_INCOMPLETE: str
BACKUP_CHANGED: str
BACKUP_BAD_DATE: str
BACKUP_NEWER_RECORDS: str
REVIEW_CLOSED: str
REVIEW_JUDGING: str
FINISH_BUTTON: str
FINISHED_FOR_YOU: str
REVIEW_START: str
#: Par and the grade of a stock game while its order is unseen (``Game.figures_known``).
UNSEEN: str
#: The par field, and the difficulty field, of a deal that no sequence of moves clears.
NO_PAR: str
NO_GRADE: str
#: The calendar's challenge button.
PLAY_CHALLENGE: str
#: Asking before a loss, per action: the question, and what confirming it does.
LEAVE_QUESTIONS: dict[str, tuple[str, str]]
#: The records a win can beat, as its end panel names them (royal/table/records.py's names).
RECORD_NAMES: dict[str, str]
LEVEL_NAMES: dict[Level, str]
#: Each achievement's name and goal.
ACHIEVEMENT_WORDS: dict[str, tuple[str, str]]
#: The calendar's columns, Monday first, as its header shows them and as screen readers say them.
WEEKDAYS: tuple[str, ...]
WEEKDAYS_SHORT: tuple[str, ...]


def _leave_questions() -> dict[str, tuple[str, str]]:
    return {
        "new-game": (_("Start a new game?"), pgettext("button", "New game")),
        "daily": (_("Play today's deal?"), pgettext("button", "Today's deal")),
        "restart": (_("Restart this deal?"), pgettext("button", "Restart")),
        "challenge": (_("Play this daily challenge?"), pgettext("button", "Play the challenge")),
        "play-on": (_("Play on from this move of your game?"), pgettext("button", "Play on")),
    }


def _record_names() -> dict[str, str]:
    return {
        "fastest-win": pgettext("record", "fastest win"),
        "fewest-moves": pgettext("record", "fewest moves"),
        "best-score": pgettext("record", "best score"),
        "best-streak": pgettext("record", "best streak"),
    }


def _level_names() -> dict[Level, str]:
    # TRANSLATORS: a deal's grade of difficulty.
    return {
        Level.EASY: pgettext("grade", "Easy"),
        Level.MEDIUM: pgettext("grade", "Medium"),
        Level.HARD: pgettext("grade", "Hard"),
        Level.EXPERT: pgettext("grade", "Expert"),
    }


def _achievement_words() -> dict[str, tuple[str, str]]:
    # TRANSLATORS: the achievements' names and goals; a "marriage" is a won game, the Queen and King
    # of Hearts meeting.
    return {
        "first-win": (pgettext("achievement", "First marriage"), _("Win a game.")),
        "ten-wins": (pgettext("achievement", "Ten marriages"), _("Win ten games.")),
        "hundred-wins": (pgettext("achievement", "A hundred marriages"), _("Win a hundred games.")),
        "perfect": (
            pgettext("achievement", "Perfect marriage"),
            _("Win a deal in par, its fewest possible moves, without hints."),
        ),
        "ten-perfect": (
            pgettext("achievement", "Ten perfect marriages"),
            _("Win ten deals in par without hints."),
        ),
        "unaided": (pgettext("achievement", "On your own"), _("Win without an undo or a hint.")),
        "quick": (pgettext("achievement", "Whirlwind romance"), _("Win in under a minute without hints.")),
        "easy-won": (pgettext("achievement", "Easy does it"), _("Win an Easy deal without hints.")),
        "medium-won": (pgettext("achievement", "Middle ground"), _("Win a Medium deal without hints.")),
        "hard-won": (pgettext("achievement", "Hard won"), _("Win a Hard deal without hints.")),
        "expert-won": (pgettext("achievement", "Expert"), _("Win an Expert deal without hints.")),
        "expert-par": (pgettext("achievement", "Master"), _("Win an Expert deal in par without hints.")),
        "first-daily": (pgettext("achievement", "Daily devotion"), _("Win a daily challenge.")),
        "week-streak": (
            pgettext("achievement", "A week of weddings"),
            _("Win a daily challenge seven days in a row."),
        ),
        "full-month": (
            pgettext("achievement", "A month of marriages"),
            _("Win a daily challenge every day of a month."),
        ),
    }


def _no_par() -> str:
    # TRANSLATORS: the par field of a deal no one can win.
    return pgettext("no par", "none")


def _no_grade() -> str:
    # TRANSLATORS: the difficulty field of a deal no one can win: it has no grade.
    return pgettext("no grade", "none")


def _word(name: str) -> str:
    return _(_WORDS[name])


_TABLES: dict[str, Callable[[], object]] = {
    "LEAVE_QUESTIONS": _leave_questions,
    "RECORD_NAMES": _record_names,
    "LEVEL_NAMES": _level_names,
    "ACHIEVEMENT_WORDS": _achievement_words,
    "WEEKDAYS": lambda: tuple(forms().weekday_names("wide")),
    "WEEKDAYS_SHORT": lambda: tuple(forms().weekday_names("short")),
    "UNSEEN": lambda: _word("NOTHING_YET"),
    "NO_PAR": lambda: _no_par(),
    "NO_GRADE": lambda: _no_grade(),
    # TRANSLATORS: the calendar's button that opens a day's challenge.
    "PLAY_CHALLENGE": lambda: pgettext("challenge", "Play"),
}


def __getattr__(name: str) -> object:
    """A constant sentence or table, in the language in use now."""
    if name in _WORDS:
        return _word(name)
    if name in _TABLES:
        return _TABLES[name]()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *_WORDS, *_TABLES])


# Notices ----------------------------------------------------------------------------------


def _unreadable_first(kind: str, own: bool, kept: bool, cause: str) -> str:
    """The notice's first sentence: which record, why, and what takes its place."""
    values = {"reason": cause}
    if own and kept:
        fresh = {
            "game": _(
                "Your saved unfinished game could not be read (%(reason)s), so what this page shows is "
                "saved in its place."
            ),
            "stats": _(
                "Your saved stats could not be read (%(reason)s), so what this page shows is saved in its "
                "place."
            ),
            "settings": _(
                "Your saved settings could not be read (%(reason)s), so what this page shows is saved in "
                "its place."
            ),
        }
    elif own:
        fresh = {
            "game": _(
                "Your saved unfinished game could not be read (%(reason)s), so this page goes on with what "
                "it shows."
            ),
            "stats": _(
                "Your saved stats could not be read (%(reason)s), so this page goes on with what it shows."
            ),
            "settings": _(
                "Your saved settings could not be read (%(reason)s), so this page goes on with what it shows."
            ),
        }
    else:
        fresh = {
            "game": _("Your saved unfinished game could not be read (%(reason)s), so a new game starts."),
            "stats": _("Your saved stats could not be read (%(reason)s), so they start again from zero."),
            "settings": _("Your saved settings could not be read (%(reason)s), so the usual settings apply."),
        }
    return fresh[kind] % values


def unreadable(record: Unreadable) -> str:
    """A saved record could not be read: what replaces it, and where it is now. Said to players:
    no storage key names."""
    first = _unreadable_first(record.kind, record.own, record.kept_aside, why(record.reason))
    if not record.kept_aside:
        where = {
            "game": _(
                "It stays where it was, untouched: there is no room to keep a copy of it aside, so "
                "this page keeps your unfinished game only while it is open, until there is."
            ),
            "stats": _(
                "It stays where it was, untouched: there is no room to keep a copy of it aside, so "
                "this page keeps your stats only while it is open, until there is."
            ),
            "settings": _(
                "It stays where it was, untouched: there is no room to keep a copy of it aside, so "
                "this page keeps your settings only while it is open, until there is."
            ),
        }[record.kind]
    elif record.dropped_beyond:
        where = ngettext(
            "The unreadable copy is kept aside in this browser; at most %(count)s such "
            "copy is kept, so the oldest was dropped to make room.",
            "The unreadable copy is kept aside in this browser; at most %(count)s such "
            "copies are kept, so the oldest was dropped to make room.",
            record.dropped_beyond,
        ) % {"count": _n(record.dropped_beyond)}
    else:
        where = _("Nothing is lost: the unreadable copy is kept aside in this browser.")
    return sentences(first, where)


def storage_notice(notice: StorageNotice) -> Notice:
    """What the player is told when storage is refused, a newer build's data is found, or a
    record cannot be read (:mod:`royal.storage` reports these as values)."""
    if isinstance(notice, Unreadable):
        return Notice(unreadable(notice))
    if isinstance(notice, Saving):
        return (
            Notice(_word("NOT_SAVING"))
            if notice is Saving.PAUSED
            else Notice(_word("SAVING_AGAIN"), warning=False)
        )
    return Notice(_word("NO_STORAGE") if notice is InMemory.REFUSED else _word("NEWER_ELSEWHERE"))


def streak_ended(day: _dt.date) -> str:
    """Said once when saved stats held a streak dated after tomorrow, which then ended (docs/stats.md,
    "Clock errors"): what happened, why, and that nothing else changed."""
    return _(
        "Your winning streak ended: its last win is dated %(date)s, a day still to come, so this "
        "device's date was wrong then or is wrong now. Your best streak and every other figure are kept."
    ) % {"date": _date(day)}


def bad_link(cause: object) -> str:
    """The link in the address could not be opened, and why (a :class:`Reason`)."""
    return _("The link's deal could not be opened: %(reason)s. Here is a normal game instead.") % {
        "reason": why(cause)
    }


# What the player did ------------------------------------------------------------------------


def deal_name(number: int | None) -> str:
    """The deal as its field shows it: its number, or "custom" for a linked order of cards."""
    # TRANSLATORS: the deal field of a deal given as its cards, in a link, rather than a number.
    return pgettext("deal", "custom") if number is None else str(number)


def new_game(number: int | None) -> str:
    """The announcement of a new random deal."""
    return _("New game: deal %(number)s.") % {"number": number}


def daily(number: int | None) -> str:
    """The announcement of today's deal."""
    return _("Today's deal: deal %(number)s.") % {"number": number}


def rewound(moves: int) -> str:
    """The announcement after going back to the last winnable position."""
    return _("Back to move %(move)s. The game can be won from here.") % {"move": _n(moves)}


def rewind_button(moves: int) -> str:
    """The end panel's button back to the last winnable position."""
    if moves == 0:
        return _("Back to the start, still winnable")
    return _("Back to move %(move)s, still winnable") % {"move": _n(moves)}


def _join(names: Sequence[str]) -> str:
    return forms().listed(names)


def removal(move: Move, removed: Sequence[str], name: Namer = shown_name) -> str:
    """``"Q♥ and 7♥ remove 3♠"``: a move and what it takes out."""
    # TRANSLATORS: a move: its two cards, and the one or two cards between them that it removes.
    return _("%(left)s and %(right)s remove %(removed)s") % {
        "left": name(move.left),
        "right": name(move.right),
        "removed": _join([name(c) for c in removed]),
    }


def played(played: Played, cards_left: int) -> str:
    """The announcement after a move, for the screen reader."""
    return ngettext(
        "Removed %(removed)s, between %(left)s and %(right)s. %(count)s card left.",
        "Removed %(removed)s, between %(left)s and %(right)s. %(count)s cards left.",
        cards_left,
    ) % {
        "removed": _join([spoken_name(c) for c in played.removed]),
        "left": spoken_name(played.move.left),
        "right": spoken_name(played.move.right),
        "count": _n(cards_left),
    }


def undone(played: Played, cards_left: int) -> str:
    """The announcement after an undo."""
    return ngettext(
        "Undone: %(cards)s back in the line. %(count)s card left.",
        "Undone: %(cards)s back in the line. %(count)s cards left.",
        cards_left,
    ) % {"cards": _join([spoken_name(c) for c in played.removed]), "count": _n(cards_left)}


def lesson(move: Move | None, step: int, line: Line, stock: bool, name: Namer = shown_name) -> str:
    """A step of the first game's lesson on ``line`` (royal/table/lesson.py), for the real move
    ``move`` (docs/rules.md, "Moves"): the card pointed at, then its partner, why it pairs and
    what goes, then the player's turn. With no move open, what a move is, and from the stock
    (``stock``: cards still in it) to deal."""
    if move is None:
        if stock:
            return _(
                "No pair is open yet: deal a card from the stock, then look for two cards of the same "
                "suit or rank with one or two cards between them."
            )
        return _(
            "No move is open here. A move takes two cards of the same suit or rank with one or two "
            "cards between them: the cards between them go."
        )
    removed = line.enclosed(move)
    values = {"left": name(move.left), "right": name(move.right), "gone": _join([name(c) for c in removed])}
    if step == 0:
        return (
            _(
                "Look at %(left)s: it has a partner, a card of its suit or rank with one or two cards "
                "between them."
            )
            % values
        )
    if step == 1:
        if move.left[0] == move.right[0]:
            text = ngettext(
                "%(right)s is its partner: the same rank, with %(gone)s between them. "
                "Pair them and %(gone)s goes; the two you pick stay.",
                "%(right)s is its partner: the same rank, with %(gone)s between them. "
                "Pair them and %(gone)s go; the two you pick stay.",
                len(removed),
            )
        else:
            text = ngettext(
                "%(right)s is its partner: the same suit, with %(gone)s between them. "
                "Pair them and %(gone)s goes; the two you pick stay.",
                "%(right)s is its partner: the same suit, with %(gone)s between them. "
                "Pair them and %(gone)s go; the two you pick stay.",
                len(removed),
            )
        return text % values
    return (
        _(
            "Your turn: pick %(left)s, then %(right)s, or drag one onto the other. "
            "Win when the Queen and King of Hearts meet."
        )
        % values
    )


def selection(line: Line, card: str, name: Namer = shown_name) -> str:
    """What selecting ``card`` offers: each partner and what that pairing removes."""
    options = [(m, line.enclosed(m)) for m in line.partners(card)]
    if not options:
        return _("No move uses %(card)s right now.") % {"card": name(card)}
    # TRANSLATORS: a partner of the selected card, and the cards pairing them would remove.
    option = _("%(partner)s (removes %(removed)s)")
    parts = [
        option % {"partner": name(m.other(card)), "removed": _join([name(c) for c in gone])}
        for m, gone in options
    ]
    # TRANSLATORS: between the partners a selected card can pair with: "Q♥ (removes 3♠), or 9♥ (…)".
    separator = pgettext("between partners", ", or ")
    return _("%(card)s selected. Pair it with %(partners)s.") % {
        "card": name(card),
        "partners": separator.join(parts),
    }


def hint(move: Move | None, game: Game, name: Namer = shown_name) -> str:
    """The hint's message: the move and what it removes, or why the game cannot be won."""
    if move is None:
        return sentences(_("This game can no longer be won from here."), where_it_went_wrong(game))
    return _("Hint: %(move)s. It keeps the game winnable.") % {
        "move": removal(move, game.line.enclosed(move), name)
    }


def win_figures(game: Game, now: float) -> str:
    """A win's time, moves and score in a sentence: what the end panel shows as figures (the
    glance and the breakdown), said for a screen reader before the panel's words."""
    return ngettext(
        "Time %(time)s, %(count)s move, score %(score)s.",
        "Time %(time)s, %(count)s moves, score %(score)s.",
        game.moves,
    ) % {"time": format_seconds(game.clock.seconds(now)), "count": _n(game.moves), "score": str(game.score)}


def ending(game: Game, now: float) -> tuple[str, str]:
    """The heading and text shown when the game is over; a win's figures are not in the text
    (the panel shows them at a glance: :func:`win_figures` says them)."""
    if game.outcome is Outcome.WON:
        won = _("You won!")
        par = game.par
        if par == game.moves and game.with_hints:  # docs/rules.md, "Par and perfect marriages"
            in_par = ngettext(
                "You won in par, %(count)s move, with hints: a perfect marriage is one won without them.",
                "You won in par, %(count)s moves, with hints: a perfect marriage is one won without them.",
                par,
            ) % {"count": _n(par)}
            return won, in_par
        if par == game.moves:
            text = ngettext(
                "You won in par, %(count)s move, the fewest this deal allows.",
                "You won in par, %(count)s moves, the fewest this deal allows.",
                par,
            ) % {"count": _n(par)}
            if game.penalties:  # undos alone: a hint would have made it a win with hints
                cost = _("Undos cost points, not the title: yours cost %(points)s.") % {
                    "points": _n(game.penalties)
                }
                text = sentences(text, cost)
            return _word("PERFECT"), text
        over = game.moves - (par or 0)
        text = ngettext(
            "Par for this deal, its fewest possible moves, is %(par)s: you took %(count)s move more.",
            "Par for this deal, its fewest possible moves, is %(par)s: you took %(count)s moves more.",
            over,
        ) % {"par": par, "count": _n(over)}
        if game.with_hints:
            text = sentences(text, _("You won with hints."))
        return won, text
    if game.outcome is Outcome.STUCK:
        return _("No moves are left."), stuck(game)
    return ("", "")


def stuck(game: Game) -> str:
    """A stuck game in one sentence: the cards left, and whether it could still be won earlier
    (the end panel's first button goes back there: :func:`rewind_button`)."""
    last = game.last_winnable()
    values = {"count": _n(game.cards_left), "move": _n(last or 0)}
    if last is None:
        text = ngettext(
            "%(count)s card is left, and no one could have won this deal.",
            "%(count)s cards are left, and no one could have won this deal.",
            game.cards_left,
        )
    elif last == 0:
        text = ngettext(
            "%(count)s card is left, and this deal could be won only from its start.",
            "%(count)s cards are left, and this deal could be won only from its start.",
            game.cards_left,
        )
    else:
        text = ngettext(
            "%(count)s card is left, and your game could still be won after move %(move)s.",
            "%(count)s cards are left, and your game could still be won after move %(move)s.",
            game.cards_left,
        )
    return text % values


def glance(game: Game, now: float, records: Sequence[str]) -> list[tuple[str, str, str]]:
    """A win at a glance, for its end panel: each figure's name (``data-glance``), label and
    value: the moves against par, the time, and the records it beat, if any."""
    par = game.par
    moves = str(game.moves)
    if par is not None:
        # TRANSLATORS: the moves a win took, against par, in the end panel: "25 · in par", "27 · par 25".
        in_par = (
            _("%(moves)s \N{MIDDLE DOT} in par")
            if game.moves == par
            else _("%(moves)s \N{MIDDLE DOT} par %(par)s")
        )
        moves = in_par % {"moves": moves, "par": par}
    figures = [
        ("moves", pgettext("figure", "Moves"), moves),
        ("time", pgettext("figure", "Time"), format_seconds(game.clock.seconds(now))),
    ]
    if records:
        names = _record_names()
        # TRANSLATORS: between the records a win beat: "Fastest win, best score".
        named = pgettext("between records", ", ").join(names[name] for name in records)
        label = ngettext("New record", "New records", len(records))
        figures.append(("records", label, named[:1].upper() + named[1:]))
    return figures


def badge(achievement: Achievement) -> tuple[str, str]:
    """An achievement a win unlocked, as its end panel's badge shows it: its name, and its goal."""
    return _achievement_words()[achievement.id]


def where_it_went_wrong(game: Game) -> str:
    """The solver's word on a lost game: was the deal winnable, and until which move."""
    last = game.last_winnable()
    if last is None:
        return _("No one could have won this deal: no sequence of moves clears it. Try a new game.")
    back = game.moves - last
    return ngettext(
        "The deal could be won, and your game could still be won after move %(move)s. "
        "Undo %(count)s move to get back there, or restart the deal.",
        "The deal could be won, and your game could still be won after move %(move)s. "
        "Undo %(count)s moves to get back there, or restart the deal.",
        back,
    ) % {"move": _n(last), "count": _n(back)}


def lost_warning(game: Game) -> str:
    """Said at once when the move just played made the game impossible to win."""
    return _(
        "That move lost the game: after move %(move)s it can no longer be won. "
        "Undo it to get back on a winning line."
    ) % {"move": _n(game.moves)}


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


def fields(game: Game, now: float) -> dict[str, str]:
    """The game's fields as the page shows them, keyed by their ``data-field`` names: from the
    stock, par and the grade only once they tell nothing of the cards still face down."""
    known = game.figures_known
    return {
        "deal": deal_name(game.number),
        "par": par_field(game.par) if known else _word("NOTHING_YET"),
        "moves": str(game.moves),
        "score": str(game.score),
        "time": format_seconds(game.clock.seconds(now)),
        "cards-left": str(game.cards_left),
        "difficulty": difficulty_field(game.difficulty) if known else _word("NOTHING_YET"),
    }


def figures(stats: Stats, today: _dt.date) -> dict[str, str]:
    """The eight figures, perfect wins and wins with hints as the page shows them, keyed by
    ``data-stat`` name."""
    nothing = _word("NOTHING_YET")
    return {
        "played": str(stats.played),
        "wins": str(stats.wins),
        "win-rate": _percent(stats.wins, stats.played),
        "fastest-win": nothing if stats.fastest_win is None else format_seconds(stats.fastest_win),
        "fewest-moves": nothing if stats.fewest_moves is None else str(stats.fewest_moves),
        "best-score": nothing if stats.best_score is None else str(stats.best_score),
        "current-streak": _days(stats.current_streak(today)),
        "best-streak": _days(stats.best_streak),
        "perfect-wins": str(stats.perfect_wins),
        "wins-with-hints": str(stats.wins_with_hints),
    }


def _percent(part: int, whole: int) -> str:
    """Whole percent, rounded half up, with integer arithmetic so 2/3 is exactly 67%."""
    if whole == 0:
        return _word("NOTHING_YET")
    return forms().percent((200 * part + whole) // (2 * whole))


def _days(count: int) -> str:
    return ngettext("%(count)s day", "%(count)s days", count) % {"count": _n(count)}


# Par, winnable deals and the replay -------------------------------------------------------


def par_field(par: int | None) -> str:
    """What ``[data-field=par]`` shows: the deal's fewest possible moves."""
    return _no_par() if par is None else str(par)


def unwinnable_deal(number: int | None) -> str:
    """Said when a deal that cannot be won is opened (by a link, today's date or a restart)."""
    if number is None:
        return _("This deal cannot be won: no sequence of moves clears it, but you can still play it.")
    return _("Deal %(number)s cannot be won: no sequence of moves clears it, but you can still play it.") % {
        "number": number
    }


def replay_started(replay: Replay, name: Namer = shown_name) -> str:
    """Said when the replay opens."""
    start = ngettext(
        "A shortest win of this deal, in %(count)s move, from the start.",
        "A shortest win of this deal, in %(count)s moves, from the start.",
        replay.total,
    ) % {"count": _n(replay.total)}
    return sentences(start, replay_position(replay, name))


def replay_position(replay: Replay, name: Namer = shown_name) -> str:
    """Where the replay stands and what its next step does."""
    move = replay.next_move
    if move is None:
        return ngettext(
            "Won in %(count)s move, the fewest this deal allows.",
            "Won in %(count)s moves, the fewest this deal allows.",
            replay.total,
        ) % {"count": _n(replay.total)}
    return _("%(position)s of %(total)s played. Next, move %(next)s: %(move)s.") % {
        "position": _n(replay.position),
        "total": _n(replay.total),
        "next": _n(replay.position + 1),
        "move": removal(move, replay.line.enclosed(move), name),
    }


def replay_fields(replay: Steps) -> dict[str, str]:
    """The fields that follow the replay while it shows, keyed by their ``data-field`` names."""
    return {"moves": str(replay.position), "cards-left": str(len(replay.line))}


def replay_play_button(playing: bool) -> str:
    # TRANSLATORS: the replay's buttons: play it on, or pause it.
    return pgettext("replay", "Pause") if playing else pgettext("replay", "Play")


# The daily record and recent games ---------------------------------------------------------


def _date(day: _dt.date) -> str:
    return forms().date(day)


def daily_today(record: DailyRecord, today: _dt.date) -> str:
    """How today's deal went: won (moves against par, and whether with hints), played and not
    won, or not played."""
    result = record.on(today)
    date = _date(today)
    if result is None:
        return _("Today's deal, %(date)s, is not played yet.") % {"date": date}
    if not result.won:
        return _("Today's deal, %(date)s, is played but not won yet.") % {"date": date}
    moves = result.moves or 0
    over = moves - (result.par or 0)
    values = {"date": date, "count": _n(moves), "over": _n(over), "par": result.par}
    if over == 0 and result.with_hints:
        text = ngettext(
            "Today's deal, %(date)s, is won with hints in %(count)s move, in par.",
            "Today's deal, %(date)s, is won with hints in %(count)s moves, in par.",
            moves,
        )
    elif over == 0:
        text = ngettext(
            "Today's deal, %(date)s, is won in %(count)s move, in par.",
            "Today's deal, %(date)s, is won in %(count)s moves, in par.",
            moves,
        )
    elif result.with_hints:
        text = ngettext(
            "Today's deal, %(date)s, is won with hints in %(count)s move, %(over)s over par %(par)s.",
            "Today's deal, %(date)s, is won with hints in %(count)s moves, %(over)s over par %(par)s.",
            moves,
        )
    else:
        text = ngettext(
            "Today's deal, %(date)s, is won in %(count)s move, %(over)s over par %(par)s.",
            "Today's deal, %(date)s, is won in %(count)s moves, %(over)s over par %(par)s.",
            moves,
        )
    return text % values


def day_label(day: _dt.date, status: DayStatus, with_hints: bool = False) -> str:
    """A day of the record's row, for the tooltip and the screen reader: won (with hints, when
    every win of it was), played and not won, or not played."""
    words = {
        DayStatus.WON: _("%(date)s: won with hints") if with_hints else _("%(date)s: won"),
        DayStatus.PLAYED: _("%(date)s: played, not won"),
        DayStatus.NONE: _("%(date)s: not played"),
    }
    return words[status] % {"date": _date(day)}


def daily_streak(days: int) -> str:
    return ngettext(
        "Today's deal won on its day: %(count)s day in a row.",
        "Today's deal won on its day: %(count)s days in a row.",
        days,
    ) % {"count": _n(days)}


def recent_summary(recent: Sequence[Finished]) -> str:
    """The chart's caption and text alternative, in one sentence."""
    if not recent:
        return _("No finished games yet: the chart shows your last 30.")
    if len(recent) == 1:
        return _("Your last game: %(game)s") % {"game": _finished(recent[0])}
    wins = [f for f in recent if f.won]
    perfect, hinted = sum(f.perfect for f in wins), sum(f.with_hints for f in wins)
    losses = len(recent) - len(wins)
    values = {"wins": _n(len(wins)), "perfect": _n(perfect), "hinted": _n(hinted), "losses": _n(losses)}
    if not wins:
        won = _("%(wins)s won") % values
    elif hinted:
        won = _("%(wins)s won (%(perfect)s in par, %(hinted)s with hints)") % values
    else:
        won = _("%(wins)s won (%(perfect)s in par)") % values
    if not losses:
        return _("Your last %(count)s games: %(won)s.") % {"count": _n(len(recent)), "won": won}
    left = round(sum(f.cards_left for f in recent if not f.won) / losses)
    lost = ngettext(
        "%(losses)s lost (%(count)s card left on average)",
        "%(losses)s lost (%(count)s cards left on average)",
        left,
    ) % {**values, "count": _n(left)}
    return _("Your last %(count)s games: %(won)s, %(lost)s.") % {
        "count": _n(len(recent)),
        "won": won,
        "lost": lost,
    }


def recent_game(index: int, game: Finished) -> str:
    """One bar of the chart, in words."""
    return _("Game %(number)s: %(game)s") % {"number": _n(index), "game": _finished(game)}


def _finished(game: Finished) -> str:
    """How a finished game went: ``"won in 25 moves, in par."``, ``"lost with 33 cards left."``"""
    values = {"moves": _n(game.moves), "over": _n(game.over_par or 0), "left": _n(game.cards_left)}
    if not game.won:
        if game.with_hints:
            return (
                ngettext(
                    "lost with %(left)s card left, with hints.",
                    "lost with %(left)s cards left, with hints.",
                    game.cards_left,
                )
                % values
            )
        return (
            ngettext("lost with %(left)s card left.", "lost with %(left)s cards left.", game.cards_left)
            % values
        )
    if game.over_par:
        if game.with_hints:
            text = ngettext(
                "won in %(moves)s move, %(over)s over par, with hints.",
                "won in %(moves)s moves, %(over)s over par, with hints.",
                game.moves,
            )
        else:
            text = ngettext(
                "won in %(moves)s move, %(over)s over par.",
                "won in %(moves)s moves, %(over)s over par.",
                game.moves,
            )
    elif game.with_hints:
        text = ngettext(
            "won in %(moves)s move, in par, with hints.",
            "won in %(moves)s moves, in par, with hints.",
            game.moves,
        )
    else:
        text = ngettext("won in %(moves)s move, in par.", "won in %(moves)s moves, in par.", game.moves)
    return text % values


# Backup -------------------------------------------------------------------------------------


def backup_newer(version: int) -> str:
    return _(
        "This backup was made by a newer version of the game (format %(version)s); update the game to "
        "import it."
    ) % {"version": version}


def backup_stats_unreadable(cause: object) -> str:
    return _("The stats in this backup cannot be read (%(reason)s).") % {"reason": why(cause)}


def backup_game_unreadable(cause: object) -> str:
    return _("The unfinished game in this backup cannot be read (%(reason)s).") % {"reason": why(cause)}


def exported(file_name: str) -> str:
    return _("Your stats are saved in the file %(file)s.") % {"file": file_name}


def _games_and_wins(played: int, wins: int) -> dict[str, str]:
    """ "3 games played with 2 wins": the two counts, each with its own plural."""
    return {
        "games": ngettext("%(count)s game", "%(count)s games", played) % {"count": _n(played)},
        "wins": ngettext("%(count)s win", "%(count)s wins", wins) % {"count": _n(wins)},
    }


def backup_contents(backup: Backup) -> str:
    """What a backup file holds, shown before the player chooses to replace their own."""
    stats = backup.stats
    values = {"date": _date(backup.exported), **_games_and_wins(stats.played, stats.wins)}
    if backup.game is None:
        holds = _("This file, exported on %(date)s, holds %(games)s played with %(wins)s.") % values
    else:
        moves = backup.game.moves
        values["count"] = _n(moves)
        if backup.game.number is None:
            text = ngettext(
                "This file, exported on %(date)s, holds %(games)s played with %(wins)s and an unfinished "
                "game of a custom deal, %(count)s move in, which replaces yours.",
                "This file, exported on %(date)s, holds %(games)s played with %(wins)s and an unfinished "
                "game of a custom deal, %(count)s moves in, which replaces yours.",
                moves,
            )
        else:
            values["number"] = str(backup.game.number)
            text = ngettext(
                "This file, exported on %(date)s, holds %(games)s played with %(wins)s and an unfinished "
                "game of deal %(number)s, %(count)s move in, which replaces yours.",
                "This file, exported on %(date)s, holds %(games)s played with %(wins)s and an unfinished "
                "game of deal %(number)s, %(count)s moves in, which replaces yours.",
                moves,
            )
        holds = text % values
    said = [holds]
    if backup.streak_ended is not None:
        said.append(
            _(
                "Its winning streak ends: its last win is dated %(date)s, a day still to come, so a "
                "device's date was wrong; its best streak and every other figure are kept."
            )
            % {"date": _date(backup.streak_ended)}
        )
    said.append(_("Your stats and daily record on this device are replaced."))
    return sentences(*said)


def imported(backup: Backup) -> str:
    return _("Stats imported: %(games)s played, %(wins)s.") % _games_and_wins(
        backup.stats.played, backup.stats.wins
    )


# The stock game ---------------------------------------------------------------------------


def variant_name(variant: Variant) -> str:
    """The variant in words, as the stats panel names the figures it shows."""
    if variant.stock:
        return _("the stock game, with suit runs") if variant.suit_runs else _("the stock game")
    return _("the open game, with suit runs") if variant.suit_runs else _("the open game")


def stock_count(count: int) -> str:
    """The face-down stock's label: only its count, never a card."""
    if not count:
        return _("The stock is empty")
    return ngettext(
        "%(count)s card face down in the stock", "%(count)s cards face down in the stock", count
    ) % {"count": _n(count)}


def dealt(card: str, count: int) -> str:
    """The announcement after a deal, for the screen reader."""
    return _("Dealt the %(card)s. %(stock)s.") % {"card": spoken_name(card), "stock": stock_count(count)}


def undealt(card: str, count: int) -> str:
    """The announcement after an undone deal."""
    return _("Undone: the %(card)s back on the stock. %(stock)s.") % {
        "card": spoken_name(card),
        "stock": stock_count(count),
    }


def chance(estimate: Chance) -> str:
    """The chance the position can still be won, over the ways the unseen cards can fall."""
    if estimate.orders == 1:
        return (
            _("This position can still be won.")
            if estimate.wins
            else _("This position can no longer be won.")
        )
    if estimate.exact:
        return ngettext(
            "In %(wins)s of the %(count)s way the stock can fall, this position still wins.",
            "In %(wins)s of the %(count)s ways the stock can fall, this position still wins.",
            estimate.orders,
        ) % {"wins": _n(estimate.wins), "count": _n(estimate.orders)}
    if estimate.wins == estimate.orders:
        return _("In every way the stock was tried, this position still wins.")
    if not estimate.wins:
        return _("In none of the ways the stock was tried does this position win.")
    return _("In about %(percent)s of the ways the stock can fall, this position still wins.") % {
        "percent": forms().percent(estimate.percent)
    }


def stock_hint(advice: Advice, line: Line, name: Namer = shown_name) -> str:
    """The stock game's hint: the removal that keeps the whole chance, or dealing on."""
    best = advice.best
    if best is not None:
        hint = _("Hint: %(move)s. It keeps every chance.") % {
            "move": removal(best, line.enclosed(best), name)
        }
        return sentences(hint, chance(advice.chance))
    if not advice.chance.wins:
        return chance(advice.chance)
    if advice.can_deal:
        deal_on = _("Hint: deal on. Dealing loses nothing; every removal now would lower the chance.")
        return sentences(deal_on, chance(advice.chance))
    return chance(advice.chance)


def chance_lowered(after: Chance) -> str:
    """Said when the removal just played lowered the chance of a win."""
    return sentences(
        _("That removal lowered the chance."), chance(after), _("Undo it to get the chance back.")
    )


# Difficulty, daily challenges, achievements, sharing, review, finish (issue 20) -----------------


def difficulty_field(level: Level | None) -> str:
    """What ``[data-field=difficulty]`` shows beside par."""
    return _no_grade() if level is None else _level_names()[level]


def level_wins(stats: Stats) -> dict[str, str]:
    """Wins by grade, keyed ``wins-easy`` to ``wins-expert`` (their ``data-figure`` names)."""
    return {f"wins-{level.value}": str(stats.level_wins.get(level, 0)) for level in Level}


def stats_panel(stats: Stats, today: _dt.date) -> dict[str, str]:
    """Every figure of the stats panel, keyed by ``data-stat`` name."""
    return {**figures(stats, today), **level_wins(stats)}


def challenge(level: Level, day: _dt.date) -> str:
    """The announcement of a daily challenge opened."""
    # TRANSLATORS: %(level)s is a grade: Easy, Medium, Hard or Expert.
    return _("Daily challenge, %(date)s: the %(level)s deal.") % {
        "date": _date(day),
        "level": _level_names()[level],
    }


def challenge_result(result: ChallengeResult | None) -> str:
    """A challenge's record as the calendar shows it: its best win, with hints when every win
    of it was (docs/stats.md, "Wins with hints")."""
    if result is None:
        return _("not played")
    if not result.won:
        return _("played, not won")
    moves = result.moves or 0
    values = {"count": _n(moves), "par": result.par}
    if result.seconds is None and result.with_hints:
        text = ngettext(
            "won with hints in %(count)s move (par %(par)s)",
            "won with hints in %(count)s moves (par %(par)s)",
            moves,
        )
    elif result.seconds is None:
        text = ngettext("won in %(count)s move (par %(par)s)", "won in %(count)s moves (par %(par)s)", moves)
    elif result.with_hints:
        text = ngettext(
            "won with hints in %(count)s move (par %(par)s), %(time)s",
            "won with hints in %(count)s moves (par %(par)s), %(time)s",
            moves,
        )
    else:
        text = ngettext(
            "won in %(count)s move (par %(par)s), %(time)s",
            "won in %(count)s moves (par %(par)s), %(time)s",
            moves,
        )
    if result.seconds is not None:
        values["time"] = format_seconds(result.seconds)
    return text % values


def calendar_day(day: _dt.date, results: dict[int, ChallengeResult]) -> str:
    """A calendar day, for its tooltip and the screen reader: how many challenges were won, and
    how many of those only with hints."""
    won = sum(r.won for r in results.values())
    hinted = sum(r.with_hints for r in results.values())
    date = _date(day)
    if not results:
        return _("%(date)s: not played") % {"date": date}
    if not won:
        return _("%(date)s: played, none won") % {"date": date}
    values = {"date": date, "won": _n(won), "count": _n(len(Level)), "hinted": _n(hinted)}
    if hinted:
        # TRANSLATORS: "2 of 4 challenges won, 1 with hints": %(hinted)s of them won only with hints.
        return (
            ngettext(
                "%(date)s: %(won)s of %(count)s challenge won, %(hinted)s with hints",
                "%(date)s: %(won)s of %(count)s challenges won, %(hinted)s with hints",
                len(Level),
            )
            % values
        )
    return (
        ngettext(
            "%(date)s: %(won)s of %(count)s challenge won",
            "%(date)s: %(won)s of %(count)s challenges won",
            len(Level),
        )
        % values
    )


def month_heading(year: int, month: int, won: bool) -> str:
    """A calendar month's heading, with its mark when every day had a challenge won."""
    name = forms().date(_dt.date(year, month, 1), "month")
    return _("%(month)s: every day won") % {"month": name} if won else name


def challenge_streak(days: int) -> str:
    return ngettext(
        "Daily challenges: %(count)s day in a row with one won.",
        "Daily challenges: %(count)s days in a row with one won.",
        days,
    ) % {"count": _n(days)}


def achievement_reached(achievement: Achievement, reached: int, unlocked: _dt.date | None) -> str:
    """How far an achievement is, as its badge in the panel says under its name and goal: the
    day it was won, or its progress."""
    if unlocked is not None:
        return _("Unlocked %(date)s.") % {"date": _date(unlocked)}
    if achievement.goal == 1:  # a one-off goal: reached or not, no count to show
        return _("Not yet.")
    # TRANSLATORS: an achievement's progress, e.g. "3 of 10."
    return _("%(reached)s of %(count)s.") % {"reached": _n(reached), "count": _n(achievement.goal)}


def achievements_unlocked(achievements: Sequence[Achievement]) -> str:
    """The announcement of achievements just unlocked, said once."""
    words = _achievement_words()
    names = [words[a.id][0] for a in achievements]
    return ngettext("Achievement unlocked: %(names)s.", "Achievements unlocked: %(names)s.", len(names)) % {
        "names": _join(names)
    }


def share_text(game: Game, now: float, challenge_day: _dt.date | None) -> str:
    """Share's text at a game's end: the deal, its grade and how it went (with hints, if so), with
    no move of it."""
    # TRANSLATORS: the game's name, as players of your language know it.
    parts = [_("Royal Marriage")]
    if challenge_day:
        parts.append(_("Daily %(date)s") % {"date": forms().date(challenge_day, "medium")})
    else:
        parts.append(
            _("Deal %(number)s") % {"number": game.number} if game.number is not None else _("Custom deal")
        )
    if game.difficulty is not None:
        parts.append(_level_names()[game.difficulty])
    values = {"count": _n(game.moves), "left": _n(game.cards_left), "par": game.par}
    if game.outcome is Outcome.WON:
        if game.par is None:
            text = ngettext("won in %(count)s move", "won in %(count)s moves", game.moves)
        else:
            text = ngettext(
                "won in %(count)s move (par %(par)s)", "won in %(count)s moves (par %(par)s)", game.moves
            )
    elif game.par is None:
        text = ngettext("%(left)s card left", "%(left)s cards left", game.cards_left)
    else:
        text = ngettext(
            "%(left)s card left (par %(par)s)", "%(left)s cards left (par %(par)s)", game.cards_left
        )
    parts.append(text % values)
    if game.with_hints:
        parts.append(_word("WITH_HINTS"))
    parts.append(format_seconds(game.clock.seconds(now)))
    return " · ".join(parts)


def review_summary(review: Review) -> str:
    """What the review says as it opens: where the win was lost, and how many moves cost."""
    loss, longer = review.first_loss, review.longer
    game = ngettext("Your game, %(count)s move.", "Your game, %(count)s moves.", review.total) % {
        "count": _n(review.total)
    }
    lost = (
        _("Move %(number)s lost the win.") % {"number": _n(loss.number)}
        if loss
        else _("No move lost the win.")
    )
    if longer:
        costly = ngettext(
            "%(count)s move made the shortest win longer.",
            "%(count)s moves made the shortest win longer.",
            len(longer),
        ) % {"count": _n(len(longer))}
    else:
        costly = _("No move made the shortest win longer.")
    return sentences(game, lost, costly)


def review_reason(judged: Judged, name: Namer = shown_name) -> str:
    """Why a move is marked, in words, with the better move (each named as the page names a
    move: ``"Q♥ and 7♥ remove 3♠"``); empty for a move that cost nothing."""
    values = {
        "number": _n(judged.number),
        "move": removal(judged.move, judged.removed, name),
        "better": "" if judged.better is None else removal(judged.better, judged.better_removed, name),
    }
    if judged.lost_win:
        return (
            _(
                "Move %(number)s (%(move)s) lost the win: after it no sequence of moves clears the line. "
                "Better: %(better)s, which kept it."
            )
            % values
        )
    if judged.longer and judged.after is not None:
        return ngettext(
            "Move %(number)s (%(move)s) made the shortest win longer: %(before)s move could win before it, "
            "%(after)s with it. Better: %(better)s, which kept the shortest.",
            "Move %(number)s (%(move)s) made the shortest win longer: %(before)s moves could win before it, "
            "%(after)s with it. Better: %(better)s, which kept the shortest.",
            judged.before or 0,
        ) % {**values, "before": judged.before, "after": _n(judged.after + 1)}
    return ""


def review_position(review: Review) -> str:
    """Where the review stands, as the replay says where it stands."""
    return ngettext(
        "Move %(position)s of %(total)s, %(count)s card in the line.",
        "Move %(position)s of %(total)s, %(count)s cards in the line.",
        len(review.line),
    ) % {"position": _n(review.position), "total": _n(review.total), "count": _n(len(review.line))}


def finish_offer(moves: int) -> str:
    """Said when the rest of the win is forced: each of the moves left is the only winning one."""
    return ngettext(
        "The rest of the win is forced: %(count)s move, each the only one that keeps the win.",
        "The rest of the win is forced: %(count)s moves, each the only one that keeps the win.",
        moves,
    ) % {"count": _n(moves)}


def challenge_finding(level: Level) -> str:
    """A day's challenge in the calendar while the day's deals are still being graded."""
    return _("%(level)s: finding…") % {"level": _level_names()[level]}


def challenge_line(level: Level, result: ChallengeResult | None) -> str:
    """A day's challenge in the calendar: its grade and how it went."""
    return _("%(level)s: %(result)s") % {"level": _level_names()[level], "result": challenge_result(result)}


def play_challenge_label(level: Level, day: _dt.date) -> str:
    return _("Play the %(level)s challenge of %(date)s") % {
        "level": _level_names()[level],
        "date": _date(day),
    }


def calendar_day_heading(day: _dt.date) -> str:
    return _("The challenges of %(date)s") % {"date": _date(day)}


def review_move(number: int, move: Move, name: Namer = shown_name) -> str:
    """A move in the review's list, short enough for its grid: its number and its two cards,
    ``"3. 10♠-10♦"``."""
    return _("%(number)s. %(left)s-%(right)s") % {
        "number": _n(number),
        "left": name(move.left),
        "right": name(move.right),
    }


def review_move_label(number: int, move: Move, removed: Sequence[str]) -> str:
    """What a screen reader says of a move in the review's list: its number and what it did,
    ``"Move 3: ten of spades and ten of diamonds remove four of clubs"``."""
    return _("Move %(number)s: %(move)s") % {
        "number": _n(number),
        "move": removal(move, removed, spoken_name),
    }
