"""The storage guard: any storage made safe, reporting once what happened to the player's data
(as values: the words are describe's, tested in test_describe.py)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples
from helpers import Refusing, kept_aside
from royal.storage import MAX_KEPT, GuardedStorage, InMemory, MemoryStorage, Saving, StorageError, Unreadable


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


def test_a_refused_read_plays_in_memory_for_good_and_is_told_once():
    storage = Refusing(refuse=())
    storage.set("kept", "old")
    safe, heard = guard(storage)
    storage.refuse = {"get"}
    assert safe.get("kept") is None
    safe.set("k", "new")
    storage.refuse = set()
    safe.set("k", "newer")
    safe.probe()
    assert safe.get("k") == "newer"
    assert not safe.persistent and heard == [InMemory.REFUSED]
    assert storage.data == {"kept": "old"}  # nothing written to the refusing storage after


@pytest.mark.parametrize("refused", ["set", "remove"])
def test_a_refused_write_is_kept_in_the_page_and_made_once_storage_works(refused):
    """Issue 26, item 8: a refused write cost the page its saving for good; now it waits in the
    page, is read back from there, and the next write makes it, oldest first."""
    storage = Refusing(refuse=())
    storage.set("kept", "old")
    safe, heard = guard(storage)
    storage.refuse = {refused}
    safe.set("k", "v")
    safe.remove("kept")
    safe.set("k", "new")
    assert (safe.get("k"), safe.get("kept")) == ("new", None)  # as this page wrote them
    assert not safe.persistent and heard == [Saving.PAUSED]
    storage.refuse = set()
    safe.set("other", "1")
    assert storage.data == {"k": "new", "other": "1"} and safe.persistent
    assert heard == [Saving.PAUSED, Saving.RESUMED]
    storage.refuse = {"set"}
    safe.set("k", "again")
    assert heard[-1] == Saving.PAUSED, "a later refusal is told again"


def test_a_refused_write_never_goes_over_another_pages_newer_record():
    storage = Refusing(refuse=())
    storage.set("k", "read by this page")
    safe, _heard = guard(storage)
    storage.refuse = {"set"}
    safe.set("k", "this page's")
    storage.data["k"] = "another page's"  # that page had room
    assert safe.get("k") == "another page's"
    storage.refuse = set()
    safe.set("other", "1")
    assert storage.data["k"] == "another page's" and safe.persistent


def test_the_probe_finds_a_full_storage_before_any_save():
    storage = Refusing({"set"})
    safe, heard = guard(storage)
    safe.probe()
    assert not safe.persistent and heard == [Saving.PAUSED]
    storage.refuse = set()
    safe.set("k", "v")
    assert safe.persistent and heard == [Saving.PAUSED, Saving.RESUMED]


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


def test_an_unreadable_record_that_cannot_be_copied_aside_stays_where_it_is_until_there_is_room():
    """Issue 26, item 8: with no room for the copy, the page stopped saving everything. Now the
    record stays untouched and only its own key waits; every other record is saved."""
    storage = Refusing({("set", kept_aside("number", 1))})
    storage.set("n", "precious")
    safe, heard = guard(storage)
    assert safe.read("n", "number", load_number) is None
    assert heard == [Unreadable("number", "not a number", kept_aside=False)]
    safe.set("n", "7")  # what the page shows instead
    safe.set("other", "saved")
    assert storage.data == {"n": "precious", "other": "saved"}
    assert safe.get("n") == "7" and not safe.persistent
    storage.refuse = set()  # room again: the next write keeps the copy, then writes over it
    safe.set("other", "saved again")
    assert storage.data == {"n": "7", "other": "saved again", kept_aside("number", 1): "precious"}
    assert safe.persistent and len(heard) == 1


def test_a_record_another_page_already_kept_aside_is_not_copied_twice():
    """Issue 26, item 8: two tabs met one unreadable record of 2,000,001 characters; the second
    tab's copy did not fit, and that tab stopped saving and following the other."""
    shared = MemoryStorage()
    shared.set("n", "x" * 1000)
    first, first_heard = guard(shared)
    second_storage = Refusing({("set", kept_aside("number", 2))}, shared.data)  # no room for two
    second, second_heard = guard(second_storage)
    text = shared.get("n")
    assert first.loaded("n", "number", text, load_number, own=True) is None
    first.set("n", "1")
    assert second.loaded("n", "number", text, load_number, own=True) is None
    assert second_heard == first_heard == [Unreadable("number", "not a number", True, own=True)]
    assert shared.data == {"n": "1", kept_aside("number", 1): "x" * 1000}
    assert second.get("n") == "1" and second.persistent


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
def test_whatever_is_refused_the_guard_never_raises_and_loses_no_write(ops, refused):
    """Each write reads back as written; once the storage answers again, every write is stored;
    the notices take turns (paused, resumed), and a refused read goes on in memory for good."""
    storage = Flaky(refused)
    safe, heard = guard(storage)
    shown: dict[str, str] = {}  # what this page wrote last, key by key
    for op, key, value in ops:
        if op == "set":
            safe.set(key, value)
            shown[key] = value
        elif op == "remove":
            safe.remove(key)
            shown.pop(key, None)
        elif op == "probe":
            safe.probe()
        elif op == "get":
            safe.get(key)
        else:
            safe.read(key, "k", load_number)
            shown.pop(key, None)  # an unreadable record is taken away to be kept aside
        got = {k: safe.get(k) for k in shown}
        if safe.durable:  # unless one of those very reads was refused (memory starts empty)
            assert got == shown
    told = [n for n in heard if isinstance(n, Saving)]
    assert told == [Saving.PAUSED, Saving.RESUMED] * (len(told) // 2) + [Saving.PAUSED] * (len(told) % 2)
    assert heard.count(InMemory.REFUSED) == (0 if safe.durable else 1)
    if safe.durable:
        storage.refused = set()
        safe.set("z", "last")
        assert safe.persistent
        assert all(storage.data.get(k) == v for k, v in shown.items())


def test_a_record_held_for_want_of_room_then_kept_aside_by_a_later_read_holds_no_write_back():
    """Read once, its copy aside refused (the 4th call): the record is held from this page's
    writes. Read again, the copy is kept and the record taken away: nothing is held any more,
    so the next write lands (it was dropped as if another page had written; Hypothesis found it)."""
    storage = Flaky({4})
    safe, _heard = guard(storage)
    safe.set("a", "")
    assert safe.read("a", "k", load_number) is None  # unreadable, and no room to copy it aside
    assert safe.read("a", "k", load_number) is None  # copied aside this time, and taken away
    safe.set("a", "")
    assert safe.get("a") == "" and storage.data.get("a") == ""
