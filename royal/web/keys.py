"""Keyboard input: shortcuts for the game and arrow keys along the line."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from pyodide.ffi import create_proxy
from pyscript import document

from royal.web.dom import missing

ARROWS = {
    "ArrowLeft": "previous",
    "ArrowRight": "next",
    "ArrowUp": "up",
    "ArrowDown": "down",
    "Home": "first",
    "End": "last",
}


class Keys:
    """Turns key presses into actions; ``actions`` maps names such as ``"undo"`` to callables."""

    def __init__(self, actions: Mapping[str, Callable[[], None]], arrow: Callable[[str, str], None]) -> None:
        self.actions = actions
        self.arrow = arrow
        self._proxy = create_proxy(self._keydown)
        document.addEventListener("keydown", self._proxy)

    def _action(self, event) -> str | None:  # type: ignore[no-untyped-def]
        key = str(event.key)
        control = bool(event.ctrlKey or event.metaKey)
        if control and not event.altKey:
            if key.lower() == "z":
                return "redo" if event.shiftKey else "undo"
            if key.lower() == "y":
                return "redo"
            return None
        if event.altKey or event.shiftKey and key not in ("H", "N"):
            return None
        return {"h": "hint", "n": "new-game", "escape": "cancel"}.get(key.lower())

    def _keydown(self, event) -> None:  # type: ignore[no-untyped-def]
        if event.defaultPrevented or event.isComposing:
            return
        target = event.target
        if not missing(target.closest("dialog, input, textarea, select, [contenteditable]")):
            return
        plain = not (event.ctrlKey or event.metaKey or event.altKey)
        if target.hasAttribute("data-card") and str(event.key) in ARROWS and plain:
            event.preventDefault()
            self.arrow(str(target.getAttribute("data-card")), ARROWS[str(event.key)])
            return
        action = self._action(event)
        if action is not None:
            event.preventDefault()
            self.actions[action]()
