"""The variants (royal/variant.py): one value the game, its save, the stats, the links and the
settings take (docs/rules.md, "The stock game", "Suit runs"; docs/saves.md; docs/stats.md,
"Each variant apart"; docs/play.md, "The address bar and Share")."""

import datetime as dt
import json
import random
import re

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from budget import examples
from helpers import Time, same_game, session, winning_moves
from royal import describe, saves
from royal.cards import RANKS
from royal.deals import DealError, numbered_deal
from royal.game import DEAL, Game, Outcome, Result
from royal.line import Line
from royal.links import DealRequest, link_query, parse_link
from royal.records import Finished
from royal.session import LinkAction
from royal.settings import Settings
from royal.solver import is_winnable, solve
from royal.stats import Stats
from royal.storage import MemoryStorage
from royal.storage_keys import GAME_KEY, STATS_KEY
from royal.variant import OPEN, STOCK, VARIANTS, Mode, Variant, VariantError
from royal.view import boot

RUNS = Variant(Mode.OPEN, True)
STOCK_RUNS = Variant(Mode.STOCK, True)
DAY = dt.date(2026, 12, 1)


def test_each_variant_has_one_name_in_saves_and_one_in_links():
    assert [v.key for v in VARIANTS] == ["open", "open+suit-runs", "stock", "stock+suit-runs"]
    for variant in VARIANTS:
        assert Variant.from_key(variant.key) == variant
        params = dict(p.split("=") for p in variant.query().split("&") if p)
        assert Variant.from_params(params) == variant
    assert OPEN.query() == "" and STOCK_RUNS.query() == "&mode=stock&rules=suit-runs"
    with pytest.raises(VariantError):
        Variant.from_key("closed")


def test_links_name_the_variant_and_never_the_stocks_order():
    query = link_query(7, numbered_deal(7), STOCK)
    assert query == "?deal=7&mode=stock"
    params = dict(p.split("=") for p in query[1:].split("&"))
    assert parse_link(params) == DealRequest(numbered_deal(7, stock=True), 7, STOCK)
    assert parse_link({"deal": "7", "rules": "suit-runs"}) == DealRequest(numbered_deal(7), 7, RUNS)
    assert parse_link({"deal": "7"}).variant == OPEN


@pytest.mark.parametrize(
    "params, reason",
    [
        ({"deal": "7", "mode": "closed"}, "mode must be open or stock"),
        ({"deal": "7", "rules": "runs"}, "rules must be suit-runs"),
        ({"mode": "stock"}, "no deal"),
        ({"deal": "7", "mode": "x" * 500}, "far too long"),
        # Quoted as every refused value is (royal/excerpt.py): a look-alike letter as its escape.
        ({"deal": "7", "mode": "st\u043eck"}, re.escape("not 'st\\u043eck'")),
        ({"deal": "7", "rules": "r" * 200}, re.escape("not 'rrrrrrrrrrrr...rrrrrrrrrrrr'")),
    ],
)
def test_a_bad_variant_in_a_link_is_named(params, reason):
    with pytest.raises(DealError, match=reason):
        parse_link(params)


def test_suit_runs_give_the_game_its_run_moves_and_its_own_par():
    first = ["QH", "2S", "3S", "4S", "7H"]
    cards = first + [c for c in numbered_deal(1) if c not in first]
    plain, runs = Game(cards), Game(cards, variant=RUNS)
    assert "QH-7H" not in map(str, plain.legal_moves()) and "QH-7H" in map(str, runs.legal_moves())
    assert runs.play("QH-7H", 0).removed == ("2S", "3S", "4S")
    number = next(
        n
        for n in range(1, 200)
        if solve(numbered_deal(n), True).min_moves != solve(numbered_deal(n)).min_moves
    )
    assert (
        Game.numbered(number, RUNS).par
        == solve(numbered_deal(number), True).min_moves
        < Game.numbered(number).par
    )


def test_a_stock_game_scores_and_counts_deals_apart_from_moves():
    game = Game.numbered(1, STOCK)
    assert game.moves == 0 and game.cards_left == 1 and game.stock_count == 51 and not game.touched
    game.deal(5.0)
    assert game.clock.started and game.touched and game.moves == 0 and game.cards_left == 2
    game.undo(6.0)
    assert game.penalties == 15 and game.can_redo and game.line.cards == ("QH",)
    assert game.redo(7.0) == "JC" and game.stock_count == 50


