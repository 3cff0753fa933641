"""The boot script as the site ships it: static/boot.js with the values it shares with Python.

static/boot.js applies the saved look and draws the board before Python starts, so it needs
values the game's modules hold: storage keys, themes and their theme colours, the card codes,
names and classes, the snapshot's limits, the runtime's file names. The build writes each one
into it, from the module that holds it, where the file has its MARKER; the checked-in file
holds no copy, so the two cannot drift apart. Imports only the standard library and the
engine (royal/ without royal/web/, which needs the browser).
"""

from __future__ import annotations

import sys
from pathlib import Path

from royal import cards, describe, limits, markup, records, saves, settings, snapshot, storage_keys
from tools import runtime
from tools.js_constants import declarations
from tools.paths import ROOT

TEMPLATE = ROOT / "static" / "boot.js"
# Where the boot script is in the site.
IN_SITE = Path("static") / "boot.js"
# The line of static/boot.js that the values replace, inside its function.
MARKER = "  /* build.py writes the values shared with Python here */\n"
BEGIN = "  // Written by build.py from the Python modules named (tools/boot_script.py): do not edit.\n"
END = "  // End of what build.py wrote.\n"


def shared_values() -> dict[str, dict[str, object]]:
    """Each value the boot script shares with Python, by its name there, under the module holding it."""
    return {
        storage_keys.__name__: {
            "SNAPSHOT_KEY": storage_keys.SNAPSHOT_KEY,
            "STATS_KEY": storage_keys.STATS_KEY,
            "SETTINGS_KEY": storage_keys.SETTINGS_KEY,
        },
        saves.__name__: {"SAVES_APP": saves.APP},
        limits.__name__: {"MAX_DEPTH": limits.MAX_DEPTH, "SETTINGS_MAX_CHARS": limits.MAX_CHARS["settings"]},
        describe.__name__: {"FIRST_GAME": describe.FIRST_GAME},
        settings.__name__: {"SYSTEM_THEME": settings.SYSTEM_THEME, "CHOICES": settings.CHOICES},
        records.__name__: {"DAYS_SHOWN": records.DAYS_SHOWN},
        cards.__name__: {
            "CARDS": cards.ALL_CARDS,
            "QUEEN_OF_HEARTS": cards.QUEEN_OF_HEARTS,
            "KING_OF_HEARTS": cards.KING_OF_HEARTS,
            "RANK_SHOWN": {code[0]: cards.rank_shown(code) for code in cards.ALL_CARDS},
            "SUIT_SHOWN": {code[1]: cards.suit_symbol(code) for code in cards.ALL_CARDS},
        },
        markup.__name__: {
            "CARD_CLASS": {
                "card": markup.CARD,
                "royal": markup.ROYAL,
                "faceDown": markup.FACE_DOWN,
                "corner": markup.CORNER,
                "face": markup.FACE,
            },
            "LOOK_ATTRIBUTES": markup.LOOK_ATTRIBUTES,
            "SUIT_CLASS": {code[1]: markup.colour_class(code) for code in cards.ALL_CARDS},
            "SUIT_CLASSES": markup.SUIT_CLASSES,
            "DAY_CLASS": markup.DAY,
            "THEME_COLOUR_MEDIA": markup.THEME_COLOUR_MEDIA,
            "THEME_COLOURS": markup.THEME_COLOURS,
        },
        snapshot.__name__: {
            "SNAPSHOT_VERSION": snapshot.VERSION,
            "SNAPSHOT_MAX_CHARS": snapshot.MAX_CHARS,
            "FIELD_PATTERNS": snapshot.FIELD_PATTERNS,
            "STAT_NAME_PATTERN": snapshot.STAT_NAME_PATTERN,
            "FIGURE_PATTERN": snapshot.FIGURE_PATTERN,
            "GUIDE_STAT": snapshot.GUIDE_STAT,
            "GUIDE_FIGURE": snapshot.GUIDE_FIGURE,
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
