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

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Protocol, TypeVar

from royal.saves import NewerSave
from royal.storage_keys import KEPT_PREFIX, PROBE_KEY

#: Unreadable records kept aside per kind, numbered from the oldest (1) to the newest; to keep
#: one more, the oldest is dropped and the others move down a number (the notice says so).
MAX_KEPT = 20

T = TypeVar("T")


class StorageError(Exception):
    """The storage refused to read or write."""


class InMemory(Enum):
    """Why the guard went on in memory, so that nothing of this page is kept."""

    REFUSED = "refused"  # the browser gives no storage, or refused to read or write
    NEWER = "newer"  # a newer build of the game wrote here: its data is left as it is


@dataclass(frozen=True)
class Unreadable:
    """A record of ``kind`` could not be read, for ``reason``; ``kept_aside`` is False when it
    could not be copied aside and so stayed where it was; ``dropped_beyond`` is how many copies
    are kept when the oldest was forgotten to make room (0 when none was); ``own`` is True when
    the page's own copy, the one it shows, takes the record's place rather than a fresh one
    (another page wrote it while this one was open)."""

    kind: str
    reason: str
    kept_aside: bool
    dropped_beyond: int = 0
    own: bool = False


StorageNotice = InMemory | Unreadable


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


class GuardedStorage:
    """Any :class:`Storage`, made safe: its methods never raise.

    ``storage`` is ``None`` where the browser gives no storage at all. At the first refusal
    the guard goes on with a :class:`MemoryStorage` (``persistent`` turns False) and reports
    :attr:`InMemory.REFUSED` once through ``on_notice``.
    """

    def __init__(self, storage: Storage | None, on_notice: Callable[[StorageNotice], None]) -> None:
        self.storage: Storage = storage if storage is not None else MemoryStorage()
        self.on_notice = on_notice
        self.persistent = storage is not None
        if storage is None:
            on_notice(InMemory.REFUSED)

    def _lose(self, why: InMemory = InMemory.REFUSED) -> None:
        """Go on in memory and report why, once."""
        if self.persistent:
            self.on_notice(why)
        self.storage = MemoryStorage()
        self.persistent = False

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
            self._lose()

    def get(self, key: str) -> str | None:
        try:
            return self.storage.get(key)
        except StorageError:
            self._lose()
            return None

    def set(self, key: str, value: str) -> None:
        try:
            self.storage.set(key, value)
        except StorageError:
            self._lose()
            self.storage.set(key, value)

    def remove(self, key: str) -> None:
        try:
            self.storage.remove(key)
        except StorageError:
            self._lose()

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
            self._keep_aside(key, kind, text, str(error), own)
            return None

    def _keep_aside(self, key: str, kind: str, text: str, reason: str, own: bool) -> None:
        slot = [f"{KEPT_PREFIX}{kind}.{n}" for n in range(1, MAX_KEPT + 1)]
        free = next((name for name in slot if self.get(name) is None), None)
        try:
            if free is None:
                self._drop_oldest(slot)
            aside = free or slot[-1]
            self.storage.set(aside, text)
            self.storage.remove(key)
        except StorageError:
            # It cannot be copied aside, so it must not be overwritten: stop saving.
            self._lose()
            aside = ""
        dropped = MAX_KEPT if free is None and aside else 0
        self.on_notice(Unreadable(kind, reason, bool(aside), dropped, own))

    def _drop_oldest(self, slot: list[str]) -> None:
        """Forget the oldest record kept aside and move the others down one number."""
        self.storage.remove(slot[0])
        for older, newer in itertools.pairwise(slot):
            value = self.storage.get(newer)
            if value is not None:
                self.storage.set(older, value)
            self.storage.remove(newer)
