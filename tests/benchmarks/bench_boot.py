"""Benchmark of the game in the browser: bytes, boot times, move latency and the solver in the page.

    python3 build.py && .venv/bin/python tests/benchmarks/bench_boot.py [--runs 3] [--dist DIR]
        [--against DIR]

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
- where Python runs: the bare page of the shipped runtime once more, cold and warm (a reload,
  from the HTTP cache), on the page's thread and in PyScript's worker (started as the game's
  is, with no cross-origin isolation), so the cost of starting the runtime in a worker is seen
  apart from any game's;
- move latency, median and 95th percentile, over every move of a shortest win of a deal (from
  the first click until the line's DOM shows the move);
- the solver's time in the page on a full line: a first hint on fresh deals (from the click until
  the hint's cards are marked);
- the win (the last move, click to DOM), and the page thread's longest task (Chromium's
  long-task observer, which sees tasks over 50 ms; 0 when none) from the navigation to ready in
  each boot, and from a return visit's navigation through a whole won game.

With ``--against OTHER_DIST`` (another build: ``git worktree add`` it and build it there), that
build's cold, warm and offline boots are measured too, the two builds taking turns in each run,
so that their times compare under the same load.

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
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright  # noqa: E402

from royal.deals import numbered_deal  # noqa: E402
from royal.solver import solve  # noqa: E402
from tools.addresses import file_hash, with_hash  # noqa: E402
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
# Whether the line shows the move of ``left`` and ``right`` (its boundaries side by side).
PLAYED_JS = """const played = () => {
    const line = [...document.querySelectorAll("#line [data-card]")].map(card => card.dataset.card);
    return line.indexOf(right) - line.indexOf(left) === 1;
  };"""
# Resolves once ``shown()`` holds, looked at after each DOM change of #line: mutation records come
# at the end of the task that changed the DOM, before any frame is drawn; rejects after 30 s. Not a
# turn of the page's Web Lock: after a write to storage the page keeps the lock 50 ms longer
# (docs/automation.md), and where Python runs in a worker a turn asked for at once may come before
# the worker has even heard the input.
SHOWN_JS = """const seen = shown => new Promise((done, fail) => {
    const observer = new MutationObserver(() => shown() && (observer.disconnect(), done()));
    observer.observe(document.getElementById("line"), {childList: true, subtree: true, attributes: true});
    setTimeout(() => (observer.disconnect(), fail(new Error("not shown within 30 s"))), 30000);
  });"""
MOVE_JS = f"""async ([left, right]) => {{
  {PLAYED_JS}
  {SHOWN_JS}
  const done = seen(played);
  const start = performance.now();
  document.querySelector(`#line [data-card="${{left}}"]`).click();
  document.querySelector(`#line [data-card="${{right}}"]`).click();
  await done;
  return performance.now() - start;
}}"""
HINT_JS = f"""async () => {{
  {SHOWN_JS}
  const done = seen(() => document.querySelector("#line [data-hint]") !== null);
  const start = performance.now();
  document.getElementById('hint').click();
  await done;
  return performance.now() - start;
}}"""
# The page thread's longest task since the navigation (Chromium's long-task observer: tasks
# over 50 ms), read as LONGEST_JS.
LONG_TASKS_JS = """window.__longest = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longest = Math.max(window.__longest, entry.duration);
}).observe({ type: "longtask", buffered: true });"""
LONGEST_JS = "() => Math.round(window.__longest)"
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
# The bare page on the page's thread: PyScript starts Python from a script and draws nothing.
BARE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare</title>
<script type="module" src="./{core}"></script></head>
<body>{mpy}<script type="py" config="./{config}">
from pyscript import document
document.body.setAttribute("data-ready", "")
</script></body></html>
"""
# The bare page in PyScript's worker, started as static/python.js starts the game's: PyWorker,
# with no SharedArrayBuffer, running a file that does nothing.
BARE_WORKER_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare</title></head>
<body><py-config src="./{config}"></py-config>{mpy}<script type="module">
import {{ PyWorker, config }} from "./{core}";
const url = new URL("./{config}", location.href).href;
const version = new URL(config.py.interpreter, url).href;
await PyWorker(new URL("./bare.py", location.href).href, {{ config: url, configURL: url, version }});
document.body.setAttribute("data-ready", "");
</script></body></html>
"""
BARE_WORKER_CODE = '"""The bare page\'s worker: it starts and does nothing."""\n'


