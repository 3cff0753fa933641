"""A numbered stock game shows nothing of its stock (issue 26, item 9): its order is drawn from
the number apart from the open game's, its par and grade show only once every card's place is
known, and a stock game saved before keeps the order it was dealt in (docs/saves.md)."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples
from helpers import session
from royal import describe, saves
from royal.deals import numbered_deal
from royal.difficulty import Level, grade
from royal.game import Game
from royal.links import parse_link
from royal.session import LinkAction
from royal.solver import is_winnable
from royal.storage import MemoryStorage
from royal.storage_keys import GAME_KEY
from royal.variant import STOCK

#: What the build before this change stored for stock deal 5 after six deals, a move and a deal
#: (format 3): its stock falls in deal 5's open order.
FORMAT_3_STOCK = (
    '{"app":"royal-marriage","kind":"game","version":3,"game":{"id":"stock5","variant":"stock",'
    '"number":5,"cards":["QH","TD","KC","AS","3D","KS","QD","5D","2D","7D","4H","5S","4D","7H","3S",'
    '"AC","9H","7S","QC","2H","4S","4C","3H","2C","TC","9D","8S","AD","KD","JS","6D","8H","JC","TS",'
    '"7C","2S","QS","9S","6C","AH","8C","5H","JD","3C","5C","9C","8D","TH","JH","6S","6H","KH"],'
    '"moves":["deal","deal","deal","deal","deal","deal","TD-3D","deal"],"redo":[],"penalties":0,'
    '"hinted":false,"time_bonus":null,"elapsed":3.0,"revision":0}}'
)


def test_deal_n_open_and_from_the_stock_have_unrelated_orders():
    numbers = range(1, 2001)
    opened = {numbered_deal(n) for n in numbers}
    stocks = [numbered_deal(n, stock=True) for n in numbers]
    assert opened.isdisjoint(stocks) and len(set(stocks)) == len(stocks)
    assert all(s[0] == "QH" and s[-1] == "KH" and sorted(s) == sorted(numbered_deal(1)) for s in stocks)
    # A card falls at the same place in both about once a deal (1 in 50 for each of 50 places).
    same = sum(
        a == b for n, s in zip(numbers, stocks, strict=True) for a, b in zip(numbered_deal(n), s, strict=True)
    )
    assert same - 2 * len(numbers) < 1.2 * len(numbers)
    assert parse_link({"deal": "7", "mode": "stock"}).cards == numbered_deal(7, stock=True)
    assert Game.numbered(7, STOCK).cards == numbered_deal(7, stock=True)
    assert parse_link({"deal": "7"}).cards == Game.numbered(7).cards == numbered_deal(7)


def test_par_and_the_grade_show_only_once_every_cards_place_is_known():
    game = Game.numbered(5, STOCK)
    while game.stock_count > 1:
        fields = describe.fields(game, 0.0)
        assert fields["par"] == fields["difficulty"] == describe.UNSEEN and not game.figures_known
        game.deal(0.0)
    fields = describe.fields(game, 0.0)  # the King of Hearts alone is left, and it is always last
    assert fields["par"] == describe.par_field(game.par) and game.par is not None
    assert fields["difficulty"] == describe.difficulty_field(game.difficulty)
    open_fields = describe.fields(Game.numbered(5), 0.0)
    assert open_fields["par"] != describe.UNSEEN and open_fields["difficulty"] != describe.UNSEEN


@settings(max_examples=examples(40), deadline=None)
@given(st.integers(1, 10**9), st.lists(st.integers(0, 4), max_size=40))
def test_what_the_stock_game_shows_never_depends_on_the_unseen_order(number, picks):
    """Two stocks alike but for the order of the cards still face down show the same fields."""
    game = Game.numbered(number, STOCK)
    for pick in picks:
        moves = game.legal_moves()
        if pick < len(moves) and pick:
            game.play(moves[pick], 0)
        elif game.can_deal:
            game.deal(0)
    order = list(game.cards)
    rest = order[game.dealt : -1]
    random.Random(number).shuffle(rest)
    other = Game(order[: game.dealt] + rest + ["KH"], number, variant=STOCK)
    for action in game.actions:
        other.act(action, 0)
    assert describe.fields(other, 0.0) == describe.fields(game, 0.0)


@pytest.mark.parametrize("level", [None, Level.EXPERT])
def test_new_game_from_the_stock_deals_a_winnable_stock_of_the_grade_asked(level):
    s = session()
    s.change_settings(mode="stock", level=level.value if level else "any")
    for _ in range(5):
        s.new_game()
        assert s.game.cards == numbered_deal(s.game.number, stock=True)
        assert is_winnable(s.game.cards) and (level is None or grade(s.game.cards) is level)


def test_a_stock_game_saved_before_keeps_its_order_its_link_and_its_restart():
    old = saves.load_game(FORMAT_3_STOCK, 0.0)
    assert old.cards == numbered_deal(5) != numbered_deal(5, stock=True)
    assert old.actions == ["deal"] * 6 + ["TD-3D", "deal"]
    assert old.line.cards == ("QH", "TD", "3D", "KS", "QD", "5D")
    body = json.loads(saves.dump_game(old, 0.0))["game"]
    assert body["open_order"] is True and body["daily"] is None
    assert saves.load_game(saves.dump_game(old, 0.0), 0.0).cards == old.cards
    storage = MemoryStorage()
    storage.set(GAME_KEY, FORMAT_3_STOCK)
    s = session(storage)
    assert s.game.cards == numbered_deal(5) and s.game.actions == old.actions
    # The address holds ?deal=5&mode=stock: the page keeps the game it has, in its own order.
    assert s.link_action(parse_link({"deal": "5", "mode": "stock"})) is LinkAction.SAME
    s.restart()
    assert s.game.cards == numbered_deal(5)
    s.change_settings(mode="stock")
    s.new_game(5)  # a new game of the number deals its stock's own order
    assert s.game.cards == numbered_deal(5, stock=True)


@pytest.mark.parametrize(
    "game, change, reason",
    [
        (Game.numbered(5, STOCK), {"open_order": True}, "not those of deal 5"),
        (Game.numbered(5), {"open_order": True}, "only a numbered stock game"),
        (Game.numbered(5, STOCK), {"cards": list(numbered_deal(5))}, "not those of deal 5"),
        (Game.numbered(5, STOCK), {"open_order": None}, "open_order must be true or false"),
    ],
)
def test_a_stock_order_that_does_not_fit_the_number_is_refused(game, change, reason):
    record = json.loads(saves.dump_game(game, 0.0))
    record["game"].update(change)
    with pytest.raises(saves.SaveError, match=reason):
        saves.load_game(json.dumps(record), 0.0)
