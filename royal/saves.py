"""The save format, in one place: versioned JSON for the unfinished game, the stats and the
settings, loaded strictly.

Saved data comes from a place anyone can edit (localStorage, a copied profile), so loading
trusts nothing: any input either yields a valid object or raises :class:`SaveError` with a
reason a person can read. Nothing else escapes, whatever the bytes. A game is saved as its
deal, its state (the moves in play, the moves redo can bring back, the penalties paid) and its
clock, and loaded by playing those moves again with the game's own rules. The stats are read
here value by value (types and sizes) and refuse, as they are made, figures no play could give
(:class:`~royal.stats.Stats` and its records check themselves).

Each kind is written as a record (:func:`game_to_record`, parsed JSON, as a backup file holds
it) or as its text (:func:`dump_game`), and read back from either (:func:`game_from_record`,
:func:`load_game`).
"""

from __future__ import annotations

import datetime as _dt
import json
from collections.abc import Callable
from typing import TypeVar

from royal import scoring
from royal.achievements import ACHIEVEMENTS
from royal.cards import ALL_CARDS
from royal.challenges import DAYS_KEPT, ChallengeRecord, ChallengeResult, deal_day
from royal.clock import Clock
from royal.deals import daily_deal_number, numbered_deal
from royal.difficulty import Level
from royal.excerpt import quoted
from royal.game import DEAL, Game, Outcome
from royal.i18n import N_
from royal.limits import MAX_CHARS, MAX_COUNT, MAX_DEPTH, MAX_SECONDS, nesting
from royal.line import Move
from royal.reason import Reason, reason
from royal.records import DAYS_SHOWN, RECENT_KEPT, DailyRecord, DayResult, Finished
from royal.settings import ANY_LEVEL, Settings
from royal.stats import COUNTED_IDS_KEPT, Stats
from royal.variant import OPEN, VARIANTS, Variant, VariantError

T = TypeVar("T")

APP = "royal-marriage"
#: Format 1 of the game kept every event; it never held more than this many.
MAX_EVENTS = 100_000

#: The format each kind of record is written in. A kind's number grows by one with each change
#: to its body, and each change adds the step that turns the old body into the new one below.
VERSIONS: dict[str, int] = {"game": 5, "stats": 6, "settings": 5}

#: ``MIGRATIONS[kind][v]`` turns a body of format ``v`` into format ``v + 1``. A step is a plain
#: function of the parsed JSON: it must not trust the old body more than the loader would (the
#: loader checks the result), and it stays here for good: every older format keeps loading.
MIGRATIONS: dict[str, dict[int, Callable[[object], object]]] = {"game": {}, "stats": {}, "settings": {}}


class SaveError(ValueError):
    """Saved data that cannot be read, with the reason."""


class NewerSave(SaveError):
    """Data written by a newer build of the game: left untouched, never set aside or replaced."""


#: The kinds of record, as a refusal names them (``kind`` in its words).
_KINDS = {
    # TRANSLATORS: kinds of saved record, named inside a refusal: "saved stats is ... characters long".
    "game": N_("game"),
    "stats": N_("stats"),
    "settings": N_("settings"),
}


def _kind(kind: str) -> Reason | str:
    """A kind of record in the player's words, translated where the refusal is worded."""
    return reason(_KINDS[kind]) if kind in _KINDS else kind


def _record(kind: str, body: object) -> dict[str, object]:
    """The envelope around ``body``: what is stored, as parsed JSON."""
    return {"app": APP, "kind": kind, "version": VERSIONS[kind], kind: body}


def _dump(record: dict[str, object]) -> str:
    return json.dumps(record, separators=(",", ":"))


def migrate(kind: str, version: int, body: object) -> object:
    """The body of a ``kind`` record of format ``version`` in the current format.

    Raises :class:`NewerSave` for a format newer than this build knows, SaveError for one that
    never existed (below 1, or a gap in the steps).
    """
    current = VERSIONS[kind]
    if version > current:
        raise NewerSave(
            reason(
                "saved by a newer version of the game (format %(version)s, this is %(current)s)",
                version=quoted(version),
                current=current,
            )
        )
    if version < 1:
        raise SaveError(reason("saved in an unknown format version %(version)s", version=quoted(version)))
    for step in range(version, current):
        if step not in MIGRATIONS[kind]:
            raise SaveError(reason("saved in an unknown format version %(version)s", version=quoted(version)))
        try:
            body = MIGRATIONS[kind][step](body)
        except SaveError:
            raise
        except (ValueError, TypeError, KeyError, AttributeError):
            raise SaveError(
                reason(
                    "saved %(kind)s of format %(version)s is inconsistent", kind=_kind(kind), version=version
                )
            ) from None
    return body


