"""Numbered, daily and custom deals (docs/rules.md, "Deals").

The pins below were produced by the shuffle as it stands; a numbered deal must never change,
so a failure here means the shuffle changed, which docs/rules.md forbids. The shuffle is also
written out again below, independently, from the words of royal.deals' docstring, to prove
the documentation describes the code.
"""

import ast
import datetime as dt
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

import royal.deals
from helpers import WHITESPACE
from royal.cards import ALL_CARDS
from royal.deals import (
    MAX_DEAL,
    DealError,
    custom_deal,
    daily_deal_number,
    numbered_deal,
    parse_deal_number,
)

PINNED = {
    1: "QH AS 4C 6C JD 3D 3C 6H 7H JC 5C 9C 9S KC 9H 6S 4D JS 2S KS 6D 8D AD QC AH TS 7C 9D 2D "
    "3S 4H 4S 2H 8C TC QD 2C AC TH 5S 5H 8H KD 7S TD JH QS 8S 7D 5D 3H KH",
    2: "QH 4H 5D 6S 7H TD 5S JC 7D KC 8D JH KS TC 8C 2H 5C QS 8H JD 4C 5H 9H AS TH 2D 7S 9S AC "
    "3S 9C QD 6C 4D 9D 3D QC 2C AH 2S 6D KD TS 7C 6H AD 3C 4S 3H 8S JS KH",
    20261129: "QH 9H QC 4D 7D JS 6H KD 9C AC 8D TH 8C TC 4H AH 3S 2S QD JC KC 7S 8H JH 9S KS 9D "
    "4S 3D 5C 4C JD AD 5S AS QS 2H 3C TD 5H 7C 3H 2D 6C 7H 8S 6S 6D 2C TS 5D KH",
    10**12: "QH QD 9C 9H QC 4C 2C AS JS TD JD 3S TC 7C 4H 3D 6H 4D KC 7D KS 5S 6S 5D 8S JC 8D 7H "
    "8H 9D 6C 2D 3C JH TS 8C 2H 9S AC 7S TH 5H 2S KD 5C 6D QS 4S 3H AH AD KH",
    2**64 - 1: "QH JC 8C AS 6C 7D 9H 3D 2H QD TS 3H JH 9C 6H QS 7S 9S AD 5S 4C 5D JD 8S 8H TC TH "
    "6S 3C 9D TD QC 4S 4D 8D 4H AH 3S 7C AC 6D 5C KS 7H 5H JS KC 2C 2D 2S KD KH",
}


@pytest.mark.parametrize("number", sorted(PINNED))
def test_known_deals_are_pinned(number):
    assert " ".join(numbered_deal(number)) == PINNED[number]


# An independent reading of the documented algorithm ------------------------------------

M64 = 2**64


def documented_shuffle(n):
    """The module docstring's four steps, written afresh (no code shared with royal.deals)."""
    order = [r + s for s in "SHDC" for r in "A23456789TJQK"]
    order.remove("QH")
    order.remove("KH")
    state = n % M64

    def draw():
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) % M64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % M64
        return z ^ (z >> 31)

    for i in range(49, 0, -1):
        while True:
            value = draw()
            if value < M64 - (M64 % (i + 1)):
                break
        j = value % (i + 1)
        order[i], order[j] = order[j], order[i]
    return tuple(["QH", *order, "KH"])


