"""A ``<dialog>`` opened and closed with the page's next drawing (royal/view/dialogs.py's
``modal`` effect: only the browser can make a dialog modal), whether it is open kept in the
page's state (its ``dialogs``) rather than read back from the page."""

from __future__ import annotations

from collections.abc import Callable

from royal.table.state import PageState
from royal.view.dialogs import modal
from royal.view.html import Patch


class Modal:
    """The dialog ``#dialog_id``, opened and closed through ``show`` (the page's next drawing);
    :meth:`closed` hears that it closed otherwise (Escape: the page's ``closed`` message);
    whether it is open is in ``state``'s ``dialogs``."""

    def __init__(self, dialog_id: str, show: Callable[[Patch], None], state: PageState) -> None:
        self.id = dialog_id
        self._show = show
        self._state = state

    @property
    def is_open(self) -> bool:
        return self.id in self._state.dialogs

    def open(self, patch: Patch | None = None) -> None:
        """Open the dialog, drawn with ``patch`` first (what it asks or shows)."""
        self._state.dialogs.add(self.id)
        self._show((patch or Patch()) + modal(self.id))

    def close(self, give_back: bool = True) -> None:
        """Close it; the focus goes back to what had it as it opened, unless not ``give_back``."""
        self._state.dialogs.discard(self.id)
        self._show(modal(self.id, False, give_back))

    def closed(self) -> None:
        self._state.dialogs.discard(self.id)