def parse(text: object, kind: str) -> object:
    """A stored ``kind`` record's text as parsed JSON, or SaveError: its size and its nesting are
    bounded first (:mod:`royal.limits`), so no text can overflow the parser's stack."""
    if not isinstance(text, str):
        raise SaveError(reason("saved data must be text"))
    if len(text) > MAX_CHARS[kind]:
        raise SaveError(
            reason(
                "saved %(kind)s is %(count)s characters long, too long to be genuine",
                kind=_kind(kind),
                count=len(text),
            )
        )
    depth = nesting(text)
    if depth > MAX_DEPTH:
        raise SaveError(
            reason(
                "saved %(kind)s nests %(depth)s deep, too deep to be genuine", kind=_kind(kind), depth=depth
            )
        )
    try:
        return json.loads(text)
    except ValueError:
        raise SaveError(reason("saved data is not valid JSON")) from None


def _read(record: object, kind: str, what: str, build: Callable[[object], T]) -> T:
    """``build`` from the body of a parsed ``kind`` record in the current format; any ValueError
    or TypeError it raises becomes a SaveError whose reason is ``what`` (a message marked ``N_``)
    with the error in it."""
    if not isinstance(record, dict) or record.get("app") != APP or record.get("kind") != kind:
        raise SaveError(reason("saved data is not a Royal Marriage %(kind)s record", kind=_kind(kind)))
    version = record.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise SaveError(reason("saved data has no version number"))
    body = migrate(kind, version, record.get(kind))
    try:
        return build(body)
    except (ValueError, TypeError) as error:
        raise SaveError(reason(what, error=error)) from None


def game_to_dict(game: Game, now: float, revision: int = 0, left: Game | None = None) -> dict[str, object]:
    """The game as plain JSON data (format 5): the variant, the deal (for the stock game, its
    order: docs/saves.md allows it) and the day it was dealt for, its state (whether it is played
    with hints included) and the clock, and the game ``left`` for it, if any, until the stats
    count it (docs/stats.md, "When a game counts")."""
    return {
        "id": game.id,
        "variant": game.variant.key,
        "number": game.number,
        "cards": list(game.cards),
        "open_order": _open_order(game.variant, game.number, game.cards),
        "daily": _iso(game.daily),
        "moves": game.actions,
        "redo": [DEAL if action is None else str(action) for action in game.redo_stack],
        "penalties": game.penalties,
        "hinted": game.hint_charged,
        "with_hints": game.with_hints,
        "time_bonus": game.time_bonus if game.outcome is Outcome.WON else None,
        # Not rounded: rounding 59.9996 to 60.0 would change the time shown of a reloaded game.
        # JSON keeps a float exactly.
        "elapsed": game.clock.read(now),
        # Past its bound the count of writes stays there: another tab's write still differs in
        # its text, which is what tabs compare.
        "revision": min(revision, MAX_COUNT),
        "left": None if left is None else game_to_dict(left, now),
    }


def _open_order(variant: Variant, number: int | None, cards: tuple[str, ...]) -> bool:
    """True for a stock game of a numbered deal dealt in the open game's order, as every stock
    game was before format 4: it keeps that order for good."""
    return variant.stock and number is not None and cards == numbered_deal(number)


def _deal(data: dict[str, object], variant: Variant = OPEN) -> tuple[list[str], int | None]:
    """The cards and number of a saved game, checked against each other: a numbered stock game's
    cards are its stock's order, or, with ``open_order``, the open game's (format 3's games)."""
    number = data.get("number")
    cards = data.get("cards")
    if number is not None:
        if isinstance(number, bool) or not isinstance(number, int):
            raise ValueError(reason("the deal number must be a whole number"))
        stock = variant.stock and data.get("open_order") is not True
        if cards != list(numbered_deal(number, stock)):
            raise ValueError(reason("the cards are not those of deal %(number)s", number=quoted(number)))
    if not isinstance(cards, list) or len(cards) != len(ALL_CARDS):
        raise ValueError(reason("a saved game needs its 52 cards"))
    return cards, number


