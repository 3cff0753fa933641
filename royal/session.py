"""The game manager: the current game, the stats, and when each is saved and counted.

It holds every rule about the flow of games (when a game is saved, when it counts, what a
link or today's deal does to the game in progress), so the web layer only renders and
forwards events, and the same flow is tested under CPython with
:class:`~royal.storage.MemoryStorage` or a storage that fails on purpose. Refusals and
unreadable saves are handled below it, by :class:`~royal.storage.GuardedStorage`.
"""

from __future__ import annotations

import datetime as _dt
import random
from collections.abc import Callable
from enum import Enum

from royal import backup, describe, saves
from royal.dealer import draw_deal
from royal.deals import daily_deal_number
from royal.describe import Notice
from royal.game import Game, Outcome
from royal.line import Move, Played
from royal.links import DealRequest
from royal.settings import Settings
from royal.snapshot import dump_snapshot
from royal.stats import Stats
from royal.storage import GuardedStorage, Storage
from royal.storage_keys import GAME_KEY, SETTINGS_KEY, SNAPSHOT_KEY, STATS_KEY, WARN_KEY


class LinkAction(Enum):
    """What a link to a deal does to the game in progress."""

    SAME = "same"  # the link names the game already being played: nothing to do
    OPEN = "open"  # nothing would be lost: the linked deal opens
    ASK = "ask"  # an unfinished game with moves would end: the player chooses


def _play(game: Game) -> tuple[object, ...]:
    """What a player did in a game, without its clock: two tabs differ in play if this does."""
    return (game.id, [p.move for p in game.line.stack], game.redo_stack, game.penalties, game.hinted)


class Stale(Exception):
    """This tab was behind another tab's save: it has caught up, and the action was not done."""


