"""A game of Royal Marriage: the deal, the line, undo and redo, score, clock and outcome.

A game is its state, not its history: the moves in the line of play, the undone moves that
redo can bring back, the penalties paid (undos and hints) and the clock. However long a
player undoes and redoes, that state stays small, so a save of it stays small and loads in
bounded time (docs/saves.md, "game, version 2"): a save replays at most 50 moves and 50
redo moves, each checked for legality.
"""

from __future__ import annotations

import datetime as _dt
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from royal import scoring
from royal.cards import KING_OF_HEARTS, spoken_name
from royal.challenges import candidates, challenge_day
from royal.chance import SAMPLES, Advice, Orders
from royal.clock import Clock
from royal.deals import custom_deal, numbered_deal
from royal.difficulty import Level, grade
from royal.limits import MAX_COUNT
from royal.line import IllegalMove, Line, Move, Played
from royal.solver import Solution, is_winnable, solve
from royal.variant import OPEN, Variant

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
    assisted: bool = False  # an undo or a hint was paid for
    variant: Variant = OPEN  # the stats keep each variant's figures apart
    daily: _dt.date | None = None  # the day whose deal or challenge the page dealt it as


def new_game_id() -> str:
    """A random id, so a game is counted once even when two tabs both see it end."""
    return secrets.token_hex(8)


