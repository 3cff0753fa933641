"""Saves and tabs through the page's logic under CPython (tests/app_tab.py drives it as the page
does): a reload (the page's last save as it is left, then a new page over the same storage)
restores the game's history, clock and stats; unreadable records, and records nested absurdly
deep, are kept aside with a notice and the game starts; a full or unreadable storage still
plays; two tabs over one storage (one told of the other's writes by the message the page sends
on a storage event, or not told, as a frozen tab) share one game, count it once, drop what they
offered, and lose nothing when their actions come one right after the other.
These were browser tests; the browser's own part of them (a storage that throws, is null or is
full in a real browser, the Web Lock between real tabs, the back/forward cache) stays in
tests/browser/test_page_saves.py and test_tabs.py."""

from __future__ import annotations

from typing import Any

import pytest
from app_tab import Local, Tab, effects, play

from helpers import Time
from royal import describe, saves
from royal.deals import numbered_deal
from royal.game import Game, Outcome
from royal.line import Line, Move
from royal.saves import load_game, load_settings, load_stats
from royal.settings import Settings
from royal.solver import is_winnable, solve
from royal.stats import Stats
from royal.storage_keys import GAME_KEY, KEPT_PREFIX, SETTINGS_KEY, STATS_KEY

KEPT_GAME = f"{KEPT_PREFIX}game.1"
KEPT_STATS = f"{KEPT_PREFIX}stats.1"
STATS_SHOWN = ("played", "wins", "win-rate", "best-score")


class MarkedTab(Tab):
    """A tab that also keeps each card's marks as the page last drew them (the line's effect
    sends only the marks that changed, and a card new to the line has none)."""

    def send(self, kind: str, what: Any = None) -> dict[str, Any]:
        patch = super().send(kind, what)
        if kind != "saved":  # a report's patch is folded after the one it follows
            self.fold(patch)
        return patch

    def fold(self, patch: dict[str, Any]) -> None:
        marks: dict[str, dict[str, str | None]] = self.__dict__.setdefault("marks", {})
        for drawn in effects(patch, "line"):
            for card in [card for card in marks if card not in drawn["cards"]]:
                del marks[card]
            for card in drawn["make"]:
                marks[card] = {"aria-pressed": "false"}
            for card, changed in drawn["marks"].items():
                marks.setdefault(card, {}).update(changed)
        if "later" in patch:
            self.fold(patch["later"])

    def marked(self, attribute: str, value: str) -> set[str]:
        """The cards on the line whose ``attribute`` is ``value``."""
        marks: dict[str, dict[str, str | None]] = self.__dict__.get("marks", {})
        return {card for card, attributes in marks.items() if attributes.get(attribute) == value}


def reload(tab: Tab) -> Tab:
    """``tab`` reloaded: its last save as the page is left (``pagehide``, which the page sends at
    once), then a new page over the same storage and clock."""
    tab.send("pagehide")
    return Tab(tab.local, tab.time)


def notice_texts(tab: Tab) -> list[str]:
    """The words of each notice on show."""
    shown = tab.regions.get("notices") or {}
    return [
        " ".join(part for p in notice["c"] if p["t"] == "p" for part in p["c"] if isinstance(part, str))
        for notice in shown.get("c", [])
    ]


def shows(tab: Tab, game: Game) -> None:
    """The tab shows ``game``'s line, moves, score and cards left (the engine's model)."""
    assert tab.line == list(game.line.cards)
    shown = {name: tab.text(f"field-{name}") for name in ("moves", "score", "cards-left")}
    assert shown == {"moves": str(game.moves), "score": str(game.score), "cards-left": str(game.cards_left)}


def enabled(tab: Tab, button: str) -> bool:
    return bool(tab.regions[button]["a"]["disabled"] is None)


def plays_a_move(tab: Tab) -> None:
    """The game plays: a legal move by clicks changes the line as the engine says."""
    position = Line(tab.line)
    move = position.legal_moves()[0]
    play(tab, move.left, move.right)
    position.push(move)
    assert tab.line == list(position.cards)


