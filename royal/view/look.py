"""The settings panel (``#settings-dialog``) and the look its settings give the page, as a
description: each checkbox and radio button checked or not, the theme (``html[data-theme]``
and the browser's bar, in the felt's colour) and royal/markup.py's LOOK_ATTRIBUTES on
``<html>``: larger cards, the four-colour deck, the felt and the card back."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from royal.markup import LOOK_ATTRIBUTES, THEME_COLOUR_MEDIA, THEME_COLOURS
from royal.settings import CHOICES, SYSTEM_THEME, Settings
from royal.view.html import Region, region

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


def radio_id(name: str, choice: str) -> str:
    """The id of the radio button that chooses ``choice`` for setting ``name``."""
    return f"{SETTING_RADIOS[name]}-{choice}"


@lru_cache(maxsize=2)
def look(settings: Settings) -> Mapping[str, Region]:
    """The regions ``settings`` draw: the panel's controls, ``<html>``'s look (``#site``) and the
    two theme-colour ``<meta>`` elements (``#theme-colour-0``, ``#theme-colour-1``). Made once
    for the settings in force: every drawing of the page draws them."""
    regions: dict[str, Region] = {
        element_id: region(properties={"checked": bool(getattr(settings, name))})
        for element_id, name in SETTING_BOXES.items()
    }
    for name in SETTING_RADIOS:
        for choice in CHOICES[name]:
            regions[radio_id(name, choice)] = region(
                properties={"checked": getattr(settings, name) == choice}
            )
    site: dict[str, str | bool | None] = {
        "data-theme": None if settings.theme == SYSTEM_THEME else settings.theme
    }
    for name, attribute in LOOK_ATTRIBUTES.items():
        site[attribute] = getattr(settings, name)
    regions["site"] = region(site)
    colours = zip(THEME_COLOUR_MEDIA[settings.theme], THEME_COLOURS[settings.felt], strict=True)
    for index, (media, colour) in enumerate(colours):
        regions[f"theme-colour-{index}"] = region({"media": media, "content": colour})
    return regions
