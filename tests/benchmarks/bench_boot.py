"""Benchmark of the game in the browser: bytes, boot times, move latency and the solver in the page.

    python3 build.py && .venv/bin/python tests/benchmarks/bench_boot.py [--runs 3] [--dist DIR]

Serves a built site (dist/ unless --dist) on 127.0.0.1 under /royal-marriage/, counting the
bytes the server sends, and drives Debian's Chromium (or ROYAL_CHROMIUM). It prints:

- first-visit bytes, runtime (static/vendor/) and game (the rest), from a first visit in
  a fresh profile until the service worker is active (so its downloads count too);
- precache bytes: the files the service worker keeps;
- update bytes: what the next visit downloads after one Python module of royal.zip changed;
- time to first board (the first card drawn in #line) and time to ready (body[data-ready]),
  cold (fresh context), warm (reload through the service worker) and offline, with a bare
  page for comparison (cold; it draws nothing) starting the same PyScript and Pyodide twice:
  as the site ships them (trimmed, the standard library as bytecode) and as published
  (a site built with the whole runtime, as tools/record_boot.py builds it);
- move latency, median and 95th percentile, over every move of a shortest win of a deal (from
  the first click to the next turn of the Web Lock after the clicks' actions);
- the solver's time in the page on a full line: a first hint on fresh deals (the same way).

Times are the median over the runs (timings on shared two-core machines are noisy:
compare figures from one run). The last line is one JSON object of the same figures.
The file name does not start with ``test_``, so pytest does not collect it.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import threading
import zipfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright  # noqa: E402

from royal.deals import numbered_deal  # noqa: E402
from royal.solver import solve  # noqa: E402
from tools.chromium import CHROMIUM_FLAGS, chromium_binary  # noqa: E402
from tools.paths import DIST  # noqa: E402
from tools.service_worker import write_service_worker  # noqa: E402
from tools.site import build  # noqa: E402
from tools.siteserver import SUBPATH, SiteHandler, SiteServer  # noqa: E402

DEAL = 7
SOLVER_DEALS = (11, 12, 13, 14, 15)
READY = "body[data-ready]"
TIMEOUT_MS = 120_000
VENDOR = "static/vendor/"
CHANGED_MODULE = "royal/game.py"

# Installed before any page script: the time the first card appears in #line.
FIRST_BOARD_JS = """(() => {
  const seen = () => {
    const line = document.getElementById('line');
    if (line && line.querySelector('.card') && !window.__firstBoard) window.__firstBoard = performance.now();
  };
  new MutationObserver(seen).observe(document, { childList: true, subtree: true });
})();"""
TIMES_JS = """() => ({ board: window.__firstBoard ?? null,
  ready: window.__ready ?? null })"""
READY_MARK_JS = """(() => {
  new MutationObserver((_, observer) => {
    if (document.body && document.body.hasAttribute('data-ready')) {
      window.__ready = performance.now(); observer.disconnect();
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] });
})();"""
# A click's action runs in turn under the page's Web Lock (docs/automation.md): one more turn
# of it comes after the action, whose time is taken until then.
NEXT_TURN = 'await navigator.locks.request("royal-marriage", () => {});'
MOVE_JS = f"""async ([left, right]) => {{
  const start = performance.now();
  document.querySelector(`#line [data-card="${{left}}"]`).click();
  document.querySelector(`#line [data-card="${{right}}"]`).click();
  {NEXT_TURN}
  return performance.now() - start;
}}"""
HINT_JS = f"""async () => {{
  const start = performance.now();
  document.getElementById('hint').click();
  {NEXT_TURN}
  return performance.now() - start;
}}"""
SW_ACTIVE_JS = """() => navigator.serviceWorker.ready.then(r => new Promise(done => {
  const worker = r.active;
  if (worker.state === 'activated') done(true);
  else worker.addEventListener('statechange', () => worker.state === 'activated' && done(true));
}))"""
WAITING_JS = """() => navigator.serviceWorker.getRegistration().then(r => r.update().then(() =>
  new Promise(done => {
    const check = () => (r.waiting ? done(true) : setTimeout(check, 100));
    check();
  })))"""
BARE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare</title>
<script type="module" src="./static/vendor/pyscript/core.js"></script></head>
<body>{mpy}<script type="py" config="./pyscript.toml">
from pyscript import document
document.body.setAttribute("data-ready", "")
</script></body></html>
"""


class CountingServer(SiteServer):
    """The site server, adding up the bytes of every file it sends, by path."""

    def __init__(self, root: Path) -> None:
        super().__init__(root, SUBPATH, quiet=True)
        self.RequestHandlerClass = CountingHandler
        self.lock = threading.Lock()
        self.sent: dict[str, int] = {}

    def take(self) -> dict[str, int]:
        """Bytes sent per path since the last call."""
        with self.lock:
            sent, self.sent = self.sent, {}
        return sent


