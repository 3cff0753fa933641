"""A game: play, undo, redo, hints, score, outcome, and coming back from its saved state.

The scoring model here is written from docs/scoring.md, not from royal.scoring:
+10 a card removed and +10 more for a pair; a win adds 500 + max(0, 600 - seconds);
undo takes back the move's points and costs 15 more; redo gives the points again; each hint
costs 25. The score is one running total, shown as 0 while that total is below 0.
"""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples
from helpers import STUCK, UNWINNABLE, WINNABLE, leftmost_play, same_game, win_game, winning_moves
from royal import saves
from royal.deals import numbered_deal
from royal.game import Game, Outcome
from royal.line import IllegalMove, Line, Move
from royal.solver import is_winnable, solve


def points(removed):
    return {1: 10, 2: 30}[removed]


# Basics --------------------------------------------------------------------------------------


def test_a_new_game_shows_the_deal():
    game = Game.numbered(20261129)
    assert game.cards == numbered_deal(20261129)
    assert game.line.cards == game.cards
    assert (game.moves, game.score, game.cards_left) == (0, 0, 52)
    assert game.outcome is None and not game.touched
    assert not game.can_undo and not game.can_redo
    assert game.number == 20261129
    assert game.clock.seconds(100.0) == 0


def test_games_have_distinct_ids_and_restart_keeps_the_deal():
    game = Game.numbered(5)
    game.play(game.legal_moves()[0], 0.0)
    again = game.restarted()
    assert again.cards == game.cards and again.number == 5
    assert again.id != game.id
    assert again.moves == 0 and again.score == 0 and again.line.cards == game.cards
    assert len({Game.numbered(5).id for _ in range(50)}) == 50


def test_a_custom_game_has_no_number():
    game = Game(numbered_deal(3))
    assert game.number is None


def test_moves_score_points():
    game = Game(["QH", *numbered_deal(1)[1:-1], "KH"])
    total = 0
    for move in game.legal_moves()[:1]:
        removed = len(game.play(move, 0.0).removed)
        total += points(removed)
    assert game.score == total


def test_a_pair_scores_30_and_a_single_10():
    line = Line(numbered_deal(1))
    singles = [m for m in line.legal_moves() if len(line.removal(m)[1]) == 1]
    pairs = [m for m in line.legal_moves() if len(line.removal(m)[1]) == 2]
    assert singles and pairs
    game = Game.numbered(1)
    game.play(singles[0], 0.0)
    assert game.score == 10
    game = Game.numbered(1)
    game.play(pairs[0], 0.0)
    assert game.score == 30


def test_illegal_move_is_refused_and_changes_nothing_not_even_the_clock():
    game = Game.numbered(1)
    before = (game.line.cards, game.score, game.penalties, game.moves, list(game.redo_stack))
    for bad in ["QH-KH", "KH-QH", "QH-QH", "nonsense", Move("AS", "QH"), Move("ZZ", "QH")]:
        with pytest.raises(IllegalMove):
            game.play(bad, 1.0)
    assert (game.line.cards, game.score, game.penalties, game.moves, list(game.redo_stack)) == before
    assert not game.touched
    assert not game.clock.started
    assert game.clock.seconds(500.0) == 0


def test_notation_and_move_objects_are_the_same_move():
    a, b = Game.numbered(1), Game.numbered(1)
    move = a.legal_moves()[0]
    a.play(move, 0.0)
    b.play(str(move), 0.0)
    assert a.line.cards == b.line.cards
    assert [p.move for p in a.line.stack] == [p.move for p in b.line.stack] == [move]


# Undo, redo, hints -------------------------------------------------------------------------


def test_undo_takes_back_the_points_and_costs_15():
    game = Game.numbered(1)
    pair = next(m for m in game.legal_moves() if len(game.line.removal(m)[1]) == 2)
    game.play(pair, 0.0)
    single = next(m for m in game.legal_moves() if len(game.line.removal(m)[1]) == 1)
    game.play(single, 0.0)
    assert game.score == 40
    game.undo(0.0)
    assert game.score == 40 - 10 - 15
    assert game.can_redo and game.moves == 1
    game.redo(0.0)
    assert game.score == 15 + 10 and game.moves == 2


