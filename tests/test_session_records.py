"""The session's part in winnable dealing, perfect wins, the daily record and the stats backup."""

import datetime as dt
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples
from helpers import DAY, WINNABLE, Time, heard_session, kept_aside, session, win
from royal import describe, saves
from royal.backup import BackupError, dump_backup
from royal.dealer import FIRST_DEAL
from royal.deals import daily_deal_number, numbered_deal
from royal.game import Outcome, Result
from royal.records import DayStatus
from royal.solver import is_winnable, solve
from royal.stats import Stats
from royal.storage import MemoryStorage
from royal.storage_keys import GAME_KEY, STATS_KEY


def test_new_games_are_winnable_under_winnable_only_and_random_without():
    s = session()
    for _ in range(30):
        s.new_game()
        assert is_winnable(s.game.cards)
    plain = session(seed=9)
    plain.change_settings(winnable_only=False)
    expected = random.Random(9)  # the first game is a newcomer's first deal: no draw
    assert session(seed=9).game.number == FIRST_DEAL
    plain.new_game()
    assert plain.game.number == expected.randint(1, 999_999_999)


def test_a_perfect_win_is_counted_and_a_longer_win_is_not():
    storage = MemoryStorage()
    s = session(storage)
    number = next(
        n for n in range(1, 200) if (sol := solve(numbered_deal(n))).winnable and sol.min_moves == 25
    )
    s.new_game(number)
    win(s)
    assert s.stats.perfect_wins == 1 and s.stats.recent[-1].perfect
    assert saves.load_stats(storage.get(STATS_KEY), DAY).perfect_wins == 1


def test_todays_deal_won_enters_the_daily_record_with_moves_against_par():
    time = Time()
    s = session(time=time)
    s.daily()
    assert s.game.number == daily_deal_number(DAY)
    assert is_winnable(s.game.cards), "the test's date has a winnable deal"
    win(s)
    result = s.stats.daily.on(DAY)
    assert result.won and result.moves == result.par == solve(s.game.cards).min_moves
    assert s.stats.daily.current_streak(DAY) == 1


def test_todays_deal_won_with_a_hint_says_so_until_it_is_won_without_one():
    """docs/stats.md, "Wins with hints" and "The daily record": a win with hints is the day's
    result until a win without them replaces it, in the page's words and in the stored stats."""
    storage, time = MemoryStorage(), Time()
    s = session(storage, time=time)
    s.daily()
    assert s.hint() is not None
    win(s)
    number = daily_deal_number(DAY)
    for stats in (s.stats, saves.load_stats(storage.get(STATS_KEY), DAY)):
        assert stats.daily.on(DAY).with_hints and stats.challenges.days[DAY][number].with_hints
        assert stats.daily.current_streak(DAY) == 1  # a winning day all the same
    assert "is won with hints in" in describe.daily_today(s.stats.daily, DAY)
    assert describe.calendar_day(DAY, s.stats.challenges.days[DAY]).endswith(", 1 with hints")
    s.daily()  # the day's deal again, dealt afresh: no hint this time
    assert not s.game.with_hints
    win(s)
    for stats in (s.stats, saves.load_stats(storage.get(STATS_KEY), DAY)):
        result = stats.daily.on(DAY)
        assert result.won and not result.with_hints and result.moves == result.par
        assert not stats.challenges.days[DAY][number].with_hints
        assert stats.wins == 2 and stats.wins_with_hints == 1
    assert "with hints" not in describe.daily_today(s.stats.daily, DAY)


@pytest.mark.parametrize("ahead", [2, 45, 420])
def test_todays_deal_won_after_a_win_with_the_clock_ahead_enters_the_daily_record_and_the_calendar(ahead):
    """Issue 26, item 3: both records dropped every day older than their newest one's window,
    that is than the day the wrong clock dated: today's win went, in the page and at every load,
    and so did yesterday's, won before the clock went wrong."""
    yesterday, wrong = DAY - dt.timedelta(days=1), DAY + dt.timedelta(days=ahead)
    storage, time = MemoryStorage(), Time(yesterday)
    s = session(storage, time)
    for time.day in (yesterday, wrong):
        s.daily()
        win(s)
    time.day = DAY  # the date is put right
    s, heard = heard_session(storage, time)
    assert [n.text for n in heard] == [describe.streak_ended(wrong)]
    s.daily()
    assert s.game.number == daily_deal_number(DAY)
    win(s)
    for shown in (s, session(storage, time)):  # in the page, and at the next load
        stats = shown.stats
        assert stats.daily.row(DAY)[-2:] == [(yesterday, DayStatus.WON), (DAY, DayStatus.WON)]
        assert stats.challenges.won_on(yesterday) and stats.challenges.won_on(DAY)
        # The wrong date's streak ended (docs/stats.md, "Clock errors"): today starts a new one.
        assert stats.daily.current_streak(DAY) == stats.challenges.current_streak(DAY) == 1
        # The day the wrong clock dated is kept too: there is room for it.
        assert stats.daily.on(wrong).won and stats.challenges.won_on(wrong)
        assert (stats.played, stats.wins) == (3, 3)


