#!/usr/bin/env python3
"""Build, serve and test Royal Marriage, a static PyScript site.

    python3 build.py                     assemble dist/ (the whole site)
    python3 build.py serve [--port N]    build, then serve dist/ on 127.0.0.1
    python3 build.py test [PYTEST ARGS]  set up (tools/testenv.py), check (tools/checks.py), build,
                                         run pytest: every test, in every browser
    python3 build.py check [PYTEST ARGS] the fast loop: static checks and light engine tests, no browser
    python3 build.py lock                write requirements-dev.lock from requirements-dev.txt

Standard library only: a fresh checkout needs Python 3.11+ and npm, nothing else.
The PyScript and Pyodide runtimes are pinned below and checked against their
published integrity hashes, so every build ships exactly the same bytes.
"""

from __future__ import annotations

import argparse
import ast
import base64
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import tomllib
import zipfile
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from urllib.parse import urlsplit

from tools import checks, testenv
from tools.siteserver import serve

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
NPM_CACHE = ROOT / ".cache" / "npm"
BYTECODE_CACHE = ROOT / ".cache" / "bytecode"
SW_TEMPLATE = ROOT / "sw.template.js"
BOOT_RECORD = ROOT / "boot-record.json"

PAGE_FILES = ("index.html", "pyscript.toml")
VENDOR = Path("static") / "vendor"
# Where page_html writes the plugin list of pyscript.toml.
MPY_CONFIG = "<mpy-config></mpy-config>"
# The link-preview tags whose relative address page_html can make absolute.
OPEN_GRAPH_URL = re.compile(r'(<meta property="og:(?:url|image)" content=")\./([^"]*")')
OG_IMAGE = re.compile(r'<meta property="og:image" content="([^"]*)"')


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
# What a main-thread Pyodide needs; without pyodide-lock.json the boot hangs silently.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)


# --- runtime packages -------------------------------------------------------


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


# --- site assembly ----------------------------------------------------------


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
    write_package_zip(ROOT / "royal", dist / "royal.zip")
    for tarball, folder, pick in runtime:
        extract(tarball, folder, pick)
    if record is not None:
        ship_only_recorded(dist, json.loads(record.read_text(encoding="utf-8")))
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


# --- what the runtime ships ---------------------------------------------------

STDLIB_ZIP = VENDOR / "pyodide" / "python_stdlib.zip"
LOCK_FILE = VENDOR / "pyodide" / "pyodide-lock.json"
_IMPORT = re.compile(
    r"^([ \t]*)(?:from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+\(?([\w., \t]*)|import[ \t]+([\w., \t]+))",
    re.MULTILINE,
)
# Statements at a module's top level whose indented imports still run at import time,
# except blocks that never run in the page: a script's own block, and code for Windows
# (Pyodide's platform is emscripten).
_TOP_LEVEL_BLOCK = re.compile(r"^(?:try|if|elif|else|except|finally|with)\b")
_NEVER_RUN_BLOCK = re.compile(
    r"""^if\s+(?:__name__\s*==\s*["']__main__["']|sys\.platform\s*==\s*["']win32["'])"""
)
# The command line's modules: they never run in the page, so the site neither ships them
# nor keeps what only they import.
COMMAND_LINE = ("cli.py", "__main__.py")


