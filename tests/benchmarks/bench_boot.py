"""Benchmark of the game in the browser: boot times, move latency and memory.

    python3 build.py && .venv/bin/python tests/benchmarks/bench_boot.py [--runs 5]

Serves dist/ on 127.0.0.1 under /royal-marriage/ and drives Debian's Chromium (or
ROYAL_CHROMIUM). Prints, as median and range over the runs: a cold boot in a fresh
context, a reload served by the service worker, an offline reload, the time Python takes
to handle one move (two clicks, measured inside the page), and the JS heap after boot.
Timings on shared two-core machines are noisy: compare figures from one run.
The file name does not start with ``test_``, so pytest does not collect it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

from playwright.sync_api import Page, sync_playwright  # noqa: E402

from build import DIST  # noqa: E402
from conftest import CHROMIUM_FLAGS  # noqa: E402
from royal.deals import numbered_deal  # noqa: E402
from royal.line import Line  # noqa: E402
from tools.siteserver import SiteServer  # noqa: E402

DEAL = 7
READY = "body[data-ready]"
TIMEOUT_MS = 90_000

MOVE_JS = """([left, right]) => {
  const start = performance.now();
  document.querySelector(`[data-card="${left}"]`).click();
  document.querySelector(`[data-card="${right}"]`).click();
  return performance.now() - start;
}"""


def boot(page: Page, action) -> float:  # type: ignore[no-untyped-def]
    """Seconds from ``action()`` (a navigation) until the game is playable."""
    start = time.perf_counter()
    action()
    page.wait_for_selector(READY, state="attached", timeout=TIMEOUT_MS)
    return time.perf_counter() - start


def report(name: str, values: list[float], unit: str) -> None:
    print(
        f"{name:<34} median {statistics.median(values):8.1f} {unit}   "
        f"range {min(values):.1f} to {max(values):.1f} {unit}   (n={len(values)})"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if not (DIST / "index.html").exists():
        print("dist/ is not built: run python3 build.py first", file=sys.stderr)
        return 2
    chromium = os.environ.get("ROYAL_CHROMIUM", "/usr/bin/chromium")
    server = SiteServer(DIST, "/royal-marriage/", quiet=True).start()
    url = server.url + f"?deal={DEAL}"
    moves = Line(numbered_deal(DEAL)).legal_moves()
    cold, reload, offline, move_ms, heap_mb = [], [], [], [], []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS)
        for _ in range(args.runs):
            context = browser.new_context()
            page = context.new_page()
            cold.append(boot(page, lambda page=page: page.goto(url)))
            heap_mb.append(page.evaluate("performance.memory.usedJSHeapSize") / 2**20)
            move = moves[0]
            move_ms.append(page.evaluate(MOVE_JS, [move.left, move.right]))
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
            reload.append(boot(page, page.reload))
            context.set_offline(True)
            offline.append(boot(page, page.reload))
            context.close()
        browser.close()
    server.stop()
    report("cold boot, fresh context", cold, "s")
    report("reload via the service worker", reload, "s")
    report("offline reload", offline, "s")
    report("one move (two clicks, in page)", move_ms, "ms")
    report("JS heap after boot", heap_mb, "MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
