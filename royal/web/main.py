"""Start the game in the page: storage, the session, the link in the URL, then ``data-ready``."""

from __future__ import annotations

import datetime as _dt
from urllib.parse import parse_qsl

from pyscript import window

from royal import describe
from royal.deals import DealError
from royal.describe import Notice
from royal.links import parse_link
from royal.session import Session
from royal.storage import StorageError
from royal.web.app import App
from royal.web.local_storage import LocalStorage
from royal.web.page import Page


def now() -> float:
    """Monotonic seconds, from the page's performance clock."""
    return float(window.performance.now()) / 1000


def today() -> _dt.date:
    """The player's local calendar day, from the browser's own clock and time zone."""
    date = window.Date.new()
    return _dt.date(int(date.getFullYear()), int(date.getMonth()) + 1, int(date.getDate()))


def _storage() -> LocalStorage | None:
    try:
        return LocalStorage()
    except StorageError:
        return None


def start() -> App:
    """Boot the game: resume or deal, honour a link, draw, and mark the page ready."""
    page = Page()
    session = Session(_storage(), now, today, on_notice=page.notice)
    app = App(session, page)
    params = dict(parse_qsl(str(window.location.search).lstrip("?"), keep_blank_values=True))
    try:
        request = parse_link(params)
    except DealError as error:
        request = None
        page.notice(Notice(describe.bad_link(error)))
    if request is not None:
        app.offer(request)  # first, so that the address keeps a link still being offered
    app.render()
    page.ready()
    return app
