"""Perfect wins, the daily record and the recent games kept with the stats (docs/stats.md)."""

import dataclasses
import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples
from helpers import WINNABLE, win_game
from royal import describe
from royal.challenges import DAYS_KEPT, ChallengeRecord, ChallengeResult
from royal.deals import daily_deal_number, numbered_deal
from royal.game import Game, Result
from royal.records import DAYS_SHOWN, RECENT_KEPT, DailyRecord, DayResult, DayStatus, Finished
from royal.solver import solve
from royal.stats import Stats

D = dt.date
_ids = iter(range(10**9))


def result(won, moves, par=25, cards_left=None, number=None, daily=None):
    left = 2 if won else (cards_left if cards_left is not None else max(3, 52 - 2 * moves))
    return Result(f"r{next(_ids)}", won, 60, moves, 500, left, par, number, daily=daily)


def daily(day, won, moves=27, par=26, with_hints=False):
    """A game of ``day``'s deal, dealt as that day's deal, with hints or not."""
    game = result(won, moves, par, number=daily_deal_number(day), daily=day)
    return dataclasses.replace(game, with_hints=with_hints)


# Perfect wins -------------------------------------------------------------------------


def test_a_win_in_par_moves_is_a_perfect_win_and_nothing_else_is():
    stats = Stats()
    day = D(2026, 11, 29)
    stats.record(result(True, 26, par=26), day)
    stats.record(result(True, 27, par=26), day)
    stats.record(result(False, 10, par=25), day)
    stats.record(result(True, 25, par=25), day)
    assert stats.perfect_wins == 2
    assert describe.figures(stats, day)["perfect-wins"] == "2"
    assert list(describe.figures(stats, day))[-2] == "perfect-wins"  # after the eight figures


def test_a_game_counted_twice_adds_no_perfect_win():
    stats = Stats()
    once = result(True, 25, par=25)
    assert stats.record(once, D(2026, 1, 1))
    assert not stats.record(once, D(2026, 1, 1))
    assert stats.perfect_wins == 1 and len(stats.recent) == 1


def test_a_real_game_won_in_par_moves_reports_its_par():
    cards = numbered_deal(WINNABLE)
    game = Game(cards)
    win_game(game)
    outcome = game.result(1)
    assert outcome.won and outcome.par == outcome.moves == solve(cards).min_moves
    assert outcome.cards_left == 2


# Recent games -------------------------------------------------------------------------


def test_recent_games_keep_the_last_thirty_with_moves_over_par_or_cards_left():
    stats = Stats()
    for n in range(RECENT_KEPT + 5):
        stats.record(
            result(n % 2 == 0, 25 + n % 3, par=25) if n % 2 == 0 else result(False, 8), D(2026, 1, 1)
        )
    assert len(stats.recent) == RECENT_KEPT
    newest = stats.recent[-1]  # game 34, a win in 25 + 1 moves
    assert newest == Finished(True, 26, 2, 25) and newest.over_par == 1 and not newest.perfect
    loss = stats.recent[-2]
    assert not loss.won and loss.cards_left == 36 and loss.over_par is None


@pytest.mark.parametrize(
    "game",
    [
        (True, 24, 2, 25),  # a win in fewer moves than par
        (True, 26, 3, 25),  # a win leaves two cards
        (True, 26, 2, None),  # a won deal has a par (five moves may remove more than ten cards: suit runs)
        (False, 30, 52, None),  # and at least five
    ],
)
def test_a_recent_game_no_play_could_give_cannot_be_made(game):
    with pytest.raises(ValueError):
        Finished(*game)


@pytest.mark.parametrize("day", [(True, None, 25), (True, 24, 25), (False, 30, 25), (True, 30, None)])
def test_a_day_no_play_could_give_cannot_be_made(day):
    with pytest.raises(ValueError):
        DayResult(*day)


# Daily record -------------------------------------------------------------------------


def test_only_the_days_own_deal_played_that_day_enters_the_daily_record():
    stats = Stats()
    day = D(2026, 11, 29)
    stats.record(result(True, 25, number=daily_deal_number(day), daily=day), day + dt.timedelta(days=1))
    stats.record(result(True, 25, number=daily_deal_number(day)), day)  # its number, dealt otherwise
    stats.record(result(True, 25, number=7), day)
    stats.record(result(True, 25, number=None), day)
    assert stats.daily.days == {}
    stats.record(daily(day, won=False, moves=4), day)
    assert stats.daily.on(day).status is DayStatus.PLAYED


