"""The review of a finished game and Finish for me (docs/play.md, "Review", "Finish for me")."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples
from helpers import STUCK, UNWINNABLE, WINNABLE, leftmost_play, win_game, winning_moves
from royal.deals import numbered_deal
from royal.forced import forced_finish
from royal.game import DEAL, Game, Outcome
from royal.line import Line
from royal.replay import Replay
from royal.review import Review, judge
from royal.saves import dump_game
from royal.solver import is_winnable, solve
from royal.variant import Mode, Variant


def stuck_game(number):
    game = Game.numbered(number)
    for move in leftmost_play(number)[0]:
        game.play(move, 1.0)
    return game


def test_a_perfect_win_has_nothing_marked():
    game = Game.numbered(WINNABLE)
    win_game(game)
    review = Review(game)
    review.judge_all()
    assert [j.verdict for j in review.judged] == ["fine"] * game.moves
    assert review.first_loss is None and review.longer == []


def test_a_lost_game_marks_the_move_that_lost_the_win_and_a_better_one():
    game = stuck_game(STUCK)
    review = Review(game)
    review.judge_all()
    last = game.last_winnable()
    loss = review.first_loss
    assert loss is not None and loss.number == last + 1
    line = Line(game.cards)
    for judged in review.judged[:last]:
        line.push(judged.move)
    assert loss.better in winning_moves(line) and loss.move not in winning_moves(line)
    assert all(j.verdict == "fine" for j in review.judged[loss.number :])


@settings(max_examples=examples(30), deadline=None)
@given(st.integers(1, 10**9), st.randoms(use_true_random=False))
def test_the_moves_over_par_are_the_moves_marked_longer(number, rng):
    cards = numbered_deal(number)
    if not is_winnable(cards):
        return
    game = Game(cards, number)
    while game.outcome is None:
        keeping = winning_moves(game.line)
        game.play(rng.choice(keeping), 1.0)
    review = Review(game)
    review.judge_all()
    assert game.outcome is Outcome.WON and review.first_loss is None
    over = sum(j.before - j.after - 1 for j in review.judged)
    assert over == -(game.moves - solve(cards).min_moves)
    assert all(j.better is not None for j in review.longer)


def test_stepping_and_starting_again_leave_the_game_alone():
    game = stuck_game(STUCK)
    saved = dump_game(game, 5.0)
    review = Review(game)
    review.judge_all()
    review.go_to(3)
    assert review.position == 3 and len(review.line) < 52
    again = review.again_from(3, 9.0)
    assert again.moves == 3 and again.id != game.id and again.outcome is None
    assert dump_game(game, 5.0) == saved
    # The review named the solver's moves: the game played on is one with hints (docs/stats.md).
    assert again.with_hints and not game.with_hints


def test_an_unwinnable_deal_is_reviewed_without_marks():
    game = stuck_game(UNWINNABLE)
    review = Review(game)
    review.judge_all()
    assert all(j.before is None and j.verdict == "fine" for j in review.judged)


@settings(max_examples=examples(40), deadline=None)
@given(st.integers(1, 10**9), st.integers(0, 50), st.booleans())
def test_finish_for_me_offers_exactly_the_forced_rest(number, played, suit_runs):
    cards = numbered_deal(number)
    solution = solve(cards, suit_runs)
    if not solution.winnable:
        assert forced_finish(cards, suit_runs) is None
        return
    line = Line(cards, suit_runs)
    for move in solution.moves[: min(played, len(solution.moves))]:
        line.push(move)
    finish = forced_finish(line.cards, suit_runs)
    forced = True
    probe = Line(line.cards, suit_runs)
    while len(probe) > 2:
        keeping = winning_moves(probe)
        if len(keeping) != 1:
            forced = False
            break
        probe.push(keeping[0])
    assert (finish is not None) == (forced and len(line) > 2)
    if finish is not None:
        for move in finish:
            line.push(move)
        assert len(line) == 2


def test_finish_for_me_follows_suit_runs():
    """Deal 39 under suit runs after 20 moves of its shortest win (issue 26): the run move QH-KH
    wins at once, and 6S-KS then QH-KH wins too, so nothing is forced. Without the rule the rest
    is forced, two moves."""
    game = Game.numbered(39, Variant(Mode.OPEN, True))
    for move in solve(game.cards, True).moves[:20]:
        game.play(move, 0.0)
    assert game.line.cards == ("QH", "6S", "AS", "KS", "KH")
    assert forced_finish(game.line.cards, True) is None
    assert list(map(str, forced_finish(game.line.cards, False) or [])) == ["6S-KS", "QH-KH"]


def test_a_review_judges_a_move_at_a_time_as_the_whole_judgement_does():
    game = stuck_game(STUCK)
    review = Review(game)
    assert review.judged == [] and not review.complete
    first = review.judge_next()
    assert first is not None and first.number == 1 and review.judged == [first]
    review.judge_all()
    assert review.complete and review.judge_next() is None
    assert review.judged == judge(game.cards, [p.move for p in game.line.stack])


def _suit_runs_win() -> Game:
    """A game won by a shortest win under suit runs that takes a run of one suit (more than two
    cards at once)."""
    for number in range(1, 200):
        solution = solve(numbered_deal(number), suit_runs=True)
        line = Line(numbered_deal(number), suit_runs=True)
        runs = False
        for move in solution.moves:
            runs = runs or len(line.enclosed(move)) > 2
            line.push(move)
        if runs:
            game = Game(numbered_deal(number), number, variant=Variant(suit_runs=True))
            for move in solution.moves:
                game.play(move, 0.0)
            return game
    raise AssertionError("no deal in 1..199 wins by a suit run")


def test_a_suit_runs_game_is_reviewed_and_replayed_under_its_own_rule():
    """The review and the replay of a shortest win step through a run move as the game played it."""
    game = _suit_runs_win()
    assert game.outcome is Outcome.WON
    review = Review(game)
    review.judge_all()
    assert review.first_loss is None and review.longer == [], "a shortest win is judged perfect"
    while review.step():
        pass
    assert review.line.cards == game.line.cards
    replay = Replay(game.cards, game.deal_solution(), suit_runs=True)
    while replay.step():
        pass
    assert len(replay.line) == 2


def _stock_game_played_out(number: int) -> Game:
    """Deal ``number`` from the stock, playing the leftmost move whenever there is one and
    dealing otherwise, to its end."""
    game = Game(numbered_deal(number), number, variant=Variant(mode=Mode.STOCK))
    while game.outcome is None:
        legal = game.legal_moves()
        if legal:
            game.play(legal[0], 0.0)
        else:
            game.deal(0.0)
    return game


def test_starting_again_from_a_stock_games_review_plays_on_from_the_stock():
    """Play on from move k of a stock game: a stock game again, with the deals that came before
    that move dealt and the rest still face down."""
    game = _stock_game_played_out(7)
    review = Review(game)
    assert review.total >= 2
    again = review.again_from(2, 0.0)
    assert again.variant == game.variant and again.outcome is None and again.can_deal
    assert [a for a in again.actions if a != DEAL] == [str(m) for m in review.moves[:2]]
    assert again.actions == game.actions[: len(again.actions)], "the same deals before each move"
    assert again.actions[-1] != DEAL, "just after the second move"
