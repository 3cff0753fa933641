"""localStorage behind the engine's :class:`~royal.storage.Storage` interface."""

from __future__ import annotations

from pyodide.ffi import JsException
from pyscript import window

from royal.storage import StorageError
from royal.web.dom import missing, wrote


class LocalStorage:
    """The browser's localStorage; every refusal (disabled, private mode, quota) is StorageError."""

    def __init__(self) -> None:
        try:
            self.store = window.localStorage
        except JsException as error:  # access itself throws when storage is blocked
            raise StorageError(str(error)) from None
        # Null where storage is turned off (Firefox's dom.storage.enabled), handed over as jsnull.
        if missing(self.store):
            raise StorageError("localStorage is not available")

    def get(self, key: str) -> str | None:
        try:
            value = self.store.getItem(key)
        except JsException as error:
            raise StorageError(str(error)) from None
        # getItem gives a string, or JS null (which Pyodide may hand over as ``jsnull``).
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        wrote()
        try:
            self.store.setItem(key, value)
        except JsException as error:
            raise StorageError(str(error)) from None

    def remove(self, key: str) -> None:
        wrote()
        try:
            self.store.removeItem(key)
        except JsException as error:
            raise StorageError(str(error)) from None
