"""The line of cards in the DOM: one button per surviving card, kept in order by key.

Elements are reused across renders (keyed by card code) so focus and hover survive a move.
Each card's place in the snaking grid follows from its index, written as ``--i`` (static/app.css).
Unless the player asked for reduced motion, changes move (FLIP: the places before, the new
layout, each card played from its old place to its new one with a transform): a removed card
shrinks away from where it stood, out of the grid, while the cards after it slide into their
new places; an undo brings cards back the same way; a new deal is dealt in. A render during
an animation finishes it first, so input never waits for one.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from royal import markup
from royal.cards import KING_OF_HEARTS, QUEEN_OF_HEARTS, rank_shown, spoken_name, suit_symbol
from royal.web.dom import listen, missing, on_event

MARK_ATTRIBUTES = ("data-role", "data-hint")
#: How long a removed card takes to leave, and the cards after it to slide into place (ms).
LEAVE_MS = 200
SLIDE_MS = 200
#: A new deal: each card comes in over DEAL_MS, one DEAL_STAGGER_MS after the other
#: (51 * 4 + 150 = 354 ms for a full line).
DEAL_MS = 150
DEAL_STAGGER_MS = 4


def _js(value: object) -> Any:
    """``value`` as JavaScript: dicts become plain objects (keyframes, options)."""
    return to_js(value, dict_converter=window.Object.fromEntries)


class Board:
    """Draws the line into ``#line`` and reports clicked cards to ``on_card``."""

    def __init__(self, root: Any, on_card: Callable[[str], None]) -> None:
        self.root = root
        self.on_card = on_card
        self.elements: dict[str, Any] = {}
        self.focus_card: str | None = None
        self.order: list[str] = []  # the surviving cards, left to right
        self.shown: dict[str, tuple[str | None, ...]] = {}  # attributes last written per card
        self.tabbable: str | None = None  # the card that has tabindex 0
        self.index: dict[str, int] = {}  # the --i last written per card
        self.running: list[Any] = []  # the animations this board started
        self.leaving: list[Any] = []  # removed cards still on their way out
        self.still = window.matchMedia("(prefers-reduced-motion: reduce)")
        self.slide_timing = _js({"duration": SLIDE_MS, "easing": "ease-out"})
        root.replaceChildren()  # the preview static/boot.js drew before Python started
        on_event(root, "click", self._click)
        listen(root, "focusin", self._focusin)

    # Events ---------------------------------------------------------------------------

    def _card_of(self, event: Any) -> str | None:
        target = event.target.closest("[data-card]")
        return None if missing(target) else str(target.getAttribute("data-card"))

    def _click(self, event: Any) -> Callable[[], None] | None:
        """A click on a card is the card's, at once: it goes no further up the page."""
        card = self._card_of(event)
        if card is None:
            return None
        event.stopPropagation()
        return lambda: self.on_card(card)

    def _focusin(self, event: Any) -> None:
        card = self._card_of(event)
        if card is not None and card != self.focus_card:
            self.focus_card = card
            self._roving_tabindex()

    # Drawing --------------------------------------------------------------------------

    def _make(self, card: str) -> Any:
        button = document.createElement("button")
        button.type = "button"
        button.className = f"{markup.CARD} {markup.colour_class(card)} {markup.suit_class(card)}"
        if card in (QUEEN_OF_HEARTS, KING_OF_HEARTS):
            button.classList.add(markup.ROYAL)
        button.setAttribute("data-card", card)
        button.setAttribute("aria-label", spoken_name(card))
        button.setAttribute("aria-pressed", "false")
        button.tabIndex = -1
        rank, suit = rank_shown(card), suit_symbol(card)
        button.innerHTML = (
            f'<svg class="{markup.FACE}" aria-hidden="true" focusable="false">'
            f'<use href="{markup.face_href(card)}"></use></svg>'
            f'<span class="{markup.CORNER}" aria-hidden="true">{rank}<br>{suit}</span>'
        )
        return button

    def render(
        self,
        cards: Iterable[str],
        selected: str | None,
        marks: Mapping[str, Mapping[str, str]],
    ) -> None:
        """Show ``cards`` in order; ``marks`` maps a card to attributes such as data-hint.

        Only what changed touches the DOM: a move removes elements, an undo inserts them back
        in place, and attributes are written only when their value differs.
        """
        cards = list(cards)
        wanted = set(cards)
        self.settle()
        gone = [c for c in self.elements if c not in wanted]
        kept = [c for c in self.order if c in wanted]
        dealt = kept != [c for c in cards if c in self.elements]  # a new deal: the order changed
        changed = dealt or bool(gone) or len(kept) != len(cards)
        moving = changed and bool(self.order) and not self.still.matches
        # Cards before the first change keep their places: only those from it on are measured.
        since = next(
            (i for i, (a, b) in enumerate(zip(self.order, cards, strict=False)) if a != b), len(cards)
        )
        first = self._places(self.order[since:]) if moving and not dealt else {}
        refocus = False
        for card in gone:
            refocus |= self._leave(self.elements.pop(card), first.get(card))
            del self.shown[card]
            self.index.pop(card, None)
        if dealt:
            self._rebuild(cards)
        else:
            self._insert_missing(cards, set(kept))
        if len(cards) != len(self.order):
            self.root.style.setProperty("--n", str(len(cards)))
        self.order = cards
        for index, card in enumerate(cards):
            if self.index.get(card) != index:
                self.elements[card].style.setProperty("--i", str(index))
                self.index[card] = index
        for card in cards:
            card_marks = marks.get(card, {})
            state = ("true" if card == selected else "false", *(card_marks.get(n) for n in MARK_ATTRIBUTES))
            if self.shown[card] != state:
                self._show(self.elements[card], state)
                self.shown[card] = state
        if self.focus_card not in wanted:
            self.focus_card = cards[0] if cards else None
        self._roving_tabindex()
        if refocus:
            self.focus(self.focus_card)
        if moving:
            if dealt:
                self._deal(cards)
            else:
                self._slide(cards[since:], first)

    # Motion ---------------------------------------------------------------------------

    def settle(self) -> None:
        """Finish every animation under way at once: the line is in its final state."""
        running, self.running = self.running, []
        for animation in running:
            animation.finish()
        leaving, self.leaving = self.leaving, []
        for element in leaving:
            element.remove()

    def _places(self, cards: list[str]) -> dict[str, tuple[int, int]]:
        """Where each card's box stands in the line (layout only: lifts and hovers aside)."""
        places = {}
        for card in cards:
            element = self.elements[card]
            places[card] = (int(element.offsetLeft), int(element.offsetTop))
        return places

    def _animate(self, element: Any, frames: Any, timing: Any) -> Any:
        animation = element.animate(frames, timing)
        self.running.append(animation)
        return animation

    def _slide(self, cards: list[str], first: Mapping[str, tuple[int, int]]) -> None:
        """Play each card from where it stood to its new place; a card back from an undo grows in.

        Every card's keyframes cross to JavaScript in one JSON text: few round trips."""
        last = self._places(cards)
        moved, frames = [], []
        for card in cards:
            x, y = last[card]
            if card not in first:
                frames.append([{"opacity": 0, "transform": "scale(0.4)", "offset": 0}])
            elif first[card] != (x, y):
                dx, dy = first[card][0] - x, first[card][1] - y
                frames.append([{"transform": f"translate({dx}px, {dy}px)", "offset": 0}])
            else:
                continue
            moved.append(card)
        if moved:
            parsed = window.JSON.parse(json.dumps(frames))
            for index, card in enumerate(moved):
                self._animate(self.elements[card], parsed[index], self.slide_timing)

    def _deal(self, cards: list[str]) -> None:
        """A new deal comes in card by card, along the line."""
        frames = _js([{"opacity": 0, "transform": "translateY(-18px) scale(0.7)", "offset": 0}])
        timings = window.JSON.parse(
            json.dumps(
                [
                    {
                        "duration": DEAL_MS,
                        "delay": i * DEAL_STAGGER_MS,
                        "easing": "ease-out",
                        "fill": "backwards",
                    }
                    for i in range(len(cards))
                ]
            )
        )
        for index, card in enumerate(cards):
            self._animate(self.elements[card], frames, timings[index])

    def _element(self, card: str) -> Any:
        if card not in self.elements:
            self.elements[card] = self._make(card)
            self.shown[card] = ("false", None, None)
        return self.elements[card]

    def _insert_missing(self, cards: list[str], placed: set[str]) -> None:
        for index, card in enumerate(cards):
            if card not in placed:
                following = next((self.elements[c] for c in cards[index + 1 :] if c in placed), None)
                self.root.insertBefore(self._element(card), following)
                placed.add(card)

    def _rebuild(self, cards: list[str]) -> None:
        for card in cards:
            self.root.appendChild(self._element(card))

    @staticmethod
    def _show(element: Any, state: tuple[str | None, ...]) -> None:
        pressed, *values = state
        element.setAttribute("aria-pressed", pressed)
        for name, value in zip(MARK_ATTRIBUTES, values, strict=True):
            if value is None:
                element.removeAttribute(name)
            else:
                element.setAttribute(name, value)

    def _leave(self, element: Any, place: tuple[int, int] | None) -> bool:
        """Take a removed card out of the line (its data-card goes at once) and, from ``place``
        (None: at once), out of the grid too while it shrinks away.

        Returns whether it had keyboard focus, which then moves to a surviving card.
        """
        element.removeAttribute("data-card")
        element.setAttribute("aria-hidden", "true")
        element.tabIndex = -1
        had_focus = element.isSameNode(document.activeElement)
        if place is None:
            element.remove()
        else:
            style = element.style
            style.left, style.top = f"{place[0]}px", f"{place[1]}px"
            element.classList.add("leaving")
            self.leaving.append(element)
            frames = _js([{"opacity": 0, "transform": "translateY(-10px) scale(0.5)"}])
            animation = self._animate(
                element, frames, _js({"duration": LEAVE_MS, "easing": "ease-in", "fill": "forwards"})
            )
            animation.onfinish = create_once_callable(lambda _event: self._gone(element))
        return bool(had_focus)

    def _gone(self, element: Any) -> None:
        if element in self.leaving:
            self.leaving.remove(element)
        element.remove()

    def _roving_tabindex(self) -> None:
        """One card is in the Tab order; arrows move between cards (ARIA toolbar pattern)."""
        if self.tabbable == self.focus_card:
            return
        if self.tabbable in self.elements:
            self.elements[self.tabbable].tabIndex = -1
        if self.focus_card is not None:
            self.elements[self.focus_card].tabIndex = 0
        self.tabbable = self.focus_card

    # Keyboard focus -------------------------------------------------------------------

    def focus(self, card: str | None) -> None:
        """Move keyboard focus to ``card``."""
        if card in self.elements:
            self.focus_card = card
            self._roving_tabindex()
            self.elements[card].focus()

    def move_focus(self, step: str) -> None:
        """An arrow key on the card that has the focus: focus the card it leads to, if any."""
        card = self.focus_card
        target = None if card not in self.elements else self._neighbour(card, step)
        if target is not None:
            self.focus(target)

    def _neighbour(self, card: str, step: str) -> str | None:
        """The card reached from ``card`` by an arrow key: along the line or to the next row."""
        order = self.order
        index = order.index(card)
        if step == "previous":
            return order[index - 1] if index > 0 else None
        if step == "next":
            return order[index + 1] if index + 1 < len(order) else None
        if step == "first":
            return order[0]
        if step == "last":
            return order[-1]
        return self._vertical(order, card, up=step == "up")

    def _vertical(self, order: list[str], card: str, up: bool) -> str | None:
        """The card of the row above or below nearest ``card`` on the screen (rows may run
        either way: this goes by where the cards stand, not by their order)."""
        places = self._places(order)
        x, y = places[card]
        rows = sorted({top for _, top in places.values()})
        row = rows.index(y) + (-1 if up else 1)
        if not 0 <= row < len(rows):
            return None
        in_row = [c for c in order if places[c][1] == rows[row]]
        return min(in_row, key=lambda c: abs(places[c][0] - x))
