"""Benchmark of the exact solver in Chromium, under the Pyodide the game ships.

    python3 build.py && .venv/bin/python tests/benchmarks/bench_solver_browser.py [--deals 200]

New game under "winnable deals only", the replay of a shortest win, a deal's grade (shown
beside par when a game starts), a calendar day's challenges, Finish for me's check after each
move and the review of a finished game run the solver in the page, so their speed there is what
a player feels. (The review judges a move a turn, so what a player waits for is one move's
judgement, timed on its own.) This serves a bare page beside dist/ that loads dist's Pyodide
and royal.zip (not the game, so nothing else competes), then times, on full 52-card lines of
numbered deals: deciding a deal (``is_winnable``), finding a shortest win (``solve``), dealing
a winnable game (``draw_deal``, which steps past unwinnable numbers), grading a deal, Finish
for me's check on a deal, each step of finding a calendar day's four challenges (a candidate
graded a turn, as the calendar finds them after drawing the day: all of a day's took 77 ms at
the median and 365 ms at worst, too long to wait at once), and each move's judgement in the
review of a leftmost game and of a shortest win. Each figure is the best of ``--repeat`` runs
(1 for the raw figure), since on a shared machine the scheduler, not the solver, decides a
single run's worst. Prints median and worst against the targets: median inside one frame (16
ms), worst under 50 ms. Exits 1 when one is missed. The stock game's chance (``Game.advice``: every one of 200
sampled orders solved) is timed too, at the positions of the first ``--stock-deals`` deals
played from the stock by the hint; it cannot fit a frame and is not held to the targets: the
page works it out after the board is drawn (docs/play.md, "The stock game"), so what it costs
is how long the chance's line waits for its words. Not collected by pytest.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tools.chromium import CHROMIUM_FLAGS, chromium_binary  # noqa: E402
from tools.paths import DIST  # noqa: E402
from tools.siteserver import SiteServer  # noqa: E402

MEDIAN_MS, WORST_MS = 16.0, 50.0

PAGE = """<!doctype html><meta charset="utf-8"><title>solver benchmark</title>
<script type="module" src="./bench.js"></script>"""

SCRIPT = """
import { loadPyodide } from "./static/vendor/pyodide/pyodide.mjs";
const pyodide = await loadPyodide({ indexURL: "./static/vendor/pyodide/" });
const zip = await (await fetch("./royal.zip")).arrayBuffer();
pyodide.unpackArchive(zip, "zip");
window.bench = (code) => pyodide.runPython(code);
document.body.dataset.ready = "";
"""

# Runs inside Pyodide; performance.now() is the browser's own clock.
TIMING = """
import datetime, json, random
from js import performance
from royal import challenges
from royal.dealer import draw_deal
from royal.deals import numbered_deal
from royal.difficulty import grade, leftmost, play_out
from royal.forced import forced_finish
from royal.review import judgements
from royal.solver import is_winnable, solve

deals = [numbered_deal(n) for n in range({first}, {first} + {count})]
# The games reviewed: each deal played by always taking the leftmost move (a loss, mostly, of
# about 20 moves) and by its shortest win (25 or more moves).
plays = [[p.move for p in play_out(cards, leftmost).stack] for cards in deals]
wins = [list(solve(cards).moves) for cards in deals]
for cards in deals[:10]:
    solve(cards)
# The days whose four challenges are found (graded from their candidates) when the calendar
# shows one: as many days as deals, from 1 January 2026.
days = [datetime.date(2026, 1, 1) + datetime.timedelta(days=n) for n in range({count})]

# The time of each move's judgement in the review of ``moves``, the best of {repeat} reviews (each
# is a generator's steps, run afresh each time).
def steps(cards, moves):
    best = None
    for _ in range({repeat}):
        pending, times = judgements(cards, moves), []
        while True:
            start = performance.now()
            if next(pending, None) is None:
                break
            times.append(performance.now() - start)
        best = times if best is None else [min(a, b) for a, b in zip(best, times)]
    return best