def test_a_day_won_keeps_its_fewest_moves_and_a_later_loss_does_not_undo_it():
    record = Stats()
    day = D(2026, 11, 29)
    record.record(daily(day, won=True, moves=29, par=26), day)
    record.record(daily(day, won=True, moves=27, par=26), day)
    record.record(daily(day, won=True, moves=28, par=26), day)
    record.record(daily(day, won=False, moves=3, par=26), day)
    kept = record.daily.on(day)
    assert kept.won and kept.moves == 27 and kept.par == 26


@pytest.mark.parametrize(
    ("games", "kept"),
    [
        ([(26, True), (29, False)], (29, False)),  # a win without hints beats one with, in more moves
        ([(29, False), (26, True)], (29, False)),  # and a win with hints never replaces it
        ([(29, True), (27, True), (28, True)], (27, True)),  # among wins with hints, the fewest moves
        ([(27, True), (None, False)], (27, True)),  # a loss never replaces a win
        ([(None, False), (28, True)], (28, True)),  # a win with hints replaces a loss
    ],
)
def test_a_day_keeps_its_best_win_without_hints_first_then_the_fewest_moves(games, kept):
    stats = Stats()
    day = D(2026, 11, 29)
    for moves, hints in games:
        won = moves is not None
        stats.record(daily(day, won, moves or 3, par=26, with_hints=hints and won), day)
    result = stats.daily.on(day)
    assert (result.moves, result.with_hints) == kept and result.won
    assert stats.daily.current_streak(day) == 1  # a day with a win counts, hints or not
    challenge = stats.challenges.days[day][daily_deal_number(day)]
    assert (challenge.moves, challenge.with_hints) == kept and challenge.won


def test_a_challenge_keeps_the_fastest_time_of_its_best_kind_of_win():
    hinted = ChallengeResult(False, 25).after(True, 26, 40, with_hints=True)
    clean = hinted.after(True, 30, 300, with_hints=False)
    assert (clean.moves, clean.seconds, clean.with_hints) == (30, 300, False)
    assert clean.after(True, 25, 20, with_hints=True) == clean
    assert clean.after(True, 31, 200) == ChallengeResult(True, 25, 30, 200)
    assert hinted.after(True, 28, 30, with_hints=True) == ChallengeResult(True, 25, 26, 30, True)


def test_a_day_not_won_is_never_one_with_hints():
    with pytest.raises(ValueError, match="hints go with its win"):
        DayResult(False, None, 25, with_hints=True)


def test_the_row_shows_thirty_days_oldest_first_each_won_played_or_not_played():
    record = DailyRecord()
    today = D(2027, 1, 2)
    record.record(D(2026, 12, 31), True, 25, 25)
    record.record(D(2027, 1, 1), False, 5, 25)
    record.record(D(2026, 12, 3), True, 27, 25)  # 30 days ago: just outside the row
    row = record.row(today)
    assert len(row) == DAYS_SHOWN
    assert row[0][0] == D(2026, 12, 4) and row[-1][0] == today
    statuses = dict(row)
    assert statuses[D(2026, 12, 31)] is DayStatus.WON
    assert statuses[D(2027, 1, 1)] is DayStatus.PLAYED
    assert statuses[today] is DayStatus.NONE
    assert sum(s is not DayStatus.NONE for _, s in row) == 2


def test_days_older_than_the_row_are_dropped():
    record = DailyRecord()
    first = D(2026, 1, 1)
    for back in range(45):
        record.record(first + dt.timedelta(days=back), back % 2 == 0, 25, 25)
    assert len(record.days) == DAYS_SHOWN
    assert min(record.days) == first + dt.timedelta(days=45 - DAYS_SHOWN)


