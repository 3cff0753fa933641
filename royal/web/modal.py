"""A ``<dialog>`` opened and closed with the page's next drawing (royal/view/dialogs.py's
``modal`` effect: only the browser can make a dialog modal), whether it is open kept here
rather than read back from the page."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from royal.view.dialogs import modal
from royal.view.html import Patch
from royal.web.dom import listen


class Modal:
    """``dialog``, opened and closed through ``show`` (the page's next drawing)."""

    def __init__(self, dialog: Any, show: Callable[[Patch], None]) -> None:
        self.id = str(dialog.id)
        self._show = show
        self.is_open = False
        listen(dialog, "close", lambda event: self._closed())  # Escape closes it too

    def open(self, patch: Patch | None = None) -> None:
        """Open the dialog, drawn with ``patch`` first (what it asks or shows)."""
        self.is_open = True
        self._show((patch or Patch()) + modal(self.id))

    def close(self) -> None:
        self.is_open = False
        self._show(modal(self.id, False))

    def _closed(self) -> None:
        self.is_open = False
