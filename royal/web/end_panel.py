"""The end of a game on the page, where only the browser can do it: the focus the end panel
(``#result``, drawn by royal/view/ending.py) takes, and the scroll that brings it and the royal
pair into view together."""

from __future__ import annotations

from typing import Any

from pyodide.ffi import to_js
from pyscript import document, window

from royal.web.dom import on_event, within

#: Room above the royal pair at a win for the embrace (static/app.css, @keyframes embrace),
#: which lifts them 8 px and grows them 1.6 times about their foot: 8 px and 0.6 of a card.
EMBRACE_PX = 8
EMBRACE_GROWTH = 0.6


class EndPanel:
    """Moves the focus to the end panel ``panel`` (``#result``) and scrolls it into view."""

    def __init__(self, panel: Any) -> None:
        self.panel = panel
        self.new_game = within(panel, "result-new")
        self.replay = within(panel, "replay")
        # How the player last acted, so a game ended by a tap or a click does not show the
        # keyboard's focus ring on the button it focuses, and one ended by a key does.
        self._by_pointer = False
        on_event(document, "pointerdown", self._pointer, capture=True)
        on_event(document, "keydown", self._key, capture=True)

    def _pointer(self, event: Any) -> None:
        self._by_pointer = True

    def _key(self, event: Any) -> None:
        self._by_pointer = False

    def focus_replay(self) -> None:
        """Focus the replay button (where the player was before the replay)."""
        self.replay.focus()

    def focus_new_game(self, line: Any) -> None:
        """Focus the new-game button (the line has no move left to focus on) without letting
        the browser scroll to it: scroll instead so that the panel and ``line`` (where the
        royal pair stands) are both in view, the line first when both do not fit."""
        options = {"preventScroll": True, "focusVisible": not self._by_pointer}
        self.new_game.focus(to_js(options, dict_converter=window.Object.fromEntries))
        top = float(line.getBoundingClientRect().top)
        bottom = float(self.panel.getBoundingClientRect().bottom)
        controls = document.querySelector(".controls")
        reserved = float(controls.getBoundingClientRect().bottom)
        royal = line.querySelector(".royal")
        growth = EMBRACE_GROWTH * float(royal.getBoundingClientRect().height) if royal else 0.0
        margin = max(0.0, reserved) + EMBRACE_PX + growth  # below the control bar (on top on a phone)
        down = max(0.0, bottom + 8 - float(window.innerHeight))
        down = min(down, top - margin)
        if abs(down) >= 1:
            window.scrollBy(0, down)
        self._whole_bar(controls)

    @staticmethod
    def _whole_bar(controls: Any) -> None:
        """On a phone the control bar sticks with its first row above the window: a scroll that
        stops partway leaves a sliver of that row over the second. Finish it, or undo it."""
        sticky = str(window.getComputedStyle(controls).top)  # "auto" where it does not stick
        stuck_at = -float(sticky.removesuffix("px")) if sticky.endswith("px") else 0.0
        top = float(controls.getBoundingClientRect().top)
        if stuck_at > 0 and -stuck_at + 0.5 < top < -0.5:
            window.scrollBy(0, top + stuck_at if top < -stuck_at / 2 else top)
