"""Keeping this tab in step with the other tabs and windows of the site (docs/saves.md, "Tabs").

All tabs play one game and share one stats record and one settings record, and a tab can miss
another's writes (a page restored from the back/forward cache was frozen meanwhile; a busy tab
may act before the ``storage`` event arrives). So every read and write of those records goes
through :class:`TabSync`, which holds this tab's copy of each: it writes the game only over
the record this tab last read or wrote, as the next revision, and before an action it re-reads
and adopts what another tab wrote, refusing the action (:class:`Stale`). Whatever else the
tabs must agree on belongs here too: a change to the stats or the settings is made over the
record as stored now (:class:`Shared`), a game is counted once, and a won game whose count was
never written is counted when the records are next read. A game left for another is kept in the
new game's record until it is counted, so that leaving it is one write: a refused write leaves
either the old game, not counted, or the new one with the old one to count.

Each action is one call that reads, then writes over what it read, so the page can run each
under a lock that every tab takes in turn (the Web Locks API): then no two tabs' actions
interleave. Without such a lock the revision check still keeps a stale tab from overwriting
newer play.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from royal import achievements, describe, saves
from royal.describe import Notice
from royal.game import Game, Outcome, Result
from royal.old_keys import settings_from_warn_key
from royal.settings import Settings
from royal.stats import Stats
from royal.storage import GuardedStorage
from royal.storage_keys import GAME_KEY, SETTINGS_KEY, STATS_KEY

T = TypeVar("T")


class Stale(Exception):
    """This tab was behind another tab's save: it has caught up, and the action was not done."""


def play_so_far(game: Game) -> tuple[object, ...]:
    """What a player did in a game, without its clock: two tabs differ in play if this does."""
    return (game.id, game.actions, game.redo_stack, game.penalties, game.hint_charged)


def _adopt(
    storage: GuardedStorage,
    key: str,
    kind: str,
    held: str | None,
    load: Callable[[str], T],
    take: Callable[[str, T], bool],
    restore: Callable[[], None],
) -> bool:
    """Adopt the record under ``key`` if another tab wrote it (it differs from ``held``, the text of
    this tab's copy): ``take`` takes it in and says whether that changed what this tab shows.

    A record that cannot be read (cut short or tampered with) is kept aside with a notice and
    ``restore`` writes this tab's copy in its place, so this tab goes on saving (or, with no room
    for the copy, keeps its own in the page until there is); a newer build's record stops this tab
    saving (True: it must be redrawn).
    """
    text = storage.get(key)
    if text is None or text == held:
        return False
    record = storage.loaded(key, kind, text, load, own=True)
    if record is not None:
        return take(text, record)
    if storage.durable:
        restore()
    return not storage.durable


@dataclass(frozen=True)
class Adopted:
    """What a sync took in from other tabs: the ``play`` shown (another move, undo, hint or
    game: what this tab offered for the old one no longer applies) or only the ``records``
    (stats, settings: the play shown, and what is offered for it, stand). False when neither."""

    play: bool = False
    records: bool = False

    def __bool__(self) -> bool:
        return self.play or self.records


class Shared(Generic[T]):
    """This tab's copy of a record any tab may change (the stats, the settings), kept under
    ``key``: a change is made over the record as stored now, never over this tab's copy alone,
    which may be older (another tab wrote since, and its event has not arrived)."""

    def __init__(
        self,
        storage: GuardedStorage,
        key: str,
        kind: str,
        load: Callable[[str], T],
        dump: Callable[[T], str],
        value: T,
    ) -> None:
        self.storage, self.key, self.kind, self.load, self.dump = storage, key, kind, load, dump
        self.value = value
        #: The text of this tab's copy, as last read or written: every action compares the
        #: stored record with it, so it is kept rather than made again each time.
        self.text = dump(value)

    def adopt(self) -> bool:
        """Take in the record if another tab wrote it; True when this tab's copy changed."""
        return _adopt(self.storage, self.key, self.kind, self.text, self.load, self._take, self._restore)

    def _take(self, text: str, value: T) -> bool:
        self.value, self.text = value, text
        return True

    def _restore(self) -> None:
        self.write(self.value)

    def newest(self) -> T:
        """The record as stored now (adopted), to change and write back."""
        self.adopt()
        return self.value

    def write(self, value: T) -> None:
        """Keep ``value`` as the record every tab shares."""
        self.value, self.text = value, self.dump(value)
        self.storage.set(self.key, self.text)


