"""Benchmark of loading the costliest saves the game accepts, in CPython and in the page.

    python3 tests/benchmarks/bench_saves.py [--page]

Prints the time to load (docs/saves.md): a format 1 record of 33,000 events (hint, move,
undo over 11,000 positions, the case that once took a minute), one of 100,000 events (the
most format 1 held), and the largest format 2 record (50 moves in play, or one move with 50
redo moves). With ``--page`` (needs dist/ and ROYAL_CHROMIUM or Debian's chromium) it also
loads each record in Chromium, with the Pyodide and the package the site ships, timed by
Python in the page. The target: every load well under a second in the page.

The file name does not start with ``test_``, so pytest does not collect it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from royal.deals import numbered_deal  # noqa: E402
from royal.game import Game  # noqa: E402
from royal.saves import dump_game, load_game  # noqa: E402
from royal.solver import solve  # noqa: E402

NUMBER = next(n for n in range(1, 50) if solve(numbered_deal(n)).winnable)


def v1(events: list[str]) -> str:
    body = {
        "id": "bench",
        "number": NUMBER,
        "cards": list(numbered_deal(NUMBER)),
        "events": events,
        "elapsed": 100.0,
        "started": True,
    }
    return json.dumps({"app": "royal-marriage", "kind": "game", "version": 1, "game": body})


def records() -> dict[str, str]:
    game, hint_move_undo = Game.numbered(NUMBER), []
    while len(hint_move_undo) < 33_000:
        for move in game.legal_moves():
            hint_move_undo += ["hint", str(move), "undo"]
        forward = solve(game.line.cards).moves[0]
        game.play(forward, 0.0)
        hint_move_undo.append(str(forward))
        if len(game.line) <= 4:  # near the end: undo back to the start, and on again
            hint_move_undo += ["undo"] * game.moves
            game.rewind(0, 0.0)
    first = str(Game.numbered(NUMBER).legal_moves()[0])
    longest = Game.numbered(NUMBER)
    while longest.legal_moves():
        longest.play(min(longest.legal_moves(), key=lambda m: len(longest.line.enclosed(m))), 0.0)
    redo = Game.numbered(NUMBER)
    for move in solve(redo.cards).moves[:-1]:  # all but the winning move: then undo them all
        redo.play(move, 0.0)
    redo.rewind(0, 0.0)
    return {
        "format 1, 33,000 events (hint, move, undo)": v1(hint_move_undo[:33_000]),
        "format 1, 100,000 events (undo, redo)": v1([first] + ["undo", "redo"] * 49_999 + ["undo"]),
        "format 2, longest line of play": dump_game(longest, 5.0),
        "format 2, a line of play undone (redo moves)": dump_game(redo, 5.0),
    }


def in_cpython(texts: dict[str, str]) -> None:
    for name, text in texts.items():
        start = time.perf_counter()
        load_game(text, 0.0)
        print(f"CPython  {name}: {len(text):>9,} chars, load {1000 * (time.perf_counter() - start):8.1f} ms")


# Runs in the browser: Pyodide as the site ships it, the game's package from royal.zip, and each
# record loaded by royal.saves, timed by Python itself (so the boot does not blur the figure).
LOAD_IN_PAGE = """async ([site, texts]) => {
  const { loadPyodide } = await import(site + "static/vendor/pyodide/pyodide.mjs");
  const py = await loadPyodide({ indexURL: site + "static/vendor/pyodide/" });
  py.unpackArchive(await (await fetch(site + "royal.zip")).arrayBuffer(), "zip");
  py.globals.set("texts", py.toPy(texts));
  return py.runPython(`
import time
from royal.saves import load_game
times = {}
for name, text in texts.items():
    start = time.perf_counter()
    load_game(text, 0.0)
    times[name] = time.perf_counter() - start
times
`).toJs({ dict_converter: Object.fromEntries });
}"""


def in_page(texts: dict[str, str]) -> None:
    from playwright.sync_api import sync_playwright

    from tools.chromium import CHROMIUM_FLAGS, chromium_binary
    from tools.paths import DIST
    from tools.siteserver import SUBPATH, SiteServer

    server = SiteServer(DIST, SUBPATH, quiet=True).start()
    chromium = chromium_binary()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS)
        page = browser.new_page()
        page.set_default_timeout(300_000)
        page.goto(server.url + "static/manifest.webmanifest")  # same origin, no page script
        times = page.evaluate(LOAD_IN_PAGE, [server.url, texts])
        for name, seconds in times.items():
            print(f"page     {name}: load {1000 * seconds:8.1f} ms")
        browser.close()
    server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--page", action="store_true", help="also boot the built page over each save")
    args = parser.parse_args()
    texts = records()
    in_cpython(texts)
    if args.page:
        in_page(texts)


if __name__ == "__main__":
    main()
