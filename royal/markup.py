"""What the page's markup holds that the boot script writes too, before Python starts.

static/boot.js draws preview cards and the daily row's cells and applies the saved theme
before the game runs, and royal/web/ draws the same afterwards; both take these names and
values from here (the build writes them into the boot script, tools/boot_script.py), so the
preview is the same cards, cells and colours. Plain data, no browser imports: the build
reads it under CPython. static/app.css styles the classes; index.html holds the theme-color
<meta> elements.
"""

from __future__ import annotations

from royal.cards import is_red
from royal.settings import SYSTEM_THEME, THEMES

#: A card's button has CARD and its colour's class, and ROYAL for the Queen and King of Hearts;
#: FACE_DOWN is a card the boot script draws without a code (the table's shape, on a first visit).
CARD = "card"
RED = "red"
BLACK = "black"
ROYAL = "royal"
FACE_DOWN = "back"
#: Inside the card: the rank over the suit in its corner, and the suit large in its middle.
CORNER = "corner"
PIP = "pip"
#: A cell of the stats panel's daily row; the boot script draws the row's empty cells.
DAY = "day"

#: The colour schemes of index.html's theme-color <meta> elements, in the page's order.
SCHEMES = ("light", "dark")
#: The media of those elements under each theme: "system" leaves the device's scheme in
#: charge, as index.html has them; a chosen theme pins the colour of the scheme it names.
THEME_COLOUR_MEDIA: dict[str, tuple[str, ...]] = {
    theme: tuple(
        f"(prefers-color-scheme: {scheme})"
        if theme == SYSTEM_THEME
        else "all"
        if scheme == theme
        else "not all"
        for scheme in SCHEMES
    )
    for theme in THEMES
}


def colour_class(card: str) -> str:
    """RED or BLACK, as the card's suit is drawn."""
    return RED if is_red(card) else BLACK
