"""The player's settings: what they are, their defaults, and strict checking of saved ones.

Saved settings come from storage anyone can edit, so :meth:`Settings.from_dict` accepts only
exactly these fields with exactly these types and raises ValueError on anything else.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from royal.excerpt import quoted
from royal.reason import reason
from royal.variant import Mode, Variant

#: The theme that follows the device's colour scheme; each other theme is named after the scheme it picks.
SYSTEM_THEME = "system"
THEMES = (SYSTEM_THEME, "light", "dark")
#: The table's cloth, first the default; each colour works in light and dark (static/app.css).
FELTS = ("green", "blue", "wine", "slate")
#: The face-down cards' pattern, first the default: a lattice in red or blue, or stripes of the felt.
CARD_BACKS = ("red", "blue", "felt")
#: The grade New game deals: any, or one (royal.difficulty.Level's values, hardest last).
ANY_LEVEL = "any"
LEVELS = (ANY_LEVEL, "easy", "medium", "hard", "expert")
#: The ways to play New game deals in (royal.variant.Mode's values, the open game first).
MODES = tuple(mode.value for mode in Mode)
#: The settings that name one of a few choices, and those choices.
CHOICES: dict[str, tuple[str, ...]] = {
    "theme": THEMES,
    "felt": FELTS,
    "card_back": CARD_BACKS,
    "level": LEVELS,
    "mode": MODES,
}


@dataclass(frozen=True)
class Settings:
    """Everything the settings panel holds, with the defaults a new player gets."""

    winnable_only: bool = True  # New game deals only deals the solver proves winnable
    warn_lost: bool = False  # say at once when a move makes the game impossible to win
    ask_before_loss: bool = True  # ask before a button or key makes a game count as a loss
    sound: bool = False
    theme: str = SYSTEM_THEME  # "system" follows the device; "light" or "dark" overrides it
    large_cards: bool = False
    four_colour: bool = False  # diamonds blue and clubs green, so each suit has its own colour
    felt: str = FELTS[0]
    card_back: str = CARD_BACKS[0]
    quick_play: bool = False  # a card with exactly one move plays it when chosen
    level: str = ANY_LEVEL  # New game deals a deal of this grade, or of any
    mode: str = MODES[0]  # New game deals all cards face up ("open") or from the stock ("stock")
    suit_runs: bool = False  # New game plays with SolSuite's suit runs
    # The first game's lesson was seen through (skipped, finished, or a move made during it):
    # it never starts by itself again (docs/play.md, "The first game"). No control shows it.
    lesson_seen: bool = False

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if field.name in CHOICES:
                if not isinstance(value, str) or value not in CHOICES[field.name]:
                    raise ValueError(
                        reason(
                            "%(name)s must be one of %(choices)s",
                            name=field.name,
                            choices=", ".join(CHOICES[field.name]),
                        )
                    )
            elif not isinstance(value, bool):
                raise ValueError(reason("%(name)s must be true or false", name=field.name))

    @property
    def variant(self) -> Variant:
        """The variant New game deals in."""
        return Variant(Mode(self.mode), self.suit_runs)

    def to_dict(self) -> dict[str, object]:
        """The settings as plain JSON data."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: object) -> Settings:
        """Settings from :meth:`to_dict`'s data: exactly its fields, or ValueError."""
        if not isinstance(data, dict):
            raise ValueError(reason("settings must be an object"))  # ValueError, not TypeError: the contract
        names = {field.name for field in fields(cls)}
        unknown = sorted(set(data) - names, key=str)
        if unknown:
            raise ValueError(reason("unknown setting %(unknown)s", unknown=quoted(unknown[0])))
        missing = sorted(names - set(data))
        if missing:
            raise ValueError(reason("setting %(missing)s is missing", missing=repr(missing[0])))
        return cls(**data)
