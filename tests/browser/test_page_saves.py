"""Storage faults only a browser shows: a localStorage that throws as it is read, is null, or
refuses every write as a full one does. The page boots, says so once, plays, counts in memory,
and (a full storage) keeps reading the saves and saves all once there is room again.
What the game makes of its saves (a reload restoring the game, its history, clock and stats;
unreadable and deeply nested records kept aside; two tabs sharing a game and counting it once;
the same storage faults step by step) is tested under CPython in tests/test_app_saves.py."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from gamepage import click_move, confirm_loss, expect_shadow, field, stored
from royal import describe, saves
from royal.game import Game
from royal.saves import load_game
from royal.storage_keys import GAME_KEY

NOT_KEPT = "will not be kept"
PLANT = "([key, text]) => localStorage.setItem(key, text)"

BLOCKED = """
Object.defineProperty(window, 'localStorage', {
  configurable: true,
  get() { throw new DOMException('The user denied storage', 'SecurityError'); },
});
"""
#: What some embedded browsers give (and Firefox with DOM storage turned off): no storage at all.
NULL = """
Object.defineProperty(window, 'localStorage', { configurable: true, get() { return null; } });
"""

QUOTA = """
window.roomAgain = ((setItem) => () => { Storage.prototype.setItem = setItem; })(Storage.prototype.setItem);
Storage.prototype.setItem = function () {
  throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
};
"""


def play_one_and_check(page: Page, game: Game) -> None:
    """The game plays: a legal move of ``game`` (as the page shows it) by clicks changes the line
    as the engine says."""
    move = game.legal_moves()[0]
    game.play(move, 0)
    click_move(page, move)
    expect_shadow(page, game)


@pytest.mark.parametrize("script", [BLOCKED, NULL], ids=["throws", "null"])
def test_blocked_storage_still_plays_and_says_so(new_context, site, wait_ready, script) -> None:
    context = new_context()
    context.add_init_script(script)
    page = context.new_page()
    page.goto(site.url + "?deal=5")
    wait_ready(page)
    notice = page.locator("#notices .notice")
    expect(notice).to_have_count(1)
    expect(notice).to_be_visible()
    expect(notice).to_contain_text(NOT_KEPT)
    assert field(page, "deal") == "5"
    play_one_and_check(page, Game.numbered(5))
    page.locator("#restart").click()
    confirm_loss(page)
    expect(page.locator("[data-stat=played]")).to_have_text("1")
    expect(notice).to_have_count(1)
    notice.locator("button").click()  # dismissed
    expect(notice).to_have_count(0)


def test_full_storage_still_plays_and_keeps_reading_saves(new_context, site, wait_ready) -> None:
    game = Game.numbered(6)
    game.play(game.legal_moves()[0], 1.0)
    page = new_context().new_page()
    page.goto(site.url + "static/cards-LICENSE.txt")  # a page of the site that is not the game
    page.evaluate(PLANT, [GAME_KEY, saves.dump_game(game, 2.0, 1)])
    page.add_init_script(QUOTA)
    page.goto(site.url)
    wait_ready(page)
    notice = page.locator("#notices .notice")
    expect(notice).to_have_count(1)
    expect(notice).to_contain_text(describe.NOT_SAVING)
    expect_shadow(page, game)  # the saved game is still read back
    play_one_and_check(page, game)
    assert load_game(stored(page, GAME_KEY), 0.0).moves == 1, "not saved while the storage is full"

    # Issue 26, item 8: once the storage takes writes again, the next move saves all, and says so.
    page.evaluate("() => window.roomAgain()")
    play_one_and_check(page, game)
    expect(page.locator("#notices")).to_contain_text(describe.SAVING_AGAIN)
    assert load_game(stored(page, GAME_KEY), 0.0).moves == 3
