"""Input in the page: selecting cards, the buttons and shortcuts (undo, redo, hint, restart,
new game, today's deal, the deal link) and keyboard-only play."""

from __future__ import annotations

from urllib.parse import urljoin

import pytest
from playwright.sync_api import Page, expect

from conftest import PHONE_CONTEXT
from gamepage import (
    after_turns,
    card,
    click_move,
    confirm_loss,
    drag,
    expect_line,
    expect_shadow,
    field,
    line,
    marked,
    open_one_move_from_the_win,
    stat,
    wait_settled,
    winnable_deal,
)
from royal import describe
from royal.deals import numbered_deal
from royal.game import Game
from royal.line import Line, Move
from royal.solver import solve

ACTIVE_CARD = "() => document.activeElement && document.activeElement.dataset.card || null"


def selection_marks(position: Line, code: str) -> tuple[set[str], set[str]]:
    """The partners of ``code`` and the cards its pairings would remove, per the engine."""
    partners: set[str] = set()
    enclosed: set[str] = set()
    for move in position.partners(code):
        partners.add(move.right if move.left == code else move.left)
        enclosed.update(position.removal(move)[1])
    return partners, enclosed


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


def test_choosing_a_card_after_a_hint_shows_the_choice_and_keeps_the_hints_partner_ringed(
    page: Page, open_game
) -> None:
    page.emulate_media(reduced_motion="reduce")  # no transitions: the rings as they end up
    open_game(page, "?deal=7")
    page.locator("#hint").click()
    move = solve(numbered_deal(7)).moves[0]
    expect(card(page, move.left)).to_have_attribute("data-hint", "boundary")
    card(page, move.left).click()
    expect(card(page, move.right)).to_have_attribute("data-role", "partner")
    chosen, partner = page.evaluate(RINGS_JS, move.left), page.evaluate(RINGS_JS, move.right)
    assert chosen["chosen"] in chosen["shadow"] and chosen["hint"] not in chosen["shadow"]
    assert partner["partner"] in partner["shadow"] and partner["hint"] in partner["shadow"]


def test_selecting_marks_partners_and_cancels(page: Page, open_game) -> None:
    number = winnable_deal(11)
    game = Game.numbered(number)
    open_game(page, f"?deal={number}")
    position = game.line

    # A card with the most partners whose partners and removals do not overlap.
    candidates = [c for c in position.cards if position.partners(c)]
    chosen = max(
        (c for c in candidates if not set.intersection(*selection_marks(position, c))),
        key=lambda c: len(position.partners(c)),
    )
    partners, enclosed = selection_marks(position, chosen)
    status = page.locator("#status")

    card(page, chosen).click()
    expect(card(page, chosen)).to_have_attribute("aria-pressed", "true")
    assert marked(page, "data-role", "partner") == partners
    assert marked(page, "data-role", "enclosed") == enclosed
    expect(status).to_have_text(describe.selection(position, chosen))
    expect(page.locator("#announcer")).to_contain_text("selected")

    page.keyboard.press("Escape")
    expect(card(page, chosen)).to_have_attribute("aria-pressed", "false")
    assert marked(page, "data-role", "partner") == set()
    assert marked(page, "data-role", "enclosed") == set()
    expect(status).to_have_text("")

    # A click elsewhere on the page cancels too; a click on the card itself as well.
    card(page, chosen).click()
    expect(card(page, chosen)).to_have_attribute("aria-pressed", "true")
    page.locator("#stats-heading").click()
    expect(card(page, chosen)).to_have_attribute("aria-pressed", "false")
    assert marked(page, "data-role", "partner") == set()
    card(page, chosen).click()
    card(page, chosen).click()
    expect(card(page, chosen)).to_have_attribute("aria-pressed", "false")

    # A card with no move says so; clicking a non-partner moves the selection there.
    lonely = next((c for c in position.cards if not position.partners(c)), None)
    if lonely is not None:
        card(page, lonely).click()
        expect(status).to_have_text(describe.selection(position, lonely))
        assert marked(page, "data-role", "partner") == set()
        page.keyboard.press("Escape")

    # Right boundary first, then the left: the move is played all the same.
    move = solve(position.cards).moves[0]
    unrelated = next(
        c
        for c in position.cards
        if c not in (move.left, move.right) and c not in selection_marks(position, move.right)[0]
    )
    card(page, unrelated).click()
    click_move(page, move, right_first=True)
    game.play(move, 0)
    expect_shadow(page, game)
    assert marked(page, "data-role", "partner") == set()
    expect(page.locator("#announcer")).to_contain_text("Removed")


