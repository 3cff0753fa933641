"""The storage guard: any storage made safe, reporting once what happened to the player's data
(as values: the words are describe's, tested in test_describe.py)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples
from helpers import Refusing, kept_aside
from royal.storage import MAX_KEPT, GuardedStorage, InMemory, MemoryStorage, StorageError, Unreadable


def guard(storage):
    heard = []
    return GuardedStorage(storage, heard.append), heard


def load_number(text):
    if not text.isdigit():
        raise ValueError("not a number")
    return int(text)


def test_a_working_storage_passes_through_silently():
    storage = MemoryStorage()
    safe, heard = guard(storage)
    safe.probe()
    safe.set("k", "v")
    assert safe.get("k") == "v" == storage.get("k")
    safe.remove("k")
    assert storage.get("k") is None
    assert safe.persistent and heard == []


def test_no_storage_at_all_plays_in_memory_and_says_so_at_once():
    safe, heard = guard(None)
    assert not safe.persistent and heard == [InMemory.REFUSED]
    safe.set("k", "v")
    assert safe.get("k") == "v"


@pytest.mark.parametrize("refused", ["get", "set", "remove"])
def test_the_first_refusal_switches_to_memory_and_is_told_once(refused):
    storage = Refusing(refuse=())
    storage.set("kept", "old")
    safe, heard = guard(storage)
    storage.refuse = {refused}
    getattr(safe, refused)(*{"get": ("kept",), "set": ("k", "v"), "remove": ("kept",)}[refused])
    safe.set("k", "new")
    safe.probe()
    assert safe.get("k") == "new"
    assert not safe.persistent and heard == [InMemory.REFUSED]
    assert storage.data.get("kept") == "old"  # nothing written to the refusing storage after


def test_the_probe_finds_a_full_storage_before_any_save():
    storage = Refusing({"set"})
    safe, heard = guard(storage)
    safe.probe()
    assert not safe.persistent and heard == [InMemory.REFUSED]


def test_read_gives_the_loaded_record_or_none():
    storage = MemoryStorage()
    safe, heard = guard(storage)
    assert safe.read("n", "number", load_number) is None
    storage.set("n", "42")
    assert safe.read("n", "number", load_number) == 42
    assert heard == []


def test_an_unreadable_record_is_kept_aside_under_a_new_key_each_time():
    storage = MemoryStorage()
    safe, heard = guard(storage)
    for n in range(1, MAX_KEPT + 3):
        storage.set("n", f"bad {n}")
        assert safe.read("n", "number", load_number) is None
        assert storage.get("n") is None
        assert heard[-1] == Unreadable("number", "not a number", True, MAX_KEPT if n > MAX_KEPT else 0)
    # The newest MAX_KEPT are kept, oldest first: the first two were dropped, none overwritten.
    kept = [storage.get(kept_aside("number", n)) for n in range(1, MAX_KEPT + 2)]
    assert kept == [f"bad {n}" for n in range(3, MAX_KEPT + 3)] + [None]
    assert safe.persistent


def test_an_unreadable_record_that_cannot_be_copied_aside_stays_where_it_is():
    storage = MemoryStorage()
    storage.set("n", "precious")
    storage_full = Refusing({"set"})
    storage_full.data = storage.data
    safe, heard = guard(storage_full)
    assert safe.read("n", "number", load_number) is None
    assert storage_full.data == {"n": "precious"}
    assert not safe.persistent
    assert heard == [InMemory.REFUSED, Unreadable("number", "not a number", kept_aside=False)]


class Flaky(MemoryStorage):
    """Refuses the operations whose turn numbers are in ``refused`` (counting every call)."""

    def __init__(self, refused):
        super().__init__()
        self.refused = refused
        self.turn = 0

    def _turn(self):
        self.turn += 1
        if self.turn in self.refused:
            raise StorageError("refused")

    def get(self, key):
        self._turn()
        return super().get(key)

    def set(self, key, value):
        self._turn()
        super().set(key, value)

    def remove(self, key):
        self._turn()
        super().remove(key)


operations = st.lists(
    st.tuples(st.sampled_from(["get", "set", "remove", "read", "probe"]), st.sampled_from("abc"), st.text()),
    max_size=30,
)


@settings(max_examples=examples(200))
@given(operations, st.sets(st.integers(min_value=1, max_value=40), max_size=3))
def test_whatever_is_refused_the_guard_never_raises_and_stops_writing_at_once(ops, refused):
    storage = Flaky(refused)
    safe, heard = guard(storage)
    frozen = None  # the refusing storage's data when the guard switched to memory
    for op, key, value in ops:
        if op == "set":
            safe.set(key, value)
            kept = safe.persistent
            got = safe.get(key)
            if safe.persistent == kept:  # unless this very read was refused (memory starts empty)
                assert got == value  # read back at once, from one store or the other
        elif op == "remove":
            safe.remove(key)
        elif op == "probe":
            safe.probe()
        elif op == "get":
            safe.get(key)
        else:
            safe.read(key, "k", load_number)
        if not safe.persistent and frozen is None:
            frozen = dict(storage.data)
    assert all(n is InMemory.REFUSED or isinstance(n, Unreadable) for n in heard)
    assert heard.count(InMemory.REFUSED) == (0 if safe.persistent else 1)
    if frozen is not None:
        assert storage.data == frozen  # nothing written to the refusing storage after the switch
