"""Deals asked for by a link: ``?deal=N`` and ``?cards=QH,AS,...,KH`` (docs/rules.md, "Links to a deal")."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import WHITESPACE
from royal.deals import DealError, numbered_deal
from royal.links import DealRequest, link_query, parse_link


def test_no_deal_parameters_name_no_deal():
    assert parse_link({}) is None
    assert parse_link({"utm_source": "x"}) is None


def test_deal_number_link():
    assert parse_link({"deal": "20261129"}) == DealRequest(numbered_deal(20261129), 20261129)


def test_cards_link_accepts_commas_spaces_and_lower_case():
    cards = numbered_deal(5)
    assert parse_link({"cards": ",".join(cards)}) == DealRequest(cards, None)
    assert parse_link({"cards": " ".join(c.lower() for c in cards)}) == DealRequest(cards, None)
    assert parse_link({"cards": ",".join(cards) + ","}) == DealRequest(cards, None)


def test_cards_link_separated_only_by_ideographic_spaces():
    """U+3000, typed between words by Japanese and Chinese input methods, was no separator."""
    cards = numbered_deal(5)
    assert parse_link({"cards": "\u3000".join(cards)}) == DealRequest(cards, None)


@given(st.lists(st.sampled_from([*WHITESPACE, ","]), min_size=51, max_size=51), st.integers(1, 2**64 - 1))
def test_codes_are_separated_by_commas_or_whitespace_of_any_kind(separators, number):
    cards = numbered_deal(number)
    text = "".join(code + separator for code, separator in zip(cards, separators, strict=False)) + cards[-1]
    assert parse_link({"cards": text}) == DealRequest(cards, None)


@pytest.mark.parametrize(
    "params, words",
    [
        ({"deal": "0"}, "run from 1"),
        ({"deal": "abc"}, "not a whole number"),
        ({"deal": ""}, "not a whole number"),
        ({"deal": "9" * 300}, "run from 1"),
        ({"deal": "9" * 5000}, "too long"),
        ({"cards": ""}, "got none"),
        ({"cards": "QH,AS,KH"}, "missing"),
        ({"deal": "1", "cards": "QH"}, "not both"),
    ],
    ids=lambda v: str(v)[:30],
)
def test_bad_links_raise_deal_error_with_a_message(params, words):
    with pytest.raises(DealError, match=words):
        parse_link(params)


@given(st.integers(min_value=1, max_value=2**64 - 1))
def test_link_query_opens_the_same_deal_again(number):
    cards = numbered_deal(number)
    query = link_query(number, cards)
    assert query == f"?deal={number}"
    assert parse_link({"deal": query.split("=", 1)[1]}) == DealRequest(cards, number)
    custom = link_query(None, cards)
    assert parse_link({"cards": custom.split("=", 1)[1]}) == DealRequest(cards, None)


@given(st.dictionaries(st.sampled_from(["deal", "cards", "other"]), st.text(max_size=80), max_size=3))
def test_any_parameters_give_a_request_none_or_deal_error(params):
    try:
        request = parse_link(params)
    except DealError as error:
        assert str(error)
    else:
        assert request is None or (request.cards[0] == "QH" and request.cards[-1] == "KH")


@pytest.mark.parametrize("name", ["cards", "deal"])
@pytest.mark.parametrize("unit", ["ZZ,", "QH,", "A", "9"])
def test_an_over_long_link_is_refused_at_once_with_a_short_message(name, unit):
    text = unit * (2_000_000 // len(unit))
    with pytest.raises(DealError) as refused:
        parse_link({name: text})
    assert len(str(refused.value)) < 100 and "too long" in str(refused.value)


def test_the_longest_link_a_person_writes_still_opens():
    cards = numbered_deal(5)
    spaced = " , ".join(c.lower() for c in cards) + " , "
    assert len(spaced) > 250
    assert parse_link({"cards": spaced}) == DealRequest(cards, None)