def test_export_then_restore_in_another_browser_brings_back_stats_and_the_game():
    s = session()
    s.new_game(WINNABLE)
    win(s)
    s.new_game()
    s.play(s.game.legal_moves()[0])
    name, text = s.backup.export()
    assert name == "royal-marriage-stats-2026-11-29.json"

    other_storage = MemoryStorage()
    other = session(other_storage, seed=4)
    contents = other.backup.read(text)
    assert other_storage.get(STATS_KEY) is None  # reading changes nothing
    other.backup.restore(contents)
    assert other.stats == s.stats
    assert other.game.cards == s.game.cards and other.game.line.cards == s.game.line.cards
    assert (other.game.moves, other.game.score) == (s.game.moves, s.game.score)
    assert saves.load_stats(other_storage.get(STATS_KEY), DAY) == s.stats
    assert saves.load_game(other_storage.get(GAME_KEY), 0).line.cards == s.game.line.cards


def test_a_backup_from_a_clock_ahead_imports_and_every_later_load_keeps_it():
    """Such a file was once accepted, and then the next load set its stats aside, and with them
    what was there before the import."""
    ahead = session(time=Time(DAY + dt.timedelta(days=3)))  # exported on a device 3 days ahead
    ahead.new_game(WINNABLE)
    win(ahead)
    _, text = ahead.backup.export()
    storage, time = MemoryStorage(), Time()
    here = session(storage, time)
    contents = here.backup.read(text)
    here.backup.restore(contents)
    later, heard = heard_session(storage, time)
    assert storage.get(kept_aside("stats")) is None and heard == []
    assert later.stats == here.stats and (later.stats.played, later.stats.wins, later.stats.best_streak) == (
        1,
        1,
        1,
    )
    assert later.stats.current_streak(DAY) == 0
    words = describe.backup_contents(contents)  # the import said so before it replaced anything
    assert "2 December 2026, a day still to come" in words and "every other figure are kept" in words


@settings(max_examples=examples(200))
@given(
    st.lists(st.tuples(st.booleans(), st.booleans(), st.integers(-60, 60)), max_size=40),
    st.integers(-60, 60),
)
def test_what_an_import_accepts_every_later_load_accepts(games, today):
    """Games won or lost, of the day's deal or not, on any days; imported on any day: the same
    stats come back on every later load that day, and nothing is set aside."""
    stats = Stats()
    for n, (won, daily, offset) in enumerate(games):
        day = DAY + dt.timedelta(days=offset)
        number, own = (daily_deal_number(day), day) if daily else (None, None)
        result = (
            Result(f"g{n}", True, 60, 26, 900, 2, 25, number, daily=own)
            if won
            else Result(f"g{n}", False, 60, 10, 120, 32, 25, number, daily=own)
        )
        stats.record(result, day)
    storage, time = MemoryStorage(), Time(DAY + dt.timedelta(days=today))
    s = session(storage, time)
    try:
        contents = s.backup.read(dump_backup(stats, None, DAY, 0.0))
    except BackupError as error:
        raise AssertionError(f"a backup of what play gave was refused: {error}") from None
    s.backup.restore(contents)
    for _ in range(2):
        later, heard = heard_session(storage, time)
        assert later.stats == contents.stats and heard == []
    assert storage.get(kept_aside("stats")) is None


def test_a_bad_backup_changes_nothing():
    storage = MemoryStorage()
    s = session(storage)
    s.play(s.game.legal_moves()[0])
    before = dict(storage.data)
    with pytest.raises(BackupError):
        s.backup.read('{"app": "royal-marriage", "kind": "backup", "version": 1, "stats"')
    assert storage.data == before


def test_a_finished_game_is_not_exported_and_restoring_then_keeps_the_game_in_progress():
    s = session()
    s.new_game(WINNABLE)
    win(s)
    _, text = s.backup.export()
    other = session(seed=3)
    playing = other.game.cards
    other.backup.restore(other.backup.read(text))
    assert other.game.cards == playing and other.stats.wins == 1


def test_an_import_is_never_undone_by_counting_the_game_in_progress_the_replaced_stats_counted():
    """docs/stats.md, "Backup, import and reset": the won game stays on the board, counted in the
    stats the file replaced; a reload or leaving it does not count it in the imported ones."""
    elsewhere = session(seed=5)
    elsewhere.new_game(WINNABLE)
    win(elsewhere)
    _, text = elsewhere.backup.export()  # one win, and no game in progress
    storage, time = MemoryStorage(), Time()
    s = session(storage, time)
    s.new_game(WINNABLE)
    win(s)
    s.backup.restore(s.backup.read(text))
    assert (s.stats.played, s.game.outcome) == (1, Outcome.WON)
    again = session(storage, time)
    assert again.stats.played == 1
    again.new_game()
    assert saves.load_stats(storage.get(STATS_KEY), DAY).played == 1


def test_reset_clears_the_stats_and_keeps_the_game():
    storage = MemoryStorage()
    s = session(storage)
    s.new_game(WINNABLE)
    win(s)
    won = s.game.id
    s.new_game()
    s.play(s.game.legal_moves()[0])
    game = storage.get(GAME_KEY)
    s.backup.reset()
    # Cleared, remembering the game it counted: that one is never counted again.
    assert s.stats == Stats(counted=[won]) == saves.load_stats(storage.get(STATS_KEY), DAY)
    assert storage.get(GAME_KEY) == game
