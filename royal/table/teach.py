"""The first game's lesson's messages (royal/table/messages.py's ``Teach``): a first visit's
start, Show me how, Next and Skip, over the page's state (``PageState.lesson``) and the session
(whether it was seen through is a setting: docs/saves.md, "settings, version 5"). Each answers
with a :class:`~royal.table.reply.Reply`, as royal/table/play.py's ``Play`` does, which hands
them here and lets the lesson go when the game moves on (docs/play.md, "The first game")."""

from __future__ import annotations

from dataclasses import replace

from royal import describe
from royal.cards import spoken_name
from royal.game import Game
from royal.session import Session
from royal.table.lesson import Lesson, lesson_move
from royal.table.reply import Draw, Reply
from royal.table.state import PageState
from royal.view.html import Focus, Patch


class Teacher:
    """The lesson of ``state`` over ``session``, turned only by :meth:`update` and :meth:`end`."""

    def __init__(self, session: Session, state: PageState) -> None:
        self.session = session
        self.state = state

    @property
    def game(self) -> Game:
        return self.session.game

    def due(self) -> bool:
        """Whether a visit starts the lesson by itself: never seen through, no game counted in
        any way to play, and the game in play untouched."""
        stats, game = self.session.stats, self.game
        counted = stats.played or any(figures.played for figures in stats.variants.values())
        return not (self.session.settings.lesson_seen or counted or game.touched or game.outcome)

    def update(self, action: str) -> Reply:
        """The lesson begun (``first``: a first visit's, only when due; ``start``: Show me how),
        stepped on (``next``) or left (``skip``)."""
        state, game = self.state, self.game
        if action in ("first", "start"):
            if action == "first" and (state.lesson is not None or not self.due()):
                return Reply()
            if game.outcome is not None:
                return Reply().told(describe.LESSON_GAME_OVER)
            state.lesson = Lesson(lesson_move(game))
            # Show me how, asked for under How to play, brings the bubble into view with its
            # first button; a first visit's lesson leaves the focus where it is.
            focus = Patch(focus=Focus("lesson", "button:not([hidden])", take=True))
            return self._shown(Reply(show=focus if action == "start" else Patch()))
        lesson = state.lesson
        if lesson is None:
            return Reply()
        if action == "next" and not lesson.last:
            state.lesson = lesson = lesson.next()
            reply = Reply()
            if lesson.last and lesson.move is not None:
                # It lets go: the focus on the card to pick first (Enter selects it).
                card = f'[data-card="{lesson.move.left}"]'
                reply = Reply(show=Patch(focus=Focus("line", card, take=True)))
            return self._shown(reply)
        if action == "skip":
            self.end()
            return Reply(draw=Draw.PAGE).told(None, describe.LESSON_ENDED)
        return Reply()

    def _shown(self, reply: Reply) -> Reply:
        """The lesson's step drawn, its words read out."""
        lesson, game = self.state.lesson, self.game
        assert lesson is not None
        spoken = describe.lesson(lesson.move, lesson.step, game.line, game.can_deal, spoken_name)
        return replace(reply, draw=Draw.PAGE).told(None, spoken)

    def end(self) -> None:
        """The lesson goes, seen through: it never starts by itself again."""
        self.state.lesson = None
        if not self.session.settings.lesson_seen:
            self.session.change_settings(lesson_seen=True)
