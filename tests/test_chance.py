"""The chance over the orders of the stock (docs/rules.md, "The chance"), against a brute force
of the stock game itself on small decks.

The brute force below knows only the stock game's rules: from a dealt line and a stock in a
known order, it tries every legal move among the dealt cards and the deal. It shares no code
with royal.chance, royal.stock or royal.solver.
"""

import itertools
import math
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples
from royal.cards import ALL_CARDS
from royal.chance import Orders
from royal.solver import is_winnable


def moves_of(line, suit_runs):
    for i, left in enumerate(line):
        for j in range(i + 2, len(line)):
            between = line[i + 1 : j]
            run = suit_runs and len(between) > 2 and len({c[1] for c in between}) == 1
            if (len(between) in (1, 2) or run) and (left[0] == line[j][0] or left[1] == line[j][1]):
                yield line[: i + 1] + line[j:]


@cache
def stock_wins(line, stock, suit_runs=False):
    """Whether the stock game wins from ``line`` with ``stock`` still to come in that order."""
    if not stock and len(line) == 2:
        return True
    if stock and stock_wins(line + stock[:1], stock[1:], suit_runs):
        return True
    return any(stock_wins(after, stock, suit_runs) for after in moves_of(line, suit_runs))


dense = [r + s for r in "A234" for s in "SHDC"]
#: A small game: a first card face up, a stock whose last card is known, as QH and KH are.
small_games = st.tuples(st.permutations(dense), st.integers(1, 8), st.integers(0, 4)).map(
    lambda t: (t[0][: t[1]], t[0][t[1] : t[1] + t[2]], t[0][-1])
)


@settings(max_examples=examples(300))
@given(small_games, st.booleans())
def test_a_stock_wins_for_an_order_exactly_when_the_open_line_does(game, suit_runs):
    """Dealing never closes an option: the reasoning royal.chance rests on, checked by search."""
    line, unseen, bottom = game
    for order in itertools.permutations(unseen):
        stock = (*order, bottom)
        assert stock_wins(tuple(line), stock, suit_runs) == is_winnable((*line, *stock))


@settings(max_examples=examples(200))
@given(small_games)
def test_the_chance_counts_every_order_when_they_are_few(game):
    line, unseen, bottom = game
    orders = Orders.of(unseen, bottom, samples=200, seed=5)
    assert orders.exact and len(orders.orders) == math.factorial(len(unseen))
    chance = orders.chance(orders.winning(line))
    expected = sum(stock_wins(tuple(line), (*o, bottom)) for o in itertools.permutations(unseen))
    assert (chance.wins, chance.orders, chance.exact) == (expected, len(orders.orders), True)
    assert orders.all_win(line) == (expected == chance.orders)


def test_the_search_sees_wins_and_losses():
    verdicts = {stock_wins(tuple(dense[:k]), tuple(dense[k:n])) for k in (1, 3) for n in range(6, 12)}
    assert verdicts == {True, False}


def test_a_sample_is_the_same_for_the_same_seed_and_cards_in_any_order():
    cards = [c for c in ALL_CARDS if c not in ("QH", "KH")][:20]
    a = Orders.of(cards, "KH", samples=50, seed=9)
    assert a == Orders.of(list(reversed(cards)), "KH", samples=50, seed=9)
    assert a != Orders.of(cards, "KH", samples=50, seed=10)
    assert not a.exact and len(a.orders) == 50
    assert all(o[-1] == "KH" and sorted(o[:-1]) == sorted(cards) for o in a.orders)


def test_the_sampled_chance_is_near_the_exact_one():
    """A sample of 200 of the 40,320 orders of 8 cards lands within its interval of the truth."""
    line = ("QH", "7S", "2D", "9C", "5H", "7D")
    unseen = ["3S", "8C", "TD", "4H", "6S", "JC", "2S", "9D"]
    exact = Orders.of(unseen, "KH", samples=50000, seed=1)
    assert exact.exact
    truth = exact.chance(exact.winning(line)).share
    assert 0.05 < truth < 0.95  # a position worth estimating
    for seed in range(3):
        sample = Orders.of(unseen, "KH", samples=200, seed=seed)
        assert abs(sample.chance(sample.winning(line)).share - truth) < 0.1
