"""Start the game in the page: the one function the page calls, handed to it; the page then
sends ``start`` with its records, and every message after. The clock and the calendar are the
browser's own globals (``js``), which a worker has as the page does."""

from __future__ import annotations

import datetime as _dt

import js

from royal.web.answers import Answers
from royal.web.page import listen


def now() -> float:
    """Monotonic seconds, from the page's performance clock."""
    return float(js.performance.now()) / 1000


def today() -> _dt.date:
    """The player's local calendar day, from the browser's own clock and time zone."""
    date = js.Date.new()
    return _dt.date(int(date.getFullYear()), int(date.getMonth()) + 1, int(date.getDate()))


def start() -> Answers:
    """Have the page send its messages, ``start`` first, to the game's answers."""
    answers = Answers(now, today)
    listen(answers)
    return answers
