"""The boot script as the site ships it: static/boot.js with the values it shares with Python.

static/boot.js draws the table before Python starts, so it needs values the game's modules
hold: storage keys, the card codes, what a kept description may hold (royal/view/boot.py),
the descriptions of a first visit and of figures still to come (made here by the same view
code the game draws with), the runtime's file names. The build writes each one
into it, from the module that holds it, where the file has its MARKER; the checked-in file
holds no copy, so the two cannot drift apart. Imports only the standard library and the
engine and its views (royal/ without royal/web/, which needs the browser).
"""

from __future__ import annotations

import datetime as _dt
import json
import sys
from pathlib import Path

from royal import cards, dealer, limits, storage_keys
from royal.game import Game
from royal.settings import Settings
from royal.stats import Stats
from royal.view import boot
from royal.view.html import Patch
from tools import runtime
from tools.js_constants import declarations
from tools.paths import ROOT

#: The day a first visit's description is made for: it shows no date (the daily row, which
#: would, is left to the game's Python).
FIRST_VISIT_DAY = _dt.date(2026, 1, 1)
TEMPLATE = ROOT / "static" / "boot.js"
# Where the boot script is in the site.
IN_SITE = Path("static") / "boot.js"
# The line of static/boot.js that the values replace, inside its function.
MARKER = "  /* build.py writes the values shared with Python here */\n"
BEGIN = "  // Written by build.py from the Python modules named (tools/boot_script.py): do not edit.\n"
END = "  // End of what build.py wrote.\n"


def shared_values() -> dict[str, dict[str, object]]:
    """Each value the boot script shares with Python, by its name there, under the module holding it."""
    newcomer = Game.numbered(dealer.FIRST_DEAL)
    first_visit = boot.table(newcomer, 0.0, FIRST_VISIT_DAY, Settings(), Stats())
    # A first visit's daily row would show the build's days, not the player's: Python draws it.
    first_visit = Patch(
        {k: v for k, v in first_visit.regions.items() if k != "daily-days"}, None, first_visit.effects
    )
    return {
        storage_keys.__name__: {
            "SNAPSHOT_KEY": storage_keys.SNAPSHOT_KEY,
            "STATS_KEY": storage_keys.STATS_KEY,
            "GAME_KEY": storage_keys.GAME_KEY,
        },
        limits.__name__: {"MAX_DEPTH": limits.MAX_DEPTH},
        cards.__name__: {"CARDS": cards.ALL_CARDS},
        boot.__name__: {
            "BOOT_VERSION": boot.VERSION,
            "BOOT_MAX_CHARS": boot.MAX_CHARS,
            "BOOT_REGIONS": boot.REGIONS,
            "BOOT_TAGS": boot.TAGS,
            "BOOT_ATTRIBUTES": boot.ATTRIBUTES,
            "BOOT_EFFECTS": boot.EFFECTS,
            "FIRST_VISIT": json.loads(first_visit.to_json()),
            "UNKNOWN_FIGURES": json.loads(boot.unknown_figures().to_json()),
        },
        runtime.__name__: {
            "RUNTIME_LOADER": runtime.PYODIDE_LOADER,
            "RUNTIME_FILES": runtime.PYODIDE_LARGE_FILES,
        },
    }


def boot_script(template: Path = TEMPLATE) -> str:
    """The template with the shared values in place of its MARKER, which it must have once."""
    text = template.read_text(encoding="utf-8")
    if text.count(MARKER) != 1:
        sys.exit(f"build: {template.name} needs exactly one line {MARKER.strip()!r}")
    groups = (f"  // {module}\n{declarations(values, '  ')}" for module, values in shared_values().items())
    return text.replace(MARKER, BEGIN + "".join(groups) + END)


def write_boot_script(dist: Path) -> None:
    """Write the boot script the site ships into `dist`."""
    (dist / IN_SITE).write_text(boot_script(), encoding="utf-8")
