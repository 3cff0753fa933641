"""Keeping this tab in step with the other tabs and windows of the site (docs/saves.md, "Tabs").

All tabs play one game and share one stats record and one settings record, and a tab can miss
another's writes (a page restored from the back/forward cache was frozen meanwhile; a busy tab
may act before the ``storage`` event arrives). So every read and write of those records goes
through :class:`TabSync`, which holds this tab's copy of each: it writes the game only over
the record this tab last read or wrote, as the next revision, and before an action it re-reads
and adopts what another tab wrote, refusing the action (:class:`Stale`). Whatever else the
tabs must agree on (taking turns to write, counting a game exactly once) belongs here too.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from typing import TypeVar

from royal import describe, saves
from royal.describe import Notice
from royal.game import Game, Result
from royal.old_keys import settings_from_warn_key
from royal.settings import Settings
from royal.snapshot import dump_snapshot
from royal.stats import Stats
from royal.storage import GuardedStorage
from royal.storage_keys import GAME_KEY, SETTINGS_KEY, SNAPSHOT_KEY, STATS_KEY

T = TypeVar("T")


class Stale(Exception):
    """This tab was behind another tab's save: it has caught up, and the action was not done."""


def play_so_far(game: Game) -> tuple[object, ...]:
    """What a player did in a game, without its clock: two tabs differ in play if this does."""
    return (game.id, [p.move for p in game.line.stack], game.redo_stack, game.penalties, game.hint_charged)


