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
checked by the same loaders as the browser's own saves (which also migrate older formats).
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
from dataclasses import dataclass

from royal import saves
from royal.game import Game
from royal.stats import Stats

KIND = "backup"
VERSION = 1
#: Far beyond any real backup (a save of the longest game is well under a megabyte).
MAX_CHARS = 4_000_000


TOO_LARGE = "This file is far too large to be a Royal Marriage backup."
UNREADABLE = "This file could not be read by the browser."
NEWER_RECORDS = "This backup holds records from a newer version of the game; update the game to import it."


class BackupError(ValueError):
    """A file that cannot be imported; the message is one sentence for the player."""


@dataclass(frozen=True)
class Backup:
    """What a backup file holds, checked and ready to replace what this browser keeps."""

    exported: _dt.date
    stats: Stats
    game: Game | None


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
        raise BackupError(TOO_LARGE)
    if not isinstance(text, str) or not text.strip():
        raise BackupError("This file is empty, so there is nothing to import.")
    try:
        data = json.loads(text)
    except RecursionError:
        raise BackupError("This file is not a Royal Marriage backup: it is not readable JSON.") from None
    except json.JSONDecodeError as error:
        stripped = text.rstrip()
        if stripped.startswith("{") and (
            error.pos >= len(stripped) or error.msg.startswith("Unterminated string")
        ):
            raise BackupError("This file is cut short: it ends before the backup does.") from None
        raise BackupError("This file is not a Royal Marriage backup: it is not readable JSON.") from None
    if not isinstance(data, dict) or data.get("app") != saves.APP or data.get("kind") != KIND:
        raise BackupError("This file is not a Royal Marriage backup: it was written by something else.")
    return data


def load_backup(text: object, now: float) -> Backup:
    """A checked backup from :func:`dump_backup`'s text, or BackupError saying why not."""
    data = _parse(text)
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise BackupError("This backup has no valid format version, so it cannot be trusted.")
    if version > VERSION:
        raise BackupError(
            f"This backup was made by a newer version of the game (format {version}); "
            "update the game to import it."
        )
    if not {"exported", "stats", "game", "checksum"} <= data.keys():
        raise BackupError("This backup is incomplete: part of what it should hold is missing.")
    exported, stats_record, game_record = data["exported"], data["stats"], data["game"]
    if data["checksum"] != _checksum(exported, stats_record, game_record):
        raise BackupError(
            "This backup was changed or damaged after it was exported: its checksum, "
            "a check against accidents rather than a seal, does not match."
        )
    try:
        day = saves.parse_day(exported, "the export date")
    except ValueError:
        raise BackupError("This backup's export date is not a date, so it cannot be trusted.") from None
    try:
        stats = saves.stats_from_record(stats_record)
    except saves.NewerSave:
        raise BackupError(NEWER_RECORDS) from None
    except saves.SaveError as error:
        raise BackupError(f"The stats in this backup cannot be read ({error}).") from None
    game = None
    if game_record is not None:
        try:
            game, _revision = saves.game_from_record(game_record, now)
        except saves.NewerSave:
            raise BackupError(NEWER_RECORDS) from None
        except saves.SaveError as error:
            raise BackupError(f"The unfinished game in this backup cannot be read ({error}).") from None
    return Backup(day, stats, game)
