"""Deals asked for by a link: ``?deal=N`` or ``?cards=QH,AS,...,KH``, in the open game or, with
``mode=stock`` and ``rules=suit-runs``, in another variant (docs/play.md, "The address bar and
Share"). The address never carries the stock's order: a numbered deal's is its number's, and
a custom deal from the stock is played in the order its cards name, as it always was."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from royal.deals import DealError, custom_deal, numbered_deal, parse_deal_number
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


def parse_link(params: Mapping[str, str]) -> DealRequest | None:
    """The deal named by URL parameters, ``None`` when they name none, DealError if bad."""
    if "deal" in params and "cards" in params:
        raise DealError("a link names either a deal number or cards, not both")
    for name in ("deal", "cards", "mode", "rules"):
        if len(params.get(name, "")) > MAX_PARAM:
            raise DealError(f"the link's {name} is {len(params[name])} characters long, far too long")
    try:
        variant = Variant.from_params(params)
    except VariantError as error:
        raise DealError(str(error)) from None
    if "deal" in params:
        number = parse_deal_number(params["deal"])
        return DealRequest(numbered_deal(number), number, variant)
    if "cards" in params:
        # Commas or whitespace of any kind between the codes: str.split() knows every kind,
        # as parse_card's strip does (an ideographic space from an input method too).
        return DealRequest(custom_deal(params["cards"].replace(",", " ").split()), None, variant)
    if "mode" in params or "rules" in params:
        raise DealError("the link names a way to play but no deal: add deal=N")
    return None


def link_query(number: int | None, cards: tuple[str, ...], variant: Variant = OPEN) -> str:
    """The query string that opens a deal again in its variant: by number when it has one."""
    deal = f"?deal={number}" if number is not None else "?cards=" + ",".join(cards)
    return deal + variant.query()
