"""Keyboard input: reads key presses and hands them to :mod:`royal.shortcuts` to name."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pyscript import document

from royal.shortcuts import arrow_step, shortcut
from royal.web.dom import in_form_control, listen


class Keys:
    """Turns key presses into actions; ``actions`` maps names such as ``"undo"`` to callables."""

    def __init__(self, actions: Mapping[str, Callable[[], None]], arrow: Callable[[str, str], None]) -> None:
        self.actions = actions
        self.arrow = arrow
        listen(document, "keydown", self._keydown)

    def _keydown(self, event: Any) -> None:
        if event.defaultPrevented or event.isComposing:
            return
        target = event.target
        if in_form_control(event):
            return
        key = str(event.key)
        control = bool(event.ctrlKey or event.metaKey)
        alt, shift = bool(event.altKey), bool(event.shiftKey)
        step = arrow_step(key, control=control, alt=alt)
        if step is not None and target.hasAttribute("data-card"):
            event.preventDefault()
            self.arrow(str(target.getAttribute("data-card")), step)
            return
        action = shortcut(key, control=control, alt=alt, shift=shift)
        if action is not None:
            event.preventDefault()
            self.actions[action]()
