"""The game clock (docs/scoring.md, "The clock"): starts at the first move, runs only while the
page is visible, halts when the game ends, and runs again when an undo reopens the game."""

import pytest

from helpers import STUCK, WINNABLE, leftmost_play
from royal.clock import Clock, format_seconds
from royal.deals import numbered_deal
from royal.game import Game, Outcome
from royal.line import Line
from royal.solver import solve


def test_a_new_clock_does_not_run():
    clock = Clock()
    assert not clock.running
    assert clock.read(1000.0) == 0.0
    clock.set_visible(False, 5.0)
    clock.set_visible(True, 6.0)
    assert clock.read(1000.0) == 0.0


def test_starts_at_the_first_move_only():
    clock = Clock()
    clock.start(10.0)
    assert clock.running
    assert clock.read(13.5) == pytest.approx(3.5)
    clock.start(12.0)  # later calls change nothing
    assert clock.read(13.5) == pytest.approx(3.5)
    assert clock.seconds(13.99) == 3


def test_pauses_while_hidden():
    clock = Clock()
    clock.start(0.0)
    clock.set_visible(False, 10.0)
    assert not clock.running
    assert clock.read(500.0) == pytest.approx(10.0)
    clock.set_visible(True, 500.0)
    assert clock.read(505.0) == pytest.approx(15.0)
    clock.set_visible(True, 505.0)  # shown twice: no double counting
    assert clock.read(510.0) == pytest.approx(20.0)


def test_starting_while_hidden_waits_for_the_page_to_show():
    clock = Clock()
    clock.set_visible(False, 0.0)
    clock.start(1.0)
    assert clock.read(100.0) == 0.0
    clock.set_visible(True, 100.0)
    assert clock.read(104.0) == pytest.approx(4.0)


def test_halts_and_resumes():
    clock = Clock()
    clock.start(0.0)
    clock.set_halted(True, 30.0)
    assert clock.read(100.0) == pytest.approx(30.0)
    clock.set_halted(False, 100.0)
    assert clock.read(110.0) == pytest.approx(40.0)


def test_time_going_backwards_never_takes_time_off():
    clock = Clock()
    clock.start(50.0)
    assert clock.read(40.0) == 0.0
    clock.set_visible(False, 45.0)
    assert clock.read(1000.0) == 0.0


@pytest.mark.parametrize(
    "seconds, shown",
    [
        (0, "0:00"),
        (5, "0:05"),
        (59, "0:59"),
        (60, "1:00"),
        (75, "1:15"),
        (600, "10:00"),
        (3725, "62:05"),
        (-3, "0:00"),
    ],
)
def test_format_seconds(seconds, shown):
    assert format_seconds(seconds) == shown


# In a game ----------------------------------------------------------------------------------


def test_game_clock_starts_at_the_first_move_not_at_the_deal():
    game = Game.numbered(1)
    assert game.clock.seconds(1000.0) == 0
    game.play(game.legal_moves()[0], 1000.0)
    assert game.clock.seconds(1042.0) == 42


def test_game_clock_halts_when_stuck_and_resumes_on_undo():
    moves, _ = leftmost_play(STUCK)
    game = Game.numbered(STUCK)
    for k, move in enumerate(moves):
        game.play(move, float(k))
    end = float(len(moves) - 1)
    assert game.outcome is Outcome.STUCK
    assert game.clock.read(end + 1000) == pytest.approx(end)  # halted at the end
    game.undo(end + 1000)
    assert game.clock.read(end + 1010) == pytest.approx(end + 10)  # running again


def test_win_time_bonus_counts_only_visible_play():
    moves = solve(numbered_deal(WINNABLE)).moves
    game = Game.numbered(WINNABLE)
    game.play(moves[0], 0.0)
    game.clock.set_visible(False, 10.0)  # 10 s played, then the page is hidden for an hour
    game.clock.set_visible(True, 3610.0)
    for move in moves[1:]:
        game.play(move, 3610.0)
    after_moves = game.score - 500
    # 10 visible seconds: a bonus of 590, not 0 as wall-clock time would give.
    line = Line(numbered_deal(WINNABLE))
    move_points = sum(
        10 * len(line.push(m).removed) + (10 if len(line.stack[-1].removed) == 2 else 0) for m in moves
    )
    assert after_moves == move_points + 590
    assert game.clock.seconds(9999.0) == 10  # and the clock stopped at the win
    assert game.result(9999.0).seconds == 10
