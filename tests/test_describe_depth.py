"""The words of difficulty, challenges, achievements, sharing, review and finish (issue 20)."""

from __future__ import annotations

import datetime as dt

from helpers import STUCK, WINNABLE, leftmost_play, win_game
from royal import describe
from royal.achievements import ACHIEVEMENTS, BY_ID
from royal.challenges import ChallengeResult
from royal.difficulty import Level
from royal.game import Game
from royal.review import Review

DAY = dt.date(2026, 12, 1)


def test_every_achievement_has_a_name_and_a_goal_in_words():
    assert set(describe.ACHIEVEMENT_WORDS) == {a.id for a in ACHIEVEMENTS}
    assert describe.badge(BY_ID["ten-wins"]) == ("Ten marriages", "Win ten games.")
    assert describe.achievement_reached(BY_ID["ten-wins"], 3, None) == "3 of 10."
    assert describe.achievement_reached(BY_ID["ten-wins"], 10, DAY) == "Unlocked 1 December 2026."
    assert describe.achievement_reached(BY_ID["perfect"], 0, None) == "Not yet."
    one = describe.achievements_unlocked([BY_ID["first-win"]])
    assert one == "Achievement unlocked: First marriage."
    three = describe.achievements_unlocked([BY_ID["first-win"], BY_ID["perfect"], BY_ID["quick"]])
    assert three == "Achievements unlocked: First marriage, Perfect marriage and Whirlwind romance."


def test_the_share_text_names_the_day_grade_moves_par_and_time_and_no_move():
    game = Game.numbered(WINNABLE)
    win_game(game, step=2.6)
    text = describe.share_text(game, 1000.0, DAY)
    grade = describe.LEVEL_NAMES[game.difficulty]
    seconds = game.clock.seconds(1000.0)
    assert text == (
        f"Royal Marriage · Daily 1 Dec 2026 · {grade} · won in {game.moves} moves (par {game.par}) · "
        f"{seconds // 60}:{seconds % 60:02}"
    )
    assert "-" not in text.replace("Royal Marriage", "")
    assert describe.share_text(game, 1000.0, None).startswith(f"Royal Marriage · Deal {WINNABLE} · ")


def test_the_share_text_of_a_game_played_with_hints_says_so():
    game = Game.numbered(WINNABLE)
    game.hint()
    win_game(game)
    assert describe.share_text(game, 0.0, None).endswith(f"(par {game.par}) · with hints · 0:00")


def test_a_lost_game_shares_the_cards_left_and_its_review_says_why():
    game = Game.numbered(STUCK)
    for move in leftmost_play(STUCK)[0]:
        game.play(move, 1.0)
    assert f"· {game.cards_left} cards left (par " in describe.share_text(game, 2.0, None)
    review = Review(game)
    review.judge_all()
    loss = review.first_loss
    assert f"Move {loss.number} lost the win." in describe.review_summary(review)
    reason = describe.review_reason(loss)
    moved = describe.removal(loss.move, loss.removed)
    better = describe.removal(loss.better, loss.better_removed)
    assert reason.startswith(f"Move {loss.number} ({moved}) lost the win") and f"Better: {better}," in reason
    for judged in review.longer:
        assert f"{judged.before} moves could win before it" in describe.review_reason(judged)


def test_calendar_words():
    won = ChallengeResult(True, 25, 26, 65)
    assert describe.challenge_result(won) == "won in 26 moves (par 25), 1:05"
    assert describe.challenge_result(ChallengeResult(True, 25, 26, None)) == "won in 26 moves (par 25)"
    assert describe.challenge_result(None) == "not played"
    assert (
        describe.calendar_day(DAY, {7: won, 8: ChallengeResult(False, 30)})
        == "1 December 2026: 1 of 4 challenges won"
    )
    assert describe.month_heading(2026, 11, True) == "November 2026: every day won"
    assert describe.difficulty_field(None) == "none" and describe.difficulty_field(Level.HARD) == "Hard"
