"""Daily challenges (docs/stats.md, "Daily challenges") and achievements (docs/stats.md,
"Achievements"), as the stats count them."""

from __future__ import annotations

import datetime as dt

from royal.achievements import ACHIEVEMENTS, BY_ID, progress
from royal.challenges import candidates, challenge_day, challenges, deal_day
from royal.deals import daily_deal_number, numbered_deal
from royal.difficulty import Level, grade
from royal.game import Result
from royal.stats import Stats

DAY = dt.date(2026, 12, 1)


def test_four_challenges_a_day_one_per_grade_and_todays_deal_among_them():
    found = challenges(DAY)
    assert list(found) == list(Level)
    assert all(grade(numbered_deal(number)) is level for level, number in found.items())
    own = daily_deal_number(DAY)
    assert grade(numbered_deal(own)) is None or own in found.values()
    assert set(found.values()) <= set(candidates(DAY))
    assert challenges(DAY + dt.timedelta(days=1)) != found


def test_each_challenge_names_its_day_and_other_deals_none():
    for number in challenges(DAY).values():
        assert deal_day(number) == DAY and challenge_day(number, DAY)
    assert deal_day(7) is None and not challenge_day(7, DAY)


def win(
    stats, game_id, number, day, moves=26, par=25, seconds=65, level=Level.HARD, assisted=False, daily=None
):
    """A win on ``day`` of deal ``number``, dealt as ``daily``'s deal or challenge if given."""
    stats.record(
        Result(game_id, True, seconds, moves, 1200, 2, par, number, level, assisted, daily=daily), day
    )


def test_a_challenge_keeps_its_best_moves_and_time_and_the_streak_counts_days_won_on_the_day():
    stats = Stats()
    hard = challenges(DAY)[Level.HARD]
    win(stats, "a", hard, DAY, moves=28, seconds=90, daily=DAY)
    win(stats, "b", hard, DAY, moves=26, seconds=120, daily=DAY)
    result = stats.challenges.days[DAY][hard]
    assert (result.won, result.moves, result.par, result.seconds) == (True, 26, 25, 90)
    assert stats.challenges.current_streak(DAY) == 1
    later = DAY + dt.timedelta(days=3)
    win(
        stats, "c", challenges(DAY)[Level.EASY], later, daily=DAY
    )  # a past day caught up: its calendar, no streak
    assert stats.challenges.won_on(DAY) and stats.challenges.current_streak(later) == 0
    assert stats.level_wins == {Level.HARD: 3}


def test_a_month_with_every_day_won_earns_its_mark_once_it_is_over():
    stats = Stats()
    november = [dt.date(2026, 11, d) for d in range(1, 31)]
    for n, day in enumerate(november):
        win(stats, f"g{n}", daily_deal_number(day), day, level=None, daily=day)
    assert not stats.challenges.month_won(2026, 11, november[-1])
    assert stats.challenges.month_won(2026, 11, DAY)
    assert stats.challenges.current_streak(november[-1]) == 30
    assert progress(BY_ID["full-month"], stats, DAY) == 1
    assert "week-streak" in stats.unlocked


def test_achievements_unlock_once_with_their_day_and_show_progress():
    stats = Stats()
    assert len(ACHIEVEMENTS) == 15 and not stats.unlocked
    win(stats, "a", 7, DAY, moves=25, seconds=50, level=Level.EXPERT)
    assert {"first-win", "perfect", "unaided", "quick", "expert-won", "expert-par"} <= set(stats.unlocked)
    assert progress(BY_ID["ten-wins"], stats, DAY) == 1
    later = DAY + dt.timedelta(days=1)
    win(stats, "b", 8, later, assisted=True)
    assert stats.unlocked["first-win"] == DAY and "hard-won" in stats.unlocked
    assert stats.unlocked["hard-won"] == later


def test_a_number_far_past_any_date_names_no_day():
    assert deal_day(21_474_836_480_000) is None and deal_day(2**64 - 1) is None
