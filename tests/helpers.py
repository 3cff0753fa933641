"""What several engine test modules share: deals that can and cannot be won or that get stuck,
winning, every whitespace character, a hand-moved clock, sessions, storages that refuse, a
check that two games agree, and the words a description shows and those screen readers read.

A plain module, imported by name (``tests/`` is on the path), neither a conftest nor a test
module: test modules import from here and never from one another. The browser tests have
their own (tests/browser/gamepage.py).
"""

from __future__ import annotations

import datetime as dt
import json
import random
import sys
from collections.abc import Callable, Collection
from typing import Any

from royal import saves
from royal.deals import numbered_deal
from royal.describe import Notice
from royal.game import Game
from royal.line import Line, Move
from royal.session import Session
from royal.solver import is_winnable, solve
from royal.stats import Stats
from royal.storage import MemoryStorage, Storage, StorageError
from royal.storage_keys import KEPT_PREFIX

#: Every character Python counts as whitespace: str.strip() and str.split() take these away.
WHITESPACE = [c for c in map(chr, range(sys.maxunicode + 1)) if c.isspace()]

# Deals -----------------------------------------------------------------------------------------


def first_deal(predicate: Callable[[int], bool]) -> int:
    """The lowest deal number ``predicate`` holds for."""
    number = 1
    while not predicate(number):
        number += 1
    return number


def leftmost_play(number: int) -> tuple[list[Move], bool]:
    """Deal ``number`` played by always taking the leftmost move until none is left: the moves,
    and whether they won."""
    line = Line(numbered_deal(number))
    moves = []
    while line.legal_moves():
        moves.append(line.legal_moves()[0])
        line.push(moves[-1])
    return moves, len(line) == 2


#: The first numbered deal that can be won, and the first that no one can win.
WINNABLE = first_deal(lambda n: is_winnable(numbered_deal(n)))
UNWINNABLE = first_deal(lambda n: not is_winnable(numbered_deal(n)))
#: The first numbered deal that leftmost play gets stuck (leftmost_play gives its moves).
STUCK = first_deal(lambda n: not leftmost_play(n)[1])


def winning_moves(line: Line) -> list[Move]:
    """The legal moves after which the line can still be won (what a hint may offer)."""
    keep = []
    for move in line.legal_moves():
        line.push(move)
        if is_winnable(line.cards):
            keep.append(move)
        line.pop()
    return keep


def win_game(game: Game, now: float = 0.0, step: float = 0.0) -> float:
    """Play a shortest win from where ``game`` stands, ``step`` seconds apart from ``now``;
    return the clock time at the end."""
    for move in solve(game.line.cards).moves:
        game.play(move, now)
        now += step
    return now


def same_game(a: Game, b: Game, now: float) -> None:
    """Assert that ``a`` and ``b`` are the same game at ``now``, as the player sees and saves it."""
    assert a.id == b.id and a.number == b.number and a.cards == b.cards and a.variant == b.variant
    assert a.line.cards == b.line.cards and a.seen == b.seen and a.actions == b.actions
    assert [p.move for p in a.line.stack] == [p.move for p in b.line.stack]
    assert a.redo_stack == b.redo_stack
    shown = ("moves", "score", "outcome", "penalties", "hint_charged", "with_hints", "touched")
    shown += ("can_undo", "can_redo")
    assert [getattr(a, name) for name in shown] == [getattr(b, name) for name in shown]
    assert a.clock.read(now) == b.clock.read(now)
    assert a.clock.started == b.clock.started


# Sessions --------------------------------------------------------------------------------------

DAY = dt.date(2026, 11, 29)


class Time:
    """A hand-moved clock and calendar for a session."""

    def __init__(self, day: dt.date = DAY) -> None:
        self.t = 1000.0
        self.day = day

    def now(self) -> float:
        return self.t

    def today(self) -> dt.date:
        return self.day


def session(
    storage: Storage | None = None,
    time: Time | None = None,
    seed: int = 1,
    heard: list[Notice] | None = None,
) -> Session:
    """A session over ``storage`` (a fresh MemoryStorage by default) whose notices go to ``heard``."""
    time = time or Time()
    return Session(
        storage if storage is not None else MemoryStorage(),
        time.now,
        time.today,
        random.Random(seed),
        on_notice=(heard if heard is not None else []).append,
    )


def heard_session(storage: Storage | None = None, time: Time | None = None) -> tuple[Session, list[Notice]]:
    """A session and the notices it raises."""
    heard: list[Notice] = []
    return session(storage, time, heard=heard), heard