def _texts(data: dict[str, object], name: str, most: int) -> list[str]:
    value = data.get(name)
    if not isinstance(value, list) or len(value) > most or not all(isinstance(v, str) for v in value):
        raise ValueError(reason("%(name)s must be a list of at most %(most)s moves", name=name, most=most))
    return value


def _whole(data: dict[str, object], name: str, low: int = 0, high: int = MAX_COUNT) -> int:
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(
            reason("%(name)s must be a whole number from %(low)s to %(high)s", name=name, low=low, high=high)
        )
    return value


def _whole_or_none(data: dict[str, object], name: str) -> int | None:
    return None if data.get(name) is None else _whole(data, name)


def _flag(data: dict[str, object], name: str) -> bool:
    value = data.get(name)
    if not isinstance(value, bool):
        raise ValueError(reason("%(name)s must be true or false", name=name))
    return value


def _iso(day: _dt.date | None) -> str | None:
    return day.isoformat() if day else None


def parse_day(text: object, refusal: str) -> _dt.date:
    """A day written ``YYYY-MM-DD``, or ValueError with ``refusal`` (a message marked ``N_``, saying
    what it should have been)."""
    try:
        return _dt.date.fromisoformat(text)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise ValueError(reason(refusal)) from None


def _day_or_none(data: dict[str, object], name: str, refusal: str) -> _dt.date | None:
    return None if data.get(name) is None else parse_day(data.get(name), refusal)


def _elapsed(data: dict[str, object]) -> float:
    elapsed = data.get("elapsed")
    if isinstance(elapsed, bool) or not isinstance(elapsed, (int, float)) or not 0 <= elapsed <= MAX_SECONDS:
        raise ValueError(reason("the elapsed time must be a number of seconds"))
    return float(elapsed)


def game_from_dict(data: object, now: float) -> tuple[Game, int]:
    """Rebuild a game and its revision from format 5 (without the game it left: :func:`_left`);
    raise ValueError on anything inconsistent.

    The work is bounded whatever the game's history: at most 50 moves (and, from the stock, 51
    deals) are played and as many redo actions tried, each checked for legality; nothing runs
    the solver. The clock comes back
    paused at the saved time: the caller starts it when the page shows the game, so loading
    never adds its own time to the game's.
    """
    if not isinstance(data, dict):
        raise ValueError(reason("a saved game must be an object"))
    game_id = data.get("id")
    if not isinstance(game_id, str) or not 1 <= len(game_id) <= 64:
        raise ValueError(reason("a saved game needs an id"))
    variant = _variant(data)
    open_order = _flag(data, "open_order")
    cards, number = _deal(data, variant)
    if open_order != _open_order(variant, number, tuple(cards)):
        raise ValueError(reason("only a numbered stock game is dealt in the open game's order"))
    daily = _day_or_none(data, "daily", N_("the day of the daily deal must be a date"))
    most = 2 * len(ALL_CARDS) - 3 if variant.stock else len(ALL_CARDS) - 2
    moves, redo = _texts(data, "moves", most), _texts(data, "redo", most)
    if not variant.stock and DEAL in moves + redo:
        raise ValueError(reason("only a game from the stock deals"))
    penalties = _whole(data, "penalties")
    hint_charged = _flag(data, "hinted")
    with_hints = _flag(data, "with_hints")
    if hint_charged and not with_hints:
        raise ValueError(reason("a game with a hint charged is played with hints"))
    revision = _whole(data, "revision")
    elapsed = _elapsed(data)
    game = Game(cards, number, game_id, variant, daily)
    for action in moves:
        game.act(action, 0.0)
    for action in reversed(redo):  # the last undone action is redone first: each must be legal in turn
        game.act(action, 0.0)
    for _ in redo:
        game.take_back()
    game.redo_stack = [None if action == DEAL else Move.parse(action) for action in redo]
    least = scoring.UNDO_COST * len(redo) + (scoring.HINT_COST if hint_charged else 0)
    if penalties % 5 or penalties < least:
        raise ValueError(reason("the penalties do not fit the undos and hints"))
    game.penalties, game.hint_charged, game.with_hints = penalties, hint_charged, with_hints
    outcome = game.outcome
    if outcome is Outcome.WON:
        game.time_bonus = _whole(data, "time_bonus", 0, scoring.TIME_BONUS_SECONDS)
    elif data.get("time_bonus") is not None:
        raise ValueError(reason("only a won game has a time bonus"))
    if hint_charged and outcome is not None:
        raise ValueError(reason("a hint was recorded in a finished game"))
    if not game.touched and elapsed != 0:
        raise ValueError(reason("the clock runs only from the first move"))
    game.clock = Clock(elapsed=elapsed, started=game.touched, visible=False, halted=outcome is not None)
    return game, revision