# Where Python runs, for the bare pages: (page, its template).
WHERE_PYTHON_RUNS = (("main", BARE_PAGE), ("worker", BARE_WORKER_PAGE))
WHERE_SAID = {"main": "on the page's thread", "worker": "in PyScript's worker"}


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
    """A copy of the site with one module of the game's package changed, as the next build would
    publish it: the package and the configuration naming it under their new hashes
    (tools/addresses.py), the page naming the new configuration, the worker rewritten."""
    changed = folder / "changed"
    shutil.copytree(dist, changed)
    (package,) = changed.glob("royal-*.zip")
    (config,) = changed.glob("pyscript-*.toml")
    new_package = changed / "royal.zip"
    with zipfile.ZipFile(package) as source, zipfile.ZipFile(new_package, "w", zipfile.ZIP_DEFLATED) as out:
        for info in source.infolist():
            data = source.read(info)
            out.writestr(info, data + b"\n# changed\n" if info.filename == CHANGED_MODULE else data)
    package.unlink()
    renamed = new_package.rename(with_hash(new_package, file_hash(new_package)))
    config.write_text(
        config.read_text(encoding="utf-8").replace(package.name, renamed.name), encoding="utf-8"
    )
    new_config = changed / with_hash(Path("pyscript.toml"), file_hash(config)).name
    config.rename(new_config)
    page = changed / "index.html"
    page.write_text(page.read_text(encoding="utf-8").replace(config.name, new_config.name), encoding="utf-8")
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


def runtime_names(site: Path) -> dict[str, str]:
    """PyScript's loader and the configuration in ``site``, by the names the build gave them
    (each carries its content's hash, tools/addresses.py)."""
    (core,) = site.glob("static/vendor/pyscript*/core.js")
    (config,) = site.glob("pyscript*.toml")
    return {"core": core.relative_to(site).as_posix(), "config": config.name}


def fresh_context(browser: Browser, **options: object) -> BrowserContext:
    context = browser.new_context(**options)  # type: ignore[arg-type]
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(LONG_TASKS_JS)
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
    browser: Browser,
    sites: dict[str, CountingServer],
    published: CountingServer,
    runs: int,
) -> dict[str, list[float]]:
    """Each run: the bare pages, then each site's cold, warm and offline boots, the sites taking
    turns; times by name, a site's prefixed with its key in ``sites``."""
    times: dict[str, list[float]] = {}

    def keep(name: str, value: float) -> None:
        times.setdefault(name, []).append(value)

    for _ in range(runs):
        for name, bare_server in (
            ("bare_ready", sites[""]),
            ("bare_published_ready", published),
        ):
            context = fresh_context(browser, service_workers="block")
            page = context.new_page()
            keep(name, navigate(page, partial(page.goto, bare_server.url + "bare.html"))[1])
            context.close()
        for where, _ in WHERE_PYTHON_RUNS:
            context = fresh_context(browser, service_workers="block")
            page = context.new_page()
            keep(
                f"bare_{where}_cold_ready",
                navigate(page, partial(page.goto, sites[""].url + f"bare-{where}.html"))[1],
            )
            keep(f"bare_{where}_warm_ready", navigate(page, page.reload)[1])
            context.close()

        for prefix, server in sites.items():
            context = fresh_context(browser)
            page = context.new_page()
            board, ready = navigate(page, partial(page.goto, server.url + f"?deal={DEAL}"))
            keep(f"{prefix}cold_board", board)
            keep(f"{prefix}cold_ready", ready)
            keep(f"{prefix}cold_longest_task", page.evaluate(LONGEST_JS))
            page.evaluate(SW_ACTIVE_JS)
            settle_snapshot(page)
            page.locator("#hint").click()  # a game that changed since the deal, saved beside its snapshot
            for kind in ("warm", "offline"):
                context.set_offline(kind == "offline")
                board, ready = navigate(page, page.reload)
                keep(f"{prefix}{kind}_board", board)
                keep(f"{prefix}{kind}_ready", ready)
                keep(f"{prefix}{kind}_longest_task", page.evaluate(LONGEST_JS))
            context.close()
    return times


