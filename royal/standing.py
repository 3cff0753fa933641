"""A game as it stands: its deal, its state and all that is read from it (the score, the
outcome, the stock, the solver's verdicts, the stats' result). :class:`~royal.game.Game` adds
what the player does to it; the split is python-chess's ``BaseBoard`` and ``Board``."""

from __future__ import annotations

import datetime as _dt
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from royal import scoring
from royal.challenges import candidates, challenge_day
from royal.chance import SAMPLES, Advice
from royal.clock import Clock
from royal.deals import custom_deal
from royal.difficulty import Level
from royal.line import Line, Move
from royal.solver import Solution
from royal.variant import OPEN, Variant
from royal.verdicts import Verdicts

#: A deal in the notation of a game's actions, beside moves such as ``QH-7H`` (the stock game).
DEAL = "deal"
#: An action of the stock game: a move, or a deal (``None``).
Action = Move | None


class Outcome(StrEnum):
    """How a finished game ended; the values are what ``body[data-outcome]`` shows."""

    WON = "won"
    STUCK = "stuck"


@dataclass(frozen=True)
class Seen:
    """What the player sees of a position: the dealt line, left to right, and how many cards
    lie face down (the stock's order is the one thing a player must not see)."""

    line: tuple[str, ...]
    stock: int

    def __str__(self) -> str:
        """The position as text: ``QH 7H 4D | 48`` (the stock's count after the bar)."""
        return f"{' '.join(self.line)} | {self.stock}"


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
    assisted: bool = False  # an undo or a hint was paid for (the "unaided" feat needs neither)
    variant: Variant = OPEN  # the stats keep each variant's figures apart
    daily: _dt.date | None = None  # the day whose deal or challenge the page dealt it as
    # A hint named a move: a win with hints, which claims no skill (docs/stats.md, "Wins with hints").
    with_hints: bool = False


def new_game_id() -> str:
    """A random id, so a game is counted once even when two tabs both see it end."""
    return secrets.token_hex(8)


