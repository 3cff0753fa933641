"""Asking the browser to keep this site's data (``navigator.storage.persist()``, the page's
effect ``persist``).

Browsers may clear a site's storage to make room, and Safari deletes the data of sites that
are not installed after 7 days without a visit. A player with a win has stats worth keeping,
and one who installed the game means to come back: then the page asks, once per visit (the
page itself asks as it runs installed and when it gets installed, static/view.js).
Chromium decides on its own, Firefox may ask the player, Safari honours installation.
"""

from __future__ import annotations

from collections.abc import Callable

from royal.table.state import PageState
from royal.view.html import Patch, effect


class KeepData:
    """Asks for persistent storage at most once per page, through ``show`` (the next drawing),
    when :meth:`ask` is called (the page calls it once there is a win)."""

    def __init__(self, state: PageState, show: Callable[[Patch], None]) -> None:
        self.state = state
        self.show = show

    @property
    def asked(self) -> bool:
        return self.state.keep_data_asked

    def ask(self) -> None:
        """Ask the browser to keep the data, unless asked already."""
        if not self.state.keep_data_asked:
            self.state.keep_data_asked = True
            self.show(effect("persist"))
