"""The button a panel opened from gets the focus back when the panel closes (Escape, its close
button), as WAI-ARIA's dialog pattern asks and as not every browser does by itself; a panel
closed to show something else (a challenge opened to play) leaves the focus to what comes."""

from __future__ import annotations

from typing import Any

from royal.web.dom import by_id, listen


class Opener:
    """Focuses the button ``button_id`` each time ``dialog`` closes, unless :meth:`leave` came first."""

    def __init__(self, dialog: Any, button_id: str) -> None:
        self.button_id = button_id
        self._back = True
        listen(dialog, "close", lambda event: self._closed())

    def leave(self) -> None:
        """The next close gives the focus to nobody in particular."""
        self._back = False

    def _closed(self) -> None:
        if self._back:
            by_id(self.button_id).focus()
        self._back = True
