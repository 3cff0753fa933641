"""Finish for me (``#finish``): shown while the rest of the win is forced (royal/forced.py); it
plays the moves out one by one through the game's own move, with the normal animation and
sounds, so the win is the player's (docs/play.md, "Finish for me")."""

from __future__ import annotations

from collections.abc import Callable

from royal import describe
from royal.forced import forced_finish
from royal.game import Game
from royal.line import Move
from royal.table.state import PageState
from royal.view.html import Patch
from royal.view.page import finish_button
from royal.view.timing import after_paint, timer

#: Time between the moves it plays.
STEP_MS = 450


class FinishView:
    """Offers its button (``#finish``) when the game's rest is forced; ``play(move)`` plays each
    move, ``draw(patch)`` draws the button once a position is weighed, ``show(patch)`` draws
    with the next drawing (its timers: royal/view/timing.py)."""

    def __init__(
        self,
        state: PageState,
        play: Callable[[Move], None],
        tell: Callable[[str], None],
        draw: Callable[[Patch], None],
        show: Callable[[Patch], None],
    ) -> None:
        self.state = state
        self.play = play
        self.tell = tell
        self.draw = draw
        self.show = show

    def offer(self, game: Game, offered: bool) -> int | None:
        """What the button offers for ``game`` when ``offered`` (no replay or review on show):
        the forced moves left (0 while it plays them), or ``None``. A position not yet weighed
        is weighed after the move is drawn (it may take a solver's search), not offered
        meanwhile."""
        finishing = self.state.finishing
        finishing.game, finishing.offered = game, offered
        if self._unweighed() and self.state.wait("finish"):
            self.show(after_paint("finish"))
        finishing.drawn = self._offer()
        return finishing.drawn

    def _position(self) -> tuple[tuple[str, ...], bool] | None:
        """The line Finish for me would weigh now, with its rule; ``None`` while it is not offered."""
        game, offered = self.state.finishing.game, self.state.finishing.offered
        if game is None or not offered or game.outcome is not None:
            return None
        return game.line.cards, game.variant.suit_runs

    def _unweighed(self) -> bool:
        position = self._position()
        finishing = self.state.finishing
        return position is not None and not finishing.left and position not in finishing.known

    def weigh(self) -> None:
        """Weigh the position shown now, once it is painted (its ``painted`` message: the game may
        have moved on since it was asked for)."""
        self.state.painted("finish")
        finishing = self.state.finishing
        position = self._position()
        if position is not None and self._unweighed():
            finishing.known = {position: forced_finish(*position)}  # one position is asked about at a time
            if self._offer() != finishing.drawn:  # most positions are not forced: nothing to draw
                finishing.drawn = self._offer()
                self.draw(Patch(finish_button(finishing.drawn)))

    def _offer(self) -> int | None:
        finishing = self.state.finishing
        position = self._position()
        forced = finishing.known.get(position) if position is not None else None
        if finishing.left:
            return 0
        return None if forced is None else len(forced)

    def start(self) -> None:
        """Its button pressed: the forced rest is played, a move a step."""
        finishing = self.state.finishing
        game = finishing.game
        if game is None or finishing.left:
            return
        forced = finishing.known.get((game.line.cards, game.variant.suit_runs))
        if not forced:
            return
        finishing.left = list(forced)
        self.tell(describe.FINISHED_FOR_YOU)
        self.state.timers.add("finish")
        self.show(timer("finish", STEP_MS, repeat=True))
        self.step()

    def step(self) -> None:
        """Play the next move of the forced rest (its timer's message, or as it starts)."""
        finishing = self.state.finishing
        game = finishing.game
        if not finishing.left or game is None or game.outcome is not None:
            self._stop()
            return
        move = finishing.left.pop(0)
        if move not in game.legal_moves():  # the game changed under it (another tab): stop
            self._stop()
            return
        self.play(move)
        if not finishing.left:
            self._stop()

    def _stop(self) -> None:
        if "finish" in self.state.timers:
            self.state.timers.discard("finish")
            self.show(timer("finish", None))
        self.state.finishing.left = []
