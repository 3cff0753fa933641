"""Every address the page loads carries the hash of what it holds, so a page never mixes builds.

GitHub Pages lets a browser keep each file for ten minutes (`max-age=600`). A page that the
service worker does not control yet (a first visit, or one after site data was cleared) once
took, on a reload soon after a new build was published, a fresh index.html with the build
before's royal.zip from the browser's cache, and failed (issue 26). Now a new build's page
asks for none of the old build's addresses:

- The runtime's folders and the game's package and configuration carry the hash in their
  names (`static/vendor/pyodide-<hash>/`, `static/vendor/pyscript-<hash>/`,
  `royal-<hash>.zip`, `pyscript-<hash>.toml`): Pyodide asks for its files by name in the
  folder its loader came from (no query), PyScript unpacks an archive only from an address
  ending in `.zip` and reads its configuration only from one ending in `.toml`. A folder's
  hash is that of all its files: the standard library's zip is trimmed and compiled by each
  build, so the runtime's version alone would not name it.
- The page's own files keep their names and are asked for as `name?v=<hash>`: index.html's
  style sheets, scripts, manifest, icons and card sprite (`data-sprite`), and the manifest's
  icons. The host ignores the query; the browser's cache keys on it.

Run on the assembled site, before the service worker is written (it downloads each file at
the address the page uses, so a first visit still fetches each file once). Standard library only.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

from tools.paths import VENDOR

#: Hex digits of the SHA-256 an address carries: enough that two builds never share one.
HASH_DIGITS = 12
#: The folders whose files are asked for by name from inside them: the folder is renamed.
FOLDERS = (VENDOR / "pyodide", VENDOR / "pyscript")
PACKAGE = Path("royal.zip")
CONFIG = Path("pyscript.toml")
MANIFEST = VENDOR.parent / "manifest.webmanifest"
#: The game's interpreter module, which imports Pyodide's loader from its folder by name.
INTERPRETER = VENDOR.parent / "interpreter.mjs"
PAGE = Path("index.html")
#: A versioned name: a folder's or a file's, with the hash after a dash.
VERSIONED_NAME = re.compile(rf"-[0-9a-f]{{{HASH_DIGITS}}}(?=/|\.[a-z]+$)")
#: An address of the page's own files in index.html, relative to the page.
PAGE_FILE = re.compile(
    r'((?:href|src|data-sprite|data-worker|data-interpreter)=")\./(static/(?!vendor/)[^"?#]+)(")'
)
#: An address with its version query, anywhere in index.html or the manifest.
QUERIED = re.compile(rf'"(?:\./)?([^"?#]+)(\?v=[0-9a-f]{{{HASH_DIGITS}}})"')


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:HASH_DIGITS]


def folder_hash(folder: Path) -> str:
    """The hash of every file's name and bytes in ``folder``."""
    files = {p.relative_to(folder).as_posix(): file_hash(p) for p in sorted(folder.rglob("*")) if p.is_file()}
    return hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:HASH_DIGITS]


def with_hash(path: Path, digest: str) -> Path:
    """``path`` named with ``digest``: ``royal.zip`` as ``royal-<digest>.zip``, a folder as ``x-<digest>``."""
    return path.with_name(f"{path.stem}-{digest}{path.suffix}")


def unversioned(name: str) -> str:
    """A site path without the hashes of its names: what the record of a boot lists."""
    return VERSIONED_NAME.sub("", name)


def replace_once(text: str, old: str, new: str, where: Path) -> str:
    if text.count(old) != 1:
        sys.exit(f"build: {where.name} must name {old!r} exactly once")
    return text.replace(old, new)


def version_addresses(dist: Path) -> None:
    """Rename and address every file the page loads by its content's hash (see the module)."""
    config = (dist / CONFIG).read_text(encoding="utf-8")
    page = (dist / PAGE).read_text(encoding="utf-8")
    for folder in FOLDERS:
        versioned = with_hash(folder, folder_hash(dist / folder))
        (dist / folder).rename(dist / versioned)
        old, new = f"./{folder.as_posix()}/", f"./{versioned.as_posix()}/"
        if folder.name == "pyodide":
            config = replace_once(config, old, new, CONFIG)
            interpreter = (dist / INTERPRETER).read_text(encoding="utf-8")
            inside = f"./{folder.relative_to(INTERPRETER.parent).as_posix()}/"
            if inside not in interpreter:
                sys.exit(f"build: {INTERPRETER.name} must name {inside!r}")
            renamed = f"./{versioned.relative_to(INTERPRETER.parent).as_posix()}/"
            (dist / INTERPRETER).write_text(interpreter.replace(inside, renamed), encoding="utf-8")
        else:
            page = page.replace(old, new)
    package = with_hash(PACKAGE, file_hash(dist / PACKAGE))
    (dist / PACKAGE).rename(dist / package)
    config = replace_once(config, f'"./{PACKAGE}"', f'"./{package}"', CONFIG)
    (dist / CONFIG).unlink()
    config_path = with_hash(CONFIG, hashlib.sha256(config.encode()).hexdigest()[:HASH_DIGITS])
    (dist / config_path).write_text(config, encoding="utf-8")
    page = replace_once(page, f'<py-config src="./{CONFIG}">', f'<py-config src="./{config_path}">', PAGE)
    manifest = json.loads((dist / MANIFEST).read_text(encoding="utf-8"))
    for icon in manifest["icons"]:
        icon["src"] += f"?v={file_hash(dist / MANIFEST.parent / icon['src'])}"
    (dist / MANIFEST).write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    page = PAGE_FILE.sub(
        lambda found: f"{found[1]}./{found[2]}?v={file_hash(dist / found[2])}{found[3]}", page
    )
    (dist / PAGE).write_text(page, encoding="utf-8")


def queried(dist: Path) -> dict[str, str]:
    """Each site path the page or the manifest asks for with its version query, and that address."""
    paths = dict(QUERIED.findall((dist / PAGE).read_text(encoding="utf-8")))
    if (dist / MANIFEST).exists():
        for name, query in QUERIED.findall((dist / MANIFEST).read_text(encoding="utf-8")):
            paths[(MANIFEST.parent / name).as_posix()] = query
    return {path: path + query for path, query in sorted(paths.items())}


def built(dist: Path, plain: Path) -> Path:
    """Where the build put ``plain`` (``royal.zip``, ``static/vendor/pyodide``, ...) under its hash."""
    found = list(dist.glob(with_hash(plain, "*").as_posix()))
    if len(found) != 1:
        sys.exit(f"build: {dist.name} holds {len(found)} versions of {plain}")
    return found[0]
