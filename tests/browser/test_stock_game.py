"""The stock game and suit runs in the page (docs/rules.md, "The stock game", "Suit runs";
docs/automation.md, "The stock game"): chosen in Settings or by a link, dealt by the button,
the key and the stock itself, undone, reloaded, won by clicks, the chance shown, each
variant's stats apart, a win in each variant counted and kept through a reload; and the stock's
order never in the DOM."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from gamepage import after_turns, click_move, expect_line, field, line, stat, wait_settled
from royal import saves
from royal.cards import spoken_name
from royal.deals import numbered_deal
from royal.forced import forced_finish
from royal.game import Game
from royal.line import Line, Move
from royal.solver import solve
from royal.stats import Stats
from royal.storage_keys import GAME_KEY, STATS_KEY
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
DEAL = 3  # winnable: the stock game won by clicks plays its shortest win


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


def test_stock_mode_from_settings_deal_move_undo_reload_and_no_order_in_the_dom(
    page: Page, open_game, wait_ready
) -> None:
    open_game(page, f"?deal={DEAL}")
    expect(page.locator("#deal-card")).to_be_hidden()
    page.locator("#settings").click()
    page.locator("#mode-stock").check()
    expect(page.locator("#settings-dialog .modes legend")).to_contain_text("from the next new game")
    page.locator("#settings-close").click()
    assert len(line(page)) == 52, "the game in progress keeps its own variant"
    page.locator("#new-game").click()  # nothing played: New game asks nothing
    expect_line(page, ["QH"])
    number = int(field(page, "deal"))
    assert page.url.endswith(f"?deal={number}&mode=stock")
    expect(page.locator("#deal-card")).to_be_visible()
    # The open game's other 51 cards shrink away around the QH they share (no order of the new
    # deal's stock: the old game's line); once gone, nothing in the page names an unseen card.
    wait_settled(page)
    assert stock_count(page) == 51 and unseen_in_dom(page, number) == []
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
    # Deal on until a move is open among the dealt cards, and play it by clicks.
    position = Line(order[:5])
    while not position.has_moves():
        page.locator("#deal-card").click()
        position.deal(order[len(position)])
        expect_line(page, position.cards)
        assert unseen_in_dom(page, number) == []
    move = position.legal_moves()[0]
    click_move(page, move)
    position.push(move)
    expect_line(page, position.cards)
    assert field(page, "moves") == "1" and unseen_in_dom(page, number) == []
    page.reload()
    wait_ready(page)
    expect_line(page, position.cards)
    dealt = len(position) + len(position.stack[-1].removed)
    assert stock_count(page) == 52 - dealt and unseen_in_dom(page, number) == []
    expect(page.locator("#chance")).to_contain_text("this position")


def test_the_stock_dealt_by_its_button_never_shows_an_unseen_card_or_par(page: Page, open_game) -> None:
    """Dealt to the end by the button; the stock game won by clicks, counted in its own stats and
    reloaded, is test_a_win_by_clicks_in_each_variant_counts_and_the_page_starts_after_it's."""
    open_game(page, f"?deal={DEAL}&mode=stock")
    order = numbered_deal(DEAL, stock=True)
    # Par and the grade would tell of the stock's order: they show once every card's place is known.
    assert field(page, "par") == field(page, "difficulty") == "\N{EM DASH}"
    for dealt in range(2, 53):
        page.locator("#deal-card").click()
        if dealt % 10 == 0:
            assert unseen_in_dom(page, DEAL) == []
            assert field(page, "par") == "\N{EM DASH}"
    expect_line(page, order)
    assert field(page, "par") == str(solve(order).min_moves)
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


def test_a_suit_runs_win_saved_but_never_counted_counts_as_the_page_starts(
    page: Page, site, wait_ready
) -> None:
    """What a player was left with by issue 26: deal 39 won with suit runs and saved, its count
    never written. Written before the game's page ever opens (from another page of the site), it
    locked every start; now the page starts, shows the win and counts it once."""
    runs = Variant(Mode.OPEN, True)
    game = Game.numbered(39, runs)
    for move in solve(game.cards, True).moves:
        game.play(move, 10.0)
    page.goto(site.url + "static/cards-LICENSE.txt")
    plant = "([key, text]) => localStorage.setItem(key, text)"
    page.evaluate(plant, [GAME_KEY, saves.dump_game(game, 95.0, 21)])
    page.evaluate(plant, [STATS_KEY, saves.dump_stats(Stats())])
    page.goto(site.url)
    wait_ready(page)
    expect(page.locator("body")).to_have_attribute("data-outcome", "won")
    assert page.url.endswith("?deal=39&rules=suit-runs")
    page.locator("#settings").click()
    page.locator("#suit-runs").check()
    page.locator("#settings-close").click()
    assert (stat(page, "played"), stat(page, "wins"), stat(page, "fewest-moves")) == ("1", "1", "21")
    page.reload()
    wait_ready(page)
    assert stat(page, "played") == "1", "counted once"


def test_suit_runs_allow_a_run_move_in_the_page(page: Page, open_game) -> None:
    first = ["QH", "2S", "3S", "4S", "7H"]
    cards = first + [c for c in numbered_deal(1) if c not in first]
    open_game(page, "?cards=" + ",".join(cards) + "&rules=suit-runs")
    expect_line(page, cards)
    click_move(page, Move("QH", "7H"))
    expect_line(page, ["QH", "7H", *cards[5:]])
    assert page.url.endswith("&rules=suit-runs")


def test_a_bad_variant_in_a_link_is_named_and_loses_nothing(page: Page, open_game) -> None:
    open_game(page, f"?deal={DEAL}&mode=closed")
    expect(page.locator("#notices .notice")).to_contain_text("mode must be open or stock")
    assert len(line(page)) == 52
