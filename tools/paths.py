"""Where the repository is, and where the build puts what it makes: one place for every tool."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
# Downloads and compiled results the build reuses (npm tarballs, bytecode, the locker).
CACHE = ROOT / ".cache"
# What a recorded boot loaded (tools/record_boot.py writes it): it decides what the site ships.
BOOT_RECORD = ROOT / "boot-record.json"
# The runtime's folder inside the site; the boot record names its files relative to it.
VENDOR = Path("static") / "vendor"
