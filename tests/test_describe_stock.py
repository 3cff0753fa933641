"""The stock game's sentences (royal/describe.py): the stock's count, deals, the chance, the
hint and the warning, worded from what the player sees."""

from royal import describe
from royal.chance import Chance
from royal.deals import numbered_deal
from royal.game import Game
from royal.variant import STOCK


def test_the_chance_in_words():
    assert describe.chance(Chance(184, 200, False)) == (
        "In about 92% of the ways the stock can fall, this position still wins."
    )
    assert (
        describe.chance(Chance(18, 24, True))
        == "In 18 of the 24 ways the stock can fall, this position still wins."
    )
    assert describe.chance(Chance(1, 1, True)) == "This position can still be won."
    assert describe.chance(Chance(0, 1, True)) == "This position can no longer be won."
    assert "every way" in describe.chance(Chance(200, 200, False))
    assert "none of the ways" in describe.chance(Chance(0, 200, False))


def test_deals_are_announced_with_the_count_only():
    game = Game.numbered(1, STOCK)
    card = game.deal(0)
    assert (
        describe.dealt(card, game.stock_count) == "Dealt the jack of clubs. 50 cards face down in the stock."
    )
    assert (
        describe.undealt(game.undo(0), 51)
        == "Undone: the jack of clubs back on the stock. 51 cards face down in the stock."
    )
    assert describe.stock_count(1) == "1 card face down in the stock"
    assert describe.stock_count(0) == "The stock is empty"


def test_the_hint_names_a_removal_that_keeps_the_chance_or_deals_on():
    said = set()
    for number in range(1, 30):
        game = Game.numbered(number, STOCK)
        while game.can_deal and len(said) < 2:
            advice = game.advice(samples=30, seed=2)
            text = describe.stock_hint(advice, game.line)
            hidden = numbered_deal(number, stock=True)[52 - game.stock_count :]
            assert not any(describe.shown_name(card) in text for card in hidden)
            if advice.best is not None:
                assert text.startswith("Hint: ") and "keeps every chance" in text
                said.add("removal")
                game.play(advice.best, 0)
            else:
                if game.legal_moves() and advice.chance.wins:
                    assert text.startswith("Hint: deal on. Dealing loses nothing")
                    said.add("deal")
                game.deal(0)
        if len(said) == 2:
            break
    assert said == {"removal", "deal"}


def test_the_warning_says_the_chance_went_down():
    text = describe.chance_lowered(Chance(120, 200, False))
    assert text.startswith("That removal lowered the chance.") and "about 60%" in text
