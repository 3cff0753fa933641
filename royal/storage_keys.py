"""Every key the game keeps in the browser's storage, in one place.

The boot script reads some of them before Python starts (the build writes them into it), and
the browser tests read them to check what was stored, so each key is spelled once, here.
"""

from __future__ import annotations

PREFIX = "royal-marriage."
GAME_KEY = f"{PREFIX}game"
STATS_KEY = f"{PREFIX}stats"
SETTINGS_KEY = f"{PREFIX}settings"
#: What the page draws before Python on the next visit, kept beside the save (royal/view/boot.py).
SNAPSHOT_KEY = f"{PREFIX}snapshot"
#: Where the lost-game warning was kept ("on"/"off") before settings had a record of their own.
WARN_KEY = f"{PREFIX}warn-lost"
#: Written and removed once at start, to learn whether storage takes writes.
PROBE_KEY = f"{PREFIX}probe"
#: Unreadable records are kept aside under this prefix, the kind and a number.
KEPT_PREFIX = f"{PREFIX}unreadable."
#: Not a key: the Web Lock every tab takes in turn to read and write these records (docs/saves.md, "Tabs").
LOCK = "royal-marriage"
