"""Dragging a card onto its partner, with a mouse, a finger or a pen (pointer events).

A press that moves more than a few pixels becomes a drag, while ``can_drag()`` says play goes
on: the card follows the pointer and ``on_start(card)`` lets the game mark the card's partners
as a selection does; a partner under the pointer is marked as where the card would go
(``data-drop``). A finger's card rides above it (``data-lifted``, app.css), so the finger does
not hide that mark. On release, ``on_drop(card, target)`` gets the card under the pointer, or
``None`` for anywhere else. A press that does not move stays a tap, handled as a click.

The pointer's events are followed at once (the drag takes the pointer, and its default and
the click after it are stopped as they come); ``on_start`` and ``on_drop`` run in turn with
the page's other actions (:func:`~royal.web.dom.in_turn`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from pyodide.ffi import create_once_callable
from pyscript import document, window

from royal.web.dom import missing, on_event

#: How far, in CSS pixels, a press must move to become a drag rather than a tap.
THRESHOLD_PX = 8
#: The click that a browser sends after a drag ends is not a tap: ignore it this long.
CLICK_AFTER_DRAG_MS = 500
#: A drag held this close to the top or bottom of the window scrolls the page, frame after frame
#: while it stays there (moving or not), up to EDGE_STEP_PX a frame at the very edge, until the
#: line's end that way is in view with LINE_MARGIN_PX to spare (past it is nothing to drop on).
EDGE_PX = 56
EDGE_STEP_PX = 16
LINE_MARGIN_PX = 8


class Drag:
    """Turns pointer drags on the cards in ``root`` into ``on_start``/``on_drop`` calls."""

    def __init__(
        self,
        root: Any,
        can_drag: Callable[[], bool],
        on_start: Callable[[str], None],
        on_drop: Callable[[str, str | None], None],
    ) -> None:
        self.root = root
        self.can_drag = can_drag
        self.on_start = on_start
        self.on_drop = on_drop
        self.pressed: Any = None  # the card element pressed, until release
        self.pointer: int | None = None
        self.origin = (0.0, 0.0)
        self.dragging = False
        self.dropped_at = -1e9
        self.at = (0.0, 0.0)  # where the pointer is in the window, while a card is pressed
        self.frame: Any = None  # the edge scroll's next animation frame, while one is asked for
        self.line = window.royalLine  # static/line.js: the card under the pointer
        for name, handler, capture in (
            ("pointerdown", self._down, False),
            ("pointermove", self._move, False),
            ("pointerup", self._up, False),
            ("pointercancel", self._cancel, False),
            ("click", self._click, True),
        ):
            on_event(root, name, handler, capture)

    def _down(self, event: Any) -> None:
        if str(event.pointerType) == "mouse" and int(event.button) != 0:
            return
        if self.dragging and int(event.pointerId) != self.pointer:
            return  # a second finger while one drags
        self._reset()  # a press left over from a pointer that never came up gives way
        target = event.target.closest("[data-card]")
        if missing(target):
            return
        self.pressed = target
        self.pointer = int(event.pointerId)
        # In the page's coordinates: the card keeps under the pointer while the page scrolls.
        self.origin = (
            float(event.clientX) + float(window.scrollX),
            float(event.clientY) + float(window.scrollY),
        )
        self.dragging = False

    def _move(self, event: Any) -> Callable[[], None] | None:
        if self.pressed is None or int(event.pointerId) != self.pointer:
            return None
        x, y = float(event.clientX), float(event.clientY)
        dx = x + float(window.scrollX) - self.origin[0]
        dy = y + float(window.scrollY) - self.origin[1]
        start: Callable[[], None] | None = None
        if not self.dragging:
            if dx * dx + dy * dy < THRESHOLD_PX * THRESHOLD_PX:
                return None
            if not self.can_drag():
                self._reset()
                return None
            self.dragging = True
            # The line, not the card, holds the pointer: the dragged card lets events through
            # (pointer-events: none) so that the card under it can be found on release.
            self.root.setPointerCapture(event.pointerId)
            self.pressed.setAttribute("data-dragging", "")
            if str(event.pointerType) == "touch":
                self.pressed.setAttribute("data-lifted", "")
            card = str(self.pressed.getAttribute("data-card"))
            start = partial(self.on_start, card)
        event.preventDefault()
        self.at = (x, y)
        self._follow()
        self.line.under(self.root, x, y, True)
        self._keep_scrolling()
        return start

    def _follow(self) -> None:
        """Keep the dragged card under the pointer, in the page's coordinates (it may have scrolled)."""
        x, y = self.at
        style = self.pressed.style
        style.setProperty("--drag-x", f"{x + float(window.scrollX) - self.origin[0]:.1f}px")
        style.setProperty("--drag-y", f"{y + float(window.scrollY) - self.origin[1]:.1f}px")

    def _keep_scrolling(self) -> None:
        """Ask for the edge scroll's next frame while the drag is held near an edge."""
        if self.frame is None and self.dragging and _edge_step(self.at[1]) != 0:
            self.frame = window.requestAnimationFrame(create_once_callable(self._scroll_frame))

    def _scroll_frame(self, _time: float) -> None:
        """One frame of the edge scroll: a step that way, the card kept under the pointer. A frame
        asked for before the drag ended does nothing (left to run, its callable is freed)."""
        self.frame = None
        step = _towards_the_line(self.root, _edge_step(self.at[1]))
        if not self.dragging or step == 0:
            return
        before = float(window.scrollY)
        window.scrollBy(0, step)
        if float(window.scrollY) != before:  # at the page's end it stops
            self._follow()
            self._keep_scrolling()

    def stop(self) -> bool:
        """End the drag under way, if any, with no drop: the line changed under it (its card may
        be gone). True if there was one. Its pointer's release then plays nothing."""
        if not self.dragging:
            return False
        pointer = self.pointer
        self._reset()
        self.pointer = pointer
        return True

    def _up(self, event: Any) -> Callable[[], None] | None:
        if int(event.pointerId) != self.pointer:
            return None
        if self.pressed is None:  # the release of a drag that was stopped: no tap either
            self.pointer = None
            self.dropped_at = float(window.performance.now())
            return None
        if not self.dragging:
            self._reset()  # a tap: the click that follows selects the card
            return None
        card = str(self.pressed.getAttribute("data-card"))
        under = self.line.under(self.root, event.clientX, event.clientY, False)
        onto = None if missing(under) else str(under)
        self._reset()
        self.dropped_at = float(window.performance.now())
        return lambda: self.on_drop(card, onto)

    def _cancel(self, event: Any) -> Callable[[], None] | None:
        if self.pressed is None or int(event.pointerId) != self.pointer:
            return None
        was_dragging = self.dragging
        card = str(self.pressed.getAttribute("data-card"))
        self._reset()
        return (lambda: self.on_drop(card, None)) if was_dragging else None

    def _click(self, event: Any) -> None:
        """Swallow the click a browser sends when a drag ends: the drop already acted."""
        if float(window.performance.now()) - self.dropped_at < CLICK_AFTER_DRAG_MS:
            self.dropped_at = -1e9
            event.stopPropagation()
            event.preventDefault()

    def _reset(self) -> None:
        if self.dragging:
            self.line.under(self.root, -1, -1, False)  # no partner marked where to drop
        if self.pressed is not None:
            self.pressed.removeAttribute("data-dragging")
            self.pressed.removeAttribute("data-lifted")
            self.pressed.style.removeProperty("--drag-x")
            self.pressed.style.removeProperty("--drag-y")
        self.pressed = None
        self.pointer = None
        self.dragging = False


def _towards_the_line(line: Any, step: float) -> float:
    """``step`` cut short where it would scroll the line's end that way further into view than
    :data:`LINE_MARGIN_PX` (upwards, below the toolbar that stays at the window's top)."""
    rect = line.getBoundingClientRect()
    if step > 0:
        return max(0.0, min(step, float(rect.bottom) - float(window.innerHeight) + LINE_MARGIN_PX))
    if step < 0:
        bar = document.querySelector(".controls").getBoundingClientRect()
        top = max(0.0, float(bar.bottom))
        return min(0.0, max(step, float(rect.top) - top - LINE_MARGIN_PX))
    return step


def _edge_step(y: float) -> float:
    """How far a frame of the edge scroll goes with the pointer at ``y`` in the window: up (less
    than 0) near the top, down near the bottom, faster nearer the edge; 0 elsewhere."""
    height = float(window.innerHeight)
    if y < EDGE_PX:
        return -EDGE_STEP_PX * (EDGE_PX - y) / EDGE_PX
    if y > height - EDGE_PX:
        return EDGE_STEP_PX * (y - height + EDGE_PX) / EDGE_PX
    return 0.0
