"""The bounds of what the game keeps (royal/limits.py): text nested past the bound is refused
before it is parsed, on every path, even on a stack as small as the browser's; and the game
never writes a value past a bound its own loader holds to."""

import dataclasses
import datetime as dt
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples
from helpers import DAY, WINNABLE, kept_aside, session
from royal import saves
from royal.achievements import ACHIEVEMENTS
from royal.backup import dump_backup, load_backup
from royal.challenges import DAYS_KEPT, ChallengeRecord, ChallengeResult, candidates
from royal.deals import daily_deal_number, numbered_deal
from royal.difficulty import Level
from royal.game import Game, Result
from royal.limits import MAX_CHARS, MAX_COUNT, MAX_DEPTH, MAX_SECONDS, nesting
from royal.records import DAYS_SHOWN, RECENT_KEPT, DailyRecord, DayResult, Finished
from royal.saves import SaveError, dump_game, dump_settings, dump_stats, load_game, load_settings, load_stats
from royal.settings import Settings
from royal.stats import COUNTED_IDS_KEPT, Stats
from royal.storage import MemoryStorage
from royal.storage_keys import GAME_KEY

ROOT = Path(__file__).resolve().parents[1]

# Nesting -------------------------------------------------------------------------------------


def depth(value):
    """How deep a parsed JSON value nests, counted the plain recursive way."""
    if isinstance(value, dict):
        return 1 + max(map(depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(depth, value), default=0)
    return 0


TRICKY = st.text(st.sampled_from('[]{}"\\,:ab\n\u00e9\U0001f600'), max_size=12)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | TRICKY,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TRICKY, inner, max_size=4),
    max_leaves=30,
)


@settings(max_examples=examples(1000))
@given(json_values, st.booleans(), st.integers(0, 2))
def test_nesting_is_the_depth_of_any_json_with_brackets_and_quotes_inside_its_strings(
    value, ascii_only, indent
):
    text = json.dumps(value, ensure_ascii=ascii_only, indent=indent or None)
    assert nesting(text) == depth(value)


@pytest.mark.parametrize(
    "text, deep",
    [
        ("", 0),
        ("7", 0),
        ('"[[[["', 0),
        ('["\\"[[", [1]]', 2),
        ('["\\\\", [[1]]]', 3),
        ('{"a": "}}}", "b": {"c": []}}', 3),
        ('["cut short [[[', 1),  # a string left open runs to the end
        ("]]]][[", 0),  # not JSON: a parser refuses it at its first character
        ("[" * 50_000, 50_000),
    ],
)
def test_nesting_reads_any_text(text, deep):
    assert nesting(text) == deep


def record(kind, body):
    return {"app": "royal-marriage", "kind": kind, "version": 1, kind: body}


def nested(levels, objects):
    """JSON text of ``levels`` lists (or objects) inside one another."""
    return ('{"a":' * levels + "0" + "}" * levels) if objects else "[" * levels + "]" * levels


LOADERS = {
    "game": lambda text: load_game(text, 0.0),
    "stats": lambda text: load_stats(text, DAY),
    "settings": load_settings,
}


@settings(max_examples=examples(300))
@given(st.sampled_from(sorted(LOADERS)), st.integers(0, 20_000), st.booleans())
def test_a_record_nested_past_the_bound_is_refused_before_it_is_parsed(kind, levels, objects):
    """Whatever the depth: past the bound (the envelope is one more level) refused for it, or for
    its size first, before any parsing; below it, for something else (a list is no body)."""
    text = json.dumps(record(kind, None)).replace("null", nested(levels, objects))
    with pytest.raises(SaveError) as refused:
        LOADERS[kind](text)
    unparsed = "too deep" in str(refused.value) or "too long" in str(refused.value)
    assert unparsed == (levels + 1 > MAX_DEPTH), str(refused.value)


@settings(max_examples=examples(100))
@given(st.integers(0, 40_000), st.booleans())
def test_a_backup_nested_past_the_bound_is_refused_for_its_nesting(levels, objects):
    text = dump_backup(Stats(), None, DAY, 0.0).replace('"game": null', f'"game": {nested(levels, objects)}')
    with pytest.raises(ValueError) as refused:
        load_backup(text, 0.0, DAY)
    assert ("nests far deeper" in str(refused.value)) == (levels + 1 > MAX_DEPTH), str(refused.value)


