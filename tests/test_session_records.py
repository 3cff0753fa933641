"""The session's part in winnable dealing, perfect wins, the daily record and the stats backup."""

import random

import pytest

from helpers import DAY, WINNABLE, Time, session, win
from royal import saves
from royal.backup import BackupError
from royal.deals import daily_deal_number, numbered_deal
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
    expected = random.Random(9)
    expected.randint(1, 999_999_999)  # the first game's draw
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
    assert saves.load_stats(storage.get(STATS_KEY)).perfect_wins == 1


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
    assert saves.load_stats(other_storage.get(STATS_KEY)) == s.stats
    assert saves.load_game(other_storage.get(GAME_KEY), 0).line.cards == s.game.line.cards


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


def test_reset_clears_the_stats_and_keeps_the_game():
    storage = MemoryStorage()
    s = session(storage)
    s.new_game(WINNABLE)
    win(s)
    s.new_game()
    s.play(s.game.legal_moves()[0])
    game = storage.get(GAME_KEY)
    s.backup.reset()
    assert s.stats == Stats() and saves.load_stats(storage.get(STATS_KEY)) == Stats()
    assert storage.get(GAME_KEY) == game
