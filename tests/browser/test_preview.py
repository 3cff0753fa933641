"""The board before Python: static/boot.js draws the saved game from the snapshot the game
writes beside its save, or the table's shape on a first visit, and never trusts storage.

To look at the page before Python takes over, these tests stop PyScript from loading
(its core.js request is aborted), so only the boot script runs.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from conftest import DESKTOP, PHONE_CONTEXT
from gamepage import (
    RECTS_JS,
    STATS,
    after_turns,
    click_move,
    confirm_loss,
    field,
    line,
    seconds,
    stat,
    wait_settled,
)
from royal.deals import numbered_deal
from royal.snapshot import MAX_CHARS
from royal.solver import solve
from royal.storage_keys import SNAPSHOT_KEY

PYSCRIPT_CORE = re.compile(r".*/pyscript-[0-9a-f]+/core\.js$")
FIELDS = ("deal", "par", "moves", "score", "time", "cards-left")
PREVIEW_JS = "() => [...document.querySelectorAll('#line .card')].map(e => e.dataset.preview || 'back')"
# What follows the parts Python fills in the stats panel: it must not move when they fill.
BELOW_THE_BOARD = ".days-key, .chart-key, #export-stats"
# Chromium's own measure of what moved on the screen (the Layout Instability API), summed
# from the first frame of each navigation.
LAYOUT_SHIFT_JS = """(() => { window.__layoutShift = 0;
  new PerformanceObserver(list => {
    for (const entry of list.getEntries()) window.__layoutShift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true }); })();"""
RELOADS = 4  # before the boot script blocked the first paint, about one reload in two shifted
FIRST_BOARD_JS = """(() => { new MutationObserver((_, observer) => {
  if (!document.querySelector('#line .card')) return;
  window.__firstBoard = performance.now();
  observer.disconnect();
}).observe(document, { childList: true, subtree: true }); })();"""


@pytest.fixture
def no_worker(new_context, request) -> BrowserContext:  # type: ignore[no-untyped-def]
    """A context without service workers, so that blocking PyScript's core is seen by the page;
    desktop-sized, or a phone when the test parametrizes this fixture with "phone"."""
    size = getattr(request, "param", "desktop")
    context = new_context(
        service_workers="block", **(PHONE_CONTEXT if size == "phone" else {"viewport": DESKTOP})
    )
    context.add_init_script(FIRST_BOARD_JS)
    return context


def without_python(page: Page, action) -> None:  # type: ignore[no-untyped-def]
    """Run the navigation ``action`` with PyScript blocked, then wait for the boot script's board."""
    page.route(PYSCRIPT_CORE, lambda route: route.abort())
    action()
    page.wait_for_selector("#line .card", state="attached")
    page.wait_for_timeout(300)  # nothing else is coming: no Python
    page.unroute(PYSCRIPT_CORE)


def shown(page: Page) -> tuple[dict[str, str], dict[str, str]]:
    return {name: field(page, name) for name in FIELDS}, {name: stat(page, name) for name in STATS}


@pytest.mark.parametrize("no_worker", ["phone", "desktop"], indirect=True)
def test_a_return_visit_draws_the_saved_board_and_python_takes_over_in_place(
    no_worker: BrowserContext, site, wait_ready
) -> None:
    page = no_worker.new_page()
    page.goto(site.url + "?deal=7")
    wait_ready(page)
    for move in solve(numbered_deal(7)).moves[:4]:
        click_move(page, move)
    wait_settled(page)
    page.locator("#new-game").click()  # a game with moves counts as a loss: stats to show
    confirm_loss(page)
    page.wait_for_function("() => document.querySelector('[data-stat=played]').textContent === '1'")
    next_moves = solve(line(page)).moves
    if next_moves:
        click_move(page, next_moves[0])
    wait_settled(page)
    saved_line, saved = line(page), shown(page)

    without_python(page, page.reload)
    assert page.evaluate(PREVIEW_JS) == saved_line
    fields, figures = shown(page)
    # The clock ran on until the page was left, where the board was saved: a second more at most.
    assert 0 <= seconds(fields.pop("time")) - seconds(saved[0]["time"]) <= 1
    assert (fields, figures) == ({k: v for k, v in saved[0].items() if k != "time"}, saved[1])
    print(f"saved board drawn {page.evaluate('window.__firstBoard'):.0f} ms after navigation")
    expect(page.locator("#line")).to_have_attribute("aria-busy", "true")
    assert page.locator("#line [data-card]").count() == 0, "no live card before the game runs"
    for card in page.locator("#line .card").all():
        expect(card).to_be_disabled()
    expect(page.locator("body")).not_to_have_attribute("data-ready", "")
    preview_cards, preview_fields, preview_below = (
        page.evaluate(RECTS_JS, "#line .card"),
        page.evaluate(RECTS_JS, ".fields dd"),
        page.evaluate(RECTS_JS, BELOW_THE_BOARD),
    )

    page.reload()
    wait_ready(page)
    assert line(page) == saved_line and shown(page)[0]["moves"] == saved[0]["moves"]
    assert page.evaluate(RECTS_JS, "#line .card") == preview_cards, "the cards did not move"
    assert page.evaluate(RECTS_JS, ".fields dd") == preview_fields
    assert page.evaluate(RECTS_JS, BELOW_THE_BOARD) == preview_below, "the stats panel kept its height"
    assert page.locator("[aria-busy]").count() == 0


