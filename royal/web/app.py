"""The game in the page: selection, actions and rendering, wired to a :class:`Session`."""

from __future__ import annotations

from pyodide.ffi import create_proxy
from pyscript import document, window

from royal import describe
from royal.cards import spoken_name
from royal.clock import format_seconds
from royal.deals import daily_deal_number
from royal.game import Game, Outcome
from royal.line import IllegalMove, Move
from royal.links import DealRequest, link_query
from royal.session import Session
from royal.web.board import Board
from royal.web.dom import by_id, missing
from royal.web.keys import Keys
from royal.web.page import Page

TICK_MS = 500


class App:
    """Turns clicks and keys into session calls and draws the result."""

    def __init__(self, session: Session, today) -> None:  # type: ignore[no-untyped-def]
        self.session = session
        self.today = today
        self.page = Page()
        self.board = Board(by_id("line"), self.choose)
        self.selected: str | None = None
        self.hinted: Move | None = None
        self.pending: DealRequest | None = None
        buttons = {
            "new-game": self.new_game,
            "daily": self.daily,
            "restart": self.restart,
            "undo": self.undo,
            "redo": self.redo,
            "hint": self.hint,
            "result-undo": self.undo,
            "result-rewind": self.rewind,
            "result-restart": self.restart,
            "result-new": self.new_game,
            "link-open": self.open_pending,
            "link-keep": self.keep_game,
        }
        for element_id, action in buttons.items():
            self.page.on(element_id, action)
        # Shortcut keys name the same actions as the buttons they stand for.
        self.keys = Keys({**buttons, "cancel": self.cancel}, self.arrow)
        listeners = [
            (document, "click", self._click_elsewhere),
            (document, "visibilitychange", self._visibility),
            (window, "pagehide", lambda event: self.session.save()),
            (window, "storage", self._storage),
            (by_id("link-dialog"), "close", lambda event: self.keep_game()),
            (by_id("warn-lost"), "change", self.toggle_warning),
        ]
        for target, name, handler in listeners:
            target.addEventListener(name, create_proxy(handler))
        self._tick_proxy = create_proxy(self._tick)
        window.setInterval(self._tick_proxy, TICK_MS)
        self.session.set_visible(document.visibilityState == "visible")

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
            self.page.say("")
            self.page.announce("Selection cancelled.")
        else:
            self.page.say(describe.selection(self.game.line, card))
            self.page.announce(describe.selection(self.game.line, card, spoken_name))
        self.render()

    def cancel(self) -> None:
        """Escape or a tap elsewhere drops the selection."""
        if self.selected is not None:
            self._select(None)

    def _click_elsewhere(self, event) -> None:  # type: ignore[no-untyped-def]
        if self.selected is not None and missing(
            event.target.closest("#line [data-card], button, a, dialog")
        ):
            self.cancel()

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
            self.page.say(str(error))
            return
        warning = describe.lost_warning(self.game) if self.session.lost_by_last_move() else ""
        self._changed(f"{describe.played(played, self.game.cards_left)} {warning}".rstrip())
        if warning:
            self.page.say(warning)

    def toggle_warning(self, event) -> None:  # type: ignore[no-untyped-def]
        """The "warn me" checkbox changed."""
        self.session.change_settings(warn_lost=bool(event.target.checked))

    def undo(self) -> None:
        """Take back the last move."""
        if self.game.can_undo:
            played = self.session.undo()
            self._changed(describe.undone(played, self.game.cards_left))

    def redo(self) -> None:
        """Play the last undone move again."""
        if self.game.can_redo:
            played = self.session.redo()
            self._changed(describe.played(played, self.game.cards_left))

    def rewind(self) -> None:
        """Undo back to the last position from which the game could still be won."""
        last = self.game.last_winnable()
        if last is None:
            return
        while self.game.moves > last and self.game.can_undo:
            self.session.undo()
        self._changed(f"Back to move {last}. The game can be won from here.")

    def hint(self) -> None:
        """Mark a move that keeps the game winnable, or say that none does."""
        if self.game.outcome is not None:
            return
        move = self.session.hint()
        self.selected = None
        self.hinted = move
        message = describe.hint(move, self.game)
        self.page.say(message)
        self.page.announce(describe.hint(move, self.game, spoken_name))
        self.render()

    def new_game(self) -> None:
        """A new random deal."""
        self.session.new_game()
        self._changed(f"New game: deal {self.game.number}.")

    def daily(self) -> None:
        """Today's deal, numbered by the local date (kept as it is if already being played)."""
        number = daily_deal_number(self.today())
        if self.game.number == number and self.game.outcome is None:
            self.page.say("You are playing today's deal.")
            self.page.announce("You are playing today's deal.")
            return
        self.session.new_game(number)
        self._changed(f"Today's deal: deal {number}.")

    def restart(self) -> None:
        """The same deal from the start."""
        self.session.restart()
        self._changed("The deal starts again.")

    def _changed(self, announcement: str) -> None:
        self.selected = None
        self.hinted = None
        self.page.say("")
        outcome = self.game.outcome
        if outcome is not None:
            heading, text = describe.ending(self.game, self.session.now())
            announcement = f"{announcement} {heading} {text}"
        self.page.announce(announcement)
        self.render()
        if outcome is not None:
            by_id("result-new").focus()  # the line has no move left to focus on

    # Links ----------------------------------------------------------------------------

    def offer(self, request: DealRequest) -> None:
        """Open a linked deal, asking first if that would end a game in progress."""
        if request.cards == self.game.cards and self.game.outcome is None:
            return  # the link names the game already being played
        if not self.session.needs_confirmation(request):
            self.session.open_request(request)
            self._changed("The linked deal is open.")
            return
        self.pending = request
        by_id("link-dialog").showModal()

    def open_pending(self) -> None:
        """The player chose the linked deal."""
        request, self.pending = self.pending, None
        by_id("link-dialog").close()
        if request is not None:
            self.session.open_request(request)
            self._changed("The linked deal is open.")

    def keep_game(self) -> None:
        """The player kept the unfinished game (also what Escape on the dialog means)."""
        self.pending = None
        by_id("link-dialog").close()

    # Page events ----------------------------------------------------------------------

    def _visibility(self, event) -> None:  # type: ignore[no-untyped-def]
        self.session.set_visible(document.visibilityState == "visible")
        self._tick()

    def _storage(self, event) -> None:  # type: ignore[no-untyped-def]
        if self.session.sync():
            self.selected = None
            self.hinted = None
            self.render()

    def _tick(self, *args) -> None:  # type: ignore[no-untyped-def]
        self.page.fields({"time": format_seconds(self.game.clock.seconds(self.session.now()))})

    # Drawing --------------------------------------------------------------------------

    def _marks(self) -> dict[str, dict[str, str]]:
        marks: dict[str, dict[str, str]] = {}
        line = self.game.line
        if self.selected is not None:
            for move in line.partners(self.selected):
                partner = move.right if move.left == self.selected else move.left
                marks.setdefault(partner, {})["data-role"] = "partner"
                for card in line.removal(move)[1]:
                    marks.setdefault(card, {})["data-role"] = "enclosed"
        if self.hinted is not None:
            for card in (self.hinted.left, self.hinted.right):
                marks.setdefault(card, {})["data-hint"] = "boundary"
            for card in line.removal(self.hinted)[1]:
                marks.setdefault(card, {})["data-hint"] = "removed"
        return marks

    def render(self) -> None:
        """Draw the whole state: cheap enough to do after every action."""
        game = self.game
        now = self.session.now()
        self.board.render(game.line.cards, self.selected, self._marks())
        self.page.fields(
            {
                "deal": str(game.number) if game.number is not None else "custom",
                "moves": str(game.moves),
                "score": str(game.score),
                "time": format_seconds(game.clock.seconds(now)),
                "cards-left": str(game.cards_left),
            }
        )
        self.page.link(link_query(game.number, game.cards))
        self.page.buttons(
            {
                "new-game": True,
                "daily": True,
                "restart": True,
                "undo": game.can_undo,
                "redo": game.can_redo,
                "hint": game.outcome is None,
                "warn-lost": True,
            }
        )
        self.page.stats(self.session.stats.figures(self.today()))
        by_id("warn-lost").checked = self.session.settings.warn_lost
        outcome = game.outcome
        heading, text = describe.ending(game, now) if outcome is not None else ("", "")
        rewind = game.last_winnable() if outcome is Outcome.STUCK else None
        self.page.outcome(outcome.value if outcome else None, heading, text, game.can_undo, rewind)
        for notice in self.session.notices:
            self.page.notice(notice)
        self.session.notices.clear()
