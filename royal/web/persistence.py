"""Asking the browser to keep this site's data (``navigator.storage.persist()``).

Browsers may clear a site's storage to make room, and Safari deletes the data of sites that
are not installed after 7 days without a visit. A player with a win has stats worth keeping,
and one who installed the game means to come back: then the page asks, once per visit.
Chromium decides on its own, Firefox may ask the player, Safari honours installation.
"""

from __future__ import annotations

from pyodide.ffi import create_once_callable
from pyscript import window


class KeepData:
    """Asks for persistent storage at most once per page: at once when the game runs installed,
    when it gets installed (the page's ``installed`` message), and when :meth:`ask` is called
    (the page calls it once there is a win)."""

    def __init__(self) -> None:
        self.asked = False
        if window.matchMedia("(display-mode: standalone)").matches:
            self.ask()

    def ask(self) -> None:
        """Ask the browser to keep the data, unless asked already or it has no way to."""
        if self.asked:
            return
        self.asked = True
        storage = getattr(window.navigator, "storage", None)
        if storage is None or not hasattr(storage, "persist"):
            return
        storage.persist().catch(create_once_callable(lambda error: None))  # refused: nothing to do
