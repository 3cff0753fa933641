"""What the player does to the game: moves (picked on the line by the
:class:`~royal.web.selection.Selection`), undo, redo, rewinding, hints, leaving for another deal
(asking first when that makes the game a loss) and opening a link's deal. Each is a session
call, then the words that say what happened, and the page drawn again.
"""

from __future__ import annotations

from collections.abc import Callable

from royal import describe
from royal.cards import spoken_name
from royal.game import Game, Outcome
from royal.line import IllegalMove, Move
from royal.links import DealRequest
from royal.session import LinkAction, Session
from royal.web.dialogs import LinkQuestion, LossQuestion
from royal.web.dom import before_paint
from royal.web.end_panel import EndPanel
from royal.web.page import Page
from royal.web.replay_view import ReplayView
from royal.web.selection import Selection


class Play:
    """Plays the player's actions on ``session``'s game; ``render()`` draws the page after each,
    ``render_marks()`` the line's marks alone after a selection."""

    def __init__(
        self,
        session: Session,
        page: Page,
        end: EndPanel,
        replay: ReplayView,
        render: Callable[[], None],
        render_marks: Callable[[], None],
    ) -> None:
        self.session = session
        self.page = page
        self.end = end
        self.replay = replay
        self.render = render
        self.selection = Selection(
            lambda: self.game, page, self.move, render_marks, lambda: session.settings.quick_play
        )
        self.loss_question = LossQuestion(page.loss_dialog, page.show, self.confirm_leave)
        self.link_question = LinkQuestion(page.link_dialog, page.show, self.open_link, render)
        self._pending: tuple[Game, str] | None = None  # the game ``start`` leaves for, while it asks

    @property
    def game(self) -> Game:
        """The game being played (the session may replace it)."""
        return self.session.game

    # Moves ------------------------------------------------------------------------------

    def move(self, move: Move) -> None:
        """Play ``move``, picked on the line."""
        try:
            played = self.session.play(move)
        except IllegalMove as error:
            self.page.tell(str(error))
            return
        announcement = describe.played(played, self.game.cards_left)
        lost = self.session.lost_by_last_move()
        if self.game.outcome is Outcome.WON:
            self.page.sound("win")
            self.page.celebrate()
        else:
            self.page.sound("lost" if lost else "move")  # the warning's sound in place of the move's
        if lost:
            game = self.game
            warning = (
                describe.chance_lowered(game.advice().chance)
                if game.can_deal
                else describe.lost_warning(game)
            )
            self._changed(f"{announcement} {warning}", shown=warning)
        else:
            self._changed(announcement)

    def deal(self) -> None:
        """Turn the stock's next card onto the line (the stock game)."""
        if self.game.can_deal:
            card = self.session.deal()
            self.page.sound("move")
            self._changed(describe.dealt(card, self.game.stock_count))

    def undo(self) -> None:
        """Take back the last move or deal."""
        if self.game.can_undo:
            undone = self.session.undo()
            self.page.sound("undo")
            if isinstance(undone, str):
                self._changed(describe.undealt(undone, self.game.stock_count))
            else:
                self._changed(describe.undone(undone, self.game.cards_left))

    def redo(self) -> None:
        """Play the last undone move or deal again."""
        if self.game.can_redo:
            done = self.session.redo()
            self.page.sound("move")
            if isinstance(done, str):
                self._changed(describe.dealt(done, self.game.stock_count))
            else:
                self._changed(describe.played(done, self.game.cards_left))

    def rewind(self) -> None:
        """Undo back to the last position from which the game could still be won."""
        last = self.session.rewind()
        if last is not None:
            self._changed(describe.rewound(last))

    def hint(self) -> None:
        """Mark a move that keeps the game winnable, or say that none does."""
        if self.game.outcome is not None:
            return
        game = self.game
        move = self.session.hint()
        self.selection.show_hint(move)
        if game.can_deal:  # from the stock: only what is seen (docs/rules.md, "The chance")
            advice = game.advice()
            self.page.tell(
                describe.stock_hint(advice, game.line), describe.stock_hint(advice, game.line, spoken_name)
            )
        else:
            self.page.tell(describe.hint(move, game), describe.hint(move, game, spoken_name))
        self.render()

    # Leaving the game ------------------------------------------------------------------

    def leave(self, action: str) -> None:
        """New game, Today's deal or Restart: ask first when that makes the game a loss."""
        if action == "daily" and self.session.daily_in_progress():
            self.page.tell(describe.DAILY_IN_PROGRESS)
        elif self.session.should_ask_before_leaving():
            self.loss_question.ask(action)
        else:
            self._leave_for(action)

    def confirm_leave(self, action: str, dont_ask_again: bool) -> None:
        """The player confirmed leaving for ``action``, maybe asking not to be asked again."""
        if dont_ask_again:
            self.session.change_settings(ask_before_loss=False)
        self._leave_for(action)

    def _leave_for(self, action: str) -> None:
        if action in ("challenge", "play-on") and self._pending is not None:
            game, words = self._pending
            self._pending = None
            self.session.start(game)
            self._changed(words)
            return
        {"new-game": self.new_game, "daily": self.daily, "restart": self.restart}[action]()

    def start(self, action: str, game: Game, words: str) -> None:
        """Leave for ``game`` (a daily challenge, or a review's position played on), asking
        first when that makes the game a loss; ``words`` announce it."""
        self._pending = (game, words)
        self.leave(action)

    def new_game(self) -> None:
        """A new random deal."""
        self.session.new_game()
        self._changed(describe.new_game(self.game.number))

    def daily(self) -> None:
        """Today's deal (kept as it is if already being played)."""
        if self.session.daily():
            self._changed(describe.daily(self.game.number))
        else:
            self.page.tell(describe.DAILY_IN_PROGRESS)

    def restart(self) -> None:
        """The same deal from the start."""
        self.session.restart()
        self._changed(describe.RESTARTED)

    def _changed(self, announcement: str, shown: str = "") -> None:
        """Redraw after the game changed; the ending, if any, is read out too, and a fresh
        deal that cannot be won says so."""
        self.replay.close(notify=False)
        self.selection.clear()
        if self.game.figures_known and self.game.par is None and not self.game.touched:
            shown = describe.unwinnable_deal(self.game.number)
            announcement = f"{announcement} {shown}"
        outcome = self.game.outcome
        if outcome is not None:
            heading, text = describe.ending(self.game, self.session.now())
            announcement = f"{announcement} {heading} {text}"
        self.page.tell(shown, announcement)
        self.render()
        if outcome is not None:  # once the panel is laid out, in the frame that draws it
            before_paint(self._focus_end)

    def _focus_end(self) -> None:
        """Focus the end panel's New game and bring the panel into view, if the game is still
        over (an undo may have come first)."""
        if self.game.outcome is not None:
            self.end.focus_new_game(self.page.line)

    # Links ----------------------------------------------------------------------------

    def offer(self, request: DealRequest) -> None:
        """Open a linked deal, asking first if that would end a game in progress."""
        action = self.session.link_action(request)
        if action is LinkAction.OPEN:
            self.open_link(request)
        elif action is LinkAction.ASK:
            self.link_question.ask(request)

    def open_link(self, request: DealRequest) -> None:
        """Play the deal a link names (the player chose it, or nothing is lost)."""
        self.session.open_request(request)
        self._changed(describe.LINK_OPENED)
