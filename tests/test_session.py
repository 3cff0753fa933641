"""The session (game manager): saving, counting games once, keeping unreadable data aside,
and playing on when the browser refuses storage (docs/stats.md, docs/saves.md)."""

import datetime as dt
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples
from helpers import (
    DAY,
    STUCK,
    UNWINNABLE,
    WINNABLE,
    Refusing,
    Time,
    heard_session,
    kept_aside,
    leftmost_play,
    session,
    win,
)
from royal import describe, saves
from royal.deals import numbered_deal
from royal.describe import NEWER_ELSEWHERE, NO_STORAGE, NOT_SAVING, SAVING_AGAIN
from royal.game import Outcome
from royal.line import Line
from royal.links import DealRequest
from royal.session import LinkAction
from royal.settings import Settings
from royal.solver import is_winnable, solve
from royal.storage import MemoryStorage, StorageError
from royal.storage_keys import GAME_KEY, KEPT_PREFIX, SETTINGS_KEY, STATS_KEY, WARN_KEY
from royal.tab_sync import Adopted, Stale


class Full(MemoryStorage):
    """Reads work, writes fail (quota exceeded) once ``full`` is set."""

    def __init__(self, full=True):
        super().__init__()
        self.full = full

    def set(self, key, value):
        if self.full:
            raise StorageError("quota")
        super().set(key, value)


def stored_stats(storage):
    return saves.load_stats(storage.get(STATS_KEY), DAY)


# Saving and resuming ---------------------------------------------------------------------------


def test_a_fresh_session_starts_a_saved_numbered_game():
    storage = MemoryStorage()
    s, heard = heard_session(storage)
    assert s.storage.persistent and heard == []
    assert s.game.number is not None and 1 <= s.game.number <= 999_999_999
    assert saves.load_game(storage.get(GAME_KEY), 0.0).id == s.game.id


def test_every_action_is_saved_and_comes_back_exactly():
    storage, time = MemoryStorage(), Time()
    s = session(storage, time)
    s.new_game(WINNABLE)
    moves = solve(s.game.cards).moves
    s.play(moves[0])
    time.t += 3
    s.play(moves[1])
    time.t += 4
    s.hint()
    s.undo()
    time.t += 2
    s.set_visible(False)  # hidden: saved, clock paused
    time.t += 500
    later = session(storage, time)
    game = later.game
    assert game.id == s.game.id and game.line.cards == s.game.line.cards
    assert game.redo_stack == s.game.redo_stack
    assert (game.penalties, game.hint_charged) == (s.game.penalties, s.game.hint_charged) == (40, False)
    assert (game.moves, game.score) == (s.game.moves, s.game.score) == (1, s.game.score)
    assert game.clock.seconds(time.t) == 9  # 3 + 4 + 2 visible seconds; hidden time not counted
    later.redo()
    assert later.game.moves == 2


def test_the_game_id_survives_a_reload_so_it_counts_once():
    storage, time = MemoryStorage(), Time()
    s = session(storage, time)
    s.play(s.game.legal_moves()[0])
    again = session(storage, time)
    again.new_game()
    assert stored_stats(storage).played == 1
    # The first tab, left behind, tries to leave the same game later: it catches up instead.
    with pytest.raises(Stale):
        s.new_game()
    assert s.game.id == again.game.id and stored_stats(storage).played == 1
    s.new_game()  # now it leaves the game it shows: untouched, so it does not count
    assert stored_stats(storage).played == 1


# Counting ------------------------------------------------------------------------------------


def test_a_win_counts_at_once():
    storage, time = MemoryStorage(), Time()
    s = session(storage, time)
    s.new_game(WINNABLE)
    time.t += 1
    win(s)
    assert s.game.outcome is Outcome.WON
    stats = stored_stats(storage)
    assert (stats.played, stats.wins) == (1, 1)
    assert describe.figures(s.stats, time.day)["wins"] == "1"
    assert describe.figures(s.stats, time.day)["current-streak"] == "1 day"
    assert stats.fewest_moves == s.game.moves and stats.best_score == s.game.score
    # Leaving a won game does not count it again.
    s.new_game()
    assert stored_stats(storage).played == 1


@pytest.mark.parametrize("leave", ["new_game", "restart", "open_request"])
def test_a_touched_game_counts_as_a_loss_when_left(leave):
    storage = MemoryStorage()
    s = session(storage)
    s.play(s.game.legal_moves()[0])
    getattr(s, leave)(*([DealRequest(numbered_deal(3), 3)] if leave == "open_request" else []))
    stats = stored_stats(storage)
    assert (stats.played, stats.wins) == (1, 0)
    assert s.stats.played == 1
    assert s.game.moves == 0


@pytest.mark.parametrize("leave", ["new_game", "restart", "open_request"])
def test_an_untouched_game_does_not_count(leave):
    storage = MemoryStorage()
    s = session(storage)
    s.hint()  # a hint is not a move
    getattr(s, leave)(*([DealRequest(numbered_deal(3), 3)] if leave == "open_request" else []))
    assert storage.get(STATS_KEY) is None or stored_stats(storage).played == 0
    assert s.stats.played == 0


def test_a_move_taken_back_still_makes_the_game_count():
    s = session()
    s.play(s.game.legal_moves()[0])
    s.undo()
    s.new_game()
    assert s.stats.played == 1


