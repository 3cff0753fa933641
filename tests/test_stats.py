"""Stats on this device (docs/stats.md): the eight figures and their updates."""

import dataclasses
import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples
from royal import describe
from royal.difficulty import Level
from royal.game import Result
from royal.stats import COUNTED_IDS_KEPT, Stats

D = dt.date
FIGURES = [
    "played",
    "wins",
    "win-rate",
    "fastest-win",
    "fewest-moves",
    "best-score",
    "current-streak",
    "best-streak",
    "perfect-wins",
    "wins-with-hints",
]

_ids = iter(range(10**9))


def won(seconds=100, moves=27, score=900, game_id=None, par=25, number=None):
    return Result(game_id or f"g{next(_ids)}", True, seconds, moves, score, 2, par, number)


def lost(score=120, moves=10, seconds=50, game_id=None, cards_left=32, par=25, number=None):
    return Result(game_id or f"g{next(_ids)}", False, seconds, moves, score, cards_left, par, number)


def test_nothing_yet():
    figures = describe.figures(Stats(), D(2026, 11, 29))
    assert list(figures) == FIGURES
    assert figures == {
        "played": "0",
        "wins": "0",
        "win-rate": "—",
        "fastest-win": "—",
        "fewest-moves": "—",
        "best-score": "—",
        "current-streak": "0 days",
        "best-streak": "0 days",
        "perfect-wins": "0",
        "wins-with-hints": "0",
    }


@pytest.mark.parametrize(
    "figures",
    [
        {"wins": 1},  # a win without a game
        {"played": 1},  # a game without its score
        {"played": 1, "best_score": 100, "streak": 1, "streak_day": D(2026, 1, 1)},  # a streak without a win
    ],
)
def test_figures_no_games_could_give_cannot_be_made(figures):
    with pytest.raises(ValueError):
        Stats(**figures)


def test_stats_may_remember_more_games_than_they_count():
    """A reset clears the figures and keeps the ids of the games it cleared (docs/stats.md)."""
    assert Stats(counted=["a", "b", "c"]).played == 0


def test_a_loss_counts_as_played_and_may_set_the_best_score():
    stats = Stats()
    assert stats.record(lost(score=120), D(2026, 3, 1))
    figures = describe.figures(stats, D(2026, 3, 1))
    assert figures["played"] == "1" and figures["wins"] == "0"
    assert figures["win-rate"] == "0%"
    assert figures["best-score"] == "120"
    assert figures["fastest-win"] == figures["fewest-moves"] == "—"
    assert figures["current-streak"] == figures["best-streak"] == "0 days"


def test_wins_update_fastest_fewest_and_best():
    stats = Stats()
    day = D(2026, 3, 1)
    stats.record(won(seconds=125, moves=28, score=1000), day)
    stats.record(won(seconds=75, moves=30, score=900), day)
    stats.record(won(seconds=200, moves=25, score=800), day)
    stats.record(lost(score=1500), day)
    figures = describe.figures(stats, day)
    assert figures["played"] == "4" and figures["wins"] == "3"
    assert figures["win-rate"] == "75%"
    assert figures["fastest-win"] == "1:15"
    assert figures["fewest-moves"] == "25"
    assert figures["best-score"] == "1500"


def test_a_game_counts_once():
    stats = Stats()
    result = won(game_id="same")
    assert stats.record(result, D(2026, 1, 1))
    assert not stats.record(result, D(2026, 1, 2))
    assert not stats.record(lost(game_id="same"), D(2026, 1, 2))
    assert stats.played == 1 and stats.wins == 1


def test_only_recent_ids_are_remembered():
    stats = Stats()
    for k in range(COUNTED_IDS_KEPT + 10):
        stats.record(lost(game_id=f"id{k}"), D(2026, 1, 1))
    assert len(stats.counted) == COUNTED_IDS_KEPT
    assert stats.counted[-1] == f"id{COUNTED_IDS_KEPT + 9}"
    assert not stats.record(lost(game_id=f"id{COUNTED_IDS_KEPT + 9}"), D(2026, 1, 1))