class Standing:
    """One deal and how its game stands: everything here reads the state, nothing changes it."""

    def __init__(
        self,
        cards: Sequence[str],
        number: int | None = None,
        game_id: str | None = None,
        variant: Variant = OPEN,
        daily: _dt.date | None = None,
    ) -> None:
        self.cards: tuple[str, ...] = custom_deal(cards)
        self.number = number
        self.id = game_id or new_game_id()
        self.variant = variant
        # Only a deal the page dealt as a day's deal or challenge is one: never a number that
        # merely reads as a date (docs/stats.md, "Daily challenges"), never another variant.
        if daily is not None and (variant != OPEN or number not in candidates(daily)):
            raise ValueError(f"deal {number} in the {variant.key} game is no deal of {daily.isoformat()}")
        self.daily = daily
        # From the stock only the Queen lies face up; the rest is dealt one card at a time
        # (docs/rules.md, "The stock game"). Deal N's stock falls in its own order (royal/deals.py).
        self.line = Line(self.cards[:1] if variant.stock else self.cards, variant.suit_runs)
        self.deals: list[int] = []  # for each deal, the moves in play when it was made
        self.redo_stack: list[Action] = []
        self.penalties = 0  # every undo and charged hint so far: never given back
        self.hint_charged = False  # the last action was a charged hint: asking again is free
        # A hint named a move (or, from the stock, said to deal on) in this game: it is played
        # with hints for good, whatever is undone (docs/stats.md, "Wins with hints").
        self.with_hints = False
        self.time_bonus: int | None = None  # fixed at the win
        self.clock = Clock()
        self.verdicts = Verdicts(self.cards, variant)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.seen})"  # never the stock's order

    @property
    def seen(self) -> Seen:
        """The position as the player sees it, without the stock's order."""
        return Seen(self.line.cards, self.stock_count)

    # The stock ------------------------------------------------------------------------

    @property
    def dealt(self) -> int:
        """Cards turned face up so far (all 52 in the open game)."""
        return len(self.cards) if not self.variant.stock else 1 + len(self.deals)

    @property
    def stock_count(self) -> int:
        """Cards still face down in the stock (0 in the open game)."""
        return len(self.cards) - self.dealt

    @property
    def can_deal(self) -> bool:
        return self.stock_count > 0

    @property
    def unseen(self) -> tuple[str, ...]:
        """The cards still in the stock, in code order (which they are is no secret; their order is)."""
        return tuple(sorted(self.cards[self.dealt :]))

    @property
    def actions(self) -> list[str]:
        """The actions in play in notation, oldest first: moves, and ``deal`` for each deal."""
        moves = [str(played.move) for played in self.line.stack]
        for at in reversed(self.deals):
            moves.insert(at, DEAL)
        return moves

    def _last_is_deal(self) -> bool:
        return bool(self.deals) and self.deals[-1] == len(self.line.stack)

    def advice(self, samples: int = SAMPLES, seed: int = 0) -> Advice:
        """The chance now and what each removal does to it (:class:`~royal.chance.Advice`)."""
        return self.verdicts.advice(self.line, self.unseen, samples, seed)

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
        """Won, stuck, or ``None`` while moves (or, from the stock, deals) remain."""
        if self.can_deal:
            return None
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
        return bool(self.line.stack or self.redo_stack or self.deals)

    @property
    def can_undo(self) -> bool:
        """Undo (of a move, or of a deal) is open until the game is won."""
        return bool(self.line.stack or self.deals) and self.outcome is not Outcome.WON

    @property
    def can_redo(self) -> bool:
        """Redo replays the last undone move, until a new move is played."""
        return bool(self.redo_stack)

    def legal_moves(self) -> list[Move]:
        """The legal moves of the current line (none once the game is over)."""
        return self.line.legal_moves()

    def solution(self) -> Solution:
        """The solver's verdict on the current position (from the stock, with the stock in its
        true order: only for a game whose stock is dealt, or once it is over)."""
        return self.verdicts.solution(self._position(self.line.cards))

    def _position(self, line: tuple[str, ...]) -> tuple[str, ...]:
        """The open line a position amounts to: the dealt line, then the stock in its order
        (docs/rules.md, "The chance": dealing never closes an option)."""
        return line + self.cards[self.dealt :]

    def deal_solution(self) -> Solution:
        """The solver's verdict on the deal as dealt (what a win is compared with)."""
        return self.verdicts.solution(self.cards)

    @property
    def challenge_day(self) -> _dt.date | None:
        """The day whose deal or challenge this game is, as the page dealt it (what Share names);
        ``None`` for any other game, a deal of the day that is no challenge of it included."""
        day = self.daily
        return day if day is not None and challenge_day(self.number, day) else None

    @property
    def figures_known(self) -> bool:
        """True when par and the grade tell nothing the player cannot see: always in the open
        game; from the stock once every card's place is known (at most the King of Hearts, always
        last, is left in it). Before that they would tell of the stock's order."""
        return self.stock_count <= 1

    @property
    def par(self) -> int | None:
        """The deal's fewest possible moves (a win in par is a perfect marriage); None if unwinnable."""
        return self.deal_solution().min_moves

    @property
    def difficulty(self) -> Level | None:
        """The deal's grade (docs/scoring.md, "Difficulty"); None if unwinnable."""
        return self.verdicts.difficulty

    def last_winnable(self) -> int | None:
        """After how many of the moves played the game could still be won; None if never."""
        return self.verdicts.last_winnable(self.line.stack)

    def result(self, now: float) -> Result:
        """The game as the stats count it."""
        return Result(
            self.id,
            self.outcome is Outcome.WON,
            self.clock.seconds(now),
            self.moves,
            self.score,
            self.cards_left + self.stock_count,  # the cards not removed, the stock's among them
            self.par,
            self.number,
            self.difficulty,
            self.penalties > 0,
            self.variant,
            self.daily,
            self.with_hints,
        )