def win(s: Session) -> None:
    """Win the session's game by a shortest win from where it stands."""
    for move in solve(s.game.line.cards).moves:
        s.play(move)


# Storage ---------------------------------------------------------------------------------------

EVERYTHING = ("get", "set", "remove")


class Refusing(MemoryStorage):
    """A storage that refuses the calls ``refuse`` names: an operation (``"get"``, ``"set"``,
    ``"remove"``) for every key, or an ``(operation, key)`` pair for one key; by default all
    (storage that is turned off). ``refuse`` can change as a test goes on, and ``data`` may be
    another storage's, for tabs that share one storage but fail apart."""

    def __init__(self, refuse: Collection[object] = EVERYTHING, data: dict[str, str] | None = None) -> None:
        super().__init__()
        self.refuse = set(refuse)
        if data is not None:
            self.data = data

    def refuses(self, operation: str, key: str) -> bool:
        """Whether to refuse ``operation`` on ``key`` now."""
        return operation in self.refuse or (operation, key) in self.refuse

    def get(self, key: str) -> str | None:
        if self.refuses("get", key):
            raise StorageError("disabled")
        return super().get(key)

    def set(self, key: str, value: str) -> None:
        if self.refuses("set", key):
            raise StorageError("quota")
        super().set(key, value)

    def remove(self, key: str) -> None:
        if self.refuses("remove", key):
            raise StorageError("disabled")
        super().remove(key)


def kept_aside(kind: str, number: int = 1) -> str:
    """The key of the ``number``-th unreadable ``kind`` record kept aside."""
    return f"{KEPT_PREFIX}{kind}.{number}"


def format_5_stats(stats: Stats) -> str:
    """What the build before days won with hints were told apart wrote for ``stats``: format 5,
    whose daily record and challenges did not say whether a win was played with hints."""
    record = json.loads(saves.dump_stats(stats))
    for body in (record["stats"], *record["stats"]["variants"].values()):
        for day in body["daily"]["days"].values():
            del day["with_hints"]
        for challenges in body["challenges"]["days"].values():
            for challenge in challenges.values():
                del challenge["with_hints"]
    return json.dumps({**record, "version": 5})


def format_4_stats(stats: Stats) -> str:
    """What the build before issue 29 wrote for ``stats``: format 4, no wins with hints."""
    record = json.loads(format_5_stats(stats))
    for body in (record["stats"], *record["stats"]["variants"].values()):
        del body["wins_with_hints"]
        for game in body["recent"]:
            del game["with_hints"]
    return json.dumps({**record, "version": 4})


def format_4_game(text: str) -> str:
    """What the build before issue 29 wrote for the game record ``text``: format 4, which did not
    say whether a game was played with hints (nor did the game left in it)."""
    record = json.loads(text)
    for body in (record["game"], record["game"]["left"]):
        if body is not None:
            del body["with_hints"]
    return json.dumps({**record, "version": 4})


def format_2_text(stats: Stats) -> str:
    """What the build before issue 20 wrote for ``stats``: format 2, without format 3's records."""
    record = json.loads(saves.dump_stats(stats))
    for name in ("challenges", "level_wins", "unlocked"):
        del record["stats"][name]
    return json.dumps({**record, "version": 2})


# Descriptions -----------------------------------------------------------------------------------


def shown_words(nodes: list[Any]) -> str:
    """The words a description's nodes (their JSON form, royal/view/html.py) show on the page:
    none inside an element only screen readers read (``class="visually-hidden"``)."""

    def words(node: Any) -> str:
        if isinstance(node, str):
            return node
        if "visually-hidden" in node.get("a", {}).get("class", "").split():
            return ""
        return "".join(words(child) for child in node.get("c", []))

    return "".join(words(node) for node in nodes)


def spoken_words(nodes: list[Any]) -> str:
    """The words screen readers read of a description's nodes (their JSON form): none inside an
    element hidden from them (``aria-hidden="true"``), the accessible name (``aria-label``) of
    one that has it in place of its text."""

    def words(node: Any) -> str:
        if isinstance(node, str):
            return node
        attributes = node.get("a", {})
        if attributes.get("aria-hidden") == "true":
            return ""
        if "aria-label" in attributes:
            return str(attributes["aria-label"])
        return "".join(words(child) for child in node.get("c", []))

    return "".join(words(node) for node in nodes)