class TabSync:
    """This tab's game, stats and settings, kept in step with the records every tab shares.

    ``on_notice`` hears that the game shown was changed in another tab; ``first_game`` makes
    the game to play when none is saved, from the settings just read.
    """

    def __init__(
        self,
        storage: GuardedStorage,
        now: Callable[[], float],
        today: Callable[[], _dt.date],
        on_notice: Callable[[Notice], None],
        first_game: Callable[[Settings], Game],
    ) -> None:
        self.storage = storage
        self.now = now
        self.today = today
        self.on_notice = on_notice
        # Read before probing for writes: a full storage still gives back the player's saves.
        self.stats, streak_ended = self._read_stats()
        #: The game record as this tab last read or wrote it, and its revision: a tab writes
        #: only over the record it knows, so a stale tab never overwrites newer progress.
        self._known: str | None = storage.get(GAME_KEY)
        self._revision = 0
        saved = storage.read(GAME_KEY, "game", self._load_game)
        self.settings = self._read_settings()
        storage.probe()
        if streak_ended is not None:
            # Said once: the stats are kept with the streak ended.
            on_notice(Notice(describe.streak_ended(streak_ended)))
            self._write_stats(self.stats)
        if saved is not None:
            self.game, self._revision = saved
            # The clock runs from now: the time spent loading is not play.
            self.game.clock.set_visible(True, self.now())
            # Loading wrote nothing: a second window opening the game changes no other window's.
            self._write_snapshot()
        else:
            self.game = first_game(self.settings)
            self.save_game()

    # Reading ---------------------------------------------------------------------------

    def _load_game(self, text: str) -> tuple[Game, int]:
        return saves.game_from_record(saves.parse(text, "game"), self.now())

    def _load_stats(self, text: str) -> tuple[Stats, _dt.date | None]:
        """The stored stats, and the day of a streak they ended (a clock error) or ``None``."""
        return saves.stats_from_record(saves.parse(text, "stats"), self.today())

    def _read_stats(self) -> tuple[Stats, _dt.date | None]:
        return self.storage.read(STATS_KEY, "stats", self._load_stats) or (Stats(), None)

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
            return
        self._revision += 1
        text = saves.dump_game(self.game, self.now(), self._revision)
        self.storage.set(GAME_KEY, text)
        self._known = text
        self._write_snapshot()

    def save_stats(self, stats: Stats) -> None:
        """Keep ``stats`` in place of the stats every tab shows."""
        self._write_stats(stats)
        self._write_snapshot()

    def save_settings(self, settings: Settings) -> None:
        """Keep ``settings`` in place of the settings every tab uses."""
        self.settings = settings
        self.storage.set(SETTINGS_KEY, saves.dump_settings(settings))

    def count(self, result: Result) -> None:
        """Count a finished game, once per game id, in the stats as stored now: another tab may
        have counted games, or this very one, since this tab last read them."""
        fresh = self._read_stats()[0] if self.storage.persistent else self.stats
        if fresh.record(result, self.today()):
            self.save_stats(fresh)
        else:
            self.stats = fresh
            self._write_snapshot()

    def replace(self, stats: Stats, game: Game | None) -> None:
        """Put ``stats``, and ``game`` if there is one, in place of what every tab keeps."""
        self._adopt_game()  # the game replaced is the latest, whichever tab wrote it
        self._write_stats(stats)
        if game is not None:
            game.clock.set_visible(self.game.clock.visible, self.now())
            self.game = game
        self.save_game()  # the snapshot beside the save shows the new stats too

    def _write_stats(self, stats: Stats) -> None:
        self.stats = stats
        self.storage.set(STATS_KEY, saves.dump_stats(stats))

    def _write_snapshot(self) -> None:
        """Beside the save, what the board shows, for the page to draw before Python starts."""
        fields = describe.fields(self.game, self.now())
        figures = describe.figures(self.stats, self.today())
        self.storage.set(SNAPSHOT_KEY, dump_snapshot(self.game.line.cards, fields, figures))

    # Adopting what other tabs wrote -------------------------------------------------------

    def refuse_if_behind(self) -> None:
        """Before an action: catch up with another tab's newer play (and say so), then raise
        :class:`Stale`, since the action was meant for a game no longer as this tab showed it."""
        behind = self._adopt_game(f"{describe.CAUGHT_UP} {describe.NOT_PLAYED}")
        self._adopt_records()
        if behind:
            raise Stale(describe.CAUGHT_UP)

    def catch_up(self) -> bool:
        """Re-read everything before the player acts again (the page was shown, or restored
        from the back/forward cache, and may have missed other tabs' writes); a changed game
        is announced. True when anything changed."""
        return self.sync(describe.CAUGHT_UP)

    def sync(self, say: str = "") -> bool:
        """Adopt what another tab wrote (saying ``say`` if the play changed); True when the game,
        the stats or the settings changed."""
        return self._adopt_game(say) | self._adopt_records()

    def _behind(self) -> bool:
        stored = self.storage.get(GAME_KEY)
        return stored is not None and stored != self._known

    def _adopt_game(self, say: str = "") -> bool:
        """Adopt the stored game if another tab wrote it; True when the play itself changed
        (another move, undo, hint or game), not only the time another window counted."""
        now = self.now()
        return self._adopt(
            GAME_KEY, self._known, self._load_game, lambda text, saved: self._take_game(text, saved, now, say)
        )

    def _take_game(self, text: str, saved: tuple[Game, int], now: float, say: str) -> bool:
        adopted, revision = saved
        if adopted.id == self.game.id and adopted.outcome is None:
            # Two windows of one game count the same seconds: elapsed time only ever grows.
            adopted.clock.elapsed = max(adopted.clock.elapsed, self.game.clock.read(now))
        # This tab's clock runs only while this tab is visible, from now: loading adds no time.
        adopted.clock.set_visible(self.game.clock.visible, self.now())
        changed = play_so_far(adopted) != play_so_far(self.game)
        self.game, self._known = adopted, text
        self._revision = max(self._revision, revision)
        if say and changed:
            self.on_notice(Notice(say))
        return changed

    def _adopt_records(self) -> bool:
        """Adopt the settings and stats another tab wrote; True when either changed."""
        settings = self._adopt(
            SETTINGS_KEY, saves.dump_settings(self.settings), saves.load_settings, self._take_settings
        )
        stats = self._adopt(STATS_KEY, saves.dump_stats(self.stats), self._load_stats, self._take_stats)
        return settings or stats

    def _take_settings(self, _text: str, settings: Settings) -> bool:
        self.settings = settings
        return True

    def _take_stats(self, _text: str, loaded: tuple[Stats, _dt.date | None]) -> bool:
        self.stats = loaded[0]
        return True

    def _adopt(
        self, key: str, held: str | None, load: Callable[[str], T], take: Callable[[str, T], bool]
    ) -> bool:
        """Adopt the record under ``key`` if another tab wrote it (it differs from ``held``, the
        text of this tab's copy): ``take`` takes it in and says whether that changed what this
        tab shows. A newer build's record stops this tab saving (True: it must be redrawn)."""
        text = self.storage.get(key)
        if text is None or text == held:
            return False
        try:
            record = load(text)
        except saves.NewerSave:
            self.storage.yield_to_newer()
            return True
        except saves.SaveError:
            return False  # cut short or tampered: the next visit reads it strictly, keeping it aside
        return take(text, record)
