"""Following the other tabs of the site: their writes (the ``storage`` event), and what they
wrote while this page was hidden or frozen in the back/forward cache. New play drops what the
page offered for the old; new stats or settings alone keep the player's selection, drag,
replay or review."""

from __future__ import annotations

from collections.abc import Callable

from royal.session import Session
from royal.tab_sync import Adopted
from royal.web.page import Page


def follow_other_tabs(
    session: Session,
    page: Page,
    adopted: Callable[[], None],
    render: Callable[[], None],
    tick: Callable[[], None],
) -> None:
    """Have ``session`` follow the other tabs: ``adopted()`` hears new play, ``render()`` new
    records alone, ``tick()`` that the page was shown or hidden."""

    def follow(news: Adopted) -> None:
        if news.play:
            adopted()
        elif news.records:
            render()

    def visibility(visible: bool) -> None:
        if visible:
            follow(session.catch_up())
        session.set_visible(visible)
        tick()

    page.on_visibility(visibility)
    page.on_storage(lambda: follow(session.sync()))
    page.on_restore(lambda: follow(session.catch_up()))
    session.set_visible(page.visible())
