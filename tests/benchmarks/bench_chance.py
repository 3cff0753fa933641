"""Benchmark of the stock game's chance and hint, in CPython.

    python3 tests/benchmarks/bench_chance.py [--deals 5] [--samples 100 200]

Plays numbered deals from the stock by the hint (the removal that keeps the whole chance, else
a deal) and times, at every position, the chance (``Game.advice``: every sampled order
solved) and the hint on top of it (``Advice.best``: the removals weighed over the orders that
win). Prints median, 90th percentile and worst per sample size, in milliseconds.

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

from royal.game import Game
from royal.variant import STOCK


def summary(times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return f"{statistics.median(ordered):8.1f}ms {p90:8.1f}ms {ordered[-1]:8.1f}ms"


def measure(deals: int, samples: int) -> tuple[list[float], list[float], int]:
    chance_ms, hint_ms, wins = [], [], 0
    for number in range(1, deals + 1):
        game = Game.numbered(number, STOCK)
        while game.outcome is None:
            start = time.perf_counter()
            advice = game.advice(samples, seed=number)
            middle = time.perf_counter()
            best = advice.best
            end = time.perf_counter()
            if game.can_deal:  # with the stock dealt it is the open game's solver
                chance_ms.append((middle - start) * 1000)
                hint_ms.append((end - start) * 1000)
            if best is not None:
                game.play(best, 0)
            elif game.can_deal:
                game.deal(0)
            else:
                game.play(game.legal_moves()[0], 0)
        wins += game.outcome.value == "won"
    return chance_ms, hint_ms, wins


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5, help="how many numbered deals, from 1")
    parser.add_argument("--samples", type=int, nargs="+", default=[100, 200], help="orders sampled")
    args = parser.parse_args(argv)
    print(f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()}")
    print(f"deals 1-{args.deals} played from the stock by the hint; positions with cards in the stock")
    print(f"{'':24} {'median':>10} {'p90':>10} {'worst':>10}")
    gc.disable()
    try:
        for samples in args.samples:
            chance_ms, hint_ms, wins = measure(args.deals, samples)
            print(f"chance, {samples:4} orders     {summary(chance_ms)}   ({len(chance_ms)} positions)")
            print(f"chance + hint, {samples:4}     {summary(hint_ms)}   (hint won {wins} of {args.deals})")
    finally:
        gc.enable()
    return 0


if __name__ == "__main__":
    sys.exit(main())
