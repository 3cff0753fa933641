"""Card codes, names and the matching rule (docs/rules.md, "Card codes and names")."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import WHITESPACE
from royal.cards import (
    ALL_CARDS,
    CardError,
    cards_match,
    is_card,
    is_red,
    parse_card,
    rank_shown,
    shown_name,
    spoken_name,
    suit_symbol,
)

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"]
SUITS = ["S", "H", "D", "C"]


def test_the_deck_is_every_rank_of_every_suit_once():
    assert len(ALL_CARDS) == 52
    assert set(ALL_CARDS) == {r + s for r in RANKS for s in SUITS}


@pytest.mark.parametrize("code", ["QH", "TD", "7C", "AS", "KH"])
def test_codes_parse_to_themselves(code):
    assert parse_card(code) == code
    assert is_card(code)


def test_lower_case_and_spaces_are_accepted_when_parsing():
    assert parse_card("qh") == "QH"
    assert parse_card(" td ") == "TD"
    # ...but is_card is the strict check used on saved data.
    assert not is_card("qh")


@given(st.sampled_from(WHITESPACE), st.sampled_from(WHITESPACE), st.sampled_from(ALL_CARDS))
def test_whitespace_of_any_kind_around_a_code_is_padding(before, after, code):
    """An ideographic space (U+3000) was stripped, then the code refused as 'QH' for it."""
    assert parse_card(before + code + after) == code
    assert parse_card(before + code.lower() + after) == code


def test_a_look_alike_letter_is_shown_for_what_it_is():
    """A Cyrillic En (U+041D) after Q was quoted as it is: the refusal seemed to call QH unknown."""
    with pytest.raises(CardError) as info:
        parse_card("Q\u041d")
    assert "unknown card code 'Q\\u041d'" in str(info.value)


@pytest.mark.parametrize("bad", ["", "Q", "QHH", "1H", "10D", "QX", "HQ", "XX", "Q H", "A\u017f", "\uff31H"])
def test_unknown_codes_are_refused_with_a_reason(bad):
    with pytest.raises(CardError) as info:
        parse_card(bad)
    assert "unknown card code" in str(info.value)
    assert not is_card(bad)


@pytest.mark.parametrize("bad", [None, 12, ["QH"], b"QH"])
def test_non_text_is_refused(bad):
    with pytest.raises(CardError):
        parse_card(bad)
    assert not is_card(bad)


def test_card_error_is_a_value_error():
    assert issubclass(CardError, ValueError)


@pytest.mark.parametrize(
    "code, shown, spoken",
    [
        ("TD", "10♦", "ten of diamonds"),
        ("QH", "Q♥", "queen of hearts"),
        ("AS", "A♠", "ace of spades"),
        ("7C", "7♣", "seven of clubs"),
        ("KH", "K♥", "king of hearts"),
        ("JS", "J♠", "jack of spades"),
        ("2D", "2♦", "two of diamonds"),
    ],
)
def test_names_for_eyes_and_ears(code, shown, spoken):
    assert shown_name(code) == shown
    assert spoken_name(code) == spoken
    assert rank_shown(code) + suit_symbol(code) == shown


def test_red_suits():
    assert [c for c in ("AS", "AH", "AD", "AC") if is_red(c)] == ["AH", "AD"]


def test_every_card_has_a_distinct_spoken_and_shown_name():
    assert len({spoken_name(c) for c in ALL_CARDS}) == 52
    assert len({shown_name(c) for c in ALL_CARDS}) == 52


@given(st.sampled_from(ALL_CARDS), st.sampled_from(ALL_CARDS))
def test_cards_match_when_they_share_rank_or_suit(a, b):
    assert cards_match(a, b) == (a[0] == b[0] or a[1] == b[1])
    assert cards_match(a, b) == cards_match(b, a)