@pytest.mark.parametrize("no_worker", ["phone", "desktop"], indirect=True)
def test_a_reload_mid_game_moves_nothing_on_the_screen(no_worker: BrowserContext, site, wait_ready) -> None:
    """The saved board is in the first frame (the boot script blocks the first paint until it
    has drawn), and nothing moves from then until the game has taken over."""
    no_worker.add_init_script(LAYOUT_SHIFT_JS)
    page = no_worker.new_page()
    page.goto(site.url + "?deal=7")
    wait_ready(page)
    for move in solve(numbered_deal(7)).moves[:2]:
        click_move(page, move)
    page.evaluate("scrollTo(0, 0)")
    for _ in range(RELOADS):
        page.reload()
        wait_ready(page)
        wait_settled(page)
        page.wait_for_timeout(300)  # the first tick of the clock, notices
        assert page.evaluate("window.__layoutShift") == 0, "something moved on the screen as the page loaded"


def test_a_first_visit_shows_the_table_and_saved_stats_are_never_shown_as_zero(
    no_worker: BrowserContext, site, wait_ready
) -> None:
    page = no_worker.new_page()
    without_python(page, lambda: page.goto(site.url))
    assert page.evaluate(PREVIEW_JS) == ["back"] * 52
    assert stat(page, "played") == "0", "no saved stats: a first visit's zeros are true"

    page.goto(site.url + "?deal=7")
    wait_ready(page)
    click_move(page, solve(numbered_deal(7)).moves[0])
    page.locator("#new-game").click()
    confirm_loss(page)
    page.wait_for_function("() => document.querySelector('[data-stat=played]').textContent === '1'")
    page.goto(site.url + "static/manifest.webmanifest")  # leave the game (it saves as it goes)
    page.evaluate("key => localStorage.removeItem(key)", SNAPSHOT_KEY)  # say, saved by an older build
    without_python(page, lambda: page.goto(site.url))
    assert page.evaluate(PREVIEW_JS) == ["back"] * 52
    for name in ("played", "wins"):
        assert stat(page, name) != "0"
    page.goto(site.url)
    wait_ready(page)
    assert stat(page, "played") == "1"


def overlap(a: dict, b: dict) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


@pytest.mark.parametrize("no_worker", ["phone", "desktop"], indirect=True)
def test_the_loading_panel_stands_on_the_face_down_cards_clear_of_the_guide(
    no_worker: BrowserContext, site
) -> None:
    """A first visit shows the guide and the loading panel at once: both must be readable."""
    page = no_worker.new_page()
    without_python(page, lambda: page.goto(site.url))
    expect(page.locator("#first-game")).to_be_visible()
    expect(page.locator("#loading")).to_be_visible()
    loading = page.locator("#loading").bounding_box()
    guide = page.locator("#first-game").bounding_box()
    board = page.locator("#line").bounding_box()
    assert not overlap(loading, guide), (loading, guide)
    assert board["y"] <= loading["y"] and loading["y"] + loading["height"] <= board["y"] + board["height"]
    alpha = page.locator("#loading").evaluate(
        "e => new OffscreenCanvas(1, 1).getContext('2d').fillStyle = getComputedStyle(e).backgroundColor"
    )
    assert not alpha.startswith("rgba"), ("the panel is opaque: no card shows through its words", alpha)


