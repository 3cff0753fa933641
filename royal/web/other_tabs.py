"""Following the other tabs of the site: their writes (the page's ``storage`` message), and what
they wrote while this page was hidden or frozen in the back/forward cache (``visible``,
``restored``). New play drops what the page offered for the old; new stats or settings alone
keep the player's selection, drag, replay or review."""

from __future__ import annotations

from collections.abc import Callable

from royal.session import Session
from royal.tab_sync import Adopted


class OtherTabs:
    """Has ``session`` follow the other tabs: ``adopted()`` hears new play, ``render()`` new
    records alone, ``tick()`` that the page was shown or hidden; ``visible`` is whether the
    page shows as it starts."""

    def __init__(
        self,
        session: Session,
        visible: bool,
        adopted: Callable[[], None],
        render: Callable[[], None],
        tick: Callable[[], None],
    ) -> None:
        self.session, self.adopted, self.render, self.tick = session, adopted, render, tick
        session.set_visible(visible)

    def _follow(self, news: Adopted) -> None:
        if news.play:
            self.adopted()
        elif news.records:
            self.render()

    def visible(self, shown: bool, ago: float = 0.0) -> None:
        """The page was shown (it catches up with what the others wrote meanwhile) or hidden,
        ``ago`` seconds before it said so."""
        if shown:
            self._follow(self.session.catch_up())
        self.session.set_visible(shown, ago)
        self.tick()

    def storage(self) -> None:
        """Another tab wrote the records."""
        self._follow(self.session.sync())

    def restored(self) -> None:
        """Back from the back/forward cache: frozen, it missed every other tab's writes."""
        self._follow(self.session.catch_up())
