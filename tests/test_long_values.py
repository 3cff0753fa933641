"""A megabyte where a name belongs, in every record the game reads (the stats with their daily and
challenge records and achievements, the settings, the game, a backup file): every message it
makes stays short and still names the problem, the value quoted as royal/excerpt.py's ``quoted``
cuts it (issue 26, item 7). The snapshot's long names: tests/browser/test_preview.py.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Iterator

import pytest

from helpers import heard_session
from royal import backup, describe, saves
from royal.deals import daily_deal_number, numbered_deal
from royal.difficulty import Level
from royal.game import Game, Result
from royal.limits import MAX_CHARS
from royal.settings import Settings
from royal.solver import solve
from royal.stats import Stats
from royal.storage import MemoryStorage
from royal.storage_keys import SETTINGS_KEY, STATS_KEY
from royal.variant import STOCK, VARIANTS

DAY = dt.date(2026, 11, 29)
MEGABYTE = 1_000_000
#: The longest message a bad stored value may make, in characters: the longest sentence of
#: describe.py around it (the unreadable record's, some 200) and a reason with its quote.
LONGEST = 400
#: A bad value long enough to be cut when quoted, as a megabyte is, and short otherwise.
SHORT = 100

Path = tuple[object, ...]


def figures() -> Stats:
    """Stats with one of every part: a daily result (the day's own deal, a challenge too), a
    recent game, wins by grade, achievements, another variant's figures."""
    stats = Stats()
    number = daily_deal_number(DAY)
    par = len(solve(numbered_deal(number)).moves)
    stats.record(Result("daily", True, 90, par, 1600, par=par, number=number, level=Level.EASY), DAY)
    stats.record(Result("stock", True, 90, 30, 1600, par=30, number=5, variant=STOCK), DAY)
    return stats


def playing() -> Game:
    game = Game.numbered(7)
    for move in solve(game.cards).moves[:3]:
        game.play(move, 1.0)
    return game


def names(data: object, path: Path = ()) -> Iterator[tuple[Path, bool]]:
    """Where a name stands in parsed JSON ``data``: each key (``True``) and each text (``False``)
    by its path; of a list, its first item only (its items are alike)."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield (*path, key), True
            yield from names(value, (*path, key))
    elif isinstance(data, list) and data:
        yield from names(data[0], (*path, 0))
    elif isinstance(data, str):
        yield path, False


def walked(kind: str, path: Path) -> bool:
    """Whether the walk tries ``path``, so as to stay quick: past it lies nothing read another way.

    A backup's records are read by the stats' and the game's own loaders (walked as those kinds
    are), so of a backup its own parts and its records' envelopes (and one deep name, in the
    test after); another variant's figures are read as the stats are, so of those their key.
    A backup's checksum is left alone: it is made to fit what the walk changed.
    """
    if kind == "backup":
        return path != ("checksum",) and len(path) <= 2
    return path[:2] != ("stats", "variants") or len(path) <= 3


def with_name(data: object, path: Path, is_key: bool, name: str) -> object:
    """A copy of ``data`` with ``name`` as the key or the text at ``path``."""
    copy = json.loads(json.dumps(data))
    parent = copy
    for step in path[:-1]:
        parent = parent[step]
    if is_key:
        parent[name] = parent.pop(path[-1])
    else:
        parent[path[-1]] = name
    return copy


def with_checksum(data: object) -> object:
    """A backup file's data with its checksum made to fit, so its records are read."""
    assert isinstance(data, dict)
    exported, stats, game = (data.get(part) for part in ("exported", "stats", "game"))
    return {**data, "checksum": backup._checksum(exported, stats, game)}


def message(load: Callable[[str], object], text: str) -> str | None:
    """The message ``load`` refuses ``text`` with, or ``None`` if it loads."""
    try:
        load(text)
    except ValueError as error:
        return str(error)
    return None


def settings_record() -> object:
    return json.loads(saves.dump_settings(Settings()))


def backup_record() -> object:
    return json.loads(backup.dump_backup(figures(), playing(), DAY, 1.0))


