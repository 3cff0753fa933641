"""The stock game, the traditional Royal Marriage (docs/rules.md, "The stock game").

The Queen of Hearts lies face up and the other 51 cards form a face-down stock with the King of
Hearts at its bottom; Deal turns the next card onto the right end of the line, moves are played
among the cards dealt as in the open game, and the game is won when the King, dealt last, stands
beside the Queen with every other card gone. Deal number N's stock is deal N's line read left
to right, so dealing everything first gives the open game of the same number.

The order of the stock is the one thing a player must not see: :attr:`StockGame.seen` and the
advice hold only the dealt line, the count of the stock and the set of cards not yet dealt.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from royal.cards import KING_OF_HEARTS, spoken_name
from royal.chance import SAMPLES, Orders
from royal.deals import custom_deal, numbered_deal
from royal.game import Outcome
from royal.line import IllegalMove, Line, Move, Played

#: A deal in the notation of a game's actions, beside moves such as ``QH-7H``.
DEAL = "deal"


@dataclass(frozen=True)
class Seen:
    """What the player sees: the dealt line, left to right, and how many cards lie face down."""

    line: tuple[str, ...]
    stock: int

    def __str__(self) -> str:
        """The position as text: ``QH 7H 4D | 48`` (the stock's count after the bar)."""
        return f"{' '.join(self.line)} | {self.stock}"


class Advice:
    """What the unseen cards leave open in one position: the chance now (dealing on keeps it),
    and which removals keep it whole, weighed over the same orders of the stock.

    A removal can only lose orders, never gain one, so it is weighed over the orders that win
    now, and a loss in one of them is enough to know it lowers the chance: a removal's own
    chance is the chance of the position it leads to.
    """

    def __init__(self, line: Line, orders: Orders, can_deal: bool) -> None:
        self._line = Line(line.cards, line.suit_runs)
        self._wins = orders.winning(line.cards)
        self.chance = orders.chance(self._wins)
        self.can_deal = can_deal
        self._keeps: dict[Move, bool] = {}

    def keeps(self, move: Move) -> bool:
        """True when ``move`` (legal here) wins in every order that wins now."""
        if move not in self._keeps:
            self._line.push(move)
            self._keeps[move] = self._wins.all_win(self._line.cards)
            self._line.pop()
        return self._keeps[move]

    def lowers(self, move: Move) -> bool:
        """True when ``move`` lowers the chance (the warning)."""
        return not self.keeps(move)

    @property
    def best(self) -> Move | None:
        """The removal to hint: the leftmost that keeps the whole chance; ``None`` when none does
        (dealing on loses nothing then, while the stock lasts) or nothing wins."""
        if not self.chance.wins:
            return None
        return next((move for move in self._line.legal_moves() if self.keeps(move)), None)


class StockGame:
    """One stock game: the hidden order, the dealt line and the actions played (moves and deals).

    Refused actions raise :class:`IllegalMove` and change nothing.
    """

    def __init__(self, order: Sequence[str], number: int | None = None, suit_runs: bool = False) -> None:
        self._order = custom_deal(order)
        self.number = number
        self.line = Line(self._order[:1], suit_runs)
        self._dealt = 1
        self._actions: list[Played | None] = []  # None: a deal
        self.redo_actions: list[str] = []  # undone actions in notation, the next to redo last
        self._advice: dict[tuple[Seen, int, int], Advice] = {}

    @classmethod
    def numbered(cls, number: int, suit_runs: bool = False) -> StockGame:
        """A new stock game of numbered deal ``number``: its stock falls in that deal's order."""
        return cls(numbered_deal(number), number, suit_runs)

    def __repr__(self) -> str:
        return f"StockGame({self.seen})"  # never the stock's order

    # What the player sees -------------------------------------------------------------

    @property
    def seen(self) -> Seen:
        """The position as the player sees it, without the stock's order."""
        return Seen(self.line.cards, len(self._order) - self._dealt)

    @property
    def unseen(self) -> tuple[str, ...]:
        """The cards still in the stock, in code order (which they are is no secret; their order is)."""
        rest = set(self._order[self._dealt :])
        return tuple(sorted(rest))

    @property
    def actions(self) -> list[str]:
        """The actions in playing order, moves in notation and deals as ``deal``."""
        return [DEAL if played is None else str(played.move) for played in self._actions]

    @property
    def moves(self) -> int:
        """Removals played (deals are not moves of the score's kind)."""
        return sum(played is not None for played in self._actions)

    @property
    def can_deal(self) -> bool:
        return self._dealt < len(self._order)

    @property
    def can_undo(self) -> bool:
        """Undo takes back a move or a deal, until the game is won."""
        return bool(self._actions) and self.outcome is not Outcome.WON

    def legal_moves(self) -> list[Move]:
        """The legal moves among the cards dealt."""
        return self.line.legal_moves()

    @property
    def outcome(self) -> Outcome | None:
        """Won or stuck once the stock is dealt; ``None`` while a deal or a move remains."""
        if self.can_deal:
            return None
        if len(self.line) == 2:
            return Outcome.WON
        return None if self.line.has_moves() else Outcome.STUCK

    # What the player does -------------------------------------------------------------

    def deal(self) -> str:
        """Turn the next card of the stock onto the right end of the line; return it."""
        card = self._deal()
        self.redo_actions.clear()
        return card

    def play(self, move: Move | str) -> Played:
        """Play a move among the dealt cards, given as a :class:`Move` or in ``QH-7H`` notation."""
        played = self._play(move)
        self.redo_actions.clear()
        return played

    def _deal(self) -> str:
        if not self.can_deal:
            raise IllegalMove("the stock is empty")
        card = self._order[self._dealt]
        self.line.deal(card)
        self._dealt += 1
        self._actions.append(None)
        return card

    def _play(self, move: Move | str) -> Played:
        if isinstance(move, str):
            move = Move.parse(move)
        if self.outcome is Outcome.WON:
            raise IllegalMove("the game is already won")
        for card in (move.left, move.right):
            if card in self._order[self._dealt :]:
                raise IllegalMove(f"{move}: the {spoken_name(card)} has not been dealt yet")
        played = self.line.push(move)
        self._actions.append(played)
        return played

    def act(self, action: str) -> None:
        """Play one action in the notation of :attr:`actions` (what a save would replay)."""
        if action == DEAL:
            self.deal()
        else:
            self.play(action)

    def undo(self) -> Played | str:
        """Take back the last action: a move (its :class:`Played`) or a deal (the card, back on the stock)."""
        if not self.can_undo:
            raise IllegalMove("the game is won" if self._actions else "there is nothing to undo")
        self.redo_actions.append(self.actions[-1])
        if self._actions.pop() is None:
            self._dealt -= 1
            return self.line.undeal()
        return self.line.pop()

    def redo(self) -> Played | str:
        """Play the last undone action again: the move (its :class:`Played`) or the deal (the card)."""
        if not self.redo_actions:
            raise IllegalMove("there is nothing to redo")
        action = self.redo_actions[-1]
        done = self._deal() if action == DEAL else self._play(action)
        self.redo_actions.pop()
        return done

    # What the unseen cards leave open ----------------------------------------------------

    def advice(self, samples: int = SAMPLES, seed: int = 0) -> Advice:
        """The chance now and what each removal does to it (:class:`Advice`), remembered per position.

        Only what the player sees goes in (the line, and which cards are unseen, the King of
        Hearts known to be last), so the figure cannot betray the order.
        """
        key = (self.seen, samples, seed)
        if key not in self._advice:
            unseen = [card for card in self.unseen if card != KING_OF_HEARTS]
            bottom = KING_OF_HEARTS if self.can_deal else None
            self._advice[key] = Advice(self.line, Orders.of(unseen, bottom, samples, seed), self.can_deal)
        return self._advice[key]


def play_out(
    cards: Sequence[str], choose: Callable[[list[Move]], Move], suit_runs: bool = False, stock: bool = False
) -> bool:
    """Play a deal with a simple strategy (``choose`` picks from the legal moves); True if won.

    In the open game every card is dealt first; from the stock the player removes whenever a
    move is legal and deals only when none is.
    """
    game = StockGame(cards, suit_runs=suit_runs)
    while not stock and game.can_deal:
        game.deal()
    while game.outcome is None:
        moves = game.legal_moves()
        if moves:
            game.play(choose(moves))
        else:
            game.deal()
    return game.outcome is Outcome.WON
