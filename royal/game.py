"""A game of Royal Marriage: the deal, the line, undo and redo, score, clock and outcome.

A game is its state, not its history: the moves in the line of play, the undone moves that
redo can bring back, the penalties paid (undos and hints) and the clock. However long a
player undoes and redoes, that state stays small, so a save of it stays small and loads in
bounded time (docs/saves.md, "game, version 2"): a save replays at most 50 moves and 50
redo moves, each checked for legality.
"""

from __future__ import annotations

import datetime as _dt

from royal import scoring
from royal.cards import spoken_name
from royal.deals import numbered_deal
from royal.limits import MAX_COUNT
from royal.line import IllegalMove, Move, Played
from royal.reason import reason
from royal.standing import DEAL, Outcome, Result, Standing
from royal.variant import OPEN, Variant

__all__ = ["DEAL", "Game", "Outcome", "Result"]  # what the rest of royal/ reads from here


class Game(Standing):
    """One deal being played. Refused actions raise :class:`IllegalMove` and change nothing."""

    @classmethod
    def numbered(cls, number: int, variant: Variant = OPEN, daily: _dt.date | None = None) -> Game:
        """A new game of numbered deal ``number`` (from the stock, in its stock's own order),
        dealt as ``daily``'s deal or challenge when that is given."""
        return cls(numbered_deal(number, variant.stock), number, variant=variant, daily=daily)

    def restarted(self) -> Game:
        """A new game of the same deal, from the start (a day's deal or challenge stays one); the
        hints seen in this one are still known, so it is played with hints if this one was."""
        game = Game(self.cards, self.number, variant=self.variant, daily=self.daily)
        game.with_hints = self.with_hints
        return game

    # What the player does -------------------------------------------------------------

    def play(self, move: Move | str, now: float) -> Played:
        """Play a move given as a :class:`Move` or in ``QH-7H`` notation."""
        if isinstance(move, str):
            move = Move.parse(move)
        if self.outcome is Outcome.WON:
            raise IllegalMove(reason("the game is already won"))
        for card in (move.left, move.right):
            if card in self.cards[self.dealt :]:
                raise IllegalMove(
                    reason("%(move)s: the %(card)s has not been dealt yet", move=move, card=spoken_name(card))
                )
        self.line.enclosed(move)  # refuse an illegal move before the clock starts
        self.clock.start(now)
        played = self._push(move, now)
        self.redo_stack.clear()
        self.hint_charged = False
        return played

    def deal(self, now: float) -> str:
        """Turn the next card of the stock onto the right end of the line; return it."""
        if not self.can_deal:
            raise IllegalMove(reason("the stock is empty"))
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
            raise IllegalMove(reason("there is nothing to redo"))
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
        """Pay for a hint, unless the last action was a hint already (asking again is free); the
        game is played with hints from now on."""
        if not self.hint_charged:
            self._pay(scoring.HINT_COST)
            self.hint_charged = True
        self.with_hints = True

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
