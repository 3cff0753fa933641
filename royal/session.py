"""The game manager: the current game, the stats, and keeping both in storage.

It holds every rule about when a game is saved and when it counts, so the web layer only
renders and forwards events, and the same flow is tested under CPython with
:class:`~royal.storage.MemoryStorage` or a storage that fails on purpose.
"""

from __future__ import annotations

import datetime as _dt
import random
from collections.abc import Callable
from dataclasses import dataclass

from royal import saves
from royal.deals import MAX_DEAL
from royal.game import Game, Outcome
from royal.line import Move, Played
from royal.links import DealRequest
from royal.settings import Settings
from royal.stats import Stats
from royal.storage import MemoryStorage, Storage, StorageError

GAME_KEY = "royal-marriage.game"
STATS_KEY = "royal-marriage.stats"
SETTINGS_KEY = "royal-marriage.settings"
#: Where the lost-game warning was kept ("on"/"off") before settings had a record of their own.
WARN_KEY = "royal-marriage.warn-lost"
KEPT_PREFIX = "royal-marriage.unreadable."
PROBE_KEY = "royal-marriage.probe"
KEYS = {"game": GAME_KEY, "stats": STATS_KEY, "settings": SETTINGS_KEY}
#: Unreadable records kept aside per kind; past this the newest shares the last key.
MAX_KEPT = 20
#: New games draw their number from 1 to this (a number people can read out).
RANDOM_DEALS = 999_999_999

NO_STORAGE = (
    "This browser is not keeping data for this page, so you can play, "
    "but your game and stats will not be kept after you leave."
)
NEWER_ELSEWHERE = (
    "A newer version of the game is open elsewhere in this browser, or was used here. "
    "This page plays without saving, so that it changes nothing the newer version saved: "
    "reload to play the newer version with your progress."
)


@dataclass(frozen=True)
class Notice:
    """Something the player must be told, once."""

    text: str
    warning: bool = True


