"""What the player did to the game, as data: one message per action, whichever control, key,
drag or dialog it came from (royal.table.play.Play.update answers each)."""

from __future__ import annotations

from dataclasses import dataclass

from royal.game import Game
from royal.line import Move
from royal.links import DealRequest
from royal.table.lesson import ACTIONS as LESSON_ACTIONS

#: The actions a button or a shortcut names (royal.shortcuts), each a :class:`Press`.
PRESSES = frozenset(
    {"new-game", "daily", "restart", "undo", "redo", "hint", "deal-card", "result-rewind", "cancel"}
)
#: The kinds of message the page sends (static/view.js), each routed by royal/web/routes.py: a
#: click on an element that names one (index.html's and royal/view's ``data-act``, static/line.js's
#: cards and stock), a key the key map names (royal/shortcuts.py), a drag's (static/drag.js), a
#: dialog closed, a control changed, a file read, and the page's own events.
PAGE_MESSAGES = frozenset(
    {
        # The game: a button or key (a Press), a card picked, dragged and dropped, Finish for me.
        "press",
        "pick",
        "drag",
        "drop",
        "finish",
        # The first game's lesson: Show me how, its Next and Skip (royal/table/lesson.py).
        "lesson",
        # The two questions' answers.
        "leave",
        "stay",
        "open-link",
        "keep-game",
        # Panels, dialogs and notices.
        "share",
        "settings-open",
        "settings-close",
        "replay-open",
        "replay",
        "review-open",
        "review",
        "review-go",
        "review-move",
        "calendar-open",
        "calendar",
        "calendar-day",
        "calendar-turn",
        "calendar-play",
        "calendar-close",
        "achievements-open",
        "achievements-close",
        "dismiss",
        "closed",  # a dialog closed by Escape, by its id
        "change",  # a box or a choice changed: its id and whether it is checked
        # The stats' backup: a file chosen to import comes read by the page.
        "import-file",
        "export",
        "import-confirm",
        "import-cancel",
        "reset",
        "reset-confirm",
        "reset-cancel",
        # The page itself: shown or hidden, left, back from the back/forward cache, another tab's
        # write to storage, the writes it could not make; a timer due, a drawing painted
        # (royal/view/timing.py); the link copied to the clipboard or not.
        "visible",
        "saved",
        "pagehide",
        "restored",
        "storage",
        "timer",
        "painted",
        "shared",
    }
)
#: The presses that leave the game for another deal, asking first when that makes it a loss.
LEAVING = frozenset({"new-game", "daily", "restart"})


@dataclass(frozen=True, slots=True)
class Pick:
    """A card clicked, tapped or pressed with Enter or Space."""

    card: str


@dataclass(frozen=True, slots=True)
class DragStart:
    """A card began to be dragged."""

    card: str


@dataclass(frozen=True, slots=True)
class Drop:
    """A dragged card let go over ``target`` (``None``: over no card)."""

    card: str
    target: str | None


@dataclass(frozen=True, slots=True)
class Press:
    """A button or its shortcut: one of :data:`PRESSES`."""

    action: str

    def __post_init__(self) -> None:
        if self.action not in PRESSES:
            raise ValueError(f"not an action: {self.action!r}")


@dataclass(frozen=True, slots=True)
class Play:
    """A move picked elsewhere than on the line (Finish for me plays its moves so)."""

    move: Move


@dataclass(frozen=True, slots=True)
class Begin:
    """Leave for ``game`` (a daily challenge, or a review's position played on: ``action``),
    asking first when that makes the game a loss; ``words`` announce it."""

    action: str
    game: Game
    words: str


@dataclass(frozen=True, slots=True)
class Leave:
    """Yes to the question before a loss, maybe asking not to be asked again."""

    dont_ask: bool = False


@dataclass(frozen=True, slots=True)
class Stay:
    """No to the question before a loss (its button, or Escape)."""


@dataclass(frozen=True, slots=True)
class Link:
    """The address named a deal (at start, or when the page's address changed)."""

    request: DealRequest


@dataclass(frozen=True, slots=True)
class OpenLink:
    """Yes to the question before a link's deal replaces the game."""


@dataclass(frozen=True, slots=True)
class KeepGame:
    """No to that question (its button, or Escape)."""


@dataclass(frozen=True, slots=True)
class Teach:
    """The first game's lesson: ``first`` (a first visit's start: only when due), ``start``
    (Show me how), ``next`` or ``skip`` (royal/table/lesson.py)."""

    action: str

    def __post_init__(self) -> None:
        if self.action not in LESSON_ACTIONS:
            raise ValueError(f"not a step of the lesson: {self.action!r}")


Message = Pick | DragStart | Drop | Press | Play | Begin | Leave | Stay | Link | OpenLink | KeepGame | Teach

#: The page's messages that are the game's (:func:`from_page` makes each one's message).
GAME_KINDS = frozenset({"press", "pick", "drag", "drop", "leave", "stay", "open-link", "keep-game", "lesson"})


def from_page(kind: str, what: object) -> Message:
    """The game's message for the page's ``[kind, what]`` (one of :data:`GAME_KINDS`), its value
    checked: what the page sends is data like any other."""
    match kind, what:
        case "press", str(action):
            return Press(action)
        case "pick", str(card):
            return Pick(card)
        case "drag", str(card):
            return DragStart(card)
        case "drop", [str(card), str() | None as onto]:
            return Drop(card, onto)
        case "leave", bool(dont_ask):
            return Leave(dont_ask)
        case "stay", None:
            return Stay()
        case "open-link", None:
            return OpenLink()
        case "keep-game", None:
            return KeepGame()
        case "lesson", str(action) if action != "first":  # the page's: Show me how, Next, Skip
            return Teach(action)
    raise ValueError(f"not a message of the game's: {kind!r}, {what!r}")
