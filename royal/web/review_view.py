"""The review of a finished game (``#review``, opened by ``#review-open`` on the end panel): the
player's moves in notation, each marked (``data-verdict``: ``lost``, ``longer`` or ``fine``) with
its reason, stepped on the board as the replay steps a shortest win (docs/play.md, "Review").

While it shows, ``body[data-review]`` is set and the App draws the review's own line: the game,
its save, the stats and the clock are not touched. Play on from here starts a new game of the
deal with the moves up to the position shown.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from pyscript import document, window

from royal import describe
from royal.review import Review
from royal.web.dom import kept, on_click, on_click_of, on_event, within
from royal.web.opener import Opener


class ReviewView:
    """Shows a :class:`Review` in ``section``; ``on_change()`` draws the page after each step,
    ``on_close()`` runs when the player closes it, ``on_again(moves)`` plays on from a move."""

    def __init__(
        self,
        section: Any,
        on_change: Callable[[], None],
        on_close: Callable[[], None],
        on_again: Callable[[Review], None],
    ) -> None:
        self.section = section
        self.on_change, self.on_close, self.on_again = on_change, on_close, on_again
        self.review: Review | None = None
        self.summary = within(section, "review-summary")
        self.status = within(section, "review-status")
        self.moves = within(section, "review-moves")
        self._judge_soon = kept(lambda *args: self._judge())
        self.back_button = within(section, "review-back")
        self.step_button = within(section, "review-step")
        for element_id, action in (
            ("review-back", lambda: self._go(-1)),
            ("review-step", lambda: self._go(1)),
            ("review-again", self._again),
            ("review-close", self._close_to_opener),
        ):
            on_click(within(section, element_id), action)
        self.opener = Opener()
        on_event(section, "keydown", self._key)
        on_click_of(self.moves, "button", "data-move", lambda number: self._to(int(number)))

    @property
    def open(self) -> bool:
        return self.review is not None

    def show(self, review: Review) -> None:
        """Open the review at the deal's start, its moves listed with their marks."""
        self.review = review
        self.opener.remember()
        document.body.setAttribute("data-review", "")
        self.section.hidden = False
        self.summary.textContent = describe.REVIEW_JUDGING
        self.moves.replaceChildren()
        for number, move in enumerate(review.moves, start=1):
            item = document.createElement("li")
            item.setAttribute("data-move", str(number))
            item.setAttribute("data-verdict", "pending")
            button = document.createElement("button")
            button.type = "button"
            button.textContent = describe.review_move(number, move)
            item.append(button)
            self.moves.append(item)
        self._changed()
        self.step_button.focus()
        window.setTimeout(self._judge_soon, 0)

    def _judge(self) -> None:
        """Judge one move, mark it, and come back for the next: one solve a turn, so the page
        never waits for the whole game's (the benchmark times both)."""
        review = self.review
        if review is None:
            return
        judged = review.judge_next()
        if judged is None:
            self.summary.textContent = describe.review_summary(review)
            return
        item = self.moves.children[judged.number - 1]
        item.setAttribute("data-verdict", judged.verdict)
        reason = describe.review_reason(judged)
        if reason:
            text = document.createElement("span")
            text.textContent = reason
            item.append(text)
        window.setTimeout(self._judge_soon, 0)

    def close(self, notify: bool = True) -> None:
        """Hide the review; ``on_close()`` then draws the end screen again (unless ``notify``
        is false)."""
        if self.review is None:
            return
        self.review = None
        self.section.hidden = True
        document.body.removeAttribute("data-review")
        if notify:
            self.on_close()

    def _key(self, event: Any) -> Callable[[], None] | None:
        """Escape closes the review, back to its button; in the moves list, the arrows step a
        move (the list is one tab stop: the focus follows the move shown), Home and End go to
        the first and the last."""
        review = self.review
        if review is None or event.defaultPrevented or event.altKey or event.ctrlKey or event.metaKey:
            return None
        key = str(event.key)
        if key == "Escape":
            event.preventDefault()
            return self._close_to_opener
        steps = {"ArrowUp": -1, "ArrowLeft": -1, "ArrowDown": 1, "ArrowRight": 1}
        ends = {"Home": 1, "End": len(review.moves)}
        if not self.moves.contains(event.target) or (key not in steps and key not in ends):
            return None
        event.preventDefault()
        return partial(self._key_step, steps.get(key, 0), ends.get(key))

    def _key_step(self, step: int, end: int | None) -> None:
        """Step from the move shown when the key's turn comes (keys pressed fast add up)."""
        if self.review is not None:
            position = end if end is not None else self.review.position + step
            self._to(max(1, min(position, len(self.review.moves))), True)

    def _close_to_opener(self) -> None:
        self.close()
        self.opener.give_back()

    def _go(self, step: int) -> None:
        if self.review is not None:
            self._to(self.review.position + step)

    def _to(self, position: int, focus: bool = False) -> None:
        if self.review is not None:
            self.review.go_to(position)
            self._changed()
            if focus and position:
                self.moves.children[position - 1].querySelector("button").focus()

    def _again(self) -> None:
        review = self.review
        if review is not None:
            self.close(notify=False)
            self.on_again(review)

    def _changed(self) -> None:
        review = self.review
        if review is None:
            return
        self.status.textContent = (
            describe.review_position(review) if review.position else describe.REVIEW_START
        )
        stop = str(max(review.position, 1))  # the list's one tab stop: the move shown, or the first
        for item in self.moves.children:
            current = item.getAttribute("data-move") == str(review.position)
            item.setAttribute("aria-current", "step" if current else "false")
            item.querySelector("button").tabIndex = 0 if item.getAttribute("data-move") == stop else -1
        self.back_button.setAttribute("aria-disabled", "true" if review.position == 0 else "false")
        self.step_button.setAttribute("aria-disabled", "true" if review.at_end else "false")
        self.on_change()
