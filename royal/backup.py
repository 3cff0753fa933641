"""The stats backup file: the stats, the daily record and the unfinished game in one JSON file.

Everything the game keeps lives in one browser, so Export writes it to a dated file and Import
reads one back. The file is loaded as strictly as a save, and more: it comes from anywhere, so
anything that is not a complete, unchanged backup of this game or an older one is refused with
one sentence that says why, and nothing is replaced.

The format (version 1)::

    {"app": "royal-marriage", "kind": "backup", "version": 1,
     "exported": "2026-11-29",
     "stats": <the stats record as saved in the browser>,
     "game": <the unfinished game's record as saved in the browser, or null>,
     "checksum": "sha256:<hex digest of the canonical JSON of [exported, stats, game]>"}

The checksum catches a file edited or damaged after export; the records inside are then
checked by the same loaders as the browser's own saves, with the same day (which also migrate
older formats), so what an import accepts, every later load accepts too.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
from dataclasses import dataclass

from royal import describe, saves
from royal.game import Game
from royal.i18n import N_
from royal.limits import MAX_DEPTH, nesting
from royal.stats import Stats

KIND = "backup"
VERSION = 1
#: Far beyond any real backup (a save of the longest game is well under a megabyte).
MAX_CHARS = 4_000_000


class BackupError(ValueError):
    """A file that cannot be imported; the message is one sentence for the player, from
    :mod:`royal.describe`."""


@dataclass(frozen=True)
class Backup:
    """What a backup file holds, checked and ready to replace what this browser keeps."""

    exported: _dt.date
    stats: Stats
    game: Game | None
    #: The day of a streak the file's stats had dated after tomorrow and that ends on import
    #: (a clock error, docs/stats.md), or ``None``.
    streak_ended: _dt.date | None


def file_name(exported: _dt.date) -> str:
    """The name the exported file is saved under, dated so backups sort and do not clash."""
    return f"royal-marriage-stats-{exported.isoformat()}.json"


def _checksum(exported: object, stats: object, game: object) -> str:
    canonical = json.dumps([exported, stats, game], sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return "sha256:" + hashlib.sha256(canonical.encode()).hexdigest()


def dump_backup(stats: Stats, game: Game | None, exported: _dt.date, now: float) -> str:
    """The backup file's text; ``game`` is the unfinished game, if there is one."""
    stats_record = saves.stats_to_record(stats)
    game_record = saves.game_to_record(game, now) if game is not None else None
    day = exported.isoformat()
    return json.dumps(
        {
            "app": saves.APP,
            "kind": KIND,
            "version": VERSION,
            "exported": day,
            "stats": stats_record,
            "game": game_record,
            "checksum": _checksum(day, stats_record, game_record),
        },
        indent=1,
    )


def _parse(text: object) -> dict:  # type: ignore[type-arg]
    # Size first: a file over the limit is too large whatever it holds, blank or not.
    if isinstance(text, str) and len(text) > MAX_CHARS:
        raise BackupError(describe.BACKUP_TOO_LARGE)
    if not isinstance(text, str) or not text.strip():
        raise BackupError(describe.BACKUP_EMPTY)
    # Before parsing: brackets nested some thousands deep overflow the parser's stack.
    if nesting(text) > MAX_DEPTH:
        raise BackupError(describe.BACKUP_TOO_DEEP)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        stripped = text.rstrip()
        if stripped.startswith("{") and (
            error.pos >= len(stripped) or error.msg.startswith("Unterminated string")
        ):
            raise BackupError(describe.BACKUP_CUT_SHORT) from None
        raise BackupError(describe.BACKUP_NOT_JSON) from None
    except ValueError:  # a whole number of more digits than Python reads (4,300): no JSON error
        raise BackupError(describe.BACKUP_NOT_JSON) from None
    if not isinstance(data, dict) or data.get("app") != saves.APP or data.get("kind") != KIND:
        raise BackupError(describe.BACKUP_FOREIGN)
    return data


def load_backup(text: object, now: float, today: _dt.date) -> Backup:
    """A checked backup from :func:`dump_backup`'s text, read on local day ``today``, or
    BackupError saying why not."""
    data = _parse(text)
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise BackupError(describe.BACKUP_NO_VERSION)
    if version > VERSION:
        raise BackupError(describe.backup_newer(version))
    if not {"exported", "stats", "game", "checksum"} <= data.keys():
        raise BackupError(describe.BACKUP_INCOMPLETE)
    exported, stats_record, game_record = data["exported"], data["stats"], data["game"]
    if data["checksum"] != _checksum(exported, stats_record, game_record):
        raise BackupError(describe.BACKUP_CHANGED)
    try:
        day = saves.parse_day(exported, N_("the export date must be a date"))
    except ValueError:
        raise BackupError(describe.BACKUP_BAD_DATE) from None
    try:
        stats, streak_ended = saves.stats_from_record(stats_record, today)
    except saves.NewerSave:
        raise BackupError(describe.BACKUP_NEWER_RECORDS) from None
    except saves.SaveError as error:
        raise BackupError(describe.backup_stats_unreadable(error)) from None
    game = None
    if game_record is not None:
        try:
            # The game it left, if the file holds one, is not counted: the file's stats replace
            # the stats it would count in (docs/stats.md, "Backup, import and reset").
            game, _revision, _left = saves.game_from_record(game_record, now)
        except saves.NewerSave:
            raise BackupError(describe.BACKUP_NEWER_RECORDS) from None
        except saves.SaveError as error:
            raise BackupError(describe.backup_game_unreadable(error)) from None
    return Backup(day, stats, game, streak_ended)
