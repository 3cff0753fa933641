"""The page's logic under CPython: the App driven by the page's messages, as static/view.js
sends them, each answered with the one patch the page would apply (royal/web/app.py's
``answer``). What the browser tests see through a browser, read here from the answers: the
line, the fields, the dialogs opened and closed, the focus, the timers and waits asked for,
and two tabs over one storage."""

from __future__ import annotations

import json
from typing import Any

import pytest
from app_tab import Local, Tab, effects, play, words
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from budget import examples
from helpers import Time
from royal import describe
from royal.backup_actions import BackupActions
from royal.cards import QUEEN_OF_HEARTS
from royal.dealer import FIRST_DEAL
from royal.line import Line
from royal.saves import load_game
from royal.session import Session
from royal.solver import solve
from royal.storage_keys import GAME_KEY, SNAPSHOT_KEY
from royal.table.state import PageState
from royal.web.modal import Modal


def test_a_whole_deal_is_won_by_clicks_and_each_answer_draws_it() -> None:
    tab = Tab()
    solution = solve(tab.line)
    assert solution.winnable  # the dealer's default: a winnable deal
    shadow = Line(tab.line)
    for number, move in enumerate(solution.moves, start=1):
        selected = tab.send("pick", move.left)
        assert effects(selected, "line")[0]["marks"][move.left]["aria-pressed"] == "true"
        answer = tab.send("pick", move.right)
        shadow.push(move)
        assert tab.line == list(shadow.cards)
        assert words(answer, "field-moves") == str(number)
    assert tab.line[0] == QUEEN_OF_HEARTS and len(tab.line) == 2
    assert answer["r"]["page"]["a"]["data-outcome"] == "won"
    assert effects(answer, "celebrate") and effects(answer, "end")  # the end panel takes the focus
    assert words(answer, "stat-wins") == "1"


def test_a_click_on_nothing_drops_the_selection() -> None:
    tab = Tab()
    move = solve(tab.line).moves[0]
    tab.send("pick", move.left)
    dropped = tab.send("press", "cancel")
    assert effects(dropped, "line")[0]["marks"][move.left]["aria-pressed"] == "false"


def test_the_question_before_a_loss_is_asked_kept_by_escape_and_answered() -> None:
    tab = Tab()
    move = solve(tab.line).moves[0]
    play(tab, move.left, move.right)
    asked = tab.send("press", "new-game")
    assert effects(asked, "modal") == [["loss-dialog", True]]
    tab.send("closed", "loss-dialog")  # Escape: No, the game stays
    assert tab.app.state.leaving is None and tab.session.game.moves == 1
    tab.send("press", "new-game")
    left = tab.send("leave", False)
    assert ["loss-dialog", False] in effects(left, "modal")
    assert tab.session.game.moves == 0 and tab.session.stats.of(tab.session.settings.variant).played == 1


def test_a_dialog_the_page_closes_itself_is_not_heard_of_twice() -> None:
    tab = Tab()
    opened = tab.send("settings-open")
    assert effects(opened, "modal") == [["settings-dialog", True]]
    assert tab.app.settings.modal.is_open
    tab.send("closed", "settings-dialog")  # Escape
    assert not tab.app.settings.modal.is_open


def test_a_setting_changed_is_kept_and_drawn() -> None:
    tab = Tab()
    changed = tab.send("change", ["large-cards", True])
    assert tab.session.settings.large_cards
    assert changed["r"]["site"]["a"]["data-large-cards"] == ""
    tab.send("change", ["loss-dont-ask", True])  # a question's box, not a setting
    assert tab.session.settings.ask_before_loss


def test_the_calendar_finds_a_days_challenges_a_paint_at_a_time_and_plays_one() -> None:
    tab = Tab()
    opened = tab.send("calendar-open")
    assert effects(opened, "modal") == [["calendar", True]]
    answer = opened
    while tab.app.calendar.state.searching:
        assert effects(answer, "after-paint") == ["calendar"]
        answer = tab.send("painted", "calendar")
    found = tab.app.calendar.state.found
    assert found is not None
    number = next(iter(found.values()))
    played = tab.send("calendar-play", str(number))
    assert ["calendar", False, False] in effects(played, "modal")  # the game takes the focus
    assert tab.session.game.number == number


