"""Replay of a shortest win: steps a minimum-move solution forward and back with hint marks."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import UNWINNABLE, WINNABLE
from royal.deals import numbered_deal
from royal.game import Game
from royal.line import Line
from royal.replay import Replay
from royal.solver import solve


def replay_of(number):
    cards = numbered_deal(number)
    return Replay(cards, solve(cards))


def test_it_starts_at_the_deal_and_ends_won_in_par_moves():
    replay = replay_of(WINNABLE)
    assert replay.line.cards == numbered_deal(WINNABLE) and replay.position == 0
    while replay.step():
        pass
    assert replay.line.cards == ("QH", "KH")
    assert replay.position == replay.total == solve(numbered_deal(WINNABLE)).min_moves
    assert not replay.step() and replay.next_move is None and replay.marks() == {}


def test_each_position_marks_the_next_move_as_a_hint_does():
    replay = replay_of(WINNABLE)
    for move in solve(numbered_deal(WINNABLE)).moves:
        marks = replay.marks()
        removed = Line(replay.line.cards).removal(move)[1]
        assert marks == {move.left: "boundary", move.right: "boundary", **{c: "removed" for c in removed}}
        assert all(card in replay.line.cards for card in marks)
        replay.step()


@settings(max_examples=50, deadline=None)
@given(st.lists(st.sampled_from(["step", "back"]), max_size=80))
def test_any_walk_of_steps_and_backs_shows_the_solution_at_its_position(walk):
    cards = numbered_deal(WINNABLE)
    moves = solve(cards).moves
    replay = Replay(cards, solve(cards))
    for action in walk:
        getattr(replay, action)()
        expected = Line(cards)
        for move in moves[: replay.position]:
            expected.push(move)
        assert replay.line.cards == expected.cards
        assert 0 <= replay.position <= len(moves)


def test_play_pauses_at_the_end_and_playing_again_starts_from_the_deal():
    replay = replay_of(WINNABLE)
    replay.toggle()
    assert replay.playing
    replay.toggle()
    assert not replay.playing
    replay.toggle()
    while replay.step():
        assert replay.playing or replay.at_end
    assert not replay.playing and replay.at_end
    replay.toggle()
    assert replay.playing and replay.position == 0


def test_back_at_the_start_does_nothing():
    replay = replay_of(WINNABLE)
    assert not replay.back() and replay.position == 0


def test_an_unwinnable_deal_has_no_replay():
    cards = numbered_deal(UNWINNABLE)
    with pytest.raises(ValueError):
        Replay(cards, solve(cards))


def test_replaying_changes_nothing_in_the_game():
    game = Game.numbered(WINNABLE)
    game.play(game.legal_moves()[0], 5.0)
    before = (game.line.cards, game.moves, game.score, game.penalties, game.clock.read(9.0))
    replay = Replay(game.cards, game.deal_solution())
    while replay.step():
        pass
    assert (game.line.cards, game.moves, game.score, game.penalties, game.clock.read(9.0)) == before