# Whether the page's memory snapshot is made (or it used one, or could make none); true in a
# build that makes none (no `data-interpreter` on its python.js).
SNAPSHOT_SETTLED_JS = """() => !document.querySelector('script[data-interpreter]')
  || ['made', 'used', 'failed'].includes(document.documentElement.dataset.snapshot)"""


CONTROLLED_JS = "() => navigator.serviceWorker.controller !== null"


def settle_snapshot(page: Page) -> None:
    """Wait until the page's memory snapshot is made: a return visit that comes later than the
    few seconds after ready that the making takes. A page the service worker does not control
    (a first visit's) makes none, so it is reloaded under its control first."""
    if not page.evaluate(SNAPSHOT_SETTLED_JS) and not page.evaluate(CONTROLLED_JS):
        page.reload()
        wait_ready(page)
    page.wait_for_function(SNAPSHOT_SETTLED_JS, timeout=TIMEOUT_MS)


def return_visit(page: Page, url: str) -> None:
    """Open ``url``, wait for the service worker and the memory snapshot, and reload: the page as
    a player's return visit has it (where the service worker makes the page cross-origin
    isolated, a build may run Python in PyScript's worker)."""
    page.goto(url)
    wait_ready(page)
    page.evaluate(SW_ACTIVE_JS)
    settle_snapshot(page)
    page.reload()
    wait_ready(page)


