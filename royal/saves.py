"""The save format, in one place: versioned JSON for the unfinished game, the stats and the
settings, loaded strictly.

Saved data comes from a place anyone can edit (localStorage, a copied profile), so loading
trusts nothing: any input either yields a valid object or raises :class:`SaveError` with a
reason a person can read. Nothing else escapes, whatever the bytes. A game is saved as its
deal, its events and its clock, and loaded by replaying the events with the game's own rules.
"""

from __future__ import annotations

import datetime as _dt
import json
from collections.abc import Callable

from royal import scoring
from royal.cards import ALL_CARDS
from royal.clock import Clock
from royal.deals import numbered_deal
from royal.excerpt import quoted
from royal.game import Game
from royal.settings import Settings
from royal.stats import COUNTED_IDS_KEPT, Stats

APP = "royal-marriage"
MAX_EVENTS = 100_000
MAX_COUNT = 10**9

#: The format each kind of record is written in. A kind's number grows by one with each change
#: to its body, and each change adds the step that turns the old body into the new one below.
VERSIONS: dict[str, int] = {"game": 1, "stats": 1, "settings": 1}

#: ``MIGRATIONS[kind][v]`` turns a body of format ``v`` into format ``v + 1``. A step is a plain
#: function of the parsed JSON: it must not trust the old body more than the loader would (the
#: loader checks the result), and it stays here for good: every older format keeps loading.
MIGRATIONS: dict[str, dict[int, Callable[[object], object]]] = {"game": {}, "stats": {}, "settings": {}}


class SaveError(ValueError):
    """Saved data that cannot be read, with the reason."""


class NewerSave(SaveError):
    """Data written by a newer build of the game: left untouched, never set aside or replaced."""


def _dump(kind: str, body: object) -> str:
    return json.dumps(
        {"app": APP, "kind": kind, "version": VERSIONS[kind], kind: body}, separators=(",", ":")
    )


def migrate(kind: str, version: int, body: object) -> object:
    """The body of a ``kind`` record of format ``version`` in the current format.

    Raises :class:`NewerSave` for a format newer than this build knows, SaveError for one that
    never existed (below 1, or a gap in the steps).
    """
    current = VERSIONS[kind]
    if version > current:
        raise NewerSave(f"saved by a newer version of the game (format {quoted(version)}, this is {current})")
    if version < 1:
        raise SaveError(f"saved in an unknown format version {quoted(version)}")
    for step in range(version, current):
        if step not in MIGRATIONS[kind]:
            raise SaveError(f"saved in an unknown format version {quoted(version)}")
        try:
            body = MIGRATIONS[kind][step](body)
        except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
            raise SaveError(f"saved {kind} of format {version} is inconsistent") from None
    return body


def _open(text: object, kind: str) -> object:
    """Parse the envelope and return its body in the current format, or raise SaveError."""
    if not isinstance(text, str):
        raise SaveError("saved data must be text")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise SaveError("saved data is not valid JSON") from None
    if not isinstance(data, dict) or data.get("app") != APP or data.get("kind") != kind:
        raise SaveError(f"saved data is not a Royal Marriage {kind} record")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise SaveError("saved data has no version number")
    return migrate(kind, version, data.get(kind))


def game_to_dict(game: Game, now: float) -> dict[str, object]:
    """The game as plain JSON data: the deal, the events and the clock."""
    return {
        "id": game.id,
        "number": game.number,
        "cards": list(game.cards),
        "events": list(game.events),
        # Not rounded: rounding 59.9996 to 60.0 would change the time shown and the win
        # bonus of a reloaded game. JSON keeps a float exactly.
        "elapsed": game.clock.read(now),
        "started": game.clock.started,
    }


def game_from_dict(data: object, now: float) -> Game:
    """Rebuild a game by replaying its events; raise ValueError on anything inconsistent."""
    if not isinstance(data, dict):
        raise ValueError("a saved game must be an object")
    game_id = data.get("id")
    if not isinstance(game_id, str) or not 1 <= len(game_id) <= 64:
        raise ValueError("a saved game needs an id")
    number = data.get("number")
    cards = data.get("cards")
    if number is not None:
        if isinstance(number, bool) or not isinstance(number, int):
            raise ValueError("the deal number must be a whole number")
        if cards != list(numbered_deal(number)):
            raise ValueError(f"the cards are not those of deal {number}")
    if not isinstance(cards, list) or len(cards) != len(ALL_CARDS):
        raise ValueError("a saved game needs its 52 cards")
    events = data.get("events")
    if not isinstance(events, list) or not all(isinstance(e, str) for e in events):
        raise ValueError("the events must be a list of texts")
    elapsed = data.get("elapsed")
    started = data.get("started")
    if isinstance(elapsed, bool) or not isinstance(elapsed, (int, float)) or not 0 <= elapsed < 10**9:
        raise ValueError("the elapsed time must be a number of seconds")
    if not isinstance(started, bool):
        raise ValueError("the clock's started flag must be true or false")
    game = Game(cards, number, game_id)
    # The clock is restored in two steps. Replay happens all at ``now``, but a winning move is
    # scored with the clock as it reads then (its time bonus is max(0, 600 - seconds)): so the
    # saved seconds go in first, and a replayed win earns the bonus it earned when played.
    # Without the next line, tests/test_game.py's test_a_won_game_comes_back_with_the_same_
    # score_even_near_a_whole_second fails: the copy scores 1840 (a 0-second win) for 1781 (59 s).
    # Replay also starts and halts the clock as the events did, all at ``now``, which says
    # nothing true about when they happened; so afterwards the clock is replaced by the saved
    # one: halted if the game is over, running from ``now`` if it had started.
    game.clock.elapsed = float(elapsed)
    for event in events:
        game.apply(event, now)
    game.clock = Clock(elapsed=float(elapsed), started=started, halted=game.outcome is not None)
    game.clock.set_visible(True, now)
    return game