@pytest.mark.parametrize(
    "wins, played, shown",
    [
        (1, 3, "33%"),
        (2, 3, "67%"),
        (1, 2, "50%"),
        (1, 8, "13%"),
        (1, 200, "1%"),
        (1, 201, "0%"),
        (199, 200, "100%"),
        (397, 400, "99%"),
        (0, 5, "0%"),
        (5, 5, "100%"),
        (1, 40, "3%"),
        (7, 8, "88%"),
    ],
)
def test_win_rate_is_whole_percent_rounded_half_up(wins, played, shown):
    stats = Stats()
    for k in range(played):
        stats.record(won() if k < wins else lost(), D(2026, 1, 1))
    assert describe.figures(stats, D(2026, 1, 1))["win-rate"] == shown


@given(st.integers(1, 10**6), st.data())
def test_win_rate_matches_exact_rounding(played, data):
    from fractions import Fraction

    from royal.describe import _percent

    wins = data.draw(st.integers(0, played))
    exact = Fraction(100 * wins, played)
    expected = int(exact + Fraction(1, 2))  # floor(x + 1/2): half up
    assert _percent(wins, played) == f"{expected}%"


def win_days(stats, *days):
    for day in days:
        stats.record(won(), day)


@pytest.mark.parametrize(
    "first, second",
    [
        (D(2026, 12, 31), D(2027, 1, 1)),  # year end
        (D(2026, 1, 31), D(2026, 2, 1)),  # month end
        (D(2027, 2, 28), D(2027, 3, 1)),  # non-leap February
        (D(2028, 2, 28), D(2028, 2, 29)),  # leap day
        (D(2028, 2, 29), D(2028, 3, 1)),
        (D(2026, 4, 30), D(2026, 5, 1)),
    ],
)
def test_streaks_cross_month_and_year_ends(first, second):
    stats = Stats()
    win_days(stats, first, second)
    assert describe.figures(stats, second)["current-streak"] == "2 days"
    assert describe.figures(stats, second)["best-streak"] == "2 days"


def test_feb_28_to_mar_1_in_a_leap_year_skips_a_day():
    stats = Stats()
    win_days(stats, D(2028, 2, 28), D(2028, 3, 1))
    assert describe.figures(stats, D(2028, 3, 1))["current-streak"] == "1 day"
    assert describe.figures(stats, D(2028, 3, 1))["best-streak"] == "1 day"


def test_current_streak_ends_today_or_yesterday():
    stats = Stats()
    win_days(stats, D(2026, 12, 30), D(2026, 12, 31))
    assert describe.figures(stats, D(2026, 12, 31))["current-streak"] == "2 days"
    assert describe.figures(stats, D(2027, 1, 1))["current-streak"] == "2 days"  # yesterday still counts
    assert describe.figures(stats, D(2027, 1, 2))["current-streak"] == "0 days"  # older: gone
    assert describe.figures(stats, D(2027, 1, 2))["best-streak"] == "2 days"  # the best remains


def test_same_day_second_win_adds_no_day():
    stats = Stats()
    win_days(stats, D(2026, 5, 1), D(2026, 5, 1), D(2026, 5, 1))
    assert describe.figures(stats, D(2026, 5, 1))["current-streak"] == "1 day"
    assert stats.wins == 3


def test_a_loss_does_not_break_a_streak_of_days():
    stats = Stats()
    win_days(stats, D(2026, 5, 1))
    stats.record(lost(), D(2026, 5, 2))
    win_days(stats, D(2026, 5, 2))
    assert describe.figures(stats, D(2026, 5, 2))["current-streak"] == "2 days"


def test_a_missed_day_restarts_the_streak_and_best_is_kept():
    stats = Stats()
    win_days(stats, D(2026, 5, 1), D(2026, 5, 2), D(2026, 5, 3), D(2026, 5, 5), D(2026, 5, 6))
    figures = describe.figures(stats, D(2026, 5, 6))
    assert figures["current-streak"] == "2 days" and figures["best-streak"] == "3 days"


@settings(max_examples=examples(150))
@given(st.lists(st.tuples(st.dates(D(2020, 1, 1), D(2030, 12, 31)), st.booleans()), max_size=40))
def test_streaks_match_a_count_of_calendar_days(games):
    """Streaks from an independent count over the set of winning days (dates in order)."""
    games = sorted(games)
    stats = Stats()
    for day, is_win in games:
        stats.record(won() if is_win else lost(), day)
    win_days_set = {day for day, is_win in games if is_win}
    best = 0
    for day in win_days_set:
        if day - dt.timedelta(days=1) not in win_days_set:
            run = 1
            while day + dt.timedelta(days=run) in win_days_set:
                run += 1
            best = max(best, run)
    assert stats.best_streak == best
    today = games[-1][0] + dt.timedelta(days=1) if games else D(2026, 1, 1)
    current = 0
    for start in (today, today - dt.timedelta(days=1)):
        if start in win_days_set:
            while start - dt.timedelta(days=current) in win_days_set:
                current += 1
            break
    assert stats.current_streak(today) == current
    shown = describe.figures(stats, today)["current-streak"]
    assert shown == (f"{current} day" if current == 1 else f"{current} days")
    assert stats.played == len(games) and stats.wins == sum(w for _, w in games)