def _variant(data: dict[str, object]) -> Variant:
    try:
        return Variant.from_key(data.get("variant"))
    except VariantError:
        keys = ", ".join(variant.key for variant in VARIANTS)
        raise ValueError(
            reason(
                "the variant must be one of %(keys)s, not %(variant)s",
                keys=keys,
                variant=quoted(data.get("variant")),
            )
        ) from None


def _game_1_to_2(body: object) -> object:
    """Format 1 kept every event ("QH-7H", "undo", "redo", "hint"): replay them into the state.

    Replay works on the line alone, with no solver (a recorded hint is charged as it was), and
    format 1 never held more than 100,000 events: its worst record migrates in a fraction of a
    second.
    """
    if not isinstance(body, dict):
        raise SaveError(reason("saved game is inconsistent: a saved game must be an object"))
    events = body.get("events")
    if not isinstance(events, list) or not all(isinstance(e, str) for e in events):
        raise SaveError(reason("saved game is inconsistent: the events must be a list of texts"))
    if len(events) > MAX_EVENTS:
        raise SaveError(reason("saved game is too long to be genuine"))
    try:
        cards, number = _deal(body)
        elapsed = _elapsed(body)
        state = _replay_1(Game(cards, number), events)
    except (ValueError, TypeError) as error:
        raise SaveError(reason("saved game is inconsistent: %(error)s", error=error)) from None
    if body.get("started") is not state.touched:
        raise SaveError(reason("saved game is inconsistent: the clock's started flag does not fit the moves"))
    state.time_bonus = scoring.time_bonus(int(elapsed))
    record = game_to_dict(state, 0.0)
    del record["variant"], record["left"]  # format 2 had neither
    return {**record, "id": body.get("id"), "elapsed": elapsed}


def _replay_1(game: Game, events: list[str]) -> Game:
    """Format 1's events played on ``game``'s line with the game's rules, checking each."""
    line, moves = game.line, {}
    redo: list[Move] = []
    for event in events:
        if event == "undo":
            if not line.stack or len(line) == 2:
                raise ValueError(reason("an undo with no move to take back"))
            redo.append(line.pop().move)
            game.penalties += scoring.UNDO_COST
        elif event == "redo":
            if not redo:
                raise ValueError(reason("a redo with no move to redo"))
            line.push(redo.pop())
        elif event == "hint":
            if len(line) == 2 or not line.has_moves():
                raise ValueError(reason("a hint was recorded where none could be given"))
            game.charge_hint()
            continue
        else:
            if event not in moves:
                moves[event] = Move.parse(event)
            line.push(moves[event])
            redo.clear()
        game.hint_charged = False
    game.redo_stack = list(redo)
    return game


MIGRATIONS["game"][1] = _game_1_to_2


def _game_2_to_3(body: object) -> object:
    """Format 2 knew only the open game without suit runs: its moves are its actions as they were."""
    if not isinstance(body, dict):
        return body  # the strict load refuses it
    return {**body, "variant": OPEN.key}


MIGRATIONS["game"][2] = _game_2_to_3


def _game_3_to_4(body: object) -> object:
    """Format 3 did not say what a game was dealt as: its stock game was dealt in its number's
    open order, kept as it was (``open_order``); and an open game whose number reads as a day's
    deal or one of its candidates from the year 2000 on (:func:`~royal.challenges.deal_day`) is
    taken as that day's, as format 3's stats took it (the stats still count only a challenge).
    Nor did it keep a game left for the one it holds (``left``): its count was written first."""
    if not isinstance(body, dict):
        return body  # the strict load refuses it
    try:
        variant = Variant.from_key(body.get("variant"))
    except VariantError:
        return body  # the strict load refuses it
    number = body.get("number")
    numbered = isinstance(number, int) and not isinstance(number, bool)
    day = deal_day(number) if numbered and variant == OPEN else None
    return {**body, "open_order": numbered and variant.stock, "daily": _iso(day), "left": None}


