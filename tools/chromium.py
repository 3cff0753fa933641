"""Which Chromium the tests and the tools drive, and the flags it needs on these machines.

The browser tests, tools/record_boot.py, the renderers and the benchmarks all launch it; the
flags are here once so that every launch behaves the same. Standard library only.
"""

from __future__ import annotations

import os
from pathlib import Path

# Debian's package; tools/testenv.py installs it, or names Playwright's own in ROYAL_CHROMIUM.
SYSTEM_CHROMIUM = Path("/usr/bin/chromium")
# Without the networking flags Chromium keeps trying hosts it cannot reach.
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def chromium_binary() -> str:
    """ROYAL_CHROMIUM if set, else Debian's chromium (whether it is there is for the caller to say)."""
    return os.environ.get("ROYAL_CHROMIUM") or str(SYSTEM_CHROMIUM)
