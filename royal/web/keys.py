"""Keyboard input: reads key presses and hands them to :mod:`royal.shortcuts` to name."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pyscript import document

from royal.shortcuts import arrow_step, shortcut
from royal.web.dom import in_form_control, on_event


class Keys:
    """Turns key presses into actions; ``actions`` maps names such as ``"undo"`` to callables, and
    ``arrow(step)`` moves the focus along the line."""

    def __init__(self, actions: Mapping[str, Callable[[], None]], arrow: Callable[[str], None]) -> None:
        self.actions = actions
        self.arrow = arrow
        on_event(document, "keydown", self._keydown)

    def _keydown(self, event: Any) -> Callable[[], None] | None:
        """What a key press does, decided as it is pressed: a key the game takes has its default
        prevented at once, and its action runs in turn."""
        if event.defaultPrevented or event.isComposing:
            return None
        target = event.target
        if in_form_control(event):
            return None
        key = str(event.key)
        control = bool(event.ctrlKey or event.metaKey)
        alt, shift = bool(event.altKey), bool(event.shiftKey)
        step = arrow_step(key, control=control, alt=alt)
        if step is not None and target.hasAttribute("data-card"):
            event.preventDefault()
            return lambda: self.arrow(step)  # from the card focused by then: keys add up
        action = shortcut(key, control=control, alt=alt, shift=shift)
        if action is None:
            return None
        event.preventDefault()
        return self.actions[action]
