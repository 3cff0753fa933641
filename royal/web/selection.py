"""The player's choice on the line: the card selected (by a click, a key or a drag) and the hint
on show, and the marks they put on the cards. Both belong to the page rather than to the game."""

from __future__ import annotations

from collections.abc import Callable

from royal import describe
from royal.cards import spoken_name
from royal.game import Game
from royal.line import Line, Move
from royal.web.page import Page


class Selection:
    """Turns picked and dragged cards into a selection, or into the move they make, which
    ``on_move(move)`` hears; ``redraw()`` draws the page after the selection changed."""

    def __init__(
        self,
        game: Callable[[], Game],
        page: Page,
        on_move: Callable[[Move], None],
        redraw: Callable[[], None],
        quick_play: Callable[[], bool] = lambda: False,
    ) -> None:
        self.game = game
        self.page = page
        self.on_move = on_move
        self.redraw = redraw
        self.quick_play = quick_play  # the setting: a card with exactly one move plays it
        self.card: str | None = None  # the card selected
        self.shown_hint: Move | None = None  # the move the last hint marks

    def clear(self) -> None:
        """Forget the selection and the hint: the game they were about has changed."""
        self.card = None
        self.shown_hint = None

    def show_hint(self, move: Move | None) -> None:
        """Mark ``move`` as the hint (``None``: none), in place of any selection."""
        self.card = None
        self.shown_hint = move

    def choose(self, card: str) -> None:
        """A card was clicked or pressed: select it, cancel, or play the move it completes (or,
        with quick play, the only move it has: docs/play.md, "Settings")."""
        game = self.game()
        if game.outcome is not None:
            return
        if card == self.card:
            self._select(None)
            return
        if self.card is not None:
            for move in game.line.partners(self.card):
                if card in (move.left, move.right):
                    self.on_move(move)
                    return
        moves = game.line.partners(card)
        if len(moves) == 1 and self.quick_play():
            self.on_move(moves[0])
            return
        self._select(card)

    def can_drag(self) -> bool:
        """A card may be dragged while play goes on."""
        return self.game().outcome is None

    def drag_start(self, card: str) -> None:
        """A card is being dragged: select it, so its partners show."""
        if self.can_drag() and self.card != card:
            self._select(card)

    def drop(self, card: str, target: str | None) -> None:
        """A dragged card was dropped: on a partner it plays the move, anywhere else it cancels."""
        for move in self.game().line.partners(card):
            if target is not None and target == move.other(card):
                self.on_move(move)
                return
        self._select(None)

    def cancel(self) -> None:
        """Escape or a tap elsewhere drops the selection."""
        if self.card is not None:
            self._select(None)

    def _select(self, card: str | None) -> None:
        self.card = card
        if card is None:
            self.page.tell("", describe.SELECTION_CANCELLED)
        else:
            line = self.game().line
            self.page.tell(describe.selection(line, card), describe.selection(line, card, spoken_name))
            if not line.partners(card):
                self.page.sound("no-partner")
        self.redraw()

    def marks(self, line: Line) -> dict[str, dict[str, str]]:
        """The attributes the selection and the hint put on the cards of ``line``."""
        marks: dict[str, dict[str, str]] = {}
        if self.card is not None:
            moves = line.partners(self.card)
            for move in moves:
                for card in line.enclosed(move):
                    marks.setdefault(card, {})["data-role"] = "enclosed"
            # After the removals: a card one pairing would remove may be another's partner,
            # and what the player can pick next matters more than what might vanish.
            for move in moves:
                marks.setdefault(move.other(self.card), {})["data-role"] = "partner"
        if self.shown_hint is not None:
            for card in (self.shown_hint.left, self.shown_hint.right):
                marks.setdefault(card, {})["data-hint"] = "boundary"
            for card in line.enclosed(self.shown_hint):
                marks.setdefault(card, {})["data-hint"] = "removed"
        return marks