MIGRATIONS["game"][3] = _game_3_to_4


def _game_4_to_5(body: object) -> object:
    """Format 4 did not say whether a game was played with hints: a game is, when its own record
    proves a hint was shown (the last action a charged hint, or penalties that undos alone, 15
    points each, cannot make: a hint's 25 is among them), and so is the game left in it. A game
    of format 1 knows from its events (its migration writes ``with_hints``), and keeps it."""
    if not isinstance(body, dict):
        return body  # the strict load refuses it
    penalties = body.get("penalties")
    paid_a_hint = isinstance(penalties, int) and penalties % scoring.UNDO_COST != 0
    with_hints = body.get("with_hints") is True or body.get("hinted") is True or paid_a_hint
    left = body.get("left")
    return {**body, "with_hints": with_hints, "left": None if left is None else _game_4_to_5(left)}


MIGRATIONS["game"][4] = _game_4_to_5


def _left(body: object, game: Game, now: float) -> Game | None:
    """The game that ``game`` was started in place of, kept in its record until the stats count
    it (``body``, or ``None``): another game, with a move, saved as a game is, with no game left
    of its own."""
    if body is None:
        return None
    if not isinstance(body, dict) or body.get("left") is not None:
        raise ValueError(reason("the game left must be a saved game with no game left of its own"))
    left, _ = game_from_dict(body, now)
    if not left.touched or left.id == game.id:
        raise ValueError(reason("the game left must be another game, with a move"))
    return left


def _game_and_left(body: object, now: float) -> tuple[Game, int, Game | None]:
    game, revision = game_from_dict(body, now)
    return game, revision, _left(body.get("left") if isinstance(body, dict) else None, game, now)


def game_to_record(game: Game, now: float, revision: int = 0, left: Game | None = None) -> dict[str, object]:
    """The game's record as parsed JSON, written as the store's ``revision``-th version, holding
    the game ``left`` for it until the stats count that one."""
    return _record("game", game_to_dict(game, now, revision, left))


def dump_game(game: Game, now: float, revision: int = 0, left: Game | None = None) -> str:
    """The unfinished game's record as a JSON text (see :func:`game_to_record`)."""
    return _dump(game_to_record(game, now, revision, left))


def game_from_record(record: object, now: float) -> tuple[Game, int, Game | None]:
    """A game, its revision and the game left for it (or ``None``) from a parsed game record,
    checked, or SaveError."""
    return _read(
        record, "game", N_("saved game is inconsistent: %(error)s"), lambda body: _game_and_left(body, now)
    )


def load_game(text: object, now: float) -> Game:
    """A game from :func:`dump_game`'s text, checked, or SaveError (its clock paused)."""
    return game_from_record(parse(text, "game"), now)[0]


def stats_to_record(stats: Stats) -> dict[str, object]:
    """The stats' record as parsed JSON."""
    return _record("stats", _stats_body(stats))


def _stats_body(stats: Stats) -> dict[str, object]:
    """The stats as plain JSON data (format 6); each other variant's own figures in the same shape."""
    return {
        "played": stats.played,
        "wins": stats.wins,
        "fastest_win": stats.fastest_win,
        "fewest_moves": stats.fewest_moves,
        "best_score": stats.best_score,
        "streak_day": stats.streak_day.isoformat() if stats.streak_day else None,
        "streak": stats.streak,
        "best_streak": stats.best_streak,
        "counted": stats.counted,
        "perfect_wins": stats.perfect_wins,
        "wins_with_hints": stats.wins_with_hints,
        "daily": {
            "days": {
                day.isoformat(): {"won": r.won, "moves": r.moves, "par": r.par, "with_hints": r.with_hints}
                for day, r in sorted(stats.daily.days.items())
            },
            "streak_day": stats.daily.streak_day.isoformat() if stats.daily.streak_day else None,
            "streak": stats.daily.streak,
        },
        "recent": [
            {"won": f.won, "moves": f.moves, "left": f.cards_left, "par": f.par, "with_hints": f.with_hints}
            for f in stats.recent
        ],
        "challenges": {
            "days": {
                day.isoformat(): {
                    str(number): {
                        "won": r.won,
                        "par": r.par,
                        "moves": r.moves,
                        "seconds": r.seconds,
                        "with_hints": r.with_hints,
                    }
                    for number, r in sorted(results.items())
                }
                for day, results in sorted(stats.challenges.days.items())
            },
            "streak_day": _iso(stats.challenges.streak_day),
            "streak": stats.challenges.streak,
        },
        "level_wins": {level.value: n for level, n in stats.level_wins.items()},
        "unlocked": {name: day.isoformat() for name, day in stats.unlocked.items()},
        "variants": {key: _stats_body(figures) for key, figures in sorted(stats.variants.items())},
    }


