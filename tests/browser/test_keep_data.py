"""The page asks the browser to keep its data (navigator.storage.persist) once the player has
a win or installs the game, and not before (docs/saves.md, "Keeping the data")."""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Page

from gamepage import after_turns, click_move, open_one_move_from_the_win, winnable_deal

# Counts the page's requests instead of asking the real browser (whose answer depends on
# heuristics, not on the game).
COUNT_PERSIST = """
window.__persist = 0;
Object.defineProperty(navigator.storage, "persist", {
  value: () => { window.__persist += 1; return Promise.resolve(true); },
});
"""


def asked(page: Page) -> int:
    return page.evaluate("window.__persist")


def asked_once(page: Page) -> None:
    """The page asks once the drawing is painted (royal/view/timing.py's wait): wait for the
    ask, then for every turn asked meanwhile, and see it asked once."""
    page.wait_for_function("() => window.__persist > 0")
    after_turns(page)
    assert asked(page) == 1


def test_a_win_asks_once_and_a_later_visit_asks_again(page: Page, site, wait_ready) -> None:
    page.add_init_script(COUNT_PERSIST)
    _, last = open_one_move_from_the_win(page, site.url, wait_ready, winnable_deal())
    assert asked(page) == 0  # moves alone, and a player with no win, ask nothing
    click_move(page, last)
    page.wait_for_selector("body[data-outcome=won]", state="attached")
    asked_once(page)
    page.locator("#result-restart").click()
    page.wait_for_selector("body:not([data-outcome])", state="attached")
    after_turns(page)
    assert asked(page) == 1  # once per visit
    page.reload()
    page.wait_for_selector("body[data-ready]", state="attached")
    asked_once(page)  # the stats hold a win: the next visit asks as it starts


def test_installing_the_game_asks(new_context, open_game) -> None:
    context: BrowserContext = new_context()
    page = context.new_page()
    page.add_init_script(COUNT_PERSIST)
    open_game(page)
    assert asked(page) == 0
    page.evaluate("window.dispatchEvent(new Event('appinstalled'))")
    after_turns(page)
    assert asked(page) == 1
