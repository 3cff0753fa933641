"""Which key does what: the game's shortcut keys and arrow keys, as pure functions.

The page's keyboard handler (:mod:`royal.web.keys`) reads the key and its modifiers from the
browser event and asks here, so the mapping is tested under CPython.
"""

from __future__ import annotations

#: Arrow keys (and Home/End) move focus along the line of cards, in these steps.
ARROWS = {
    "ArrowLeft": "previous",
    "ArrowRight": "next",
    "ArrowUp": "up",
    "ArrowDown": "down",
    "Home": "first",
    "End": "last",
}
#: Keys that work alone (matched ignoring case), and the capitals that also work with Shift.
PLAIN = {"h": "hint", "n": "new-game", "d": "deal-card", "escape": "cancel"}
SHIFTED = ("H", "N", "D")


def shortcut(key: str, *, control: bool = False, alt: bool = False, shift: bool = False) -> str | None:
    """The action a key press names (``"undo"``, ``"hint"``...), or ``None``.

    ``control`` is Ctrl or, on a Mac, Cmd. Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo; H, N,
    D (deal, from the stock) and Escape work alone, and H, N and D with Shift too. Anything
    with Alt is left to the browser, as are other shifted keys.
    """
    letter = key.lower()
    if control:
        if alt:
            return None
        if letter == "z":
            return "redo" if shift else "undo"
        return "redo" if letter == "y" else None
    if alt or (shift and key not in SHIFTED):
        return None
    return PLAIN.get(letter)


def arrow_step(key: str, *, control: bool = False, alt: bool = False) -> str | None:
    """The step along the line an unmodified arrow, Home or End key takes, or ``None``."""
    return None if control or alt else ARROWS.get(key)


#: While a replay shows, these keys drive it instead of the game.
REPLAY_KEYS = {
    " ": "toggle",
    "ArrowRight": "step",
    "ArrowDown": "step",
    "ArrowLeft": "back",
    "ArrowUp": "back",
    "Escape": "close",
}


def replay_key(key: str, *, control: bool = False, alt: bool = False) -> str | None:
    """The replay action a key press names (Space plays or pauses, arrows step, Escape
    closes), or ``None``; keys with Ctrl, Cmd or Alt are left to the browser."""
    return None if control or alt else REPLAY_KEYS.get(key)
