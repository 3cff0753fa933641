"""A panel gives the focus back to what had it when the panel opened (its button, opened from
the keyboard) when it closes by Escape or its close button, as WAI-ARIA's dialog pattern asks
and as not every browser does by itself; a panel closed to show something else (a challenge
opened to play) leaves the focus to what comes."""

from __future__ import annotations

from typing import Any

from pyscript import document

from royal.web.dom import listen, missing


class Opener:
    """Remembers the focus as a panel opens and gives it back as it closes; for a ``dialog``,
    at each of its closes, unless :meth:`leave` came first."""

    def __init__(self, dialog: Any | None = None) -> None:
        self._element: Any = None
        self._back = True
        if dialog is not None:
            listen(dialog, "close", lambda event: self.give_back())

    def remember(self) -> None:
        """The panel opens: what has the focus now gets it back."""
        active = document.activeElement
        self._element = None if missing(active) or active == document.body else active
        self._back = True

    def leave(self) -> None:
        """The panel closes to show something else: the focus stays where that puts it."""
        self._back = False

    def give_back(self) -> None:
        if self._back and self._element is not None and self._element.isConnected:
            self._element.focus()
        self._element, self._back = None, True
