"""The game manager: the flow of games, and when each is saved and counted.

It holds every rule about the flow of games (when a game is saved, when it counts, what a
link or today's deal does to the game in progress), so the web layer only renders and
forwards events, and the same flow is tested under CPython with
:class:`~royal.storage.MemoryStorage` or a storage that fails on purpose. Below it,
:class:`~royal.tab_sync.TabSync` reads and writes the records every tab shares, and
:class:`~royal.storage.GuardedStorage` handles refusals and unreadable saves.
"""

from __future__ import annotations

import datetime as _dt
import random
from collections.abc import Callable
from enum import Enum
from typing import TypeVar

from royal import describe
from royal.backup_actions import BackupActions
from royal.dealer import FIRST_DEAL, draw_deal
from royal.deals import daily_deal_number
from royal.describe import Notice
from royal.difficulty import Level
from royal.game import Game, Outcome
from royal.line import Move, Played
from royal.links import DealRequest
from royal.settings import ANY_LEVEL, Settings
from royal.stats import Stats
from royal.storage import GuardedStorage, Storage
from royal.tab_sync import Adopted, TabSync

T = TypeVar("T")


class LinkAction(Enum):
    """What a link to a deal does to the game in progress."""

    SAME = "same"  # the link names the game already being played: nothing to do
    OPEN = "open"  # nothing would be lost: the linked deal opens
    ASK = "ask"  # an unfinished game with moves would end: the player chooses