class Session:
    """The player's current game and stats on this device.

    ``storage`` is ``None`` where the browser gives no storage at all: the game then plays in
    memory. ``on_notice`` hears what the player must be told about their saved data.
    """

    def __init__(
        self,
        storage: Storage | None,
        now: Callable[[], float],
        today: Callable[[], _dt.date],
        rng: random.Random | None = None,
        *,
        on_notice: Callable[[Notice], None],
    ) -> None:
        self.storage = GuardedStorage(storage, lambda notice: on_notice(describe.storage_notice(notice)))
        self.on_notice = on_notice
        self.now = now
        self.today = today
        self.rng = rng or random.Random()
        # Read before probing for writes: a full storage still gives back the player's saves.
        self.stats = self._read_stats()
        #: The game record as this tab last read or wrote it, and its revision: a tab writes
        #: only over the record it knows, so a stale tab never overwrites newer progress.
        self._known: str | None = self.storage.get(GAME_KEY)
        self._revision = 0
        saved = self.storage.read(GAME_KEY, "game", self._load_game)
        self.settings = self._read_settings()
        self.storage.probe()
        if saved is not None:
            self.game, self._revision = saved
            # The clock runs from now: the time spent loading is not play.
            self.game.clock.set_visible(True, self.now())
            # Loading wrote nothing: a second window opening the game changes no other window's.
            self._write_snapshot()
        else:
            self.game = Game.numbered(self.random_deal())
            self.save()

    # Storage ---------------------------------------------------------------------------

    def _load_game(self, text: str) -> tuple[Game, int]:
        return saves.game_from_record(saves.parse(text, "game"), self.now())

    def _read_stats(self) -> Stats:
        return (
            self.storage.read(STATS_KEY, "stats", lambda text: saves.load_stats(text, self.today()))
            or Stats()
        )

    def _read_settings(self) -> Settings:
        if self.storage.get(SETTINGS_KEY) is None:
            return self._migrate_warning()
        return self.storage.read(SETTINGS_KEY, "settings", saves.load_settings) or Settings()

    def _migrate_warning(self) -> Settings:
        """Carry the player's old lost-game warning choice into the settings record."""
        old = self.storage.get(WARN_KEY)
        settings = Settings(warn_lost=old == "on")
        if old is not None:
            self.storage.set(SETTINGS_KEY, saves.dump_settings(settings))
            # Written in memory if the storage refused: then the old key stays where it was,
            # and the choice is carried over on a later visit.
            self.storage.remove(WARN_KEY)
        return settings

    def save(self) -> None:
        """Write the current game (after every change, and when the page is hidden).

        Unless another tab wrote since this one last read or wrote: then this tab is stale, and
        adopts the newer record instead of overwriting it (and says so).
        """
        if self._stale():
            self._catch_up_game(describe.CAUGHT_UP)
            return
        self._revision += 1
        text = saves.dump_game(self.game, self.now(), self._revision)
        self.storage.set(GAME_KEY, text)
        self._known = text
        self._write_snapshot()

    def _fresh(self) -> None:
        """Before an action: catch up with another tab's newer play (and say so), refusing the
        action, which was meant for a game that is no longer as this tab showed it."""
        behind = self._catch_up_game(f"{describe.CAUGHT_UP} {describe.NOT_PLAYED}")
        self._sync_records()
        if behind:
            raise Stale(describe.CAUGHT_UP)

    def _stale(self) -> bool:
        stored = self.storage.get(GAME_KEY)
        return stored is not None and stored != self._known

    def _catch_up_game(self, say: str = "") -> bool:
        """Adopt the stored game if another tab wrote it; True when the play itself changed
        (another move, undo, hint or game), not only the time another window counted."""
        text = self.storage.get(GAME_KEY)
        if text is None or text == self._known:
            return False
        now = self.now()
        try:
            adopted, revision = self._load_game(text)
        except saves.NewerSave:
            self.storage.yield_to_newer()
            return True
        except saves.SaveError:
            return False  # cut short or tampered: this tab's record replaces it at the next write
        if adopted.id == self.game.id and adopted.outcome is None:
            # Two windows of one game count the same seconds: elapsed time only ever grows.
            adopted.clock.elapsed = max(adopted.clock.elapsed, self.game.clock.read(now))
        # This tab's clock runs only while this tab is visible, from now: loading adds no time.
        adopted.clock.set_visible(self.game.clock.visible, self.now())
        changed = _play(adopted) != _play(self.game)
        self.game = adopted
        self._known = text
        self._revision = max(self._revision, revision)
        if say and changed:
            self.on_notice(Notice(say))
        return changed

    def _write_snapshot(self) -> None:
        """Beside the save, what the board shows, for the page to draw before Python starts."""
        now = self.now()
        fields = describe.fields(self.game, now)
        figures = describe.figures(self.stats, self.today())
        self.storage.set(SNAPSHOT_KEY, dump_snapshot(self.game.line.cards, fields, figures))

    def catch_up(self) -> bool:
        """Re-read everything before the player acts again (the page was shown, or restored
        from the back/forward cache, and may have missed other tabs' writes); a changed game
        is announced. True when anything changed."""
        return self.sync(describe.CAUGHT_UP)

    def sync(self, say: str = "") -> bool:
        """Adopt what another tab wrote (saying ``say`` if the play changed); True when the game,
        the stats or the settings changed."""
        return self._catch_up_game(say) | self._sync_records()

    def _sync_records(self) -> bool:
        """Adopt the stats and settings another tab wrote; True when either changed."""
        changed = False
        settings_text = self.storage.get(SETTINGS_KEY)
        if settings_text is not None and settings_text != saves.dump_settings(self.settings):
            try:
                self.settings = saves.load_settings(settings_text)
                changed = True
            except saves.NewerSave:
                self.storage.yield_to_newer()
                return True
            except saves.SaveError:
                pass  # read strictly at the next visit, and kept aside then if still unreadable
        stats_text = self.storage.get(STATS_KEY)
        if stats_text is not None and stats_text != saves.dump_stats(self.stats):
            try:
                self.stats = saves.load_stats(stats_text, self.today())
                changed = True
            except saves.NewerSave:
                self.storage.yield_to_newer()
                return True
            except saves.SaveError:
                pass
        return changed

    # Counting games ---------------------------------------------------------------------

    def _count(self) -> None:
        """Count the current game in the stats read fresh from storage (once per game id)."""
        fresh = self._read_stats() if self.storage.persistent else self.stats
        if fresh.record(self.game.result(self.now()), self.today()):
            self.storage.set(STATS_KEY, saves.dump_stats(fresh))
        self.stats = fresh
        self._write_snapshot()

    def _leave(self) -> None:
        """The player leaves the current game: a touched game that was not won is a loss."""
        if self.game.touched and self.game.outcome is not Outcome.WON:
            self._count()

    # What the player does -------------------------------------------------------------

    def random_deal(self) -> int:
        """A deal number for a new game, winnable when the player asks for winnable deals only."""
        return draw_deal(self.rng, self.settings.winnable_only)

    def start(self, game: Game) -> None:
        """Leave the current game for ``game`` and save it."""
        self._fresh()
        self._leave()
        self.game = game
        self.save()

    def new_game(self, number: int | None = None) -> None:
        """A new game of deal ``number``, or of a random deal."""
        self.start(Game.numbered(number if number is not None else self.random_deal()))

    def restart(self) -> None:
        """The same deal again from the start."""
        self.start(self.game.restarted())

    def daily(self) -> bool:
        """Today's deal (numbered by the local date); False, changing nothing, when it is
        already the game in progress."""
        if self.daily_in_progress():
            return False
        self.new_game(daily_deal_number(self.today()))
        return True

    def daily_in_progress(self) -> bool:
        """True when today's deal is the game in progress (Today's deal then changes nothing)."""
        return self.game.number == daily_deal_number(self.today()) and self.game.outcome is None

    def link_action(self, request: DealRequest) -> LinkAction:
        """What opening the deal a link names would do to the game in progress.

        The address bar always holds the current game's link, so a link to the game's own deal
        is the same game, finished or not: a reload brings it back as it was.
        """
        game = self.game
        if request.cards == game.cards:
            return LinkAction.SAME
        if request.cards != game.cards and game.touched and game.outcome is not Outcome.WON:
            return LinkAction.ASK
        return LinkAction.OPEN

    def open_request(self, request: DealRequest) -> None:
        """Play the deal a link asked for."""
        self.start(Game(request.cards, request.number))

    def leaving_loses(self) -> bool:
        """True when leaving the game now would count it as a loss that is not yet settled:
        a move was played in it (even if undone since) and it is not over."""
        return self.game.touched and self.game.outcome is None

    def should_ask_before_leaving(self) -> bool:
        """True when New game, Today's deal or Restart must ask first (the player may turn it off)."""
        return self.settings.ask_before_loss and self.leaving_loses()

    def play(self, move: Move | str) -> Played:
        """Play a move, save, and count the game at once if it is won."""
        self._fresh()
        played = self.game.play(move, self.now())
        self._after_change()
        return played

    def undo(self) -> Played:
        """Undo the last move and save."""
        self._fresh()
        played = self.game.undo(self.now())
        self._after_change()
        return played

    def redo(self) -> Played:
        """Redo the last undone move and save."""
        self._fresh()
        played = self.game.redo(self.now())
        self._after_change()
        return played

    def rewind(self) -> int | None:
        """Undo back to the last position from which the game could be won, saving once.

        Returns that position's move count, or ``None`` (changing nothing) when the deal was
        never winnable.
        """
        self._fresh()
        last = self.game.last_winnable()
        if last is not None:
            self.game.rewind(last, self.now())
            self._after_change()
        return last

    def hint(self) -> Move | None:
        """A hint for the current position (saved, since it costs points)."""
        self._fresh()
        move = self.game.hint()
        if move is not None:
            self.save()
        return move

    # Stats backup ------------------------------------------------------------------------

    def export(self) -> tuple[str, str]:
        """The backup file's name and text: the stats, the daily record and the unfinished game."""
        today = self.today()
        unfinished = self.game if self.game.outcome is None else None
        return backup.file_name(today), backup.dump_backup(self.stats, unfinished, today, self.now())

    def read_backup(self, text: object) -> backup.Backup:
        """A backup file's contents, checked; raises BackupError (changing nothing) if unreadable."""
        return backup.load_backup(text, self.now())

    def restore(self, contents: backup.Backup) -> None:
        """Replace the stats, and the game in progress if the file holds one, with a backup's.

        The game being replaced is not counted: the stats it would count in are replaced too.
        """
        self._catch_up_game()  # the file replaces the latest game, whichever tab wrote it
        self.stats = contents.stats
        self.storage.set(STATS_KEY, saves.dump_stats(self.stats))
        if contents.game is not None:
            contents.game.clock.set_visible(self.game.clock.visible, self.now())
            self.game = contents.game
        self.save()  # the snapshot beside the save shows the new stats too

    def reset_stats(self) -> None:
        """Clear the stats, the daily record and the recent games (the game in progress stays)."""
        self.stats = Stats()
        self.storage.set(STATS_KEY, saves.dump_stats(self.stats))
        self._write_snapshot()

    def change_settings(self, **changes: object) -> None:
        """Change some settings (ValueError for an unknown one or a bad value) and keep them."""
        self.settings = Settings.from_dict({**self.settings.to_dict(), **changes})
        self.storage.set(SETTINGS_KEY, saves.dump_settings(self.settings))

    def lost_by_last_move(self) -> bool:
        """True when warnings are on and the last move turned a winnable game into a lost one."""
        game = self.game
        return (
            self.settings.warn_lost
            and game.outcome is None
            and game.moves > 0
            and game.last_winnable() == game.moves - 1
        )

    def worth_keeping(self) -> bool:
        """True once there is a win in the stats: then the page asks the browser to keep its data."""
        return self.storage.persistent and self.stats.wins > 0

    def set_visible(self, visible: bool) -> None:
        """The page was shown or hidden: the clock follows, and hiding saves."""
        self.game.clock.set_visible(visible, self.now())
        if not visible:
            self.save()

    def _after_change(self) -> None:
        self.save()
        if self.game.outcome is Outcome.WON:
            self._count()
