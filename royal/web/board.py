"""The line of cards in the DOM: one button per surviving card, kept in order by key.

Elements are reused across renders (keyed by card code) so focus and hover survive a move,
and removed cards leave with a short animation unless the player asked for reduced motion.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from pyodide.ffi import create_once_callable, create_proxy
from pyscript import document, window

from royal.cards import KING_OF_HEARTS, QUEEN_OF_HEARTS, is_red, rank_shown, spoken_name, suit_symbol
from royal.web.dom import missing

LEAVE_MS = 220
MARK_ATTRIBUTES = ("data-role", "data-hint")


class Board:
    """Draws the line into ``#line`` and reports clicked cards to ``on_card``."""

    def __init__(self, root, on_card: Callable[[str], None]) -> None:  # type: ignore[no-untyped-def]
        self.root = root
        self.on_card = on_card
        self.elements: dict[str, object] = {}
        self.focus_card: str | None = None
        self.order: list[str] = []  # the surviving cards, left to right
        self._proxies = [create_proxy(self._click), create_proxy(self._focusin)]
        root.addEventListener("click", self._proxies[0])
        root.addEventListener("focusin", self._proxies[1])

    # Events ---------------------------------------------------------------------------

    def _card_of(self, event) -> str | None:  # type: ignore[no-untyped-def]
        target = event.target.closest("[data-card]")
        return None if missing(target) else str(target.getAttribute("data-card"))

    def _click(self, event) -> None:  # type: ignore[no-untyped-def]
        card = self._card_of(event)
        if card is not None:
            event.stopPropagation()
            self.on_card(card)

    def _focusin(self, event) -> None:  # type: ignore[no-untyped-def]
        card = self._card_of(event)
        if card is not None and card != self.focus_card:
            self.focus_card = card
            self._roving_tabindex()

    # Drawing --------------------------------------------------------------------------

    def _make(self, card: str):  # type: ignore[no-untyped-def]
        button = document.createElement("button")
        button.type = "button"
        button.className = "card red" if is_red(card) else "card black"
        if card in (QUEEN_OF_HEARTS, KING_OF_HEARTS):
            button.classList.add("royal")
        button.setAttribute("data-card", card)
        button.setAttribute("aria-label", spoken_name(card))
        button.setAttribute("aria-pressed", "false")
        rank, suit = rank_shown(card), suit_symbol(card)
        button.innerHTML = (
            f'<span class="corner" aria-hidden="true">{rank}<br>{suit}</span>'
            f'<span class="pip" aria-hidden="true">{suit}</span>'
        )
        return button

    def render(
        self,
        cards: Iterable[str],
        selected: str | None,
        marks: Mapping[str, Mapping[str, str]],
    ) -> None:
        """Show ``cards`` in order; ``marks`` maps a card to attributes such as data-hint."""
        cards = self.order = list(cards)
        wanted = set(cards)
        for card in [c for c in self.elements if c not in wanted]:
            self._leave(self.elements.pop(card))
        cursor = self.root.firstElementChild
        for card in cards:
            element = self.elements.get(card)
            if element is None:
                element = self.elements[card] = self._make(card)
            while not missing(cursor) and cursor.classList.contains("leaving"):
                cursor = cursor.nextElementSibling
            if not missing(cursor) and cursor.isSameNode(element):
                cursor = cursor.nextElementSibling
            else:
                self.root.insertBefore(element, None if missing(cursor) else cursor)
            element.setAttribute("aria-pressed", "true" if card == selected else "false")
            card_marks = marks.get(card, {})
            for name in MARK_ATTRIBUTES:
                if name in card_marks:
                    element.setAttribute(name, card_marks[name])
                else:
                    element.removeAttribute(name)
        if self.focus_card not in wanted:
            self.focus_card = cards[0] if cards else None
        self._roving_tabindex()

    def _leave(self, element) -> None:  # type: ignore[no-untyped-def]
        """Take a removed card out of the line (its data-card goes at once) and animate it away."""
        element.removeAttribute("data-card")
        element.setAttribute("aria-hidden", "true")
        element.tabIndex = -1
        had_focus = element.isSameNode(document.activeElement)
        if window.matchMedia("(prefers-reduced-motion: reduce)").matches:
            element.remove()
        else:
            element.classList.add("leaving")
            window.setTimeout(create_once_callable(lambda: element.remove()), LEAVE_MS)
        if had_focus:
            self.focus(self.focus_card)

    def _roving_tabindex(self) -> None:
        """One card is in the Tab order; arrows move between cards (ARIA toolbar pattern)."""
        for card, element in self.elements.items():
            element.tabIndex = 0 if card == self.focus_card else -1

    # Keyboard focus -------------------------------------------------------------------

    def focus(self, card: str | None) -> None:
        """Move keyboard focus to ``card``."""
        if card in self.elements:
            self.focus_card = card
            self._roving_tabindex()
            self.elements[card].focus()

    def neighbour(self, card: str, step: str) -> str | None:
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
