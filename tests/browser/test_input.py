"""Input as only a browser shows it: keyboard-only play (the focus and its rings, the arrows
along the line), a click on nothing, the link question's button focused, and the end panel's
focus ring after a key. What the game does with each click, key and link is tested under
CPython (tests/test_app_input.py)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from conftest import PHONE_CONTEXT
from gamepage import (
    after_turns,
    card,
    drag,
    expect_shadow,
    field,
    line,
    marked,
    open_one_move_from_the_win,
    wait_settled,
    winnable_deal,
)
from royal.game import Game
from royal.solver import solve

ACTIVE_CARD = "() => document.activeElement && document.activeElement.dataset.card || null"


# A card's ring colours, and the page's colours for a hint, a partner and the chosen card.
RINGS_JS = """code => {
  const colour = name => {
    const probe = document.createElement('span');
    probe.style.color = `var(${name})`;
    document.body.append(probe);
    const value = getComputedStyle(probe).color;
    probe.remove();
    return value;
  };
  const card = document.querySelector(`#line [data-card="${code}"]`);
  return { shadow: getComputedStyle(card).boxShadow,
           hint: colour('--hint'), partner: colour('--partner'), chosen: colour('--chosen') };
}"""


def focused(page: Page) -> str | None:
    """The card that has the focus once the keys pressed so far have acted."""
    after_turns(page)
    return page.evaluate(ACTIVE_CARD)


def press_until_focused(page: Page, code: str) -> None:
    """Arrow along the line to ``code``."""
    order = line(page)
    here = focused(page)
    assert here in order
    key = "ArrowRight" if order.index(code) > order.index(here) else "ArrowLeft"
    for _ in range(abs(order.index(code) - order.index(here))):
        page.keyboard.press(key)
    assert focused(page) == code


def test_keyboard_only_play(page: Page, open_game, site, wait_ready) -> None:
    """Keyboard-only play as the browser shows it: the focus and its outline, the arrows along
    the line, Enter and Space. Then the rings a choice after a hint shows, a click on nothing
    dropping the choice, and the question before a link's deal, where Enter keeps the game."""
    number = winnable_deal(30)
    game = Game.numbered(number)
    open_game(page, f"?deal={number}")

    # Tab into the line: one card takes focus (the first), with a visible outline.
    page.locator("body").focus()
    for _ in range(40):
        page.keyboard.press("Tab")
        if focused(page):
            break
    assert focused(page) == game.line.cards[0]
    outline = page.evaluate(
        "() => { const s = getComputedStyle(document.activeElement);"
        " return [parseFloat(s.outlineWidth), s.outlineStyle]; }"
    )
    assert outline[0] > 0 and outline[1] != "none", outline

    page.keyboard.press("ArrowRight")
    assert focused(page) == game.line.cards[1]
    page.keyboard.press("ArrowRight")
    assert focused(page) == game.line.cards[2]
    page.keyboard.press("ArrowLeft")
    assert focused(page) == game.line.cards[1]

    # Up and down move between rows of the wrapped line, to the nearest card.
    boxes = page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('#line [data-card]')]"
        ".map(e => { const r = e.getBoundingClientRect(); "
        "return [e.dataset.card, [Math.round(r.top), r.left + r.width / 2]]; }))"
    )
    rows = sorted({top for top, _ in boxes.values()})
    assert len(rows) >= 2, "the test needs a line that wraps"
    here = focused(page)
    page.keyboard.press("ArrowDown")
    below = focused(page)
    in_next = [c for c in boxes if boxes[c][0] == rows[1]]
    assert below in in_next
    assert abs(boxes[below][1] - boxes[here][1]) == min(abs(boxes[c][1] - boxes[here][1]) for c in in_next)
    page.keyboard.press("ArrowUp")
    assert focused(page) == here
    page.keyboard.press("ArrowUp")
    assert focused(page) == here, "no row above the first"

    # Play moves with Enter and Space only.
    for move in solve(game.line.cards).moves[:3]:
        press_until_focused(page, move.left)
        page.keyboard.press("Enter")
        expect(card(page, move.left)).to_have_attribute("aria-pressed", "true")
        press_until_focused(page, move.right)
        page.keyboard.press("Space")
        game.play(move, 0)
        expect_shadow(page, game)
        wait_settled(page)
        expect(page.locator("#announcer")).to_contain_text("Removed")
        assert focused(page) in game.line.cards, "focus stays in the line after a move"

    # Escape drops a keyboard selection.
    page.keyboard.press("Enter")
    expect(page.locator('#line [aria-pressed="true"]')).to_have_count(1)
    page.keyboard.press("Escape")
    expect(page.locator('#line [aria-pressed="true"]')).to_have_count(0)
    assert field(page, "moves") == "3"

    # A hint, then its left card chosen: the choice ringed as chosen, not as hinted; its partner
    # in the hint ringed both as a partner and as the hint's.
    page.keyboard.press("h")
    game.hint()
    left, right = sorted(marked(page, "data-hint", "boundary"), key=game.line.cards.index)
    card(page, left).click()
    expect(card(page, right)).to_have_attribute("data-role", "partner")
    chosen, partner = page.evaluate(RINGS_JS, left), page.evaluate(RINGS_JS, right)
    assert chosen["chosen"] in chosen["shadow"] and chosen["hint"] not in chosen["shadow"], chosen
    assert partner["partner"] in partner["shadow"] and partner["hint"] in partner["shadow"], partner
    # A click on nothing in particular (a heading) drops the choice: <body> names that message.
    page.locator("#stats-heading").click()
    expect(card(page, left)).to_have_attribute("aria-pressed", "false")

    # A link to another deal while this game has moves: the question opens on Keep my game,
    # so Enter keeps the game.
    page.goto(site.url + "?deal=5")
    wait_ready(page)
    expect(page.locator("#link-dialog")).to_be_visible()
    expect(page.locator("#link-keep")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#link-dialog")).to_be_hidden()
    expect_shadow(page, game)


@pytest.mark.parametrize("by", ["tap", "drag", "keyboard"])
def test_the_end_panels_button_shows_the_focus_ring_only_after_a_key(
    by: str, new_context, site, wait_ready
) -> None:
    """The winning move played by tap, drag or keys (a game saved one move short of it)."""
    page = new_context(reduced_motion="reduce", **PHONE_CONTEXT).new_page()
    _, move = open_one_move_from_the_win(page, site.url, wait_ready, 7)
    if by == "tap":
        card(page, move.left).tap()
        card(page, move.right).tap()
    elif by == "drag":
        drag(page, move.left, card(page, move.right))
        page.mouse.up()
    else:
        card(page, move.left).focus()
        page.keyboard.press("Enter")
        card(page, move.right).focus()
        page.keyboard.press("Enter")
    expect(page.locator("body")).to_have_attribute("data-outcome", "won")
    expect(page.locator("#result-new")).to_be_focused()
    ring = page.locator("#result-new").evaluate("e => e.matches(':focus-visible')")
    assert ring == (by == "keyboard"), by
