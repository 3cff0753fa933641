"""What a game was dealt as (issue 26, item 5): only a deal the page offered as a day's deal or
a day's challenge is one (docs/stats.md, "Daily challenges"), never a number that reads as a
date, never a stock game; and a saved game keeps what it was dealt as."""

import datetime as dt
import json

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from budget import examples
from helpers import DAY, Time, session, win
from royal import describe, saves
from royal.challenges import challenges
from royal.dealer import RANDOM_DEALS
from royal.deals import DealError, daily_deal_number, numbered_deal
from royal.difficulty import Level
from royal.game import Game, Result
from royal.links import link_query, parse_link
from royal.session import Session
from royal.solver import solve
from royal.stats import Stats
from royal.storage import MemoryStorage
from royal.storage_keys import GAME_KEY
from royal.variant import STOCK

TODAY = daily_deal_number(DAY)
#: What the build before this change stored for a game of DAY's deal, one move in (format 3).
FORMAT_3_TODAY = (
    '{"app":"royal-marriage","kind":"game","version":3,"game":{"id":"open20261129","variant":"open",'
    '"number":20261129,"cards":["QH","9H","QC","4D","7D","JS","6H","KD","9C","AC","8D","TH","8C","TC",'
    '"4H","AH","3S","2S","QD","JC","KC","7S","8H","JH","9S","KS","9D","4S","3D","5C","4C","JD","AD",'
    '"5S","AS","QS","2H","3C","TD","5H","7C","3H","2D","6C","7H","8S","6S","6D","2C","TS","5D","KH"],'
    '"moves":["QH-QC"],"redo":[],"penalties":0,"hinted":false,"time_bonus":null,"elapsed":1.0,'
    '"revision":0}}'
)
#: The same build's game of deal 7400101, a number that reads as 1 January 740.
FORMAT_3_740 = (
    '{"app":"royal-marriage","kind":"game","version":3,"game":{"id":"open7400101","variant":"open",'
    '"number":7400101,"cards":["QH","TS","2C","3D","KD","KS","8H","2D","9D","JD","AH","3H","3S","2S",'
    '"6D","4S","AC","5H","TH","5C","QD","4H","QS","QC","4D","JC","8C","6H","JH","7C","8D","5S","5D",'
    '"3C","4C","TC","7D","6C","JS","KC","7H","2H","8S","AS","9H","TD","9C","7S","AD","9S","6S","KH"],'
    '"moves":["KD-2D"],"redo":[],"penalties":0,"hinted":false,"time_bonus":null,"elapsed":1.0,'
    '"revision":0}}'
)


def shared(s: Session) -> str:
    """Share's text at the game's end, as the page makes it."""
    return describe.share_text(s.game, s.now(), s.game.challenge_day)


def no_daily(stats: Stats) -> bool:
    return stats.daily.days == {} and stats.challenges.days == {} and "first-daily" not in stats.unlocked


def test_a_link_to_a_number_that_reads_as_a_date_is_an_ordinary_deal():
    s = session()
    s.open_request(parse_link({"deal": "7400101"}))
    win(s)
    assert s.stats.wins == 1 and no_daily(s.stats)
    assert shared(s).startswith("Royal Marriage · Deal 7400101 · ")


def test_todays_deal_dealt_by_the_page_is_the_daily_and_its_address_says_so():
    s = session()
    s.daily()
    assert s.daily_in_progress() and s.game.daily == DAY
    query = link_query(s.game.number, s.game.cards, s.game.variant, s.game.daily)
    assert query == f"?deal={TODAY}&daily=2026-11-29"
    win(s)
    assert s.stats.daily.on(DAY).won and s.stats.challenges.won_on(DAY) and "first-daily" in s.stats.unlocked
    assert shared(s).startswith("Royal Marriage · Daily 29 Nov 2026 · ")
    # The address the page wrote, opened elsewhere (a friend, a reload without storage): the daily.
    other = session()
    other.open_request(parse_link(dict(p.split("=") for p in query[1:].split("&"))))
    assert other.daily_in_progress()
    win(other)
    assert other.stats.daily.on(DAY).won and "first-daily" in other.stats.unlocked


@pytest.mark.parametrize("how", ["number", "link", "restart of a link"])
def test_todays_number_dealt_otherwise_is_an_ordinary_game(how):
    s = session()
    if how == "number":
        s.new_game(TODAY)
    else:
        s.open_request(parse_link({"deal": str(TODAY)}))
        if how == "restart of a link":
            s.restart()
    assert s.game.daily is None and not s.daily_in_progress()
    win(s)
    assert s.stats.wins == 1 and no_daily(s.stats)
    assert shared(s).startswith(f"Royal Marriage · Deal {TODAY} · ")