def test_a_reload_restores_the_games_history_clock_and_stats() -> None:
    number = next(n for n in range(7, 400) if is_winnable(numbered_deal(n)))
    moves = solve(numbered_deal(number)).moves
    tab = Tab(Local(), Time(), query={"deal": str(number)})
    shadow = Game.numbered(number)

    # A finished (lost) game first, so there are stats to survive the reload.
    play(tab, moves[0].left, moves[0].right)
    assert effects(tab.send("press", "restart"), "modal") == [["loss-dialog", True]]
    tab.send("leave", False)
    assert tab.text("stat-played") == "1"
    stats_before = {name: tab.text(f"stat-{name}") for name in STATS_SHOWN}

    for move in moves[:4]:
        play(tab, move.left, move.right)
        shadow.play(move, 0)
    tab.send("press", "undo")
    shadow.undo(0)
    shows(tab, shadow)
    assert enabled(tab, "redo")
    tab.time.t += 5
    tab.send("timer", "tick")
    assert tab.text("field-time") == "0:05"
    tab.time.t += 2

    tab = reload(tab)
    shows(tab, shadow)
    assert tab.text("field-time") == "0:07", "the clock as the page was left"
    assert tab.text("field-deal") == str(number)
    assert {name: tab.text(f"stat-{name}") for name in STATS_SHOWN} == stats_before
    assert enabled(tab, "undo") and enabled(tab, "redo")
    assert notice_texts(tab) == [], "a good save gives no notice"

    # Redo and undo carry on from the restored history.
    tab.send("press", "redo")
    shadow.redo(0)
    shows(tab, shadow)
    assert not enabled(tab, "redo")
    for _ in range(2):
        tab.send("press", "undo")
        shadow.undo(0)
        shows(tab, shadow)

    # The clock runs on after the reload.
    tab.time.t += 4
    tab.send("timer", "tick")
    assert tab.text("field-time") == "0:11"


def test_corrupt_saves_are_kept_aside_with_a_notice() -> None:
    local = Local()
    garbage = '{"app": "royal-marriage", "kind": "game", "version": 1, "body": {"cards": "nonsense'
    local.data[GAME_KEY] = garbage
    tab = Tab(local)
    texts = notice_texts(tab)
    assert len(texts) == 1 and "could not be read" in texts[0] and "kept aside" in texts[0], texts
    assert local.data[KEPT_GAME] == garbage
    assert len(tab.line) == 52
    plays_a_move(tab)
    assert tab.text("field-moves") == "1"
    assert local.data[GAME_KEY] != garbage
    number = tab.regions["notices"]["c"][0]["k"]
    tab.send("dismiss", number)
    assert notice_texts(tab) == []

    # Later: stats garbage, and another unreadable game, found as the page opens again. The
    # first kept copy is not overwritten.
    tab.send("pagehide")
    local.data[STATS_KEY] = "\x00not json"
    local.data[GAME_KEY] = "[]"
    tab = Tab(local)
    texts = notice_texts(tab)
    assert len(texts) == 2, texts
    assert any("stats" in text and "kept aside" in text for text in texts), texts
    assert any("unfinished game" in text and "kept aside" in text for text in texts), texts
    assert not any("royal-marriage." in text for text in texts), "no storage key names"
    assert local.data[KEPT_GAME] == garbage
    assert local.data[f"{KEPT_PREFIX}game.2"] == "[]"
    assert local.data[KEPT_STATS] == "\x00not json"
    assert tab.text("stat-played") == "0"
    assert tab.text("field-moves") == "0"
    assert len(tab.line) == 52
    plays_a_move(tab)
    assert tab.text("field-moves") == "1"

    # A clean reload keeps the game and says nothing more.
    tab = reload(tab)
    assert notice_texts(tab) == []
    assert tab.text("field-moves") == "1"
    assert local.data[KEPT_GAME] == garbage


def deep_record(kind: str, depth: int) -> str:
    """A ``kind`` record whose body is lists nested ``depth`` deep (10,000 deep is about 20 KB)."""
    return f'{{"app":"royal-marriage","kind":"{kind}","version":1,"{kind}":{"[" * depth}{"]" * depth}}}'


@pytest.mark.parametrize("key, kind", [(GAME_KEY, "game"), (STATS_KEY, "stats"), (SETTINGS_KEY, "settings")])
def test_a_record_nested_ten_thousand_deep_is_kept_aside_and_the_game_starts(key: str, kind: str) -> None:
    """Such a record once overflowed the runtime's stack on every start, for good."""
    local = Local()
    deep = deep_record(kind, 10_000)
    local.data[key] = deep
    tab = Tab(local)
    texts = notice_texts(tab)
    assert len(texts) == 1 and "could not be read" in texts[0] and "kept aside" in texts[0], texts
    assert local.data[f"{KEPT_PREFIX}{kind}.1"] == deep
    game = Game.numbered(int(tab.text("field-deal")))
    assert tab.line == list(game.line.cards)
    plays_a_move(tab)

    # Another tab writes such a record: this one hears of it, lives on and goes on playing.
    local.data[key] = deep_record(kind, 10_000)
    tab.send("storage")
    plays_a_move(tab)