class Game:
    """One deal being played. Refused actions raise :class:`IllegalMove` and change nothing."""

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
        self.time_bonus: int | None = None  # fixed at the win
        self.clock = Clock()
        self._solutions: dict[tuple[str, ...], Solution] = {}
        self._verdicts: dict[tuple[str, ...], bool] = {}
        self._difficulty: Level | None = None
        self._graded = False
        self._advice: dict[tuple[tuple[str, ...], int, int], Advice] = {}

    @classmethod
    def numbered(cls, number: int, variant: Variant = OPEN, daily: _dt.date | None = None) -> Game:
        """A new game of numbered deal ``number`` (from the stock, in its stock's own order),
        dealt as ``daily``'s deal or challenge when that is given."""
        return cls(numbered_deal(number, variant.stock), number, variant=variant, daily=daily)

    def restarted(self) -> Game:
        """A new game of the same deal, from the start (a day's deal or challenge stays one)."""
        return Game(self.cards, self.number, variant=self.variant, daily=self.daily)

    def __repr__(self) -> str:
        return f"Game({self.seen})"  # never the stock's order

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
        """The chance now and what each removal does to it (:class:`~royal.chance.Advice`),
        remembered per position.

        Only what the player sees goes in (the line, and which cards are unseen, the King of
        Hearts known to be last), so the figure cannot betray the order.
        """
        key = (self.line.cards, samples, seed)
        if key not in self._advice:
            unseen = [card for card in self.unseen if card != KING_OF_HEARTS]
            bottom = KING_OF_HEARTS if self.can_deal else None
            orders = Orders.of(unseen, bottom, samples, seed)
            self._advice[key] = Advice(self.line, orders, self.can_deal)
        return self._advice[key]

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
        return self._solve(self._position(self.line.cards))

    def _position(self, line: tuple[str, ...]) -> tuple[str, ...]:
        """The open line a position amounts to: the dealt line, then the stock in its order
        (docs/rules.md, "The chance": dealing never closes an option)."""
        return line + self.cards[self.dealt :]

    def deal_solution(self) -> Solution:
        """The solver's verdict on the deal as dealt (what a win is compared with)."""
        return self._solve(self.cards)

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
        """The deal's grade (docs/scoring.md, "Difficulty"), worked out once; None if unwinnable."""
        if not self._graded:
            self._difficulty = grade(self.cards)
            self._graded = True
        return self._difficulty

    def _solve(self, cards: tuple[str, ...]) -> Solution:
        """Solutions are remembered per position: the page asks again on every redraw."""
        if cards not in self._solutions:
            self._solutions[cards] = solve(cards, self.variant.suit_runs)
        return self._solutions[cards]

    def last_winnable(self) -> int | None:
        """After how many of the moves played the game could still be won; None if never.

        Moves only remove cards, so once a position cannot be won nothing after it can:
        the first losing move is where the game went wrong.
        """
        line = Line(self.cards, self.variant.suit_runs)
        if not self._winnable(line.cards):
            return None
        count = 0
        for played in self.line.stack:  # the same removals on the whole line: the same positions
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
            self.cards_left + self.stock_count,  # the cards not removed, the stock's among them
            self.par,
            self.number,
            self.difficulty,
            self.penalties > 0,
            self.variant,
            self.daily,
        )

    # What the player does -------------------------------------------------------------

    def play(self, move: Move | str, now: float) -> Played:
        """Play a move given as a :class:`Move` or in ``QH-7H`` notation."""
        if isinstance(move, str):
            move = Move.parse(move)
        if self.outcome is Outcome.WON:
            raise IllegalMove("the game is already won")
        for card in (move.left, move.right):
            if card in self.cards[self.dealt :]:
                raise IllegalMove(f"{move}: the {spoken_name(card)} has not been dealt yet")
        self.line.enclosed(move)  # refuse an illegal move before the clock starts
        self.clock.start(now)
        played = self._push(move, now)
        self.redo_stack.clear()
        self.hint_charged = False
        return played

    def deal(self, now: float) -> str:
        """Turn the next card of the stock onto the right end of the line; return it."""
        if not self.can_deal:
            raise IllegalMove("the stock is empty")
        self.clock.start(now)
        card = self._deal(now)
        self.redo_stack.clear()
        self.hint_charged = False
        return card

    def _deal(self, now: float) -> str:
        card = self.cards[self.dealt]
        self.line.deal(card)
        self.deals.append(len(self.line.stack))
        self._settle(now)
        return card

    def act(self, action: str, now: float) -> Played | str:
        """Play one action in the notation of :attr:`actions`: a deal (the card) or a move."""
        return self.deal(now) if action == DEAL else self.play(action, now)

    def undo(self, now: float) -> Played | str:
        """Take back the last move (its points back, and 15 more) or deal (the card goes back
        on the stock, for the same 15)."""
        if not self.can_undo:
            raise IllegalMove("the game is won" if self.line.stack else "there is nothing to undo")
        undone = self.take_back()
        self.redo_stack.append(undone.move if isinstance(undone, Played) else None)
        self._pay(scoring.UNDO_COST)
        self.hint_charged = False
        self.clock.set_halted(False, now)
        return undone

    def take_back(self) -> Played | str:
        """Take back the last action, unscored (an undo, or a save's redo actions checked in turn)."""
        if self._last_is_deal():
            self.deals.pop()
            return self.line.undeal()
        return self.line.pop()

    def redo(self, now: float) -> Played | str:
        """Play the last undone move (with its points) or deal again."""
        if not self.redo_stack:
            raise IllegalMove("there is nothing to redo")
        action = self.redo_stack[-1]
        done = self._deal(now) if action is None else self._push(action, now)
        self.redo_stack.pop()
        self.hint_charged = False
        return done

    def hint(self) -> Move | None:
        """A move that keeps the game winnable, for 25 points; ``None`` (free) if there is none.

        From the stock the hint uses only what is seen: the removal that keeps the whole chance
        (:meth:`advice`), or ``None`` (charged: "deal on") when every removal lowers it; free
        when no order of the stock wins. Asking again before anything changes shows the same
        hint without a second charge.
        """
        if self.outcome is not None:
            return None
        if self.can_deal:
            advice = self.advice()
            if advice.chance.wins:
                self.charge_hint()
            return advice.best
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
        self._settle(now)
        return played

    def _settle(self, now: float) -> None:
        """After a move or a deal: a game that ended stops its clock, and a win fixes its bonus."""
        outcome = self.outcome
        if outcome is not None:
            self.clock.set_halted(True, now)
        if outcome is Outcome.WON:
            self.time_bonus = scoring.time_bonus(self.clock.seconds(now))

    def rewind(self, moves: int, now: float) -> None:
        """Undo until ``moves`` moves are left in the line of play (each undo scored as usual)."""
        while self.moves > moves and self.can_undo:
            self.undo(now)
