"""The table before Python: static/boot.js draws, with the page's own applier, the description
the game keeps beside its save (royal/view/boot.py), or a newcomer's first deal on a first
visit, and never trusts storage (what it refuses is tested under CPython too,
tests/test_boot_script.py).

To look at the page before Python takes over, these tests stop PyScript from loading
(its core.js request is aborted), so only the boot script runs.
"""

from __future__ import annotations

import datetime as _dt
import json
import re

import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect

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
from royal import describe
from royal.dealer import FIRST_DEAL
from royal.deals import numbered_deal
from royal.game import Game
from royal.line import Line
from royal.settings import Settings
from royal.solver import solve
from royal.stats import Stats
from royal.storage_keys import SNAPSHOT_KEY
from royal.variant import STOCK
from royal.view import boot

PYSCRIPT_CORE = re.compile(r".*/pyscript-[0-9a-f]+/core\.js$")
FIELDS = ("deal", "par", "moves", "score", "time", "cards-left")
PREVIEW_JS = "() => [...document.querySelectorAll('#line .card')].map(e => e.dataset.card || 'back')"
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


def without_python(page: Page, action, cards: bool = True) -> None:  # type: ignore[no-untyped-def]
    """Run the navigation ``action`` with PyScript blocked, then wait for the boot script's board
    (``cards``: the line it draws)."""
    page.route(PYSCRIPT_CORE, lambda route: route.abort())
    action()
    if cards:
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


def test_a_first_visit_shows_the_first_deal_and_saved_stats_are_never_shown_as_zero(
    no_worker: BrowserContext, site, wait_ready
) -> None:
    page = no_worker.new_page()
    without_python(page, lambda: page.goto(site.url))
    first = list(numbered_deal(FIRST_DEAL))
    assert page.evaluate(PREVIEW_JS) == first
    assert stat(page, "played") == "0", "no saved stats: a first visit's zeros are true"
    expect(page.locator("#first-game")).to_be_visible()
    page.unroute_all()
    page.goto(site.url)
    wait_ready(page)
    assert line(page) == first and field(page, "deal") == str(FIRST_DEAL), "the deal drawn is the one played"

    page.goto(site.url + "?deal=7")
    wait_ready(page)
    click_move(page, solve(numbered_deal(7)).moves[0])
    page.locator("#new-game").click()
    confirm_loss(page)
    page.wait_for_function("() => document.querySelector('[data-stat=played]').textContent === '1'")
    page.goto(site.url + "static/manifest.webmanifest")  # leave the game (it saves as it goes)
    page.evaluate("key => localStorage.removeItem(key)", SNAPSHOT_KEY)  # say, saved by an older build
    without_python(page, lambda: page.goto(site.url), cards=False)
    assert page.evaluate(PREVIEW_JS) == [], "no deal but the player's"
    for name in ("played", "wins"):
        assert stat(page, name) == boot.UNKNOWN
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
def test_the_loading_panel_stands_on_the_first_deal_clear_of_the_guide(
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


# The look the felt, card-back and four-colour settings give the page.
CHOSEN_LOOK_JS = """() => { const root = document.documentElement;
  return [root.dataset.felt ?? null, root.dataset.cardBack ?? null, root.hasAttribute('data-four-colour'),
    getComputedStyle(document.querySelector('.game')).backgroundImage]; }"""


def test_the_chosen_felt_back_and_deck_are_drawn_before_python(
    no_worker: BrowserContext, site, wait_ready
) -> None:
    page = chosen(no_worker, site, wait_ready, "#felt-slate", "#card-back-blue", "#four-colour")
    look = page.evaluate(CHOSEN_LOOK_JS)
    assert look[:3] == ["slate", "blue", True]
    without_python(page, page.reload)
    assert page.evaluate(CHOSEN_LOOK_JS) == look


DAY = _dt.date(2026, 12, 7)


def test_a_kept_description_is_drawn_with_this_builds_faces(no_worker: BrowserContext, site) -> None:
    game = Game.numbered(7)
    for move in solve(game.line.cards).moves[:3]:
        game.play(move, 1.0)
    page = no_worker.new_page()
    page.goto(site.url + "static/manifest.webmanifest")
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [SNAPSHOT_KEY, boot.kept(game, 126.0, DAY, Settings(), Stats())],
    )
    without_python(page, lambda: page.goto(site.url))
    assert page.evaluate(PREVIEW_JS) == list(game.line.cards)
    assert field(page, "time") == "2:05" and field(page, "moves") == "3"
    faces = (
        "() => [...document.querySelectorAll('#line .card svg.face use')].map(u => u.getAttribute('href'))"
    )
    sprite = page.locator("#line").get_attribute("data-sprite")
    assert sprite and sprite.startswith("./static/cards.svg?v="), "relative, and versioned by the build"
    assert page.evaluate(faces) == [f"{sprite}#{code}" for code in game.line.cards], "this build's faces"


