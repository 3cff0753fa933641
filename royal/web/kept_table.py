"""The table kept for the next visit (royal/view/boot.py), beside the save: written once the
drawing of a message that wrote the records is on the screen, so that describing it is no part
of the move's frame; at once as the page is hidden or left, which may be the last moment to keep
it (a hidden page paints nothing)."""

from __future__ import annotations

from collections.abc import Callable

from royal.session import Session
from royal.storage_keys import SNAPSHOT_KEY
from royal.table.state import PageState
from royal.view import boot
from royal.view.html import Patch
from royal.view.timing import after_paint


class KeptTable:
    """Keeps ``session``'s table beside its save; ``show`` asks the page for the paint."""

    def __init__(self, state: PageState, session: Session, show: Callable[[Patch], None]) -> None:
        self.state = state  # its ``waits``: a paint waited for, after which the table is written
        self.session = session
        self.show = show

    def wrote(self) -> None:
        """A message wrote the records: keep the table once its drawing is painted."""
        if self.state.wait("keep-table"):
            self.show(after_paint("keep-table"))

    def leave(self, wrote: bool) -> None:
        """The page is hidden or left, where it may be gone before it paints again: keep the
        table now if the message ``wrote`` or a write still waits for its paint."""
        if wrote or self.state.waiting("keep-table"):
            self.write()

    def write(self) -> None:
        """Write the table as the game stands, unless it is kept as it is already. A tab that
        only follows another tab's writes writes nothing back."""
        self.state.painted("keep-table")
        session = self.session
        kept = boot.kept(session.game, session.now(), session.today(), session.settings, session.stats)
        if session.storage.get(SNAPSHOT_KEY) != kept:
            session.storage.set(SNAPSHOT_KEY, kept)
