"""The player's choice on the line: the card selected (by a click, a key or a drag) and the
move the last hint marks, and the marks they put on the cards. Both belong to the page rather
than to the game: a new position forgets them."""

from __future__ import annotations

from dataclasses import dataclass

from royal.line import Line, Move


@dataclass(frozen=True, slots=True)
class Choice:
    """The card selected and the hint on show (either may be ``None``)."""

    card: str | None = None
    hint: Move | None = None

    def marks(self, line: Line) -> dict[str, dict[str, str]]:
        """The attributes the selection and the hint put on the cards of ``line``: a selected
        card's partners and the cards each pairing would remove, the hint's two cards and
        those it removes (docs/automation.md, "The line")."""
        marks: dict[str, dict[str, str]] = {}
        if self.card is not None:
            moves = line.partners(self.card)
            for move in moves:
                for card in line.enclosed(move):
                    marks.setdefault(card, {})["data-role"] = "enclosed"
            # After the removals: a card one pairing would remove may be another's partner,
            # and what the player can pick next matters more than what might vanish.
            for move in moves:
                marks.setdefault(move.other(self.card), {})["data-role"] = "partner"
        if self.hint is not None:
            for card in (self.hint.left, self.hint.right):
                marks.setdefault(card, {})["data-hint"] = "boundary"
            for card in line.enclosed(self.hint):
                marks.setdefault(card, {})["data-hint"] = "removed"
        return marks