def test_the_score_shows_0_while_the_total_is_below_0():
    game = Game.numbered(WINNABLE)
    assert game.hint() is not None
    assert game.score == 0 and game.breakdown.total == -25
    game.play(game.legal_moves()[0], 0.0)
    game.undo(0.0)
    assert game.score == 0 and game.breakdown.total == -40


def test_undo_all_and_redo_all_keeps_every_penalty():
    """The issue's exploit: hints and undos, then undo to the start and redo: still charged."""
    clean = Game.numbered(WINNABLE)
    win_game(clean)
    game = Game.numbered(WINNABLE)
    moves = solve(game.cards).moves
    for move in moves[:-1]:
        game.hint()
        game.play(move, 0.0)
    charged_hints = len(moves) - 1
    while game.can_undo:
        game.undo(0.0)
    undos = len(moves) - 1
    assert game.score == 0
    while game.can_redo:
        game.redo(0.0)
    game.play(moves[-1], 0.0)
    assert game.outcome is Outcome.WON
    assert game.score == clean.score - 25 * charged_hints - 15 * undos
    assert game.breakdown.penalties == 25 * charged_hints + 15 * undos


def test_the_breakdown_adds_up_to_the_score():
    game = Game.numbered(WINNABLE)
    moves = solve(game.cards).moves
    game.hint()
    game.play(moves[0], 0.0)
    game.undo(0.0)
    for k, move in enumerate(moves):
        game.play(move, 1.0 + k)
    parts = game.breakdown
    removed = [len(p.removed) for p in game.line.stack]
    assert parts.cards == 10 * sum(removed) == 500
    assert parts.pairs == 10 * removed.count(2)
    assert parts.win_bonus == 500
    assert parts.time_bonus == 600 - len(moves)  # the clock started at the undone first move, t=0
    assert parts.penalties == 25 + 15
    assert parts.total == game.score == parts.cards + parts.pairs + 500 + parts.time_bonus - 40


@settings(max_examples=examples(60))
@given(
    st.integers(min_value=1, max_value=10**6),
    st.lists(st.sampled_from(["play", "hint", "undo-redo"]), max_size=30),
)
def test_an_undo_then_redo_costs_exactly_15_and_a_hint_25(number, script):
    """Whatever the score was, even 0 with the total below it, the floor hides no penalty."""
    game = Game.numbered(number)
    for step in script:
        if game.outcome is not None:
            break
        before = game.breakdown.total
        if step == "play":
            played = game.play(game.legal_moves()[0], 0.0)
            if game.outcome is None:
                assert game.breakdown.total - before == points(len(played.removed))
        elif step == "hint":
            charged = not game.hint_charged
            if game.hint() is not None:
                assert before - game.breakdown.total == (25 if charged else 0)
        elif game.can_undo:
            game.undo(0.0)
            game.redo(0.0)
            assert before - game.breakdown.total == 15
        assert game.score == max(0, game.breakdown.total)


def test_a_new_move_clears_redo():
    game = Game.numbered(1)
    first = game.legal_moves()[0]
    game.play(first, 0.0)
    game.undo(0.0)
    assert game.can_redo
    other = next(m for m in game.legal_moves() if m != first)
    game.play(other, 0.0)
    assert not game.can_redo
    with pytest.raises(IllegalMove):
        game.redo(0.0)


def test_undo_and_redo_with_nothing_to_take_back_are_refused():
    game = Game.numbered(1)
    with pytest.raises(IllegalMove):
        game.undo(0.0)
    with pytest.raises(IllegalMove):
        game.redo(0.0)
    assert not game.touched and game.score == 0 and game.penalties == 0


def test_hint_offers_a_winning_move_for_25_once_until_something_changes():
    game = Game.numbered(WINNABLE)
    game.play(solve(game.cards).moves[0], 0.0)
    game.play(solve(game.line.cards).moves[0], 0.0)
    score = game.score
    hint = game.hint()
    assert hint in winning_moves(Line(game.line.cards))
    assert game.score == score - 25
    assert game.hint() == hint  # asked again: the same hint, no second charge
    assert game.score == score - 25
    game.play(hint, 0.0)
    game.hint()
    assert game.score == score - 25 + points(1) - 25 or game.score == score - 25 + points(2) - 25


