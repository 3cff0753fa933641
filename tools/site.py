"""The site, assembled into dist/: the page, the game's package, the pinned runtime, the worker.

`python3 build.py` calls `build`. Every path in the site is relative, so it works at a
domain's root or under any subpath. Standard library only.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import tomllib
import zipfile
from collections.abc import Sequence
from pathlib import Path

from tools.addresses import version_addresses
from tools.boot_script import write_boot_script
from tools.catalogues import compiled
from tools.deck import write_deck
from tools.paths import BOOT_RECORD, DIST, ROOT, VENDOR
from tools.runtime import PYODIDE, PYSCRIPT, extract, fetch_package, pick_pyodide, pick_pyscript
from tools.service_worker import write_service_worker
from tools.stdlib import imported_modules, trim_stdlib

PAGE_FILES = ("index.html", "pyscript.toml")
STDLIB_ZIP = VENDOR / "pyodide" / "python_stdlib.zip"
LOCK_FILE = VENDOR / "pyodide" / "pyodide-lock.json"
# Where page_html writes the plugin list of pyscript.toml.
MPY_CONFIG = "<mpy-config></mpy-config>"
# The link-preview tags whose relative address page_html can make absolute.
OPEN_GRAPH_URL = re.compile(r'(<meta property="og:(?:url|image)" content=")\./([^"]*")')
# The command line's modules: they never run in the page, so the site neither ships them
# nor keeps what only they import.
COMMAND_LINE = ("cli.py", "__main__.py")


def build(dist: Path = DIST, record: Path | None = BOOT_RECORD) -> str:
    """Assemble the whole site in `dist` and return the service worker's cache version.

    The site is built aside and swapped in only once complete: a build that fails (a
    tampered tarball, a missing file) leaves the previous `dist` as it was, never half made.
    Of the runtime, only what `record` (a recorded boot, see tools/record_boot.py) lists
    is shipped; `record=None` ships the runtime whole, for recording a new boot.
    """
    missing = [name for name in (*PAGE_FILES, "royal/__init__.py") if not (ROOT / name).is_file()]
    if missing:
        sys.exit(f"build: missing {', '.join(missing)}")
    staging = dist.with_name(f".{dist.name}.building")
    shutil.rmtree(staging, ignore_errors=True)
    try:
        version = assemble(staging, record)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    retired = dist.with_name(f".{dist.name}.old")
    shutil.rmtree(retired, ignore_errors=True)
    if dist.exists():
        dist.rename(retired)
    staging.rename(dist)
    shutil.rmtree(retired, ignore_errors=True)
    return version


def assemble(dist: Path, record: Path | None) -> str:
    """Write the whole site into the new folder `dist`; return the service worker's cache version."""
    runtime = [
        (fetch_package(PYSCRIPT), dist / VENDOR / "pyscript", pick_pyscript),
        (fetch_package(PYODIDE), dist / VENDOR / "pyodide", pick_pyodide),
    ]
    dist.mkdir(parents=True)
    shutil.copyfile(ROOT / "pyscript.toml", dist / "pyscript.toml")
    page = page_html(ROOT / "index.html", ROOT / "pyscript.toml", os.environ.get("ROYAL_SITE_URL", ""))
    (dist / "index.html").write_text(page, encoding="utf-8")
    shutil.copytree(ROOT / "static", dist / "static", copy_function=shutil.copyfile)
    write_boot_script(dist)
    write_deck(dist)
    write_package_zip(ROOT / "royal", dist / "royal.zip")
    for tarball, folder, pick in runtime:
        extract(tarball, folder, pick)
    if record is not None:
        ship_only_recorded(dist, json.loads(record.read_text(encoding="utf-8")))
    version_addresses(dist)
    return write_service_worker(dist)


def page_html(page: Path, config: Path, site_url: str = "") -> str:
    """index.html with the plugin list of pyscript.toml written into its `<mpy-config>`,
    and, given the address the site is published at, absolute link-preview addresses.

    PyScript's core evaluates plugins once per interpreter type it knows, `py` and `mpy`.
    The game's `<script type="py">` reads pyscript.toml, but the `mpy` type reads only an
    `<mpy-config>` element: without the same list there, core still loads the plugins
    pyscript.toml turns off (editor, terminal, game, ...) and fetches their files.
    The list is written once, in pyscript.toml, and copied here at build time.
    """
    html = page.read_text(encoding="utf-8")
    if html.count(MPY_CONFIG) != 1:
        sys.exit(f"build: {page.name} needs exactly one empty {MPY_CONFIG}")
    plugins = tomllib.loads(config.read_text(encoding="utf-8"))["plugins"]
    html = html.replace(MPY_CONFIG, f"<mpy-config>plugins = {json.dumps(plugins)}</mpy-config>")
    if site_url:
        # Open Graph wants absolute addresses; the page itself keeps every other path relative.
        base = site_url.rstrip("/") + "/"
        html = OPEN_GRAPH_URL.sub(lambda found: found[1] + base + found[2], html)
    return html


def ship_only_recorded(dist: Path, record: dict[str, list[str]]) -> None:
    """Drop vendor files the recorded boot never requested; trim the standard library (tools/stdlib.py)."""
    loaded = {f"{VENDOR.as_posix()}/{name}" for name in record["files"]}
    for path in sorted((dist / VENDOR).rglob("*")):
        if path.is_file() and path.relative_to(dist).as_posix() not in loaded:
            path.unlink()
    trim_stdlib(dist / STDLIB_ZIP, record, imported_modules(ROOT / "royal", COMMAND_LINE))
    # The lock file lists installable packages; the game installs none.
    lock = json.loads((dist / LOCK_FILE).read_text(encoding="utf-8"))
    (dist / LOCK_FILE).write_text(json.dumps({**lock, "packages": {}}), encoding="utf-8")


def write_package_zip(package: Path, out: Path, leave_out: Sequence[str] = COMMAND_LINE) -> None:
    """Zip the package's .py files, its languages' forms and compiled catalogues under its own
    name, byte-for-byte reproducibly, but for the files `leave_out` names (relative to the package).

    A fixed timestamp and order mean an unchanged package gives an unchanged zip,
    so an unchanged build keeps its service worker cache name.
    """
    files = {
        path.relative_to(package.parent).as_posix(): path.read_bytes()
        for path in [*package.rglob("*.py"), *package.glob("locale/*/forms.json")]
        if "__pycache__" not in path.parts and path.relative_to(package).as_posix() not in leave_out
    }
    # The catalogues, compiled here: the .po files are their source, no .mo is committed.
    files |= {f"{package.name}/locale/{name}": data for name, data in compiled(package / "locale").items()}
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(files):
            entry = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, files[name])
