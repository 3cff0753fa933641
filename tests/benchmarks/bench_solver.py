"""Benchmark of the exact solver on full 52-card deals, in CPython.

    python3 tests/benchmarks/bench_solver.py [--deals 2000] [--first 1] [--repeat 3]

Prints the time to decide a deal (``is_winnable``) and to find a shortest win (``solve``)
over numbered deals: median, 90th percentile and worst, against the project's targets
(decide < 1 ms median, shortest win < 5 ms median; under the suit-runs rule, whose verdict is
the same, a shortest win < 20 ms median). Exits 1 when a median misses its target.

The file name does not start with ``test_``, so pytest does not collect it.
"""

from __future__ import annotations

import argparse
import gc
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from royal.deals import numbered_deal
from royal.solver import is_winnable, solve


def solve_with_runs(cards):
    return solve(cards, suit_runs=True)


TARGETS_MS = {"decide (is_winnable)": 1.0, "shortest win (solve)": 5.0, "suit runs (solve)": 20.0}
FUNCTIONS = {
    "decide (is_winnable)": is_winnable,
    "shortest win (solve)": solve,
    "suit runs (solve)": solve_with_runs,
}


def timed(function, cards, repeat: int) -> float:
    """The best of ``repeat`` runs, in milliseconds (the least disturbed by the machine)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        function(cards)
        best = min(best, time.perf_counter() - start)
    return best * 1000


def summary(times: list[float]) -> tuple[float, float, float]:
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return statistics.median(ordered), p90, ordered[-1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="how many numbered deals")
    parser.add_argument("--first", type=int, default=1, help="the first deal number")
    parser.add_argument("--repeat", type=int, default=3, help="runs per deal; the best counts")
    args = parser.parse_args(argv)

    deals = [numbered_deal(n) for n in range(args.first, args.first + args.deals)]
    for cards in deals[:50]:  # warm up
        is_winnable(cards)
        solve(cards)
    results = {name: [] for name in TARGETS_MS}
    winnable = 0
    gc.disable()
    try:
        for cards in deals:
            for name, function in FUNCTIONS.items():
                results[name].append(timed(function, cards, args.repeat))
            winnable += is_winnable(cards)
    finally:
        gc.enable()

    print(f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()}")
    print(
        f"deals {args.first}-{args.first + args.deals - 1} ({args.deals}, {winnable} winnable), "
        f"best of {args.repeat} runs each"
    )
    print(f"{'':22} {'median':>9} {'p90':>9} {'worst':>9}   target (median)")
    failed = False
    for name, target in TARGETS_MS.items():
        median, p90, worst = summary(results[name])
        ok = median < target
        failed |= not ok
        print(
            f"{name:22} {median:8.3f}ms {p90:8.3f}ms {worst:8.3f}ms   < {target:g} ms "
            f"{'ok' if ok else 'MISSED'}"
        )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
