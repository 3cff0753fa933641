"""Benchmark of the line's motion in the browser: frames dropped while a move animates, and
the time from a move's input to the DOM showing it.

    python3 build.py && .venv/bin/python tests/benchmarks/bench_motion.py [--runs 3] [--deal 7]

Serves dist/ on 127.0.0.1 and drives Debian's Chromium (or ROYAL_CHROMIUM) through every move
of a shortest win of the deal, clicking both boundaries from inside the page, on a return
visit: the page is loaded, its service worker waited for, then reloaded, so a build that puts
Python in PyScript's worker once the service worker isolates the page runs it there (where
Python ran is printed). For each move:

- input to DOM: from just before the first click until the line's DOM shows the move (the
  clicks' actions run in turn under the page's Web Lock, docs/automation.md; a MutationObserver
  on #line sees the change at the end of the task that made it, before any frame is drawn; the
  animation then plays on the compositor-friendly transform and opacity only);
- input to the next turn: until one more turn of that lock, after the clicks' actions (what a
  driver waits for; it also waits behind the frames the page draws meanwhile);
- frames dropped: requestAnimationFrame timestamps from the click to 300 ms after the DOM is
  the new one (the slide and the leaving card take 200 ms); each gap between frames longer
  than 1.5 frame periods (the median gap) counts as the frames it skipped.

The same moves under reduced motion (nothing animates) give the baseline, the runs taking turns.
With ``--against OTHER_DIST`` (another build, say main's: ``git worktree add`` it and build it
there) both sites are measured the same way in the same run, taking turns, so their figures
compare under the same load. Prints the median and 95th percentile of both over all moves and
runs, per site, then one JSON line.
The file name does not start with ``test_``, so pytest does not collect it.
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench_boot import PLAYED_JS, SHOWN_JS, percentile, return_visit, site_arguments  # noqa: E402  (this folder is on the path: a script's own)
from playwright.sync_api import sync_playwright  # noqa: E402

from royal.deals import numbered_deal  # noqa: E402
from royal.solver import solve  # noqa: E402
from tools.chromium import CHROMIUM_FLAGS, chromium_binary  # noqa: E402
from tools.siteserver import SUBPATH, SiteServer  # noqa: E402

TIMEOUT_MS = 120_000
WATCH_MS = 300
KINDS = {"motion": "no-preference", "reduced": "reduce"}
# Where the page runs the game's Python, and whether its start was restored from a memory snapshot.
WHERE_JS = """() => {
  const { python, snapshot } = document.documentElement.dataset;
  const where = python === "worker" ? "in PyScript's worker" : "on the main thread";
  return `${where}, snapshot ${snapshot ?? "none"}`;
}"""
MOVE_JS = (
    """async ([left, right, watch]) => {
  const q = code => document.querySelector(`#line [data-card="${code}"]`);
  """
    + PLAYED_JS
    + "\n  "
    + SHOWN_JS
    + """
  const stamps = [];
  let watching = true;
  const frame = t => {
    stamps.push(t);
    if (watching) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  // The first DOM change after which the line shows the move is when the DOM is the new one.
  let dom = null;
  const shown = seen(played).then(() => {
    dom = performance.now() - start;
  });
  const start = performance.now();
  q(left).click();
  q(right).click();
  await shown.catch(() => {
    throw new Error(`${left}-${right} was not played within 30 s`);
  });
  // The clicks' actions run in turn under the page's Web Lock (docs/automation.md): one more
  // turn of it comes after them (where Python runs in a worker, only once the DOM shows them:
  // a turn asked for at once may come before the worker has even heard the clicks).
  await navigator.locks.request("royal-marriage", () => {});
  const turn = performance.now() - start;
  await new Promise(done => setTimeout(done, watch));
  watching = false;
  return {dom, turn, stamps};
}"""
)


def dropped(stamps: list[float]) -> tuple[float, float]:
    """Frames skipped between ``stamps``, and the frame period (the median gap)."""
    gaps = [b - a for a, b in itertools.pairwise(stamps)]
    if not gaps:
        return 0, 0.0
    period = min(statistics.median(gaps), 1000 / 30)
    return sum(max(0, round(gap / period) - 1) for gap in gaps if gap > 1.5 * period), period


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deal", type=int, default=7)
    parser.add_argument("--against", type=Path, help="another built site, measured in turn with --dist")
    args = site_arguments(parser, runs=3)
    moves = solve(numbered_deal(args.deal)).moves
    sites = {"": args.dist} | ({"against_": args.against} if args.against else {})
    servers = {site: SiteServer(dist, SUBPATH, quiet=True).start() for site, dist in sites.items()}
    where: dict[str, str] = {}
    seen: dict[str, dict[str, list[float]]] = {
        site + kind: {"dom": [], "turn": [], "drops": [], "periods": []} for site in sites for kind in KINDS
    }
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_binary(), args=CHROMIUM_FLAGS)
        for _, (site, server), (kind, motion) in itertools.product(
            range(args.runs), servers.items(), KINDS.items()
        ):
            context = browser.new_context(viewport={"width": 1440, "height": 900}, reduced_motion=motion)
            context.set_default_timeout(TIMEOUT_MS)
            page = context.new_page()
            return_visit(page, server.url + f"?deal={args.deal}")
            where[site] = page.evaluate(WHERE_JS)
            for move in moves:
                result = page.evaluate(MOVE_JS, [move.left, move.right, WATCH_MS])
                skipped, period = dropped(result["stamps"])
                seen[site + kind]["dom"].append(result["dom"])
                seen[site + kind]["turn"].append(result["turn"])
                seen[site + kind]["drops"].append(skipped)
                seen[site + kind]["periods"].append(period)
            context.close()
        browser.close()
    for server in servers.values():
        server.stop()
    figures: dict[str, float] = {}
    for kind, values in seen.items():
        dom_ms, turn_ms, drops = values["dom"], values["turn"], values["drops"]
        figures.update(
            {
                f"{kind}_input_to_dom_median_ms": round(statistics.median(dom_ms), 1),
                f"{kind}_input_to_dom_p95_ms": round(percentile(dom_ms, 0.95), 1),
                f"{kind}_input_to_next_turn_p95_ms": round(percentile(turn_ms, 0.95), 1),
                f"{kind}_dropped_frames_total": sum(drops),
                f"{kind}_dropped_frames_per_move_p95": percentile(drops, 0.95),
                f"{kind}_moves_with_a_dropped_frame": sum(1 for d in drops if d),
            }
        )
        print(
            f"{kind:<16} input to DOM median {statistics.median(dom_ms):5.1f} ms  "
            f"p95 {percentile(dom_ms, 0.95):5.1f} ms (next turn p95 {percentile(turn_ms, 0.95):5.1f} ms)"
            f"   dropped frames {sum(drops):.0f} ({sum(1 for d in drops if d)} of {len(drops)} moves,"
            f" p95 {percentile(drops, 0.95):.0f} a move)"
        )
    for site in sites:
        print(f"{site or 'this build'}: Python ran {where[site]}")
        figures[f"{site}frame_period_ms"] = round(statistics.median(seen[site + "motion"]["periods"]), 1)
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
