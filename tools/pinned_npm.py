"""Node tools the repository pins by a lock file (package.json, package-lock.json and an .npmrc
that keeps registry hosts out of the lock), installed with ``npm ci`` under .cache/ and
reinstalled only when the pinned files change. Standard library only."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tools.paths import CACHE

LOCK_FILES = ("package.json", "package-lock.json", ".npmrc")


def installed(pinned: Path, name: str) -> Path:
    """The folder ``.cache/<name>/`` holding what ``pinned``'s lock names, installed unless the
    same lock already is; its commands are in ``node_modules/.bin/``."""
    into = CACHE / name
    into.mkdir(parents=True, exist_ok=True)
    same = all(
        (into / file).exists() and (into / file).read_bytes() == (pinned / file).read_bytes()
        for file in LOCK_FILES
    )
    if not (same and (into / "node_modules").is_dir()):
        for file in LOCK_FILES:
            shutil.copyfile(pinned / file, into / file)
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=into, check=True)
    return into
