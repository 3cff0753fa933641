"""The stock game's chance on the page (``#chance``): weighed after the board is painted, since
it solves the line for every sampled order of the stock, and then drawn in a call of its own
(docs/rules.md, "The chance")."""

from __future__ import annotations

from collections.abc import Callable

from royal import describe
from royal.game import Game
from royal.table.state import PageState
from royal.view.html import Patch
from royal.view.page import WEIGHING, chance_line
from royal.view.timing import after_paint


class ChanceView:
    """What ``#chance`` says for each drawing, and the weighing of the position drawn."""

    def __init__(
        self,
        state: PageState,
        weighed: Callable[[], Game | None],
        draw: Callable[[Patch], None],
        show: Callable[[Patch], None],
    ) -> None:
        self.state = state  # its ``chance``: the line as drawn, None while no chance shows
        self._weighed = weighed  # the game whose chance the page shows now, if any
        self._draw = draw
        self._show = show  # with the next drawing

    def for_drawing(self) -> str | None:
        """The line to draw now: none, or the last chance weighed while the position drawn is
        weighed after the paint (the game may move on meanwhile: what is weighed is the game then)."""
        state = self.state
        if self._weighed() is None:
            state.chance = None
        elif state.wait("chance"):
            if state.chance is None:
                state.chance = WEIGHING
            self._show(after_paint("chance"))
        return state.chance

    def weigh(self) -> None:
        """The drawing is on the screen (its ``painted`` message): weigh the game shown now."""
        self.state.painted("chance")
        game = self._weighed()
        self.state.chance = describe.chance(game.advice().chance) if game is not None else None
        self._draw(Patch(chance_line(self.state.chance)))
