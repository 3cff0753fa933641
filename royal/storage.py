"""Where saves live: a small key-value interface, an in-memory stand-in, and a guard.

The page plugs in localStorage; tests and a browser that refuses storage use
:class:`MemoryStorage`. Implementations raise :class:`StorageError` for any refusal, so
callers handle one exception whatever the browser does (quota, private mode, disabled).
:class:`GuardedStorage` wraps any of them so that the game never sees that exception: it
carries on in memory, keeps unreadable records aside, and reports each of these through a
callback as a value (:class:`InMemory`, :class:`Unreadable`): the words for the player are
:func:`royal.describe.storage_notice`'s.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Protocol, TypeVar

from royal.reason import Reason, reason_of
from royal.saves import NewerSave
from royal.storage_keys import KEPT_PREFIX, PROBE_KEY

#: Unreadable records kept aside per kind, numbered from the oldest (1) to the newest; to keep
#: one more, the oldest is dropped and the others move down a number (the notice says so).
MAX_KEPT = 20

T = TypeVar("T")


class StorageError(Exception):
    """The storage refused to read or write."""


class InMemory(Enum):
    """Why the guard went on in memory for good, so that nothing of this page is kept."""

    REFUSED = "refused"  # the browser gives no storage, or refused to read it
    NEWER = "newer"  # a newer build of the game wrote here: its data is left as it is


class Saving(Enum):
    """A change in whether this page's writes reach the browser's storage: a write was refused
    (storage full) and what the page shows is kept in it meanwhile, or every such write is made."""

    PAUSED = "paused"
    RESUMED = "resumed"


@dataclass(frozen=True)
class Unreadable:
    """A record of ``kind`` could not be read, for ``reason``; ``kept_aside`` is False when it
    could not be copied aside and so stayed where it was (this page writes nothing over it until
    it can be); ``dropped_beyond`` is how many copies are kept when the oldest was forgotten to
    make room (0 when none was); ``own`` is True when the page's own copy, the one it shows,
    takes the record's place rather than a fresh one (another page wrote it while this one was
    open)."""

    kind: str
    reason: Reason | str
    kept_aside: bool
    dropped_beyond: int = 0
    own: bool = False


StorageNotice = InMemory | Saving | Unreadable


@dataclass
class _Pending:
    """A write the browser refused, kept to be made over ``base``, the text stored when it was
    refused (``value`` None: a removal). Made only while ``base`` is still what is stored."""

    base: str | None
    value: str | None


class Storage(Protocol):
    """A string key-value store."""

    def get(self, key: str) -> str | None:
        """The value under ``key``, or ``None``."""

    def set(self, key: str, value: str) -> None:
        """Store ``value`` under ``key``."""

    def remove(self, key: str) -> None:
        """Forget ``key`` (no error if absent)."""


class MemoryStorage:
    """Storage that lasts as long as the page: the fallback when the browser refuses."""

    def __init__(self) -> None:
        self.data: dict[str, str] = {}

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)


class PageRecords:
    """The page's copy of the records, for Python wherever it runs: the page reads and writes
    localStorage itself (static/view.js), hands over with each message what changed there since
    Python last saw it (:meth:`take`), and makes the writes each message asks for
    (:meth:`written`) in the same turn of the Web Lock; a write the browser refuses comes back
    as a message of its own, for :meth:`GuardedStorage.settle`.

    Reads never fail here: where the page cannot read the storage it says so (``take(None)``),
    and every later read is then refused, as the browser's would be.
    """

    def __init__(self, records: dict[str, str] | None) -> None:
        #: What the page holds, as far as Python knows: the records handed over and the writes
        #: handed back.
        self.confirmed: dict[str, str] = dict(records or {})
        self.data = dict(self.confirmed)
        self.writes: list[tuple[str, str | None]] = []
        self.refused = records is None

    def take(self, changes: dict[str, str | None] | None) -> None:
        """What changed in the page's storage since the last message (``None``: it can no longer
        be read). Writes never handed back (the last message failed) are forgotten: the page
        never made them."""
        for key, _ in self.writes:
            self._put(self.data, key, self.confirmed.get(key))
        self.writes = []
        if changes is None:
            self.refused = True
            return
        for key, text in changes.items():
            self._put(self.confirmed, key, text)
            self._put(self.data, key, text)

    def written(self) -> list[tuple[str, str | None]]:
        """The writes of this message, in order (``None`` a removal), for the page to make."""
        writes, self.writes = self.writes, []
        for key, value in writes:
            self._put(self.confirmed, key, value)
        return writes

    def refuse(self, key: str, stored: str | None) -> None:
        """The page could not make a write to ``key``: ``stored`` is what it still holds."""
        self._put(self.confirmed, key, stored)
        self._put(self.data, key, stored)

    @staticmethod
    def _put(records: dict[str, str], key: str, text: str | None) -> None:
        if text is None:
            records.pop(key, None)
        else:
            records[key] = text

    def get(self, key: str) -> str | None:
        if self.refused:
            raise StorageError("the page can no longer read its storage")
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value
        self.writes.append((key, value))

    def remove(self, key: str) -> None:
        self.data.pop(key, None)
        self.writes.append((key, None))


class GuardedStorage:
    """Any :class:`Storage`, made safe: its methods never raise.

    ``storage`` is ``None`` where the browser gives no storage at all; the guard then plays in
    memory, as it does for good once a read is refused or a newer build's data is found
    (:class:`InMemory`, reported once through ``on_notice``). A refused write (a full storage)
    costs nothing for good: the value is kept in the page and read back from it, and every
    later write first makes the ones refused before, oldest first, each only over the text it
    was refused over (another page's newer record stands), reporting :class:`Saving` as that
    starts and ends. ``persistent`` is True while everything written is stored.

    Over :class:`PageRecords` every write is taken at once and made by the page after the
    message: the writes it refused come back through :meth:`settle`, and whether saving has
    resumed is told only then (:attr:`unsettled` says the page should report its writes).
    """

    def __init__(self, storage: Storage | None, on_notice: Callable[[StorageNotice], None]) -> None:
        self.storage: Storage = storage if storage is not None else MemoryStorage()
        self.on_notice = on_notice
        #: False once the guard plays in memory for good (no storage, reads refused, newer data).
        self.durable = storage is not None
        #: Refused writes by key, oldest first: tried again before every write.
        self._pending: dict[str, _Pending] = {}
        #: Unreadable records (kind, text) that could not be copied aside, by key: nothing is
        #: written over them until a copy is kept (or another page replaces them).
        self._held: dict[str, tuple[str, str]] = {}
        self._refused = False  # the last write tried was refused (the probe's included)
        self._paused = False  # Saving.PAUSED was told, and RESUMED not yet
        #: The page makes the writes after the message and reports refusals (PageRecords).
        self._page = isinstance(storage, PageRecords)
        if storage is None:
            on_notice(InMemory.REFUSED)

    @property
    def persistent(self) -> bool:
        """Whether everything this page wrote is stored (so it is kept after the page is left)."""
        return self.durable and not self._pending and not self._refused

    def _lose(self, why: InMemory = InMemory.REFUSED) -> None:
        """Go on in memory for good, with what this page wrote and was refused, and report why, once."""
        if not self.durable:
            return
        self.on_notice(why)
        memory = MemoryStorage()
        memory.data = {key: p.value for key, p in self._pending.items() if p.value is not None}
        self.storage, self.durable, self._pending, self._held = memory, False, {}, {}

    def yield_to_newer(self) -> None:
        """A newer build of the game wrote here: leave its data untouched and go on in memory."""
        self._lose(InMemory.NEWER)

    def probe(self) -> None:
        """Find out at once whether writes are refused, rather than at the first move.

        Call it after reading the saves: a full storage still gives them back.
        """
        try:
            self.storage.set(PROBE_KEY, "1")
            self.storage.remove(PROBE_KEY)
        except StorageError:
            self._pause()

    def get(self, key: str) -> str | None:
        try:
            stored = self.storage.get(key)
        except StorageError:
            self._lose()
            return self.storage.get(key)
        pending = self._pending.get(key)
        if pending is None:
            return stored
        if stored == pending.base:
            return pending.value
        # Another page wrote since this page's write was refused: its record stands.
        del self._pending[key]
        self._held.pop(key, None)
        return stored

    def set(self, key: str, value: str) -> None:
        self._write(key, value)

    def remove(self, key: str) -> None:
        self._write(key, None)

    def _write(self, key: str, value: str | None) -> None:
        if not self.durable:
            self._store(key, value)
            return
        if key in self._pending:
            self._pending[key].value = value  # its place in line and its base stay
        elif key in self._held:
            self._pending[key] = _Pending(self._held[key][1], value)
        elif self._flush() and self._stored(key, value):
            self._resume()
            return
        else:  # refused: kept over the text stored now, which the refusal left as it was
            try:
                self._pending[key] = _Pending(self.storage.get(key), value)
            except StorageError:
                self._lose()
                self._store(key, value)
                return
            self._pause()
            return
        if self._flush():
            self._resume()
        else:
            self._pause()

    def _stored(self, key: str, value: str | None) -> bool:
        """Whether the browser took the write."""
        try:
            self._store(key, value)
        except StorageError:
            return False
        return True

    def _store(self, key: str, value: str | None) -> None:
        if value is None:
            self.storage.remove(key)
        else:
            self.storage.set(key, value)

    def _flush(self) -> bool:
        """Make the refused writes, oldest first; False at the first still refused. A held record
        that still cannot be copied aside is passed over: its write waits and blocks no other."""
        for key in list(self._pending):
            pending = self._pending[key]
            try:
                if self.storage.get(key) == pending.base:
                    if key in self._held and self._copy_aside(*self._held[key]) is None:
                        continue
                    self._store(key, pending.value)
            except StorageError:
                return False
            del self._pending[key]
            self._held.pop(key, None)
        return True

    def _pause(self) -> None:
        self._refused = True
        if not self._paused:
            self._paused = True
            self.on_notice(Saving.PAUSED)

    def _resume(self, confirmed: bool = False) -> None:
        """The last write was taken: saving has resumed once nothing waits but held records (over
        PageRecords, only when the page has ``confirmed`` it made the writes, :meth:`settle`)."""
        self._refused = False
        if self._page and not confirmed:
            return
        if self._paused and all(key in self._held for key in self._pending):
            self._paused = False
            self.on_notice(Saving.RESUMED)

    @property
    def unsettled(self) -> bool:
        """Whether saving was paused: the page is to report how its writes went even when it
        made them all (:meth:`settle`), so that the player hears it has resumed."""
        return self._page and self._paused

    def settle(self, refused: list[tuple[str, str | None, str | None]]) -> None:
        """How the page's writes went (:class:`PageRecords`): ``refused`` holds each write it
        did not make, in order, as ``(key, value, stored)``, ``value`` the write (None: a
        removal) and ``stored`` what the key still holds. The page stops at the first refusal,
        as this guard does: those writes wait for the next, in order, and saving is paused;
        with none refused, saving has resumed."""
        if not self.durable or not isinstance(self.storage, PageRecords):
            return
        for key, value, stored in refused:
            self.storage.refuse(key, stored)
            if key in self._pending:
                self._pending[key].value = value
            else:
                self._pending[key] = _Pending(stored, value)
        if refused:
            self._pause()
        else:
            self._resume(confirmed=True)

    def read(self, key: str, kind: str, load: Callable[[str], T]) -> T | None:
        """``load`` the record under ``key``; ``None`` if there is none or it is unreadable.

        ``load`` raises ValueError (such as :class:`~royal.saves.SaveError`) with a reason on
        unreadable text, which is then kept aside under a key of its own, never overwriting
        one kept earlier, and the player is told where. Text a newer build wrote
        (:class:`~royal.saves.NewerSave`) is left where it is, and nothing more is written.
        """
        text = self.get(key)
        return None if text is None else self.loaded(key, kind, text, load)

    def loaded(self, key: str, kind: str, text: str, load: Callable[[str], T], own: bool = False) -> T | None:
        """``load`` ``text``, just read under ``key``, as :meth:`read` does; ``own`` says that the
        caller's own copy takes the place of an unreadable one (see :class:`Unreadable`)."""
        try:
            return load(text)
        except NewerSave:
            self.yield_to_newer()
            return None
        except ValueError as error:
            self._keep_aside(key, kind, text, reason_of(error), own)
            return None

    def _keep_aside(self, key: str, kind: str, text: str, reason: Reason | str, own: bool) -> None:
        """Copy ``text`` aside and take it from ``key``; with no room for the copy it stays where
        it is, held from this page's writes until a copy is kept (each later write tries)."""
        dropped = self._copy_aside(kind, text) if self.durable else None
        if dropped is None:
            if self.durable:
                self._held[key] = (kind, text)
        else:
            self._held.pop(key, None)  # held by an earlier read whose copy found no room: kept now
            with contextlib.suppress(StorageError):  # kept aside: this page may write over it
                if self.storage.get(key) == text:
                    self.storage.remove(key)
        self.on_notice(Unreadable(kind, reason, dropped is not None, dropped or 0, own))

    def _copy_aside(self, kind: str, text: str) -> int | None:
        """Keep ``text`` under a key of its own (the first free number, else the oldest dropped),
        unless another page kept it already: how many copies are kept when the oldest was
        dropped (else 0), or None when the browser has no room for it."""
        slot = [f"{KEPT_PREFIX}{kind}.{n}" for n in range(1, MAX_KEPT + 1)]
        try:
            kept = [self.storage.get(name) for name in slot]
            if text in kept:
                return 0
            free = next((name for name, value in zip(slot, kept, strict=True) if value is None), None)
            if free is None:
                self._drop_oldest(slot)
            self.storage.set(free or slot[-1], text)
        except StorageError:
            return None
        return MAX_KEPT if free is None else 0

    def _drop_oldest(self, slot: list[str]) -> None:
        """Forget the oldest record kept aside and move the others down one number."""
        self.storage.remove(slot[0])
        for older, newer in itertools.pairwise(slot):
            value = self.storage.get(newer)
            if value is not None:
                self.storage.set(older, value)
            self.storage.remove(newer)
