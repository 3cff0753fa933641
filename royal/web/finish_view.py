"""Finish for me (``#finish``): shown while the rest of the win is forced (royal/forced.py); it
plays the moves out one by one through the game's own move, with the normal animation and
sounds, so the win is the player's (docs/play.md, "Finish for me")."""

from __future__ import annotations

from collections.abc import Callable

from royal import describe
from royal.forced import forced_finish
from royal.game import Game
from royal.line import Move
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
        play: Callable[[Move], None],
        tell: Callable[[str], None],
        draw: Callable[[Patch], None],
        show: Callable[[Patch], None],
    ) -> None:
        self.play = play
        self.tell = tell
        self.draw = draw
        self.show = show
        # Each position weighed, with its rule (suit runs or not): its forced rest, or None.
        self._known: dict[tuple[tuple[str, ...], bool], list[Move] | None] = {}
        self._left: list[Move] = []
        self._timing = False  # its timer runs
        self._game: Game | None = None
        self._offered = False
        self._due = False  # a check is asked for
        self._drawn: int | None = None  # the offer as drawn

    def offer(self, game: Game, offered: bool) -> int | None:
        """What the button offers for ``game`` when ``offered`` (no replay or review on show):
        the forced moves left (0 while it plays them), or ``None``. A position not yet weighed
        is weighed after the move is drawn (it may take a solver's search), not offered
        meanwhile."""
        self._game, self._offered = game, offered
        if self._unweighed() and not self._due:
            self._due = True
            self.show(after_paint("finish"))
        self._drawn = self._offer()
        return self._drawn

    def _position(self) -> tuple[tuple[str, ...], bool] | None:
        """The line Finish for me would weigh now, with its rule; ``None`` while it is not offered."""
        game = self._game
        if game is None or not self._offered or game.outcome is not None:
            return None
        return game.line.cards, game.variant.suit_runs

    def _unweighed(self) -> bool:
        position = self._position()
        return position is not None and not self._left and position not in self._known

    def weigh(self) -> None:
        """Weigh the position shown now, once it is painted (its ``painted`` message: the game may
        have moved on since it was asked for)."""
        self._due = False
        position = self._position()
        if position is not None and self._unweighed():
            self._known = {position: forced_finish(*position)}  # one position is asked about at a time
            if self._offer() != self._drawn:  # most positions are not forced: nothing to draw
                self._drawn = self._offer()
                self.draw(Patch(finish_button(self._drawn)))

    def _offer(self) -> int | None:
        position = self._position()
        forced = self._known.get(position) if position is not None else None
        if self._left:
            return 0
        return None if forced is None else len(forced)

    def start(self) -> None:
        """Its button pressed: the forced rest is played, a move a step."""
        game = self._game
        if game is None or self._left:
            return
        forced = self._known.get((game.line.cards, game.variant.suit_runs))
        if not forced:
            return
        self._left = list(forced)
        self.tell(describe.FINISHED_FOR_YOU)
        self._timing = True
        self.show(timer("finish", STEP_MS, repeat=True))
        self.step()

    def step(self) -> None:
        """Play the next move of the forced rest (its timer's message, or as it starts)."""
        game = self._game
        if not self._left or game is None or game.outcome is not None:
            self._stop()
            return
        move = self._left.pop(0)
        if move not in game.legal_moves():  # the game changed under it (another tab): stop
            self._stop()
            return
        self.play(move)
        if not self._left:
            self._stop()

    def _stop(self) -> None:
        if self._timing:
            self._timing = False
            self.show(timer("finish", None))
        self._left = []