def dump_stats(stats: Stats) -> str:
    """The stats' record as a JSON text."""
    return _dump(stats_to_record(stats))


def _stats_from_format_1(body: object) -> object:
    """Format 1 had no perfect wins, daily record or recent games: they start empty."""
    if not isinstance(body, dict):
        return body
    return {**body, "perfect_wins": 0, "daily": {"days": {}, "streak_day": None, "streak": 0}, "recent": []}


MIGRATIONS["stats"][1] = _stats_from_format_1


def _stats_from_format_2(body: object) -> object:
    """Format 2 had no daily challenges, wins by grade or achievements: each day's own deal
    becomes that day's challenge result (every figure kept; no time was recorded), the daily
    streak carries over, and the rest starts empty. A day's own deal is a challenge (or, when
    unwinnable, still the day's deal), so no result is lost."""
    if not isinstance(body, dict) or not isinstance(body.get("daily"), dict):
        return body  # the strict load refuses it
    daily = body["daily"]
    days = daily.get("days")
    if not isinstance(days, dict):
        return body
    challenges = {}
    for text, entry in days.items():
        day = parse_day(text, N_("a day of the daily record must be a date"))
        if not isinstance(entry, dict):
            return body
        challenges[text] = {str(daily_deal_number(day)): {**entry, "seconds": None}}
    record = {"days": challenges, "streak_day": daily.get("streak_day"), "streak": daily.get("streak")}
    return {**body, "challenges": record, "level_wins": {}, "unlocked": {}}


MIGRATIONS["stats"][2] = _stats_from_format_2


def _stats_from_format_3(body: object) -> object:
    """Format 3 knew only the open game without suit runs: its figures stay that variant's, every
    one kept, and the other variants start empty."""
    if not isinstance(body, dict):
        return body  # the strict load refuses it
    return {**body, "variants": {}}


MIGRATIONS["stats"][3] = _stats_from_format_3


def _stats_from_format_4(body: object) -> object:
    """Format 4 knew no wins with hints: every win it counted keeps what it earned, as a win
    without them (perfect wins, records and wins by grade included), in every variant's figures."""
    if not isinstance(body, dict):
        return body  # the strict load refuses it
    recent, variants = body.get("recent"), body.get("variants")
    if isinstance(recent, list):
        recent = [{**entry, "with_hints": False} if isinstance(entry, dict) else entry for entry in recent]
    if isinstance(variants, dict):
        variants = {key: _stats_from_format_4(figures) for key, figures in variants.items()}
    return {**body, "wins_with_hints": 0, "recent": recent, "variants": variants}


MIGRATIONS["stats"][4] = _stats_from_format_4


def _stats_from_format_5(body: object) -> object:
    """Format 5 knew wins with hints but not which days they won: every day of the daily record
    and every challenge it kept won is taken as won without hints, in every variant's figures,
    as format 4's recent games were."""
    if not isinstance(body, dict):
        return body  # the strict load refuses it
    daily, challenges, variants = body.get("daily"), body.get("challenges"), body.get("variants")
    if isinstance(daily, dict) and isinstance(daily.get("days"), dict):
        daily = {**daily, "days": {text: _without_hints(entry) for text, entry in daily["days"].items()}}
    if isinstance(challenges, dict) and isinstance(challenges.get("days"), dict):
        days = {
            text: {number: _without_hints(entry) for number, entry in entries.items()}
            if isinstance(entries, dict)
            else entries
            for text, entries in challenges["days"].items()
        }
        challenges = {**challenges, "days": days}
    if isinstance(variants, dict):
        variants = {key: _stats_from_format_5(figures) for key, figures in variants.items()}
    return {**body, "daily": daily, "challenges": challenges, "variants": variants}


def _without_hints(entry: object) -> object:
    """A day's or a challenge's result of format 5, marked as played without hints."""
    return {**entry, "with_hints": False} if isinstance(entry, dict) else entry


