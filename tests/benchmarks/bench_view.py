"""Benchmark of the page as data (docs/architecture.md, "The page as data"): the applier against
DOM libraries, and the calendar and the chart drawn in the game, before and after.

    python3 build.py && .venv/bin/python tests/benchmarks/bench_view.py [--runs 30] [--against DIR]

Drives Debian's Chromium (or ROYAL_CHROMIUM), headless. Two parts:

1. **The appliers**, on a blank page holding the regions, without the game: the same
   descriptions (royal/view/, made here under CPython) applied by ``static/view.js``, by
   snabbdom and by morphdom (each fetched with ``npm pack`` into ``.cache/npm/`` and checked
   against its pinned sha512, as tools/runtime.py does the runtime; neither ships), and by
   rebuilding each region whole (what the page did before: every element made anew and put in
   with ``replaceChildren``). For a calendar month (December 2026, its chosen day's challenges
   found) and the chart of 30 recent games with the daily row: the first draw into empty
   regions, and an update (the month turned back and forth; a new game added to the chart, the
   oldest leaving). Printed: the DOM writes of one apply (each attribute or text set, each node
   removed, each node inserted with all it holds: what MutationObserver records stand for) and the
   median time per apply (``performance.now()`` around the call, the description's JSON text
   parsed inside it) over ``--runs`` applies.
2. **In the game** (the built site, dist/ unless ``--dist``, and with ``--against OTHER_DIST``
   another build, say main's, the two taking turns, a fresh context each): the last move of a
   win with 29 recent games already kept (so the chart draws 30 bars), then a month of the
   calendar turned by its buttons, ten times. Printed: the DOM writes in the chart
   (``#recent-games``) or the calendar, and the time from the click until they are written (a
   MutationObserver's first callback, at the end of the task that drew), medians over a round
   for every ten ``--runs``.

The last line is one JSON object of every figure. Timings on shared two-core machines are noisy:
compare figures from one run. The file name does not start with ``test_``, so pytest does not
collect it.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import statistics
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench_boot import return_visit  # noqa: E402  (this folder is on the path: a script's own)
from playwright.sync_api import Page, Route, sync_playwright  # noqa: E402

from royal.challenges import ChallengeRecord, challenges  # noqa: E402
from royal.deals import numbered_deal  # noqa: E402
from royal.game import Result  # noqa: E402
from royal.records import DailyRecord, DayResult, Finished  # noqa: E402
from royal.saves import dump_stats  # noqa: E402
from royal.solver import solve  # noqa: E402
from royal.stats import Stats  # noqa: E402
from royal.storage_keys import LOCK, STATS_KEY  # noqa: E402
from royal.view.calendar import Shown, calendar  # noqa: E402
from royal.view.html import Patch  # noqa: E402
from royal.view.records import records  # noqa: E402
from tools.chromium import CHROMIUM_FLAGS, chromium_binary  # noqa: E402
from tools.paths import DIST  # noqa: E402
from tools.runtime import NpmPackage, fetch_package  # noqa: E402
from tools.siteserver import SUBPATH, SiteServer  # noqa: E402

# The libraries weighed against the applier: measured here, never shipped.
SNABBDOM = NpmPackage(
    "snabbdom",
    "3.6.4",
    "sha512-VmxEfuw1/Y/eFj5VtMhYnukExpYiPkNzoo3+N3qwAOUDMl8wXgbli5ebR+j0knE3lZ/0eYskLxNcX64uy10N9w==",
)
MORPHDOM = NpmPackage(
    "morphdom",
    "2.7.8",
    "sha512-D/fR4xgGUyVRbdMGU6Nejea1RFzYxYtyurG4Fbv2Fi/daKlWKuXGLOdXtl+3eIwL110cI2hz1ZojGICjjFLgTg==",
)
VIEW_JS = ROOT / "static" / "view.js"
TODAY = dt.date(2026, 12, 9)
DAY = dt.timedelta(days=1)
DEAL = 7
TIMEOUT_MS = 120_000

REGIONS = """<!doctype html><meta charset="utf-8"><body>
<section id="stats"><p id="daily-today"></p><ol id="daily-days"></ol><p id="daily-streak"></p>
<figcaption id="recent-summary"></figcaption><svg id="recent-chart"></svg><span id="recent-ticks"></span>
<ol id="recent-list"></ol></section>
<dialog id="calendar" open><p id="calendar-streak"></p><button id="calendar-previous">&lt;</button>
<h3 id="calendar-month"></h3><button id="calendar-next">&gt;</button><div id="calendar-days"></div>
<h3 id="calendar-day-heading"></h3><ul id="calendar-challenges"></ul></dialog>
<script type="module">
import * as snabbdom from "./snabbdom/build/index.js";
window.snabbdom = snabbdom;
</script>
"""

# The four ways to apply a patch (royal/view/html.py's JSON form) to the regions inside a root.
APPLIERS_JS = """() => {
  const NS = {svg: "http://www.w3.org/2000/svg"};
  const build = d => {
    if (typeof d === "string") return document.createTextNode(d);
    const e = d.n ? document.createElementNS(NS[d.n], d.t) : document.createElement(d.t);
    for (const [k, v] of Object.entries(d.a || {})) e.setAttribute(k, v);
    for (const [k, v] of Object.entries(d.s || {})) e.style.setProperty(k, v);
    if (d.k !== undefined) e._k = d.k;
    e.append(...(d.c || []).map(build));
    return e;
  };
  const regionAttributes = (element, a) => {
    for (const [k, v] of Object.entries(a || {})) {
      if (v === null) element.removeAttribute(k); else element.setAttribute(k, v);
    }
  };
  const {init, h, attributesModule, styleModule, toVNode} = window.snabbdom;
  const patchVnode = init([attributesModule, styleModule]);
  const vnodes = new Map();
  const vnode = d => typeof d === "string" ? d : h(d.t, {key: d.k, attrs: d.a || {}, style: d.s || {},
    ns: d.n ? NS[d.n] : undefined}, (d.c || []).map(vnode));
  return {
    view: (root, json) => royalView.apply(root, json),
    rebuild: (root, json) => {
      for (const [id, part] of Object.entries(JSON.parse(json).r)) {
        const element = document.getElementById(id);
        regionAttributes(element, part.a);
        if (part.c) element.replaceChildren(...part.c.map(build));
      }
    },
    snabbdom: (root, json) => {
      for (const [id, part] of Object.entries(JSON.parse(json).r)) {
        const element = document.getElementById(id);
        const old = vnodes.get(id) || toVNode(element);
        const attrs = {...old.data.attrs};
        for (const [k, v] of Object.entries(part.a || {})) {
          if (v === null) delete attrs[k]; else attrs[k] = v;
        }
        const children = part.c ? part.c.map(vnode) : old.children;
        const sel = `${element.localName}#${id}`;
        const next = h(sel, {attrs}, children);  // h() gives an "svg" and its children SVG's namespace
        vnodes.set(id, patchVnode(old, next));
      }
    },
    morphdom: (root, json) => {
      for (const [id, part] of Object.entries(JSON.parse(json).r)) {
        const element = document.getElementById(id);
        const target = element.cloneNode(!part.c);
        regionAttributes(target, part.a);
        if (part.c) target.append(...part.c.map(build));
        window.morphdom(element, target, {getNodeKey: n => n._k ?? n.id});
      }
    },
  };
}"""

# The DOM writes MutationObserver records stand for: each attribute and text set, each node
# removed, and each node inserted with everything inside it (a whole new subtree is that many
# nodes made, though one record).
WRITTEN_JS = """const written = records => records.reduce((sum, r) => sum + (r.type !== 'childList' ? 1
  : r.removedNodes.length + [...r.addedNodes].reduce((n, node) =>
      n + 1 + (node.querySelectorAll ? node.querySelectorAll('*').length + textsIn(node) : 0), 0)), 0);
