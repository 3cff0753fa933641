"""A game of Royal Marriage: the deal, the line, undo and redo, score, clock and outcome.

A game is its state, not its history: the moves in the line of play, the undone moves that
redo can bring back, the penalties paid (undos and hints) and the clock. However long a
player undoes and redoes, that state stays small, so a save of it stays small and loads in
bounded time (docs/saves.md, "game, version 2"): a save replays at most 50 moves and 50
redo moves, each checked for legality.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from royal import scoring
from royal.clock import Clock
from royal.deals import custom_deal, numbered_deal
from royal.difficulty import Level, grade
from royal.limits import MAX_COUNT
from royal.line import IllegalMove, Line, Move, Played
from royal.solver import Solution, is_winnable, solve


class Outcome(StrEnum):
    """How a finished game ended; the values are what ``body[data-outcome]`` shows."""

    WON = "won"
    STUCK = "stuck"


@dataclass(frozen=True)
class Result:
    """What the stats need from a game when it ends."""

    game_id: str
    won: bool
    seconds: int
    moves: int
    score: int
    cards_left: int = 2
    par: int | None = None  # the deal's fewest possible moves; None when it cannot be won
    number: int | None = None  # the deal's number; None for a custom deal
    level: Level | None = None  # the deal's grade; None when it cannot be won
    assisted: bool = False  # an undo or a hint was paid for


def new_game_id() -> str:
    """A random id, so a game is counted once even when two tabs both see it end."""
    return secrets.token_hex(8)


class Game:
    """One deal being played. Refused actions raise :class:`IllegalMove` and change nothing."""

    def __init__(self, cards: Sequence[str], number: int | None = None, game_id: str | None = None) -> None:
        self.cards: tuple[str, ...] = custom_deal(cards)
        self.number = number
        self.id = game_id or new_game_id()
        self.line = Line(self.cards)
        self.redo_stack: list[Move] = []
        self.penalties = 0  # every undo and charged hint so far: never given back
        self.hint_charged = False  # the last action was a charged hint: asking again is free
        self.time_bonus: int | None = None  # fixed at the win
        self.clock = Clock()
        self._solutions: dict[tuple[str, ...], Solution] = {}
        self._verdicts: dict[tuple[str, ...], bool] = {}
        self._difficulty: Level | None = None
        self._graded = False

    @classmethod
    def numbered(cls, number: int) -> Game:
        """A new game of numbered deal ``number``."""
        return cls(numbered_deal(number), number)

    def restarted(self) -> Game:
        """A new game of the same deal, from the start."""
        return Game(self.cards, self.number)

    # What the player sees -------------------------------------------------------------

    @property
    def moves(self) -> int:
        """Moves in the current line of play (undone moves do not count)."""
        return len(self.line.stack)

    @property
    def breakdown(self) -> scoring.Breakdown:
        """The score's parts: the moves in the current line of play, the win, the penalties."""
        removed = [len(played.removed) for played in self.line.stack]
        won = self.outcome is Outcome.WON
        return scoring.Breakdown(
            cards=scoring.CARD_POINTS * sum(removed),
            pairs=scoring.PAIR_BONUS * removed.count(2),
            win_bonus=scoring.WIN_BONUS if won else 0,
            time_bonus=(self.time_bonus or 0) if won else 0,
            penalties=self.penalties,
        )

    @property
    def score(self) -> int:
        """The score shown: the running total, floored at 0 only here."""
        return self.breakdown.shown

    @property
    def cards_left(self) -> int:
        """Surviving cards, royals included."""
        return len(self.line)

    @property
    def outcome(self) -> Outcome | None:
        """Won, stuck, or ``None`` while moves remain."""
        if len(self.line) == 2:
            return Outcome.WON
        if not self.line.has_moves():
            return Outcome.STUCK
        return None

    @property
    def touched(self) -> bool:
        """True once any move has been played, even if undone: such a game counts when left.

        A played move stays in the line of play or, undone, on the redo stack; only a new move
        clears the redo stack, and that move is then in the line of play.
        """
        return bool(self.line.stack or self.redo_stack)

    @property
    def can_undo(self) -> bool:
        """Undo is open until the game is won."""
        return bool(self.line.stack) and self.outcome is not Outcome.WON

    @property
    def can_redo(self) -> bool:
        """Redo replays the last undone move, until a new move is played."""
        return bool(self.redo_stack)

    def legal_moves(self) -> list[Move]:
        """The legal moves of the current line (none once the game is over)."""
        return self.line.legal_moves()

    def solution(self) -> Solution:
        """The solver's verdict on the current line."""
        return self._solve(self.line.cards)

    def deal_solution(self) -> Solution:
        """The solver's verdict on the deal as dealt (what a win is compared with)."""
        return self._solve(self.cards)

    @property
    def par(self) -> int | None:
        """The deal's fewest possible moves (a win in par is a perfect marriage); None if unwinnable."""
        return self.deal_solution().min_moves

    @property
    def difficulty(self) -> Level | None:
        """The deal's grade (docs/scoring.md, "Difficulty"), worked out once; None if unwinnable."""
        if not self._graded:
            self._difficulty = grade(self.cards)
            self._graded = True
        return self._difficulty

    def _solve(self, cards: tuple[str, ...]) -> Solution:
        """Solutions are remembered per position: the page asks again on every redraw."""
        if cards not in self._solutions:
            self._solutions[cards] = solve(cards)
        return self._solutions[cards]

    def last_winnable(self) -> int | None:
        """After how many of the moves played the game could still be won; None if never.

        Moves only remove cards, so once a position cannot be won nothing after it can:
        the first losing move is where the game went wrong.
        """
        line = Line(self.cards)
        if not self._winnable(line.cards):
            return None
        count = 0
        for played in self.line.stack:
            line.push(played.move)
            if not self._winnable(line.cards):
                break
            count += 1
        return count

    def _winnable(self, cards: tuple[str, ...]) -> bool:
        """The solver's verdict on a position of this game, remembered (the page asks often)."""
        if cards in self._solutions:
            return self._solutions[cards].winnable
        if cards not in self._verdicts:
            self._verdicts[cards] = is_winnable(cards)
        return self._verdicts[cards]

    def result(self, now: float) -> Result:
        """The game as the stats count it."""
        return Result(
            self.id,
            self.outcome is Outcome.WON,
            self.clock.seconds(now),
            self.moves,
            self.score,
            self.cards_left,
            self.par,
            self.number,
            self.difficulty,
            self.penalties > 0,
        )

    # What the player does -------------------------------------------------------------

    def play(self, move: Move | str, now: float) -> Played:
        """Play a move given as a :class:`Move` or in ``QH-7H`` notation."""
        if isinstance(move, str):
            move = Move.parse(move)
        if self.outcome is Outcome.WON:
            raise IllegalMove("the game is already won")
        self.line.enclosed(move)  # refuse an illegal move before the clock starts
        self.clock.start(now)
        played = self._push(move, now)
        self.redo_stack.clear()
        self.hint_charged = False
        return played

    def undo(self, now: float) -> Played:
        """Take back the last move: its points back, and 15 more."""
        if not self.can_undo:
            raise IllegalMove("the game is won" if self.line.stack else "there is no move to undo")
        played = self.line.pop()
        self._pay(scoring.UNDO_COST)
        self.redo_stack.append(played.move)
        self.hint_charged = False
        self.clock.set_halted(False, now)
        return played

    def redo(self, now: float) -> Played:
        """Play the last undone move again, with its points."""
        if not self.redo_stack:
            raise IllegalMove("there is no move to redo")
        played = self._push(self.redo_stack[-1], now)
        self.redo_stack.pop()
        self.hint_charged = False
        return played

    def hint(self) -> Move | None:
        """A move that keeps the game winnable, for 25 points; ``None`` (free) if there is none.

        Asking again before anything changes shows the same hint without a second charge.
        """
        if self.outcome is not None:
            return None
        solution = self.solution()
        if not solution.winnable:
            return None
        self.charge_hint()
        return solution.moves[0]

    def charge_hint(self) -> None:
        """Pay for a hint, unless the last action was a hint already (asking again is free)."""
        if not self.hint_charged:
            self._pay(scoring.HINT_COST)
            self.hint_charged = True

    def _pay(self, cost: int) -> None:
        """Add ``cost`` to the penalties, which stop at MAX_COUNT, the most a save holds: the
        score shown is 0 long before, and stays 0."""
        self.penalties = min(self.penalties + cost, MAX_COUNT)

    def _push(self, move: Move, now: float) -> Played:
        played = self.line.push(move)
        outcome = self.outcome
        if outcome is not None:
            self.clock.set_halted(True, now)
        if outcome is Outcome.WON:
            self.time_bonus = scoring.time_bonus(self.clock.seconds(now))
        return played

    def rewind(self, moves: int, now: float) -> None:
        """Undo until ``moves`` moves are left in the line of play (each undo scored as usual)."""
        while self.moves > moves and self.can_undo:
            self.undo(now)