def test_hint_is_free_and_none_when_the_game_cannot_be_won():
    game = Game.numbered(UNWINNABLE)
    assert game.hint() is None
    assert game.score == 0 and game.penalties == 0 and not game.hint_charged


def test_stuck_game_undo_reopens_it():
    number, moves = STUCK, leftmost_play(STUCK)[0]
    game = Game.numbered(number)
    for move in moves:
        game.play(move, 0.0)
    assert game.outcome is Outcome.STUCK
    assert game.legal_moves() == []
    assert game.hint() is None
    assert game.can_undo
    game.undo(0.0)
    assert game.outcome is None


def test_a_win_adds_500_and_the_time_bonus_and_locks_undo():
    game = Game.numbered(WINNABLE)
    moves = solve(game.cards).moves
    expected = 0
    line = Line(game.cards)
    for k, move in enumerate(moves):
        expected += points(len(line.push(move).removed))
        game.play(move, 10.0 + k)  # the clock starts at the first move, at t=10
    seconds = len(moves) - 1
    assert game.outcome is Outcome.WON
    assert game.line.cards == ("QH", "KH") and game.cards_left == 2
    assert game.score == expected + 500 + (600 - seconds)
    assert game.moves == len(moves)
    assert not game.can_undo
    with pytest.raises(IllegalMove):
        game.undo(100.0)
    with pytest.raises(IllegalMove):
        game.play("QH-KH", 100.0)
    assert game.hint() is None
    result = game.result(1000.0)
    assert (result.won, result.seconds, result.moves, result.score) == (True, seconds, len(moves), game.score)
    assert result.game_id == game.id


def test_slow_win_gets_no_time_bonus_but_the_500():
    game = Game.numbered(WINNABLE)
    moves = solve(game.cards).moves
    line = Line(game.cards)
    expected = sum(points(len(line.push(m).removed)) for m in moves)
    for k, move in enumerate(moves):
        game.play(move, 1000.0 * k)
    assert game.score == expected + 500


# Random play keeps every invariant -------------------------------------------------------

actions = st.lists(
    st.tuples(
        st.sampled_from(["play", "play", "play", "hinted", "undo", "redo", "hint", "save"]),
        st.integers(0, 1000),
        st.floats(0, 30, allow_nan=False),
    ),
    max_size=80,
)


@settings(max_examples=examples(120))
@given(st.integers(min_value=1, max_value=10**6), actions)
def test_random_play_keeps_the_invariants(number, script):
    deal = numbered_deal(number)
    game = Game.numbered(number)
    now = 0.0
    score = 0
    played = []  # the current line of play as (move, removed count)
    redo = []
    last_was_hint = False
    ever_played = False
    positions = [deal]
    for action, pick, dt in script:
        now += dt
        if action in ("play", "hinted"):
            if action == "hinted":
                move = game.hint()
                if move is not None and not last_was_hint:
                    score -= 25
                    last_was_hint = True
            else:
                moves = game.legal_moves()
                move = moves[pick % len(moves)] if moves else None
            if move is None or game.outcome is not None:
                continue
            before = game.line.cards
            removed = game.play(move, now).removed
            ever_played = True
            score += points(len(removed))
            if game.outcome is Outcome.WON:
                score += 500 + max(0, 600 - game.clock.seconds(now))
            played.append((move, len(removed)))
            redo.clear()
            positions.append(game.line.cards)
            assert len(before) - len(game.line.cards) == len(removed)
            last_was_hint = False
        elif action == "undo":
            if not played or game.outcome is Outcome.WON:
                with pytest.raises(IllegalMove):
                    game.undo(now)
                continue
            game.undo(now)
            move, count = played.pop()
            positions.pop()
            score -= points(count) + 15
            redo.append(move)
            assert game.line.cards == positions[-1]  # the exact previous line
            last_was_hint = False
        elif action == "redo":
            if not redo:
                with pytest.raises(IllegalMove):
                    game.redo(now)
                continue
            move = redo.pop()
            removed = game.redo(now).removed
            score += points(len(removed))
            if game.outcome is Outcome.WON:
                score += 500 + max(0, 600 - game.clock.seconds(now))
            played.append((move, len(removed)))
            positions.append(game.line.cards)
            last_was_hint = False
        elif action == "hint":
            hint = game.hint()
            if hint is not None:
                if not last_was_hint:
                    score -= 25
                last_was_hint = True
                assert hint in winning_moves(Line(game.line.cards))
            else:
                assert game.outcome is not None or not is_winnable(game.line.cards)
        elif action == "save":
            copy, _ = saves.game_from_dict(saves.game_to_dict(game, now), now)
            same_game(copy, game, now)  # the clock too comes back exactly

        cards = game.line.cards
        assert cards[0] == "QH" and cards[-1] == "KH"  # royals stay at the ends
        it = iter(deal)
        assert all(card in it for card in cards)  # survivors in deal order
        gone = Counter(c for p in game.line.stack for c in p.removed)
        assert Counter(cards) + gone == Counter(deal)  # cards conserved
        assert game.moves == len(game.line.stack) == len(played)
        assert game.cards_left == len(cards)
        assert game.score == max(0, score) and game.breakdown.total == score
        assert [m for m, _ in played] == [p.move for p in game.line.stack]
        assert list(reversed(redo)) == list(reversed(game.redo_stack))
        assert game.can_redo == bool(redo)
        assert game.touched == ever_played
        if game.outcome is Outcome.WON:
            assert cards == ("QH", "KH")
        elif game.outcome is Outcome.STUCK:
            assert len(cards) > 2 and not game.legal_moves()
        else:
            assert game.legal_moves()


