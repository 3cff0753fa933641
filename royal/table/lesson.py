"""The first game's lesson (docs/play.md, "The first game"): the page plays the real first move
with the player, in three steps at most. It points at a card, then at its partner and the cards
between them (what goes and why), then lets go: the player makes the move. Its state is part of
the page's (:class:`~royal.table.state.PageState`'s ``lesson``), its steps are messages
(royal/table/play.py's ``Teach``), its drawing is data (royal/view/lesson.py, and the marks
``data-lesson`` on the line's cards, static/app.css)."""

from __future__ import annotations

from dataclasses import dataclass

from royal.game import Game
from royal.line import Line, Move

#: The most steps a lesson takes: the card, its partner and what goes, the player's turn.
STEPS = 3
#: The lesson's actions: the first visit's own start (only when due), Show me how, Next, Skip.
ACTIONS = frozenset({"first", "start", "next", "skip"})


@dataclass(frozen=True, slots=True)
class Lesson:
    """The lesson under way: the move it shows (``None``: no move is open, one step says so)
    and the step shown, from 0."""

    move: Move | None
    step: int = 0

    @property
    def last(self) -> bool:
        """The last step shows: the lesson has let go, the move is the player's."""
        return self.move is None or self.step >= STEPS - 1

    def next(self) -> Lesson:
        return self if self.last else Lesson(self.move, self.step + 1)

    def marks(self, line: Line) -> dict[str, dict[str, str]]:
        """The marks the step puts on ``line``'s cards (docs/automation.md, "The line"): the card
        pointed at (``card``), then its partner (``partner``) and the cards the move removes
        (``enclosed``)."""
        move = self.move
        if move is None or move.left not in line.cards or move.right not in line.cards:
            return {}
        marks = {move.left: {"data-lesson": "card"}}
        if self.step >= 1:
            marks[move.right] = {"data-lesson": "partner"}
            for card in line.enclosed(move):
                marks[card] = {"data-lesson": "enclosed"}
        return marks


def lesson_move(game: Game) -> Move | None:
    """The move the lesson shows in ``game`` as it stands: the leftmost that keeps the game
    winnable (from the stock, the removal that keeps the chance: the hint's, never charged),
    else the leftmost legal one; ``None`` when no move is open."""
    line = game.line
    moves = line.legal_moves()
    if not moves:
        return None
    if game.can_deal:
        return game.advice().best or moves[0]
    for move in moves:
        gone = set(line.enclosed(move))
        if game.verdicts.winnable(tuple(card for card in line.cards if card not in gone)):
            return move
    return moves[0]
