"""The runtime the site ships, pinned: PyScript and Pyodide from npm, checked against their hashes.

Every build ships exactly the same bytes: each tarball is checked against the sha512
integrity value npm publishes for it, fetched with `npm pack` only when the cache lacks a good
one, and unpacked only into the folder it is meant for. The accessibility checker the browser
tests inject comes the same way. Standard library only.
"""

from __future__ import annotations

import base64
import hashlib
import subprocess
import sys
import tarfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from tools.paths import CACHE

NPM_CACHE = CACHE / "npm"


@dataclass(frozen=True)
class NpmPackage:
    """A pinned npm package and the `integrity` value the registry publishes for it."""

    name: str
    version: str
    integrity: str

    @property
    def spec(self) -> str:
        return f"{self.name}@{self.version}"

    @property
    def tarball(self) -> Path:
        """Where `npm pack` leaves it: "@scope/name" becomes "scope-name-VERSION.tgz"."""
        return NPM_CACHE / f"{self.name.lstrip('@').replace('/', '-')}-{self.version}.tgz"


PYSCRIPT = NpmPackage(
    "@pyscript/core",
    "0.7.31",
    "sha512-GqM1aonc1N4RTkNZ1zJ8jJk8+i2cqeztZslPsAiQtn+wHHkUX9Z1FgIg4HjCvhBylB68UKmbTVTzOobpgPIMVQ==",
)
PYODIDE = NpmPackage(
    "pyodide",
    "314.0.7",
    "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A==",
)
# The accessibility checker the browser tests inject; never part of the site.
AXE = NpmPackage(
    "axe-core",
    "4.14.1",
    "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ==",
)
# Pyodide's loader: the boot script takes its request as the start of the runtime's download.
PYODIDE_LOADER = "pyodide.mjs"
# The runtime's two large files: the boot script's progress bar grows as each one arrives.
PYODIDE_LARGE_FILES = ("pyodide.asm.wasm", "python_stdlib.zip")
# What a main-thread Pyodide needs; without pyodide-lock.json the boot hangs silently.
PYODIDE_FILES = (PYODIDE_LOADER, "pyodide.asm.mjs", *PYODIDE_LARGE_FILES, "pyodide-lock.json")


def integrity_of(data: bytes) -> str:
    """The Subresource Integrity string npm records for a tarball."""
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


def fetch_package(package: NpmPackage) -> Path:
    """Return the verified tarball, running `npm pack` only when the cache lacks a good one.

    Every failure ends the build with one line saying what is wrong: a tampered or missing
    tarball with no registry to fetch from is a message, not a traceback.
    """
    if _is_valid(package):
        return package.tarball
    problem = "does not match its pinned integrity hash" if package.tarball.exists() else "is not cached"
    NPM_CACHE.mkdir(parents=True, exist_ok=True)
    print(f"build: {package.spec} {problem}; fetching it with npm pack", flush=True)
    try:
        subprocess.run(
            ["npm", "pack", package.spec, "--pack-destination", str(NPM_CACHE), "--loglevel=error"],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
    except (OSError, subprocess.CalledProcessError) as error:
        lines = [line.strip() for line in (getattr(error, "stderr", None) or str(error)).splitlines()]
        said = next((line for line in lines if " code " in line), next(filter(None, lines), "no output"))
        sys.exit(f"build: {package.spec} {problem}, and npm pack could not fetch it ({said})")
    if not _is_valid(package):
        package.tarball.unlink(missing_ok=True)
        sys.exit(f"build: {package.spec} as fetched does not match its pinned integrity hash")
    return package.tarball


def _is_valid(package: NpmPackage) -> bool:
    return package.tarball.is_file() and integrity_of(package.tarball.read_bytes()) == package.integrity


def _inside(name: str) -> bool:
    """True for a relative path that stays in the folder it is written to (no `..`, no root)."""
    path = PurePosixPath(name)
    return bool(name) and "\\" not in name and not path.is_absolute() and ".." not in path.parts


def extract(tarball: Path, dest: Path, pick: Callable[[str], str | None]) -> None:
    """Write the members that `pick` maps to a relative path; fresh mtimes on purpose.

    npm tarballs date every file 1985, and a server comparing If-Modified-Since
    would answer 304 with a stale file after an upgrade at the same path.
    A tarball with a member named outside its folder (`../x`, `/etc/x`) is refused whole,
    before anything is written.
    """
    with tarfile.open(tarball) as archive:
        members = archive.getmembers()
        unsafe = [m.name for m in members if not _inside(m.name)]
        if unsafe:
            sys.exit(f"build: {tarball.name} names a file outside its folder ({unsafe[0]!r}); refused")
        for member in members:
            target = pick(member.name) if member.isfile() else None
            if target is None:
                continue
            if not _inside(target):
                sys.exit(f"build: {tarball.name}: {member.name!r} would be written outside {dest}; refused")
            out = dest / target
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(archive.extractfile(member).read())  # type: ignore[union-attr]


def axe_script() -> Path:
    """axe-core's browser bundle for the accessibility tests, checked on every use.

    The tarball is checked against its pin each time and the unpacked file against the
    tarball, so a file changed in the cache is replaced, never injected into a test page.
    """
    target = NPM_CACHE / f"axe-core-{AXE.version}.min.js"
    with tarfile.open(fetch_package(AXE)) as archive:
        bundle = archive.extractfile("package/axe.min.js").read()  # type: ignore[union-attr]
    if not target.is_file() or target.read_bytes() != bundle:
        staged = target.with_suffix(".partial")
        staged.write_bytes(bundle)
        staged.replace(target)
    return target


def pick_pyscript(name: str) -> str | None:
    """core's dist/ as published, less source maps (the chunk names change per version)."""
    prefix = "package/dist/"
    if name.startswith(prefix) and not name.endswith(".map"):
        return name.removeprefix(prefix)
    return None


def pick_pyodide(name: str) -> str | None:
    base = name.removeprefix("package/")
    return base if base in PYODIDE_FILES else None
