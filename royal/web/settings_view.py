"""The settings panel (``#settings-dialog``): what the player changes there. The panel's controls
and the look the settings give the page are drawn with the page (royal/view/look.py)."""

from __future__ import annotations

from collections.abc import Callable

from royal.settings import CHOICES
from royal.table.state import PageState
from royal.view.html import Patch
from royal.view.look import SETTING_BOXES, SETTING_RADIOS, radio_id
from royal.web.modal import Modal

#: Each radio button's id, and the setting and choice it chooses.
CHOSEN_BY: dict[str, tuple[str, bool | str]] = {
    radio_id(name, choice): (name, choice) for name in SETTING_RADIOS for choice in CHOICES[name]
}


class SettingsView:
    """Opens and closes the settings panel; ``on_change(name, value)`` hears each
    change the player makes there."""

    def __init__(
        self, state: PageState, show: Callable[[Patch], None], on_change: Callable[[str, bool | str], None]
    ) -> None:
        self.modal = Modal("settings-dialog", show, state)
        self.on_change = on_change

    def changed(self, control: str, checked: bool) -> None:
        """A box or a choice changed (the page's ``change`` message, its state as the player left
        it): the setting it names, if any, changes."""
        if control in SETTING_BOXES:
            self.on_change(SETTING_BOXES[control], checked)
        elif control in CHOSEN_BY and checked:  # a radio turned off changes nothing
            self.on_change(*CHOSEN_BY[control])