def test_an_unreadable_storage_plays_and_counts_in_memory_with_one_notice() -> None:
    tab = Tab(Local(unreadable=True), query={"deal": "5"})
    texts = notice_texts(tab)
    assert len(texts) == 1 and "will not be kept" in texts[0], texts
    assert tab.text("field-deal") == "5"
    plays_a_move(tab)
    tab.send("press", "restart")
    tab.send("leave", False)
    assert tab.text("stat-played") == "1"
    assert len(notice_texts(tab)) == 1
    assert tab.local.data == {}


def test_a_full_storage_still_plays_and_keeps_reading_saves() -> None:
    local = Local()
    tab = Tab(local, query={"deal": "6"})
    game = Game.numbered(6)
    move = game.legal_moves()[0]
    play(tab, move.left, move.right)
    game.play(move, 0)
    assert notice_texts(tab) == []

    tab.send("pagehide")
    local.full = True
    tab = Tab(local, tab.time)
    assert notice_texts(tab) == [describe.NOT_SAVING]
    shows(tab, game)  # the saved game is still read back
    move = game.legal_moves()[0]
    play(tab, move.left, move.right)
    game.play(move, 0)
    shows(tab, game)
    assert load_game(local.data[GAME_KEY], 0.0).moves == 1, "not saved while the storage is full"

    # Issue 26, item 8: once the storage takes writes again, the next move saves all, and says so.
    local.full = False
    move = game.legal_moves()[0]
    play(tab, move.left, move.right)
    game.play(move, 0)
    shows(tab, game)
    assert describe.SAVING_AGAIN in notice_texts(tab)
    assert load_game(local.data[GAME_KEY], 0.0).moves == 3


def test_two_tabs_share_the_game_and_count_it_once() -> None:
    local, time = Local(), Time()
    a = Tab(local, time, query={"deal": "9"})
    b = Tab(local, time)  # the site itself: the same game
    game = Game.numbered(9)
    shows(b, game)

    move = game.legal_moves()[0]
    play(a, move.left, move.right)
    game.play(move, 0)
    shows(a, game)
    b.send("storage")  # the page's message when another tab wrote
    shows(b, game)

    move = game.legal_moves()[0]
    play(b, move.left, move.right)
    game.play(move, 0)
    shows(b, game)
    a.send("storage")
    shows(a, game)

    # Both leave the shared game: it counts once.
    assert effects(a.send("press", "new-game"), "modal") == [["loss-dialog", True]]
    a.send("leave", False)
    assert a.text("stat-played") == "1"
    b.send("storage")
    assert b.text("field-deal") == a.text("field-deal")  # b follows a's new game
    assert effects(b.send("press", "new-game"), "modal") == [], "a game with no move: no question"
    assert b.text("field-moves") == "0"
    a.send("storage")
    for tab in (a, b):
        assert (tab.text("stat-played"), tab.text("stat-wins")) == ("1", "0")
    assert load_stats(local.data[STATS_KEY], time.today()).played == 1
    assert a.text("field-deal") == b.text("field-deal")


def play_leftmost(tab: Tab, count: int) -> None:
    for _ in range(count):
        move = Line(tab.line).legal_moves()[0]
        play(tab, move.left, move.right)


def test_a_page_back_from_the_back_forward_cache_adopts_newer_progress() -> None:
    """Frozen in the cache, a page hears none of the other tabs' writes; restored, it catches up
    and says so (the browser's own part, the cache itself, is test_tabs')."""
    local, time = Local(), Time()
    a = Tab(local, time, query={"deal": "9"})
    play_leftmost(a, 1)  # game X, one move
    x = a.text("field-deal")
    b = Tab(local, time)
    assert b.text("field-moves") == "1"
    b.send("press", "new-game")  # X counts as a loss; b plays three moves of game Y
    b.send("leave", False)
    assert b.text("stat-played") == "1"
    play_leftmost(b, 3)
    y, saved = b.text("field-deal"), local.data[GAME_KEY]
    assert y != x

    a.send("restored")
    assert (a.text("field-deal"), a.text("field-moves")) == (y, "3")
    assert a.line == b.line
    assert any(text.startswith(describe.CAUGHT_UP) for text in notice_texts(a))
    assert a.text("stat-played") == "1"
    play_leftmost(a, 1)  # a goes on with Y, from where b left it
    b.send("storage")
    assert b.text("field-moves") == "4"
    assert load_game(local.data[GAME_KEY], 0.0).moves == 4 and saved != local.data[GAME_KEY]


