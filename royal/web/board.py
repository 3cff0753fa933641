"""The line of cards in the DOM: one button per surviving card, kept in order by key.

Elements are reused across renders (keyed by card code) so focus and hover survive a move,
and removed cards leave with a short animation unless the player asked for reduced motion.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from pyodide.ffi import create_once_callable
from pyscript import document, window

from royal import markup
from royal.cards import KING_OF_HEARTS, QUEEN_OF_HEARTS, rank_shown, spoken_name, suit_symbol
from royal.web.dom import listen, missing

LEAVE_MS = 220
MARK_ATTRIBUTES = ("data-role", "data-hint")


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
        root.replaceChildren()  # the preview static/boot.js drew before Python started
        listen(root, "click", self._click)
        listen(root, "focusin", self._focusin)

    # Events ---------------------------------------------------------------------------

    def _card_of(self, event: Any) -> str | None:
        target = event.target.closest("[data-card]")
        return None if missing(target) else str(target.getAttribute("data-card"))

    def _click(self, event: Any) -> None:
        card = self._card_of(event)
        if card is not None:
            event.stopPropagation()
            self.on_card(card)

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
        refocus = False
        for card in [c for c in self.elements if c not in wanted]:
            refocus |= self._leave(self.elements.pop(card))
            del self.shown[card]
        kept = [c for c in self.order if c in wanted]
        if kept != [c for c in cards if c in self.elements]:
            self._rebuild(cards)  # a new deal of the same cards: their order changed
        else:
            self._insert_missing(cards, set(kept))
        self.order = cards
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

    def _leave(self, element: Any) -> bool:
        """Take a removed card out of the line (its data-card goes at once) and animate it away.

        Returns whether it had keyboard focus, which then moves to a surviving card.
        """
        element.removeAttribute("data-card")
        element.setAttribute("aria-hidden", "true")
        element.tabIndex = -1
        had_focus = element.isSameNode(document.activeElement)
        if window.matchMedia("(prefers-reduced-motion: reduce)").matches:
            element.remove()
        else:
            element.classList.add("leaving")
            window.setTimeout(create_once_callable(lambda: element.remove()), LEAVE_MS)
        return bool(had_focus)

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

    def move_focus(self, card: str, step: str) -> None:
        """An arrow key on ``card``: focus the card it leads to, if any."""
        target = self._neighbour(card, step)
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
        boxes = {c: self.elements[c].getBoundingClientRect() for c in order}
        here = boxes[card]
        centre = here.left + here.width / 2
        rows = sorted({round(b.top) for b in boxes.values()})
        row = rows.index(round(here.top)) + (-1 if up else 1)
        if not 0 <= row < len(rows):
            return None
        in_row = [c for c in order if round(boxes[c].top) == rows[row]]
        return min(in_row, key=lambda c: abs(boxes[c].left + boxes[c].width / 2 - centre))