# Saving and replay -------------------------------------------------------------------------


def test_to_dict_holds_the_deal_the_state_and_the_clock():
    game = Game.numbered(WINNABLE)
    first, second = solve(game.cards).moves[:2]
    game.play(first, 5.0)
    game.play(second, 6.0)
    game.undo(7.0)
    game.hint()
    data = saves.game_to_dict(game, 12.5, revision=4)
    assert data["id"] == game.id and data["number"] == WINNABLE
    assert data["cards"] == list(numbered_deal(WINNABLE))
    assert data["moves"] == [str(first)] and data["redo"] == [str(second)]
    assert data["penalties"] == 15 + 25 and data["hinted"] is True and data["time_bonus"] is None
    assert data["elapsed"] == pytest.approx(7.5) and data["revision"] == 4


def test_a_won_game_comes_back_with_the_same_score_even_near_a_whole_second():
    game = Game.numbered(WINNABLE)
    moves = solve(game.cards).moves
    for move in moves[:-1]:
        game.play(move, 0.0)
    game.play(moves[-1], 59.9996)  # 59 whole seconds of play: a bonus of 541
    assert game.clock.seconds(59.9996) == 59
    copy, _ = saves.game_from_dict(saves.game_to_dict(game, 70.0), 70.0)
    assert copy.outcome is Outcome.WON
    assert copy.score == game.score
    assert copy.clock.seconds(80.0) == game.clock.seconds(80.0) == 59


def test_from_dict_refuses_an_illegal_state():
    game = Game.numbered(1)
    data = saves.game_to_dict(game, 0.0)
    first = str(game.legal_moves()[0])
    for change in (
        {"moves": ["QH-KH"]},
        {"moves": ["bogus"]},
        {"redo": ["QH-KH"], "penalties": 15},
        {"moves": [first], "redo": [first], "penalties": 15},  # redo of a move no longer legal
        {"moves": [first] * 60},
        {"redo": [first]},  # an undone move with no undo paid
        {"penalties": 7},
        {"hinted": True},  # a hint with nothing paid
        {"time_bonus": 600},  # a bonus without a win
        {"elapsed": 12.0},  # time before the first move
        {"revision": -1},
    ):
        with pytest.raises(ValueError):
            saves.game_from_dict({**data, **change}, 0.0)


def test_from_dict_refuses_cards_that_are_not_the_numbered_deal():
    data = saves.game_to_dict(Game.numbered(1), 0.0)
    data["cards"] = list(numbered_deal(2))
    with pytest.raises(ValueError, match="not those of deal 1"):
        saves.game_from_dict(data, 0.0)


def test_from_dict_refuses_a_hint_in_a_finished_game():
    game = Game.numbered(WINNABLE)
    win_game(game)
    data = saves.game_to_dict(game, 0.0)
    with pytest.raises(ValueError, match="hint"):
        saves.game_from_dict({**data, "hinted": True, "penalties": 25}, 0.0)
