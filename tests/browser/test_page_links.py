"""Deal links in the page: bad values get a notice and a normal game, a custom order opens
as given, and a saved game with moves is never dropped for a link without asking."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from gamepage import (
    click_move,
    confirm_loss,
    custom_order,
    expect_line,
    expect_shadow,
    field,
    line,
    notices,
    stat,
)
from royal.deals import numbered_deal
from royal.game import Game
from royal.line import Line


def assert_playable(page: Page) -> None:
    """A normal game: 52 cards of the deal shown, and a click-played move works."""
    cards = line(page)
    assert len(cards) == 52 and cards[0] == "QH" and cards[-1] == "KH"
    position = Line(cards)
    move = position.legal_moves()[0]
    click_move(page, move)
    position.push(move)
    expect_line(page, position.cards)
    page.locator("#undo").click()
    expect_line(page, cards)


def test_bad_links_custom_deals_and_the_link_dialog(page: Page, open_game, site, wait_ready) -> None:
    open_game(page)
    first_deal = field(page, "deal")
    assert line(page) == list(numbered_deal(int(first_deal)))
    assert notices(page) == []

    for query in ("?deal=abc", "?deal=0", "?cards=QH,XX", "?deal=5&cards=QH,KH"):
        page.goto(site.url + query)
        wait_ready(page)
        texts = notices(page)
        assert len(texts) == 1 and "could not be opened" in texts[0], (query, texts)
        expect(page.locator("#notices .notice")).to_be_visible()
        expect(page.locator("#link-dialog")).not_to_be_visible()
        assert page.url.endswith(f"?deal={field(page, 'deal')}"), "the game's own link replaces the bad one"
        assert_playable(page)
        # The game played (a move, then undone) is touched: leave it so the next link opens
        # without asking; that counts as a loss, once per game.
        page.locator("#new-game").click()
        confirm_loss(page)

    played = int(stat(page, "played"))
    assert played == 4

    # A custom order opens as given (the saved game has no moves, so without asking).
    custom = custom_order()
    page.goto(site.url + "?cards=" + ",".join(custom))
    wait_ready(page)
    expect(page.locator("#link-dialog")).not_to_be_visible()
    assert line(page) == custom
    assert field(page, "deal") == "custom"
    assert notices(page) == []
    game = Game(custom)
    move = game.legal_moves()[0]
    click_move(page, move)
    game.play(move, 0)
    expect_shadow(page, game)
    assert page.locator("#deal-link").get_attribute("href") == "./?cards=" + ",".join(custom)

    # A link to another deal while that game has moves: the player is asked. Keep it.
    page.goto(site.url + "?deal=5")
    wait_ready(page)
    dialog = page.locator("#link-dialog")
    expect(dialog).to_be_visible()
    assert page.url.endswith("?deal=5"), "while it is offered, the address keeps the link"
    expect(page.locator("#link-keep")).to_be_focused()  # Enter must not cost the game
    page.locator("#link-keep").click()
    expect(dialog).not_to_be_visible()
    expect_shadow(page, game)
    assert page.url.endswith("?cards=" + ",".join(custom)), "the address gives way to the game kept"
    assert field(page, "deal") == "custom"
    assert stat(page, "played") == str(played)

    # Asked again; this time open the linked deal: the old game counts as a loss.
    page.goto(site.url + "?deal=5")
    wait_ready(page)
    expect(dialog).to_be_visible()
    page.locator("#link-open").click()
    expect(dialog).not_to_be_visible()
    expect(page.locator("[data-field=deal]")).to_have_text("5")
    expect_line(page, numbered_deal(5))
    assert field(page, "moves") == "0"
    expect(page.locator("[data-stat=played]")).to_have_text(str(played + 1))
    assert stat(page, "wins") == "0"

    # A link to the deal already being played changes nothing and asks nothing.
    five = Game.numbered(5)
    move = five.legal_moves()[0]
    click_move(page, move)
    five.play(move, 0)
    page.goto(site.url + "?deal=5")
    wait_ready(page)
    expect(dialog).not_to_be_visible()
    expect_shadow(page, five)