def test_a_stock_game_won_by_dealing_all_then_the_solvers_win():
    number = 3
    game = Game.numbered(number, STOCK)
    while game.can_deal:
        game.deal(1.0)
    for move in solve(numbered_deal(number, stock=True)).moves:
        game.play(move, 2.0)
    assert game.outcome is Outcome.WON and game.moves == game.par and game.time_bonus is not None
    assert game.result(3.0).variant == STOCK


def test_the_stock_hint_never_uses_an_unseen_card():
    for number in range(1, 12):
        game = Game.numbered(number, STOCK)
        for _ in range(8):
            game.deal(0)
        hidden = set(numbered_deal(number, stock=True)[game.dealt :])
        move = game.hint()
        if move is not None:
            assert {move.left, move.right}.isdisjoint(hidden) and game.advice().keeps(move)
        text = describe.stock_hint(game.advice(), game.line)
        assert not any(describe.shown_name(card) in text for card in hidden)


def stock_mid_play(number, picks, variant=STOCK):
    game = Game.numbered(number, variant)
    rng = random.Random(number)
    for pick in picks:
        moves = game.legal_moves()
        if pick and moves:
            game.play(rng.choice(moves), 1.0)
        elif game.can_deal:
            game.deal(1.0)
        elif game.can_undo and pick > 1:
            game.undo(2.0)
    return game


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(1, 10**6), st.lists(st.integers(0, 2), max_size=120), st.sampled_from([STOCK, STOCK_RUNS]))
def test_a_stock_game_round_trips_exactly(number, picks, variant):
    game = stock_mid_play(number, picks, variant)
    if game.can_undo and picks and picks[0] == 2:
        game.undo(3.0)
    copy = saves.load_game(saves.dump_game(game, 9.0), 9.0)
    same_game(game, copy, 9.0)
    assert copy.redo_stack == game.redo_stack


def test_a_saved_stock_game_holds_its_variant_and_its_actions():
    game = stock_mid_play(5, [0, 0, 1, 0, 1])
    body = json.loads(saves.dump_game(game, 1.0))["game"]
    assert body["variant"] == "stock" and DEAL in body["moves"]


@pytest.mark.parametrize(
    "change, reason",
    [
        (lambda b: b.update(variant="closed"), "variant must be one of"),
        (lambda b: b.pop("variant"), "variant must be one of"),
        (lambda b: b.update(variant="open"), "not those of deal 5"),  # the stock's own order
        (
            lambda b: b.update(variant="open", cards=list(numbered_deal(5))),
            "only a game from the stock deals",
        ),
        (lambda b: b.update(moves=["deal"] * 52), "stock is empty|at most"),
    ],
)
def test_a_tampered_stock_save_is_refused(change, reason):
    game = stock_mid_play(5, [0] * 10 + [1, 1])
    record = json.loads(saves.dump_game(game, 1.0))
    change(record["game"])
    with pytest.raises(saves.SaveError, match=reason):
        saves.load_game(json.dumps(record), 1.0)


def test_an_open_game_that_deals_is_refused():
    record = json.loads(saves.dump_game(Game.numbered(5), 1.0))
    record["game"]["moves"] = ["deal"]
    with pytest.raises(saves.SaveError, match="only a game from the stock deals"):
        saves.load_game(json.dumps(record), 1.0)


def test_a_format_2_game_loads_as_the_open_game_with_every_move():
    game = Game.numbered(9)
    for move in solve(game.cards).moves[:4]:
        game.play(move, 3.0)
    game.undo(4.0)
    record = json.loads(saves.dump_game(game, 5.0))
    del record["game"]["variant"]
    copy = saves.load_game(json.dumps({**record, "version": 2}), 5.0)
    same_game(game, copy, 5.0)
    assert copy.variant == OPEN


def test_format_3_settings_keep_every_choice_and_play_the_open_game():
    body = Settings(sound=True, level="hard").to_dict()
    del body["mode"], body["suit_runs"], body["lesson_seen"]
    text = json.dumps({"app": "royal-marriage", "kind": "settings", "version": 3, "settings": body})
    assert saves.load_settings(text) == Settings(sound=True, level="hard", lesson_seen=True)
    assert Settings(mode="stock", suit_runs=True).variant == STOCK_RUNS
    with pytest.raises(ValueError, match="mode must be one of open, stock"):
        Settings(mode="closed")