def dump_game(game: Game, now: float) -> str:
    """The unfinished game as a JSON text."""
    return _dump("game", game_to_dict(game, now))


def load_game(text: object, now: float) -> Game:
    """A game from :func:`dump_game`'s text, replayed and checked, or SaveError."""
    body = _open(text, "game")
    if isinstance(body, dict) and isinstance(body.get("events"), list) and len(body["events"]) > MAX_EVENTS:
        raise SaveError("saved game is too long to be genuine")
    try:
        return game_from_dict(body, now)
    except (ValueError, TypeError, RecursionError) as error:
        raise SaveError(f"saved game is inconsistent: {error}") from None


def dump_stats(stats: Stats) -> str:
    """The stats as a JSON text."""
    return _dump(
        "stats",
        {
            "played": stats.played,
            "wins": stats.wins,
            "fastest_win": stats.fastest_win,
            "fewest_moves": stats.fewest_moves,
            "best_score": stats.best_score,
            "streak_day": stats.streak_day.isoformat() if stats.streak_day else None,
            "streak": stats.streak,
            "best_streak": stats.best_streak,
            "counted": stats.counted,
        },
    )


def _count(body: dict[str, object], name: str, optional: bool = False) -> int | None:
    value = body.get(name)
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        raise SaveError(f"saved stats: {name} must be a whole number from 0")
    return value


#: The fewest and most moves a win can take: 25 pairs, or 50 single cards.
WIN_MOVES = (25, 50)


def load_stats(text: object, today: _dt.date | None = None) -> Stats:
    """Stats from :func:`dump_stats`'s text, checked for consistency, or SaveError.

    Only what some sequence of games could have produced is accepted. ``today`` (the local
    date) also refuses a streak that ends after tomorrow; ``None`` skips that check, for
    reading a record rather than adopting it.
    """
    body = _open(text, "stats")
    if not isinstance(body, dict):
        raise SaveError("saved stats must be an object")
    stats = Stats(
        played=_count(body, "played") or 0,
        wins=_count(body, "wins") or 0,
        fastest_win=_count(body, "fastest_win", optional=True),
        fewest_moves=_count(body, "fewest_moves", optional=True),
        best_score=_count(body, "best_score", optional=True),
        streak=_count(body, "streak") or 0,
        best_streak=_count(body, "best_streak") or 0,
    )
    day = body.get("streak_day")
    if day is not None:
        try:
            stats.streak_day = _dt.date.fromisoformat(day)
        except (TypeError, ValueError):
            raise SaveError("saved stats: streak_day must be a date") from None
    counted = body.get("counted")
    if (
        not isinstance(counted, list)
        or len(counted) > COUNTED_IDS_KEPT
        or not all(isinstance(c, str) and 1 <= len(c) <= 64 for c in counted)
        or len(set(counted)) != len(counted)
    ):
        raise SaveError("saved stats: counted must be a list of distinct game ids")
    stats.counted = counted
    _check_possible(stats, today)
    return stats


def _check_possible(stats: Stats, today: _dt.date | None) -> None:
    """Raise SaveError unless some sequence of games could have produced ``stats``."""
    if stats.wins > stats.played:
        raise SaveError("saved stats: more wins than games played")
    if len(stats.counted) > stats.played:
        raise SaveError("saved stats: more games counted than played")
    if (stats.wins > 0) != (stats.fastest_win is not None) or (stats.wins > 0) != (
        stats.fewest_moves is not None
    ):
        raise SaveError("saved stats: fastest win and fewest moves go with wins")
    if stats.fewest_moves is not None and not WIN_MOVES[0] <= stats.fewest_moves <= WIN_MOVES[1]:
        raise SaveError(f"saved stats: a win takes {WIN_MOVES[0]} to {WIN_MOVES[1]} moves")
    if (stats.played > 0) != (stats.best_score is not None):
        raise SaveError("saved stats: a best score goes with games played")
    if stats.best_score is not None and stats.best_score > scoring.max_score():
        raise SaveError(f"saved stats: no game scores more than {scoring.max_score()}")
    if stats.streak > stats.best_streak or (stats.streak > 0) != (stats.streak_day is not None):
        raise SaveError("saved stats: the streaks disagree")
    if stats.best_streak > stats.wins or (stats.wins > 0) != (stats.best_streak > 0):
        raise SaveError("saved stats: the best streak does not fit the wins")
    if (
        today is not None
        and stats.streak_day is not None
        and stats.streak_day > today + _dt.timedelta(days=1)
    ):
        raise SaveError(
            f"saved stats: the streak ends on {stats.streak_day.isoformat()}, a day still to come "
            "(was this device's clock ahead?)"
        )


def dump_settings(settings: Settings) -> str:
    """The settings as a JSON text."""
    return _dump("settings", settings.to_dict())


def load_settings(text: object) -> Settings:
    """Settings from :func:`dump_settings`'s text, exactly its fields, or SaveError."""
    body = _open(text, "settings")
    try:
        return Settings.from_dict(body)
    except (ValueError, TypeError) as error:
        raise SaveError(f"saved settings: {error}") from None
