"""The settings panel (``#settings-dialog``) and the look its settings give the page: the theme
(``html[data-theme]`` and the browser's bar, in the felt's colour), and the attributes of royal/markup.py's
LOOK_ATTRIBUTES: larger cards, the four-colour deck, the felt and the card back."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document

from royal.markup import LOOK_ATTRIBUTES, THEME_COLOUR_MEDIA, THEME_COLOURS
from royal.settings import CHOICES, SYSTEM_THEME, Settings
from royal.web.dom import on_click, on_event, within

#: The panel's checkboxes, by id, and the setting each one holds.
SETTING_BOXES = {
    "winnable-only": "winnable_only",
    "warn-lost": "warn_lost",
    "ask-before-loss": "ask_before_loss",
    "sound": "sound",
    "large-cards": "large_cards",
    "four-colour": "four_colour",
    "quick-play": "quick_play",
    "suit-runs": "suit_runs",
}
#: The panel's radio groups: each choice's input has the id ``{prefix}-{choice}``.
SETTING_RADIOS = {
    "theme": "theme",
    "felt": "felt",
    "card_back": "card-back",
    "level": "level",
    "mode": "mode",
}


class SettingsView:
    """Shows the settings in ``dialog`` and applies their look; ``on_change(name, value)`` hears
    each change the player makes there."""

    def __init__(self, dialog: Any, on_change: Callable[[str, bool | str], None]) -> None:
        self.dialog = dialog
        self.boxes = {name: within(dialog, element_id) for element_id, name in SETTING_BOXES.items()}
        self.radios = {
            (name, choice): within(dialog, f"{prefix}-{choice}")
            for name, prefix in SETTING_RADIOS.items()
            for choice in CHOICES[name]
        }
        # The browser's theme colour, one <meta> per scheme (royal/markup.py): a chosen theme switches them.
        self.theme_colours = list(document.querySelectorAll("meta[name=theme-color]"))
        self._shown: Settings | None = None  # the settings the panel and the page show

        # Each control's new state is read as its event is dispatched: by the time the change
        # runs in turn, another tab's settings may have arrived and been drawn over it.
        def deciding(name: str, value_of: Callable[[Any], bool | str | None]) -> Callable[[Any], Any]:
            def decide(event: Any) -> Callable[[], None] | None:
                self._shown = None  # the panel no longer shows the settings drawn last
                value = value_of(event)  # None: nothing to change (a radio turned off)
                return None if value is None else lambda: on_change(name, value)

            return decide

        def box(name: str) -> Callable[[Any], Any]:
            return deciding(name, lambda event: bool(event.target.checked))

        def radio(name: str, choice: str) -> Callable[[Any], Any]:
            return deciding(name, lambda event: choice if event.target.checked else None)

        for name, element in self.boxes.items():
            on_event(element, "change", box(name))
        for (name, choice), element in self.radios.items():
            on_event(element, "change", radio(name, choice))
        on_click(within(dialog, "settings-close"), self.close)

    def open(self) -> None:
        """Open the settings panel."""
        self.dialog.showModal()

    def close(self) -> None:
        """Close the settings panel."""
        self.dialog.close()

    def render(self, settings: Settings) -> None:
        """Show ``settings`` in the panel and apply the look they choose (a page drawn after
        each action: nothing to do while they are the settings shown)."""
        if settings == self._shown:
            return
        self._shown = settings
        for name, element in self.boxes.items():
            element.checked = bool(getattr(settings, name))
        for (name, choice), element in self.radios.items():
            element.checked = getattr(settings, name) == choice
        root = document.documentElement
        if settings.theme == SYSTEM_THEME:
            root.removeAttribute("data-theme")
        else:
            root.setAttribute("data-theme", settings.theme)
        colours = THEME_COLOURS[settings.felt]
        for meta, media, colour in zip(
            self.theme_colours, THEME_COLOUR_MEDIA[settings.theme], colours, strict=True
        ):
            meta.setAttribute("media", media)
            meta.setAttribute("content", colour)
        for name, attribute in LOOK_ATTRIBUTES.items():
            value = getattr(settings, name)
            if isinstance(value, bool):
                root.toggleAttribute(attribute, value)
            else:
                root.setAttribute(attribute, value)