const textsIn = node => [...node.childNodes].reduce((n, c) =>
  n + (c.nodeType === Node.TEXT_NODE ? 1 : textsIn(c)), 0);
"""

# Applies `first` into empty regions once, or else `runs` of `patches` in turn (updates),
# with one applier, and returns the writes of each apply and its time.
MEASURE_JS = (
    """([name, first, patches, runs]) => {
"""
    + WRITTEN_JS
    + """
  const appliers = window.appliers;
  const root = document.body;
  const observer = new MutationObserver(() => {});
  observer.observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
  const writes = [], times = [];
  const one = json => {
    const start = performance.now();
    appliers[name](root, json);
    times.push(performance.now() - start);
    writes.push(written(observer.takeRecords()));
  };
  if (first) {
    one(first);
  } else {
    for (let i = 0; i < runs; i++) one(patches[i % patches.length]);
  }
  observer.disconnect();
  return {writes, times};
}"""
)

# In the game: does `action`, and returns the writes in `region` and the time until the first
# MutationObserver callback there (the end of the task that drew).
WATCH_JS = (
    """([region, action]) => new Promise(done => {
"""
    + WRITTEN_JS
    + """
  const target = document.getElementById(region);
  let start = 0;
  const observer = new MutationObserver(records => {
    const ms = performance.now() - start;
    const writes = written([...records, ...observer.takeRecords()]);
    observer.disconnect();
    done({ms, writes});
  });
  observer.observe(target, {subtree: true, childList: true, attributes: true, characterData: true});
  start = performance.now();
  action();
})"""
)
CLICK_JS = WATCH_JS.replace("([region, action])", "([selector, region])").replace(
    "action();", "document.querySelector(selector).click();"
)
WIN_JS = WATCH_JS.replace("([region, action])", "([left, right, region])").replace(
    "action();",
    'document.querySelector(`#line [data-card="${left}"]`).click();\n'
    '  document.querySelector(`#line [data-card="${right}"]`).click();',
)
MOVE_JS = """([left, right]) => {
  document.querySelector(`#line [data-card="${left}"]`).click();
  document.querySelector(`#line [data-card="${right}"]`).click();
}"""
SETTLED_JS = "lock => navigator.locks.request(lock, () => {})"


def calendar_patches() -> tuple[Patch, list[Patch]]:
    """December 2026 with its chosen day's challenges found, then November and back."""
    found = challenges(TODAY)
    record = ChallengeRecord()
    record.record(TODAY - DAY, challenges(TODAY - DAY)[next(iter(found))], True, 30, 28, 90, TODAY - DAY)
    month = calendar(record, TODAY, Shown((2026, 12), TODAY, TODAY, found))
    turned = calendar(record, TODAY, Shown((2026, 11), TODAY, TODAY - 30 * DAY, found))
    return month, [turned, month]


