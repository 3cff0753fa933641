"""The key map (docs/automation.md, "Buttons and keys"): which key press, with the focus where,
sends which message; the page (static/view.js) decides by it, so this is the mapping players get."""

import datetime as dt
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples
from royal.shortcuts import FORM_CONTROLS, KEY_MAP, KEY_MAP_JSON
from royal.table.messages import PRESSES
from royal.view.calendar import moved_day

GAME = KEY_MAP["game"].keys


@pytest.mark.parametrize(
    "chord, action",
    [
        ("Ctrl+z", "undo"),
        ("Ctrl+Z", "undo"),  # Caps Lock
        ("Ctrl+Shift+z", "redo"),  # Caps Lock and Shift
        ("Ctrl+Shift+Z", "redo"),
        ("Ctrl+y", "redo"),
        ("h", "hint"),
        ("H", "hint"),  # Caps Lock
        ("Shift+H", "hint"),
        ("n", "new-game"),
        ("Shift+N", "new-game"),
        ("d", "deal-card"),
        ("Escape", "cancel"),
    ],
)
def test_shortcuts_name_their_actions(chord, action):
    assert GAME[chord] == ("press", action)


@pytest.mark.parametrize(
    "chord",
    [
        "z",  # undo needs Ctrl
        "Ctrl+Alt+z",
        "Ctrl+h",  # Ctrl+H is the browser's
        "Ctrl+n",  # a new window
        "Alt+h",
        "Alt+Shift+H",
        "Shift+Escape",
        "Shift+?",
        "x",
        "Enter",
        " ",
        "Shift+h",  # Shift with Caps Lock: not the key's plain capital
    ],
)
def test_other_key_presses_are_left_to_the_browser(chord):
    assert chord not in GAME


def test_every_game_key_presses_a_button_and_none_takes_alt():
    for group in KEY_MAP.values():
        assert not any("Alt+" in chord for chord in group.keys)
    assert {kind for kind, _ in GAME.values()} == {"press"}
    assert {action for _, action in GAME.values()} <= PRESSES


@settings(max_examples=examples(100))
@given(st.text(max_size=12))
def test_shift_is_a_shortcut_only_for_h_n_and_d(key):
    message = GAME.get(f"Shift+{key}")
    assert message is None or key in ("H", "N", "D")


def test_the_game_and_the_replay_leave_dialogs_and_form_fields_their_keys():
    assert KEY_MAP["game"].outside == KEY_MAP["replay"].outside == KEY_MAP["line"].outside == FORM_CONTROLS
    assert "dialog" in FORM_CONTROLS and "input" in FORM_CONTROLS


def test_arrows_step_along_the_line_from_a_card_with_or_without_shift():
    line = KEY_MAP["line"]
    assert line.inside == "[data-card]"
    assert {chord: step for chord, (kind, step) in line.keys.items() if "+" not in chord} == {
        "ArrowLeft": "previous",
        "ArrowRight": "next",
        "ArrowUp": "up",
        "ArrowDown": "down",
        "Home": "first",
        "End": "last",
    }
    assert line.keys["Shift+Home"] == ("line", "first")
    assert "Ctrl+ArrowLeft" not in line.keys and "h" not in line.keys


def test_replay_keys_play_step_and_close_while_one_shows_before_the_line_and_the_game():
    replay = KEY_MAP["replay"]
    assert replay.inside == "[data-replay]"
    assert replay.keys[" "] == ("replay", "toggle")
    assert replay.keys["ArrowRight"] == replay.keys["ArrowDown"] == ("replay", "step")
    assert replay.keys["ArrowLeft"] == replay.keys["Shift+ArrowUp"] == ("replay", "back")
    assert replay.keys["Escape"] == ("replay", "close")
    assert "h" not in replay.keys and "Enter" not in replay.keys and "Ctrl+ " not in replay.keys
    order = list(KEY_MAP)
    assert order.index("replay") < order.index("line") < order.index("game")


def test_the_panels_keys_are_theirs_inside_them():
    assert KEY_MAP["review-moves"].inside == "#review-moves"
    assert KEY_MAP["review"].keys["Escape"] == ("review", "Escape")
    calendar = KEY_MAP["calendar"]
    assert calendar.inside == "#calendar-days"
    # Every key the calendar is sent moves its date grid's focus.
    for chord, (kind, key) in calendar.keys.items():
        assert kind == "calendar" and chord.removeprefix("Shift+") == key
        assert moved_day(dt.date(2026, 12, 4), key) is not None
    order = list(KEY_MAP)
    assert order.index("review-moves") < order.index("review") < order.index("game")


def test_the_page_reads_the_map_in_order_as_json():
    groups = json.loads(KEY_MAP_JSON)
    assert [group["in"] for group in groups] == [group.inside for group in KEY_MAP.values()]
    assert groups[-1]["keys"]["Ctrl+Shift+Z"] == ["press", "redo"]
