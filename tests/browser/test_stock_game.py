"""The stock game and suit runs in the page (docs/rules.md, "The stock game", "Suit runs";
docs/automation.md, "The stock game"): the stock's order never in the DOM, as the stock game is
chosen in Settings and dealt by the button, the key and the stock itself, undone and dealt to
its end; a win by clicks in each variant counted, kept in its own stats and through a reload.
The game's side of the rest (dealing, moving, undoing and reloading a stock game, par once the
order is known, a run move, a bad variant in a link, a win saved but never counted) is tested
under CPython in tests/test_app_stock.py."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from gamepage import after_turns, click_move, expect_line, field, stat, wait_settled
from royal import describe
from royal.cards import spoken_name
from royal.deals import numbered_deal
from royal.forced import forced_finish
from royal.line import Line
from royal.solver import solve
from royal.variant import Mode, Variant
from tools.paths import DIST

#: Every attribute and text of the document, as one string: what a script on the page could read.
DOM_JS = """() => {
  const parts = [];
  for (const e of document.querySelectorAll("*")) {
    for (const a of e.attributes) parts.push(a.name + "=" + a.value);
  }
  parts.push(document.documentElement.innerText);
  return parts.join("\\n");
}"""
DEAL = 3  # the open game the stock game is chosen over


def names(text: str, cards: list[str]) -> set[str]:
    """The cards ``text`` names, by code or by spoken name."""
    by_code = {c for c in cards if re.search(rf"(?<![A-Za-z0-9]){c}(?![A-Za-z0-9])", text)}
    return by_code | {c for c in cards if spoken_name(c) in text.lower()}


def unseen_in_dom(page: Page, number: int) -> list[str]:
    """The cards of deal ``number`` still in the stock that the DOM names anywhere (in any
    attribute or text), beyond those the page's own guide names as examples."""
    hidden = list(numbered_deal(number, stock=True)[52 - stock_count(page) :])
    guide = (DIST / "index.html").read_text(encoding="utf-8")  # the page as built, whatever the server serves
    return sorted(names(page.evaluate(DOM_JS), hidden) - names(guide, hidden))


def stock_count(page: Page) -> int:
    after_turns(page)
    return int(page.locator("#stock").get_attribute("data-count"))


def test_the_stock_game_in_the_page_never_names_an_unseen_card(page: Page, open_game) -> None:
    """Chosen in Settings, dealt by each of its controls, undone and dealt to its end: no card
    still in the stock is named anywhere in the DOM, and par and the grade show only once the
    order is known."""
    open_game(page, f"?deal={DEAL}")
    expect(page.locator("#deal-card")).to_be_hidden()
    page.locator("#settings").click()
    page.locator("#mode-stock").check()
    expect(page.locator("#settings-dialog .modes legend")).to_contain_text("from the next new game")
    page.locator("#settings-close").click()
    page.locator("#new-game").click()  # nothing played: New game asks nothing
    expect_line(page, ["QH"])
    number = int(field(page, "deal"))
    assert page.url.endswith(f"?deal={number}&mode=stock")
    expect(page.locator("#deal-card")).to_be_visible()
    # The open game's other 51 cards shrink away around the QH they share (no order of the new
    # deal's stock: the old game's line); once gone, nothing in the page names an unseen card.
    wait_settled(page)
    assert stock_count(page) == 51 and unseen_in_dom(page, number) == []
    # Par and the grade would tell of the stock's order: they show once every card's place is known.
    assert field(page, "par") == field(page, "difficulty") == "\N{EM DASH}"
    order = numbered_deal(number, stock=True)
    page.locator("#deal-card").click()
    expect_line(page, order[:2])
    page.locator("#line").locator("[data-card=QH]").focus()
    page.keyboard.press("d")
    expect_line(page, order[:3])
    page.locator("#stock").click()
    expect_line(page, order[:4])
    page.locator("#stock").focus()
    page.keyboard.press("Enter")
    expect_line(page, order[:5])
    assert stock_count(page) == 47 and unseen_in_dom(page, number) == []
    # The chance in words (describe.chance): a share of the ways tried, or every or none of them.
    expect(page.locator("#chance")).to_contain_text(re.compile(r"ways? the stock (can fall|was tried)"))
    page.locator("#undo").click()
    expect_line(page, order[:4])
    # The card taken back was seen: the announcement names it, and only it (unless the guide
    # names it too as an example: unseen_in_dom leaves those out, whatever the random deal).
    taken_back = {order[4]} - names((DIST / "index.html").read_text(encoding="utf-8"), [order[4]])
    assert stock_count(page) == 48 and unseen_in_dom(page, number) == sorted(taken_back)
    page.locator("#redo").click()
    expect_line(page, order[:5])
    for dealt in range(6, 53):
        page.locator("#deal-card").click()
        if dealt % 10 == 0:
            assert unseen_in_dom(page, number) == []
            assert field(page, "par") == "\N{EM DASH}"
    expect_line(page, order)
    solution = solve(order)
    assert field(page, "par") == (str(solution.min_moves) if solution.winnable else describe.NO_PAR)
    expect(page.locator("#deal-card")).to_be_disabled()