def moves_and_solver(browser: Browser, server: CountingServer) -> dict[str, list[float]]:
    """Move and first-hint times on a return visit."""
    context = fresh_context(browser)
    page = context.new_page()
    return_visit(page, server.url + f"?deal={DEAL}")
    move_ms = []
    for move in solve(numbered_deal(DEAL)).moves:
        move_ms.append(page.evaluate(MOVE_JS, [move.left, move.right]))
        page.wait_for_timeout(60)
    page.wait_for_selector("body[data-outcome=won]", state="attached")
    page.wait_for_timeout(500)  # the win's celebration and the work after its paint
    longest = page.evaluate(LONGEST_JS)  # from the return visit's navigation to the won game
    solver_ms = []
    for number in SOLVER_DEALS:
        page.goto(server.url + f"?deal={number}")
        wait_ready(page)
        for confirm in page.locator("dialog[open] [data-confirm], dialog[open] #link-open").all():
            confirm.click()
        solver_ms.append(page.evaluate(HINT_JS))
    context.close()
    return {"move": move_ms, "solver": solver_ms, "win": [move_ms[-1]], "longest_task": [longest]}


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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--against", type=Path, help="another built site, its boots measured in turn with --dist"
    )
    args = site_arguments(parser, runs=3)
    if args.against and not (args.against / "index.html").exists():
        sys.exit(f"{args.against} is not built: run python3 build.py there first")
    chromium = chromium_binary()
    with tempfile.TemporaryDirectory() as folder:
        dist = Path(folder) / "site"
        shutil.copytree(args.dist, dist)
        whole = Path(folder) / "published"
        build(whole, record=None)
        for site in (dist, whole):
            mpy = re.search(
                r"<mpy-config>(.*?)</mpy-config>", (site / "index.html").read_text(encoding="utf-8"), re.S
            )
            plugins = {"mpy": mpy[0] if mpy else "", **runtime_names(site)}
            (site / "bare.html").write_text(BARE_PAGE.format(**plugins), encoding="utf-8")
        plugins.update(runtime_names(dist))  # the bare pages beside the game's
        for where, template in WHERE_PYTHON_RUNS:
            (dist / f"bare-{where}.html").write_text(template.format(**plugins), encoding="utf-8")
        (dist / "bare.py").write_text(BARE_WORKER_CODE, encoding="utf-8")
        precache = sum((dist / name).stat().st_size for name in precached_files(dist))
        sites = {"": CountingServer(dist)}
        if args.against:
            against = Path(folder) / "against"
            shutil.copytree(args.against, against)
            sites["against_"] = CountingServer(against)
        published = CountingServer(whole)
        for server in (*sites.values(), published):
            server.start()
        with sync_playwright() as playwright:
            sizes = first_visit_and_update(playwright, chromium, sites[""], dist)
            browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS)
            times = boots(browser, sites, published, args.runs)
            page_ms = {prefix: moves_and_solver(browser, server) for prefix, server in sites.items()}
            browser.close()
        for server in (*sites.values(), published):
            server.stop()

    figures: dict[str, float] = {
        **{f"{name}_bytes": value for name, value in sizes.items()},
        "precache_bytes": precache,
        **{f"{name}_ms": round(statistics.median(values)) for name, values in times.items()},
    }
    for prefix, ms in page_ms.items():
        figures[f"{prefix}move_median_ms"] = round(statistics.median(ms["move"]), 1)
        figures[f"{prefix}move_p95_ms"] = round(percentile(ms["move"], 0.95), 1)
        figures[f"{prefix}solver_full_line_median_ms"] = round(statistics.median(ms["solver"]), 1)
        figures[f"{prefix}win_ms"] = round(ms["win"][0], 1)
        figures[f"{prefix}game_longest_task_ms"] = ms["longest_task"][0]
    mb = 1e6
    runtime, game = sizes["first_visit_runtime"] / mb, sizes["first_visit_game"] / mb
    print(f"first visit      runtime {runtime:6.2f} MB   game {game:6.2f} MB")
    print(f"precache         {precache / mb:6.2f} MB")
    print(f"update           {sizes['update'] / 1e3:8.1f} KB after a change to {CHANGED_MODULE}")
    for prefix in sites:
        for kind in ("cold", "warm", "offline"):
            print(
                f"{prefix + kind:<16} boot first board {figures[f'{prefix}{kind}_board_ms']:6.0f} ms   "
                f"ready {figures[f'{prefix}{kind}_ready_ms']:6.0f} ms   "
                f"longest task {figures[f'{prefix}{kind}_longest_task_ms']:4.0f} ms   (median of {args.runs})"
            )
    for name, runtime_kind in (("bare", "shipped"), ("bare_published", "published")):
        print(
            f"bare page        ready {figures[f'{name}_ready_ms']:6.0f} ms "
            f"(cold, no game, the runtime as {runtime_kind})"
        )
    for where, _ in WHERE_PYTHON_RUNS:
        print(
            f"bare page        ready {figures[f'bare_{where}_cold_ready_ms']:6.0f} ms cold, "
            f"{figures[f'bare_{where}_warm_ready_ms']:6.0f} ms warm (Python {WHERE_SAID[where]})"
        )
    for prefix, ms in page_ms.items():
        print(
            f"{prefix + 'move':<16} median {figures[f'{prefix}move_median_ms']:.1f} ms   "
            f"p95 {figures[f'{prefix}move_p95_ms']:.1f} ms   over {len(ms['move'])} moves"
        )
        print(
            f"{prefix + 'solver in page':<16} median {figures[f'{prefix}solver_full_line_median_ms']:.1f} ms "
            "on a full line (first hint)"
        )
        print(
            f"{prefix + 'win':<16} {figures[f'{prefix}win_ms']:.1f} ms (the last move to its DOM)   "
            f"longest task {figures[f'{prefix}game_longest_task_ms']:.0f} ms (navigation to a won game)"
        )
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
