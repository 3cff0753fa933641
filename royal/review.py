"""The review of a finished game (docs/play.md, "Review"): the player's own moves, stepped as the
replay steps a shortest win, each judged by the solver.

A move *lost the win* when the game could be won before it and not after; a move *made the
shortest win longer* when the fewest moves left to win after it, plus the move itself, exceed
the fewest before it (each such move adds to the moves over par). For either, the review names a
move that was better: the first move of a shortest win from the position before.

Like the replay it holds its own line: stepping changes no game, no save, no stats, no clock.
Starting again from a move makes a new game of the same deal with the moves up to there.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from royal.game import DEAL, Game
from royal.line import Line, Move
from royal.replay import Steps
from royal.solver import solve


@dataclass(frozen=True)
class Judged:
    """One of the player's moves: the fewest moves to win before and after it (None when the
    position could not be won), and a shortest win's first move before it when this one cost;
    the cards each removes (``better_removed`` empty when there is no better move), for the
    review to say what they did."""

    number: int  # 1 for the first move
    move: Move
    before: int | None
    after: int | None
    better: Move | None
    removed: tuple[str, ...]
    better_removed: tuple[str, ...]

    @property
    def lost_win(self) -> bool:
        return self.before is not None and self.after is None

    @property
    def longer(self) -> bool:
        """The move added to the moves over par (it did not lose the win)."""
        return self.before is not None and self.after is not None and self.after + 1 > self.before

    @property
    def verdict(self) -> str:
        """What ``data-verdict`` shows: ``lost``, ``longer`` or ``fine``."""
        return "lost" if self.lost_win else "longer" if self.longer else "fine"


def judgements(cards: Sequence[str], moves: Sequence[Move], suit_runs: bool = False) -> Iterator[Judged]:
    """Each of ``moves``, played from ``cards``, judged by the solver (under the suit-runs rule
    when ``suit_runs``), one at a time: each costs one solve at most, so a page can judge a game
    a move per frame."""
    line = Line(cards, suit_runs)
    solution = solve(line.cards, suit_runs)
    for number, move in enumerate(moves, start=1):
        before, first = solution.min_moves, solution.moves[0] if solution.moves else None
        first_removes = line.enclosed(first) if first is not None else ()
        removed = line.push(move).removed
        # Once the win is lost nothing after can win again (moves only remove cards).
        solution = solve(line.cards, suit_runs) if before is not None else solution
        after = solution.min_moves if before is not None else None
        costly = before is not None and (after is None or after + 1 > before)
        yield Judged(
            number,
            move,
            before,
            after,
            first if costly else None,
            removed,
            first_removes if costly else (),
        )


def judge(cards: Sequence[str], moves: Sequence[Move], suit_runs: bool = False) -> list[Judged]:
    """Every one of ``moves`` judged (see :func:`judgements`)."""
    return list(judgements(cards, moves, suit_runs))


class Review(Steps):
    """A finished game's own moves, judged, stepped forward and back."""

    def __init__(self, game: Game) -> None:
        if game.outcome is None:
            raise ValueError("only a finished game has a review")
        suit_runs = game.variant.suit_runs
        super().__init__(game.cards, [played.move for played in game.line.stack], suit_runs)
        #: The cards each move removed, first move first: the list names them before the solver
        #: has judged the move.
        self.removed: tuple[tuple[str, ...], ...] = tuple(played.removed for played in game.line.stack)
        self._fresh = game.restarted  # the same deal, as what it was dealt as (a daily's stays one)
        self._actions = game.actions  # the moves with the stock's deals among them
        self.judged: list[Judged] = []  # the moves judged so far, first first
        self._pending = judgements(game.cards, self.moves, suit_runs)

    @property
    def complete(self) -> bool:
        """True once every move is judged."""
        return len(self.judged) == self.total

    def judge_next(self) -> Judged | None:
        """Judge the next move (one solve at most); None once every move is judged."""
        judged = next(self._pending, None)
        if judged is not None:
            self.judged.append(judged)
        return judged

    def judge_all(self) -> None:
        """Judge every move left (a page judges one a frame instead)."""
        while self.judge_next() is not None:
            pass

    @property
    def first_loss(self) -> Judged | None:
        """The move that lost the win, if one did."""
        return next((j for j in self.judged if j.lost_win), None)

    @property
    def longer(self) -> list[Judged]:
        """The moves that each made the shortest win longer."""
        return [j for j in self.judged if j.longer]

    def again_from(self, moves: int, now: float) -> Game:
        """A new game of the deal, in its variant, with the first ``moves`` of these already
        played (from the stock, with the deals that came before each: the position just after
        the last of them). It is played with hints: the review named better moves."""
        game = self._fresh()
        game.with_hints = True
        played = 0
        for action in self._actions:
            if played == moves:
                break
            game.act(action, now)
            played += action != DEAL
        return game
