"""The settings panel (``#settings-dialog``) and the look its settings give the page: the theme
(``html[data-theme]`` and the browser's bar) and larger cards (``html[data-large-cards]``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document

from royal.markup import THEME_COLOUR_MEDIA
from royal.settings import SYSTEM_THEME, THEMES, Settings
from royal.web.dom import listen, on_click, within

#: The panel's checkboxes, by id, and the setting each one holds.
SETTING_BOXES = {
    "winnable-only": "winnable_only",
    "warn-lost": "warn_lost",
    "ask-before-loss": "ask_before_loss",
    "sound": "sound",
    "large-cards": "large_cards",
    "quick-play": "quick_play",
}


class SettingsView:
    """Shows the settings in ``dialog`` and applies their look; ``on_change(name, value)`` hears
    each change the player makes there."""

    def __init__(self, dialog: Any, on_change: Callable[[str, bool | str], None]) -> None:
        self.dialog = dialog
        self.boxes = {name: within(dialog, element_id) for element_id, name in SETTING_BOXES.items()}
        self.themes = {theme: within(dialog, f"theme-{theme}") for theme in THEMES}
        # The browser's theme colour, one <meta> per scheme (royal/markup.py): a chosen theme switches them.
        self.theme_colours = list(document.querySelectorAll("meta[name=theme-color]"))

        def box(name: str) -> Callable[[Any], None]:
            return lambda event: on_change(name, bool(event.target.checked))

        def radio(theme: str) -> Callable[[Any], None]:
            return lambda event: on_change("theme", theme) if event.target.checked else None

        for name, element in self.boxes.items():
            listen(element, "change", box(name))
        for theme, element in self.themes.items():
            listen(element, "change", radio(theme))
        on_click(within(dialog, "settings-close"), self.close)

    def open(self) -> None:
        """Open the settings panel."""
        self.dialog.showModal()

    def close(self) -> None:
        """Close the settings panel."""
        self.dialog.close()

    def render(self, settings: Settings) -> None:
        """Show ``settings`` in the panel and apply the look they choose."""
        for name, element in self.boxes.items():
            element.checked = bool(getattr(settings, name))
        for theme, element in self.themes.items():
            element.checked = theme == settings.theme
        root = document.documentElement
        if settings.theme == SYSTEM_THEME:
            root.removeAttribute("data-theme")
        else:
            root.setAttribute("data-theme", settings.theme)
        for meta, media in zip(self.theme_colours, THEME_COLOUR_MEDIA[settings.theme], strict=True):
            meta.setAttribute("media", media)
        root.toggleAttribute("data-large-cards", settings.large_cards)
