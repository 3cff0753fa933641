"""A tab that missed other tabs' writes (restored from the back/forward cache) catches up and
says so, and never overwrites newer progress (docs/saves.md, "Tabs")."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from conftest import DESKTOP, TIMEOUT_MS
from gamepage import click_move, expect_line, field, line, notices, stat, stored
from royal import describe
from royal.line import Line
from royal.saves import load_game
from royal.storage_keys import GAME_KEY

RESTORES = """
window.__restored = [];
window.addEventListener("pageshow", (event) => window.__restored.push(event.persisted));
"""


def play_leftmost(page: Page, count: int) -> None:
    for _ in range(count):
        click_move(page, Line(line(page)).legal_moves()[0])


@pytest.fixture
def cached_contexts(
    browser_type, browser_type_launch_args, _recorder
) -> Iterator[Callable[[], BrowserContext]]:
    """Makes contexts in a Chromium that keeps pages in the back/forward cache (Playwright turns
    it off by default), recorded like every other context."""
    browser = browser_type.launch(
        **browser_type_launch_args, ignore_default_args=["--disable-back-forward-cache"]
    )

    def make() -> BrowserContext:
        context = browser.new_context(viewport=DESKTOP)
        context.set_default_timeout(TIMEOUT_MS)
        _recorder.watch(context)
        return context

    yield make
    browser.close()


def test_a_page_restored_from_the_back_forward_cache_adopts_newer_progress(
    cached_contexts: Callable[[], BrowserContext], site, wait_ready
) -> None:
    # Chromium caches a page only if no script runs at the moment it is left, which a test
    # cannot arrange for certain: the scenario is tried again (in a fresh profile) if not.
    for _ in range(3):
        if restored_page_catches_up(cached_contexts(), site, wait_ready):
            return
    pytest.fail("the page was never restored from the back/forward cache")


def restored_page_catches_up(context: BrowserContext, site, wait_ready) -> bool:
    a = context.new_page()
    a.add_init_script(RESTORES)
    a.goto(site.url + "?deal=9")
    wait_ready(a)
    play_leftmost(a, 1)  # game X, one move
    x = field(a, "deal")
    a.wait_for_timeout(1_000)
    a.goto(site.url + "static/manifest.webmanifest")  # A leaves: the page is frozen, not closed

    b = context.new_page()
    b.goto(site.url)
    wait_ready(b)
    expect(b.locator("[data-field=moves]")).to_have_text("1")
    b.locator("#new-game").click()  # X counts as a loss; B plays three moves of game Y
    confirm = b.locator("dialog[open] [data-confirm]")
    if confirm.count():
        confirm.click()
    expect(b.locator("[data-stat=played]")).to_have_text("1")
    play_leftmost(b, 3)
    y, saved = field(b, "deal"), stored(b, GAME_KEY)
    assert y != x

    a.go_back(wait_until="commit")  # a restored page fires no load event
    # Restored, the page keeps its list and adds to it; loaded again, it starts a new one.
    a.wait_for_function("document.readyState === 'complete' && (window.__restored || []).length > 0")
    if a.evaluate("window.__restored") != [False, True]:
        context.close()
        return False
    expect(a.locator("[data-field=deal]")).to_have_text(y)
    expect(a.locator("[data-field=moves]")).to_have_text("3")
    expect_line(a, line(b))
    assert any(text.startswith(describe.CAUGHT_UP) for text in notices(a))
    assert stat(a, "played") == "1"
    play_leftmost(a, 1)  # A goes on with Y, from where B left it
    expect(b.locator("[data-field=moves]")).to_have_text("4")
    assert load_game(stored(a, GAME_KEY), 0.0).moves == 4 and saved != stored(a, GAME_KEY)
    context.close()
    return True