def ship_only_recorded(dist: Path, record: dict[str, list[str]]) -> None:
    """Drop vendor files the recorded boot never requested; trim the standard library.

    Python's standard library keeps the modules the recorded runs imported, everything
    the game's own code imports, and whatever those import when they load; the modules
    the recorded runs compiled from the zip are shipped as bytecode (compile_stdlib).
    Those they had from the interpreter's frozen copies (recorded, but not compiled) ship
    no source: nothing reads it, and a traceback names such a frame `<frozen os>`.
    """
    loaded = {f"{VENDOR.as_posix()}/{name}" for name in record["files"]}
    for path in sorted((dist / VENDOR).rglob("*")):
        if path.is_file() and path.relative_to(dist).as_posix() not in loaded:
            path.unlink()
    stdlib = dist / STDLIB_ZIP
    with zipfile.ZipFile(io.BytesIO(stdlib.read_bytes())) as full:
        files = set(full.namelist())
        compiled = {found for name in record["bytecode"] if (found := module_file(files, name))}
        frozen = {found for name in record["stdlib"] if (found := module_file(files, name))} - compiled
        keep = stdlib_closure(full, {*record["stdlib"], *imported_modules(ROOT / "royal")}) - frozen
        with zipfile.ZipFile(stdlib, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as trimmed:
            for info in full.infolist():
                if info.filename in keep:
                    info.compress_type = zipfile.ZIP_DEFLATED
                    trimmed.writestr(info, full.read(info))
    compile_stdlib(stdlib, compiled)
    # The lock file lists installable packages; the game installs none.
    lock = json.loads((dist / LOCK_FILE).read_text(encoding="utf-8"))
    (dist / LOCK_FILE).write_text(json.dumps({**lock, "packages": {}}), encoding="utf-8")


def compile_stdlib(stdlib: Path, files: Collection[str]) -> None:
    """Replace the listed .py files of the standard library zip by bytecode (tools/bytecode.py).

    The pinned Pyodide compiles them under Node, which comes with npm. The result is kept in
    .cache/bytecode under a hash of everything it is made from, so a rebuild reuses it.
    """
    listing = "\n".join(sorted(set(files))) + "\n"
    tools = [ROOT / "tools" / "bytecode.py", ROOT / "tools" / "bytecode.mjs"]
    key = hashlib.sha256(PYODIDE.integrity.encode() + listing.encode() + stdlib.read_bytes())
    for tool in tools:
        key.update(tool.read_bytes())
    cached = BYTECODE_CACHE / f"{key.hexdigest()[:32]}.zip"
    if not cached.is_file():
        node = shutil.which("node")
        if node is None:
            sys.exit("build: node is needed to compile the standard library (it comes with npm)")
        BYTECODE_CACHE.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=BYTECODE_CACHE) as folder:
            runtime = Path(folder) / "pyodide"
            extract(fetch_package(PYODIDE), runtime, pick_pyodide)
            names = Path(folder) / "files.txt"
            names.write_text(listing, encoding="utf-8")
            staged = Path(folder) / "stdlib.zip"
            done = subprocess.run(
                [node, str(tools[1]), str(runtime), str(stdlib), str(names), str(staged)],
                capture_output=True,
                text=True,
                check=False,
            )
            if done.returncode != 0 or not staged.is_file():
                said = next(filter(None, reversed(done.stderr.strip().splitlines())), "no output")
                sys.exit(f"build: compiling the standard library failed ({said})")
            staged.replace(cached)
    shutil.copyfile(cached, stdlib)


def imported_modules(package: Path, leave_out: Sequence[str] = COMMAND_LINE) -> set[str]:
    """Every module the package's code imports by absolute name (at any depth of the code),
    but for the files `leave_out` names (relative to the package)."""
    names: set[str] = set()
    for path in package.rglob("*.py"):
        if path.relative_to(package).as_posix() in leave_out:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                names.add(node.module)
                names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def module_file(files: set[str], module: str) -> str | None:
    """The file among `files` that holds `module` (``a/b.py`` or ``a/b/__init__.py``), if any."""
    base = module.replace(".", "/")
    return next((path for path in (f"{base}.py", f"{base}/__init__.py") if path in files), None)


def stdlib_closure(stdlib: zipfile.ZipFile, modules: set[str]) -> set[str]:
    """The files of `modules`, their packages, and what they import at load time, recursively.

    The standard library is newer Python than the one building, so its imports are read
    from the text: top-level ones, and those in top-level try/if blocks (fallbacks count).
    """
    files = set(stdlib.namelist())
    seen: set[str] = set()
    todo = list(modules)
    while todo:
        module = todo.pop()
        path = module_file(files, module)
        parts = module.split(".")
        todo.extend(".".join(parts[:i]) for i in range(1, len(parts)))
        if path is None or path in seen:
            continue
        seen.add(path)
        package = module if path.endswith("__init__.py") else module.rpartition(".")[0]
        todo.extend(_load_time_imports(stdlib.read(path).decode("utf-8"), package))
    return seen


def _load_time_imports(source: str, package: str) -> set[str]:
    names: set[str] = set()
    statement = ""
    for line in source.splitlines():
        if line[:1].strip() and not line.startswith("#"):
            statement = line
        found = _IMPORT.match(line)
        if not found:
            continue
        indent, dots, base, members, plain = found.groups()
        if indent and (not _TOP_LEVEL_BLOCK.match(statement) or _NEVER_RUN_BLOCK.match(statement)):
            continue  # inside a function or a class (runs only when called), or never runs
        if plain is not None:
            names.update(name.split(" as ")[0].strip() for name in plain.split(",") if name.strip())
            continue
        if dots:
            parts = package.split(".")
            base = ".".join(parts[: len(parts) - len(dots) + 1] + ([base] if base else []))
        names.add(base)
        names.update(f"{base}.{name.split(' as ')[0].strip()}" for name in members.split(",") if name.strip())
    return names


def write_package_zip(package: Path, out: Path, leave_out: Sequence[str] = COMMAND_LINE) -> None:
    """Zip the package's .py files under its own name, byte-for-byte reproducibly, but for
    the files `leave_out` names (relative to the package).

    A fixed timestamp and order mean an unchanged package gives an unchanged zip,
    so an unchanged build keeps its service worker cache name.
    """
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(package.rglob("*.py")):
            if "__pycache__" not in path.parts and path.relative_to(package).as_posix() not in leave_out:
                entry = zipfile.ZipInfo(path.relative_to(package.parent).as_posix(), (1980, 1, 1, 0, 0, 0))
                entry.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(entry, path.read_bytes())