def test_restart_keeps_the_deal_and_opens_a_new_count():
    s = session()
    s.new_game(42)
    s.play(s.game.legal_moves()[0])
    first = s.game.id
    s.restart()
    assert s.game.cards == numbered_deal(42) and s.game.id != first and s.game.moves == 0
    s.play(s.game.legal_moves()[0])
    s.restart()
    assert s.stats.played == 2


def test_a_link_asks_first_only_for_a_touched_unfinished_other_game():
    s = session()
    s.new_game(7)
    other = DealRequest(numbered_deal(8), 8)
    same = DealRequest(numbered_deal(7), 7)
    assert s.link_action(other) is LinkAction.OPEN
    assert s.link_action(same) is LinkAction.SAME
    s.play(s.game.legal_moves()[0])
    assert s.link_action(other) is LinkAction.ASK
    assert s.link_action(same) is LinkAction.SAME
    s.new_game(WINNABLE)
    win(s)
    assert s.link_action(other) is LinkAction.OPEN
    # Won, and still the game in the address bar: a reload shows it as it was.
    assert s.link_action(DealRequest(s.game.cards, WINNABLE)) is LinkAction.SAME


def test_random_deals_come_from_the_rng():
    assert session(seed=5).game.number == session(seed=5).game.number


# Two tabs ---------------------------------------------------------------------------------------


def test_a_game_counts_once_when_two_tabs_share_storage():
    storage, time = MemoryStorage(), Time()
    a = session(storage, time, seed=1)
    b = session(storage, time, seed=2)  # the second tab resumes the same game
    assert b.game.id == a.game.id
    a.play(a.game.legal_moves()[0])
    with pytest.raises(Stale):
        b.play(b.game.legal_moves()[-1])  # b missed a's move: it catches up, plays nothing
    assert b.game.line.cards == a.game.line.cards
    b.play(b.game.legal_moves()[-1])
    with pytest.raises(Stale):
        a.new_game()
    a.new_game()
    with pytest.raises(Stale):
        b.new_game()
    assert stored_stats(storage).played == 1


def test_a_win_in_one_tab_is_not_recounted_as_a_loss_in_the_other():
    storage, time = MemoryStorage(), Time()
    a = session(storage, time)
    a.new_game(WINNABLE)
    b = session(storage, time)
    assert b.game.id == a.game.id
    win(a)
    with pytest.raises(Stale):
        b.play(b.game.legal_moves()[0])
    assert b.game.outcome is Outcome.WON
    assert b.stats.wins == 1  # the other tab's win is in what this tab shows
    b.new_game()
    stats = stored_stats(storage)
    assert (stats.played, stats.wins) == (1, 1)


def test_counts_from_both_tabs_add_up():
    storage, time = MemoryStorage(), Time()
    a = session(storage, time)
    a.new_game(WINNABLE)
    b = session(storage, time)
    win(a)
    with pytest.raises(Stale):
        b.new_game(3)
    b.new_game(3)  # b leaves a's won game: counted once already
    b.play(b.game.legal_moves()[0])
    with pytest.raises(Stale):
        a.new_game()
    a.new_game()  # a leaves the game b started, with b's move: a loss
    stats = stored_stats(storage)
    assert (stats.played, stats.wins) == (2, 1)


def test_a_reset_is_never_undone_by_counting_again_a_game_it_cleared():
    """docs/stats.md, "Backup, import and reset": a reset in a tab that missed another's win."""
    storage, time = MemoryStorage(), Time()
    a = session(storage, time)
    b = session(storage, time)
    a.new_game(WINNABLE)
    win(a)
    b.backup.reset()
    assert b.stats.played == 0 and b.game.outcome is Outcome.WON
    assert session(storage, time).stats.played == 0  # a reload does not count the won game again
    a.new_game()  # nor does leaving it, in the tab that won it
    assert (a.stats.played, stored_stats(storage).played) == (0, 0)
    a.play(a.game.legal_moves()[0])
    a.new_game()
    assert played_and_won(stored_stats(storage)) == (1, 0)  # counted over the reset stats


def test_sync_adopts_the_other_tabs_game_and_stats():
    storage, time = MemoryStorage(), Time()
    a = session(storage, time)
    b = session(storage, time)
    assert not b.sync()
    a.play(a.game.legal_moves()[0])
    assert b.sync()
    assert b.game.line.cards == a.game.line.cards and b.game.penalties == a.game.penalties
    assert not b.sync()  # nothing new
    a.new_game()  # counts a loss and starts another game
    assert b.sync()
    assert b.game.id == a.game.id and b.stats.played == 1
    assert not a.sync()  # a tab does not "adopt" what it wrote itself


def test_sync_tells_new_play_from_new_records_alone():
    """Another tab's stats or settings leave the play shown as it was (the page keeps what it
    offered for it, a selection say); another tab's move does not."""
    storage, time = MemoryStorage(), Time()
    a = session(storage, time)
    b = session(storage, time)
    a.change_settings(sound=True)
    assert b.sync() == Adopted(play=False, records=True) and b.settings.sound
    a.play(a.game.legal_moves()[0])
    a.new_game()  # a loss counted: new play and new stats
    assert b.sync() == Adopted(play=True, records=True)
    a.play(a.game.legal_moves()[0])
    assert b.sync() == Adopted(play=True, records=False)
    assert not b.sync()


