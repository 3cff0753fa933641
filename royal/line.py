"""The line of surviving cards, moves in ``QH-7H`` notation, and push/pop of moves.

Modelled on python-chess's ``Board``: the position knows its legal moves, ``push`` plays one
and remembers what it removed, ``pop`` takes the last one back exactly.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from royal.cards import CardError, cards_match, is_card, parse_card, spoken_name
from royal.excerpt import quoted
from royal.i18n import N_
from royal.reason import reason

#: A move encloses exactly one or exactly two surviving cards.
GAPS = (1, 2)


def one_suit(cards: Sequence[str]) -> bool:
    """True when every card of ``cards`` has the same suit: a run the suit-runs rule removes at once."""
    return len({card[1] for card in cards}) == 1


class IllegalMove(ValueError):
    """A move that cannot be played in the position, with the reason in words."""


@dataclass(frozen=True)
class Move:
    """A move named by its two boundary cards, left first: ``Move("QH", "7H")`` is ``QH-7H``."""

    left: str
    right: str

    def __str__(self) -> str:
        return f"{self.left}-{self.right}"

    def other(self, card: str) -> str:
        """The boundary that is not ``card``: the partner a selected card would pair with."""
        return self.right if card == self.left else self.left

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``"QH-7H"``; raise :class:`IllegalMove` when it is not two codes and a dash."""
        if not isinstance(text, str) or text.count("-") != 1:
            raise IllegalMove(reason("%(text)s is not a move: write two cards like QH-7H", text=quoted(text)))
        left, right = text.split("-")
        try:
            move = cls(parse_card(left), parse_card(right))
        except CardError as error:
            raise IllegalMove(
                reason("%(text)s is not a move: %(error)s", text=quoted(text), error=error)
            ) from None
        if move.left == move.right:
            raise IllegalMove(
                reason("%(text)s is not a move: the two boundaries must differ", text=quoted(text))
            )
        return move


@dataclass(frozen=True)
class Played:
    """A move as it was played: what it removed and where, so it can be taken back."""

    move: Move
    removed: tuple[str, ...]
    index: int  # position in the line of the first removed card


class Line:
    """The surviving cards left to right, with the moves played on them.

    With ``suit_runs`` (SolSuite's rule, docs/rules.md, "Suit runs") a move may also enclose
    three or more cards when they are all of one suit.
    """

    def __init__(self, cards: Iterable[str], suit_runs: bool = False) -> None:
        self._cards: list[str] = list(cards)
        self.suit_runs = suit_runs
        self.stack: list[Played] = []
        #: The legal moves of the line as it is, once listed: a page asks for them several
        #: times a click (the selection, its partners, the words, the warning).
        self._moves: list[Move] | None = None
        self._has_moves: bool | None = None  # the same for whether there is one

    def _changed(self) -> None:
        self._moves = None
        self._has_moves = None

    @property
    def cards(self) -> tuple[str, ...]:
        """The surviving cards, left to right."""
        return tuple(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[str]:
        return iter(self._cards)

    def __repr__(self) -> str:
        return f"Line({' '.join(self._cards)!r})"

    def legal_moves(self) -> list[Move]:
        """Every legal move, ordered by left boundary, then by span."""
        if self._moves is None:
            cards = self._cards
            self._moves = [
                Move(left, cards[j])
                for i, left in enumerate(cards)
                for j in self._spans(i)
                if cards_match(left, cards[j])
            ]
        return list(self._moves)

    def _spans(self, i: int) -> Iterator[int]:
        """The positions a move with left boundary ``i`` may reach, nearest first."""
        cards = self._cards
        for gap in GAPS:
            if i + gap + 1 < len(cards):
                yield i + gap + 1
        if self.suit_runs and i + 1 < len(cards):
            suit = cards[i + 1][1]
            j = i + 2
            while j + 1 < len(cards) and cards[j][1] == suit:
                j += 1
                if j - i - 1 > max(GAPS):
                    yield j

    def has_moves(self) -> bool:
        """True while at least one move is legal (cheaper than listing them; asked for many
        times a click, as whether the game is over)."""
        if self._has_moves is None:
            cards = self._cards
            if self._moves is not None or self.suit_runs:
                self._has_moves = bool(self.legal_moves())
            else:
                self._has_moves = any(
                    cards_match(cards[i], cards[i + gap + 1])
                    for gap in GAPS
                    for i in range(len(cards) - gap - 1)
                )
        return self._has_moves

    def partners(self, card: str) -> list[Move]:
        """The legal moves that have ``card`` as a boundary, on either side."""
        return [m for m in self.legal_moves() if card in (m.left, m.right)]

    def removal(self, move: Move) -> tuple[int, tuple[str, ...]]:
        """Where ``move`` removes cards and which, or raise :class:`IllegalMove` saying why."""
        try:
            i = self._cards.index(move.left)
            j = self._cards.index(move.right)
        except ValueError:
            gone = move.left if move.left not in self._cards else move.right
            if not is_card(gone):  # a Move built directly from a text that is no card
                raise IllegalMove(reason("%(gone)s is not a card code", gone=quoted(gone))) from None
            raise IllegalMove(
                reason("%(move)s: the %(gone)s is no longer in the line", move=move, gone=spoken_name(gone))
            ) from None
        if j < i:
            raise IllegalMove(
                reason(
                    "%(move)s: the left boundary must come first (try %(right)s-%(left)s)",
                    move=move,
                    right=move.right,
                    left=move.left,
                )
            )
        between = j - i - 1
        if between not in GAPS and not (self.suit_runs and between > 0 and one_suit(self._cards[i + 1 : j])):
            if self.suit_runs:
                refusal = N_(
                    "%(move)s: a move must enclose one or two cards, or a run of one suit, and %(between)s "
                    "lie between"
                )
            else:
                refusal = N_("%(move)s: a move must enclose one or two cards, and %(between)s lie between")
            raise IllegalMove(reason(refusal, move=move, between=between))
        if not cards_match(move.left, move.right):
            raise IllegalMove(reason("%(move)s: the boundaries share neither rank nor suit", move=move))
        return i + 1, tuple(self._cards[i + 1 : j])

    def enclosed(self, move: Move) -> tuple[str, ...]:
        """The cards ``move`` would remove, or raise :class:`IllegalMove` saying why."""
        return self.removal(move)[1]

    def push(self, move: Move) -> Played:
        """Play ``move`` (raising :class:`IllegalMove`, with the line untouched, if it is illegal)."""
        index, removed = self.removal(move)
        del self._cards[index : index + len(removed)]
        self._changed()
        played = Played(move, removed, index)
        self.stack.append(played)
        return played

    def deal(self, card: str) -> None:
        """Add ``card`` at the right end (the stock game's deal): every move legal before stays legal."""
        self._cards.append(card)
        self._changed()

    def undeal(self) -> str:
        """Take back the card dealt last, which must still be the right end (undo is last in, first out)."""
        self._changed()
        return self._cards.pop()

    def pop(self) -> Played:
        """Take back the last move pushed, restoring the exact line."""
        played = self.stack.pop()
        self._cards[played.index : played.index] = played.removed
        self._changed()
        return played