class Session:
    """The flow of the player's games on this device: what each action does to the game in
    progress, and when a game is saved and counted.

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
        self.now = now
        self.today = today
        self.rng = rng or random.Random()
        self.tabs = TabSync(self.storage, now, today, on_notice, self._first_game)
        #: Export, import and reset of the stats, from the stats panel.
        self.backup = BackupActions(self.tabs)
        self._lowered = False  # the last move, from the stock, lowered the chance of a win

    @property
    def game(self) -> Game:
        """The game in progress (or just finished)."""
        return self.tabs.game

    @property
    def stats(self) -> Stats:
        """The stats, the daily record and the recent games on this device."""
        return self.tabs.stats

    @property
    def settings(self) -> Settings:
        """The player's settings."""
        return self.tabs.settings

    # Other tabs ------------------------------------------------------------------------

    def save(self) -> None:
        """Write the current game (after every change, and when the page is hidden), unless
        another tab wrote since: this stale tab then adopts the newer game (and says so)."""
        self.tabs.save_game()

    def catch_up(self) -> Adopted:
        """Re-read everything, announcing a changed game (the page was shown or restored)."""
        return self.tabs.catch_up()

    def sync(self, say: str = "") -> Adopted:
        """Adopt what another tab wrote: the play shown, or only the stats and settings."""
        return self.tabs.sync(say)

    # Counting games ---------------------------------------------------------------------

    def _count(self) -> None:
        """Count the current game in the stats (once per game id, whichever tab counts it)."""
        self.tabs.count(self.game.result(self.now()))

    # What the player does -------------------------------------------------------------

    def _first_game(self, settings: Settings, stats: Stats) -> Game:
        """The game of a page with no game saved: a newcomer's first deal (no game counted, the
        settings as they come), else a random one."""
        if settings == Settings() and stats.of(settings.variant).played == 0:
            return Game.numbered(FIRST_DEAL)
        return self._random_game(settings)

    def _random_game(self, settings: Settings) -> Game:
        """A game of a random deal, winnable when ``settings`` ask for winnable deals only."""
        level = None if settings.level == ANY_LEVEL else Level(settings.level)
        # A stock wins exactly when its open line does (royal/chance.py): the test of its own order.
        variant = settings.variant
        return Game.numbered(draw_deal(self.rng, settings.winnable_only, level, variant.stock), variant)

    def start(self, game: Game) -> None:
        """Leave the current game for ``game`` and save it: a touched game that was not won
        counts as a loss, in the same write as the new game (:meth:`TabSync.start`)."""
        self.tabs.refuse_if_behind()
        self.tabs.start(game)

    def new_game(self, number: int | None = None) -> None:
        """A new game of deal ``number``, or of a random deal, in the variant the settings choose."""
        settings = self.settings
        self.start(
            Game.numbered(number, settings.variant) if number is not None else self._random_game(settings)
        )

    def restart(self) -> None:
        """The same deal again from the start."""
        self.start(self.game.restarted())

    def daily(self) -> bool:
        """Today's deal (numbered by the local date), in the open game: the daily record is the
        open game's (docs/stats.md, "Each variant apart"); False, changing nothing, when it is
        already the game in progress."""
        if self.daily_in_progress():
            return False
        today = self.today()
        self.start(Game.numbered(daily_deal_number(today), daily=today))
        return True

    def daily_in_progress(self) -> bool:
        """True when today's deal, dealt as such, is the game in progress (Today's deal then
        changes nothing); a game of its number opened otherwise is an ordinary one."""
        game = self.game
        today = self.today()
        return game.daily == today and game.number == daily_deal_number(today) and game.outcome is None

    def link_action(self, request: DealRequest) -> LinkAction:
        """What opening the deal a link names would do to the game in progress.

        The address bar always holds the current game's link, so a link to the game's own deal
        is the same game, finished or not: a reload brings it back as it was.
        """
        game = self.game
        # A numbered deal is the same by its number: a stock game saved in format 3 keeps the
        # order it was dealt in (docs/saves.md), which the number's link no longer deals.
        same = request.number == game.number and (request.number is not None or request.cards == game.cards)
        if same and request.variant == game.variant:
            return LinkAction.SAME
        if game.touched and game.outcome is not Outcome.WON:
            return LinkAction.ASK
        return LinkAction.OPEN

    def open_request(self, request: DealRequest) -> None:
        """Play the deal a link asked for."""
        self.start(Game(request.cards, request.number, variant=request.variant, daily=request.daily))

    def leaving_loses(self) -> bool:
        """True when leaving the game now would count it as a loss that is not yet settled:
        a move was played in it (even if undone since) and it is not over."""
        return self.game.touched and self.game.outcome is None

    def should_ask_before_leaving(self) -> bool:
        """True when New game, Today's deal or Restart must ask first (the player may turn it off)."""
        return self.settings.ask_before_loss and self.leaving_loses()

    def play(self, move: Move | str) -> Played:
        """Play a move, save, and count the game at once if it is won."""
        self.tabs.refuse_if_behind()
        game = self.game
        if isinstance(move, str):
            move = Move.parse(move)
        # From the stock, the warning weighs the removal over the orders of the unseen cards
        # before it is played (the advice is remembered: the page has asked for it already).
        lowers = self.settings.warn_lost and game.can_deal and move in game.legal_moves()
        self._lowered = lowers and game.advice().lowers(move)
        played = game.play(move, self.now())
        self._after_change()
        return played

    def deal(self) -> str:
        """Deal the stock's next card onto the line and save; the card dealt."""
        return self._act(self.game.deal)

    def undo(self) -> Played | str:
        """Undo the last move or deal and save."""
        return self._act(self.game.undo)

    def redo(self) -> Played | str:
        """Redo the last undone move or deal and save."""
        return self._act(self.game.redo)

    def _act(self, action: Callable[[float], T]) -> T:
        """Play an action that is not a removal (so it lowers no chance) now, and save."""
        self.tabs.refuse_if_behind()
        done = action(self.now())
        self._lowered = False
        self._after_change()
        return done

    def rewind(self) -> int | None:
        """Undo back to the last position from which the game could be won, saving once.

        Returns that position's move count, or ``None`` (changing nothing) when the deal was
        never winnable.
        """
        self.tabs.refuse_if_behind()
        last = self.game.last_winnable()
        if last is not None:
            self.game.rewind(last, self.now())
            self._after_change()
        return last

    def hint(self) -> Move | None:
        """A hint for the current position (saved when charged: it costs points, and the game is
        played with hints; from the stock "deal on" is charged too, with no move)."""
        self.tabs.refuse_if_behind()
        charged = self.game.hint_charged
        move = self.game.hint()
        if self.game.hint_charged and not charged:
            self.save()
        return move

    def show_solution(self) -> None:
        """A shortest win of the deal is shown (the replay): a game not won, which may yet be
        undone or rewound and won, is played with hints from now on (docs/stats.md), and saved."""
        game = self.game
        if game.outcome is Outcome.WON or game.with_hints:
            return
        self.tabs.refuse_if_behind()
        game.with_hints = True
        self.save()

    # Settings and the page -------------------------------------------------------------

    def change_settings(self, **changes: object) -> None:
        """Change some settings (ValueError for an unknown one or a bad value) and keep them."""
        self.tabs.change_settings(changes)

    def lost_by_last_move(self) -> bool:
        """True when warnings are on and the last move turned a winnable game into a lost one;
        from the stock, while cards lay in it, when it lowered the chance of a win."""
        game = self.game
        if game.variant.stock and (game.can_deal or self._lowered):
            return self._lowered
        return (
            self.settings.warn_lost
            and game.outcome is None
            and game.moves > 0
            and game.last_winnable() == game.moves - 1
        )

    def worth_keeping(self) -> bool:
        """True once there is a win in the stats: then the page asks the browser to keep its data."""
        return self.storage.persistent and self.stats.wins > 0

    def set_visible(self, visible: bool, ago: float = 0.0) -> None:
        """The page was shown or hidden ``ago`` seconds ago: the clock follows from then, and
        hiding saves."""
        self.game.clock.set_visible(visible, self.now() - max(0.0, ago))
        if not visible:
            self.save()

    def _after_change(self) -> None:
        self.save()
        if self.game.outcome is Outcome.WON:
            self._count()