def test_a_stale_tab_never_overwrites_newer_progress():
    """docs/saves.md, "Tabs": two tabs over one storage that deliver no events to each other."""
    storage, time = MemoryStorage(), Time()
    a = session(storage, time)
    a.new_game(WINNABLE)
    x = a.game.id
    a.play(solve(a.game.cards).moves[0])
    b, heard = heard_session(storage, time)  # both show game X with one move
    a.new_game()  # X counts as a loss; A plays three moves of Y
    for _ in range(3):
        a.play(a.game.legal_moves()[0])
    y = storage.get(GAME_KEY)
    with pytest.raises(Stale):
        b.play(b.game.legal_moves()[0])  # B, behind, tries to go on with X
    assert [n.text for n in heard] == [f"{describe.CAUGHT_UP} {describe.NOT_PLAYED}"]
    assert storage.get(GAME_KEY) == y and b.game.id != x and b.game.moves == 3
    assert stored_stats(storage).played == 1 and x in stored_stats(storage).counted
    b.play(b.game.legal_moves()[0])  # now B plays Y on from where A left it
    assert saves.load_game(storage.get(GAME_KEY), time.t).moves == 4


def test_a_stale_tab_hidden_or_closed_adopts_instead_of_saving():
    storage, time = MemoryStorage(), Time()
    a = session(storage, time)
    b, heard = heard_session(storage, time)
    a.play(a.game.legal_moves()[0])
    newer = storage.get(GAME_KEY)
    b.set_visible(False)  # pagehide or a hidden tab saves: not over newer progress
    assert storage.get(GAME_KEY) == newer and b.game.moves == 1
    assert [n.text for n in heard] == [describe.CAUGHT_UP]


def test_each_write_has_the_next_revision():
    storage, time = MemoryStorage(), Time()
    a = session(storage, time)
    b = session(storage, time)
    revisions = [json.loads(storage.get(GAME_KEY))["game"]["revision"]]
    a.play(a.game.legal_moves()[0])
    revisions.append(json.loads(storage.get(GAME_KEY))["game"]["revision"])
    assert b.catch_up()
    b.play(b.game.legal_moves()[0])
    revisions.append(json.loads(storage.get(GAME_KEY))["game"]["revision"])
    assert revisions == [1, 2, 3]


def test_a_shown_or_restored_page_catches_up_and_says_so():
    storage, time = MemoryStorage(), Time()
    a = session(storage, time)
    b, heard = heard_session(storage, time)
    assert not b.catch_up() and heard == []
    a.play(a.game.legal_moves()[0])
    assert b.catch_up() and b.game.moves == 1
    assert [n.text for n in heard] == [describe.CAUGHT_UP]
    a.set_visible(False)  # only the clock moved: adopted quietly
    assert not b.catch_up() and len(heard) == 1


def test_a_second_window_never_winds_the_clock_back():
    storage, time = MemoryStorage(), Time()
    a = session(storage, time)
    a.play(a.game.legal_moves()[0])
    time.t += 30
    a.set_visible(False)
    a.set_visible(True)  # saved at 30 s
    time.t += 300  # A stays visible five more minutes, writing nothing
    b = session(storage, time)  # opening B writes nothing either
    assert not a.sync() and a.game.clock.seconds(time.t) == 330
    b.play(b.game.legal_moves()[0])  # B saves its own count: 30 s
    time.t += 1
    a.sync()
    assert a.game.clock.seconds(time.t) == 331  # A keeps its own, larger count
    a.play(a.game.legal_moves()[0])
    b.sync()
    assert b.game.clock.seconds(time.t) == 331  # and B takes it up


def test_loading_time_is_not_play_time(monkeypatch):
    storage, time = MemoryStorage(), Time()
    a = session(storage, time)
    a.play(a.game.legal_moves()[0])
    time.t += 5
    a.set_visible(False)
    load = saves.game_from_record

    def slow_load(record, now):
        time.t += 60  # as if loading took a minute
        return load(record, now)

    monkeypatch.setattr(saves, "game_from_record", slow_load)
    later = session(storage, time)
    assert later.game.clock.seconds(time.t) == 5
    a.set_visible(True)
    a.play(a.game.legal_moves()[0])
    later.sync()  # adopting another tab's game is loading too
    assert later.game.clock.seconds(time.t) == 5


def test_a_cut_short_game_record_is_kept_aside_and_the_game_played_here_saved_in_its_place():
    """Issue 17, item 2: another page cuts the game record short in the middle of a game."""
    storage, time = MemoryStorage(), Time()
    s, heard = heard_session(storage, time)
    s.new_game(WINNABLE)
    moves = solve(s.game.cards).moves
    for move in moves[:5]:
        s.play(move)
    cut = storage.get(GAME_KEY)[:80]
    storage.set(GAME_KEY, cut)
    for move in moves[5:15]:
        s.play(move)
    assert s.game.moves == 15
    assert storage.get(kept_aside("game")) == cut
    assert len(heard) == 1 and "not valid JSON" in heard[0].text and "kept aside" in heard[0].text
    assert session(storage, time).game.moves == 15  # and so after a reload


