"""The one function the page calls (static/view.js): each message, with what changed in the
page's storage since the last, answered with what to write there and what to draw.

The page reads and writes localStorage itself, in the turn of the Web Lock it holds across
the call, so that Python never touches the browser's storage and could run anywhere (a
worker). The first message is ``start``: the page's records, whether it shows and its address;
the game begins from them. Plain Python: the tests drive it as the
page does.
"""

from __future__ import annotations

import datetime as _dt
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

from royal.deals import numbered_deal
from royal.session import Session
from royal.solver import solve
from royal.storage import PageRecords
from royal.storage_keys import SNAPSHOT_KEY
from royal.web.app import App
from royal.web.drawing import Drawing

#: How long a turn that wrote keeps the lock after its messages (ms). Another tab's copy of
#: localStorage hears of this tab's writes a moment after they are made, on a path of its own
#: beside the lock's: held this little longer, the lock passes only once they have arrived, so
#: the next tab's turn reads them (two tabs' settings changed in one millisecond were otherwise
#: lost now and then). This tab's own messages meanwhile run at once: the lock is still its own.
#: A hidden page does not hold it (its timers may wait a second), nor a turn that wrote nothing.
SETTLE_MS = 50


class Answers:
    """Answers the page's messages: ``now`` and ``today`` are the clock and calendar the game
    reads (the page's own), ``rng`` deals its random games."""

    def __init__(
        self, now: Callable[[], float], today: Callable[[], _dt.date], rng: random.Random | None = None
    ) -> None:
        self.now, self.today, self.rng = now, today, rng
        self.app: App | None = None
        self.records: PageRecords | None = None

    def __call__(self, text: str) -> str:
        """One message's JSON, ``[kind, what, changes]`` (``changes``: the records changed since
        the last message, a key's text or ``null`` for gone; ``null`` for a storage the page
        cannot read), answered as JSON: ``{"s": the writes to make in order, each [key, text or
        null], "c": whether to report how they went even if all were made, "p": the patch to
        draw or null}``. A write refused comes back as the message ``saved``."""
        kind, what, changes = json.loads(text)
        if self.app is None:
            drawn = self._start(what, changes) if kind == "start" else "null"
        else:
            if self.records is not None:
                self.records.take(changes)
            drawn = self.app.answer(str(kind), what, self._wrote)
        writes = self.records.written() if self.records is not None else []
        settle = self.app is not None and self.app.session.storage.unsettled
        return f'{{"s":{json.dumps(writes)},"c":{"true" if settle else "false"},"p":{drawn}}}'

    def _wrote(self) -> bool:
        """Whether the message running wrote a record (the table kept beside them aside)."""
        return self.records is not None and any(key != SNAPSHOT_KEY for key, _ in self.records.writes)

    def _start(self, page: dict[str, Any], records: dict[str, str] | None) -> str:
        """The game begins: resume or deal from the records, honour the address's link, draw."""
        self.records = None if records is None else PageRecords(records)
        drawing = Drawing()
        session = Session(self.records, self.now, self.today, self.rng, on_notice=drawing.notice)
        self.app = App(session, drawing, bool(page["visible"]))
        return self.app.start({str(name): str(value) for name, value in page["query"].items()})


#: The deal the rehearsal plays (any deal with a win of some length does).
REHEARSED_DEAL = 7


def rehearsal(now: Callable[[], float], today: Callable[[], _dt.date]) -> Iterator[None]:
    """A whole game played on a table of its own with no records (nothing written, nothing
    drawn), one message a step: a hint, then a shortest win by clicks.

    A start restored from a memory snapshot (static/interpreter.mjs) has run none of the game's
    code in this browser, which compiles the interpreter's hot code only as it runs: the first
    moves and hint were some three times slower than after a plain start. The start's caller
    runs these steps while the page is idle, a step at a time, so the player's messages go
    between them and find that code warm."""
    answers = Answers(now, today, random.Random(0))

    def send(kind: str, what: object = None) -> None:
        answers(json.dumps([kind, what, None]))

    send("start", {"visible": True, "query": {"deal": str(REHEARSED_DEAL)}})
    yield
    send("press", "hint")
    yield
    for move in solve(numbered_deal(REHEARSED_DEAL)).moves:
        send("pick", move.left)
        send("pick", move.right)
        yield