def test_docstring_describes_the_splitmix64_reference_values():
    # Reference outputs of SplitMix64 seeded with 0 (Vigna's splitmix64.c), which pin the
    # generator the docstring names to the published algorithm, not just to itself.
    rng = royal.deals.SplitMix64(0)
    assert [rng.draw() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


@pytest.mark.parametrize("number", [*sorted(PINNED), 3, 7, 99, 12345678, 2**32, 2**63])
def test_documented_algorithm_matches_the_code(number):
    assert numbered_deal(number) == documented_shuffle(number)


@given(st.integers(min_value=1, max_value=MAX_DEAL))
def test_documented_algorithm_matches_the_code_on_any_number(number):
    assert numbered_deal(number) == documented_shuffle(number)


def test_rejection_step_is_part_of_the_algorithm():
    # With a bound that is not a power of two, some 64-bit draws must be rejected; check the
    # limit is the documented one by counting the values just under and at the limit.
    for bound in (3, 7, 50):
        limit = M64 - (M64 % bound)
        rng = royal.deals.SplitMix64(1)
        rng.draw = iter([limit, limit + 1, limit - 1]).__next__  # two rejected, then kept
        assert rng.below(bound) == (limit - 1) % bound


# Properties of numbered deals ----------------------------------------------------------


@given(st.integers(min_value=1, max_value=MAX_DEAL))
def test_every_numbered_deal_is_a_full_deck_with_the_royals_at_the_ends(number):
    cards = numbered_deal(number)
    assert len(cards) == 52
    assert sorted(cards) == sorted(ALL_CARDS)
    assert cards[0] == "QH" and cards[-1] == "KH"
    assert numbered_deal(number) == cards  # the same every time
    assert custom_deal(cards) == cards  # and a valid custom order too


def test_different_numbers_give_different_deals():
    assert len({numbered_deal(n) for n in range(1, 201)}) == 200


def test_shuffle_positions_look_uniform():
    # Over many deals each middle card visits each of the 50 positions; the first card's
    # position should not be stuck to one end (a classic off-by-one in Fisher-Yates).
    firsts = {numbered_deal(n)[1] for n in range(1, 801)}
    assert len(firsts) == 50
    lasts = {numbered_deal(n)[50] for n in range(1, 801)}
    assert len(lasts) == 50


def test_the_daily_deal_is_numbered_yyyymmdd():
    assert daily_deal_number(dt.date(2026, 11, 29)) == 20261129
    assert daily_deal_number(dt.date(2027, 1, 1)) == 20270101
    assert daily_deal_number(dt.date(1999, 12, 31)) == 19991231


# Reading deal numbers ------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, number",
    [("1", 1), (" 42 ", 42), ("007", 7), ("0" * 40 + "42", 42), (5, 5), (str(MAX_DEAL), MAX_DEAL)],
)
def test_deal_numbers_are_read(text, number):
    # (leading zeros do not make a number too long: "000...0042" is deal 42)
    assert parse_deal_number(text) == number


@pytest.mark.parametrize(
    "bad",
    [
        "0",
        "-1",
        "1.5",
        "abc",
        "",
        " ",
        "1e3",
        "٣",
        "²",
        0,
        -7,
        MAX_DEAL + 1,
        str(MAX_DEAL + 1),
        True,
        False,
        None,
        1.0,
        [1],
        "9" * 30,
        "1" * 5000,
        10**5000,
        "0" * 30 + "1" * 30,
    ],
    ids=lambda v: repr(v)[:20] if not isinstance(v, int) or v.bit_length() < 200 else "huge-int",
)
def test_bad_deal_numbers_are_refused_with_deal_error(bad):
    with pytest.raises(DealError):
        parse_deal_number(bad)
    if isinstance(bad, (int, str)) and not isinstance(bad, bool):
        with pytest.raises(DealError):
            numbered_deal(bad)


def test_a_look_alike_digit_is_shown_for_what_it_is():
    """A fullwidth seven (U+FF17), typed by an input method, looks like 7 but is no digit of a deal."""
    with pytest.raises(DealError, match=re.escape("deal number '\\uff17' is not a whole number")):
        parse_deal_number("\uff17")


def test_out_of_range_says_the_range():
    with pytest.raises(DealError, match="run from 1 to 18446744073709551615"):
        parse_deal_number("0")


# Custom deals ----------------------------------------------------------------------------

DEAL = list(numbered_deal(1))


def refusal(codes):
    with pytest.raises(DealError) as info:
        custom_deal(codes)
    return str(info.value)


def test_a_valid_custom_order_is_accepted_and_normalised():
    assert custom_deal(DEAL) == tuple(DEAL)
    assert custom_deal([c.lower() for c in DEAL]) == tuple(DEAL)
    assert custom_deal(iter(DEAL)) == tuple(DEAL)


def test_unknown_code_names_the_code_and_its_position():
    codes = DEAL.copy()
    codes[5] = "ZZ"
    message = refusal(codes)
    assert "unknown card code 'ZZ' at position 6" in message


def test_a_code_padded_with_an_ideographic_space_is_the_code():
    """U+3000 (typed between words by Japanese and Chinese input) once gave a refusal that
    called the code 'QH' unknown and then asked for QH first."""
    assert custom_deal(["QH\u3000", *DEAL[1:]]) == tuple(DEAL)
    assert custom_deal([f"\u3000{code}\u3000" for code in DEAL]) == tuple(DEAL)


@given(st.sampled_from(WHITESPACE), st.sampled_from(WHITESPACE))
def test_whitespace_of_any_kind_around_a_code_is_padding(before, after):
    assert custom_deal([before + code + after for code in DEAL]) == tuple(DEAL)


@given(st.one_of(st.sampled_from(WHITESPACE), st.characters()), st.booleans())
def test_a_refusal_never_calls_a_code_it_accepts_unknown(odd, first):
    """Whatever character sits beside QH, the deal is accepted or the code shown is one refused."""
    codes = DEAL.copy()
    codes[0] = odd + "QH" if first else "QH" + odd
    try:
        custom_deal(codes)
    except DealError as error:
        for shown in re.findall(r"unknown card code (.+?) at position \d+", str(error)):
            text = ast.literal_eval(shown)
            assert not (text.isascii() and text.upper() in ALL_CARDS), str(error)


