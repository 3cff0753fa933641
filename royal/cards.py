"""Card codes, their names for eyes and ears, and the matching rule.

A card is its two-letter code (``"QH"``, ``"TD"``): codes are what saves, hints, URLs and
tests exchange, so the engine keeps cards as plain strings and validates them at the edges.
"""

from __future__ import annotations

from royal.excerpt import quoted
from royal.i18n import N_, _
from royal.reason import reason

RANKS = "A23456789TJQK"
SUITS = "SHDC"

#: Every card code, suits in ``S H D C`` order, ranks ace to king within a suit.
ALL_CARDS: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)

QUEEN_OF_HEARTS = "QH"
KING_OF_HEARTS = "KH"

_RANK_SHOWN = {"T": "10"}
#: The ranks and suits as screen readers say them, translated where they are said.
_RANK_SPOKEN = {
    "A": N_("ace"),
    "2": N_("two"),
    "3": N_("three"),
    "4": N_("four"),
    "5": N_("five"),
    "6": N_("six"),
    "7": N_("seven"),
    "8": N_("eight"),
    "9": N_("nine"),
    "T": N_("ten"),
    "J": N_("jack"),
    "Q": N_("queen"),
    "K": N_("king"),
}
_SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SUIT_SPOKEN = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
_KNOWN = frozenset(ALL_CARDS)


class CardError(ValueError):
    """A text that is not one of the 52 card codes; ``refused`` is what was refused, unpadded."""

    def __init__(self, message: object, refused: object) -> None:
        super().__init__(message)
        self.refused = refused


def parse_card(text: object) -> str:
    """Return the card code ``text`` names, or raise :class:`CardError` saying why not.

    Lower case is accepted (``"qh"`` is ``"QH"``) and whitespace of any kind around the code
    is padding (an ideographic space from an input method too), because people type links
    by hand. Only the code itself must be ASCII, checked before upper-casing: the long s
    (U+017F) upper-cases to ``S``.
    """
    if not isinstance(text, str):
        raise CardError(reason("a card code must be text, not %(kind)s", kind=type(text).__name__), text)
    code = text.strip()
    if not code.isascii() or code.upper() not in _KNOWN:
        raise CardError(
            reason(
                "unknown card code %(code)s: a code is a rank (%(ranks)s) followed by a suit (%(suits)s), "
                "like QH or TD",
                code=quoted(code),
                ranks=" ".join(RANKS),
                suits=" ".join(SUITS),
            ),
            code,
        )
    return code.upper()


def is_card(text: object) -> bool:
    """True when ``text`` is exactly one of the 52 upper-case codes."""
    return isinstance(text, str) and text in _KNOWN


def is_red(card: str) -> bool:
    """Hearts and diamonds are drawn red."""
    return card[1] in "HD"


def cards_match(a: str, b: str) -> bool:
    """Two cards may bound a move when they share a rank or a suit."""
    return a[0] == b[0] or a[1] == b[1]


def shown_name(card: str) -> str:
    """The short name shown to players: ``"10♦"`` for ``"TD"``."""
    return _RANK_SHOWN.get(card[0], card[0]) + _SUIT_SYMBOL[card[1]]


def rank_shown(card: str) -> str:
    """The rank as printed on the card face: ``"10"`` for ``"TD"``."""
    return _RANK_SHOWN.get(card[0], card[0])


def suit_symbol(card: str) -> str:
    """The suit as its symbol: ``"♦"`` for ``"TD"``."""
    return _SUIT_SYMBOL[card[1]]


def spoken_name(card: str) -> str:
    """The name read to screen readers: ``"ten of diamonds"`` for ``"TD"``."""
    # TRANSLATORS: a card's name, said by screen readers: "queen of hearts". The rank and the suit
    # are translated on their own (a card game's usual names: "dame", "cœur").
    return _("%(rank)s of %(suit)s") % {"rank": _(_RANK_SPOKEN[card[0]]), "suit": _(_SUIT_SPOKEN[card[1]])}
