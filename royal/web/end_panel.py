"""The end of a game on the page: the panel (``#result``) with its words, the score's breakdown
and the buttons that fit, ``body[data-outcome]``, and the win's celebration."""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from royal import describe
from royal.game import Game, Outcome
from royal.web.dom import on_event, within

#: How long the win's celebration shows, in milliseconds.
CELEBRATION_MS = 2600
#: Room above the royal pair at a win for the embrace (static/app.css, @keyframes embrace),
#: which lifts them 8 px and grows them 1.6 times about their foot: 8 px and 0.6 of a card.
EMBRACE_PX = 8
EMBRACE_GROWTH = 0.6


class EndPanel:
    """Shows how ``game`` ended in ``panel`` (``#result``), and a win's ``celebration``."""

    def __init__(self, panel: Any, celebration: Any) -> None:
        self.panel = panel
        self.celebration = celebration
        self.heading = within(panel, "result-heading")
        self.text = within(panel, "result-text")
        self.undo = within(panel, "result-undo")
        self.rewind = within(panel, "result-rewind")
        self.score = within(panel, "result-score")
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

    def render(self, game: Game, now: float) -> None:
        """Mark the body with the game's outcome and show the panel, or hide it while it plays.

        A stuck game that could be won earlier offers a button back to its last winnable move.
        """
        body = document.body
        outcome = game.outcome
        if outcome is None:
            self._end_celebration()
            body.removeAttribute("data-outcome")
            self.panel.hidden = True
            return
        body.setAttribute("data-outcome", outcome.value)
        self.panel.setAttribute("data-outcome", outcome.value)
        self.heading.textContent, self.text.textContent = describe.ending(game, now)
        self.undo.hidden = not game.can_undo
        rewind = game.last_winnable() if outcome is Outcome.STUCK else None
        self.rewind.hidden = rewind is None
        self.rewind.textContent = "" if rewind is None else describe.rewind_button(rewind)
        self.score.hidden = False
        for name, value in describe.breakdown(game.breakdown).items():
            self.score.querySelector(f'[data-part="{name}"]').textContent = value
        self.panel.hidden = False

    def celebrate(self) -> None:
        """A short shower of hearts for a win, unless the player asked for reduced motion."""
        if window.matchMedia("(prefers-reduced-motion: reduce)").matches:
            return
        self.celebration.hidden = False
        document.body.setAttribute("data-celebrating", "")
        window.setTimeout(create_once_callable(self._end_celebration), CELEBRATION_MS)

    def _end_celebration(self) -> None:
        self.celebration.hidden = True
        document.body.removeAttribute("data-celebrating")

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
