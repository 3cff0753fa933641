"""The bounds of what the game reads (royal/limits.py): text nested past the bound is refused
before it is parsed, on every path, even on a stack as small as the browser's."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples
from helpers import DAY
from royal.backup import dump_backup, load_backup
from royal.limits import MAX_DEPTH, nesting
from royal.saves import SaveError, load_game, load_settings, load_stats
from royal.stats import Stats

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
    for kind, key in KEYS.items():  # another tab writes one: this tab reads it and plays on
        storage.set(key, deep(kind, 10_000))
        s.sync()
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
    assert seen["notices"] == 3 and seen["kept"] == [True, True, True] and seen["moves"] == 1, seen
    assert "nests far deeper" in seen["backup"]
