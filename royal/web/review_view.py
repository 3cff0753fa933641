"""The review of a finished game (``#review``, opened by ``#review-open`` on the end panel): the
player's moves in notation, each marked (``data-verdict``: ``lost``, ``longer`` or ``fine``) with
its reason, stepped on the board as the replay steps a shortest win (docs/play.md, "Review").

The panel is drawn by royal/view/review_panel.py. While it shows, ``body[data-review]`` is set
and the App draws the review's own line: the game, its save, the stats and the clock are not
touched. Play on from here starts a new game of the deal with the moves up to the position shown.
"""

from __future__ import annotations

from collections.abc import Callable

from royal.review import Review
from royal.table.state import PageState
from royal.view.html import Patch
from royal.view.review_panel import review_panel
from royal.view.timing import timer


class ReviewView:
    """Shows a :class:`Review` (its panel is ``#review``); ``on_change()`` draws the page after
    each step, ``draw(patch)`` the panel alone as a move is judged, ``show(patch)`` draws with
    the next drawing, ``on_close()`` runs when the player closes it, ``on_again(review)`` plays
    on from the move shown."""

    def __init__(
        self,
        state: PageState,
        on_change: Callable[[], None],
        draw: Callable[[Patch], None],
        show: Callable[[Patch], None],
        on_close: Callable[[], None],
        on_again: Callable[[Review], None],
    ) -> None:
        self.on_change, self.draw, self.show_with_next = on_change, draw, show
        self.on_close, self.on_again = on_close, on_again
        self.state = state

    @property
    def review(self) -> Review | None:
        return self.state.review

    @property
    def open(self) -> bool:
        return self.state.review is not None

    def render(self) -> Patch:
        """The panel as the review stands (hidden when none shows), taking the focus if a step asked."""
        focus, self.state.review_focus = self.state.review_focus, None
        return review_panel(self.review, focus)

    def show(self, review: Review, game_id: str) -> None:
        """Open the review of the game ``game_id`` at the deal's start, its moves listed, Step
        focused; the moves are judged after, one a turn."""
        self.state.review, self.state.reviewed = review, game_id
        self.state.review_focus = "step"
        self.show_with_next(timer("review", 0))
        self.on_change()

    def judge(self) -> None:
        """Judge one move, draw its mark, and come back for the next (its timer's message): one
        solve a turn, so the page never waits for the whole game's (the benchmark times both)."""
        review = self.review
        if review is None:
            return
        judged = review.judge_next()
        self.draw(self.render() + (timer("review", 0) if judged is not None else Patch()))

    def close(self, notify: bool = True) -> None:
        """Hide the review; ``on_close()`` then draws the end screen again (unless ``notify``
        is false: the caller draws)."""
        if self.review is None:
            return
        self.state.review = None
        if notify:
            self.on_close()

    def key(self, key: str) -> None:
        """A review key (royal/shortcuts.py): Escape closes the review, back to its button; in
        the moves list, the arrows step a move from the one shown (the list is one tab stop: the
        focus follows the move shown; keys pressed fast add up), Home and End go to the first
        and the last."""
        review = self.review
        if review is None:
            return
        if key == "Escape":
            self._close_to_opener()
            return
        steps = {"ArrowUp": -1, "ArrowLeft": -1, "ArrowDown": 1, "ArrowRight": 1}
        ends = {"Home": 1, "End": len(review.moves)}
        if key not in steps and key not in ends:
            raise ValueError(f"no review key {key!r}")
        position = ends[key] if key in ends else review.position + steps[key]
        self._to(max(1, min(position, len(review.moves))), True)

    def button(self, name: str) -> None:
        """One of the panel's buttons (index.html's ``data-arg``): Back, Step, Play on from here, Close."""
        actions: dict[str, Callable[[], None]] = {
            "back": lambda: self._go(-1),
            "step": lambda: self._go(1),
            "again": self._again,
            "close": self._close_to_opener,
        }
        actions[name]()

    def to_move(self, number: str) -> None:
        """A move of the list clicked (its ``data-arg``): the board shows the position after it."""
        self._to(int(number))

    def _close_to_opener(self) -> None:
        if self.review is not None:
            self.state.review_focus = "back"  # to Review, on the end panel, where it was opened
            self.close()

    def _go(self, step: int) -> None:
        if self.review is not None:
            self._to(self.review.position + step)

    def _to(self, position: int, focus: bool = False) -> None:
        if self.review is not None:
            self.review.go_to(position)
            self.state.review_focus = "move" if focus else None
            self.on_change()

    def _again(self) -> None:
        review = self.review
        if review is not None:
            self.close(notify=False)
            self.on_again(review)