MIGRATIONS["stats"][5] = _stats_from_format_5


def _daily(body: object) -> DailyRecord:
    """The daily record's fields (the record checks how they fit together)."""
    if not isinstance(body, dict) or not isinstance(body.get("days"), dict):
        raise ValueError(reason("the daily record must be an object with its days"))
    if len(body["days"]) > DAYS_SHOWN:
        raise ValueError(reason("the daily record holds too many days"))
    days = {}
    for text, entry in body["days"].items():
        if not isinstance(entry, dict):
            raise ValueError(reason("each day of the daily record must be an object"))
        won, moves, par = _flag(entry, "won"), _whole_or_none(entry, "moves"), _whole_or_none(entry, "par")
        result = DayResult(won, moves, par, _flag(entry, "with_hints"))
        days[parse_day(text, N_("a day of the daily record must be a date"))] = result
    streak_day = _day_or_none(body, "streak_day", N_("the daily streak's day must be a date"))
    return DailyRecord(days, streak_day, _whole(body, "streak"))


def _recent(body: object, variant: Variant) -> list[Finished]:
    """The recent games' fields, games of ``variant`` (each game checks how they fit together)."""
    if not isinstance(body, list) or len(body) > RECENT_KEPT:
        raise ValueError(
            reason("recent games must be a list of at most %(recent_kept)s", recent_kept=RECENT_KEPT)
        )
    recent = []
    for entry in body:
        if not isinstance(entry, dict):
            raise ValueError(reason("each recent game must be an object"))
        moves, left = _whole(entry, "moves"), _whole(entry, "left")
        par, with_hints = _whole_or_none(entry, "par"), _flag(entry, "with_hints")
        recent.append(Finished(_flag(entry, "won"), moves, left, par, variant, with_hints))
    return recent


def _challenges(body: object) -> ChallengeRecord:
    """The challenge record's fields (the record checks how they fit together)."""
    if not isinstance(body, dict) or not isinstance(body.get("days"), dict):
        raise ValueError(reason("the challenge record must be an object with its days"))
    if len(body["days"]) > DAYS_KEPT:
        raise ValueError(reason("the challenge record holds too many days"))
    days: dict[_dt.date, dict[int, ChallengeResult]] = {}
    for text, entries in body["days"].items():
        day = parse_day(text, N_("a day of the challenge record must be a date"))
        if not isinstance(entries, dict) or len(entries) > len(Level) + 1:
            raise ValueError(reason("each day of the challenge record must be an object of its deals"))
        results = {}
        for number, entry in entries.items():
            if not isinstance(entry, dict) or not number.isdigit() or len(number) > 12:
                raise ValueError(reason("each challenge must be a deal number and its result"))
            results[int(number)] = ChallengeResult(
                _flag(entry, "won"),
                _whole_or_none(entry, "par"),
                _whole_or_none(entry, "moves"),
                _whole_or_none(entry, "seconds"),
                _flag(entry, "with_hints"),
            )
        days[day] = results
    streak_day = _day_or_none(body, "streak_day", N_("the daily streak's day must be a date"))
    return ChallengeRecord(days, streak_day, _whole(body, "streak"))


def _level_wins(body: object) -> dict[Level, int]:
    if not isinstance(body, dict) or not set(body) <= {level.value for level in Level}:
        raise ValueError(reason("wins by grade must be an object of the grades"))
    return {Level(name): _whole(body, name) for name in body}


def _unlocked(body: object) -> dict[str, _dt.date]:
    if not isinstance(body, dict) or len(body) > len(ACHIEVEMENTS):
        raise ValueError(reason("the achievements must be an object of at most one day each"))
    return {name: parse_day(day, N_("an achievement's day must be a date")) for name, day in body.items()}


def _counted(body: dict[str, object]) -> list[str]:
    counted = body.get("counted")
    if (
        not isinstance(counted, list)
        or len(counted) > COUNTED_IDS_KEPT
        or not all(isinstance(c, str) and 1 <= len(c) <= 64 for c in counted)
        or len(set(counted)) != len(counted)
    ):
        raise ValueError(reason("counted must be a list of distinct game ids"))
    return counted


def _variants(body: object) -> dict[str, Stats]:
    """The other variants' own figures, each read as the stats are (one level deep only)."""
    if not isinstance(body, dict) or len(body) >= len(VARIANTS):
        raise ValueError(reason("the variants' figures must be an object of at most three variants"))
    return {
        key: _stats_from_dict(figures, Variant.from_key(key), nested=True) for key, figures in body.items()
    }