def after_weighing(page: Page) -> None:
    """Wait until what the page weighs after a move is drawn (whether Finish for me is offered)
    has been weighed: it comes a frame later, in a turn of its own (docs/automation.md)."""
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => setTimeout(done, 0)))")
    after_turns(page)


@pytest.mark.parametrize(
    "variant", [Variant(Mode.OPEN, True), Variant(Mode.STOCK), Variant(Mode.STOCK, True)], ids=lambda v: v.key
)
def test_a_win_by_clicks_in_each_variant_counts_and_the_page_starts_after_it(
    page: Page, open_game, wait_ready, variant: Variant
) -> None:
    """Deal 39 won by clicks in the variants no other test wins and reloads (issue 26: under suit
    runs, par 21, the win's count failed on the open game's bounds, and every start after it)."""
    number = 39
    open_game(page, f"?deal={number}{variant.query()}")
    page.locator("#settings").click()  # the stats panel shows the variant chosen in Settings
    page.locator(f"#mode-{variant.mode.value}").check()
    page.locator("#suit-runs").set_checked(variant.suit_runs)
    page.locator("#settings-close").click()
    order = numbered_deal(number, variant.stock)  # the stock game's order is its own (issue 26)
    while variant.stock and stock_count(page):
        page.locator("#deal-card").click()
    expect_line(page, order)
    moves = solve(order, variant.suit_runs).moves
    position = Line(order, variant.suit_runs)
    for move in moves[:-1]:
        click_move(page, move)
        position.push(move)
    # Finish for me weighs the last position under the game's own rule: open deal 39 with suit
    # runs ends QH 6S AS KS KH, where QH-KH wins at once, so nothing is forced.
    after_weighing(page)
    forced = forced_finish(position.cards, variant.suit_runs)
    assert (variant == Variant(Mode.OPEN, True)) <= (forced is None)
    expect(page.locator("#finish")).to_have_attribute("data-offered", "false" if forced is None else "true")
    click_move(page, moves[-1])
    wait_settled(page)
    expect(page.locator("body")).to_have_attribute("data-outcome", "won")
    expect(page.locator("#result")).to_be_visible()
    figures = {name: stat(page, name) for name in ("played", "wins", "fewest-moves", "perfect-wins")}
    assert figures == {"played": "1", "wins": "1", "fewest-moves": str(len(moves)), "perfect-wins": "1"}
    expect(page.locator("#recent-chart [data-game]")).to_have_count(1)  # the variant's own games
    page.reload()
    wait_ready(page)
    expect(page.locator("body")).to_have_attribute("data-outcome", "won")
    expect(page.locator("[data-field=par]")).to_have_text(str(len(moves)))
    assert {name: stat(page, name) for name in figures} == figures
