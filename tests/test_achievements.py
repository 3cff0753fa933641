"""Achievements that stats from before them had already earned (docs/stats.md, "Achievements"):
unlocked as the stats are loaded, after their migration, dated that day, kept, and news once."""

from __future__ import annotations

from helpers import DAY, WINNABLE, Time, format_2_text, session, win
from royal import saves
from royal.storage import MemoryStorage
from royal.storage_keys import STATS_KEY


def test_achievements_older_stats_earned_unlock_as_they_load_and_only_once():
    storage, time = MemoryStorage(), Time(DAY)
    played = session(storage, time)
    played.new_game(WINNABLE)
    win(played)
    earned = set(played.stats.unlocked)
    assert "first-win" in earned
    storage.set(STATS_KEY, format_2_text(played.stats))  # as the last build kept them: none unlocked

    loaded = session(storage, time)
    assert set(loaded.tabs.unlocked_at_load) >= {"first-win"}
    assert set(loaded.tabs.unlocked_at_load) <= earned  # what one game's feat earned is not known
    assert loaded.stats.unlocked == {name: DAY for name in loaded.tabs.unlocked_at_load}
    assert saves.load_stats(storage.get(STATS_KEY), DAY).unlocked == loaded.stats.unlocked  # kept

    again = session(storage, time)
    assert again.tabs.unlocked_at_load == ()
    assert again.stats.unlocked == loaded.stats.unlocked


def test_stats_that_earned_nothing_more_are_not_written_at_load():
    storage, time = MemoryStorage(), Time(DAY)
    played = session(storage, time)
    played.new_game(WINNABLE)
    win(played)
    text = storage.get(STATS_KEY)
    loaded = session(storage, time)
    assert loaded.tabs.unlocked_at_load == ()
    assert storage.get(STATS_KEY) == text
