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
#: Inside the card: its face, drawn from the sprite of SVG faces, and over it the game's own
#: index, the rank over the suit, large enough to read on a phone.
FACE = "face"
CORNER = "corner"
#: The sprite of card faces, a <symbol> per card code (tools/deck.py writes it), relative to
#: the page: the site may live under any subpath. The page names it in #line's data-sprite,
#: where the build adds its version (tools/addresses.py); the cards take it from there.
SPRITE = "static/cards.svg"
#: A cell of the stats panel's daily row; the boot script draws the row's empty cells.
DAY = "day"

#: The colour schemes of index.html's theme-color <meta> elements, in the page's order.
SCHEMES = ("light", "dark")
#: Their colours: the felt the settings choose, in each scheme (static/app.css's --felt, a
#: light-dark() pair for each of royal/settings.py's FELTS), so the browser's bar matches the
#: table; index.html holds the first felt's, the default.
THEME_COLOURS: dict[str, tuple[str, ...]] = {
    "green": ("#0b5d3b", "#0c3b28"),
    "blue": ("#134b74", "#0f3050"),
    "wine": ("#6e2233", "#471621"),
    "slate": ("#3d4853", "#283038"),
}
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


#: The look the settings choose, as attributes of <html>: a flag for a true setting, else the
#: choice's name (static/app.css draws each; the boot script sets them before the first paint).
LOOK_ATTRIBUTES = {
    "large_cards": "data-large-cards",
    "four_colour": "data-four-colour",
    "felt": "data-felt",
    "card_back": "data-card-back",
}


#: Each suit's class, beside the colour's: a four-colour deck gives diamonds and clubs their own.
SUIT_CLASSES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def suit_class(card: str) -> str:
    """The class of the card's suit."""
    return SUIT_CLASSES[card[1]]


def colour_class(card: str) -> str:
    """RED or BLACK, as the card's suit is drawn."""
    return RED if is_red(card) else BLACK