class TabSync:
    """This tab's game, stats and settings, kept in step with the records every tab shares.

    ``on_notice`` hears that the game shown was changed in another tab; ``first_game`` makes
    the game to play when none is saved, from the settings and stats just read.
    """

    def __init__(
        self,
        storage: GuardedStorage,
        now: Callable[[], float],
        today: Callable[[], _dt.date],
        on_notice: Callable[[Notice], None],
        first_game: Callable[[Settings, Stats], Game],
    ) -> None:
        self.storage = storage
        self.now = now
        self.today = today
        self.on_notice = on_notice
        # Read before probing for writes: a full storage still gives back the player's saves.
        stats, streak_ended = storage.read(STATS_KEY, "stats", self._load_stats) or (Stats(), None)
        self._stats = Shared(storage, STATS_KEY, "stats", self._stats_only, saves.dump_stats, stats)
        #: The game record as this tab last read or wrote it, and its revision: a tab writes
        #: only over the record it knows, so a stale tab never overwrites newer progress.
        self._known: str | None = storage.get(GAME_KEY)
        self._revision = 0
        #: The game the one shown was started in place of, kept in its record until it counts.
        self._left: Game | None = None
        saved = storage.read(GAME_KEY, "game", self._load_game)
        settings = self._read_settings()
        self._settings = Shared(
            storage, SETTINGS_KEY, "settings", saves.load_settings, saves.dump_settings, settings
        )
        storage.probe()
        #: The achievements the stats as read had earned without their unlocking (stats from
        #: before achievements, after migration): unlocked now, and news once.
        self.unlocked_at_load = tuple(a.id for a in achievements.unlock(self.stats, None, today()))
        if streak_ended is not None:
            # Said once: the stats are kept with the streak ended.
            on_notice(Notice(describe.streak_ended(streak_ended)))
        if streak_ended is not None or self.unlocked_at_load:
            self._stats.write(self.stats)
        if saved is not None:
            self.game, self._revision, self._left = saved
            # The clock runs from now: the time spent loading is not play.
            self.game.clock.set_visible(True, self.now())
            # Loading writes no game: a second window opening it changes no other window's.
            self._settle()
        else:
            self.game = first_game(self.settings, self.stats)
            self.save_game()

    @property
    def stats(self) -> Stats:
        """The stats as this tab last read or wrote them."""
        return self._stats.value

    @property
    def settings(self) -> Settings:
        """The settings as this tab last read or wrote them."""
        return self._settings.value

    # Reading ---------------------------------------------------------------------------

    def _load_game(self, text: str) -> tuple[Game, int, Game | None]:
        return saves.game_from_record(saves.parse(text, "game"), self.now())

    def _load_stats(self, text: str) -> tuple[Stats, _dt.date | None]:
        """The stored stats, and the day of a streak they ended (a clock error) or ``None``."""
        return saves.stats_from_record(saves.parse(text, "stats"), self.today())

    def _stats_only(self, text: str) -> Stats:
        return self._load_stats(text)[0]

    def _read_settings(self) -> Settings:
        if self.storage.get(SETTINGS_KEY) is None:
            return settings_from_warn_key(self.storage)
        return self.storage.read(SETTINGS_KEY, "settings", saves.load_settings) or Settings()

    # Writing ---------------------------------------------------------------------------

    def save_game(self) -> None:
        """Write the game (after every change, and when the page is hidden).

        Unless another tab wrote since this one last read or wrote: then this tab is stale, and
        adopts the newer record instead of overwriting it (and says so).
        """
        if self._behind():
            self._adopt_game(describe.CAUGHT_UP)
        else:
            self._write_game()

    def _write_game(self) -> None:
        self._revision += 1
        text = saves.dump_game(self.game, self.now(), self._revision, self._left)
        self.storage.set(GAME_KEY, text)
        self._known = text

    def save_stats(self, stats: Stats) -> None:
        """Keep ``stats`` in place of the stats every tab shows."""
        self._stats.write(stats)

    def change_settings(self, changes: Mapping[str, object]) -> None:
        """Make ``changes`` over the settings as stored now, so another tab's change to another
        setting stays; ValueError, changing nothing, for an unknown setting or a bad value."""
        self._settings.write(Settings.from_dict({**self._settings.newest().to_dict(), **changes}))

    def start(self, game: Game) -> None:
        """Leave the game shown for ``game``, in one write: the new game's record holds the game
        left, if it had a move, until the stats count it (a loss, or a win whose count was never
        written), which they then do (docs/stats.md, "When a game counts"). A refused write
        leaves either the old game, uncounted, or the new one with the old one to count."""
        left = self.game
        left.clock.set_visible(False, self.now())  # its time is over
        self.game, self._left = game, left if left.touched else None
        self.save_game()
        self._settle()

    def count(self, result: Result) -> None:
        """Count a finished game, once per game id, in the stats as stored now: another tab may
        have counted games, or this very one, or reset them, since this tab last read them."""
        stats = self._stats.newest()
        if stats.record(result, self.today()):
            self._stats.write(stats)

    def _settle(self) -> bool:
        """Count what the game record holds and the stats do not: the game left for the one
        shown, and the game shown if it is won. Its count was never written (storage refused it,
        or filled up between the game and the stats). True when one counted. A reset keeps the
        ids it cleared (docs/stats.md), so it is never undone here."""
        won = [self.game] if self.game.outcome is Outcome.WON else []
        owed = [game for game in [*filter(None, [self._left]), *won] if game.id not in self.stats.counted]
        for game in owed:
            self.count(game.result(self.now()))
        return bool(owed)

    def replace(self, stats: Stats, game: Game | None) -> None:
        """Put ``stats``, and ``game`` if there is one, in place of what every tab keeps (call
        :meth:`sync` first: the game replaced is then the latest, whichever tab wrote it)."""
        self._stats.write(stats)
        if game is not None:
            game.clock.set_visible(self.game.clock.visible, self.now())
            self.game, self._left = game, None  # the game replaced is not counted
        self.save_game()

    # Adopting what other tabs wrote -------------------------------------------------------

    def refuse_if_behind(self) -> None:
        """Before an action: catch up with another tab's newer play (and say so), then raise
        :class:`Stale`, since the action was meant for a game no longer as this tab showed it."""
        behind = self._adopt_game(f"{describe.CAUGHT_UP} {describe.NOT_PLAYED}")
        self._adopt_records()
        self._settle()
        if behind:
            raise Stale(describe.CAUGHT_UP)

    def catch_up(self) -> Adopted:
        """Re-read everything before the player acts again (the page was shown, or restored
        from the back/forward cache, and may have missed other tabs' writes); a changed game
        is announced."""
        return self.sync(describe.CAUGHT_UP)

    def sync(self, say: str = "") -> Adopted:
        """Adopt what another tab wrote (saying ``say`` if the play changed)."""
        play = self._adopt_game(say)
        records = self._adopt_records() | self._settle()
        return Adopted(play, records)

    def _behind(self) -> bool:
        stored = self.storage.get(GAME_KEY)
        return stored is not None and stored != self._known

    def _adopt_game(self, say: str = "") -> bool:
        """Adopt the stored game if another tab wrote it; True when the play itself changed
        (another move, undo, hint or game), not only the time another window counted."""
        now = self.now()
        return _adopt(
            self.storage,
            GAME_KEY,
            "game",
            self._known,
            self._load_game,
            lambda text, saved: self._take_game(text, saved, now, say),
            self._write_game,
        )

    def _take_game(self, text: str, saved: tuple[Game, int, Game | None], now: float, say: str) -> bool:
        adopted, revision, left = saved
        if adopted.id == self.game.id and adopted.outcome is None and adopted.clock.started:
            # Two windows of one game count the same seconds: elapsed time only ever grows. Not
            # before its first move: a game adopted as it was then (a tab put back its copy of
            # it over a record it could not read) has no time yet, and a save of it with time
            # could not be loaded.
            adopted.clock.elapsed = max(adopted.clock.elapsed, self.game.clock.read(now))
        # This tab's clock runs only while this tab is visible, from now: loading adds no time.
        adopted.clock.set_visible(self.game.clock.visible, self.now())
        changed = play_so_far(adopted) != play_so_far(self.game)
        self.game, self._left, self._known = adopted, left, text
        self._revision = max(self._revision, revision)
        if say and changed:
            self.on_notice(Notice(say))
        return changed

    def _adopt_records(self) -> bool:
        """Adopt the settings and stats another tab wrote; True when either changed."""
        return self._settings.adopt() | self._stats.adopt()
