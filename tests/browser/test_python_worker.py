"""Where the game's Python runs (static/python.js): in PyScript's worker, the page running no
Python; where no worker starts (the page's policy refuses its script) or the worker dies, on the
page's own thread behind the same applier, with nothing the player did lost. Its interpreter
(static/interpreter.mjs) restored from a memory snapshot made on the device after a plain start."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, expect

from gamepage import click_move, expect_line, line, notices, stat
from royal.deals import numbered_deal
from royal.line import Line
from royal.solver import solve
from tools.paths import DIST
from tools.siteserver import SUBPATH, SiteServer

DEAL = 7
# Every worker the page makes, kept where the test can reach it (installed before the page's
# scripts, so PyScript's own worker class is made from this one).
KEEP_WORKERS = """
const Native = window.Worker;
window.__workers = [];
window.Worker = class extends Native {
  constructor(...args) { super(...args); window.__workers.push(this); }
};
"""
# The worker dies as a crashed one does: it stops, and the page hears its error.
KILL_WORKER_JS = """() => { const worker = window.__workers[0]; worker.terminate();
  worker.dispatchEvent(new ErrorEvent('error', {message: 'the test stopped it'})); }"""
PYTHON_JS = "() => document.documentElement.dataset.python"
# Every value <html data-snapshot> takes, in order, in window.__snapshots.
KEEP_SNAPSHOT_STATES = """
window.__snapshots = [];
new MutationObserver(() => {
  const state = document.documentElement.dataset.snapshot;
  if (state !== window.__snapshots.at(-1)) window.__snapshots.push(state);
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-snapshot"] });
"""
# The memory snapshot's cache, as the page's scripts would find it: its keys.
SNAPSHOT_KEYS_JS = """async () => {
  const name = (await caches.keys()).find((name) => name.endsWith(" snapshot"));
  return name ? (await (await caches.open(name)).keys()).map((request) => request.url) : [];
}"""
# Each stored snapshot replaced: with gzipped bytes that are no snapshot, or moved to the key of
# another build's game.
SPOIL_SNAPSHOT_JS = """async (how) => {
  const name = (await caches.keys()).find((name) => name.endsWith(" snapshot"));
  const cache = await caches.open(name);
  for (const request of await cache.keys()) {
    const junk = new Blob([new Uint8Array(1 << 20).fill(7)]).stream();
    const zipped = junk.pipeThrough(new CompressionStream("gzip"));
    const body = how === "corrupt" ? zipped : (await cache.match(request)).body;
    await cache.delete(request);
    const other = request.url.replace(/royal-[0-9a-f]+/, "royal-000000000000");
    const key = how === "corrupt" ? request.url : other;
    await cache.put(key, new Response(body));
  }
}"""


def controlled(page: Page, wait_ready) -> None:  # type: ignore[no-untyped-def]
    """Reload the page under its service worker, once installed: a first visit makes no snapshot
    (its page is not controlled, and the making would download the runtime again)."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    wait_ready(page)


def snapshot_states(page: Page, last: str) -> list[str]:
    """The states <html data-snapshot> took since the page loaded, once it says `last`."""
    page.wait_for_function(f"() => window.__snapshots.at(-1) === {json.dumps(last)}", timeout=120_000)
    states: list[str] = page.evaluate("window.__snapshots")
    return states


def play(page: Page, count: int) -> Line:
    """Click the first `count` moves of the deal's shortest win; the line after them."""
    position = Line(numbered_deal(DEAL))
    for move in solve(numbered_deal(DEAL)).moves[:count]:
        click_move(page, move)
        position.push(move)
    return position


def test_the_game_runs_in_the_worker_and_no_python_on_the_page(page: Page, open_game) -> None:
    open_game(page, f"?deal={DEAL}")  # wait_ready: data-python is "worker"
    assert page.locator('script[type="py"]').count() == 0, "no Python tag on the page"
    position = play(page, 3)
    expect_line(page, position.cards)
    page.locator("#hint").click()
    page.wait_for_selector("#line [data-hint]", state="attached")


def test_a_policy_that_refuses_the_worker_runs_the_game_on_the_page(
    new_context: Callable[..., BrowserContext],
    serve_site: Callable[..., SiteServer],
    wait_ready,
    tmp_path: Path,
) -> None:
    strict = tmp_path / "site"
    shutil.copytree(DIST, strict)
    html = (strict / "index.html").read_text(encoding="utf-8")
    assert html.count("worker-src 'self' blob:") == 1
    (strict / "index.html").write_text(
        html.replace("worker-src 'self' blob:", "worker-src 'self'"), encoding="utf-8"
    )
    url = serve_site(strict, SUBPATH).url
    page = new_context(service_workers="block").new_page()
    page.goto(url + f"?deal={DEAL}")
    wait_ready(page, python="page")
    position = play(page, 2)
    expect_line(page, position.cards)
    page.reload()
    wait_ready(page, python="page")
    expect_line(page, position.cards)


def test_a_worker_that_dies_hands_the_game_to_the_page_losing_nothing(
    new_context: Callable[..., BrowserContext], site: SiteServer, wait_ready
) -> None:
    context = new_context()
    context.add_init_script(KEEP_WORKERS)
    page = context.new_page()
    page.goto(site.url + f"?deal={DEAL}")
    wait_ready(page)
    moves = solve(numbered_deal(DEAL)).moves
    position = play(page, 2)
    # Stopped with a move on its way: the move's answer never comes from the worker.
    page.evaluate("() => window.__workers[0].terminate()")  # PyScript's, made before any other
    page.locator(f'#line [data-card="{moves[2].left}"]').click()
    page.locator(f'#line [data-card="{moves[2].right}"]').click()
    page.evaluate(KILL_WORKER_JS)
    position.push(moves[2])
    page.wait_for_function("() => document.documentElement.dataset.python === 'page'")
    expect_line(page, position.cards, timeout_s=60)
    assert notices(page) == [], "nothing was lost, so nothing to tell"
    click_move(page, moves[3])
    position.push(moves[3])
    expect_line(page, position.cards)
    assert line(page) == list(position.cards)


def test_a_snapshot_made_after_ready_starts_the_next_visit_through_a_whole_won_game(
    new_context: Callable[..., BrowserContext], site: SiteServer, wait_ready
) -> None:
    context = new_context()
    context.add_init_script(KEEP_SNAPSHOT_STATES)
    page = context.new_page()
    page.goto(site.url + f"?deal={DEAL}")
    wait_ready(page)
    controlled(page, wait_ready)
    assert snapshot_states(page, "made") == ["none", "made"], "a plain start, then one made"
    page.reload()
    wait_ready(page)
    assert snapshot_states(page, "used") == ["used"], "restored, and none made again"
    play(page, len(solve(numbered_deal(DEAL)).moves))
    expect(page.locator("body")).to_have_attribute("data-outcome", "won")
    page.reload()
    wait_ready(page)
    assert snapshot_states(page, "used") == ["used"]
    assert stat(page, "wins") == "1"


def test_a_snapshot_that_does_not_restore_or_is_stale_gives_a_plain_start_and_is_made_again(
    new_context: Callable[..., BrowserContext], site: SiteServer, wait_ready
) -> None:
    context = new_context()
    context.add_init_script(KEEP_SNAPSHOT_STATES)
    page = context.new_page()
    page.goto(site.url + f"?deal={DEAL}")
    wait_ready(page)
    controlled(page, wait_ready)
    snapshot_states(page, "made")
    [made] = page.evaluate(SNAPSHOT_KEYS_JS)
    for how, states in (("corrupt", ["failed", "made"]), ("stale", ["none", "made"])):
        page.evaluate(SPOIL_SNAPSHOT_JS, how)
        page.reload()
        wait_ready(page)
        expect_line(page, play(page, 2).cards)
        assert snapshot_states(page, "made") == states, how
        assert page.evaluate(SNAPSHOT_KEYS_JS) == [made], "only this build's snapshot is kept"
        page.evaluate("() => localStorage.clear()")
    page.reload()
    wait_ready(page)
    assert snapshot_states(page, "used") == ["used"]