def result(game_id, won, variant, moves=27):
    return Result(game_id, won, 70, moves if won else 9, 1200, 2 if won else 40, 25, 12, None, False, variant)


def test_each_variant_keeps_its_own_figures():
    stats = Stats()
    stats.record(result("a", True, OPEN), DAY)
    stats.record(result("b", False, STOCK), DAY)
    stats.record(result("c", True, STOCK, 30), DAY)
    stats.record(result("c", True, STOCK, 30), DAY)  # counted once
    stats.record(result("d", True, STOCK_RUNS, 26), DAY)
    assert (stats.played, stats.wins) == (1, 1)
    assert (stats.of(STOCK).played, stats.of(STOCK).wins, stats.of(STOCK).fewest_moves) == (2, 1, 30)
    assert stats.of(STOCK_RUNS).fewest_moves == 26 and stats.of(RUNS).played == 0
    assert describe.figures(stats.of(STOCK), DAY)["win-rate"] == "50%"
    copy = saves.load_stats(saves.dump_stats(stats), DAY)
    assert copy == stats and copy.of(STOCK) == stats.of(STOCK)


def test_format_3_stats_keep_every_figure_as_the_open_games():
    stats = Stats()
    stats.record(result("a", True, OPEN), DAY)
    stats.record(result("b", False, OPEN), DAY + dt.timedelta(1))
    record = json.loads(saves.dump_stats(stats))
    del record["stats"]["variants"]
    loaded = saves.load_stats(json.dumps({**record, "version": 3}), DAY + dt.timedelta(1))
    assert loaded == stats and loaded.of(STOCK) == Stats(variant=STOCK)
    today = DAY + dt.timedelta(1)
    assert describe.figures(loaded, today) == describe.figures(stats, today)


@pytest.mark.parametrize(
    "variants, reason",
    [
        ({"closed": {}}, "variant"),
        ({"open": json.loads(saves.dump_stats(Stats()))["stats"]}, "cannot hold"),
        ([], "variants' figures"),
    ],
)
def test_tampered_variant_figures_are_refused(variants, reason):
    record = json.loads(saves.dump_stats(Stats()))
    record["stats"]["variants"] = variants
    with pytest.raises(saves.SaveError, match=reason):
        saves.load_stats(json.dumps(record), DAY)


def test_a_variants_figures_hold_no_other_variant():
    inner = json.loads(saves.dump_stats(Stats()))["stats"]
    inner["variants"] = {"stock": dict(inner)}
    record = json.loads(saves.dump_stats(Stats()))
    record["stats"]["variants"] = {"stock": inner}
    with pytest.raises(saves.SaveError, match="no other variant"):
        saves.load_stats(json.dumps(record), DAY)


def test_new_game_deals_in_the_settings_variant_and_todays_deal_stays_open():
    s = session(time=Time(DAY))
    s.change_settings(mode="stock", suit_runs=True)
    s.new_game()
    assert s.game.variant == STOCK_RUNS and s.game.line.cards == ("QH",)
    s.restart()
    assert s.game.variant == STOCK_RUNS
    s.daily()
    assert s.game.variant == OPEN


def test_a_link_to_the_same_deal_in_another_variant_is_another_game():
    s = session()
    s.new_game(7)
    assert s.link_action(DealRequest(numbered_deal(7), 7)) is LinkAction.SAME
    assert s.link_action(DealRequest(numbered_deal(7, stock=True), 7, STOCK)) is LinkAction.OPEN
    s.open_request(DealRequest(numbered_deal(7, stock=True), 7, STOCK))
    assert s.game.variant == STOCK and s.game.stock_count == 51


def test_a_session_deals_undoes_and_counts_a_stock_win_in_its_own_figures():
    s = session(time=Time(DAY))
    s.open_request(DealRequest(numbered_deal(3, stock=True), 3, STOCK))
    assert s.deal() == numbered_deal(3, stock=True)[1]
    assert s.undo() == numbered_deal(3, stock=True)[1]
    while s.game.can_deal:
        s.deal()
    for move in solve(numbered_deal(3, stock=True)).moves:
        s.play(move)
    assert s.game.outcome is Outcome.WON
    assert s.stats.played == 0 and s.stats.of(STOCK).wins == 1