def test_a_stock_games_description_draws_the_dealt_cards_and_the_stock(
    no_worker: BrowserContext, site
) -> None:
    game = Game.numbered(7, STOCK)
    for _ in range(2):
        game.deal(0.0)
    page = no_worker.new_page()
    page.goto(site.url + "static/manifest.webmanifest")
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [SNAPSHOT_KEY, boot.kept(game, 0.0, DAY, Settings(mode="stock"), Stats())],
    )
    without_python(page, lambda: page.goto(site.url))
    assert page.evaluate(PREVIEW_JS) == [*game.line.cards, "back"]
    expect(page.locator("#line .card.stock")).to_have_attribute("data-count", str(game.stock_count))
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
    game = Game.numbered(7, STOCK)
    for _ in range(6):
        page.locator("#deal-card").click()
        game.deal(0.0)
    # Every deal made, and its chance weighed, before the page is left: the words are the
    # engine's for this position (a reload drops clicks not yet handled).
    chance = describe.chance(game.advice().chance)
    expect(page.locator("#stock")).to_have_attribute("data-count", str(game.stock_count))
    expect(page.locator("#chance")).to_have_text(chance)
    page.evaluate("scrollTo(0, 0)")
    for _ in range(2):
        page.reload()
        wait_ready(page)
        wait_settled(page)
        expect(page.locator("#chance")).to_have_text(chance)
        page.wait_for_timeout(300)
        assert page.evaluate("window.__layoutShift") == 0, "something moved on the screen as the page loaded"


INJECTED = '<img src=x onerror="document.body.dataset.pwned=1">'


def untrusted() -> dict[str, str]:
    """What another page of the origin might keep under the game's key."""
    kept = json.loads(boot.kept(Game.numbered(7), 0.0, DAY, Settings(), Stats()))
    acting = json.loads(json.dumps(kept))
    acting["patch"]["r"]["field-deal"]["a"] = {"data-act": "reset-confirm"}
    element = json.loads(json.dumps(kept))
    element["patch"]["r"]["first-game-text"]["c"] = [{"t": "img", "a": {"src": "x"}}]
    markup = json.loads(json.dumps(kept))
    markup["patch"]["r"]["field-deal"]["c"] = [INJECTED]
    return {
        "not json": "{",
        "an older build's snapshot": json.dumps({"version": 2, "cards": ["QH", "AS", "KH"], "stock": None}),
        "a control made to send a message": json.dumps(acting),
        "an element it never draws": json.dumps(element),
        "markup as a field's text": json.dumps(markup),
        "too long": json.dumps({**kept, "pad": "x" * boot.MAX_CHARS}),
    }


@pytest.mark.parametrize("name", list(untrusted()))
def test_an_untrusted_description_draws_nothing_from_storage(
    no_worker: BrowserContext, site, name: str
) -> None:
    page = no_worker.new_page()
    page.goto(site.url + "static/manifest.webmanifest")  # same origin, no game running
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [SNAPSHOT_KEY, untrusted()[name]])
    without_python(page, lambda: page.goto(site.url))
    drawn = page.evaluate(PREVIEW_JS)
    if name == "markup as a field's text":  # a text is drawn as text, never as markup
        assert drawn == list(numbered_deal(7)) and field(page, "deal") == INJECTED
    else:
        assert drawn == list(numbered_deal(FIRST_DEAL)), "a first visit's table, nothing from storage"
        assert page.locator("#field-deal[data-act]").count() == 0
    assert page.locator("img").count() == 0 and page.locator("body[data-pwned]").count() == 0


UNCOVERED_JS = """() => [...document.querySelectorAll('#line .card')].filter(card => {
  const box = card.getBoundingClientRect();
  const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
  return hit !== null && card.contains(hit);
}).map(card => card.dataset.card)"""


def test_a_move_made_before_python_is_ready_is_played_once_it_is(
    no_worker: BrowserContext, site, wait_ready
) -> None:
    """What the player does on the table the boot script drew is kept, and played in order as
    the game's Python starts: nothing lost, nothing played twice."""
    page = no_worker.new_page()
    held: list[Route] = []
    page.route(PYSCRIPT_CORE, lambda route: held.append(route))  # PyScript waits while the player plays
    page.goto(site.url, wait_until="commit")  # the load waits for PyScript
    page.wait_for_selector("#line .card", state="attached")
    first = list(numbered_deal(FIRST_DEAL))
    open_to_clicks = set(page.evaluate(UNCOVERED_JS))
    move = next(m for m in Line(first).legal_moves() if {m.left, m.right} <= open_to_clicks)
    page.locator(f"#line [data-card='{move.left}']").click()
    expect(page.locator(f"#line [data-card='{move.left}']")).to_have_attribute("aria-pressed", "true")
    page.locator(f"#line [data-card='{move.right}']").click()
    assert not page.evaluate("() => document.body.hasAttribute('data-ready')")
    assert field(page, "moves") == "0", "nothing is played before the game runs"
    for route in held:
        route.continue_()
    page.unroute(PYSCRIPT_CORE)
    wait_ready(page)
    after_turns(page)
    played = Line(first)
    played.push(move)
    assert line(page) == list(played.cards) and field(page, "moves") == "1"
    page.reload()
    wait_ready(page)
    assert line(page) == list(played.cards) and field(page, "moves") == "1", "played once, and kept"