def chart_patches() -> tuple[Patch, list[Patch]]:
    """30 recent games and a daily row; then a game more (the oldest leaving), and back."""
    games = [Finished(k % 3 != 0, 26 + k % 2 if k % 3 else 10, 2 if k % 3 else 37, 26) for k in range(31)]
    daily = DailyRecord(
        {TODAY - k * DAY: DayResult(True, 27, 26) if k % 2 else DayResult(False) for k in range(1, 20)}
    )
    full = records(daily, TODAY, games[:30])
    return full, [records(daily, TODAY, games[1:]), full]


def serve_package(route: Route, package: NpmPackage, prefix: str) -> None:
    name = route.request.url.split(prefix, 1)[1]
    with tarfile.open(fetch_package(package)) as archive:
        body = archive.extractfile(f"package/{name}").read()  # type: ignore[union-attr]
    route.fulfill(body=body, content_type="text/javascript")


def appliers(page: Page, runs: int) -> dict[str, float]:
    page.route("http://bench.invalid/", lambda route: route.fulfill(body=REGIONS, content_type="text/html"))
    page.route("http://bench.invalid/snabbdom/**", lambda r: serve_package(r, SNABBDOM, "/snabbdom/"))
    page.goto("http://bench.invalid/")
    page.wait_for_function("() => window.snabbdom")
    page.add_script_tag(content=VIEW_JS.read_text(encoding="utf-8"))
    with tarfile.open(fetch_package(MORPHDOM)) as archive:
        morphdom = archive.extractfile("package/dist/morphdom-umd.min.js").read().decode()  # type: ignore[union-attr]
    page.add_script_tag(content=morphdom)
    figures: dict[str, float] = {}
    for scenario, (first, updates) in {"calendar": calendar_patches(), "chart": chart_patches()}.items():
        texts = [patch.to_json() for patch in updates]
        for name in ("view", "snabbdom", "morphdom", "rebuild"):
            page.evaluate("document.body.innerHTML = document.body.innerHTML")  # empty regions again
            page.evaluate(f"() => {{ window.appliers = ({APPLIERS_JS})(); }}")
            drawn = page.evaluate(MEASURE_JS, [name, first.to_json(), [], 1])
            updated = page.evaluate(MEASURE_JS, [name, None, texts, runs])
            figures[f"{scenario}_first_{name}_writes"] = drawn["writes"][0]
            figures[f"{scenario}_first_{name}_ms"] = round(drawn["times"][0], 2)
            figures[f"{scenario}_update_{name}_writes"] = statistics.median(updated["writes"])
            figures[f"{scenario}_update_{name}_ms"] = round(statistics.median(updated["times"]), 3)
    return figures