def _stats_from_dict(body: object, variant: Variant = OPEN, nested: bool = False) -> Stats:
    """Stats of ``variant`` (its rules bound the moves) from a format 6 body; ValueError for what
    no sequence of games could produce."""
    if not isinstance(body, dict):
        raise ValueError(reason("the stats must be an object"))
    variants = body.get("variants")
    if nested and variants != {}:
        raise ValueError(reason("a variant's own figures hold no other variant's"))
    return Stats(
        played=_whole(body, "played"),
        wins=_whole(body, "wins"),
        fastest_win=_whole_or_none(body, "fastest_win"),
        fewest_moves=_whole_or_none(body, "fewest_moves"),
        best_score=_whole_or_none(body, "best_score"),
        streak_day=_day_or_none(body, "streak_day", N_("streak_day must be a date")),
        streak=_whole(body, "streak"),
        best_streak=_whole(body, "best_streak"),
        counted=_counted(body),
        perfect_wins=_whole(body, "perfect_wins"),
        wins_with_hints=_whole(body, "wins_with_hints"),
        daily=_daily(body.get("daily")),
        recent=_recent(body.get("recent"), variant),
        challenges=_challenges(body.get("challenges")),
        level_wins=_level_wins(body.get("level_wins")),
        unlocked=_unlocked(body.get("unlocked")),
        variants={} if nested else _variants(variants),
        variant=variant,
    )


def stats_from_record(record: object, today: _dt.date) -> tuple[Stats, _dt.date | None]:
    """Stats from a parsed stats record, checked for consistency, or SaveError; with them, the
    day of a streak they ended, or ``None``.

    Only what some sequence of games could have produced is accepted. A day after ``today`` (the
    local date) is not impossible but a clock error: every figure is kept and a streak dated
    after tomorrow ends (:meth:`~royal.stats.Stats.end_streaks_after`). Every path reads stats
    here, with the day it is, so what an import accepts, every later load accepts too.
    """
    stats = _read(record, "stats", N_("saved stats: %(error)s"), _stats_from_dict)
    return stats, stats.end_streaks_after(today)


def load_stats(text: object, today: _dt.date) -> Stats:
    """Stats from :func:`dump_stats`'s text (see :func:`stats_from_record`), or SaveError."""
    return stats_from_record(parse(text, "stats"), today)[0]


def dump_settings(settings: Settings) -> str:
    """The settings' record as a JSON text."""
    return _dump(_record("settings", settings.to_dict()))


def _settings_from_format_1(body: object) -> object:
    """Format 1 had no four-colour deck, felt, card back or quick play: a player gets the defaults,
    as a new player does (docs/saves.md, "settings")."""
    if not isinstance(body, dict):
        return body  # the strict load refuses it
    defaults = Settings().to_dict()
    return {**body, **{name: defaults[name] for name in ("four_colour", "felt", "card_back", "quick_play")}}


MIGRATIONS["settings"][1] = _settings_from_format_1


def _settings_from_format_2(body: object) -> object:
    """Format 2 had no choice of grade: New game deals any grade, as it always did."""
    if not isinstance(body, dict):
        return body  # the strict load refuses it
    return {**body, "level": ANY_LEVEL}


MIGRATIONS["settings"][2] = _settings_from_format_2


def _settings_from_format_3(body: object) -> object:
    """Format 3 knew only the open game without suit runs: New game goes on dealing it."""
    if not isinstance(body, dict):
        return body  # the strict load refuses it
    return {**body, "mode": "open", "suit_runs": False}


MIGRATIONS["settings"][3] = _settings_from_format_3


def _settings_from_format_4(body: object) -> object:
    """Format 4 came before the first game's lesson: a player whose settings were kept has been
    here before, so the lesson counts as seen and never starts by itself."""
    if not isinstance(body, dict):
        return body  # the strict load refuses it
    return {**body, "lesson_seen": True}


MIGRATIONS["settings"][4] = _settings_from_format_4


def load_settings(text: object) -> Settings:
    """Settings from :func:`dump_settings`'s text, exactly its fields, or SaveError."""
    return _read(parse(text, "settings"), "settings", N_("saved settings: %(error)s"), Settings.from_dict)
