"""The game in the page: builds the views of the page's regions, wires every entry point, follows
other tabs and draws the state through :class:`~royal.web.drawing.Drawing` and those views.

It holds no rule of its own. What the player does to the game is a message
(:mod:`royal.table.messages`) that :class:`~royal.table.play.Play` answers with a reply, which
:meth:`App.act` applies; the views hand it what the player does, and take back only what they
draw.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from royal import describe
from royal.clock import format_seconds
from royal.deals import DealError
from royal.describe import Notice
from royal.game import Game
from royal.line import Move
from royal.links import parse_link
from royal.replay import Replay
from royal.review import Review
from royal.session import Session
from royal.tab_sync import Stale
from royal.table import messages as m
from royal.table.calendar import Challenge
from royal.table.choice import Choice
from royal.table.play import Play
from royal.table.reply import Draw
from royal.table.state import PageState
from royal.view import boot
from royal.view.board import Board
from royal.view.html import Effect, Focus, Patch, effect, text
from royal.view.page import Screen, game_query, page
from royal.view.timing import after_paint, timer
from royal.web.achievements_view import AchievementsView
from royal.web.backup_view import BackupView
from royal.web.calendar_view import CalendarView
from royal.web.chance_view import ChanceView
from royal.web.drawing import Drawing
from royal.web.finish_view import FinishView
from royal.web.kept_table import KeptTable
from royal.web.other_tabs import OtherTabs
from royal.web.persistence import KeepData
from royal.web.records_view import RecordsView
from royal.web.replay_view import ReplayView, board_marks
from royal.web.review_view import ReviewView
from royal.web.routes import routes
from royal.web.settings_view import SettingsView

TICK_MS = 500


class App:
    """Builds the page's views, wires their events to the game and draws the result."""

    def __init__(self, session: Session, page: Drawing, visible: bool) -> None:
        self.session = session
        self.page = page
        self.state = state = PageState()  # the page's own state, every view's part of it
        self.replay = ReplayView(state, page.show, self.render, self._replay_closed)
        self.table = Play(session, state)
        self.board = Board()
        self.records = RecordsView(state)
        self.backup = BackupView(state, session.backup, self._adopted, page.show)
        self.settings = SettingsView(state, page.show, self.change_setting)
        self.keep_data = KeepData(state, page.show)
        self.kept_table = KeptTable(state, session, page.show)
        self.calendar = CalendarView(state, lambda: session.stats, page.show, self.play_challenge)
        self.achievements = AchievementsView(state, page.show, session.stats, session.tabs.unlocked_at_load)
        self.review = ReviewView(state, self.render, page.draw, page.show, self._review_closed, self._play_on)
        self.chance = ChanceView(state, self._weighed, page.draw, page.show)
        self.finish = FinishView(state, self._play, lambda words: page.tell("", words), page.draw, page.show)
        self.tabs = OtherTabs(session, visible, self._adopted, self.render, self.tick)
        # The page's messages (static/view.js), each ``[kind, what]``, by kind.
        self.received = routes(self)
        if set(self.received) != m.PAGE_MESSAGES:
            differ = set(self.received) ^ m.PAGE_MESSAGES
            raise AssertionError(f"the page's messages handled differ: {sorted(differ)}")
        page.show(timer("tick", TICK_MS, repeat=True))  # the clock's field

    # Playing --------------------------------------------------------------------------

    def start(self, query: dict[str, str]) -> str:
        """The game begins in the page, at the address's ``query``: a link honoured, the page
        drawn and told it is ready; what it drew as one patch's JSON."""
        try:
            request = parse_link(query)
        except DealError as error:
            request = None
            self.page.notice(Notice(describe.bad_link(error)))
        if request is not None:
            self.act(m.Link(request))  # first, so that the address keeps a link still being offered
        # A first visit plays the first move with the player (docs/play.md, "The first game").
        if not self.table.asking_link:
            self.page.hear(self.table.update(m.Teach("first")).heard)  # drawn just below
        self.render()
        self.page.show(effect("ready"))
        self.kept_table.wrote()
        self.page.flush()
        return self.page.gathered()

    def answer(self, kind: str, what: Any, wrote: Callable[[], bool]) -> str:
        """The page's message ``[kind, what]`` received, and what it drew as one patch's JSON
        (``null`` for nothing): one call in, one description out. ``wrote()`` says whether it
        wrote the records (the table kept for the next visit then follows)."""
        self.receive(kind, what)
        if kind == "pagehide" or (kind == "visible" and not what["shown"]):
            self.kept_table.leave(wrote())
        elif wrote():
            self.kept_table.wrote()
        self.page.flush()
        return self.page.gathered()

    def receive(self, kind: str, what: Any) -> None:
        """One of the page's messages, routed (royal/web/routes.py). One the session refused as
        stale (another tab played first) ends in the page drawn as the session now is; whatever
        it did, what it heard or showed and drew not is drawn as it ends."""
        try:
            self.received[kind](what)
        except Stale:
            self._adopted()
        finally:
            self.page.flush()

    def _play(self, move: Move) -> None:
        self.act(m.Play(move))

    def act(self, message: m.Message) -> None:
        """Play ``message`` and apply the reply: what is heard and shown, what the game's change
        ends (a replay on the board), one drawing, and the end panel's focus at a game's end."""
        reply = self.table.update(message)
        self.page.hear(reply.heard)
        self.page.show(reply.show)
        if reply.changed:
            self.replay.close(notify=False)
        if reply.draw is Draw.PAGE:
            self.render()
        elif reply.draw is Draw.MARKS:
            self.render_marks()
        if reply.ended:  # the end panel takes the focus (static/ending.js)
            self.page.show(effect("end"))

    # Sharing, settings, the replay and the stats ----------------------------------------

    def share(self) -> None:
        """Share the game's link (the address bar always holds it), with the result's text at a
        game's end (docs/play.md, "The address bar and Share")."""
        game = self.session.game
        ended = game.outcome is not None
        self.page.share(describe.share_text(game, self.session.now(), game.challenge_day) if ended else "")

    def play_challenge(self, chosen: Challenge) -> None:
        """Play a daily challenge the calendar opened."""
        game = Game.numbered(chosen.number, daily=chosen.day)
        self.act(m.Begin("challenge", game, describe.challenge(chosen.level, chosen.day)))

    def show_review(self) -> None:
        """At the end of a game, review its moves."""
        game = self.session.game
        if game.outcome is None or self.review.open:
            return
        self.replay.close(notify=False)
        self.review.show(Review(game), game.id)

    def _review_closed(self) -> None:
        self.render()
        self.page.read_out(describe.REVIEW_CLOSED)

    def _play_on(self, review: Review) -> None:
        """Play on from the review's position: a new game of the deal with those moves."""
        game = review.again_from(review.position, self.session.now())
        self.act(m.Begin("play-on", game, describe.review_position(review)))

    def change_setting(self, name: str, value: bool | str) -> None:
        """The player changed a setting in the panel: keep it and apply it."""
        self.session.change_settings(**{name: value})
        self.render()

    def show_replay(self) -> None:
        """At the end of a game, show a shortest win of its deal, or say there is none."""
        game = self.session.game
        if game.outcome is None or self.replay.open:
            return
        solution = game.deal_solution()
        if not solution.winnable:
            self.page.tell(describe.NO_REPLAY)
            return
        self.session.show_solution()
        self.replay.show(Replay(game.cards, solution, game.variant.suit_runs))

    def _replay_closed(self) -> None:
        """Back to the end screen exactly as it was: the game's line, panel and focus."""
        self.page.show(Patch(focus=Focus("result", "#replay", take=True)))
        self.render()
        self.page.read_out(describe.REPLAY_CLOSED)

    # Page events ----------------------------------------------------------------------

    def _adopted(self, words: str = "") -> None:
        """The session adopted a game or stats the page did not show (another tab's, or a
        backup's: ``words`` say so): what the page offered for them as they were (a selection,
        a hint, a replay, their words) is dropped, a drag under way ends with a word (its card
        may be gone), and the page is drawn anew."""
        self.replay.close(notify=False)
        self.review.close(notify=False)
        self.state.choice = Choice()
        self.state.lesson = None  # its move may be gone (the other tab's lesson ended with a move)
        self.page.tell("", words)
        if self.state.dragging is not None:
            self.state.dragging = None
            self.page.show(effect("drag-stop"))  # static/drag.js: its release then plays nothing
            self.page.tell(describe.DRAG_STOPPED)
        self.render()

    def tick(self) -> None:
        """The clock's field, drawn when the second it shows changes."""
        shown = format_seconds(self.session.game.clock.seconds(self.session.now()))
        if shown != self.state.clock:
            self.state.clock = shown
            self.page.draw(Patch({"field-time": text(shown)}))

    # Drawing --------------------------------------------------------------------------

    def render(self) -> None:
        """Draw the whole state, or the replay's line while one shows, in one call into the
        page: cheap enough to do after every action."""
        session, state = self.session, self.state
        game, settings = session.game, session.settings
        now, today = session.now(), session.today()
        replay = state.replay
        if state.review is not None and game.id != state.reviewed:  # the game was left: so is its review
            self.review.close(notify=False)
        review = state.review
        # The review, as the replay, is on the board until it closes.
        steps = review if review is not None else replay
        if steps is None:
            line = self._game_line()
        else:
            line = self.board.render(steps.line.cards, None, board_marks(steps))
        stats = session.stats.of(settings.variant)
        # The first-game guide, through the first game until its first move, unless the lesson
        # shows in its place (docs/play.md, "The first game").
        state.guide = (
            replay is None and state.lesson is None and boot.first_game(session.stats, settings, game)
        )
        screen = Screen(
            game,
            now,
            today,
            settings,
            session.stats,
            steps,
            replay,
            state.replay_opening,
            state.guide,
            self.chance.for_drawing(),
            # Finish for me weighs the whole line: from the stock, once it is all dealt.
            self.finish.offer(game, steps is None and not game.can_deal),
            # While a link's deal is offered, the address keeps it.
            None if self.table.asking_link else game_query(game),
            state.lesson if steps is None else None,
            state.won,
        )
        self.page.sound_on = settings.sound
        state.clock = format_seconds(game.clock.seconds(now))
        self.page.draw(
            page(screen)
            + Patch(effects=(line,))
            + self.records.render(session.stats, today, stats.recent)
            + self.calendar.render(today)
            + self.achievements.render(session.stats, today)
            + self.review.render()
        )
        if session.worth_keeping() and not state.keep_data_asked:
            self.page.show(after_paint("keep-data"))  # the browser's answer is no part of the move's frame

    def render_marks(self) -> None:
        """Draw the selection's marks on the game's line: nothing else the page shows follows
        the selection, so a click that only selects draws no more (the whole page while a
        replay or a review holds the board)."""
        if self.state.replay is not None or self.state.review is not None:
            self.render()
        else:
            self.page.draw(Patch(effects=(self._game_line(),)))

    def _game_line(self) -> Effect:
        game = self.session.game
        stock = game.stock_count if game.variant.stock else None
        choice, lesson = self.state.choice, self.state.lesson
        marks = choice.marks(game.line)
        if lesson is not None:  # the cards the lesson points at (royal/table/lesson.py)
            for card, mark in lesson.marks(game.line).items():
                marks[card] = {**marks.get(card, {}), **mark}
        return self.board.render(game.line.cards, choice.card, marks, stock)

    def _weighed(self) -> Game | None:
        """The game whose chance the page shows: a stock game with cards in the stock, on the board."""
        game = self.session.game
        state = self.state
        shown = game.variant.stock and game.can_deal and state.replay is None and state.review is None
        return game if shown else None