def test_sync_keeps_a_cut_short_write_aside_and_saves_what_this_tab_shows_in_its_place():
    storage, time = MemoryStorage(), Time()
    a, heard = heard_session(storage, time)
    a.new_game(WINNABLE)
    win(a)
    a.change_settings(sound=True)
    records = {key: storage.get(key) for key in (GAME_KEY, STATS_KEY, SETTINGS_KEY)}
    for key, text in records.items():
        storage.set(key, text[:30])
    assert not a.sync()  # nothing this tab shows changed
    assert a.game.outcome is Outcome.WON and a.stats.wins == 1 and a.settings.sound
    assert storage.get(STATS_KEY) == records[STATS_KEY] and storage.get(SETTINGS_KEY) == records[SETTINGS_KEY]
    assert saves.load_game(storage.get(GAME_KEY), time.t).id == a.game.id
    assert [storage.get(kept_aside(kind)) for kind in ("game", "settings", "stats")] == [
        records[key][:30] for key in (GAME_KEY, SETTINGS_KEY, STATS_KEY)
    ]
    assert len(heard) == 3 and all("kept aside" in n.text for n in heard)


def test_a_win_while_the_clock_is_a_year_ahead_does_not_freeze_the_streak():
    storage, time = MemoryStorage(), Time()
    time.day = dt.date(2027, 11, 29)
    s = session(storage, time)
    s.new_game(WINNABLE)
    win(s)
    time.day = dt.date(2026, 11, 29)  # the clock is fixed, with the page still open
    s.new_game(WINNABLE)
    win(s)
    time.day += dt.timedelta(days=1)
    later = session(storage, time)  # and on the next visit
    later.new_game(WINNABLE)
    win(later)
    assert describe.figures(later.stats, time.day)["current-streak"] == "2 days"
    assert later.stats.played == later.stats.wins >= 2


@pytest.mark.parametrize(
    "win_day, load_day",
    [
        (dt.date(2026, 12, 2), dt.date(2026, 11, 29)),  # a win while the date is 3 days ahead, then fixed
        (dt.date(2026, 11, 29), dt.date(2026, 11, 27)),  # a win, then the date set 2 days back
    ],
)
def test_a_wrong_date_ends_the_streak_once_and_keeps_every_other_figure(win_day, load_day):
    """The next load once set such stats aside: every figure read 0."""
    storage, time = MemoryStorage(), Time(win_day)
    s = session(storage, time)
    for _ in range(2):
        s.new_game(WINNABLE)
        win(s)
    s.new_game(WINNABLE)
    s.play(s.game.legal_moves()[0])
    s.new_game()  # and a loss
    before = describe.figures(s.stats, win_day)
    assert before["current-streak"] == "1 day"

    time.day = load_day
    later, heard = heard_session(storage, time)
    assert storage.get(kept_aside("stats")) is None
    figures = describe.figures(later.stats, load_day)
    assert figures == {**before, "current-streak": "0 days"}
    assert len(heard) == 1 and f"{win_day.day} {win_day:%B}" in heard[0].text and "date" in heard[0].text
    assert "royal-marriage." not in heard[0].text
    again, heard_again = heard_session(storage, time)  # said once: the stats are kept so
    assert heard_again == [] and describe.figures(again.stats, load_day) == figures
    again.new_game(WINNABLE)
    win(again)
    assert describe.figures(again.stats, load_day)["current-streak"] == "1 day"
    assert again.stats.best_streak == 1 and again.stats.wins == 3


@settings(max_examples=examples(60))
@given(st.integers(-400, 400), st.integers(-400, 400), st.booleans())
def test_no_date_sets_the_stats_aside_or_changes_a_figure_but_the_current_streak(ahead, later, daily):
    """Whatever the date at a win (a daily one or not) and at the next load, every figure is kept."""
    storage, time = MemoryStorage(), Time()
    time.day = DAY + dt.timedelta(days=ahead)
    s = session(storage, time)
    if daily:
        s.daily()
    else:
        s.new_game(WINNABLE)
    if s.game.deal_solution().winnable:
        win(s)
    else:
        s.play(s.game.legal_moves()[0])
        s.new_game()
    figures = describe.figures(s.stats, time.day)
    time.day = DAY + dt.timedelta(days=later)
    s = session(storage, time)
    assert storage.get(kept_aside("stats")) is None
    kept = {
        name: value for name, value in describe.figures(s.stats, time.day).items() if name != "current-streak"
    }
    assert kept == {name: figures[name] for name in kept}
    if daily:  # the day's result is kept too, whichever of the two dates was wrong
        assert list(s.stats.daily.days) == [DAY + dt.timedelta(days=ahead)]


def test_the_data_is_worth_keeping_once_there_is_a_win():
    s = session()
    assert not s.worth_keeping()
    s.new_game(WINNABLE)
    s.play(s.game.legal_moves()[0])
    s.new_game()
    assert s.stats.played == 1 and not s.worth_keeping()  # a loss alone is not enough
    s.new_game(WINNABLE)
    win(s)
    assert s.worth_keeping()
    refused = session(Refusing())
    refused.new_game(WINNABLE)
    win(refused)
    assert not refused.worth_keeping()  # nothing is stored, so there is nothing to keep