# The look page.py's Page.settings gives the page: theme, card size and the theme colours' media.
LOOK_JS = """() => [document.documentElement.dataset.theme ?? null,
  document.documentElement.hasAttribute('data-large-cards'),
  ...[...document.querySelectorAll('meta[name=theme-color]')].map(meta => meta.media)]"""


def chosen(context: BrowserContext, site, wait_ready, *inputs: str) -> Page:  # type: ignore[no-untyped-def]
    """A page of the game in ``context`` with the Settings ``inputs`` (checkboxes, radios) checked."""
    page = context.new_page()
    page.goto(site.url)
    wait_ready(page)
    page.locator("#settings").click()
    for selector in inputs:
        page.locator(selector).check()
    page.keyboard.press("Escape")
    after_turns(page)  # each change is applied in its turn of the lock
    return page


def test_the_saved_look_is_drawn_before_python_as_the_game_draws_it(
    no_worker: BrowserContext, site, wait_ready
) -> None:
    """Dark cards on a light device: the browser's bar takes the dark colour from the first frame too."""
    page = chosen(no_worker, site, wait_ready, "#theme-dark", "#large-cards")
    look = page.evaluate(LOOK_JS)
    assert look == ["dark", True, "not all", "all"]

    without_python(page, page.reload)
    assert page.evaluate(LOOK_JS) == look


# The look the felt, card-back and four-colour settings give the page, and the face-down cards' ink.
CHOSEN_LOOK_JS = """() => { const root = document.documentElement;
  return [root.dataset.felt ?? null, root.dataset.cardBack ?? null, root.hasAttribute('data-four-colour'),
    getComputedStyle(document.querySelector('.game')).backgroundImage]; }"""
BACK_INK_JS = """() => [...new Set([...document.querySelectorAll('#line .card.back')]
  .map(card => getComputedStyle(card).getPropertyValue('--back-ink').trim()))]"""


def test_the_chosen_felt_back_and_deck_are_drawn_before_python(
    no_worker: BrowserContext, site, wait_ready
) -> None:
    """A first visit's face-down cards wear the chosen back, on the chosen felt, from the first frame."""
    page = chosen(no_worker, site, wait_ready, "#felt-slate", "#card-back-blue", "#four-colour")
    look = page.evaluate(CHOSEN_LOOK_JS)
    assert look[:3] == ["slate", "blue", True]

    page.goto(site.url + "static/manifest.webmanifest")  # leave the game, and its board
    page.evaluate("key => localStorage.removeItem(key)", SNAPSHOT_KEY)
    without_python(page, lambda: page.goto(site.url))
    assert page.evaluate(PREVIEW_JS) == ["back"] * 52
    assert page.evaluate(CHOSEN_LOOK_JS) == look
    assert page.evaluate(BACK_INK_JS) == ["#23479a"], "the blue lattice"


GOOD = {
    "version": 2,
    "cards": ["QH", "AS", "KH"],
    "stock": None,
    "fields": {
        "deal": "7",
        "par": "26",
        "moves": "24",
        "score": "600",
        "time": "2:05",
        "cards-left": "3",
        "difficulty": "Hard",
    },
    "stats": {"played": "3", "wins": "2"},
}
INJECTED = '<img src=x onerror="document.body.dataset.pwned=1">'


def changed(**parts: object) -> str:
    return json.dumps({**GOOD, **parts})


UNTRUSTED = {
    "not json": "{",
    "newer version": changed(version=3),
    "the King dealt before the stock ends": changed(stock=10),
    "a stock's count that is no count": changed(stock="10"),
    "more cards than a deck": changed(stock=50),
    "html in a field": changed(fields={**GOOD["fields"], "deal": INJECTED}),
    "html in a stat": changed(stats={"played": INJECTED}),
    "html as a stat name": changed(stats={INJECTED: "1"}),
    "unknown card": changed(cards=["QH", "ZZ", "KH"]),
    "card with markup": changed(cards=["QH", "<b>", "KH"]),
    "duplicate card": changed(cards=["QH", "AS", "AS", "KH"], fields={**GOOD["fields"], "cards-left": "4"}),
    "royal out of place": changed(cards=["AS", "QH", "KH"]),
    "cards left disagree": changed(fields={**GOOD["fields"], "cards-left": "52"}),
    "missing field": changed(fields={k: v for k, v in GOOD["fields"].items() if k != "time"}),
    "extra field": changed(fields={**GOOD["fields"], "__proto__": "1"}),
    "number, not text": changed(fields={**GOOD["fields"], "moves": 24}),
    "too long": changed(stats={f"s{i}": "1" for i in range(600)}),
    # The longest name the size limit lets through (a megabyte is refused on size alone).
    "a stat's name as long as the limit allows": changed(stats={"s" * (MAX_CHARS - len(changed()) - 8): "1"}),
    "an array": "[]",
}


