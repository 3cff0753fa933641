"""Deals: numbered ones from the project's own shuffle, daily ones, and custom orders.

The shuffle is part of the game's contract: deal N must produce the same line on every
platform and in every future version, so it depends on nothing but this file.

The algorithm, exactly:

1. Start from the 50 cards other than ``QH`` and ``KH`` in :data:`royal.cards.ALL_CARDS`
   order (suits ``S H D C``, ranks ``A`` to ``K`` within each suit).
2. Seed a SplitMix64 generator with the deal number N (64-bit state = N).
   Each draw adds ``0x9E3779B97F4A7C15`` to the state (mod 2**64) and returns
   ``z ^ (z >> 31)`` where ``z`` is the state passed through
   ``z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9``, ``z = (z ^ (z >> 27)) * 0x94D049BB133111EB``
   (all mod 2**64).
3. Fisher-Yates from the end: for ``i`` from 49 down to 1, draw ``j`` uniformly in
   ``0..i`` and swap positions ``i`` and ``j``. A uniform ``j`` comes from rejection:
   draws ``>= 2**64 - (2**64 % (i + 1))`` are thrown away, otherwise ``j = draw % (i + 1)``.
4. The line is ``QH``, the 50 shuffled cards, ``KH``.

The stock game's deal N (the order its stock falls in) is shuffled the same way from a seed of
its own: the first draw of a generator seeded with ``N ^ 0x73746F636B`` (``stock`` in ASCII).
Deal N open and deal N from the stock thus have unrelated orders, and opening deal N tells
nothing of the stock's (stock games saved in game format 3 keep the open order they were
dealt in: docs/saves.md).
"""

from __future__ import annotations

import datetime as _dt
from collections import Counter
from collections.abc import Iterable

from royal.cards import ALL_CARDS, KING_OF_HEARTS, QUEEN_OF_HEARTS, CardError, parse_card
from royal.excerpt import quoted
from royal.reason import Reason, counted, reason

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

#: Deal numbers run from 1 to this, the largest 64-bit seed.
MAX_DEAL = _MASK
#: What sets the stock game's seeds apart from the open game's (``stock`` in ASCII).
STOCK_DOMAIN = 0x73746F636B
#: Unknown codes named one by one in a message; the rest are counted.
UNKNOWN_NAMED = 3


class DealError(ValueError):
    """A deal number or custom order that does not describe a game, with the reason."""


class SplitMix64:
    """The deal shuffle's random source (see the module docstring)."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def draw(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """A uniform integer in ``0..bound-1``, by rejection so no value is favoured."""
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            value = self.draw()
            if value < limit:
                return value % bound


def parse_deal_number(text: object) -> int:
    """Read a deal number from user input (a URL, the command line), or raise DealError."""
    if isinstance(text, bool):
        raise DealError(reason("a deal number must be a whole number"))
    if isinstance(text, int):
        number = text
    elif isinstance(text, str) and text.strip().isdigit() and text.strip().isascii():
        digits = text.strip().lstrip("0") or "0"
        if len(digits) > len(str(MAX_DEAL)):  # int() refuses very long texts with ValueError
            raise DealError(
                reason(
                    "deal numbers run from 1 to %(max_deal)s, not %(digits)s",
                    max_deal=MAX_DEAL,
                    digits=quoted(digits),
                )
            )
        number = int(digits)
    else:
        raise DealError(reason("deal number %(text)s is not a whole number", text=quoted(text)))
    if not 1 <= number <= MAX_DEAL:
        shown = number if number.bit_length() <= 128 else "a number that long"
        raise DealError(
            reason("deal numbers run from 1 to %(max_deal)s, not %(shown)s", max_deal=MAX_DEAL, shown=shown)
        )
    return number


def numbered_deal(number: int, stock: bool = False) -> tuple[str, ...]:
    """The 52 cards of deal ``number``, left to right; with ``stock``, in the order the stock
    game's deal ``number`` falls in (see the module docstring)."""
    number = parse_deal_number(number)
    seed = SplitMix64(number ^ STOCK_DOMAIN).draw() if stock else number
    middle = [c for c in ALL_CARDS if c not in (QUEEN_OF_HEARTS, KING_OF_HEARTS)]
    rng = SplitMix64(seed)
    for i in range(len(middle) - 1, 0, -1):
        j = rng.below(i + 1)
        middle[i], middle[j] = middle[j], middle[i]
    return (QUEEN_OF_HEARTS, *middle, KING_OF_HEARTS)


def daily_deal_number(day: _dt.date) -> int:
    """The deal of a local calendar day is numbered ``YYYYMMDD``."""
    return day.year * 10000 + day.month * 100 + day.day


def custom_deal(codes: Iterable[object]) -> tuple[str, ...]:
    """Validate a player-supplied order of all 52 cards, or raise DealError saying what is wrong.

    Every problem found is reported in one message, so a hand-typed link can be fixed at once.
    A list far from 52 long is refused on its length alone: naming each of a million unknown
    codes would help nobody and cost seconds.
    """
    try:
        items = list(codes)
    except TypeError:
        raise DealError(reason("a custom deal must be a list of 52 card codes")) from None
    if len(items) > 2 * len(ALL_CARDS):
        raise DealError(reason("expected 52 cards, got %(count)s", count=len(items)))
    cards: list[str] = []
    problems: list[Reason] = []
    unknown = 0
    for position, item in enumerate(items, start=1):
        try:
            cards.append(parse_card(item))
        except CardError as error:
            unknown += 1
            if unknown <= UNKNOWN_NAMED:  # exactly the code refused, without its padding
                problems.append(
                    reason(
                        "unknown card code %(code)s at position %(position)s",
                        code=quoted(error.refused),
                        position=position,
                    )
                )
    if unknown > UNKNOWN_NAMED:
        problems.append(
            counted("%(count)s more unknown code", "%(count)s more unknown codes", unknown - UNKNOWN_NAMED)
        )
    counts = Counter(cards)
    duplicates = [c for c, n in counts.items() if n > 1]
    if duplicates:
        problems.append(reason("duplicate %(cards)s", cards=", ".join(duplicates)))
    missing = [c for c in ALL_CARDS if c not in counts]
    if missing and not unknown:
        missing_cards = ", ".join(missing)
        problems.append(
            counted(
                "missing %(count)s card: %(cards)s",
                "missing %(count)s cards: %(cards)s",
                len(missing),
                cards=missing_cards,
            )
        )
    if len(items) != len(ALL_CARDS):
        problems.insert(0, reason("expected 52 cards, got %(count)s", count=len(items)))
    if cards and cards[0] != QUEEN_OF_HEARTS:
        problems.append(reason("QH (queen of hearts) must be the first card"))
    if cards and cards[-1] != KING_OF_HEARTS:
        problems.append(reason("KH (king of hearts) must be the last card"))
    if not items:
        problems = [reason("a custom deal needs 52 card codes, got none")]
    if problems:
        raise DealError(
            Reason(
                "; ".join(f"%({i})s" for i in range(len(problems))),
                {str(i): p for i, p in enumerate(problems)},
            )
        )
    return tuple(cards)