def test_one_win_while_the_clock_is_a_year_ahead_does_not_freeze_the_streak():
    stats = Stats()
    stats.record(won(), D(2027, 11, 29))  # the device's clock is a year ahead
    assert stats.current_streak(D(2026, 11, 29)) == 0  # nothing from the future shows as current
    stats.record(won(), D(2026, 11, 29))  # the clock is fixed
    stats.record(won(), D(2026, 11, 30))
    stats.record(won(), D(2026, 12, 1))
    assert stats.current_streak(D(2026, 12, 1)) == 3
    assert stats.best_streak == 3 and stats.wins == 4


def test_a_win_the_day_before_the_streak_day_adds_no_day_and_breaks_nothing():
    """Flying west across the date line: the next win may be dated a day earlier."""
    stats = Stats()
    stats.record(won(), D(2026, 3, 1))
    stats.record(won(), D(2026, 3, 2))
    stats.record(won(), D(2026, 3, 1))
    assert (stats.streak, stats.streak_day) == (2, D(2026, 3, 2))
    stats.record(won(), D(2026, 3, 3))
    assert stats.current_streak(D(2026, 3, 3)) == 3


# Wins with hints (docs/stats.md, "Wins with hints") ------------------------------------------


def test_a_win_with_hints_is_a_win_and_a_winning_day_but_no_record_of_skill():
    stats = Stats()
    day = D(2026, 3, 1)
    hinted = dataclasses.replace(won(seconds=30, moves=25, par=25), level=Level.EXPERT, with_hints=True)
    assert stats.record(hinted, day)
    assert (stats.played, stats.wins, stats.wins_with_hints, stats.best_score) == (1, 1, 1, 900)
    assert stats.current_streak(day) == stats.best_streak == 1
    assert (stats.perfect_wins, stats.fastest_win, stats.fewest_moves, stats.level_wins) == (
        0,
        None,
        None,
        {},
    )
    assert set(stats.unlocked) == {"first-win"}
    assert stats.recent[-1].with_hints and not stats.recent[-1].perfect
    assert describe.recent_summary(stats.recent) == "Your last game: won in 25 moves, in par, with hints."
    figures = describe.figures(stats, day)
    assert (figures["wins"], figures["wins-with-hints"], figures["fewest-moves"]) == ("1", "1", "—")
    # The same win without hints, later, earns what the one with hints did not.
    stats.record(dataclasses.replace(hinted, game_id="own", with_hints=False), day)
    assert (stats.wins, stats.wins_with_hints, stats.perfect_wins, stats.fewest_moves) == (2, 1, 1, 25)
    assert {"perfect", "quick", "expert-won", "expert-par", "unaided"} <= set(stats.unlocked)


def test_a_win_with_hints_unlocks_no_one_game_feat_even_without_penalties():
    """A game played on from the review is with hints and has paid nothing: still no feat."""
    stats = Stats()
    free = Result("g", True, 30, 25, 1600, 2, 25, 7, Level.EXPERT, False, with_hints=True)
    stats.record(free, D(2026, 3, 1))
    assert not {"unaided", "expert-par"} & set(stats.unlocked)


@pytest.mark.parametrize(
    "figures",
    [
        {
            "played": 1,
            "wins": 1,
            "best_score": 9,
            "best_streak": 1,
            "wins_with_hints": 2,
        },  # more than the wins
        # a win without hints and no fastest win or fewest moves
        {"played": 2, "wins": 2, "best_score": 9, "best_streak": 1, "wins_with_hints": 1},
    ],
)
def test_wins_with_hints_that_no_games_could_give_cannot_be_made(figures):
    with pytest.raises(ValueError):
        Stats(**figures)


def test_wins_all_with_hints_have_no_fastest_win_or_fewest_moves():
    assert Stats(played=1, wins=1, best_score=9, best_streak=1, wins_with_hints=1).fewest_moves is None