def test_a_good_snapshot_is_drawn(no_worker: BrowserContext, site) -> None:
    page = no_worker.new_page()
    page.goto(site.url + "static/manifest.webmanifest")
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [SNAPSHOT_KEY, json.dumps(GOOD)])
    without_python(page, lambda: page.goto(site.url))
    assert page.evaluate(PREVIEW_JS) == GOOD["cards"]
    assert field(page, "time") == "2:05" and stat(page, "wins") == "2"
    faces = (
        "() => [...document.querySelectorAll('#line .card svg.face use')].map(u => u.getAttribute('href'))"
    )
    sprite = page.locator("#line").get_attribute("data-sprite")
    assert sprite and sprite.startswith("./static/cards.svg?v="), "relative, and versioned by the build"
    assert page.evaluate(faces) == [f"{sprite}#{code}" for code in GOOD["cards"]], (
        "faces as the game draws them"
    )


def test_a_stock_games_snapshot_draws_the_dealt_cards_and_the_stock(no_worker: BrowserContext, site) -> None:
    page = no_worker.new_page()
    page.goto(site.url + "static/manifest.webmanifest")
    cards = ["QH", "AS", "7H"]
    # Par and the grade of a stock still face down are a dash, as the game writes them (describe.UNSEEN).
    fields = {**GOOD["fields"], "cards-left": "3", "par": "\N{EM DASH}", "difficulty": "\N{EM DASH}"}
    snapshot = {**GOOD, "cards": cards, "stock": 49, "fields": fields}
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [SNAPSHOT_KEY, json.dumps(snapshot)])
    without_python(page, lambda: page.goto(site.url))
    assert page.evaluate(PREVIEW_JS) == [*cards, "back"]
    assert field(page, "par") == "\N{EM DASH}"
    expect(page.locator("#line .card.stock")).to_have_attribute("data-count", "49")
    expect(page.locator("#deal-card")).to_be_visible()
    expect(page.locator("#chance")).to_be_visible()


def test_a_reload_of_a_stock_game_moves_nothing_on_the_screen(
    no_worker: BrowserContext, site, wait_ready
) -> None:
    """The stock, its Deal button and the chance's line are in the first frame, where Python draws them."""
    no_worker.add_init_script(LAYOUT_SHIFT_JS)
    page = no_worker.new_page()
    page.goto(site.url + "?deal=7&mode=stock")
    wait_ready(page)
    for _ in range(6):
        page.locator("#deal-card").click()
    expect(page.locator("#chance")).to_contain_text("stock can fall")
    page.evaluate("scrollTo(0, 0)")
    for _ in range(2):
        page.reload()
        wait_ready(page)
        wait_settled(page)
        expect(page.locator("#chance")).to_contain_text("stock can fall")
        page.wait_for_timeout(300)
        assert page.evaluate("window.__layoutShift") == 0, "something moved on the screen as the page loaded"


@pytest.mark.parametrize("text", UNTRUSTED.values(), ids=UNTRUSTED.keys())
def test_an_untrusted_snapshot_draws_nothing_from_storage(no_worker: BrowserContext, site, text: str) -> None:
    page = no_worker.new_page()
    page.goto(site.url + "static/manifest.webmanifest")  # same origin, no game running
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [SNAPSHOT_KEY, text])
    without_python(page, lambda: page.goto(site.url))
    assert page.evaluate(PREVIEW_JS) == ["back"] * 52
    assert field(page, "moves") == "0" and stat(page, "played") == "0"
    assert page.locator("img").count() == 0 and page.locator("body[data-pwned]").count() == 0