# Unreadable saves --------------------------------------------------------------------------------


@pytest.mark.parametrize("key, kind", [(GAME_KEY, "game"), (STATS_KEY, "stats")])
def test_unreadable_data_is_kept_aside_with_a_notice(key, kind):
    storage = MemoryStorage()
    never_existed = json.dumps({"app": "royal-marriage", "kind": kind, "version": 0})
    storage.set(key, never_existed)
    s, heard = heard_session(storage)
    aside = kept_aside(kind)
    assert storage.get(aside) == never_existed
    assert len(heard) == 1 and heard[0].warning
    assert "kept aside" in heard[0].text and "unknown format version" in heard[0].text
    assert "royal-marriage." not in heard[0].text, "players are not told storage key names"
    assert s.storage.persistent
    # A fresh, valid game (and stats once counted) replace it in its place.
    assert saves.load_game(storage.get(GAME_KEY), 0.0).id == s.game.id
    assert s.stats.played == 0


def newer(kind, body=None):
    """A record as a later build of the game might write it."""
    return json.dumps({"app": "royal-marriage", "kind": kind, "version": 99, kind: body or {"x": 1}})


@pytest.mark.parametrize("key, kind", [(GAME_KEY, "game"), (STATS_KEY, "stats")])
def test_data_of_a_newer_version_is_left_untouched_and_the_game_plays_in_memory(key, kind):
    storage = MemoryStorage()
    storage.set(key, newer(kind))
    before = dict(storage.data)
    s, heard = heard_session(storage)
    assert [n.text for n in heard] == [NEWER_ELSEWHERE]
    assert not s.storage.persistent
    s.play(s.game.legal_moves()[0])
    s.new_game()
    assert s.stats.played == 1  # counted in this page
    assert storage.data == before  # nothing set aside, nothing written over


def test_a_newer_version_writing_while_this_tab_plays_stops_this_tab_saving():
    storage, time = MemoryStorage(), Time()
    s, heard = heard_session(storage, time)
    s.play(s.game.legal_moves()[0])
    storage.set(STATS_KEY, newer("stats"))
    storage.set(GAME_KEY, newer("game"))
    before = dict(storage.data)
    assert s.sync()
    assert NEWER_ELSEWHERE in [n.text for n in heard]
    s.play(s.game.legal_moves()[0])
    s.new_game()
    assert storage.data == before
    assert s.stats.played == 1


def test_kept_aside_data_is_never_overwritten():
    storage = MemoryStorage()
    storage.set(GAME_KEY, "first corrupt")
    storage.set(STATS_KEY, "stats corrupt")
    session(storage)
    storage.set(GAME_KEY, "second corrupt")
    _s, heard = heard_session(storage)
    assert storage.get(kept_aside("game")) == "first corrupt"
    assert storage.get(kept_aside("game", 2)) == "second corrupt"
    assert storage.get(kept_aside("stats")) == "stats corrupt"
    assert "kept aside" in heard[0].text


class NoAside(MemoryStorage):
    """Storage whose quota has just room for nothing new: writes of new keys fail."""

    def set(self, key, value):
        if key not in self.data and key.startswith(KEPT_PREFIX):
            raise StorageError("quota")
        super().set(key, value)


def test_data_that_cannot_be_copied_aside_is_left_untouched_and_costs_no_other_record():
    storage = NoAside()
    storage.set(GAME_KEY, "corrupt and precious")
    s, heard = heard_session(storage)
    assert storage.get(GAME_KEY) == "corrupt and precious"  # not overwritten
    assert not s.storage.persistent
    texts = " ".join(n.text for n in heard)
    assert "untouched" in texts and NO_STORAGE not in texts and NOT_SAVING not in texts
    s.play(s.game.legal_moves()[0])  # the game still plays, kept in the page
    s.new_game()
    assert storage.get(GAME_KEY) == "corrupt and precious"
    assert s.stats.played == 1 == stored_stats(storage).played  # issue 26, item 8: the stats are saved
    storage.set = MemoryStorage.set.__get__(storage)  # room again
    s.play(s.game.legal_moves()[0])
    assert storage.get(kept_aside("game")) == "corrupt and precious"
    assert saves.load_game(storage.get(GAME_KEY), 0.0).id == s.game.id and s.storage.persistent


# Storage refused ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "make, told", [(Refusing, NO_STORAGE), (Full, NOT_SAVING)], ids=["disabled", "quota-full"]
)
def test_refused_storage_still_plays_and_says_so_once(make, told):
    storage, time = make(), Time()
    s, heard = heard_session(storage, time)
    assert not s.storage.persistent
    assert [n.text for n in heard] == [told]
    s.new_game(WINNABLE)
    win(s)
    assert s.game.outcome is Outcome.WON
    assert (s.stats.played, s.stats.wins) == (1, 1)
    s.new_game()
    s.play(s.game.legal_moves()[0])
    s.undo()
    s.redo()
    s.hint()
    s.set_visible(False)
    s.set_visible(True)
    s.restart()
    assert s.stats.played == 2
    assert not s.sync()
    assert [n.text for n in heard] == [told]
    if isinstance(storage, Full):
        assert storage.data == {}


