"""Which key does what, as data the page decides by: the game's key map.

A key press has to be taken (its default prevented) while it is dispatched, which Python may
not wait for (from a worker it cannot): so the page decides it from the map published here
(``body[data-keys]``, drawn by royal/view/page.py; static/view.js matches it) and sends the
message it names as one call. The map is a list of groups, the first that answers a press
winning. A group answers a key press when it names its chord and the focus is inside ``in``
and not inside ``out`` (CSS selectors; ``None``: anywhere). A chord is the key as the browser
names it (``KeyboardEvent.key``) after the modifiers held, in the order ``Ctrl+Alt+Shift+``
(Cmd counts as Ctrl): ``"Ctrl+Shift+Z"``, ``"Shift+H"``, ``" "`` for Space.

A message is ``[kind, what]``: ``press`` names one of the game's actions
(:data:`royal.table.messages.PRESSES`), ``replay`` a replay control, ``review`` and
``calendar`` the key itself, which those panels interpret; ``line`` is the page's own (the
focus moves along the line, in static/line.js) and never reaches Python.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

#: Where key presses belong to what has focus (typing, a dialog's own keys), not to the game.
FORM_CONTROLS = "dialog, input, textarea, select, [contenteditable]"

#: Arrow keys (and Home/End) move focus along the line of cards, in these steps.
ARROWS = {
    "ArrowLeft": "previous",
    "ArrowRight": "next",
    "ArrowUp": "up",
    "ArrowDown": "down",
    "Home": "first",
    "End": "last",
}
#: Keys that work alone, in either case (Caps Lock), and the capitals that also work with Shift.
PLAIN = {"h": "hint", "n": "new-game", "d": "deal-card", "escape": "cancel"}
SHIFTED = ("H", "N", "D")
#: While a replay shows, these keys drive it instead of the game.
REPLAY = {
    " ": "toggle",
    "ArrowRight": "step",
    "ArrowDown": "step",
    "ArrowLeft": "back",
    "ArrowUp": "back",
    "Escape": "close",
}
#: The review's moves list: a step either way, the first and the last move.
REVIEW_MOVES = ("ArrowUp", "ArrowLeft", "ArrowDown", "ArrowRight", "Home", "End")
#: The calendar's date grid (royal.view.calendar.moved_day says where each leads).
CALENDAR_DAYS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown")

Message = tuple[str, str]


@dataclass(frozen=True, slots=True)
class KeyGroup:
    """Chords and the messages they send, while the focus is inside ``inside`` (a selector,
    ``None``: anywhere) and not inside ``outside``."""

    keys: Mapping[str, Message]
    inside: str | None = None
    outside: str | None = None

    def to_data(self) -> dict[str, object]:
        return {"in": self.inside, "out": self.outside, "keys": {k: list(m) for k, m in self.keys.items()}}


def _shift_too(keys: Mapping[str, Message]) -> dict[str, Message]:
    """``keys`` alone or with Shift held (keys that have no capital)."""
    return {**keys, **{f"Shift+{key}": message for key, message in keys.items()}}


def _game_keys() -> dict[str, Message]:
    """Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo (in either case, Shift or not for Y); H, N, D
    (deal, from the stock) and Escape work alone, and H, N and D with Shift too. Anything with
    Alt is left to the browser, as are other shifted keys."""
    keys: dict[str, Message] = {}
    for letter in "zZ":
        keys[f"Ctrl+{letter}"] = ("press", "undo")
        keys[f"Ctrl+Shift+{letter}"] = ("press", "redo")
    for letter in "yY":
        keys[f"Ctrl+{letter}"] = keys[f"Ctrl+Shift+{letter}"] = ("press", "redo")
    for key, action in PLAIN.items():
        if len(key) == 1:
            keys[key] = keys[key.upper()] = ("press", action)
        else:
            keys[key.capitalize()] = ("press", action)
    keys.update({f"Shift+{key}": ("press", PLAIN[key.lower()]) for key in SHIFTED})
    return keys


def _named(kind: str, keys: Iterable[str]) -> dict[str, Message]:
    return {key: (kind, key) for key in keys}


def _replay_keys() -> dict[str, Message]:
    return {key: ("replay", name) for key, name in REPLAY.items()}


def _line_keys() -> dict[str, Message]:
    return {key: ("line", step) for key, step in ARROWS.items()}


#: The key map by name, first group first: a replay's keys while it shows (``body[data-replay]``),
#: the review's, the calendar's, the arrows on a card, and the game's shortcuts.
KEY_MAP = {
    "replay": KeyGroup(_shift_too(_replay_keys()), "[data-replay]", FORM_CONTROLS),
    "review-moves": KeyGroup(_shift_too(_named("review", REVIEW_MOVES)), "#review-moves"),
    "review": KeyGroup(_shift_too(_named("review", ("Escape",))), "#review"),
    "calendar": KeyGroup(_shift_too(_named("calendar", CALENDAR_DAYS)), "#calendar-days"),
    "line": KeyGroup(_shift_too(_line_keys()), "[data-card]", FORM_CONTROLS),
    "game": KeyGroup(_game_keys(), None, FORM_CONTROLS),
}

#: The map as the page reads it: the groups in order.
KEY_MAP_JSON = json.dumps([group.to_data() for group in KEY_MAP.values()], separators=(",", ":"))