def test_the_stock_warning_says_when_a_removal_lowers_the_chance():
    for number in range(1, 40):
        s = session()
        s.change_settings(warn_lost=True)
        s.open_request(DealRequest(numbered_deal(number, stock=True), number, STOCK))
        for _ in range(12):
            s.deal()
        advice = s.game.advice()
        lowering = [m for m in s.game.legal_moves() if advice.lowers(m)]
        keeping = [m for m in s.game.legal_moves() if advice.keeps(m)]
        if lowering and keeping:
            s.play(keeping[0])
            assert not s.lost_by_last_move()
            s.undo()
            s.play(lowering[0])
            assert s.lost_by_last_move()
            return
    pytest.fail("no position with a removal of each kind")


@settings(max_examples=examples(200), deadline=None)
@given(
    st.integers(1, 1000),
    st.lists(st.integers(0, 2), max_size=60),
    st.lists(
        st.tuples(st.integers(0, 120), st.sampled_from(["deal", "QH-KH", "AS-2S", "", "deal deal", 7])),
        max_size=4,
    ),
    st.sampled_from(["moves", "redo"]),
)
def test_a_tampered_stock_save_loads_consistently_or_is_refused(number, picks, edits, name):
    """Whatever is done to a stock game's actions, loading yields a game that saves back to the
    same actions, or a SaveError: nothing else escapes."""
    game = stock_mid_play(number, picks)
    record = json.loads(saves.dump_game(game, 1.0))
    actions = record["game"][name]
    for at, value in edits:
        if at % 3 == 0 and actions:
            del actions[at % len(actions)]
        else:
            actions.insert(at % (len(actions) + 1), value)
    try:
        copy = saves.load_game(json.dumps(record), 1.0)
    except saves.SaveError:
        return
    again = json.loads(saves.dump_game(copy, 1.0))["game"]
    assert again["moves"] == record["game"]["moves"] and again["redo"] == record["game"]["redo"]
    assert copy.dealt == 1 + again["moves"].count(DEAL)


# A win's bounds are its variant's (issue 26) ---------------------------------------------------

_HEARTS = [rank + "H" for rank in RANKS if rank not in "QK"]
#: Suit runs win this deal in four moves, the fewest any win takes under that rule: spades,
#: diamonds and clubs each stand whole between two hearts, then the hearts between the royals.
FOUR_MOVES = [
    "QH",
    _HEARTS[0],
    *(rank + "S" for rank in RANKS),
    _HEARTS[1],
    *(rank + "D" for rank in RANKS),
    _HEARTS[2],
    *(rank + "C" for rank in RANKS),
    *_HEARTS[3:],
    "KH",
]


def test_a_wins_fewest_and_most_moves_are_the_rules():
    assert OPEN.win_moves == STOCK.win_moves == (25, 50)
    assert RUNS.win_moves == STOCK_RUNS.win_moves == (4, 50)
    assert solve(FOUR_MOVES, True).min_moves == 4 and solve(FOUR_MOVES).min_moves == 25
    assert Finished(True, 4, 2, 4, RUNS).perfect
    with pytest.raises(ValueError, match="par must be from 25 to 50"):
        Finished(True, 4, 2, 4, OPEN)
    # Without suit runs a move removes two cards at most: 30 cards in ten moves is no game.
    assert Finished(False, 10, 22, 25, RUNS).over_par is None
    with pytest.raises(ValueError, match="disagree"):
        Finished(False, 10, 22, 25, STOCK)


def test_a_four_move_win_with_suit_runs_counts_and_is_shown_before_python_starts():
    storage, time = MemoryStorage(), Time(DAY)
    s = session(storage, time)
    s.open_request(DealRequest(FOUR_MOVES, None, RUNS))
    assert s.game.par == 4
    for move in solve(FOUR_MOVES, True).moves:
        time.t += 2
        s.play(move)
    figures = s.stats.of(RUNS)
    assert (figures.wins, figures.fewest_moves, figures.perfect_wins) == (1, 4, 1)
    assert session(storage, time).stats == s.stats
    kept = json.loads(boot.kept(s.game, time.now(), time.today(), s.settings, s.stats))
    assert kept["patch"]["r"]["field-par"]["c"] == ["4"], "the boot script draws it"
    assert len(json.dumps(kept)) < boot.MAX_CHARS


