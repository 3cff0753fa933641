"""What the board shows, in a compact form written beside the save for the page's boot script.

On a return visit static/boot.js draws this before Python has started (the saved line,
the fields and the stats), so the player sees their game at once instead of an empty
table. It holds card codes and the figures exactly as the page shows them, nothing else:
the boot script checks every value against a strict pattern and writes only text.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

VERSION = 1


def dump_snapshot(cards: Sequence[str], fields: Mapping[str, str], stats: Mapping[str, str]) -> str:
    """The snapshot as stored: ``{"version": 1, "cards": [...], "fields": {...}, "stats": {...}}``."""
    data = {"version": VERSION, "cards": list(cards), "fields": dict(fields), "stats": dict(stats)}
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)
