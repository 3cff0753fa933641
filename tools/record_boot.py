"""Record what the game loads, to decide what the site ships: writes boot-record.json.

    .venv/bin/python tools/record_boot.py

Builds the site with the whole runtime into a temporary folder, serves it, and drives
Chromium through a boot, a whole game and every control (tools/exercise.py), twice: with the
game's Python in PyScript's worker, and on the page's thread as where no worker starts; then
raises a Python error in each, as a player's game would meet one. It records
the runtime files the page requested, the standard-library modules Python imported, and
which of those it compiled from the zip. `python3 build.py` then ships only those files,
and a standard library of those modules plus what the game's code and they import when
loading, the compiled ones as bytecode. Run it again after upgrading PyScript or Pyodide,
or when a browser test says a file is missing from the cache or shipped unrequested.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tools.addresses import unversioned  # noqa: E402
from tools.chromium import CHROMIUM_FLAGS, chromium_binary  # noqa: E402
from tools.exercise import exercise  # noqa: E402
from tools.paths import BOOT_RECORD, VENDOR  # noqa: E402
from tools.site import build  # noqa: E402
from tools.siteserver import SUBPATH, SiteServer  # noqa: E402

STDLIB_MOUNT = "/lib/python314.zip/"
# Python code sharing the game's interpreter: reports the imported modules, and fails the way a
# bug in the game would (an exception raised into JavaScript). On the page's thread a script of
# its own; in the worker, the worker's start file with the two exported beside the game's.
TRACER = """
import sys

def _modules():
    found = list(sys.modules.items())
    return "\\n".join(
        f"{name} {type(getattr(module, '__loader__', None)).__name__} {getattr(module, '__file__', '')}"
        for name, module in found
    )

def _fail():
    raise ValueError("a recorded failure")
"""
PAGE_TRACER = f"""<script type="py">{TRACER}
from pyodide.ffi import create_proxy
from pyscript import window
window.recordedModules = create_proxy(_modules)
window.recordedFailure = create_proxy(_fail)
</script>
"""
WORKER_TRACER = f"""{TRACER}
from polyscript import xworker
xworker.sync.recorded_modules = _modules
xworker.sync.recorded_failure = _fail
"""
# The page's thread: no worker can start (static/python.js then starts Python on the page).
NO_WORKER_JS = "window.Worker = class { constructor() { throw new Error('recording the page thread'); } };"
# static/python.js: the worker, once the game listens, where the recording can call it.
LISTENING = 'root.dataset.python = "worker";'
PAGE_CALLS = (
    "recordedModules()",
    "(() => { try { recordedFailure(); } catch (error) { return String(error); } })()",
)
WORKER_CALLS = (
    "recordedWorker.sync.recorded_modules()",
    "recordedWorker.sync.recorded_failure().then(() => '', String)",
)


def patch(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{path.name} no longer holds {old!r}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def record_one(chromium: str, dist: Path, on_page: bool) -> tuple[set[str], str]:
    """The URLs requested and the modules imported by one boot and exercise, with Python on the
    page's thread or in the worker."""
    server = SiteServer(dist, SUBPATH, quiet=True).start()
    requested: set[str] = set()
    modules_js, fail_js = PAGE_CALLS if on_page else WORKER_CALLS
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS)
        context = browser.new_context(service_workers="block")
        context.set_default_timeout(90_000)
        context.on("request", lambda request: requested.add(request.url.split("?")[0]))
        if on_page:
            context.add_init_script(NO_WORKER_JS)
        page = context.new_page()
        exercise(page, server.url)
        assert page.evaluate("document.documentElement.dataset.python") == ("page" if on_page else "worker")
        assert "a recorded failure" in page.evaluate(f"async () => {fail_js}"), (
            "the failure did not reach JavaScript"
        )
        modules = page.evaluate(f"async () => {modules_js}")
        browser.close()
    server.stop()
    return {url.removeprefix(server.url) for url in requested}, modules


def record(chromium: str) -> dict[str, list[str]]:
    with tempfile.TemporaryDirectory() as folder:
        dist = Path(folder) / "dist"
        build(dist, record=None)
        patch(dist / "index.html", "</body>", PAGE_TRACER + "</body>")
        with (dist / "static" / "worker.py").open("a", encoding="utf-8") as worker:
            worker.write(WORKER_TRACER)
        patch(dist / "static" / "python.js", LISTENING, LISTENING + " globalThis.recordedWorker = worker;")
        boots = [record_one(chromium, dist, on_page) for on_page in (True, False)]
    vendor = VENDOR.as_posix() + "/"
    requested = set().union(*(urls for urls, _ in boots))
    loaded = {tuple(line.split(" ", 2)) for _, modules in boots for line in modules.splitlines()}
    stdlib = {(name, loader) for name, loader, file in loaded if STDLIB_MOUNT in file}
    return {
        "files": sorted(unversioned(url.removeprefix(vendor)) for url in requested if url.startswith(vendor)),
        "stdlib": sorted({name for name, _ in stdlib}),
        # Compiled from the zip when imported (not frozen into the interpreter): the build
        # ships these as bytecode.
        "bytecode": sorted({name for name, loader in stdlib if loader == "zipimporter"}),
    }


def main(argv: list[str] | None = None) -> int:
    """Record a boot into boot-record.json (the module's text is its ``--help``)."""
    argparse.ArgumentParser(
        prog="record_boot.py", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    ).parse_args(argv)
    chromium = chromium_binary()
    if not Path(chromium).is_file():
        sys.exit(f"record_boot: no Chromium at {chromium}; set ROYAL_CHROMIUM to a Chromium binary")
    result = record(chromium)
    BOOT_RECORD.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(
        f"{BOOT_RECORD.name}: {len(result['files'])} runtime files, {len(result['stdlib'])} stdlib modules, "
        f"{len(result['bytecode'])} compiled"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
