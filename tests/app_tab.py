"""The page's side of the game under CPython: a tab of the game driven as static/view.js drives
it (its messages, the records it reads and writes, a full or unreadable storage), for the tests
that read the page's logic from the answers without a browser."""

from __future__ import annotations

import json
import random
from typing import Any

from helpers import Time
from royal.solver import solve
from royal.web.answers import Answers


class Local:
    """The browser's localStorage as the page sees it, shared by the tabs of one browser;
    ``full`` refuses every write, as a full storage does."""

    def __init__(self, unreadable: bool = False) -> None:
        self.data: dict[str, str] = {}
        self.full = False
        self.unreadable = unreadable  # the page cannot read it (blocked, or null)


class Tab:
    """One page of the game over ``local``, driven as static/view.js drives the game's Python:
    each message sent with the records changed since the last, its writes made (until one is
    refused, then reported as ``saved``) and its patch kept."""

    def __init__(
        self, local: Local | None = None, time: Time | None = None, query: dict[str, str] | None = None
    ) -> None:
        self.local = local if local is not None else Local()
        self.time = time or Time()
        self.known: dict[str, str] = {}
        self.answers = Answers(self.time.now, self.time.today, random.Random(1))
        self.line: list[str] = []
        self.regions: dict[str, Any] = {}  # each region as last drawn, over all the answers
        self.started = self.send("start", {"visible": True, "query": query or {}})
        self.app = self.answers.app
        assert self.app is not None
        self.session = self.app.session
        self.drawing = self.app.page

    def changes(self) -> dict[str, str | None] | None:
        if self.local.unreadable:
            return None
        now = dict(self.local.data)
        changed: dict[str, str | None] = {k: v for k, v in now.items() if self.known.get(k) != v}
        changed.update({k: None for k in self.known if k not in now})
        self.known = now
        return changed

    def write(self, writes: list[list[Any]]) -> list[list[Any]]:
        refused: list[list[Any]] = []
        for key, text in writes:
            if not refused and not (self.local.full and text is not None):
                if text is None:
                    self.local.data.pop(key, None)
                    self.known.pop(key, None)
                else:
                    self.local.data[key] = self.known[key] = text
                continue
            refused.append([key, text, self.local.data.get(key)])
        return refused

    def send(self, kind: str, what: Any = None) -> dict[str, Any]:
        """The page's message ``[kind, what]``, and the patch it is answered with ({} for none)."""
        answer = json.loads(self.answers(json.dumps([kind, what, self.changes()])))
        refused = self.write(answer["s"])
        patch: dict[str, Any] = answer["p"] or {}
        self.regions.update(patch.get("r", {}))
        cards = self.line_of(patch)
        if cards is not None:
            self.line = cards
        if refused or (answer["c"] and kind != "saved"):
            later = self.send("saved", refused)
            patch = {**patch, "later": later}
        return patch

    @staticmethod
    def line_of(patch: dict[str, Any]) -> list[str] | None:
        drawn = [data for name, data in patch.get("x", []) if name == "line"]
        return drawn[-1]["cards"] if drawn else None

    def text(self, region: str) -> str:
        """The text of ``region`` as last drawn."""
        return "".join(child for child in self.regions[region].get("c", []) if isinstance(child, str))

    def day(self, day: str) -> dict[str, Any]:
        """The attributes of the daily row's cell of ``day`` (ISO) as last drawn."""
        cells = [cell["a"] for cell in self.regions["daily-days"]["c"] if cell["a"]["data-day"] == day]
        assert len(cells) == 1, day
        result: dict[str, Any] = cells[0]
        return result

    def win(self) -> None:
        """Win the game shown by clicks, a shortest win."""
        for move in solve(self.line).moves:
            self.send("pick", move.left)
            self.send("pick", move.right)


def effects(patch: dict[str, Any], name: str) -> list[Any]:
    return [data for effect, data in patch.get("x", []) if effect == name]


def words(patch: dict[str, Any], region: str) -> str:
    return "".join(child for child in patch["r"][region].get("c", []) if isinstance(child, str))


def play(tab: Tab, left: str, right: str) -> dict[str, Any]:
    """A move by two clicks, as a player makes it; the second click's answer."""
    tab.send("pick", left)
    return tab.send("pick", right)