SMALL_STACK = """
import json, sys, threading

sys.setrecursionlimit(10**6)  # Python cannot step in before the stack runs out, as in the browser
threading.stack_size(512 * 1024)
from helpers import Time, kept_aside, session
from royal.backup import BackupError
from royal.storage import MemoryStorage
from royal.storage_keys import GAME_KEY, SETTINGS_KEY, STATS_KEY

KEYS = {"game": GAME_KEY, "stats": STATS_KEY, "settings": SETTINGS_KEY}


def deep(kind, levels):
    return f'{{"app":"royal-marriage","kind":"{kind}","version":1,"{kind}":{"[" * levels}{"]" * levels}}}'


def run():
    storage, heard = MemoryStorage(), []
    for kind, key in KEYS.items():
        storage.set(key, deep(kind, 10_000))
    s = session(storage, Time(), heard=heard)
    s.play(s.game.legal_moves()[0])
    kept = [storage.get(kept_aside(kind)) == deep(kind, 10_000) for kind in KEYS]
    for kind, key in KEYS.items():  # another tab writes one again: already kept, so not copied twice
        storage.set(key, deep(kind, 10_000))
        s.sync()
        twice = storage.get(kept_aside(kind, 2)) is not None
        kept.append(storage.get(kept_aside(kind)) == deep(kind, 10_000) != storage.get(key) and not twice)
    try:
        s.backup.read('{"app":"royal-marriage","kind":"backup","version":1,"stats":' + "[" * 20_000)
        refused = ""
    except BackupError as error:
        refused = str(error)
    print(json.dumps({"notices": len(heard), "kept": kept, "moves": s.game.moves, "backup": refused}))


thread = threading.Thread(target=run)
thread.start()
thread.join()
"""


