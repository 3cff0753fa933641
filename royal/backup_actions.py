"""What Export, Import and Reset in the stats panel do (docs/stats.md, "Backup, import and reset").

The file's format and its checks are :mod:`royal.backup`'s; here is what the file is made from
and what it replaces: the stats, the daily record and the unfinished game every tab shares.
"""

from __future__ import annotations

import dataclasses

from royal import backup
from royal.backup import Backup
from royal.stats import COUNTED_IDS_KEPT, Stats
from royal.tab_sync import TabSync


class BackupActions:
    """Export, import and reset of the stats kept in ``tabs``."""

    def __init__(self, tabs: TabSync) -> None:
        self.tabs = tabs

    def export(self) -> tuple[str, str]:
        """The backup file's name and text: the stats, the daily record and the unfinished game."""
        tabs = self.tabs
        today = tabs.today()
        unfinished = tabs.game if tabs.game.outcome is None else None
        return backup.file_name(today), backup.dump_backup(tabs.stats, unfinished, today, tabs.now())

    def read(self, text: object) -> Backup:
        """A backup file's contents, checked; raises BackupError (changing nothing) if unreadable."""
        return backup.load_backup(text, self.tabs.now(), self.tabs.today())

    def restore(self, contents: Backup) -> None:
        """Replace the stats, and the game in progress if the file holds one, with a backup's.

        The game being replaced is not counted: the stats it would count in are replaced too.
        The games the replaced stats counted are never counted in the new ones (the won game
        left on the board among them), but for the file's own unfinished game, which counts
        when it ends.
        """
        tabs = self.tabs
        tabs.sync()  # the latest game and stats, whichever tab wrote them
        own = contents.game.id if contents.game is not None else None
        replaced = [game_id for game_id in tabs.stats.counted if game_id != own]
        counted = list(dict.fromkeys([*contents.stats.counted, *replaced]))[-COUNTED_IDS_KEPT:]
        tabs.replace(dataclasses.replace(contents.stats, counted=counted), contents.game)

    def reset(self) -> None:
        """Clear the stats, the daily record and the recent games (the game in progress stays).

        The cleared stats are the latest, whichever tab wrote them, and the ids of the games they
        counted are kept, so that no game counted before the reset is ever counted again.
        """
        tabs = self.tabs
        tabs.sync()
        tabs.save_stats(Stats(counted=list(tabs.stats.counted)))