class CountingHandler(SiteHandler):
    server: CountingServer

    def send_head(self):  # type: ignore[no-untyped-def]
        body = super().send_head()
        if body is not None:
            path = self.path.split("?")[0].removeprefix(SUBPATH) or "index.html"
            with self.server.lock:
                self.server.sent[path] = self.server.sent.get(path, 0) + os.fstat(body.fileno()).st_size
        return body


def split(sent: dict[str, int]) -> tuple[int, int]:
    """(runtime bytes, game bytes)."""
    runtime = sum(n for path, n in sent.items() if path.startswith(VENDOR))
    return runtime, sum(sent.values()) - runtime


def precached_files(dist: Path) -> list[str]:
    """The files the service worker keeps, read from sw.js (a FILES map, or an older PRECACHE list)."""
    text = (dist / "sw.js").read_text(encoding="utf-8")
    found = re.search(r"const (FILES|PRECACHE) = (.*?);\n", text, re.S)
    assert found, "sw.js lists no files"
    listed = json.loads(found[2])
    names = listed if isinstance(listed, list) else list(listed)
    return sorted({"index.html" if n == "./" else n.removeprefix("./") for n in names})


def one_module_changed(dist: Path, folder: Path) -> Path:
    """A copy of the site whose royal.zip has one module changed, with its worker rewritten."""
    changed = folder / "changed"
    shutil.copytree(dist, changed)
    source = zipfile.ZipFile(dist / "royal.zip")
    with zipfile.ZipFile(changed / "royal.zip", "w", zipfile.ZIP_DEFLATED) as out:
        for info in source.infolist():
            data = source.read(info)
            out.writestr(info, data + b"\n# changed\n" if info.filename == CHANGED_MODULE else data)
    worker = changed / "sw.js"
    text = worker.read_text(encoding="utf-8")
    if "const PRECACHE" in text:  # a build from before per-file hashes: only its version changes
        worker.write_text(
            re.sub(r'const VERSION = "(\w+)"', r'const VERSION = "\1-changed"', text), encoding="utf-8"
        )
    else:
        write_service_worker(changed)
    return changed


def wait_ready(page: Page) -> None:
    page.wait_for_selector(READY, state="attached", timeout=TIMEOUT_MS)


def navigate(page: Page, action: Callable[[], object]) -> tuple[float, float]:
    """(ms to first board, ms to ready) from navigation start, for the navigation ``action`` starts."""
    action()
    wait_ready(page)
    times = page.evaluate(TIMES_JS)
    return times["board"] or times["ready"], times["ready"]


def fresh_context(browser: Browser, **options: object) -> BrowserContext:
    context = browser.new_context(**options)  # type: ignore[arg-type]
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(FIRST_BOARD_JS)
    context.add_init_script(READY_MARK_JS)
    return context


def first_visit_and_update(playwright, chromium: str, server: CountingServer, dist: Path) -> dict[str, int]:  # type: ignore[no-untyped-def]
    """Bytes of a first visit in a fresh on-disk profile (it has an HTTP cache), then of an update."""
    with tempfile.TemporaryDirectory() as folder:
        context = playwright.chromium.launch_persistent_context(
            Path(folder) / "profile", executable_path=chromium, args=CHROMIUM_FLAGS
        )
        context.set_default_timeout(TIMEOUT_MS)
        page = context.new_page()
        server.take()
        page.goto(server.url + f"?deal={DEAL}")
        wait_ready(page)
        page.evaluate(SW_ACTIVE_JS)
        page.wait_for_timeout(500)
        runtime, game = split(server.take())
        server.root = one_module_changed(dist, Path(folder))
        page.reload()
        wait_ready(page)
        page.evaluate(WAITING_JS)
        update = sum(server.take().values())
        server.root = dist
        context.close()
    return {"first_visit_runtime": runtime, "first_visit_game": game, "update": update}


def boots(
    browser: Browser, server: CountingServer, published: CountingServer, runs: int
) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {
        name: []
        for name in ("cold_board", "cold_ready", "warm_board", "warm_ready", "offline_board", "offline_ready")
    }
    times["bare_ready"] = []
    times["bare_published_ready"] = []
    for _ in range(runs):
        for name, bare_server in (("bare_ready", server), ("bare_published_ready", published)):
            context = fresh_context(browser, service_workers="block")
            page = context.new_page()
            times[name].append(navigate(page, lambda p=page, s=bare_server: p.goto(s.url + "bare.html"))[1])
            context.close()

        context = fresh_context(browser)
        page = context.new_page()
        board, ready = navigate(page, lambda p=page: p.goto(server.url + f"?deal={DEAL}"))
        times["cold_board"].append(board)
        times["cold_ready"].append(ready)
        page.evaluate(SW_ACTIVE_JS)
        page.locator("#hint").click()  # a game that changed since the deal, saved beside its snapshot
        board, ready = navigate(page, page.reload)
        times["warm_board"].append(board)
        times["warm_ready"].append(ready)
        context.set_offline(True)
        board, ready = navigate(page, page.reload)
        times["offline_board"].append(board)
        times["offline_ready"].append(ready)
        context.close()
    return times


