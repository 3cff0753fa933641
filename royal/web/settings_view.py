"""The settings panel (``#settings-dialog``): what the player changes there. The panel's controls
and the look the settings give the page are drawn with the page (royal/view/look.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from royal.settings import CHOICES
from royal.view.html import Patch
from royal.view.look import SETTING_BOXES, SETTING_RADIOS, radio_id
from royal.web.dom import on_event
from royal.web.modal import Modal

#: Each radio button's id, and the setting and choice it chooses.
CHOSEN_BY: dict[str, tuple[str, bool | str]] = {
    radio_id(name, choice): (name, choice) for name in SETTING_RADIOS for choice in CHOICES[name]
}


class SettingsView:
    """Opens and closes the settings panel ``dialog``; ``on_change(name, value)`` hears each
    change the player makes there."""

    def __init__(
        self, dialog: Any, show: Callable[[Patch], None], on_change: Callable[[str, bool | str], None]
    ) -> None:
        self.modal = Modal(dialog, show)
        self.on_change = on_change
        on_event(dialog, "change", self._changed)  # one listener for every control

    def _changed(self, event: Any) -> Callable[[], None] | None:
        """A control changed. Its new state is read as the event is dispatched: by the time the
        change runs in turn, another tab's settings may have arrived and been drawn over it."""
        target = event.target
        control = str(target.id)
        checked = bool(target.checked)
        value: bool | str
        if control in SETTING_BOXES:
            name, value = SETTING_BOXES[control], checked
        elif control in CHOSEN_BY and checked:  # a radio turned off changes nothing
            name, value = CHOSEN_BY[control]
        else:
            return None
        return lambda: self.on_change(name, value)

    def open(self) -> None:
        """Open the settings panel."""
        self.modal.open()

    def close(self) -> None:
        """Close the settings panel."""
        self.modal.close()
