"""A shortest win of a deal, shown move by move from its start: the model behind the replay.

It holds its own line, apart from the game: stepping through a replay changes no game, no save,
no stats and no clock. At each position the next move is marked as a hint marks one (its
boundaries, and the cards it removes), so the player sees what the step will do before it does.
"""

from __future__ import annotations

from collections.abc import Sequence

from royal.line import Line, Move
from royal.solver import Solution


class Steps:
    """Moves of a deal stepped forward and back from its start, playing or paused (the replay's
    shortest win, the review's own game)."""

    def __init__(self, cards: Sequence[str], moves: Sequence[Move], suit_runs: bool = False) -> None:
        self.moves: tuple[Move, ...] = tuple(moves)
        self.line = Line(cards, suit_runs)
        self.playing = False

    @property
    def position(self) -> int:
        """How many moves of the solution have been played."""
        return len(self.line.stack)

    @property
    def total(self) -> int:
        return len(self.moves)

    @property
    def at_end(self) -> bool:
        return self.position == self.total

    @property
    def next_move(self) -> Move | None:
        """The move the next step plays, or ``None`` at the end."""
        return None if self.at_end else self.moves[self.position]

    def step(self) -> bool:
        """Play the next move; False (and pause) at the end."""
        move = self.next_move
        if move is None:
            self.playing = False
            return False
        self.line.push(move)
        if self.at_end:
            self.playing = False
        return True

    def back(self) -> bool:
        """Take back the last move; False at the start."""
        if self.position == 0:
            return False
        self.line.pop()
        return True

    def toggle(self) -> None:
        """Play or pause; playing from the end starts again from the deal."""
        if self.playing:
            self.playing = False
            return
        if self.at_end:
            while self.back():
                pass
        self.playing = True

    def pause(self) -> None:
        self.playing = False

    def go_to(self, position: int) -> None:
        """Step forward or back to ``position`` moves (clamped to the moves there are)."""
        position = max(0, min(position, self.total))
        while self.position > position:
            self.back()
        while self.position < position:
            self.step()

    def marks(self) -> dict[str, str]:
        """``data-hint`` values for the next move: its boundaries and the cards it removes."""
        move = self.next_move
        if move is None:
            return {}
        marks = {card: "removed" for card in self.line.removal(move)[1]}
        marks[move.left] = marks[move.right] = "boundary"
        return marks


class Replay(Steps):
    """A minimum-move solution stepped forward and back, playing or paused."""

    def __init__(self, cards: Sequence[str], solution: Solution, suit_runs: bool = False) -> None:
        if not solution.winnable:
            raise ValueError("a deal that cannot be won has no win to replay")
        super().__init__(cards, solution.moves, suit_runs)