class Session:
    """The player's current game and stats on this device.

    ``storage`` is ``None`` where the browser gives no storage at all: the game then plays in
    memory and says that progress will not be kept.
    """

    def __init__(
        self,
        storage: Storage | None,
        now: Callable[[], float],
        today: Callable[[], _dt.date],
        rng: random.Random | None = None,
    ) -> None:
        self.storage: Storage = storage if storage is not None else MemoryStorage()
        self.now = now
        self.today = today
        self.rng = rng or random.Random()
        self.notices: list[Notice] = []
        self.persistent = storage is not None
        if storage is None:
            self.notices.append(Notice(NO_STORAGE))
        # Read before probing for writes: a full storage still gives back the player's saves.
        self.stats = Stats()
        self.stats = self._read_stats()
        saved = self._read_game()
        self.settings = self._read_settings()
        self._probe()
        self.resumed = saved is not None
        self.game = saved or Game.numbered(self.random_deal())
        self._written_game: str | None = None
        self.save()

    # Storage ---------------------------------------------------------------------------

    def _probe(self) -> None:
        """Find out at once whether writes are refused, rather than at the first move."""
        try:
            self.storage.set(PROBE_KEY, "1")
            self.storage.remove(PROBE_KEY)
        except StorageError:
            self._lose_storage()

    def _lose_storage(self, why: str = NO_STORAGE) -> None:
        """Go on in memory and say so, once."""
        if self.persistent:
            self.notices.append(Notice(why))
        self.storage = MemoryStorage()
        self.persistent = False

    def _yield_to_newer(self) -> None:
        """A newer build wrote here: leave its data untouched and play on in memory."""
        self._lose_storage(NEWER_ELSEWHERE)

    def _get(self, key: str) -> str | None:
        try:
            return self.storage.get(key)
        except StorageError:
            self._lose_storage()
            return None

    def _set(self, key: str, value: str) -> None:
        try:
            self.storage.set(key, value)
        except StorageError:
            self._lose_storage()
            self.storage.set(key, value)

    def _keep_aside(self, kind: str, text: str, reason: str) -> None:
        """Move unreadable data to a key of its own, never overwriting earlier ones."""
        key = next(
            f"{KEPT_PREFIX}{kind}.{n}"
            for n in range(1, MAX_KEPT + 2)
            if n > MAX_KEPT or self._get(f"{KEPT_PREFIX}{kind}.{n}") is None
        )
        try:
            self.storage.set(key, text)
            self.storage.remove(KEYS[kind])
        except StorageError:
            # It cannot be copied aside, so it must not be overwritten: stop saving.
            self._lose_storage()
            key = "its old place, untouched"
        what = {"game": "unfinished game", "stats": "stats", "settings": "settings"}[kind]
        self.notices.append(
            Notice(
                f"Your saved {what} could not be read ({reason}), so a fresh one starts. "
                f"The unreadable data is kept in this browser under {key}."
            )
        )

    def _read_stats(self) -> Stats:
        text = self._get(STATS_KEY)
        if text is None:
            return Stats()
        try:
            return saves.load_stats(text, self.today())
        except saves.NewerSave:
            self._yield_to_newer()
            return self.stats
        except saves.SaveError as error:
            self._keep_aside("stats", text, str(error))
            return Stats()

    def _read_settings(self) -> Settings:
        text = self._get(SETTINGS_KEY)
        if text is None:
            return self._migrate_warning()
        try:
            return saves.load_settings(text)
        except saves.NewerSave:
            self._yield_to_newer()
            return Settings()
        except saves.SaveError as error:
            self._keep_aside("settings", text, str(error))
            return Settings()

    def _migrate_warning(self) -> Settings:
        """Carry the player's old lost-game warning choice into the settings record."""
        old = self._get(WARN_KEY)
        settings = Settings(warn_lost=old == "on")
        if old is not None:
            try:
                self.storage.set(SETTINGS_KEY, saves.dump_settings(settings))
                self.storage.remove(WARN_KEY)
            except StorageError:
                pass  # the old key stays, so the choice is carried over on a later visit
        return settings

    def _read_game(self) -> Game | None:
        text = self._get(GAME_KEY)
        if text is None:
            return None
        try:
            return saves.load_game(text, self.now())
        except saves.NewerSave:
            self._yield_to_newer()
            return None
        except saves.SaveError as error:
            self._keep_aside("game", text, str(error))
            return None

    def save(self) -> None:
        """Write the current game (after every move, and when the page is hidden)."""
        text = saves.dump_game(self.game, self.now())
        self._set(GAME_KEY, text)
        self._written_game = text

    def sync(self) -> bool:
        """Adopt what another tab wrote; True when the game, the stats or the settings changed."""
        text = self._get(GAME_KEY)
        changed = False
        if text is not None and text != self._written_game:
            try:
                adopted = saves.load_game(text, self.now())
            except saves.NewerSave:
                self._yield_to_newer()
                return True
            except saves.SaveError:
                adopted = None  # the other tab's write was cut short: keep ours, saved next move
            if adopted is not None:
                # This tab's clock runs only while this tab is visible.
                adopted.clock.set_visible(self.game.clock.visible, self.now())
                self.game = adopted
                self._written_game = text
                changed = True
        settings_text = self._get(SETTINGS_KEY)
        if settings_text is not None and settings_text != saves.dump_settings(self.settings):
            try:
                self.settings = saves.load_settings(settings_text)
                changed = True
            except saves.NewerSave:
                self._yield_to_newer()
                return True
            except saves.SaveError:
                pass  # read strictly at the next visit, and kept aside then if still unreadable
        stats_text = self._get(STATS_KEY)
        if stats_text is not None and stats_text != saves.dump_stats(self.stats):
            try:
                self.stats = saves.load_stats(stats_text, self.today())
                changed = True
            except saves.NewerSave:
                self._yield_to_newer()
                return True
            except saves.SaveError:
                pass
        return changed

    # Counting games ---------------------------------------------------------------------

    def _count(self) -> None:
        """Count the current game in the stats read fresh from storage (once per game id)."""
        fresh = self._read_stats() if self.persistent else self.stats
        if fresh.record(self.game.result(self.now()), self.today()):
            self._set(STATS_KEY, saves.dump_stats(fresh))
        self.stats = fresh

    def _leave(self) -> None:
        """The player leaves the current game: a touched game that was not won is a loss."""
        if self.game.touched and self.game.outcome is not Outcome.WON:
            self._count()

    # What the player does -------------------------------------------------------------

    def random_deal(self) -> int:
        """A deal number for a new game."""
        return self.rng.randint(1, min(RANDOM_DEALS, MAX_DEAL))

    def start(self, game: Game) -> None:
        """Leave the current game for ``game`` and save it."""
        self._leave()
        self.game = game
        self.save()

    def new_game(self, number: int | None = None) -> None:
        """A new game of deal ``number``, or of a random deal."""
        self.start(Game.numbered(number if number is not None else self.random_deal()))

    def restart(self) -> None:
        """The same deal again from the start."""
        self.start(self.game.restarted())

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

    def needs_confirmation(self, request: DealRequest) -> bool:
        """True when opening ``request`` would leave an unfinished game that has moves."""
        return self.game.cards != request.cards and self.game.touched and self.game.outcome is not Outcome.WON

    def play(self, move: Move | str) -> Played:
        """Play a move, save, and count the game at once if it is won."""
        played = self.game.play(move, self.now())
        self._after_change()
        return played

    def undo(self) -> Played:
        """Undo the last move and save."""
        played = self.game.undo(self.now())
        self._after_change()
        return played

    def redo(self) -> Played:
        """Redo the last undone move and save."""
        played = self.game.redo(self.now())
        self._after_change()
        return played

    def hint(self) -> Move | None:
        """A hint for the current position (saved, since it costs points)."""
        move = self.game.hint()
        if move is not None:
            self.save()
        return move

    def change_settings(self, **changes: object) -> None:
        """Change some settings (ValueError for an unknown one or a bad value) and keep them."""
        self.settings = Settings.from_dict({**self.settings.to_dict(), **changes})
        self._set(SETTINGS_KEY, saves.dump_settings(self.settings))

    def lost_by_last_move(self) -> bool:
        """True when warnings are on and the last move turned a winnable game into a lost one."""
        game = self.game
        return (
            self.settings.warn_lost
            and game.outcome is None
            and game.moves > 0
            and game.last_winnable() == game.moves - 1
        )

    def set_visible(self, visible: bool) -> None:
        """The page was shown or hidden: the clock follows, and hiding saves."""
        self.game.clock.set_visible(visible, self.now())
        if not visible:
            self.save()

    def _after_change(self) -> None:
        self.save()
        if self.game.outcome is Outcome.WON:
            self._count()
