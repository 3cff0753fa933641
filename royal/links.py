"""Deals asked for by a link: ``?deal=N`` or ``?cards=QH,AS,...,KH``, in the open game or, with
``mode=stock`` and ``rules=suit-runs``, in another variant, and with ``daily=YYYY-MM-DD`` the
deal the page dealt as that day's deal or challenge (docs/play.md, "The address bar and
Share"). The address never carries the stock's order: a numbered deal's is its number's, and
a custom deal from the stock is played in the order its cards name, as it always was."""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Mapping
from dataclasses import dataclass

from royal.challenges import candidates
from royal.deals import DealError, custom_deal, numbered_deal, parse_deal_number
from royal.excerpt import quoted
from royal.reason import reason, reason_of
from royal.variant import OPEN, Variant, VariantError

#: The longest parameter a link may carry: 52 codes, their commas and generous spacing take
#: 155 to about 300 characters. Anything longer is refused before it is read.
MAX_PARAM = 400


@dataclass(frozen=True)
class DealRequest:
    """The deal a link names: its cards, and its number when it is a numbered deal."""

    cards: tuple[str, ...]
    number: int | None
    variant: Variant = OPEN
    daily: _dt.date | None = None  # the day whose deal or challenge the page dealt it as


def parse_link(params: Mapping[str, str]) -> DealRequest | None:
    """The deal named by URL parameters, ``None`` when they name none, DealError if bad."""
    if "deal" in params and "cards" in params:
        raise DealError(reason("a link names either a deal number or cards, not both"))
    for name in ("deal", "cards", "mode", "rules", "daily"):
        if len(params.get(name, "")) > MAX_PARAM:
            raise DealError(
                reason(
                    "the link's %(name)s is %(count)s characters long, far too long",
                    name=name,
                    count=len(params[name]),
                )
            )
    try:
        variant = Variant.from_params(params)
    except VariantError as error:
        raise DealError(reason_of(error)) from None
    if "deal" in params:
        number = parse_deal_number(params["deal"])
        daily = _daily(params, number, variant)
        return DealRequest(numbered_deal(number, variant.stock), number, variant, daily)
    if "daily" in params:
        raise DealError(reason("the link names a day but no deal: add deal=N"))
    if "cards" in params:
        # Commas or whitespace of any kind between the codes: str.split() knows every kind,
        # as parse_card's strip does (an ideographic space from an input method too).
        return DealRequest(custom_deal(params["cards"].replace(",", " ").split()), None, variant)
    if "mode" in params or "rules" in params:
        raise DealError(reason("the link names a way to play but no deal: add deal=N"))
    return None


def _daily(params: Mapping[str, str], number: int, variant: Variant) -> _dt.date | None:
    """The day a link's ``daily`` names, checked against its deal; ``None`` when it names none."""
    text = params.get("daily")
    if text is None:
        return None
    try:
        if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
            raise ValueError
        day = _dt.date.fromisoformat(text)
    except ValueError:
        raise DealError(
            reason("the link's daily must be a date written YYYY-MM-DD, not %(text)s", text=quoted(text))
        ) from None
    if variant != OPEN:
        raise DealError(
            reason("a day's deal and challenges are played in the open game: remove mode and rules")
        )
    if number not in candidates(day):
        raise DealError(
            reason("deal %(number)s is not one of the deals of %(text)s", number=number, text=text)
        )
    return day


def link_query(
    number: int | None, cards: tuple[str, ...], variant: Variant = OPEN, daily: _dt.date | None = None
) -> str:
    """The query string that opens a deal again in its variant (by number when it has one), as
    the day's deal or challenge it was dealt as."""
    deal = f"?deal={number}" if number is not None else "?cards=" + ",".join(cards)
    return deal + variant.query() + (f"&daily={daily.isoformat()}" if daily is not None else "")