def seeded_stats() -> str:
    """Stats with 29 recent games, so a win draws the chart's 30 bars."""
    stats = Stats()
    for k in range(29):
        won = k % 3 != 0
        result = Result(f"bench{k}", won, 60, 26 if won else 10, 500, 2 if won else 37, 26, 100 + k)
        stats.record(result, dt.date.today())
    return dump_stats(stats)


def in_game(page: Page, url: str) -> dict[str, list[float]]:
    """A win's last move with 29 recent games kept, then the calendar turned ten times, in a
    fresh context's ``page``."""
    out: dict[str, list[float]] = {"calendar_ms": [], "calendar_writes": []}
    moves = solve(numbered_deal(DEAL)).moves
    page.goto(url)
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [STATS_KEY, seeded_stats()])
    return_visit(page, url + f"?deal={DEAL}")
    for move in moves[:-1]:
        page.evaluate(MOVE_JS, [move.left, move.right])
        page.evaluate(SETTLED_JS, LOCK)
    win = page.evaluate(WIN_JS, [moves[-1].left, moves[-1].right, "recent-games"])
    page.evaluate(SETTLED_JS, LOCK)
    out["win_ms"], out["win_writes"] = [win["ms"]], [win["writes"]]
    page.evaluate("() => document.getElementById('calendar-open').click()")
    page.wait_for_selector("#calendar-challenges[aria-busy=false]", state="attached")
    for k in range(10):
        turn = page.evaluate(CLICK_JS, ["#calendar-previous" if k % 2 == 0 else "#calendar-next", "calendar"])
        page.evaluate(SETTLED_JS, LOCK)
        page.wait_for_selector("#calendar-challenges[aria-busy=false]", state="attached")
        out["calendar_ms"].append(turn["ms"])
        out["calendar_writes"].append(turn["writes"])
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--dist", type=Path, default=DIST, help="a built site (default: dist/)")
    parser.add_argument("--against", type=Path, help="another built site, measured in turn with --dist")
    args = parser.parse_args()
    sites = {"": args.dist, **({"against_": args.against} if args.against else {})}
    for site in sites.values():
        if not (site / "index.html").exists():
            sys.exit(f"{site} is not built: run python3 build.py there first")
    figures: dict[str, float] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_binary(), args=CHROMIUM_FLAGS)
        context = browser.new_context()
        context.set_default_timeout(TIMEOUT_MS)
        figures.update(appliers(context.new_page(), args.runs))
        context.close()
        servers = {prefix: SiteServer(site, SUBPATH, quiet=True) for prefix, site in sites.items()}
        samples: dict[str, list[float]] = {}
        for server in servers.values():
            server.start()
        for _ in range(max(1, args.runs // 10)):  # the builds take turns, a fresh context each
            for prefix, server in servers.items():
                context = browser.new_context(viewport={"width": 1440, "height": 900})
                context.set_default_timeout(TIMEOUT_MS)
                for name, values in in_game(context.new_page(), server.url).items():
                    samples.setdefault(prefix + name, []).extend(values)
                context.close()
        for server in servers.values():
            server.stop()
        browser.close()
    for name, values in samples.items():
        figures[f"game_{name}"] = round(statistics.median(values), 2)
    print("appliers (writes of one apply / median ms per apply):")
    for scenario in ("calendar", "chart"):
        for phase in ("first", "update"):
            cells = []
            for name in ("view", "snabbdom", "morphdom", "rebuild"):
                key = f"{scenario}_{phase}_{name}"
                cells.append(f"{name} {figures[key + '_writes']:g} / {figures[key + '_ms']:.3f} ms")
            print(f"  {scenario} {phase}: {', '.join(cells)}")
    for prefix in sites:
        game = {name: figures[f"game_{prefix}{name}"] for name in ("calendar_writes", "calendar_ms")}
        win = {name: figures[f"game_{prefix}{name}"] for name in ("win_writes", "win_ms")}
        print(
            f"in the game, {'against' if prefix else 'this build'}: a calendar month turned"
            f" {game['calendar_writes']:g} writes, {game['calendar_ms']:.1f} ms; a win's last move"
            f" to the chart drawn {win['win_writes']:g} writes, {win['win_ms']:.1f} ms"
        )
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