def test_duplicate_names_the_card():
    codes = DEAL.copy()
    codes[10] = codes[11]  # one card twice, another missing
    message = refusal(codes)
    assert f"duplicate {DEAL[11]}" in message
    assert f"missing 1 card: {DEAL[10]}" in message


def test_missing_card_names_it():
    codes = DEAL[:20] + DEAL[21:]
    message = refusal(codes)
    assert re.search(rf"missing 1 card\b.*{DEAL[20]}", message)


def test_several_missing_cards_are_all_named():
    message = refusal(DEAL[:10] + DEAL[13:])
    assert "missing 3 cards" in message
    for code in DEAL[10:13]:
        assert code in message


def test_royal_not_at_its_end():
    codes = DEAL.copy()
    codes[0], codes[1] = codes[1], codes[0]
    assert "QH (queen of hearts) must be the first card" in refusal(codes)
    codes = DEAL.copy()
    codes[-1], codes[-2] = codes[-2], codes[-1]
    assert "KH (king of hearts) must be the last card" in refusal(codes)
    assert "must be the" in refusal(list(reversed(DEAL)))


def test_wrong_count_says_how_many():
    too_many = [*DEAL[:-1], "AS", "KH"]
    message = refusal(too_many)
    assert "53" in message and "duplicate AS" in message
    too_few = [*DEAL[:-2], "KH"]
    message = refusal(too_few)
    assert "51" in message and "missing 1 card" in message


@pytest.mark.parametrize("empty", [[], ()])
def test_an_empty_deal_is_refused(empty):
    assert "got none" in refusal(empty)


@pytest.mark.parametrize("bad", [None, 5, 3.5])
def test_a_non_list_is_refused(bad):
    assert "list of 52 card codes" in refusal(bad)


def test_each_kind_of_problem_has_its_own_message():
    codes = DEAL.copy()
    codes[5] = "ZZ"
    messages = {
        "unknown": refusal(codes),
        "duplicate": refusal([*DEAL[:10], DEAL[9], *DEAL[11:]]),
        "missing": refusal(DEAL[:10] + DEAL[11:]),
        "royal": refusal([DEAL[1], DEAL[0], *DEAL[2:]]),
    }
    assert len(set(messages.values())) == 4
    for kind, message in messages.items():
        assert kind in message or (kind == "royal" and "queen of hearts" in message)


@given(
    st.lists(
        st.one_of(st.sampled_from(ALL_CARDS), st.text(max_size=4), st.integers(), st.none()), max_size=60
    )
)
def test_custom_deal_accepts_exactly_the_valid_orders(codes):
    try:
        cards = custom_deal(codes)
    except DealError as error:
        assert str(error)
        valid = False
    else:
        valid = True
        assert sorted(cards) == sorted(ALL_CARDS)
    expected = (
        len(codes) == 52
        and all(isinstance(c, str) and c.strip().isascii() and c.strip().upper() in ALL_CARDS for c in codes)
        and len({c.strip().upper() for c in codes}) == 52
        and codes[0].strip().upper() == "QH"
        and codes[-1].strip().upper() == "KH"
    )
    assert valid == expected


@given(st.permutations(ALL_CARDS))
def test_any_order_of_the_deck_is_valid_exactly_when_the_royals_are_at_the_ends(order):
    ok = order[0] == "QH" and order[-1] == "KH"
    try:
        custom_deal(order)
    except DealError as error:
        assert not ok
        assert "must be the" in str(error)
    else:
        assert ok


def test_messages_about_bad_orders_stay_short_whatever_the_input():
    """Only a few unknown codes are named, each as a short excerpt; a huge list is refused at once."""
    cases = [
        ["ZZ" * 100_000] * 52,
        ["QH", *(["x"] * 50), "KH"],
        ["QH", *(["AS"] * 100), "KH"],
        ["QH"] * 10**6,
    ]
    for codes in cases:
        with pytest.raises(DealError) as refused:
            custom_deal(codes)
        assert len(str(refused.value)) < 400, str(refused.value)[:500]
    with pytest.raises(DealError, match="47 more unknown codes"):
        custom_deal(["QH", *(["x"] * 50), "KH"])
    with pytest.raises(DealError, match=r"expected 52 cards, got 1000000$"):
        custom_deal(["QH"] * 10**6)


def test_a_long_deal_number_is_quoted_short():
    for text in ["9" * 4000, "x" * 4000, "0" * 3000 + "1" * 3000]:
        with pytest.raises(DealError) as refused:
            parse_deal_number(text)
        assert len(str(refused.value)) < 100
