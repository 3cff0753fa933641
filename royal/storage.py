"""Where saves live: a small key-value interface, with an in-memory stand-in.

The page plugs in localStorage; tests and a browser that refuses storage use
:class:`MemoryStorage`. Implementations raise :class:`StorageError` for any refusal, so
callers handle one exception whatever the browser does (quota, private mode, disabled).
"""

from __future__ import annotations

from typing import Protocol


class StorageError(Exception):
    """The storage refused to read or write."""


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