@settings(max_examples=examples(300))
@given(st.lists(st.tuples(st.integers(-900, 900), st.booleans()), max_size=80))
def test_a_day_of_todays_row_is_never_dropped_whatever_the_dates_before(games):
    """Issue 26, item 3: the record dropped every day older than its newest day's row, a day a
    clock ahead dated, so today's result went. Whatever the date of each game, ahead or back:
    the row's days are kept and shown as played; while there is room every day is kept, past
    it the days farthest from today go first; the record holds at most 30 days and loads again."""
    record = DailyRecord()
    played: dict[dt.date, bool] = {}
    for offset, won in games:
        today = D(2026, 11, 29) + dt.timedelta(days=offset)
        before = set(record.days)
        record.record(today, won, 26, 25)
        played[today] = played.get(today, False) or won
        row = dict(record.row(today))
        for day in before | {today}:
            if day in row:
                assert record.days[day].won == played[day]
                assert row[day] is (DayStatus.WON if played[day] else DayStatus.PLAYED)
        assert len(record.days) == min(len(before | {today}), DAYS_SHOWN)
        dropped = (before | {today}) - set(record.days)
        farthest_kept = max((abs((d - today).days) for d in record.days if d not in row), default=0)
        assert all(d not in row and abs((d - today).days) >= farthest_kept for d in dropped)
        assert DailyRecord(dict(record.days), record.streak_day, record.streak) == record


@settings(max_examples=examples(100))
@given(st.lists(st.tuples(st.integers(-900, 900), st.integers(0, 3), st.booleans()), max_size=60))
def test_the_challenges_keep_todays_days_whatever_the_dates_before(games):
    """The same for the calendar of challenges (issue 26, item 3, 420 days ahead): a game of a
    day's own deal, played that day or caught up to 3 days later, whatever the date."""
    record = ChallengeRecord()
    for offset, late, won in games:
        today = D(2026, 11, 29) + dt.timedelta(days=offset)
        day = today - dt.timedelta(days=late)
        before = set(record.days)
        record.record(day, daily_deal_number(day), won, 26, 25, 60, today)
        window = {today - dt.timedelta(days=back) for back in range(DAYS_KEPT)}
        assert (before | {day}) & window <= set(record.days)
        assert len(record.days) == min(len(before | {day}), DAYS_KEPT)
        assert ChallengeRecord(dict(record.days), record.streak_day, record.streak) == record


def test_daily_streak_counts_consecutive_won_days_ending_today_or_yesterday():
    record = DailyRecord()
    for day in (D(2026, 12, 30), D(2026, 12, 31), D(2027, 1, 1)):
        record.record(day, True, 26, 25)
    record.record(D(2027, 1, 1), True, 25, 25)  # a second win the same day adds no day
    assert record.current_streak(D(2027, 1, 1)) == 3
    assert record.current_streak(D(2027, 1, 2)) == 3
    assert record.current_streak(D(2027, 1, 3)) == 0
    record.record(D(2027, 1, 3), False, 4, 25)  # a day played and not won adds nothing
    assert record.current_streak(D(2027, 1, 3)) == 0
    record.record(D(2027, 1, 4), True, 25, 25)
    assert record.current_streak(D(2027, 1, 4)) == 1


def test_a_daily_win_while_the_clock_was_a_year_ahead_does_not_freeze_the_daily_streak():
    """The stats' streak rule: a win dated long before the streak's day starts a new run."""
    record = DailyRecord()
    record.record(D(2027, 11, 29), True, 25, 25)  # the device's clock is a year ahead
    record.record(D(2026, 11, 29), True, 25, 25)  # the clock is fixed
    record.record(D(2026, 11, 30), True, 25, 25)
    assert record.current_streak(D(2026, 11, 30)) == 2
    record.record(D(2026, 11, 29), True, 25, 25)  # a day before the streak's day adds nothing
    assert (record.streak_day, record.streak) == (D(2026, 11, 30), 2)


@settings(max_examples=150)
@given(st.lists(st.tuples(st.dates(D(2026, 1, 1), D(2026, 4, 30)), st.booleans()), max_size=60))
def test_daily_record_matches_an_independent_count(games):
    """Day statuses and the streak from a plain count over the days played, in date order."""
    games = sorted(games)
    stats = Stats()
    for day, won in games:
        stats.record(daily(day, won), day)
    today = games[-1][0] if games else D(2026, 1, 1)
    won_days = {day for day, won in games if won}
    played_days = {day for day, _ in games}
    for day, status in stats.daily.row(today):
        expected = (
            DayStatus.WON if day in won_days else DayStatus.PLAYED if day in played_days else DayStatus.NONE
        )
        assert status is expected
    run = 0
    start = today if today in won_days else today - dt.timedelta(days=1)
    while start - dt.timedelta(days=run) in won_days:
        run += 1
    assert stats.daily.current_streak(today) == run
