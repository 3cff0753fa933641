"""The line of cards in the DOM: one button per surviving card, kept in order by key.

Python decides what the line shows (the cards, each card's face and marks; the page keeps its
Tab stop on the card last focused); ``static/line.js`` applies it as the effect ``line`` of the
patch that draws the page: every call into the page is a round trip, a synchronous one from a
worker, so the page is drawn in one, not one a card. Elements are reused across renders (keyed
by card code) so focus and hover survive a move.
Each card's place in the snaking line follows from its index, written as ``--i``: app.css
places it by ``translate``, so a move lays nothing out. Unless the player asked for reduced
motion, changes move (FLIP: the places before and after, from the indexes, each card played
from its old place to its new one with a transform): a removed card shrinks away from where
it stood, while the cards after it slide into their new places; an undo brings cards back the
same way; a new deal is dealt in. A render during an animation finishes it first, so input
never waits for one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from royal import describe, markup
from royal.cards import KING_OF_HEARTS, QUEEN_OF_HEARTS, rank_shown, spoken_name, suit_symbol
from royal.view.html import Effect

MARK_ATTRIBUTES = ("data-role", "data-hint", "data-lesson")
#: The classes of a card's face and corner, for static/line.js to build cards with.
PART_CLASSES = {
    "face": markup.FACE,
    "corner": markup.CORNER,
    "stock": f"{markup.CARD} {markup.FACE_DOWN} stock",
}


def card_face(card: str) -> list[str]:
    """What static/line.js builds ``card``'s button from: its classes, spoken name, rank and
    suit as shown (its face is the card's symbol in the sprite the page names, ``#line``'s
    ``data-sprite``: no address travels in the description, so a description kept from an older
    build still draws the faces this build ships)."""
    classes = f"{markup.CARD} {markup.colour_class(card)} {markup.suit_class(card)}"
    if card in (QUEEN_OF_HEARTS, KING_OF_HEARTS):
        classes += f" {markup.ROYAL}"
    return [classes, spoken_name(card), rank_shown(card), suit_symbol(card)]


class Board:
    """Draws the line into ``#line`` (a click on a card or the stock is the page's message,
    static/line.js marks them)."""

    def __init__(self) -> None:
        self.order: list[str] = []  # the surviving cards, left to right
        self.shown: dict[str, tuple[str | None, ...]] = {}  # attributes last written per card

    # Drawing --------------------------------------------------------------------------

    def render(
        self,
        cards: Iterable[str],
        selected: str | None,
        marks: Mapping[str, Mapping[str, str]],
        stock: int | None = None,
    ) -> Effect:
        """Show ``cards`` in order; ``marks`` maps a card to attributes such as data-hint;
        ``stock``, the stock game's count of face-down cards (``None``: no stock), drawn at the
        line's next place by static/line.js as ``<button id="stock" class="card back stock"
        data-count="N">`` (docs/automation.md, "The stock game"). Only the count: the page
        never holds a card not yet dealt.

        The effect that draws it (static/line.js), with what changed since the last: the cards
        new to the line, the marks whose value differs, the kind of change to play. It is
        applied with the drawing it is made for, which is the one the board remembers.
        """
        cards = list(cards)
        # This Python's first drawing: the page's line may be another's (the boot's table, or
        # the worker's before it stopped), so every card's marks are written.
        first = not self.order
        wanted = set(cards)
        kept = [c for c in self.order if c in wanted]
        dealt = kept != [c for c in cards if c in self.shown]  # a new deal: the order changed
        gone = len(kept) != len(self.order)
        change = "deal" if dealt else "slide" if gone or len(kept) != len(cards) else None
        # Cards before the first change keep their places: only those from it on move.
        since = next(
            (i for i, (a, b) in enumerate(zip(self.order, cards, strict=False)) if a != b), len(cards)
        )
        for card in self.order:
            if card not in wanted:
                del self.shown[card]
        made = {card: card_face(card) for card in cards if card not in self.shown}
        changed_marks = {}
        for card in cards:
            card_marks = marks.get(card, {})
            state = ("true" if card == selected else "false", *(card_marks.get(n) for n in MARK_ATTRIBUTES))
            if first or self.shown.get(card, ("false",) + (None,) * len(MARK_ATTRIBUTES)) != state:
                changed_marks[card] = dict(zip(("aria-pressed", *MARK_ATTRIBUTES), state, strict=True))
            self.shown[card] = state
        self.order = cards
        return Effect(
            "line",
            {
                "cards": cards,
                "make": made,
                "classes": PART_CLASSES,
                "marks": changed_marks,
                "change": change,
                "since": since,
                "first": first,
                "stock": None if stock is None else {"count": stock, "label": describe.stock_count(stock)},
            },
        )
