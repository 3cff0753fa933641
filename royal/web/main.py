"""Start the game in the page: storage, the session, the link in the URL, then ``data-ready``."""

from __future__ import annotations

import datetime as _dt

from pyscript import window

from royal import describe
from royal.deals import DealError
from royal.describe import Notice
from royal.links import parse_link
from royal.session import Session
from royal.storage import StorageError
from royal.table.messages import Link
from royal.web.app import App
from royal.web.drawing import Drawing
from royal.web.local_storage import LocalStorage
from royal.web.page import Page


def now() -> float:
    """Monotonic seconds, from the page's performance clock."""
    return float(window.performance.now()) / 1000


def today() -> _dt.date:
    """The player's local calendar day, from the browser's own clock and time zone."""
    date = window.Date.new()
    return _dt.date(int(date.getFullYear()), int(date.getMonth()) + 1, int(date.getDate()))


def query() -> dict[str, str]:
    """The address's query as the browser decodes it (URLSearchParams; a repeated name keeps
    its last value). Not urllib.parse: importing it costs 60 ms of every cold start here."""
    search = window.URLSearchParams.new(window.location.search)
    return {str(entry[0]): str(entry[1]) for entry in search.entries()}


def _storage() -> LocalStorage | None:
    try:
        return LocalStorage()
    except StorageError:
        return None


def start() -> App:
    """Boot the game: resume or deal, honour a link, draw, and mark the page ready."""
    page = Page()
    drawing = Drawing(page.apply)
    session = Session(_storage(), now, today, on_notice=drawing.notice)
    app = App(session, drawing, page.sprite, page.visible())
    page.listen(app.answer)
    try:
        request = parse_link(query())
    except DealError as error:
        request = None
        drawing.notice(Notice(describe.bad_link(error)))
    if request is not None:
        app.act(Link(request))  # first, so that the address keeps a link still being offered
    app.render()
    page.ready()
    return app
