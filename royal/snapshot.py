"""What the board shows, in a compact form written beside the save for the page's boot script.

On a return visit static/boot.js draws this before Python has started (the saved line,
the fields and the stats), so the player sees their game at once instead of an empty
table. It holds card codes and the figures exactly as the page shows them, nothing else:
the boot script checks every value against a strict pattern and writes only text. From the
stock it holds what is seen only: the dealt cards and the stock's count, never its order. The
limits and patterns are here, and the build writes them into the boot script
(tools/boot_script.py); each pattern reads the same in Python and JavaScript.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from royal.deals import MAX_DEAL
from royal.limits import MAX_SECONDS

#: Version 2 added the stock game's count of face-down cards (``null`` in the open game).
VERSION = 2
#: The longest snapshot the boot script reads; a full line with the longest fields and figures takes 648.
MAX_CHARS = 4096
#: What each field may hold: the deal (any number a deal can have, or "custom"), par (one or two
#: digits: 4 to 50 moves over the variants, royal/variant.py's ``win_moves``), moves, score, the
#: time (m:ss, up to the clock's bound), the cards left and the deal's grade (par and the grade
#: read "—" from the stock while its order is unseen).
FIELD_PATTERNS = {
    "deal": rf"^(?:[1-9][0-9]{{0,{len(str(MAX_DEAL)) - 1}}}|[a-z]{{1,12}})$",
    "par": r"^(?:[1-9][0-9]?|none|\u2014)$",
    "moves": r"^[0-9]{1,6}$",
    "score": r"^[0-9]{1,7}$",
    "time": rf"^[0-9]{{1,{len(str(MAX_SECONDS // 60))}}}:[0-5][0-9]$",
    "cards-left": r"^[0-9]{1,2}$",
    "difficulty": r"^(?:Easy|Medium|Hard|Expert|none|\u2014)$",
}
#: A stat's name, and every form a figure takes: a count, a percentage, m:ss, days, or "nothing yet".
STAT_NAME_PATTERN = r"^[a-z][a-z-]{0,29}$"
FIGURE_PATTERN = r"^(?:[0-9]{1,9}|[0-9]{1,3}%|[0-9]{1,6}:[0-5][0-9]|[0-9]{1,6} days?|\u2014)$"


#: The first-game guide shows while no game has counted in the stats (docs/play.md, "The first
#: game"): while the figure of GUIDE_STAT reads GUIDE_FIGURE. The page decides by the stats'
#: figures, the boot script by the snapshot's (the same figures), so they always agree.
GUIDE_STAT = "played"
GUIDE_FIGURE = "0"


def shows_guide(figures: Mapping[str, str]) -> bool:
    """Whether the stats, as the page shows ``figures``, call for the first-game guide."""
    return figures.get(GUIDE_STAT) == GUIDE_FIGURE


def dump_snapshot(
    cards: Sequence[str], fields: Mapping[str, str], stats: Mapping[str, str], stock: int | None = None
) -> str:
    """The snapshot as stored: ``{"version": 2, "cards": [...], "stock": null, "fields": {...},
    "stats": {...}}`` (``stock``: the stock game's face-down count, ``null`` in the open game)."""
    data = {
        "version": VERSION,
        "cards": list(cards),
        "stock": stock,
        "fields": dict(fields),
        "stats": dict(stats),
    }
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)