#: Each kind of record: a good one, and its loader.
KINDS: dict[str, tuple[Callable[[], object], Callable[[str], object]]] = {
    "stats": (lambda: saves.stats_to_record(figures()), lambda text: saves.load_stats(text, DAY)),
    "settings": (settings_record, saves.load_settings),
    "game": (lambda: saves.game_to_record(playing(), 1.0), lambda text: saves.load_game(text, 1.0)),
    "backup": (backup_record, lambda text: backup.load_backup(text, 1.0, DAY)),
}
#: The most characters each kind may hold (royal/limits.py, royal/backup.py).
LIMITS = {**MAX_CHARS, "backup": backup.MAX_CHARS}


@pytest.mark.parametrize("kind", KINDS)
def test_a_megabyte_where_a_name_belongs_makes_a_short_message_naming_the_same_problem(kind: str) -> None:
    make, load = KINDS[kind]
    record = make()
    fit = with_checksum if kind == "backup" else lambda data: data
    assert message(load, json.dumps(record)) is None
    # A megabyte, or the largest value the record's size limit lets through.
    size = min(MEGABYTE, LIMITS[kind] - len(json.dumps(record)) - 100)
    assert size > SHORT
    for path, is_key in names(record):
        if not walked(kind, path):
            continue
        long = message(load, json.dumps(fit(with_name(record, path, is_key, "x" * size))))
        short = message(load, json.dumps(fit(with_name(record, path, is_key, "x" * SHORT))))
        assert long is None or len(long) <= LONGEST, (path, is_key, len(long), long[:200])
        assert long == short, (path, is_key)


def test_the_values_the_issue_names_are_quoted_short() -> None:
    """An unknown achievement, a variant key, a setting name and a backup's value: each message
    says what is wrong and quotes the value's ends."""
    megabyte = "x" * (MEGABYTE - 1) + "y"
    shown = "'xxxxxxxxxxxx...xxxxxxxxxxxy'"
    stats = saves.stats_to_record(figures())
    unlocked = with_name(stats, ("stats", "unlocked", "first-win"), True, megabyte)
    variant = with_name(stats, ("stats", "variants", "stock"), True, megabyte)
    settings = with_name(settings_record(), ("settings", "sound"), True, megabyte[-9000:])  # at most 10,000
    game = with_name(saves.game_to_record(playing(), 1.0), ("game", "variant"), False, megabyte)
    for record, problem in [
        (unlocked, f"saved stats: no achievement is called {shown}"),
        (variant, f"saved stats: {shown} is not a variant"),
        (settings, f"saved settings: unknown setting {shown}"),
        (game, f"the variant must be one of {', '.join(v.key for v in VARIANTS)}, not {shown}"),
    ]:
        kind = next(iter(record.keys() - {"app", "kind", "version"}))
        text = message(KINDS[kind][1], json.dumps(record))
        assert text is not None and problem in text and len(text) <= LONGEST, (kind, text and text[:200])
    in_backup = with_checksum({**backup_record(), "stats": unlocked})
    text = message(KINDS["backup"][1], json.dumps(in_backup))
    assert text == describe.backup_stats_unreadable(f"saved stats: no achievement is called {shown}")


@pytest.mark.parametrize("key, record", [(STATS_KEY, "stats"), (SETTINGS_KEY, "settings")])
def test_the_notice_of_an_unreadable_record_with_a_megabyte_name_is_short(key: str, record: str) -> None:
    """What the player reads when the game starts over such a record."""
    megabyte = "x" * (MEGABYTE if record == "stats" else 9000)  # settings: 10,000 characters at most
    data = {"stats": saves.stats_to_record(figures()), "settings": settings_record()}
    path = ("stats", "unlocked", "first-win") if record == "stats" else ("settings", "sound")
    storage = MemoryStorage()
    storage.set(key, json.dumps(with_name(data[record], path, True, megabyte)))
    _session, heard = heard_session(storage)
    assert [len(notice.text) <= LONGEST for notice in heard] == [True], [n.text[:200] for n in heard]
    assert "'xxxxxxxxxxxx...xxxxxxxxxxxx'" in heard[0].text
