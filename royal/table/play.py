"""What the player's actions do to the game and to the page's choice: moves (picked on the line,
dragged, or played by Finish for me), undo, redo, rewinding, hints, leaving for another deal
(asking first when that makes the game a loss) and opening a link's deal (asking first when that
ends a game in progress). Each message is the session's calls, then a :class:`Reply` that says
what to tell the player and draw."""

from __future__ import annotations

from dataclasses import replace

from royal import describe
from royal.cards import spoken_name
from royal.game import Game, Outcome
from royal.line import IllegalMove, Move
from royal.links import DealRequest
from royal.session import LinkAction, Session
from royal.table import messages as m
from royal.table.choice import Choice
from royal.table.records import records_of, won
from royal.table.reply import Draw, Reply
from royal.table.state import Leaving, PageState
from royal.table.teach import Teacher
from royal.view.dialogs import loss_question, modal
from royal.view.html import Patch
from royal.view.page import News

LOSS_DIALOG = "loss-dialog"
LINK_DIALOG = "link-dialog"


class Play:
    """The page's state of play over ``session``: the choice, the card dragged and the question
    being asked (``leaving`` or ``link``) of ``state``, turned only by :meth:`update`."""

    def __init__(self, session: Session, state: PageState) -> None:
        self.session = session
        self.state = state

    @property
    def game(self) -> Game:
        return self.session.game

    def update(self, message: m.Message) -> Reply:
        """Play ``message`` on the session; what the page is to do about it."""
        match message:
            case m.Pick(card):
                return self._pick(card)
            case m.DragStart(card):
                self.state.dragging = card
                game = self.game
                if game.outcome is None and self.state.choice.card != card and card in game.line.cards:
                    return self._select(card)
                return Reply()
            case m.Drop(card, target):
                self.state.dragging = None
                for move in self.game.line.partners(card):
                    if target is not None and target == move.other(card):
                        return self._move(move)
                return self._select(None)
            case m.Play(move):
                return self._move(move)
            case m.Press(action):
                return self._press(action)
            case m.Begin(action, game, words):
                return self._leave(Leaving(action, game, words))
            case m.Leave(dont_ask):
                return self._confirmed(dont_ask)
            case m.Stay():
                if self.state.leaving is None:
                    return Reply()
                self.state.leaving = None
                return Reply(show=modal(LOSS_DIALOG, False))
            case m.Link(request):
                return self._offer(request)
            case m.OpenLink():
                offered, self.state.link = self.state.link, None
                if offered is None:
                    return Reply()
                return replace(self._open_link(offered), show=modal(LINK_DIALOG, False))
            case m.KeepGame():
                if self.state.link is None:
                    return Reply()
                self.state.link = None  # the address drops the link's deal
                return Reply(show=modal(LINK_DIALOG, False), draw=Draw.PAGE)
            case m.Teach(action):
                return Teacher(self.session, self.state).update(action)
        raise TypeError(f"not a message: {message!r}")

    @property
    def asking_link(self) -> bool:
        """A link's deal is being offered: the address keeps it until the player answers."""
        return self.state.link is not None

    # The line --------------------------------------------------------------------------

    def _pick(self, card: str) -> Reply:
        """Select the card, cancel, or play the move it completes (or, with quick play, the
        only move it has: docs/play.md, "Settings")."""
        game = self.game
        if game.outcome is not None or card not in game.line.cards:  # a card already gone
            return Reply()
        if card == self.state.choice.card:
            return self._select(None)
        if self.state.choice.card is not None:
            for move in game.line.partners(self.state.choice.card):
                if card in (move.left, move.right):
                    return self._move(move)
        moves = game.line.partners(card)
        if len(moves) == 1 and self.session.settings.quick_play:
            return self._move(moves[0])
        return self._select(card)

    def _select(self, card: str | None) -> Reply:
        self.state.choice = replace(self.state.choice, card=card)  # the hint stays on show
        reply = Reply(draw=Draw.MARKS)
        if card is None:
            return reply.told("", describe.SELECTION_CANCELLED)
        line = self.game.line
        reply = reply.told(describe.selection(line, card), describe.selection(line, card, spoken_name))
        return reply if line.partners(card) else reply.sounding("no-partner")

    def _move(self, move: Move) -> Reply:
        before = records_of(self.session.stats, self.game.variant)
        try:
            played = self.session.play(move)
        except IllegalMove as error:
            return Reply().told(describe.why(error))
        announcement = describe.played(played, self.game.cards_left)
        lost = self.session.lost_by_last_move()
        game = self.game
        if game.outcome is Outcome.WON:
            self.state.won = won(game.id, before, records_of(self.session.stats, game.variant))
            reply = Reply(heard=News(sound="win", celebrate=True))
        else:  # the warning's sound in place of the move's
            reply = Reply().sounding("lost" if lost else "move")
        if not lost:
            return self._changed(reply, announcement)
        if game.can_deal:
            warning = describe.chance_lowered(game.advice().chance)
        else:
            warning = describe.lost_warning(game)
        return self._changed(reply, describe.sentences(announcement, warning), shown=warning)

    # Buttons and keys ------------------------------------------------------------------

    def _press(self, action: str) -> Reply:
        if action in m.LEAVING:
            return self._leave(Leaving(action))
        if action == "cancel":  # Escape, or a tap elsewhere
            return self._select(None) if self.state.choice.card is not None else Reply()
        if action == "hint":
            return self._hint()
        if action == "result-rewind":
            last = self.session.rewind()
            return Reply() if last is None else self._changed(Reply(), describe.rewound(last))
        return self._step(action)

    def _step(self, action: str) -> Reply:
        """Deal a card, or undo or redo the last move or deal."""
        game = self.game
        if action == "deal-card":
            if not game.can_deal:
                return Reply()
            card = self.session.deal()
            return self._changed(Reply().sounding("move"), describe.dealt(card, self.game.stock_count))
        if action == "undo" and game.can_undo:
            step, sound, (dealt, played) = self.session.undo(), "undo", (describe.undealt, describe.undone)
        elif action == "redo" and game.can_redo:
            step, sound, (dealt, played) = self.session.redo(), "move", (describe.dealt, describe.played)
        else:
            return Reply()
        if isinstance(step, str):
            words = dealt(step, self.game.stock_count)
        else:
            words = played(step, self.game.cards_left)
        return self._changed(Reply().sounding(sound), words)

    def _hint(self) -> Reply:
        """Mark a move that keeps the game winnable, or say that none does."""
        game = self.game
        if game.outcome is not None:
            return Reply()
        move = self.session.hint()
        self.state.choice = Choice(None, move)
        reply = Reply(draw=Draw.PAGE)
        if game.can_deal:  # from the stock: only what is seen (docs/rules.md, "The chance")
            advice = game.advice()
            return reply.told(
                describe.stock_hint(advice, game.line), describe.stock_hint(advice, game.line, spoken_name)
            )
        return reply.told(describe.hint(move, game), describe.hint(move, game, spoken_name))

    # Leaving the game ------------------------------------------------------------------

    def _leave(self, leaving: Leaving) -> Reply:
        """Leave as ``leaving`` says: first ask when that makes the game a loss."""
        if leaving.action == "daily" and self.session.daily_in_progress():
            return Reply().told(describe.DAILY_IN_PROGRESS)
        if self.session.should_ask_before_leaving():
            self.state.leaving = leaving
            return Reply(show=self._drop_link() + loss_question(leaving.action) + modal(LOSS_DIALOG))
        return self._leave_for(leaving)

    def _drop_link(self) -> Patch:
        """One question at a time: the newer. A link's deal still offered is declined."""
        if self.state.link is None:
            return Patch()
        self.state.link = None
        return modal(LINK_DIALOG, False)

    def _confirmed(self, dont_ask: bool) -> Reply:
        leaving, self.state.leaving = self.state.leaving, None
        if leaving is None:
            return Reply()
        if dont_ask:
            self.session.change_settings(ask_before_loss=False)
        return replace(self._leave_for(leaving), show=modal(LOSS_DIALOG, False))

    def _leave_for(self, leaving: Leaving) -> Reply:
        session = self.session
        if leaving.game is not None:
            session.start(leaving.game)
            return self._changed(Reply(), leaving.words)
        if leaving.action == "new-game":
            session.new_game()
            return self._changed(Reply(), describe.new_game(self.game.number))
        if leaving.action == "daily":
            if not session.daily():
                return Reply().told(describe.DAILY_IN_PROGRESS)
            return self._changed(Reply(), describe.daily(self.game.number))
        session.restart()
        return self._changed(Reply(), describe.RESTARTED)

    def _changed(self, reply: Reply, announcement: str, shown: str = "") -> Reply:
        """The game changed: the choice goes, the page is drawn again, the ending (if any) is
        read out too, and a fresh deal that cannot be won says so."""
        self.state.choice = Choice()
        if self.state.lesson is not None:  # a move (or another game) lets the lesson go
            Teacher(self.session, self.state).end()
        game = self.game
        if game.figures_known and game.par is None and not game.touched:
            shown = describe.unwinnable_deal(game.number)
            announcement = describe.sentences(announcement, shown)
        ended = game.outcome is not None
        if ended:
            now = self.session.now()
            heading, text = describe.ending(game, now)
            if game.outcome is Outcome.WON:  # the panel shows its figures; the words read them
                heading = describe.sentences(heading, describe.win_figures(game, now))
            announcement = describe.sentences(announcement, heading, text)
        return replace(reply, draw=Draw.PAGE, changed=True, ended=ended).told(shown, announcement)

    # Links ----------------------------------------------------------------------------

    def _offer(self, request: DealRequest) -> Reply:
        """Open a linked deal, asking first if that would end a game in progress."""
        action = self.session.link_action(request)
        if action is LinkAction.OPEN:
            return self._open_link(request)
        if action is LinkAction.ASK:
            self.state.link = request
            dropped = modal(LOSS_DIALOG, False) if self.state.leaving is not None else Patch()
            self.state.leaving = None  # one question at a time: the newer
            return Reply(show=dropped + modal(LINK_DIALOG))
        return Reply()

    def _open_link(self, request: DealRequest) -> Reply:
        self.session.open_request(request)
        return self._changed(Reply(), describe.LINK_OPENED)