def test_the_review_judges_a_move_a_turn_and_gives_the_focus_back() -> None:
    tab = Tab()
    for move in solve(tab.line).moves:
        play(tab, move.left, move.right)
    opened = tab.send("review-open")
    assert opened["r"]["review"]["a"]["hidden"] is None
    assert opened["f"] == {"in": "review", "to": "#review-step", "take": True}
    assert effects(opened, "timer") == [["review", 0, False]]
    answer = opened
    while effects(answer, "timer"):
        answer = tab.send("timer", "review")
    assert tab.app.review.review is not None and tab.app.review.review.complete
    stepped = tab.send("review-go", "step")
    assert tab.app.review.review.position == 1 and effects(stepped, "line")
    closed = tab.send("review-go", "close")
    assert closed["f"] == {"in": "result", "to": "#review-open", "take": True}
    assert tab.app.review.review is None


def test_the_replay_plays_by_its_timer_and_closes_back_to_its_button() -> None:
    tab = Tab()
    moves = solve(tab.line).moves
    for move in moves:
        play(tab, move.left, move.right)
    opened = tab.send("replay-open")
    assert opened["f"] == {"in": "replay-bar", "to": "#replay-play", "take": True}
    assert len(tab.line) == 52  # the deal's start, on the board
    playing = tab.send("replay", "toggle")
    assert effects(playing, "timer") == [["replay", 900, True]]
    tab.send("timer", "replay")
    assert len(tab.line) < 52
    closed = tab.send("replay", "close")
    assert ["replay", None, False] in effects(closed, "timer")
    assert closed["f"] == {"in": "result", "to": "#replay", "take": True}
    assert len(tab.line) == 2  # the game's end, as it was


def test_another_tabs_move_makes_this_tabs_click_stale_and_the_page_follows() -> None:
    local, time = Local(), Time()
    a, b = Tab(local, time), Tab(local, time)
    move = solve(a.line).moves[0]
    play(a, move.left, move.right)
    assert len(b.line) == 52
    answer = play(b, move.left, move.right)  # b had not heard: its move is refused, and it catches up
    assert b.line == a.line and b.session.game.moves == 1
    assert words(answer, "field-moves") == "1"


def test_a_storage_event_brings_another_tabs_game() -> None:
    local, time = Local(), Time()
    a, b = Tab(local, time), Tab(local, time)
    move = solve(a.line).moves[0]
    play(a, move.left, move.right)
    b.send("storage")
    assert b.line == a.line


def test_a_drag_under_way_ends_with_a_word_when_another_tab_changes_the_game() -> None:
    local, time = Local(), Time()
    a, b = Tab(local, time), Tab(local, time)
    move = solve(a.line).moves[0]
    a.send("drag", move.left)
    play(b, move.left, move.right)
    followed = a.send("storage")
    assert effects(followed, "drag-stop") == [None] and a.line == b.line
    assert words(followed, "status") == describe.DRAG_STOPPED
    again = a.send("storage")
    assert effects(again, "drag-stop") == [], "ended once"


def notice_words(patch: dict[str, Any]) -> str:
    return json.dumps(patch.get("r", {}).get("notices", {}), ensure_ascii=False)


def test_the_page_keeps_the_records_and_a_reload_resumes_the_game() -> None:
    local = Local()
    tab = Tab(local)
    move = solve(tab.line).moves[0]
    play(tab, move.left, move.right)
    saved = load_game(local.data[GAME_KEY], 0.0)
    assert saved.moves == 1
    again = Tab(local)
    assert again.line == tab.line and again.session.game.moves == 1


def test_a_full_storage_pauses_saving_and_the_next_write_after_room_saves_all() -> None:
    local = Local()
    tab = Tab(local)
    moves = iter(solve(tab.line).moves)
    local.full = True
    move = next(moves)
    answer = play(tab, move.left, move.right)
    assert describe.NOT_SAVING in notice_words(answer["later"])
    assert GAME_KEY not in local.data or load_game(local.data[GAME_KEY], 0.0).moves == 0
    move = next(moves)
    answer = play(tab, move.left, move.right)
    assert describe.SAVING_AGAIN not in json.dumps(answer, ensure_ascii=False)
    assert tab.session.game.moves == 2 and tab.line == list(tab.session.game.line.cards)

    local.full = False
    move = next(moves)
    answer = play(tab, move.left, move.right)
    assert describe.SAVING_AGAIN in notice_words(answer["later"])
    assert load_game(local.data[GAME_KEY], 0.0).moves == 3


