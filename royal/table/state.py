"""The page's own state, one value: what the player has chosen, opened, asked or is stepping
through on the page, as opposed to the game and the records (the session's), which the page
shows. Each part of the page (royal/table/play.py, the views in royal/web/) reads and turns its
own fields of one :class:`PageState` and keeps none elsewhere, so that what the page is in is
found in one place, and a test or a tab that follows another sees all of it at once."""

from __future__ import annotations

from dataclasses import dataclass, field

from royal.backup import Backup
from royal.game import Game
from royal.line import Move
from royal.links import DealRequest
from royal.replay import Replay
from royal.review import Review
from royal.table.calendar import Calendar
from royal.table.choice import Choice
from royal.table.lesson import Lesson


@dataclass(frozen=True, slots=True)
class Leaving:
    """The question before a loss, while it asks: leave for ``action`` (a key of
    describe.LEAVE_QUESTIONS), for ``game`` with ``words`` when the action names no deal."""

    action: str
    game: Game | None = None
    words: str = ""


@dataclass(slots=True)
class Finishing:
    """Finish for me's part: the position last offered for and each weighed (with its rule,
    suit runs or not: its forced rest, or None), the forced moves still to play, the offer as
    drawn."""

    game: Game | None = None
    offered: bool = False
    known: dict[tuple[tuple[str, ...], bool], list[Move] | None] = field(default_factory=dict)
    left: list[Move] = field(default_factory=list)
    drawn: int | None = None


@dataclass(frozen=True, slots=True)
class Won:
    """What the win of the game ``game`` (its id) brought, for its end panel: the records it
    beat (royal/view/ending.py's ``RECORDS`` names) and the achievements it unlocked, by id."""

    game: str
    records: tuple[str, ...] = ()
    unlocked: tuple[str, ...] = ()


@dataclass(slots=True)
class PageState:
    """Everything the page is in beside the game and the records.

    ``timers`` names the page's timers running for a part (``replay``, ``finish``) and
    ``waits`` the paints a part waits for (``chance``, ``finish``, ``calendar``, ``keep-table``:
    royal/view/timing.py), so that none is asked for twice; ``dialogs`` holds the ids of the
    dialogs open that a :class:`~royal.web.modal.Modal` opens (the question before a loss and a
    link's are open while :attr:`leaving` and :attr:`link` are set)."""

    # Play: the card selected and the hint on show, the card dragged, the question asked.
    choice: Choice = field(default_factory=Choice)
    dragging: str | None = None
    leaving: Leaving | None = None
    link: DealRequest | None = None  # a link's deal, while the page asks about it
    dialogs: set[str] = field(default_factory=set)
    # The replay of a shortest win, and whether its bar says it has just opened (until the first step).
    replay: Replay | None = None
    replay_opening: bool = False
    # The review of a finished game: the game's id, and where its next drawing takes the focus.
    review: Review | None = None
    reviewed: str = ""
    review_focus: str | None = None
    calendar: Calendar = field(default_factory=Calendar)
    chance: str | None = None  # the stock game's chance as drawn; None while none shows
    finishing: Finishing = field(default_factory=Finishing)
    # The achievements announced (those unlocked before the page opened count as announced but
    # those its load unlocked).
    announced: set[str] = field(default_factory=set)
    importing: Backup | None = None  # a backup read, while the page asks whether to import it
    keep_data_asked: bool = False
    guide: bool = False  # the first-game guide shows
    won: Won | None = None  # what the win just played brought (its panel shows it)
    lesson: Lesson | None = None  # the first game's lesson, while it shows (royal/table/lesson.py)
    clock: str = ""  # the clock's field as drawn
    records_drawn: object = None  # what the stats panel's records were drawn from
    timers: set[str] = field(default_factory=set)
    waits: set[str] = field(default_factory=set)

    def wait(self, paint: str) -> bool:
        """Whether to ask for a paint for ``paint`` (none is asked for already); it is then."""
        if paint in self.waits:
            return False
        self.waits.add(paint)
        return True

    def waiting(self, paint: str) -> bool:
        """Whether a paint is asked for ``paint`` and has not come."""
        return paint in self.waits

    def painted(self, paint: str) -> None:
        self.waits.discard(paint)