def test_storage_that_fills_up_mid_game_keeps_the_game_in_the_page_and_saves_it_once_there_is_room():
    storage = Full(full=False)
    s, heard = heard_session(storage)
    s.play(s.game.legal_moves()[0])
    saved = storage.get(GAME_KEY)
    storage.full = True
    s.play(s.game.legal_moves()[0])
    assert [n.text for n in heard] == [NOT_SAVING]
    assert not s.storage.persistent
    assert s.game.moves == 2
    assert storage.get(GAME_KEY) == saved  # the last good save is not touched
    assert not s.sync(), "the page's own game is not taken for another tab's"
    storage.full = False  # issue 26, item 8: a tab that could not save recovers
    s.play(s.game.legal_moves()[0])
    assert saves.load_game(storage.get(GAME_KEY), 0.0).moves == 3 and s.storage.persistent
    assert [n.text for n in heard] == [NOT_SAVING, SAVING_AGAIN] and not heard[-1].warning
    s.new_game()
    assert s.stats.played == 1 == stored_stats(storage).played


def test_a_full_storage_still_gives_back_the_saved_game_and_stats():
    storage = Full(full=False)
    first = session(storage)
    first.play(first.game.legal_moves()[0])
    first.new_game()  # counts a loss, so the stats are saved too
    first.play(first.game.legal_moves()[0])
    storage.full = True
    second, heard = heard_session(storage)
    assert second.game.id == first.game.id and second.game.moves == 1
    assert second.stats.played == 1
    assert [n.text for n in heard] == [NOT_SAVING]


class Quota(MemoryStorage):
    """Storage that holds at most ``limit`` characters of keys and values (``None``: no limit)."""

    def __init__(self):
        super().__init__()
        self.limit = None

    def used(self):
        return sum(len(key) + len(value) for key, value in self.data.items())

    def set(self, key, value):
        held = len(key) + len(self.data[key]) if key in self.data else 0
        if self.limit is not None and self.used() - held + len(key) + len(value) > self.limit:
            raise StorageError("quota")
        super().set(key, value)


def one_move_from_a_win(s):
    """Play a winnable deal up to its winning move, which is returned."""
    s.new_game(WINNABLE)
    moves = solve(s.game.cards).moves
    for move in moves[:-1]:
        s.play(move)
    return moves[-1]


def played_and_won(stats):
    return stats.played, stats.wins


@pytest.mark.parametrize("room", [20, 60])
def test_a_win_counts_once_when_storage_fills_between_the_game_and_the_stats(room):
    """Issue 17, item 5: the won game is written, the stats write is refused."""
    storage, time = Quota(), Time()
    s = session(storage, time)
    s.play(s.game.legal_moves()[0])
    s.new_game()  # a loss: the stats record exists
    last = one_move_from_a_win(s)
    storage.limit = storage.used() + room
    s.play(last)
    assert saves.load_game(storage.get(GAME_KEY), 0.0).outcome is Outcome.WON
    assert played_and_won(stored_stats(storage)) == (1, 0)  # the stats write was refused
    assert played_and_won(s.stats) == (2, 1)
    assert played_and_won(session(storage, time).stats) == (2, 1)  # still full: counted, in memory
    storage.limit = None
    later = session(storage, time)
    assert played_and_won(later.stats) == played_and_won(stored_stats(storage)) == (2, 1)
    later.new_game()
    again = session(storage, time)
    again.play(again.game.legal_moves()[0])
    again.new_game()
    assert played_and_won(stored_stats(storage)) == (3, 1)  # the win counted once


class WhileCounting(Refusing):
    """Once ``armed``, reading the stats fails while the stored game is won: as a win is counted."""

    def __init__(self):
        super().__init__(())
        self.armed = False

    def refuses(self, operation, key):
        game = self.data.get(GAME_KEY)
        won = game is not None and saves.load_game(game, 0.0).outcome is Outcome.WON
        return self.armed and won and (operation, key) == ("get", STATS_KEY)


def test_a_win_counts_once_when_reading_the_stats_fails_as_it_is_counted():
    """Issue 17, item 5: getItem throws while the win is counted, over 5 played and 2 won."""
    storage, time = WhileCounting(), Time()
    s = session(storage, time)
    for _ in range(3):
        s.play(s.game.legal_moves()[0])
        s.new_game()
    for _ in range(2):
        s.new_game(WINNABLE)
        win(s)
    last = one_move_from_a_win(s)
    assert played_and_won(s.stats) == (5, 2)
    storage.armed = True
    s.play(last)
    assert played_and_won(s.stats) == (6, 3)
    storage.armed = False
    later = session(storage, time)
    assert played_and_won(later.stats) == played_and_won(stored_stats(storage)) == (6, 3)
    later.new_game()
    assert played_and_won(session(storage, time).stats) == (6, 3)