def site_files(dist: Path) -> list[str]:
    """Every file of the built site but the service worker, as sorted URL paths."""
    return sorted(
        path.relative_to(dist).as_posix()
        for path in dist.rglob("*")
        if path.is_file() and path.relative_to(dist).as_posix() != "sw.js"
    )


def online_only(dist: Path) -> set[str]:
    """Files only others fetch, online: the install dialog's screenshots and the link-preview image.

    Read from the manifest's `screenshots` and the page's `og:image`; the page never loads them,
    so the service worker does not keep them.
    """
    manifest = dist / "static" / "manifest.webmanifest"
    shots = (
        json.loads(manifest.read_text(encoding="utf-8")).get("screenshots", []) if manifest.exists() else []
    )
    names = {
        (manifest.parent / shot["src"]).resolve().relative_to(dist.resolve()).as_posix() for shot in shots
    }
    files = site_files(dist)
    for image in OG_IMAGE.findall((dist / "index.html").read_text(encoding="utf-8")):
        # "./static/x.png", or absolute when the build knows the site's address
        names.update(name for name in files if urlsplit(image).path.endswith("/" + name))
    return names


def file_hashes(dist: Path, files: Sequence[str]) -> dict[str, str]:
    """Each file's SHA-256 (hex): the service worker keeps and checks every file by it."""
    return {name: hashlib.sha256((dist / name).read_bytes()).hexdigest() for name in files}


def content_version(dist: Path, files: Sequence[str]) -> str:
    """A short hash of every file's name and bytes: it changes whenever the site does."""
    return hashlib.sha256(json.dumps(file_hashes(dist, files), sort_keys=True).encode()).hexdigest()[:16]


def write_service_worker(dist: Path) -> str:
    """Write dist/sw.js with every file's hash; return its version.

    Call it again after changing files in `dist` to get a worker the browser
    treats as an update.
    """
    skipped = online_only(dist)
    files = [name for name in site_files(dist) if name not in skipped]
    version = content_version(dist, files)
    header = (
        "// Generated by build.py from sw.template.js: do not edit.\n"
        f"const VERSION = {json.dumps(version)};\n"
        f"const FILES = {json.dumps(file_hashes(dist, files), indent=1)};\n\n"
    )
    (dist / "sw.js").write_text(header + SW_TEMPLATE.read_text(encoding="utf-8"), encoding="utf-8")
    return version


# --- tests ------------------------------------------------------------------


def run_tests(pytest_args: Sequence[str]) -> int:
    """Set everything up, run the checks, build, run pytest; 0 only if all of it passed."""
    setup = testenv.prepare()
    failed = checks.run_all(setup.python, (*checks.STATIC, *checks.PACKAGE))
    return _pytest(setup.python, setup.variables, pytest_args, failed)


def run_checks(pytest_args: Sequence[str]) -> int:
    """The fast loop: static checks and the engine tests, no browser."""
    python = testenv.ensure_venv()
    failed = checks.run_all(python, checks.STATIC)
    quick = {"ROYAL_QUICK": "1"}  # a tenth of the property tests' examples (tests/budget.py)
    return _pytest(python, quick, ["-m", "not browser and not slow", *pytest_args], failed)


def _pytest(python: Path, variables: dict[str, str], args: Sequence[str], failed: list[str]) -> int:
    """Build, run pytest, then name the checks that failed before it ("no tests" fails too).

    The accessibility checker is fetched here too, with the site: tests rely on its tarball
    being in the cache, whichever of them run.
    """
    build()
    axe_script()
    env = {**os.environ, **variables}
    status = subprocess.run([str(python), "-m", "pytest", *args], cwd=ROOT, env=env, check=False).returncode
    if status == 5:
        print("build: pytest collected no tests; that counts as a failure", file=sys.stderr)
        status = 1
    if failed:
        print(f"build: checks failed: {', '.join(failed)}", file=sys.stderr)
        status = status or 1
    return status


# --- command line -----------------------------------------------------------


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    commands = parser.add_subparsers(dest="command")
    serve_parser = commands.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve_parser.add_argument("--port", type=int, default=8000)
    commands.add_parser("test", help="set up and run every test and check; extra arguments go to pytest")
    commands.add_parser(
        "check", help="static checks and engine tests only, no browser; arguments go to pytest"
    )
    commands.add_parser("lock", help="write requirements-dev.lock from requirements-dev.txt")
    args, rest = parser.parse_known_args(argv)
    if args.command == "test":
        return run_tests(rest)
    if args.command == "check":
        return run_checks(rest)
    if rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    if args.command == "lock":
        testenv.write_lock()
        return 0
    version = build()
    print(f"Built {DIST.relative_to(ROOT)}/ (cache version {version})")
    if args.command == "serve":
        serve(DIST, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