def test_a_storage_the_page_cannot_read_plays_in_memory_and_says_so() -> None:
    tab = Tab(Local(unreadable=True))
    assert describe.NO_STORAGE[:40] in notice_words(tab.started)
    move = solve(tab.line).moves[0]
    play(tab, move.left, move.right)
    assert tab.session.game.moves == 1 and tab.local.data == {}


def test_a_bad_link_in_the_address_is_a_notice_and_the_game_goes_on() -> None:
    tab = Tab(query={"deal": "x"})
    assert "x" in notice_words(tab.started) and len(tab.line) == 52


def test_a_notice_is_dismissed_by_its_number() -> None:
    tab = Tab()
    tab.drawing.notice(describe.Notice("Saving is paused."))
    shown = tab.send("timer", "tick")
    assert len(shown["r"]["notices"]["c"]) == 1
    number = shown["r"]["notices"]["c"][0]["k"]
    dismissed = tab.send("dismiss", number)
    assert dismissed["r"]["notices"].get("c", []) == []


def test_a_message_of_no_kind_the_page_sends_is_an_error_not_a_guess() -> None:
    tab = Tab()
    with pytest.raises(KeyError):
        tab.send("eval", "1")
    with pytest.raises(ValueError):
        tab.send("pick", 5)


#: Messages the page may send at any time, whatever is showing (a card is picked by its place in
#: the line as drawn, so that it is one the player could click).
ANY_TIME: list[tuple[str, Any]] = [
    ("press", "undo"),
    ("press", "redo"),
    ("press", "hint"),
    ("press", "cancel"),
    ("press", "new-game"),
    ("press", "restart"),
    ("press", "result-rewind"),
    ("leave", True),
    ("stay", None),
    ("closed", "loss-dialog"),
    ("settings-open", None),
    ("closed", "settings-dialog"),
    ("change", ["quick-play", True]),
    ("calendar-open", None),
    ("painted", "calendar"),
    ("calendar-turn", "-1"),
    ("closed", "calendar"),
    ("achievements-open", None),
    ("achievements-close", None),
    ("review-open", None),
    ("review-go", "step"),
    ("review-go", "close"),
    ("timer", "review"),
    ("replay-open", None),
    ("replay", "toggle"),
    ("timer", "replay"),
    ("replay", "close"),
    ("finish", None),
    ("timer", "finish"),
    ("painted", "finish"),
    ("painted", "keep-data"),
    ("timer", "tick"),
    ("visible", {"shown": False, "ago": 0}),
    ("visible", {"shown": True, "ago": 3}),
    ("storage", None),
    ("export", None),
    ("reset", None),
    ("reset-cancel", None),
]


@st.composite
def messages(draw: st.DrawFn) -> list[tuple[str, Any]]:
    """Messages in any order, most of them picks of a card at some place of the line."""
    return draw(
        st.lists(
            st.one_of(
                st.tuples(st.just("pick"), st.integers(0, 51)),
                st.tuples(st.just("drop"), st.tuples(st.integers(0, 51), st.integers(0, 51))),
                st.sampled_from(ANY_TIME),
            ),
            max_size=40,
        )
    )


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(messages())
def test_messages_in_any_order_are_each_answered_with_what_the_game_shows(
    sent: list[tuple[str, Any]],
) -> None:
    """Whatever the player does in whatever order, each message is answered (never an error),
    and the line drawn is the game's, or the replay's or the review's while one is on the board."""
    tab = Tab()
    for kind, what in sent:
        if kind == "pick":
            what = tab.line[what % len(tab.line)]
        elif kind == "drop":
            what = [tab.line[what[0] % len(tab.line)], tab.line[what[1] % len(tab.line)]]
        tab.send(kind, what)
        shown = tab.app.review.review or tab.app.replay.replay
        expected = shown.line.cards if shown is not None else tab.session.game.line.cards
        assert tab.line == list(expected)
    assert_the_views_keep_no_state(tab)


