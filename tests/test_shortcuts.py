"""Shortcut keys (docs/automation.md, "Buttons and keys"): which key press names which action,
modifiers included."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples
from royal.shortcuts import ARROWS, arrow_step, shortcut


@pytest.mark.parametrize(
    "key, modifiers, action",
    [
        ("z", {"control": True}, "undo"),
        ("Z", {"control": True}, "undo"),
        ("z", {"control": True, "shift": True}, "redo"),
        ("Z", {"control": True, "shift": True}, "redo"),
        ("y", {"control": True}, "redo"),
        ("h", {}, "hint"),
        ("H", {}, "hint"),  # Caps Lock
        ("H", {"shift": True}, "hint"),
        ("n", {}, "new-game"),
        ("N", {"shift": True}, "new-game"),
        ("Escape", {}, "cancel"),
    ],
)
def test_shortcuts_name_their_actions(key, modifiers, action):
    assert shortcut(key, **modifiers) == action


@pytest.mark.parametrize(
    "key, modifiers",
    [
        ("z", {}),  # undo needs Ctrl
        ("z", {"control": True, "alt": True}),
        ("h", {"control": True}),  # Ctrl+H is the browser's
        ("n", {"control": True}),  # a new window
        ("h", {"alt": True}),
        ("H", {"alt": True, "shift": True}),
        ("Escape", {"shift": True}),
        ("?", {"shift": True}),
        ("x", {}),
        ("Enter", {}),
    ],
)
def test_other_key_presses_are_left_to_the_browser(key, modifiers):
    assert shortcut(key, **modifiers) is None


@settings(max_examples=examples(100))
@given(st.text(max_size=12), st.booleans(), st.booleans())
def test_alt_is_never_a_shortcut_and_shift_only_for_h_and_n(key, control, shift):
    assert shortcut(key, control=control, alt=True, shift=shift) is None
    if shift and not control and key not in ("H", "N"):
        assert shortcut(key, shift=True) is None


def test_arrows_step_along_the_line_only_without_modifiers():
    assert {key: arrow_step(key) for key in ARROWS} == {
        "ArrowLeft": "previous",
        "ArrowRight": "next",
        "ArrowUp": "up",
        "ArrowDown": "down",
        "Home": "first",
        "End": "last",
    }
    assert arrow_step("ArrowLeft", control=True) is None
    assert arrow_step("Home", alt=True) is None
    assert arrow_step("h") is None


def test_replay_keys_play_step_and_close():
    from royal.shortcuts import replay_key

    assert replay_key(" ") == "toggle"
    assert replay_key("ArrowRight") == replay_key("ArrowDown") == "step"
    assert replay_key("ArrowLeft") == replay_key("ArrowUp") == "back"
    assert replay_key("Escape") == "close"
    assert replay_key("h") is None and replay_key("Enter") is None
    assert replay_key(" ", control=True) is None and replay_key("ArrowLeft", alt=True) is None
