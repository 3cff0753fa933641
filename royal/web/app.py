"""The game in the page: turns clicks and keys into :class:`~royal.session.Session` calls and
draws what results through :class:`~royal.web.page.Page` and :class:`~royal.web.board.Board`.

It holds no rule of its own: only the selection and the hint on show, which belong to the
page rather than to the game.
"""

from __future__ import annotations

from royal import describe
from royal.cards import spoken_name
from royal.clock import format_seconds
from royal.game import Game, Outcome
from royal.line import IllegalMove, Move
from royal.links import DealRequest, link_query
from royal.replay import Replay
from royal.session import LinkAction, Session
from royal.web.backup_view import BackupView
from royal.web.board import Board
from royal.web.dom import on_stale
from royal.web.drag import Drag
from royal.web.keys import Keys
from royal.web.page import Page
from royal.web.persistence import KeepData
from royal.web.records_view import RecordsView
from royal.web.replay_view import ReplayView, board_marks
from royal.web.sound import Sound

TICK_MS = 500


class App:
    """Turns clicks and keys into session calls and draws the result."""

    def __init__(self, session: Session, page: Page) -> None:
        self.session = session
        self.page = page
        self.board = Board(page.line, self.choose)
        self.drag = Drag(page.line, self.drag_start, self.drop)
        self.sound = Sound()
        self.replay = ReplayView(page.replay_bar, self.render, self._replay_closed)
        self.records = RecordsView(page.stats_panel)
        self.backup = BackupView(
            session, page.stats_panel, page.import_dialog, page.reset_dialog, self._stats_changed
        )
        self.selected: str | None = None
        self.hinted: Move | None = None
        self.pending: DealRequest | None = None
        self.leaving: str | None = None  # the action waiting on the loss question
        buttons = {
            "new-game": lambda: self.leave("new-game"),
            "daily": lambda: self.leave("daily"),
            "restart": lambda: self.leave("restart"),
            "undo": self.undo,
            "redo": self.redo,
            "hint": self.hint,
            "result-undo": self.undo,
            "result-rewind": self.rewind,
            "result-restart": lambda: self.leave("restart"),
            "result-new": lambda: self.leave("new-game"),
            "replay": self.show_replay,
            "link-open": self.open_pending,
            "link-keep": self.keep_game,
            "loss-confirm": self.confirm_leave,
            "loss-cancel": self.page.close_loss,
            "share": self.share,
            "settings": self.page.open_settings,
            "settings-close": self.page.close_settings,
        }
        for element_id, action in buttons.items():
            page.on(element_id, action)
        # Shortcut keys name the same actions as the buttons they stand for.
        self.keys = Keys({**buttons, "cancel": self.cancel}, self.arrow)
        page.on_click_elsewhere(self.cancel)
        page.on_visibility(self._visibility)
        page.on_leave(self.session.save)
        page.on_storage(self._storage)
        on_stale(self._caught_up)
        page.on_restore(self._catch_up)
        page.on_link_dialog_close(self.keep_game)
        page.on_loss_dialog_close(self._forget_leave)
        page.on_setting_change(self.change_setting)
        page.every(TICK_MS, self._tick)
        self.session.set_visible(page.visible())
        self.keep_data = KeepData()

    @property
    def game(self) -> Game:
        """The game being played (the session may replace it)."""
        return self.session.game

    # Choosing cards -------------------------------------------------------------------

    def choose(self, card: str) -> None:
        """A card was clicked or pressed: select it, cancel, or play the move it completes."""
        if self.game.outcome is not None:
            return
        if self.selected is None or card == self.selected:
            self._select(None if card == self.selected else card)
            return
        for move in self.game.line.partners(self.selected):
            if card in (move.left, move.right):
                self._play(move)
                return
        self._select(card)

    def _select(self, card: str | None) -> None:
        self.selected = card
        if card is None:
            self.page.tell("", describe.SELECTION_CANCELLED)
        else:
            line = self.game.line
            self.page.tell(describe.selection(line, card), describe.selection(line, card, spoken_name))
            if not line.partners(card):
                self.sound.play("no-partner")
        self.render()

    def drag_start(self, card: str) -> bool:
        """A card is being dragged: select it, so its partners show; False if play is over."""
        if self.game.outcome is not None:
            return False
        if self.selected != card:
            self._select(card)
        return True

    def drop(self, card: str, target: str | None) -> None:
        """A dragged card was dropped: on a partner it plays the move, anywhere else it cancels."""
        for move in self.game.line.partners(card):
            if target is not None and target == move.other(card):
                self._play(move)
                return
        self._select(None)

    def cancel(self) -> None:
        """Escape or a tap elsewhere drops the selection."""
        if self.selected is not None:
            self._select(None)

    def arrow(self, card: str, step: str) -> None:
        """Arrow keys move focus along the line."""
        target = self.board.neighbour(card, step)
        if target is not None:
            self.board.focus(target)

    # Actions --------------------------------------------------------------------------

    def _play(self, move: Move) -> None:
        try:
            played = self.session.play(move)
        except IllegalMove as error:
            self.page.tell(str(error))
            return
        announcement = describe.played(played, self.game.cards_left)
        if self.game.outcome is Outcome.WON:
            self.sound.play("win")
            self.page.celebrate()
        else:
            self.sound.play("move")
        if self.session.lost_by_last_move():
            warning = describe.lost_warning(self.game)
            self._changed(f"{announcement} {warning}", shown=warning)
        else:
            self._changed(announcement)

    def undo(self) -> None:
        """Take back the last move."""
        if self.game.can_undo:
            played = self.session.undo()
            self.sound.play("undo")
            self._changed(describe.undone(played, self.game.cards_left))

    def redo(self) -> None:
        """Play the last undone move again."""
        if self.game.can_redo:
            played = self.session.redo()
            self.sound.play("move")
            self._changed(describe.played(played, self.game.cards_left))

    def rewind(self) -> None:
        """Undo back to the last position from which the game could still be won."""
        last = self.session.rewind()
        if last is not None:
            self._changed(describe.rewound(last))

    def hint(self) -> None:
        """Mark a move that keeps the game winnable, or say that none does."""
        if self.game.outcome is not None:
            return
        move = self.session.hint()
        self.selected = None
        self.hinted = move
        self.page.tell(describe.hint(move, self.game), describe.hint(move, self.game, spoken_name))
        self.render()

    # Leaving the game ------------------------------------------------------------------

    def leave(self, action: str) -> None:
        """New game, Today's deal or Restart: ask first when that makes the game a loss."""
        if action == "daily" and self.session.daily_in_progress():
            self.page.tell(describe.DAILY_IN_PROGRESS)
        elif self.session.should_ask_before_leaving():
            self.leaving = action
            self.page.ask_loss(*describe.LEAVE_QUESTIONS[action])
        else:
            self._leave_for(action)

    def confirm_leave(self) -> None:
        """The player confirmed leaving (maybe asking not to be asked again)."""
        action, self.leaving = self.leaving, None
        if self.page.dont_ask_again():
            self.session.change_settings(ask_before_loss=False)
        self.page.close_loss()
        if action is not None:
            self._leave_for(action)

    def _forget_leave(self) -> None:
        """The loss question closed without confirming: the game goes on."""
        self.leaving = None

    def _leave_for(self, action: str) -> None:
        {"new-game": self.new_game, "daily": self.daily, "restart": self.restart}[action]()

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
        self.selected = None
        self.hinted = None
        if self.game.par is None and not self.game.touched:
            shown = describe.unwinnable_deal(self.game.number)
            announcement = f"{announcement} {shown}"
        outcome = self.game.outcome
        if outcome is not None:
            heading, text = describe.ending(self.game, self.session.now())
            announcement = f"{announcement} {heading} {text}"
        self.page.tell(shown, announcement)
        self.render()
        if outcome is not None:
            self.page.focus_result()

    # Sharing and settings ---------------------------------------------------------------

    def share(self) -> None:
        """Share the game's link (the address bar always holds it)."""
        self.page.share(lambda ok: self.page.tell(describe.LINK_COPIED if ok else describe.LINK_NOT_COPIED))

    def change_setting(self, name: str, value: bool | str) -> None:
        """The player changed a setting in the panel: keep it and apply it."""
        self.session.change_settings(**{name: value})
        self.render()

    # Replay and stats -------------------------------------------------------------------

    def show_replay(self) -> None:
        """At the end of a game, show a shortest win of its deal, or say there is none."""
        if self.game.outcome is None or self.replay.open:
            return
        solution = self.game.deal_solution()
        if not solution.winnable:
            self.page.tell(describe.NO_REPLAY)
            return
        self.replay.show(Replay(self.game.cards, solution))

    def _replay_closed(self) -> None:
        """Back to the end screen exactly as it was: the game's line, panel and focus."""
        self.render()
        self.page.read_out(describe.REPLAY_CLOSED)
        self.page.focus_replay()

    def _stats_changed(self, words: str) -> None:
        """The stats (and maybe the game) were imported or reset."""
        self.replay.close(notify=False)
        self.selected = None
        self.hinted = None
        self.page.tell("", words)
        self.render()

    # Links ----------------------------------------------------------------------------

    def offer(self, request: DealRequest) -> None:
        """Open a linked deal, asking first if that would end a game in progress."""
        action = self.session.link_action(request)
        if action is LinkAction.OPEN:
            self.session.open_request(request)
            self._changed(describe.LINK_OPENED)
        elif action is LinkAction.ASK:
            self.pending = request
            self.page.ask_link()

    def open_pending(self) -> None:
        """The player chose the linked deal."""
        request, self.pending = self.pending, None
        self.page.close_link()
        if request is not None:
            self.session.open_request(request)
            self._changed(describe.LINK_OPENED)

    def keep_game(self) -> None:
        """The player kept the unfinished game (also what Escape on the dialog means)."""
        self.pending = None
        self.page.close_link()
        self.render()  # the address gives up the link for the game kept

    # Page events ----------------------------------------------------------------------

    def _visibility(self, visible: bool) -> None:
        if visible:
            self._catch_up()
        self.session.set_visible(visible)
        self._tick()

    def _catch_up(self) -> None:
        """The page was shown again: other tabs may have written while it was not listening."""
        if self.session.catch_up():
            self._caught_up()

    def _storage(self) -> None:
        if self.session.sync():
            self._caught_up()

    def _caught_up(self) -> None:
        """The session adopted another tab's writes: what the page offered for the game as it
        was (a selection, a hint, a drag, a replay, their words) is dropped, and it is drawn."""
        dragging = self.drag.stop()
        self.replay.close(notify=False)
        self.selected = None
        self.hinted = None
        self.page.tell(describe.DRAG_STOPPED if dragging else "")
        self.render()

    def _tick(self) -> None:
        self.page.fields({"time": format_seconds(self.game.clock.seconds(self.session.now()))})

    # Drawing --------------------------------------------------------------------------

    def _marks(self) -> dict[str, dict[str, str]]:
        marks: dict[str, dict[str, str]] = {}
        line = self.game.line
        if self.selected is not None:
            moves = line.partners(self.selected)
            for move in moves:
                for card in line.enclosed(move):
                    marks.setdefault(card, {})["data-role"] = "enclosed"
            # After the removals: a card one pairing would remove may be another's partner,
            # and what the player can pick next matters more than what might vanish.
            for move in moves:
                marks.setdefault(move.other(self.selected), {})["data-role"] = "partner"
        if self.hinted is not None:
            for card in (self.hinted.left, self.hinted.right):
                marks.setdefault(card, {})["data-hint"] = "boundary"
            for card in line.enclosed(self.hinted):
                marks.setdefault(card, {})["data-hint"] = "removed"
        return marks

    def render(self) -> None:
        """Draw the whole state: cheap enough to do after every action."""
        game = self.game
        now = self.session.now()
        fields = describe.fields(game, now)
        replay = self.replay.replay
        if replay is None:
            self.board.render(game.line.cards, self.selected, self._marks())
        else:  # the replay, not the game, is on the board until it closes
            self.board.render(replay.line.cards, None, board_marks(replay))
            fields.update(describe.replay_fields(replay))
        self.page.fields(fields)
        query = link_query(game.number, game.cards)
        self.page.link(query)
        if self.pending is None:  # while a link's deal is offered, the address keeps that link
            self.page.address(query)
        self.page.buttons(
            {
                "new-game": True,
                "daily": True,
                "restart": True,
                "undo": game.can_undo,
                "redo": game.can_redo,
                "hint": game.outcome is None,
                "share": True,
                "settings": True,
            }
        )
        self.page.stats(describe.figures(self.session.stats, self.session.today()))
        if self.session.worth_keeping():
            self.keep_data.ask()
        self.records.render(self.session.stats, self.session.today())
        settings = self.session.settings
        self.page.settings(settings)
        self.sound.on = settings.sound
        outcome = game.outcome
        heading, text = describe.ending(game, now) if outcome is not None else ("", "")
        rewind = game.last_winnable() if outcome is Outcome.STUCK else None
        parts = describe.breakdown(game.breakdown) if outcome is not None else None
        self.page.outcome(outcome.value if outcome else None, heading, text, game.can_undo, rewind, parts)