def assert_the_views_keep_no_state(tab: Tab) -> None:
    """What the page is in is one value, the App's ``state``: the views and the play hold it,
    the session and what they call, and nothing of their own (a flag, a step, a cache). The
    drawing (what the page shows, and is to hear with the next) is the description's side."""
    wiring = (PageState, Session, BackupActions, Modal, str)
    app = tab.app
    parts = [
        part
        for part in vars(app).values()
        if type(part).__module__.startswith(("royal.web.", "royal.table."))
        and part not in (app.page, app.state)
    ]
    assert len(parts) >= 12
    for part in parts:
        for name, value in vars(part).items():
            held = value.values() if isinstance(value, dict) else [value]
            for item in held:
                kept = f"{type(part).__name__}.{name} keeps {item!r}"
                assert callable(item) or isinstance(item, wiring), kept
            if isinstance(value, PageState):
                assert value is app.state, f"{type(part).__name__}.{name} is a state of its own"


def test_the_calendar_turns_only_while_it_is_open() -> None:
    """Found by the property above: a month turned before the calendar ever opened walked its
    unset focus to the year 0."""
    tab = Tab()
    tab.send("calendar-turn", "-1")
    tab.send("calendar", "PageUp")
    assert not tab.app.calendar.modal.is_open
    tab.send("calendar-open")
    month = tab.app.calendar.state.month
    tab.send("calendar-turn", "-1")
    assert tab.app.calendar.state.month != month


def test_the_table_kept_for_the_next_visit_follows_each_write_after_its_paint() -> None:
    local, time = Local(), Time()
    a = Tab(local, time)
    assert a.session.game.number == FIRST_DEAL  # a newcomer's first deal, which the build drew
    assert "keep-table" in effects(a.started, "after-paint") and SNAPSHOT_KEY not in local.data
    a.send("painted", "keep-table")
    kept = json.loads(local.data[SNAPSHOT_KEY])
    assert effects(kept["patch"], "line")[0]["cards"] == a.line
    move = solve(a.line).moves[0]
    played = play(a, move.left, move.right)
    assert "keep-table" in effects(played, "after-paint"), "described once the move is on the screen"
    a.send("painted", "keep-table")
    kept = json.loads(local.data[SNAPSHOT_KEY])
    assert effects(kept["patch"], "line")[0]["cards"] == a.line
    assert kept["patch"]["r"]["field-moves"]["c"] == ["1"]
    assert effects(a.send("painted", "keep-table"), "after-paint") == [], "its own write asks for no more"

    b = Tab(local, time)
    b.send("painted", "keep-table")
    before = local.data[SNAPSHOT_KEY]
    time.t += 90  # the clock the kept table shows would differ, were it written again
    assert effects(b.send("storage"), "after-paint") == []
    b.send("timer", "tick")
    assert local.data[SNAPSHOT_KEY] == before, "a tab that only follows writes nothing back"
    a.send("change", ["theme-dark", True])
    a.send("painted", "keep-table")
    assert json.loads(local.data[SNAPSHOT_KEY])["patch"]["r"]["site"]["a"]["data-theme"] == "dark"
    time.t += 30
    a.send("pagehide")  # the last moment: kept at once, with the clock as it is left
    assert json.loads(local.data[SNAPSHOT_KEY])["patch"]["r"]["field-time"]["c"] == ["2:00"]


@pytest.mark.parametrize(
    "leaving", [("pagehide", None), ("visible", {"shown": False, "ago": 0})], ids=["left", "hidden"]
)
def test_a_page_left_before_its_paint_keeps_the_table_it_drew(leaving: tuple[str, Any]) -> None:
    """Found in CI: a setting changed and the page reloaded before the paint kept the table
    drawn with the setting before it. Hidden or left, the page may never paint again."""
    local = Local()
    tab = Tab(local)
    move = solve(tab.line).moves[0]
    play(tab, move.left, move.right)
    tab.send("painted", "keep-table")
    tab.send("change", ["felt-slate", True])
    tab.send(*leaving)  # wrote nothing itself: the setting's write waits for its paint
    kept = json.loads(local.data[SNAPSHOT_KEY])["patch"]
    assert effects(kept, "line")[0]["cards"] == tab.line
    assert kept["r"]["site"]["a"]["data-felt"] == "slate"
