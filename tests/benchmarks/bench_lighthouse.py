"""Benchmark of the page as Lighthouse scores it: mobile, simulated throttling, a first visit and
a return visit.

    python3 build.py && .venv/bin/python tests/benchmarks/bench_lighthouse.py [--runs 2] [--dist DIR]

Installs the pinned Lighthouse (tests/benchmarks/lighthouse/: package.json, its lock and an
.npmrc that keeps registry hosts out of the lock) with ``npm ci`` into .cache/, serves a built
site (dist/ unless --dist) on 127.0.0.1 under /royal-marriage/ and runs Lighthouse against it
with Debian's Chromium (or ROYAL_CHROMIUM), headless. Each run is a pair in one browser profile:
a first visit (Lighthouse resets the site's storage: no service worker, nothing cached) and a
return visit (``--disable-storage-reset``: the service worker and its cache from the first).

Prints, for each visit, the median over the runs of the four scores and of the metrics
(first and largest contentful paint, speed index, total blocking time, max potential first
input delay, layout shift), the audits that cost best practices points, then one JSON line.
The file name does not start with ``test_``, so pytest does not collect it.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench_boot import site_arguments  # noqa: E402  (this folder is on the path: a script's own)

from tools.chromium import chromium_binary  # noqa: E402
from tools.pinned_npm import installed  # noqa: E402
from tools.siteserver import SUBPATH, SiteServer  # noqa: E402

PINNED = Path(__file__).resolve().parent / "lighthouse"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
METRICS = {
    "first-contentful-paint": "fcp_ms",
    "largest-contentful-paint": "lcp_ms",
    "speed-index": "speed_index_ms",
    "total-blocking-time": "tbt_ms",
    "max-potential-fid": "max_fid_ms",
    "cumulative-layout-shift": "cls",
}
VISITS = {"first": [], "return": ["--disable-storage-reset"]}


def lighthouse() -> Path:
    """The pinned Lighthouse's command, installed from the lock unless it already is."""
    return installed(PINNED, "lighthouse") / "node_modules" / ".bin" / "lighthouse"


def run(command: Path, url: str, profile: Path, extra: list[str], out: Path) -> dict:
    """One Lighthouse run (mobile is its default) in the browser profile ``profile``."""
    flags = f"--headless=new --no-sandbox --user-data-dir={profile}"
    subprocess.run(
        [
            str(command),
            url,
            f"--only-categories={','.join(CATEGORIES)}",
            "--output=json",
            f"--output-path={out}",
            f"--chrome-flags={flags}",
            "--quiet",
            *extra,
        ],
        check=True,
        env={**os.environ, "CHROME_PATH": chromium_binary()},
    )
    return json.loads(out.read_text(encoding="utf-8"))


def figures(report: dict) -> dict[str, float]:
    """The scores (0-100) and metrics of one report."""
    found = {name: round(100 * report["categories"][name]["score"]) for name in CATEGORIES}
    for audit, key in METRICS.items():
        value = report["audits"][audit]["numericValue"]
        found[key] = round(value, 3) if key == "cls" else round(value)
    return found


def lost_points(report: dict) -> list[str]:
    """The best-practices audits that failed, with what they say."""
    audits = report["audits"]
    return [
        f"{ref['id']}: {audits[ref['id']]['title']}"
        for ref in report["categories"]["best-practices"]["auditRefs"]
        if ref["weight"] and audits[ref["id"]]["score"] is not None and audits[ref["id"]]["score"] < 1
    ]


def main() -> int:
    args = site_arguments(argparse.ArgumentParser(description=__doc__.splitlines()[0]), runs=2)
    command = lighthouse()
    server = SiteServer(args.dist, SUBPATH, quiet=True, compress=True).start()
    seen: dict[str, list[dict[str, float]]] = {visit: [] for visit in VISITS}
    lost: dict[str, set[str]] = {visit: set() for visit in VISITS}
    try:
        with tempfile.TemporaryDirectory() as scratch:
            for index in range(args.runs):
                profile = Path(scratch) / f"profile-{index}"
                for visit, extra in VISITS.items():
                    report = run(command, server.url, profile, extra, Path(scratch) / f"{visit}-{index}.json")
                    seen[visit].append(figures(report))
                    lost[visit].update(lost_points(report))
    finally:
        server.stop()
    result: dict[str, float] = {}
    for visit, reports in seen.items():
        median = {key: statistics.median(r[key] for r in reports) for key in reports[0]}
        result.update({f"{visit}_{key}": value for key, value in median.items()})
        print(
            f"{visit:<6} performance {median['performance']:.0f}  accessibility {median['accessibility']:.0f}"
            f"  best practices {median['best-practices']:.0f}  SEO {median['seo']:.0f}"
        )
        print(
            f"       FCP {median['fcp_ms']:.0f} ms  LCP {median['lcp_ms']:.0f} ms"
            f"  speed index {median['speed_index_ms']:.0f} ms  TBT {median['tbt_ms']:.0f} ms"
            f"  max potential FID {median['max_fid_ms']:.0f} ms  CLS {median['cls']}"
            f"  (runs: performance {', '.join(str(r['performance']) for r in reports)})"
        )
        for audit in sorted(lost[visit]):
            print(f"       best practices lost to {audit}")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
