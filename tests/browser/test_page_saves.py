"""Saves in the page: a reload restores the exact game, unreadable saves are kept aside,
refused or full storage still plays, and two tabs share one game without double counting."""

from __future__ import annotations

import datetime as dt

import pytest
from playwright.sync_api import Page, expect

from gamepage import (
    KEPT_GAME,
    KEPT_STATS,
    click_move,
    confirm_loss,
    expect_line,
    expect_shadow,
    field,
    line,
    notices,
    seconds,
    seed_once,
    stat,
    stored,
    two_tabs,
    winnable_deal,
)
from royal import describe
from royal.deals import numbered_deal
from royal.game import Game
from royal.line import Line
from royal.saves import load_game, load_stats
from royal.solver import solve
from royal.storage_keys import GAME_KEY, KEPT_PREFIX, SETTINGS_KEY, STATS_KEY

NOT_KEPT = "will not be kept"


def test_reload_restores_game_history_clock_and_stats(page: Page, open_game, wait_ready) -> None:
    number = winnable_deal(7)
    moves = solve(numbered_deal(number)).moves
    open_game(page, f"?deal={number}")
    shadow = Game.numbered(number)

    # A finished (lost) game first, so there are stats to survive the reload.
    click_move(page, moves[0])
    page.locator("#restart").click()
    confirm_loss(page)
    expect(page.locator("[data-stat=played]")).to_have_text("1")
    stats_before = {name: stat(page, name) for name in ("played", "wins", "win-rate", "best-score")}

    for move in moves[:4]:
        click_move(page, move)
        shadow.play(move, 0)
    page.locator("#undo").click()
    shadow.undo(0)
    expect_shadow(page, shadow)
    expect(page.locator("#redo")).to_be_enabled()
    page.wait_for_function("() => document.querySelector('[data-field=time]').textContent >= '0:02'")
    before = seconds(field(page, "time"))

    page.reload()
    wait_ready(page)
    expect_shadow(page, shadow)
    after = seconds(field(page, "time"))
    assert before <= after <= before + 10, (before, after)
    assert field(page, "deal") == str(number)
    assert {name: stat(page, name) for name in stats_before} == stats_before
    expect(page.locator("#undo")).to_be_enabled()
    expect(page.locator("#redo")).to_be_enabled()
    assert not notices(page), "a good save gives no notice"

    # Redo and undo carry on from the restored history.
    page.locator("#redo").click()
    shadow.redo(0)
    expect_shadow(page, shadow)
    expect(page.locator("#redo")).to_be_disabled()
    page.locator("#undo").click()
    shadow.undo(0)
    expect_shadow(page, shadow)
    page.locator("#undo").click()
    shadow.undo(0)
    expect_shadow(page, shadow)

    # The clock keeps running after the reload.
    page.wait_for_function(
        "s => { const [m, r] = document.querySelector('[data-field=time]').textContent.split(':');"
        " return m * 60 + Number(r) > s; }",
        arg=after,
    )


def test_corrupt_saves_are_kept_aside_with_a_notice(new_context, site, wait_ready) -> None:
    context = new_context()
    garbage = '{"app": "royal-marriage", "kind": "game", "version": 1, "body": {"cards": "nonsense'
    seed_once(context, GAME_KEY, garbage)
    page = context.new_page()
    page.goto(site.url)
    wait_ready(page)

    notice = page.locator("#notices .notice")
    expect(notice).to_have_count(1)
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("could not be read")
    expect(notice).to_contain_text("kept aside")
    assert stored(page, KEPT_GAME) == garbage
    assert len(line(page)) == 52
    number = int(field(page, "deal"))
    first = Game.numbered(number).legal_moves()[0]
    click_move(page, first)
    expect(page.locator("[data-field=moves]")).to_have_text("1")
    assert stored(page, GAME_KEY) != garbage
    page.locator("#notices .notice button").click()
    expect(notice).to_have_count(0)

    # Later: stats garbage, and another unreadable game. The first kept copy is not overwritten.
    seed_once(context, STATS_KEY, "\x00not json")
    seed_once(context, GAME_KEY, "[]")
    page.reload()
    wait_ready(page)
    texts = notices(page)
    assert len(texts) == 2, texts
    assert any("stats" in text and "kept aside" in text for text in texts), texts
    assert any("unfinished game" in text and "kept aside" in text for text in texts), texts
    assert not any("royal-marriage." in text for text in texts), "no storage key names"
    assert stored(page, KEPT_GAME) == garbage
    assert stored(page, "royal-marriage.unreadable.game.2") == "[]"
    assert stored(page, KEPT_STATS) == "\x00not json"
    assert stat(page, "played") == "0"
    assert field(page, "moves") == "0"
    assert len(line(page)) == 52
    game = Game.numbered(int(field(page, "deal")))
    click_move(page, game.legal_moves()[0])
    expect(page.locator("[data-field=moves]")).to_have_text("1")

    # A clean reload keeps the game and says nothing more.
    page.reload()
    wait_ready(page)
    assert notices(page) == []
    assert field(page, "moves") == "1"
    assert stored(page, KEPT_GAME) == garbage


