"""Where the game's Python runs (static/python.js): in PyScript's worker, the page running no
Python; where no worker starts (the page's policy refuses its script) or the worker dies, on the
page's own thread behind the same applier, with nothing the player did lost."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import BrowserContext, Page

from gamepage import click_move, expect_line, line, notices
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
KILL_WORKER_JS = """() => { const worker = window.__workers.at(-1); worker.terminate();
  worker.dispatchEvent(new ErrorEvent('error', {message: 'the test stopped it'})); }"""
PYTHON_JS = "() => document.documentElement.dataset.python"


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
    page.evaluate("() => window.__workers.at(-1).terminate()")
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