def offers_nothing(tab: MarkedTab) -> None:
    """No card is selected or marked, and the status line says nothing."""
    assert tab.marked("aria-pressed", "true") == set()
    assert tab.marked("data-role", "partner") == set()
    assert tab.marked("data-role", "enclosed") == set()
    assert tab.text("status") == ""


def test_a_drop_in_a_tab_behind_another_catches_up_and_plays_nothing() -> None:
    local, time = Local(), Time()
    a = MarkedTab(local, time, query={"deal": "9"})
    b = MarkedTab(local, time)  # it will not hear a's write, as a frozen tab does not
    shown = Line(b.line)
    play_leftmost(a, 1)
    assert b.text("field-moves") == "0"

    move = shown.legal_moves()[-1]  # a move of the line b still shows
    b.send("drag", move.left)
    b.send("drop", [move.left, move.right])
    assert b.text("field-moves") == "1"  # a's game, drawn
    assert b.line == a.line
    assert any(text.startswith(f"{describe.CAUGHT_UP} {describe.NOT_PLAYED}") for text in notice_texts(b))
    offers_nothing(b)
    assert a.text("field-moves") == "1" and load_game(local.data[GAME_KEY], 0.0).moves == 1


def test_a_tab_following_another_drops_its_selection_and_ends_a_drag_with_a_word_but_not_for_settings() -> (
    None
):
    local, time = Local(), Time()
    a = MarkedTab(local, time, query={"deal": "9"})
    b = MarkedTab(local, time)

    # A selection: after a's move, nothing in b still describes it.
    chosen = next(c for c in b.line if Line(b.line).partners(c))
    b.send("pick", chosen)
    assert "selected" in b.text("status")
    # Another tab's settings (as its stats) leave the play, and so the selection, standing.
    a.send("settings-open")
    a.send("change", ["sound", True])
    a.send("closed", "settings-dialog")
    b.send("storage")
    assert b.regions["sound"]["p"]["checked"] is True
    assert b.marked("aria-pressed", "true") == {chosen}
    play_leftmost(a, 1)
    b.send("storage")
    assert b.text("field-moves") == "1" and b.line == a.line
    offers_nothing(b)

    # A drag of a card that a's next move removes: it ends, and b says why.
    move = Line(a.line).legal_moves()[0]
    gone = Line(a.line).enclosed(move)[0]
    b.send("drag", gone)
    play(a, move.left, move.right)
    followed = b.send("storage")
    assert b.text("field-moves") == "2" and b.line == a.line
    assert effects(followed, "drag-stop") == [None]
    assert b.text("status") == describe.DRAG_STOPPED
    assert describe.DRAG_STOPPED in effects(followed, "say")  # the live region's words
    assert b.marked("aria-pressed", "true") == set()
    assert load_game(local.data[GAME_KEY], 0.0).moves == 2


# One tab's action right after another's, neither having heard of the other's ----------------
# (static/view.js runs each tab's messages in turns of one Web Lock, so two actions in the same
# millisecond come one after the other, the second reading the first's writes: test_tabs has
# real tabs race for it.)


def last_move_and_another() -> tuple[int, tuple[Move, ...], Move]:
    """A deal, a shortest win of it but for its last move, and another legal move there."""
    number = 1
    while True:
        moves = solve(numbered_deal(number)).moves
        position = Line(numbered_deal(number))
        for move in moves[:-1]:
            position.push(move)
        others = [m for m in position.legal_moves() if m != moves[-1]]
        if moves and others:
            return number, moves, others[0]
        number += 1


NUMBER, WINNING, OTHER = last_move_and_another()


def one_from_a_win() -> str:
    """A game of NUMBER one move from its win, as stored."""
    game = Game.numbered(NUMBER)
    for move in WINNING[:-1]:
        game.play(move, 0.0)
    return saves.dump_game(game, 0.0, 1)


def one_loss() -> str:
    """Stats of one lost game, today's."""
    stats = Stats()
    loss = Game.numbered(NUMBER)
    loss.play(WINNING[0], 0.0)
    stats.record(loss.result(0.0), Time().today())
    return saves.dump_stats(stats)


