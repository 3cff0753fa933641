"""The card faces the site ships: one SVG sprite made from a pinned CC0 deck.

The deck is Adrian Kennard's classic design as `@letele/playing-cards` publishes it on npm:
React components, pinned and checked like the runtime (tools/runtime.py). The build evaluates
its compiled module under Node with stand-ins for React (tools/deck.mjs), which writes one
sprite, static/cards.svg, a <symbol> per card named by its code; a card draws
``<use href="static/cards.svg#QH">``. SVGO, pinned by tools/svgo/'s lock, then writes its
numbers to a tenth of a unit (tools/svgo/svgo.config.mjs), which takes 30 % off the sprite a
first visit waits for (37 % compressed). The sprite is cached under .cache/deck/, keyed by the
tarball's, the script's and SVGO's pinned files' hashes, so a rebuild neither runs Node nor
changes a byte.
The deck's licence (CC0) ships beside it. Standard library only.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from royal.markup import SPRITE
from tools.paths import CACHE
from tools.pinned_npm import LOCK_FILES, installed
from tools.runtime import NpmPackage, fetch_package

DECK = NpmPackage(
    "@letele/playing-cards",
    "0.1.0",
    "sha512-56Ga/sznspARugv/PS4X4HdFuq1at8dSkmI3veU2pV2PJ4mKviqImqOGkBgoSQE5rA+IgbKyBBhhJ6IjZLOXWg==",
)
SCRIPT = Path(__file__).with_name("deck.mjs")
SVGO = Path(__file__).with_name("svgo")
SVGO_CONFIG = SVGO / "svgo.config.mjs"
DECK_CACHE = CACHE / "deck"
MODULE = "package/dist/index.esm.js"
LICENCE = "package/LICENSE"
# Where the sprite and the deck's licence are in the site (the page names the sprite relatively).
SPRITE_IN_SITE = Path(SPRITE)
LICENCE_IN_SITE = Path("static") / "cards-LICENSE.txt"


def _member(tarball: Path, name: str) -> bytes:
    with tarfile.open(tarball) as archive:
        member = archive.extractfile(name)
        if member is None:
            sys.exit(f"build: {tarball.name} has no file {name}")
        return member.read()


def sprite(tarball: Path | None = None) -> Path:
    """The cached sprite made from the verified deck, made with Node when the cache lacks it."""
    tarball = tarball or fetch_package(DECK)
    pinned = [tarball, SCRIPT, SVGO_CONFIG, *(SVGO / name for name in LOCK_FILES)]
    key = hashlib.sha256(b"".join(path.read_bytes() for path in pinned)).hexdigest()[:20]
    cached = DECK_CACHE / f"cards-{key}.svg"
    if cached.is_file():
        return cached
    DECK_CACHE.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        module = Path(work) / "index.esm.js"
        module.write_bytes(_member(tarball, MODULE))
        made, out = Path(work) / "made.svg", Path(work) / "cards.svg"
        svgo = installed(SVGO, "svgo") / "node_modules" / ".bin" / "svgo"
        try:
            for command in (
                ["node", str(SCRIPT), str(module), str(made)],
                [str(svgo), str(made), "-o", str(out), "--config", str(SVGO_CONFIG), "--quiet"],
            ):
                subprocess.run(command, check=True, capture_output=True, text=True)
        except (OSError, subprocess.CalledProcessError) as error:
            said = (getattr(error, "stderr", None) or str(error)).strip().splitlines()
            sys.exit(f"build: the card faces could not be made ({said[-1] if said else 'no output'})")
        staged = cached.with_suffix(".partial")
        shutil.copyfile(out, staged)
        staged.replace(cached)
    return cached


def write_deck(dist: Path) -> None:
    """Write the sprite and the deck's licence into the site in `dist`."""
    tarball = fetch_package(DECK)
    shutil.copyfile(sprite(tarball), dist / SPRITE_IN_SITE)
    (dist / LICENCE_IN_SITE).write_bytes(_member(tarball, LICENCE))