def deep_record(kind: str, depth: int) -> str:
    """A ``kind`` record whose body is lists nested ``depth`` deep (10,000 deep is about 20 KB)."""
    return f'{{"app":"royal-marriage","kind":"{kind}","version":1,"{kind}":{"[" * depth}{"]" * depth}}}'


@pytest.mark.parametrize("key, kind", [(GAME_KEY, "game"), (STATS_KEY, "stats"), (SETTINGS_KEY, "settings")])
def test_a_record_nested_ten_thousand_deep_is_kept_aside_and_the_game_starts(
    new_context, site, wait_ready, key, kind
) -> None:
    """Such a record once overflowed the runtime's stack on every start, for good."""
    context = new_context()
    deep = deep_record(kind, 10_000)
    seed_once(context, key, deep)
    page = context.new_page()
    page.goto(site.url)
    wait_ready(page)
    texts = notices(page)
    assert len(texts) == 1 and "could not be read" in texts[0] and "kept aside" in texts[0], texts
    assert stored(page, f"{KEPT_PREFIX}{kind}.1") == deep
    play_one_and_check(page)

    # Another tab writing such a record: this one reads it through its storage listener, lives on
    # and goes on playing.
    other = context.new_page()
    other.goto(site.url)
    wait_ready(other)
    other.evaluate("([key, text]) => localStorage.setItem(key, text)", [key, deep_record(kind, 10_000)])
    page.bring_to_front()
    position = Line(line(page))
    move = position.legal_moves()[0]
    click_move(page, move)
    position.push(move)
    expect_line(page, position.cards)
    assert page.locator(".py-error").count() == 0


def play_one_and_check(page: Page) -> None:
    """The game plays: a legal move by clicks changes the line as the engine says."""
    game = Game.numbered(int(field(page, "deal")))
    assert line(page) == list(game.line.cards)
    move = game.legal_moves()[0]
    game.play(move, 0)
    click_move(page, move)
    expect_shadow(page, game)


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
    play_one_and_check(page)
    page.locator("#restart").click()
    confirm_loss(page)
    expect(page.locator("[data-stat=played]")).to_have_text("1")
    expect(notice).to_have_count(1)


def test_full_storage_still_plays_and_keeps_reading_saves(new_context, site, wait_ready) -> None:
    context = new_context()
    page = context.new_page()
    page.goto(site.url + "?deal=6")
    wait_ready(page)
    game = Game.numbered(6)
    move = game.legal_moves()[0]
    click_move(page, move)
    game.play(move, 0)
    assert notices(page) == []

    context.add_init_script(QUOTA)
    page.reload()
    wait_ready(page)
    notice = page.locator("#notices .notice")
    expect(notice).to_have_count(1)
    expect(notice).to_contain_text(describe.NOT_SAVING)
    expect_shadow(page, game)  # the saved game is still read back
    move = game.legal_moves()[0]
    click_move(page, move)
    game.play(move, 0)
    expect_shadow(page, game)
    assert load_game(stored(page, GAME_KEY), 0.0).moves == 1, "not saved while the storage is full"

    # Issue 26, item 8: once the storage takes writes again, the next move saves all, and says so.
    page.evaluate("() => window.roomAgain()")
    move = game.legal_moves()[0]
    click_move(page, move)
    game.play(move, 0)
    expect_shadow(page, game)
    expect(page.locator("#notices")).to_contain_text(describe.SAVING_AGAIN)
    assert load_game(stored(page, GAME_KEY), 0.0).moves == 3


def test_two_tabs_share_the_game_and_count_it_once(new_context, site, wait_ready) -> None:
    a, b = two_tabs(new_context(), site.url, wait_ready)
    a.bring_to_front()
    game = Game.numbered(9)
    expect_line(b, game.line.cards)

    move = game.legal_moves()[0]
    click_move(a, move)
    game.play(move, 0)
    expect_shadow(a, game)
    expect_shadow(b, game)  # adopted from the storage event

    b.bring_to_front()
    move = game.legal_moves()[0]
    click_move(b, move)
    game.play(move, 0)
    expect_shadow(b, game)
    expect_shadow(a, game)

    # Both leave the shared game: it counts once.
    a.bring_to_front()
    a.locator("#new-game").click()
    confirm_loss(a)
    expect(a.locator("[data-stat=played]")).to_have_text("1")
    b.bring_to_front()
    expect(b.locator("[data-field=deal]")).to_have_text(field(a, "deal"))  # b follows a's new game
    b.locator("#new-game").click()  # which has no move: no question
    expect(b.locator("[data-field=moves]")).to_have_text("0")
    for page in (a, b):
        expect(page.locator("[data-stat=played]")).to_have_text("1")
        assert stat(page, "wins") == "0"
    assert load_stats(stored(a, STATS_KEY), dt.date.today()).played == 1
    expect(a.locator("[data-field=deal]")).to_have_text(field(b, "deal"))