@settings(max_examples=examples(40), deadline=None)
@given(
    st.integers(1, 10**9),
    st.sampled_from(VARIANTS),
    st.lists(st.integers(0, 10**6), max_size=50),
)
@example(39, RUNS, [])
@example(39, STOCK_RUNS, [])
def test_a_win_in_any_variant_counts_and_every_record_loads_back_equal(number, variant, picks):
    """Deal ``number`` won through a session (from the stock, everything dealt first), each move
    one that keeps the win (``picks`` chooses among them, the solver's shortest win the rest):
    the win counts in its variant's figures, and a reload brings back the same stats and game."""
    cards = numbered_deal(number)
    assume(is_winnable(cards))
    storage, time = MemoryStorage(), Time(DAY)
    s = session(storage, time)
    s.open_request(DealRequest(cards, number, variant))
    while s.game.can_deal:
        s.deal()
    line = Line(cards, variant.suit_runs)
    for pick in picks:
        if len(line) == 2:
            break
        keep = winning_moves(line)
        line.push(keep[pick % len(keep)])
        time.t += 3
        s.play(line.stack[-1].move)
    for move in solve(line.cards, variant.suit_runs).moves:
        time.t += 3
        s.play(move)
    assert s.game.outcome is Outcome.WON
    figures = s.stats.of(variant)
    assert (figures.played, figures.wins, figures.fewest_moves) == (1, 1, s.game.moves)
    assert figures.perfect_wins == (s.game.moves == s.game.par)
    again = session(storage, time)
    assert again.stats == s.stats and again.stats.of(variant) == figures
    same_game(again.game, s.game, time.now())
    assert saves.load_stats(storage.get(STATS_KEY), DAY) == s.stats


#: What a player's storage held after winning deal 39 with suit runs before issue 26's fix: the
#: won game, saved, and the stats the count never reached (it failed on par 21).
WON_UNCOUNTED = (
    '{"app":"royal-marriage","kind":"game","version":3,"game":{"id":"9992e34c7d87c16e",'
    '"variant":"open+suit-runs","number":39,"cards":["QH","6S","7H","TD","6D","4H","AS","QS",'
    '"JD","KS","QC","8S","4C","9H","5H","AC","8D","JH","7C","TH","9D","KD","JS","9S","2C","3D",'
    '"6C","4S","AH","7D","3H","4D","9C","TC","2D","2H","AD","6H","JC","3C","5C","8H","2S","5D",'
    '"3S","TS","KC","QD","7S","5S","8C","KH"],"moves":["7H-4H","6S-AS","AS-KS","AC-7C","9D-9S",'
    '"9D-3D","7D-4D","4S-4D","6C-9C","3D-2D","3D-AD","TH-6H","7C-JC","5H-8H","2S-TS","TS-7S",'
    '"8H-8C","4C-8C","QC-8C","KS-KH","QH-KH"],"redo":[],"penalties":0,"hinted":false,'
    '"time_bonus":507,"elapsed":93.4,"revision":21}}'
)
STATS_BEFORE = (
    '{"app":"royal-marriage","kind":"stats","version":4,"stats":{"played":0,"wins":0,'
    '"fastest_win":null,"fewest_moves":null,"best_score":null,"streak_day":null,"streak":0,'
    '"best_streak":0,"counted":[],"perfect_wins":0,"daily":{"days":{},"streak_day":null,"streak":0},'
    '"recent":[],"challenges":{"days":{},"streak_day":null,"streak":0},"level_wins":{},'
    '"unlocked":{},"variants":{}}}'
)


def test_a_suit_runs_win_saved_but_never_counted_loads_and_counts_once():
    storage, time = MemoryStorage(), Time(DAY)
    storage.set(GAME_KEY, WON_UNCOUNTED)
    storage.set(STATS_KEY, STATS_BEFORE)
    s = session(storage, time)
    assert s.game.outcome is Outcome.WON and s.game.variant == RUNS and s.game.moves == 21
    figures = s.stats.of(RUNS)
    assert (figures.played, figures.wins, figures.fewest_moves, figures.perfect_wins) == (1, 1, 21, 1)
    assert figures.fastest_win == 93 and s.stats.played == 0
    again = session(storage, time)
    assert again.stats == s.stats, "counted once"
    assert describe.figures(again.stats.of(RUNS), DAY)["fewest-moves"] == "21"
