"""Winnable deals only: New game steps from a random number to the next winnable deal."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from royal.dealer import RANDOM_DEALS, draw_deal, next_winnable
from royal.deals import numbered_deal
from royal.solver import is_winnable

UNWINNABLE = [n for n in range(1, 400) if not is_winnable(numbered_deal(n))]


def test_an_unwinnable_number_steps_to_the_next_winnable_one():
    assert UNWINNABLE, "deals 1-399 hold unwinnable ones (about 1.3% of deals)"
    for number in UNWINNABLE:
        found = next_winnable(number)
        assert found > number and is_winnable(numbered_deal(found))
        assert all(not is_winnable(numbered_deal(n)) for n in range(number, found))


def test_a_winnable_number_is_kept():
    winnable = next(n for n in range(1, 400) if n not in UNWINNABLE)
    assert next_winnable(winnable) == winnable


def test_stepping_wraps_past_the_last_random_number_to_one():
    last = RANDOM_DEALS
    found = next_winnable(last)
    assert 1 <= found <= RANDOM_DEALS and is_winnable(numbered_deal(found))
    if not is_winnable(numbered_deal(last)):
        assert found < last


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_winnable_only_deals_winnable_deals_and_follows_the_rng(seed):
    number = draw_deal(random.Random(seed), winnable_only=True)
    assert 1 <= number <= RANDOM_DEALS and is_winnable(numbered_deal(number))
    assert number == next_winnable(random.Random(seed).randint(1, RANDOM_DEALS))
    assert draw_deal(random.Random(seed), winnable_only=False) == random.Random(seed).randint(1, RANDOM_DEALS)


def test_without_the_setting_unwinnable_deals_can_come():
    class Fixed(random.Random):
        def randint(self, a, b):
            return UNWINNABLE[0]

    assert draw_deal(Fixed(), winnable_only=False) == UNWINNABLE[0]
    assert draw_deal(Fixed(), winnable_only=True) == next_winnable(UNWINNABLE[0])
