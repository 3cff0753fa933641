"""The game's start, and the only module of the package that touches the browser: it hands the
page (static/view.js) the one function it calls, :class:`~royal.web.answers.Answers`, which
answers each message with the writes to make in the page's storage and what to draw. The page
then sends ``start`` with its records, and every message after.

Python runs in PyScript's worker (:func:`start_in_worker`, static/python.js), or on the page's
own thread where no worker starts (:func:`start`). The clock and the calendar are the browser's
globals (``js``), which a worker has as the page does.
"""

from __future__ import annotations

import datetime as _dt
import json
from collections.abc import Iterator
from typing import Any

import js
from pyodide.ffi import create_once_callable, create_proxy

from royal.storage_keys import LOCK, PREFIX
from royal.web.answers import SETTLE_MS, Answers, rehearsal

#: The function handed to the page, kept so that it lives as long as the page does.
_kept: list[Any] = []


def now() -> float:
    """Monotonic seconds, from the browser's performance clock."""
    return float(js.performance.now()) / 1000


def today() -> _dt.date:
    """The player's local calendar day, from the browser's own clock and time zone."""
    date = js.Date.new()
    return _dt.date(int(date.getFullYear()), int(date.getMonth()) + 1, int(date.getDate()))


def setup() -> str:
    """What the page needs to send its messages in turn: the Web Lock's name, how long a turn
    that wrote keeps it, and the records' prefix (JSON)."""
    return json.dumps([LOCK, SETTLE_MS, PREFIX])


def start_in_worker() -> None:
    """Export the game's answers from PyScript's worker, for the page to await.

    The worker never touches the page, so it needs no SharedArrayBuffer and no cross-origin
    isolation. The functions go on polyscript's ``xworker.sync``, the object PyScript's own
    ``pyscript.sync`` is: the worker starts without PyScript's Python package (the game uses
    none of it), which spares the worker its install and import.
    """
    from polyscript import xworker  # type: ignore[import-not-found]

    answers = Answers(now, today)
    steps = rehearsal(now, today)

    def answer(text: str) -> str:
        if answers.app is None:  # the start: the rehearsal follows it
            js.setTimeout(create_once_callable(lambda: rehearse(steps)), 0)
        return answers(str(text))

    xworker.sync.answer = answer
    xworker.sync.setup = setup


def rehearse(steps: Iterator[None]) -> None:
    """One step of :func:`~royal.web.answers.rehearsal`, then the next in a task of its own,
    so that the player's messages are answered between them."""
    if next(steps, True) is None:
        js.setTimeout(create_once_callable(lambda: rehearse(steps)), 0)


def start() -> Answers:
    """Hand the page the game's answers on the page's own thread (where no worker started)."""
    from pyscript import window

    answers = Answers(now, today)
    proxy = create_proxy(lambda text: answers(str(text)))
    _kept.append(proxy)
    window.royalView.listen(proxy, LOCK, SETTLE_MS, PREFIX)
    return answers