def test_a_stock_game_of_todays_number_is_no_daily():
    s = session()
    s.change_settings(mode="stock")
    s.new_game(TODAY)
    while s.game.can_deal:
        s.deal()
    for move in solve(s.game.line.cards).moves:
        s.play(move)
    assert s.stats.of(STOCK).wins == 1 and no_daily(s.stats)
    assert shared(s).startswith(f"Royal Marriage · Deal {TODAY} · ")
    with pytest.raises(ValueError, match="no deal of"):
        Game.numbered(TODAY, STOCK, daily=DAY)
    with pytest.raises(DealError, match="open game"):
        parse_link({"deal": str(TODAY), "mode": "stock", "daily": "2026-11-29"})


def test_a_challenge_the_calendar_deals_counts_for_its_day_and_restarts_as_one():
    s = session(time=Time(DAY + dt.timedelta(days=2)))
    hard = challenges(DAY)[Level.HARD]
    s.start(Game.numbered(hard, daily=DAY))  # what the calendar's Play does (royal/web/app.py)
    s.restart()
    assert s.game.daily == DAY
    win(s)
    assert s.stats.challenges.days[DAY][hard].won and "first-daily" in s.stats.unlocked
    assert s.stats.daily.days == {}  # another day's deal: no daily record, as before
    assert shared(s).startswith("Royal Marriage · Daily 29 Nov 2026 · Hard · ")


@pytest.mark.parametrize(
    "params, reason",
    [
        ({"deal": "7", "daily": "2026-11-29"}, "not one of the deals of 2026-11-29"),
        ({"deal": str(TODAY), "daily": "20261129"}, "YYYY-MM-DD"),
        ({"deal": str(TODAY), "daily": "2026-02-30"}, "YYYY-MM-DD"),
        ({"daily": "2026-11-29"}, "no deal"),
    ],
)
def test_a_link_names_a_day_only_with_one_of_its_deals(params, reason):
    with pytest.raises(DealError, match=reason):
        parse_link(params)


@settings(max_examples=examples(200), deadline=None)
@given(st.integers(1, RANDOM_DEALS))
@example(7400101)
@example(TODAY)
@example(TODAY * 100 + 1)  # a ten-digit candidate of DAY's challenges, were it drawn
def test_no_number_counts_as_a_daily_for_reading_as_a_date(number):
    """Any number New game may deal, won or lost on any day, counts in no daily record."""
    stats = Stats()
    for n, day in enumerate((DAY, dt.date(740, 1, 1), DAY + dt.timedelta(days=40))):
        stats.record(Result(f"w{n}", True, 60, 26, 900, 2, 25, number, Level.HARD), day)
        stats.record(Result(f"l{n}", False, 60, 3, 90, 46, 25, number, Level.HARD), day)
    assert stats.wins == 3 and no_daily(stats)


@settings(max_examples=examples(30), deadline=None)
@given(st.integers(0, 2**32))
def test_new_game_deals_no_daily(seed):
    s = session(seed=seed)
    s.new_game()
    assert s.game.daily is None and s.game.result(s.now()).daily is None and s.game.challenge_day is None


def test_a_saved_game_keeps_what_it_was_dealt_as():
    daily = Game.numbered(TODAY, daily=DAY)
    plain = Game.numbered(TODAY)
    for game in (daily, plain):
        copy = saves.load_game(saves.dump_game(game, 0.0), 0.0)
        assert copy.daily == game.daily and copy.number == TODAY
    record = json.loads(saves.dump_game(plain, 0.0))
    record["game"]["daily"] = "0740-01-01"
    with pytest.raises(saves.SaveError, match="no deal of 0740-01-01"):
        saves.load_game(json.dumps(record), 0.0)


def test_a_format_3_game_of_a_days_deal_is_that_days_and_no_other_number_is():
    """docs/saves.md, "game, version 4": an open game saved before games said what they were
    dealt as is taken as a day's when its number is a day's own deal or candidate from 2000 on."""
    today = saves.load_game(FORMAT_3_TODAY, 0.0)
    assert today.daily == DAY and today.actions == ["QH-QC"]
    old = saves.load_game(FORMAT_3_740, 0.0)
    assert old.daily is None and old.number == 7400101 and old.cards == numbered_deal(7400101)
    storage = MemoryStorage()
    storage.set(GAME_KEY, FORMAT_3_TODAY)
    s = session(storage)
    assert s.daily_in_progress() and s.game.actions == ["QH-QC"]
