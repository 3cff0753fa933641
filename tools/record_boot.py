"""Record what the game loads, to decide what the site ships: writes boot-record.json.

    .venv/bin/python tools/record_boot.py

Builds the site with the whole runtime into a temporary folder, serves it, and drives
Chromium through a boot, a whole game and every control (tools/exercise.py),
then raises a Python error in the page, as a player's game would meet one. It records
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
# A second Python script sharing the game's interpreter: reports the imported modules,
# and fails the way a bug in the game would (an exception raised into JavaScript).
TRACER = """<script type="py">
import sys
from pyodide.ffi import create_proxy
from pyscript import window

def _modules():
    found = list(sys.modules.items())
    return "\\n".join(
        f"{name} {type(getattr(module, '__loader__', None)).__name__} {getattr(module, '__file__', '')}"
        for name, module in found
    )

def _fail():
    raise ValueError("a recorded failure")

window.recordedModules = create_proxy(_modules)
window.recordedFailure = create_proxy(_fail)
</script>
"""
FAIL_JS = "() => { try { recordedFailure(); } catch (error) { return String(error); } }"


def record(chromium: str) -> dict[str, list[str]]:
    with tempfile.TemporaryDirectory() as folder:
        dist = Path(folder) / "dist"
        build(dist, record=None)
        page_file = dist / "index.html"
        page_file.write_text(
            page_file.read_text(encoding="utf-8").replace(
                '<script type="py"', TRACER + '<script type="py"', 1
            ),
            encoding="utf-8",
        )
        server = SiteServer(dist, SUBPATH, quiet=True).start()
        requested: set[str] = set()
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS)
            context = browser.new_context(service_workers="block")
            context.set_default_timeout(90_000)
            context.on("request", lambda request: requested.add(request.url.split("?")[0]))
            page = context.new_page()
            exercise(page, server.url)
            assert "a recorded failure" in page.evaluate(FAIL_JS), "the failure did not reach JavaScript"
            modules = page.evaluate("recordedModules()")
            browser.close()
        server.stop()
    vendor = server.url + VENDOR.as_posix() + "/"
    loaded = [line.split(" ", 2) for line in modules.splitlines()]
    stdlib = [(name, loader) for name, loader, file in loaded if STDLIB_MOUNT in file]
    return {
        "files": sorted(unversioned(url.removeprefix(vendor)) for url in requested if url.startswith(vendor)),
        "stdlib": sorted(name for name, _ in stdlib),
        # Compiled from the zip when imported (not frozen into the interpreter): the build
        # ships these as bytecode.
        "bytecode": sorted(name for name, loader in stdlib if loader == "zipimporter"),
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