# The time of each step of finding a day's challenges (a candidate graded, what the calendar
# runs a turn), the best of {repeat} searches, each with nothing found before.
def search_steps(day):
    best = None
    for _ in range({repeat}):
        challenges._found.clear()
        pending, times = challenges.search(day), []
        while True:
            start = performance.now()
            found = next(pending)
            times.append(performance.now() - start)
            if found is not None:
                break
        best = times if best is None else [min(a, b) for a, b in zip(best, times)]
    return best

def timed(function, *arguments):
    best = float("inf")
    for _ in range({repeat}):
        start = performance.now()
        function(*arguments)
        best = min(best, performance.now() - start)
    return best

# The stock game: every position of deals played from the stock by the hint, its chance timed
# afresh (a new game each time, so nothing is remembered).
from royal.game import Game
from royal.variant import STOCK

def chances(number):
    game, times = Game.numbered(number, STOCK), []
    while game.outcome is None and game.can_deal:
        fresh = Game.numbered(number, STOCK)
        for action in game.actions:
            fresh.act(action, 0.0)
        start = performance.now()
        advice = fresh.advice()
        times.append(performance.now() - start)
        best = advice.best
        game.play(best, 0.0) if best is not None else game.deal(0.0)
    return times

stock = [t for number in range({first}, {first} + {stock_deals}) for t in chances(number)]

results = {{
    "decide (is_winnable)": [timed(is_winnable, cards) for cards in deals],
    "shortest win (solve)": [timed(solve, cards) for cards in deals],
    "winnable new game (draw_deal)": [timed(draw_deal, random.Random(seed)) for seed in range({count})],
    "grade (difficulty)": [timed(grade, cards) for cards in deals],
    "finish check (forced_finish)": [timed(forced_finish, cards, False) for cards in deals],
    "a day's challenges, a step": [t for day in days for t in search_steps(day)],
    "review, a move of a leftmost game": [t for c, moves in zip(deals, plays) for t in steps(c, moves)],
    "review, a move of a shortest win": [t for c, moves in zip(deals, wins) for t in steps(c, moves)],
}}
json.dumps([results, stock])
"""


def summary(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    middle = len(ordered) // 2
    median = ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2
    return median, ordered[-1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="runs per deal; the best counts")
    parser.add_argument("--stock-deals", type=int, default=3, help="deals whose stock-game chance is timed")
    args = parser.parse_args()
    if not (DIST / "royal.zip").exists():
        print("dist/ is not built: run python3 build.py first", file=sys.stderr)
        return 2
    chromium = chromium_binary()
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "index.html").write_text(PAGE)
        (root / "bench.js").write_text(SCRIPT)
        (root / "static").symlink_to(DIST / "static")
        (root / "royal.zip").symlink_to(DIST / "royal.zip")
        server = SiteServer(root, "/", quiet=True).start()
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS)
                page = browser.new_page()
                page.goto(server.url)
                page.wait_for_selector("body[data-ready]", state="attached", timeout=120_000)
                version = page.evaluate("bench('import sys; sys.version.split()[0]')")
                code = TIMING.format(
                    first=args.first, count=args.deals, repeat=args.repeat, stock_deals=args.stock_deals
                )
                results, stock = json.loads(page.evaluate("code => bench(code)", code))
                browser.close()
        finally:
            server.stop()
    print(
        f"Pyodide (Python {version}) in Chromium, deals {args.first}-{args.first + args.deals - 1}, "
        f"best of {args.repeat} runs each; load average {os.getloadavg()[0]:.1f}"
    )
    print(f"{'':32} {'median':>9} {'worst':>9}   targets: median < {MEDIAN_MS:g} ms, worst < {WORST_MS:g} ms")
    failed = False
    for name, times in results.items():
        median, worst = summary(times)
        ok = median < MEDIAN_MS and worst < WORST_MS
        failed |= not ok
        print(f"{name:32} {median:8.2f}ms {worst:8.2f}ms   {'ok' if ok else 'MISSED'}")
    median, worst = summary(stock)
    ordered = sorted(stock)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    print(
        f"{'stock chance, 200 orders':32} {median:8.2f}ms {worst:8.2f}ms   "
        f"90th percentile {p90:.2f}ms over {len(stock)} positions; after the board is drawn, no target"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