def moves_and_solver(browser: Browser, server: CountingServer) -> dict[str, list[float]]:
    context = fresh_context(browser, service_workers="block")
    page = context.new_page()
    page.goto(server.url + f"?deal={DEAL}")
    wait_ready(page)
    move_ms = []
    for move in solve(numbered_deal(DEAL)).moves:
        move_ms.append(page.evaluate(MOVE_JS, [move.left, move.right]))
        page.wait_for_timeout(60)
    solver_ms = []
    for number in SOLVER_DEALS:
        page.goto(server.url + f"?deal={number}")
        wait_ready(page)
        for confirm in page.locator("dialog[open] [data-confirm], dialog[open] #link-open").all():
            confirm.click()
        solver_ms.append(page.evaluate(HINT_JS))
    context.close()
    return {"move": move_ms, "solver": solver_ms}


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def site_arguments(parser: argparse.ArgumentParser, runs: int) -> argparse.Namespace:
    """The benchmarks' arguments: ``parser``'s own, with --runs (``runs`` by default) and --dist;
    exits when that site is not built."""
    parser.add_argument("--runs", type=int, default=runs)
    parser.add_argument("--dist", type=Path, default=DIST, help="a built site (default: dist/)")
    args = parser.parse_args()
    if not (args.dist / "index.html").exists():
        sys.exit(f"{args.dist} is not built: run python3 build.py first")
    return args


def main() -> int:
    args = site_arguments(argparse.ArgumentParser(description=__doc__.splitlines()[0]), runs=3)
    chromium = chromium_binary()
    with tempfile.TemporaryDirectory() as folder:
        dist = Path(folder) / "site"
        shutil.copytree(args.dist, dist)
        whole = Path(folder) / "published"
        build(whole, record=None)
        for site in (dist, whole):
            mpy = re.search(
                r"<mpy-config>.*?</mpy-config>", (site / "index.html").read_text(encoding="utf-8"), re.S
            )
            (site / "bare.html").write_text(BARE_PAGE.format(mpy=mpy[0] if mpy else ""), encoding="utf-8")
        precache = sum((dist / name).stat().st_size for name in precached_files(dist))
        server = CountingServer(dist).start()
        published = CountingServer(whole).start()
        with sync_playwright() as playwright:
            sizes = first_visit_and_update(playwright, chromium, server, dist)
            browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS)
            times = boots(browser, server, published, args.runs)
            page_ms = moves_and_solver(browser, server)
            browser.close()
        server.stop()
        published.stop()

    figures: dict[str, float] = {
        **{f"{name}_bytes": value for name, value in sizes.items()},
        "precache_bytes": precache,
        **{f"{name}_ms": round(statistics.median(values)) for name, values in times.items()},
        "move_median_ms": round(statistics.median(page_ms["move"]), 1),
        "move_p95_ms": round(percentile(page_ms["move"], 0.95), 1),
        "solver_full_line_median_ms": round(statistics.median(page_ms["solver"]), 1),
    }
    mb = 1e6
    runtime, game = sizes["first_visit_runtime"] / mb, sizes["first_visit_game"] / mb
    print(f"first visit      runtime {runtime:6.2f} MB   game {game:6.2f} MB")
    print(f"precache         {precache / mb:6.2f} MB")
    print(f"update           {sizes['update'] / 1e3:8.1f} KB after a change to {CHANGED_MODULE}")
    for kind in ("cold", "warm", "offline"):
        print(
            f"{kind:<8} boot     first board {figures[f'{kind}_board_ms']:6.0f} ms   "
            f"ready {figures[f'{kind}_ready_ms']:6.0f} ms   (median of {args.runs})"
        )
    for name, runtime_kind in (("bare", "shipped"), ("bare_published", "published")):
        print(
            f"bare page        ready {figures[f'{name}_ready_ms']:6.0f} ms "
            f"(cold, no game, the runtime as {runtime_kind})"
        )
    print(
        f"move             median {figures['move_median_ms']:.1f} ms   p95 {figures['move_p95_ms']:.1f} ms"
        f"   over {len(page_ms['move'])} moves"
    )
    print(
        f"solver in page   median {figures['solver_full_line_median_ms']:.1f} ms on a full line (first hint)"
    )
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