class RefusingFrom(MemoryStorage):
    """Once ``from_write`` is set, the writes from that one on (0 the next) are refused: storage
    that fills up, or is turned off, in the middle of an action."""

    def __init__(self):
        super().__init__()
        self.from_write = None

    def set(self, key, value):
        if self.from_write is not None:
            if self.from_write == 0:
                raise StorageError("quota")
            self.from_write -= 1
        super().set(key, value)


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(0, 8), st.integers(1, 24), st.sampled_from(["new game", "restart", "today's deal"]))
def test_a_write_refused_while_leaving_a_game_counts_each_game_once_as_it_went(refused, moves, leave):
    """Issue 26, item 4: deal 7, three moves, New game, writes refused from the second or the
    third: the loss was written before the new game, so the next visit found the old game back,
    already counted as a loss, and its win never counted. Whichever game a refused write leaves
    stored, the next visit counts each game once, as it went."""
    storage, time = RefusingFrom(), Time()
    s = session(storage, time)
    s.new_game(7)
    for move in solve(s.game.cards).moves[:moves]:
        s.play(move)
    left = s.game.id
    storage.from_write = refused
    {"new game": s.new_game, "restart": s.restart, "today's deal": s.daily}[leave]()
    assert s.game.id != left and played_and_won(s.stats) == (1, 0)  # what the page shows
    storage.from_write = None  # the next visit, with storage that works

    later = session(storage, time)
    kept = later.game.id
    if kept == left:  # the new game was never stored: the game left goes on, not counted
        assert later.game.moves == moves and played_and_won(later.stats) == (0, 0)
        win(later)
        assert played_and_won(later.stats) == (1, 1)
    else:  # the new game was stored: the game left counts as a loss, once
        assert played_and_won(later.stats) == (1, 0)
        assert later.game.moves == 0
        win(later)
        assert played_and_won(later.stats) == (2, 1)
    again = session(storage, time)
    again.new_game()
    assert played_and_won(session(storage, time).stats) == played_and_won(later.stats)
    assert {left, kept} <= set(stored_stats(storage).counted)


def first_losing_line():
    """A winnable deal and leftmost moves whose last one loses it with moves still left."""
    for number in range(1, 200):
        line = Line(numbered_deal(number))
        if not is_winnable(line.cards):
            continue
        moves = []
        while line.has_moves():
            moves.append(line.legal_moves()[0])
            line.push(moves[-1])
            if not is_winnable(line.cards):
                if line.has_moves():
                    return number, moves
                break
    raise AssertionError("no such deal among the first 200")


def test_the_lost_game_warning_fires_on_the_losing_move_only_when_asked_for():
    number, moves = first_losing_line()
    storage = MemoryStorage()
    s = session(storage)
    assert s.settings.warn_lost is False
    s.new_game(number)
    for move in moves:
        s.play(move)
        assert not s.lost_by_last_move(), "warnings are off by default"
    s.change_settings(warn_lost=True)
    assert s.lost_by_last_move()
    s.play(s.game.legal_moves()[0])
    assert not s.lost_by_last_move(), "only the move that lost the game is flagged"
    s.undo()
    assert s.lost_by_last_move()
    s.undo()
    assert not s.lost_by_last_move()
    assert session(storage).settings.warn_lost is True
    s.change_settings(warn_lost=False)
    assert session(storage).settings.warn_lost is False


def test_a_hidden_tab_that_adopts_a_game_does_not_run_its_clock():
    time = Time()
    storage = MemoryStorage()
    front, back = session(storage, time), session(storage, time)
    back.set_visible(False)
    front.play(front.game.legal_moves()[0])
    time.t += 10
    assert back.sync()  # adopts the game as saved at the move: 0 seconds
    time.t += 100  # the back tab stays hidden
    assert back.game.clock.seconds(time.now()) == 0
    back.set_visible(True)
    time.t += 5
    assert back.game.clock.seconds(time.now()) == 5


def test_the_warning_choice_follows_the_other_tab():
    storage = MemoryStorage()
    one, two = session(storage), session(storage)
    one.change_settings(warn_lost=True)
    assert two.sync() and two.settings.warn_lost
    assert not two.sync(), "nothing new the second time"


# Settings ------------------------------------------------------------------------------------


def test_settings_start_at_their_defaults_and_survive_a_reload():
    storage = MemoryStorage()
    s = session(storage)
    assert s.settings == Settings()
    assert s.settings.winnable_only and s.settings.ask_before_loss
    assert not (s.settings.sound or s.settings.warn_lost or s.settings.large_cards)
    assert s.settings.theme == "system"
    s.change_settings(sound=True, theme="dark", winnable_only=False)
    again, heard = heard_session(storage)
    assert again.settings == Settings(sound=True, theme="dark", winnable_only=False)
    assert heard == []


@pytest.mark.parametrize("changes", [{"theme": "purple"}, {"sound": "yes"}, {"volume": 3}])
def test_a_bad_setting_is_refused_and_changes_nothing(changes):
    storage = MemoryStorage()
    s = session(storage)
    s.change_settings(sound=True)
    with pytest.raises(ValueError):
        s.change_settings(**changes)
    assert s.settings == Settings(sound=True) == session(storage).settings


@pytest.mark.parametrize("old, warn", [("on", True), ("off", False)])
def test_the_old_warning_choice_is_carried_into_the_settings(old, warn):
    storage = MemoryStorage()
    storage.set(WARN_KEY, old)
    s = session(storage)
    assert s.settings == Settings(warn_lost=warn)
    assert storage.get(WARN_KEY) is None
    assert saves.load_settings(storage.get(SETTINGS_KEY)) == s.settings
    assert session(storage).settings.warn_lost is warn


