"""A tab that missed other tabs' writes (restored from the back/forward cache, or deaf to them)
catches up and says so, and never overwrites newer progress (docs/saves.md, "Tabs"); a tab that
follows another's play drops what it offered for the line it showed."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from conftest import DESKTOP, TIMEOUT_MS
from gamepage import (
    card,
    click_move,
    drag,
    expect_line,
    field,
    line,
    marked,
    notices,
    stat,
    stored,
    two_tabs,
)
from royal import describe
from royal.line import Line
from royal.saves import load_game
from royal.storage_keys import GAME_KEY

# A tab hears another tab's writes through storage events; this one misses them, as a frozen
# tab does, so it falls behind without knowing until it acts.
DEAF = 'window.addEventListener("storage", (event) => event.stopImmediatePropagation(), true);'
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


def expect_nothing_offered(page: Page) -> None:
    """No card is selected, dragged or marked."""
    expect(page.locator("#line [aria-pressed=true]")).to_have_count(0)
    expect(page.locator("#line [data-dragging]")).to_have_count(0)
    assert marked(page, "data-role", "partner") == set()
    assert marked(page, "data-role", "enclosed") == set()


def test_a_drag_in_a_tab_behind_another_catches_up_and_plays_nothing(new_context, site, wait_ready) -> None:
    a, b = two_tabs(new_context(), site.url, wait_ready, second_script=DEAF)
    shown = Line(line(b))
    play_leftmost(a, 1)
    expect(b.locator("[data-field=moves]")).to_have_text("0")  # b has not heard

    move = shown.legal_moves()[-1]  # a move of the line b still shows
    drag(b, move.left, card(b, move.right))
    b.mouse.up()
    expect(b.locator("[data-field=moves]")).to_have_text("1")  # a's game, drawn
    expect_line(b, line(a))
    assert any(text.startswith(f"{describe.CAUGHT_UP} {describe.NOT_PLAYED}") for text in notices(b))
    expect_nothing_offered(b)
    expect(b.locator("#status")).to_have_text("")
    expect(b.locator(".py-error")).to_have_count(0)
    assert field(a, "moves") == "1" and load_game(stored(a, GAME_KEY), 0.0).moves == 1


def test_a_tab_following_another_drops_its_selection_and_ends_a_drag_with_a_word(
    new_context, site, wait_ready
) -> None:
    a, b = two_tabs(new_context(), site.url, wait_ready)

    # A selection: after a's move, nothing in b still describes it.
    chosen = next(c for c in line(b) if Line(line(b)).partners(c))
    card(b, chosen).click()
    expect(b.locator("#status")).to_contain_text("selected")
    play_leftmost(a, 1)
    expect(b.locator("[data-field=moves]")).to_have_text("1")
    expect_line(b, line(a))
    expect_nothing_offered(b)
    expect(b.locator("#status")).to_have_text("")

    # A drag of a card that a's next move removes: it ends, and b says why.
    move = Line(line(a)).legal_moves()[0]
    gone = Line(line(a)).enclosed(move)[0]
    drag(b, gone, b.locator(".fields"))
    click_move(a, move)
    expect(b.locator("[data-field=moves]")).to_have_text("2")
    expect(b.locator("#status")).to_have_text(describe.DRAG_STOPPED)
    expect(b.locator("#announcer")).to_have_text(describe.DRAG_STOPPED)
    expect_nothing_offered(b)
    b.mouse.up()
    expect_line(b, line(a))
    assert field(b, "moves") == "2" and load_game(stored(b, GAME_KEY), 0.0).moves == 2
    expect(b.locator(".py-error")).to_have_count(0)