def test_buttons_and_shortcuts(page: Page, open_game, site) -> None:
    number = winnable_deal(20)
    game = Game.numbered(number)
    open_game(page, f"?deal={number}")
    score = page.locator("[data-field=score]")

    # Hint at score 0: marks a move that keeps the game winnable; the score shows 0, the
    # running total is -25 (docs/scoring.md, "One running total").
    expect(page.locator("#undo")).to_be_disabled()
    expect(page.locator("#redo")).to_be_disabled()
    page.locator("#hint").click()
    boundaries = marked(page, "data-hint", "boundary")
    removed = marked(page, "data-hint", "removed")
    assert len(boundaries) == 2, boundaries
    left, right = sorted(boundaries, key=game.line.cards.index)
    hinted = Move(left, right)
    assert set(game.line.removal(hinted)[1]) == removed and 1 <= len(removed) <= 2
    after = Line(game.line.cards)
    after.push(hinted)
    assert solve(after.cards).winnable, f"the hint {hinted} loses the game"
    expect(score).to_have_text("0")
    expect(page.locator("#status")).to_contain_text("Hint:")
    game.hint()

    click_move(page, hinted)
    game.play(hinted, 0)
    expect_shadow(page, game)
    assert marked(page, "data-hint", "boundary") == set(), "a move clears the hint"
    total = {1: 10, 2: 30}[len(removed)] - 25  # docs/scoring.md: 10 a card, a pair 30, a hint 25
    assert int(field(page, "score")) == max(0, total)

    page.keyboard.press("h")  # the H key hints too, and costs 25
    total -= 25
    expect(score).to_have_text(str(max(0, total)))
    assert len(marked(page, "data-hint", "boundary")) == 2
    game.hint()
    expect_shadow(page, game)
    for move in solve(game.line.cards).moves[:3]:
        click_move(page, move)
        game.play(move, 0)
    expect_shadow(page, game)

    # Undo and redo: buttons, Ctrl+Z, Ctrl+Y and Ctrl+Shift+Z. docs/scoring.md: an undo takes back the
    # move's points and costs 15 more (the score shown never below 0); redo gives the points back.
    last = game.line.stack[-1]
    before = game.breakdown.total
    undone = max(0, before - {1: 10, 2: 30}[len(last.removed)] - 15)
    for how, action in (
        ("#undo", game.undo),
        ("Control+z", game.undo),
        ("#redo", game.redo),
        ("Control+y", game.redo),
        ("Control+z", game.undo),
        ("Control+Shift+z", game.redo),
    ):
        if how.startswith("#"):
            page.locator(how).click()
        else:
            page.locator("body").press(how)
        action(0)
        expect_shadow(page, game)
        wait_settled(page)
        if how == "#undo":
            assert field(page, "score") == str(undone)
    expect(page.locator("#redo")).to_be_disabled()
    page.locator("body").press("Control+z")
    game.undo(0)
    expect_shadow(page, game)
    expect(page.locator("#redo")).to_be_enabled()
    page.locator("body").press("Control+Shift+Z")
    game.redo(0)
    expect_shadow(page, game)

    # The deal link opens this deal (followed below, once this game is left).
    href = page.locator("#deal-link").get_attribute("href")
    assert href == f"./?deal={number}"

    # Restart: same deal, fresh line; the touched game counts as a loss, once confirmed.
    page.locator("#restart").click()
    confirm_loss(page)
    expect_line(page, numbered_deal(number))
    expect(page.locator("[data-field=moves]")).to_have_text("0")
    expect(score).to_have_text("0")
    assert field(page, "deal") == str(number)
    expect(page.locator("[data-stat=played]")).to_have_text("1")
    assert stat(page, "wins") == "0"
    assert stat(page, "win-rate") == "0%"
    assert stat(page, "best-score") == str(game.score)

    # New game (button, then the N key): another deal; untouched games do not count.
    page.locator("#new-game").click()
    first_new = field(page, "deal")
    assert first_new != str(number)
    expect_line(page, numbered_deal(int(first_new)))
    page.locator("body").press("n")
    expect(page.locator("[data-field=deal]")).not_to_have_text(first_new)
    second_new = int(field(page, "deal"))
    assert second_new != number
    expect_line(page, numbered_deal(second_new))
    assert stat(page, "played") == "1"

    # Today's deal is numbered by the browser's local date.
    page.locator("#daily").click()
    today = page.evaluate(
        "() => { const d = new Date(); "
        "return d.getFullYear() * 10000 + (d.getMonth() + 1) * 100 + d.getDate(); }"
    )
    expect(page.locator("[data-field=deal]")).to_have_text(str(today))
    expect_line(page, numbered_deal(today))
    # The link names the day the page dealt it for (docs/play.md): a number alone is no daily.
    day = f"{today // 10000:04d}-{today // 100 % 100:02d}-{today % 100:02d}"
    assert page.locator("#deal-link").get_attribute("href") == f"./?deal={today}&daily={day}"
    page.locator("#daily").click()
    expect(page.locator("#status")).to_have_text("You are playing today's deal.")
    assert field(page, "deal") == str(today)

    # Following the earlier deal link opens that deal (directly: this game has no moves).
    page.goto(urljoin(page.url, href))
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("[data-field=deal]")).to_have_text(str(number))
    expect_line(page, numbered_deal(number))
    expect(page.locator("#link-dialog")).not_to_be_visible()
    assert stat(page, "played") == "1"


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


def test_keyboard_only_play(page: Page, open_game) -> None:
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