def test_unreadable_settings_are_kept_aside_and_the_defaults_used():
    storage = MemoryStorage()
    bad = saves.dump_settings(Settings(sound=True)).replace('"sound":true', '"sound":"loud"')
    storage.set(SETTINGS_KEY, bad)
    s, heard = heard_session(storage)
    assert s.settings == Settings()
    assert storage.get(kept_aside("settings")) == bad
    assert len(heard) == 1 and "settings" in heard[0].text


def test_a_setting_changed_in_a_tab_behind_another_keeps_the_other_tabs_change():
    """Issue 17, item 6: sound turned on in one tab, the dark theme chosen in another."""
    storage = MemoryStorage()
    a, b = session(storage), session(storage)
    a.change_settings(sound=True)
    b.change_settings(theme="dark")  # before the storage event of a's change
    assert b.settings == Settings(sound=True, theme="dark") == session(storage).settings
    a.sync()
    assert a.settings == b.settings


def test_settings_follow_the_other_tab():
    storage = MemoryStorage()
    one, two = session(storage), session(storage)
    one.change_settings(large_cards=True, ask_before_loss=False)
    assert two.sync() and two.settings == one.settings
    assert not two.sync(), "nothing new the second time"


# When leaving asks first -------------------------------------------------------------------


def test_leaving_asks_only_for_a_game_with_a_move_that_is_not_over():
    s = session()
    s.new_game(WINNABLE)
    assert not s.should_ask_before_leaving(), "no move yet"
    s.hint()
    assert not s.should_ask_before_leaving(), "a hint is not a move"
    s.play(s.game.legal_moves()[0])
    assert s.should_ask_before_leaving()
    s.undo()
    assert s.should_ask_before_leaving(), "a move was played, even if undone"
    s.change_settings(ask_before_loss=False)
    assert s.leaving_loses() and not s.should_ask_before_leaving()
    s.change_settings(ask_before_loss=True)
    win(s)
    assert not s.should_ask_before_leaving(), "a won game is over"


def test_a_stuck_game_is_over_and_leaving_it_does_not_ask():
    moves, _ = leftmost_play(STUCK)
    s = session()
    s.new_game(STUCK)
    for move in moves:
        s.play(move)
    assert s.game.outcome is Outcome.STUCK
    assert not s.should_ask_before_leaving()


def test_settings_from_a_newer_version_are_left_untouched():
    storage = MemoryStorage()
    newer = '{"app":"royal-marriage","kind":"settings","version":99,"settings":{}}'
    storage.set(SETTINGS_KEY, newer)
    s, heard = heard_session(storage)
    assert s.settings == Settings() and not s.storage.persistent
    assert storage.get(SETTINGS_KEY) == newer
    assert [n.text for n in heard] == [NEWER_ELSEWHERE]


class Counting(MemoryStorage):
    """Counts writes per key."""

    def __init__(self):
        super().__init__()
        self.writes = {}

    def set(self, key, value):
        self.writes[key] = self.writes.get(key, 0) + 1
        super().set(key, value)


def test_rewind_goes_back_to_the_last_winnable_move_with_one_save():
    number, moves = first_losing_line()
    storage, time = Counting(), Time()
    s = session(storage, time)
    s.new_game(number)
    for move in moves:
        s.play(move)
    while s.game.outcome is None:
        s.play(s.game.legal_moves()[0])
    assert s.game.outcome is Outcome.STUCK
    played, score = s.game.moves, s.game.score
    before = storage.writes[GAME_KEY]
    assert s.rewind() == len(moves) - 1
    assert storage.writes[GAME_KEY] == before + 1
    assert s.game.moves == len(moves) - 1 and is_winnable(s.game.line.cards)
    assert s.game.penalties == 15 * (played - s.game.moves)  # each undo paid, as if pressed by hand
    assert s.game.score < score
    assert saves.load_game(storage.get(GAME_KEY), time.t).line.cards == s.game.line.cards


def test_rewind_changes_nothing_on_a_deal_no_one_could_win():
    storage = Counting()
    s = session(storage)
    s.new_game(UNWINNABLE)
    s.play(s.game.legal_moves()[0])
    before, state = storage.writes[GAME_KEY], (s.game.line.cards, s.game.penalties)
    assert s.rewind() is None
    assert storage.writes[GAME_KEY] == before and (s.game.line.cards, s.game.penalties) == state


def test_todays_deal_starts_unless_it_is_already_the_game_in_progress():
    time = Time()
    s = session(MemoryStorage(), time)
    assert s.daily()
    assert s.game.number == 20261129
    s.play(s.game.legal_moves()[0])
    game = s.game
    assert not s.daily()
    assert s.game is game and s.stats.played == 0  # kept as it was, not counted
    time.day = dt.date(2026, 11, 30)
    assert s.daily()
    assert s.game.number == 20261130 and s.stats.played == 1  # yesterday's game counts as a loss


def test_todays_deal_starts_again_once_the_days_game_is_over():
    time = Time()
    number = next(n for n in range(20261101, 20261131) if is_winnable(numbered_deal(n)))
    time.day = dt.date(2026, 11, number - 20261100)
    s = session(MemoryStorage(), time)
    assert s.daily()
    won = s.game.id
    win(s)
    assert s.daily()
    assert s.game.number == number and s.game.id != won and s.game.moves == 0
