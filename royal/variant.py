"""The variant a game is played in: open (all 52 cards dealt face up) or dealt from the stock,
with or without SolSuite's suit runs (docs/rules.md, "The stock game" and "Suit runs").

One small value that the game, its save, the stats, the links and the settings all take from
here, so a variant has one name everywhere: its :attr:`Variant.key` (``open``, ``stock``,
``open+suit-runs``, ``stock+suit-runs``) in saves and stats, its link parameters
(``mode=stock``, ``rules=suit-runs``) in the address.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from royal.cards import ALL_CARDS, RANKS
from royal.excerpt import quoted
from royal.line import GAPS
from royal.reason import reason

#: The cards a win removes: every one but the two royals.
CLEARABLE = len(ALL_CARDS) - 2


class Mode(StrEnum):
    """How the cards are dealt; the values are the setting's and the link's ``mode``."""

    OPEN = "open"  # all 52 face up from the start
    STOCK = "stock"  # the Queen face up, the rest a face-down stock dealt one at a time


#: The link parameter's value for the suit-runs rule (``?rules=suit-runs``).
SUIT_RUNS = "suit-runs"


class VariantError(ValueError):
    """A variant named wrongly (in a link, a save or the stats), with the reason in words."""


@dataclass(frozen=True)
class Variant:
    """A way to play: the mode and the rule."""

    mode: Mode = Mode.OPEN
    suit_runs: bool = False

    @property
    def stock(self) -> bool:
        """True when the cards are dealt from the stock."""
        return self.mode is Mode.STOCK

    @property
    def key(self) -> str:
        """The variant's name in saves and stats: the mode, then ``+suit-runs`` under that rule."""
        return self.mode.value + (f"+{SUIT_RUNS}" if self.suit_runs else "")

    @classmethod
    def from_key(cls, key: object) -> Variant:
        """The variant :attr:`key` names, or VariantError."""
        for variant in VARIANTS:
            if variant.key == key:
                return variant
        raise VariantError(reason("%(key)s is not a variant", key=quoted(key)))

    @property
    def most_removed(self) -> int:
        """The most cards one move removes: two, or with suit runs a whole suit's thirteen (a run
        of one suit between two matching cards of others, two hearts say; docs/rules.md, "Suit runs")."""
        return max(*GAPS, len(RANKS)) if self.suit_runs else max(GAPS)

    @property
    def win_moves(self) -> tuple[int, int]:
        """The fewest and the most moves any win can take (docs/rules.md, "Par and perfect
        marriages"): a move removes at least one card and at most :attr:`most_removed`, and a win
        removes all 50. So 25 to 50 moves, and 4 to 50 with suit runs (three moves take 39 cards
        at most; four take each suit in turn: ``tests/test_variants.py`` wins such a deal)."""
        return -(-CLEARABLE // self.most_removed), CLEARABLE // min(GAPS)

    def query(self) -> str:
        """The link parameters that name this variant, each with its ``&``; none for the open game."""
        return ("&mode=stock" if self.stock else "") + (f"&rules={SUIT_RUNS}" if self.suit_runs else "")

    @classmethod
    def from_params(cls, params: Mapping[str, str]) -> Variant:
        """The variant a link's parameters name (the open game when they name none), or VariantError."""
        mode = params.get("mode", Mode.OPEN.value)
        if mode not in {m.value for m in Mode}:
            raise VariantError(
                reason("the link's mode must be open or stock, not %(mode)s", mode=quoted(mode))
            )
        rules = params.get("rules", "")
        if rules not in ("", SUIT_RUNS):
            raise VariantError(
                reason(
                    "the link's rules must be %(suit_runs)s, not %(rules)s",
                    suit_runs=SUIT_RUNS,
                    rules=quoted(rules),
                )
            )
        return cls(Mode(mode), rules == SUIT_RUNS)


OPEN = Variant()
#: Every variant, the open game without suit runs first.
VARIANTS = tuple(Variant(mode, runs) for mode in Mode for runs in (False, True))
#: The stock game without suit runs.
STOCK = Variant(Mode.STOCK)
