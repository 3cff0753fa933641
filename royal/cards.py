"""Card codes, their names for eyes and ears, and the matching rule.

A card is its two-letter code (``"QH"``, ``"TD"``): codes are what saves, hints, URLs and
tests exchange, so the engine keeps cards as plain strings and validates them at the edges.
"""

from __future__ import annotations

from royal.excerpt import quoted

RANKS = "A23456789TJQK"
SUITS = "SHDC"

#: Every card code, suits in ``S H D C`` order, ranks ace to king within a suit.
ALL_CARDS: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)

QUEEN_OF_HEARTS = "QH"
KING_OF_HEARTS = "KH"

_RANK_SHOWN = {"T": "10"}
_RANK_SPOKEN = dict(
    zip(
        RANKS,
        [
            "ace",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "jack",
            "queen",
            "king",
        ],
        strict=True,
    )
)
_SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SUIT_SPOKEN = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_KNOWN = frozenset(ALL_CARDS)


class CardError(ValueError):
    """A text that is not one of the 52 card codes; ``refused`` is what was refused, unpadded."""

    def __init__(self, message: str, refused: object) -> None:
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
        raise CardError(f"a card code must be text, not {type(text).__name__}", text)
    code = text.strip()
    if not code.isascii() or code.upper() not in _KNOWN:
        raise CardError(
            f"unknown card code {quoted(code)}: a code is a rank ({' '.join(RANKS)}) "
            f"followed by a suit ({' '.join(SUITS)}), like QH or TD",
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
    return f"{_RANK_SPOKEN[card[0]]} of {_SUIT_SPOKEN[card[1]]}"