def test_records_nested_ten_thousand_deep_are_kept_aside_on_a_stack_as_small_as_a_browsers():
    """In the browser such a record overflowed the runtime's stack inside the parser before Python
    could raise, on every start, in every tab that heard it written and on importing one: here a
    thread with a small stack and no recursion limit does the same (a crash, before the bound)."""
    done = subprocess.run(
        [sys.executable, "-c", SMALL_STACK],
        cwd=ROOT,
        env={"PYTHONPATH": f"{ROOT}:{ROOT / 'tests'}"},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    seen = json.loads(done.stdout)
    assert seen["notices"] == 6 and seen["kept"] == [True] * 6 and seen["moves"] == 1, seen
    assert "nests far deeper" in seen["backup"]


def test_the_largest_records_the_game_can_write_fit_well_within_the_bounds():
    """The limits leave room: the stats at every bound with 64 ids of 64 escaped characters, a game
    with such an id and as many moves as a line of single cards gives, the settings, and a backup
    of the stats and the game."""
    days = {DAY - dt.timedelta(days=n): DayResult(True, 50, 25) for n in range(30)}
    stats = Stats(
        played=MAX_COUNT,
        wins=MAX_COUNT,
        fastest_win=MAX_SECONDS,
        fewest_moves=25,
        best_score=1850,
        streak_day=DAY,
        streak=MAX_COUNT,
        best_streak=MAX_COUNT,
        counted=["\U0001f600" * 63 + chr(0x10000 + n) for n in range(COUNTED_IDS_KEPT)],
        perfect_wins=MAX_COUNT,
        daily=DailyRecord(days, DAY, MAX_COUNT),
        recent=[Finished(True, 50, 2, 25)] * 30,
        challenges=ChallengeRecord(
            {
                day: {number: ChallengeResult(True, 25, 50, MAX_SECONDS) for number in candidates(day)[:5]}
                for day in (DAY - dt.timedelta(days=n) for n in range(DAYS_KEPT))
            },
            DAY,
            MAX_COUNT,
        ),
        level_wins={level: MAX_COUNT // 4 for level in Level},
        unlocked={a.id: DAY for a in ACHIEVEMENTS if a.id != "quick"},
    )
    game = Game(numbered_deal(WINNABLE), WINNABLE, "\U0001f600" * 64)
    while game.legal_moves():  # single cards where it can: the most moves
        game.play(min(game.legal_moves(), key=lambda move: len(game.line.enclosed(move))), 0.0)
    game.penalties = MAX_COUNT
    left = load_game(dump_game(game, 0.0), 0.0)  # a game as large, left for this one
    left.id = "\U0001f600" * 63 + "!"
    texts = {
        "stats": dump_stats(stats),
        "game": dump_game(game, 0.0, MAX_COUNT, left),
        "settings": dump_settings(Settings()),
    }
    for kind, text in texts.items():
        assert len(text) < MAX_CHARS[kind] // 8 and nesting(text) < MAX_DEPTH // 4, kind
    assert load_stats(texts["stats"], DAY) == stats
    assert load_game(texts["game"], 0.0).moves == game.moves
    backup = dump_backup(stats, game, DAY, 0.0)
    assert nesting(backup) == 7 and load_backup(backup, 0.0, DAY).stats == stats


# Bounds -----------------------------------------------------------------------------------------
#
# Each bounded field walked to its bound and past it by the game's own actions, saved and loaded
# after each step; each step yields each field walked with its bound. The game stops at the bound
# and never writes what its loader refuses.


def save_and_load_game(game, now):
    return load_game(dump_game(game, now), now)


def started_game(**state):
    """A game of WINNABLE with its first move played, then ``state`` set."""
    game = Game.numbered(WINNABLE)
    game.play(game.legal_moves()[0], 0.0)
    for name, value in state.items():
        setattr(game, name, value)
    return game


def walk_clock():
    game, now = started_game(), 0.0
    game.clock.elapsed = MAX_SECONDS - 1.5  # and running since 0.0, the page shown
    for _ in range(3):
        now += 1.0
        game = save_and_load_game(game, now)
        game.clock.set_visible(True, now)
        yield [(game.clock.read(now), MAX_SECONDS), (game.result(now).seconds, MAX_SECONDS)]


def walk_undos():
    game = started_game(penalties=MAX_COUNT - 20)
    for _ in range(3):
        game.undo(0.0)
        game = save_and_load_game(game, 0.0)
        game.redo(0.0)
        yield [(game.penalties, MAX_COUNT)]


def walk_hints():
    game = started_game(penalties=MAX_COUNT - 30)
    for _ in range(3):
        move = game.hint()
        game = save_and_load_game(game, 0.0)
        yield [(game.penalties, MAX_COUNT)]
        game.play(move, 0.0)


def walk_revisions():
    storage = MemoryStorage()
    storage.set(GAME_KEY, dump_game(started_game(), 0.0, MAX_COUNT - 2))
    s = session(storage)
    for _ in range(4):
        s.save()
        yield [(saves.game_from_record(saves.parse(storage.get(GAME_KEY), "game"), 0.0)[1], MAX_COUNT)]
    assert storage.get(kept_aside("game")) is None


def at_bound(**figures):
    """Stats whose counts are just under the bound, with ``figures``."""
    near = {"played": MAX_COUNT - 1, "wins": MAX_COUNT - 2, "perfect_wins": MAX_COUNT - 2, "best_streak": 1}
    return Stats(**(near | {"fastest_win": 60, "fewest_moves": 25, "best_score": 900} | figures))


def count(stats, result, days, fields):
    """Count ``result``, as a game of the day's own deal, on each of ``days`` days after DAY,
    saving and loading the stats after each; ``fields`` gives the fields walked, with their bounds."""
    for n in range(1, days + 1):
        day = DAY + dt.timedelta(days=n)
        stats.record(
            dataclasses.replace(result, game_id=f"g{n}", number=daily_deal_number(day), daily=day), day
        )
        stats = load_stats(dump_stats(stats), day)
        yield fields(stats)


LOSS = Result("", False, 60, 10, 120, 32, 25)
WIN = Result("", True, 60, 26, 900, 2, 25)
PERFECT = Result("", True, 60, 25, 900, 2, 25)
STREAKS = {"wins": MAX_COUNT - 1, "streak": MAX_COUNT - 2, "best_streak": MAX_COUNT - 2, "streak_day": DAY}
DAILY = {"daily": DailyRecord({DAY: DayResult(True, 25, 25)}, DAY, MAX_COUNT - 2)}

WALKS = {
    "the clock": walk_clock,
    "penalties, by undos": walk_undos,
    "penalties, by hints": walk_hints,
    "the game's revision": walk_revisions,
    "games played": lambda: count(at_bound(), LOSS, 3, lambda s: [(s.played, MAX_COUNT)]),
    "wins and perfect wins": lambda: count(
        at_bound(), PERFECT, 3, lambda s: [(s.wins, MAX_COUNT), (s.perfect_wins, MAX_COUNT)]
    ),
    "the streaks": lambda: count(
        at_bound(**STREAKS, **DAILY),
        WIN,
        3,
        lambda s: [(s.streak, MAX_COUNT), (s.best_streak, MAX_COUNT), (s.daily.streak, MAX_COUNT)],
    ),
    "the games remembered and the days kept": lambda: count(
        Stats(),
        LOSS,
        COUNTED_IDS_KEPT + 1,
        lambda s: [
            (len(s.counted), COUNTED_IDS_KEPT),
            (len(s.recent), RECENT_KEPT),
            (len(s.daily.days), DAYS_SHOWN),
        ],
    ),
}


@pytest.mark.parametrize("walk", list(WALKS.values()), ids=list(WALKS))
def test_every_bounded_field_walked_past_its_bound_stops_there_and_loads_at_each_step(walk):
    steps = list(walk())
    assert all(value <= bound for fields in steps for value, bound in fields), steps
    assert all(value == bound for value, bound in steps[-1]), steps  # reached, and walked past