def two_tabs(records: dict[str, str]) -> tuple[Local, Time, Tab, Tab]:
    """Two tabs over one storage holding ``records``, and their clock."""
    local, time = Local(), Time()
    local.data.update(records)
    return local, time, Tab(local, time), Tab(local, time)


@pytest.mark.parametrize("reset_first", [True, False], ids=["reset-then-win", "win-then-reset"])
def test_a_reset_in_one_tab_and_a_win_in_the_other_are_both_kept(reset_first: bool) -> None:
    local, time, a, b = two_tabs({GAME_KEY: one_from_a_win(), STATS_KEY: one_loss()})
    assert b.text("stat-played") == "1" and a.text("field-moves") == str(len(WINNING) - 1)
    a.send("pick", WINNING[-1].left)
    b.send("reset")
    if reset_first:
        b.send("reset-confirm")
        a.send("pick", WINNING[-1].right)
        b.send("storage")
    else:
        a.send("pick", WINNING[-1].right)
        b.send("reset-confirm")
        a.send("storage")
    stats = load_stats(local.data[STATS_KEY], time.today())
    # The reset, then the win (1 played, 1 won); or the win, then the reset (0 played).
    assert (stats.played, stats.wins) == ((1, 1) if reset_first else (0, 0))
    for tab in (a, b):
        assert (tab.text("stat-played"), tab.text("stat-wins")) == (str(stats.played), str(stats.wins))


@pytest.mark.parametrize("sound_first", [True, False], ids=["sound-then-theme", "theme-then-sound"])
def test_settings_changed_in_two_tabs_one_after_the_other_are_both_kept(sound_first: bool) -> None:
    local, _, a, b = two_tabs({SETTINGS_KEY: saves.dump_settings(Settings())})
    a.send("settings-open")
    b.send("settings-open")
    changes = [(a, ["sound", True]), (b, ["theme-dark", True])]
    for tab, change in changes if sound_first else changes[::-1]:
        tab.send("change", change)
    (a if sound_first else b).send("storage")
    settings = load_settings(local.data[SETTINGS_KEY])
    assert settings.sound and settings.theme == "dark"
    for tab in (a, b):
        assert tab.regions["sound"]["p"]["checked"] is True
        assert tab.regions["theme-dark"]["p"]["checked"] is True


@pytest.mark.parametrize("win_first", [True, False], ids=["win-then-move", "move-then-win"])
def test_a_win_in_one_tab_and_a_move_in_the_other_keep_the_first_of_them(win_first: bool) -> None:
    local, time, a, b = two_tabs({GAME_KEY: one_from_a_win(), STATS_KEY: saves.dump_stats(Stats())})
    a.send("pick", WINNING[-1].left)
    b.send("pick", OTHER.left)
    clicks = [(a, WINNING[-1].right), (b, OTHER.right)]
    for tab, card in clicks if win_first else clicks[::-1]:
        tab.send("pick", card)
    (a if win_first else b).send("storage")
    game = load_game(local.data[GAME_KEY], 0.0)
    stats = load_stats(local.data[STATS_KEY], time.today())
    # A's win (the game won and counted), or B's move (the game on, nothing counted).
    assert (game.outcome is Outcome.WON, stats.wins) == ((True, 1) if win_first else (False, 0))
    assert game.line.stack[-1].move == (WINNING[-1] if win_first else OTHER)
    for tab in (a, b):
        assert tab.line == list(game.line.cards)
        assert tab.text("stat-wins") == str(stats.wins)


def test_a_page_left_counts_no_time_from_when_it_was_hidden() -> None:
    """A page left for another (frozen in the back/forward cache, its Python in a worker frozen
    with it) hears that it was hidden only when it is shown again: the clock stops at the moment
    the page was hidden (the message's ``ago``), not when Python hears of it."""
    number = next(n for n in range(7, 400) if is_winnable(numbered_deal(n)))
    move = solve(numbered_deal(number)).moves[0]
    tab = Tab(Local(), Time(), query={"deal": str(number)})
    play(tab, move.left, move.right)  # the clock starts
    tab.time.t += 10
    tab.time.t += 3600  # an hour away, frozen
    tab.send("visible", {"shown": False, "ago": 3_600_000})
    tab.send("restored", None)
    tab.send("visible", {"shown": True, "ago": 0})
    tab.send("timer", "tick")
    assert tab.text("field-time") == "0:10"
    assert load_game(tab.local.data[GAME_KEY], 0.0).clock.seconds(0.0) == 10
