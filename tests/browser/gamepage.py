"""Helpers for the game's browser tests: read the page through the automation contract
(docs/automation.md) and compute what it should show with the engine itself.

Not a test module and not a conftest: the browser test files import it by name
(pytest puts tests/browser/ on sys.path, as it has no __init__.py).
"""

from __future__ import annotations

import contextlib
import json
import time
import uuid
from collections.abc import Callable, Iterable, Sequence

from playwright.sync_api import BrowserContext, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from royal.deals import numbered_deal
from royal.forced import forced_finish
from royal.game import Game
from royal.line import Line, Move
from royal.saves import dump_game
from royal.solver import solve
from royal.storage_keys import GAME_KEY, KEPT_PREFIX, LOCK

LINE_JS = "() => [...document.querySelectorAll('#line [data-card]')].map(e => e.dataset.card)"
# Where each element `sel` picks sits in the document (not the viewport: a reload restores the scroll
# position only to within a few pixels, and that is the browser's doing, not the page's):
# [x, y, width] each, rounded to pixels.
RECTS_JS = """sel => [...document.querySelectorAll(sel)].map(e => {
  const r = e.getBoundingClientRect();
  return [Math.round(r.x + scrollX), Math.round(r.y + scrollY), Math.round(r.width)]; })"""
# A browser where no worker can start: the game's Python runs on the page's thread
# (static/python.js).
NO_WORKER = "window.Worker = class { constructor() { throw new Error('no workers here'); } };"
# Installed before any of the page's own scripts run (init scripts are not subject to the
# Content-Security-Policy): collects each violation the page reports, read by policy_violations.
WATCH_POLICY = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(
  `${e.effectiveDirective} blocked ${e.blockedURI || "(inline)"} at ${e.sourceFile}:${e.lineNumber}`));
"""
KEPT_GAME = f"{KEPT_PREFIX}game.1"
KEPT_STATS = f"{KEPT_PREFIX}stats.1"
#: The eight figures of the stats panel, by their data-stat names, in the order shown.
STATS = (
    "played",
    "wins",
    "win-rate",
    "fastest-win",
    "fewest-moves",
    "best-score",
    "current-streak",
    "best-streak",
)


# Reading the page ---------------------------------------------------------------------


def after_turns(page: Page) -> None:
    """Wait until every action the page was given so far has run: each runs in its turn of the
    lock all tabs take (docs/saves.md, "Tabs"), in order, so one more turn comes after them."""
    page.evaluate("lock => navigator.locks.request(lock, () => {})", LOCK)


# Each reader waits first for the actions the page was given so far (after_turns): an action
# runs in its turn of the lock all tabs take, a moment after the click or key that asked for it.


def line(page: Page) -> list[str]:
    """The surviving cards as the page shows them, left to right."""
    after_turns(page)
    return page.evaluate(LINE_JS)


def field(page: Page, name: str) -> str:
    after_turns(page)
    return page.locator(f"[data-field={name}]").inner_text().strip()


def stat(page: Page, name: str) -> str:
    after_turns(page)
    return page.locator(f"[data-stat={name}]").inner_text().strip()


def seconds(text: str) -> int:
    """``"1:05"`` -> 65."""
    minutes, rest = text.split(":")
    return int(minutes) * 60 + int(rest)


def stored(page: Page, key: str) -> str | None:
    after_turns(page)
    return page.evaluate("key => localStorage.getItem(key)", key)


def wait_settled(page: Page) -> None:
    """Wait until the actions asked for have run, with the work each left for after its paint
    (the table kept for the next visit among it), and removed cards have finished leaving
    (they keep their grid cell ~220 ms)."""
    after_turns(page)
    page.evaluate("new Promise(painted => requestAnimationFrame(() => setTimeout(painted, 0)))")
    after_turns(page)  # the "painted" messages, posted in that frame before this one's
    page.wait_for_function("() => !document.querySelector('#line .leaving')", timeout=5_000)


def expect_line(page: Page, cards: Sequence[str], timeout_s: float = 5.0) -> None:
    """Poll until the page's line is ``cards``, then assert it (with a readable diff)."""
    wanted = list(cards)
    deadline = time.monotonic() + timeout_s
    shown = line(page)
    while shown != wanted and time.monotonic() < deadline:
        page.wait_for_timeout(50)
        shown = line(page)
    assert shown == wanted


def card(page: Page, code: str):  # type: ignore[no-untyped-def]
    return page.locator(f'#line [data-card="{code}"]')


def click_move(page: Page, move: Move, right_first: bool = False) -> None:
    """Play ``move`` by clicking its boundaries (left then right, unless ``right_first``), and
    wait for its turn. Removed cards may still be leaving (they take no clicks) and the rest
    sliding (a click waits for its card to stand still): :func:`wait_settled` waits for them."""
    first, second = (move.right, move.left) if right_first else (move.left, move.right)
    after_turns(page)
    card(page, first).click()
    expect(card(page, first)).to_have_attribute("aria-pressed", "true")
    card(page, second).click()
    expect(card(page, second)).to_have_count(1)  # a boundary stays
    after_turns(page)


def centre(box: dict) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag(page: Page, source: str, target) -> None:  # type: ignore[no-untyped-def]
    """Press on ``source``, drag it past the threshold, then onto ``target`` where it is now."""
    # A card dropped elsewhere glides back to its place: press it once it is there.
    page.wait_for_function(
        "code => !document.querySelector(`#line [data-card='${code}']`).getAnimations().length", arg=source
    )
    x, y = centre(card(page, source).bounding_box())
    page.mouse.move(x, y)
    page.mouse.down()
    # Past the threshold (8 px), on a little further while the page has not seen it: on a busy
    # machine the first moves can reach the page before its turn to hear the press.
    dragging = card(page, source).and_(page.locator("[data-dragging]"))
    for dx in (12, 20, 28):
        page.mouse.move(x + dx, y, steps=3)
        with contextlib.suppress(PlaywrightTimeoutError):
            dragging.wait_for(state="attached", timeout=2000)
            break
    expect(card(page, source)).to_have_attribute("data-dragging", "")
    page.mouse.move(*centre(target.bounding_box()), steps=6)


def two_tabs(
    context: BrowserContext, url: str, wait_ready: Callable[[Page], Page], second_script: str = ""
) -> tuple[Page, Page]:
    """Two tabs of one game in ``context``: the first opens deal 9 at the site's ``url``, the
    second the site itself (so the same game); ``second_script`` runs in it before the page's."""
    first = context.new_page()
    first.goto(url + "?deal=9")
    wait_ready(first)
    second = context.new_page()
    if second_script:
        second.add_init_script(second_script)
    second.goto(url)
    wait_ready(second)
    return first, second


def confirm_loss(page: Page) -> None:
    """Answer the question asked before a game in progress counts as a loss: leave it."""
    dialog = page.locator("dialog[open]")
    expect(dialog).to_contain_text("This game will count as a loss")
    dialog.locator("[data-confirm]").click()
    expect(dialog).to_have_count(0)


def marked(page: Page, attribute: str, value: str) -> set[str]:
    after_turns(page)
    return set(
        page.evaluate(
            '([a, v]) => [...document.querySelectorAll(`#line [data-card][${a}="${v}"]`)]'
            ".map(e => e.dataset.card)",
            [attribute, value],
        )
    )


def policy_violations(page: Page, console: list[str]) -> list[str]:
    """What WATCH_POLICY collected, and the policy's complaints among the ``console`` messages."""
    return page.evaluate("window.__violations") + [m for m in console if "Content Security Policy" in m]


def notices(page: Page) -> list[str]:
    after_turns(page)
    return [text.strip() for text in page.locator("#notices .notice").all_inner_texts()]


def expect_shadow(page: Page, game: Game) -> None:
    """The page shows ``game``'s line, moves, score and cards left (the engine's model)."""
    expect_line(page, game.line.cards)
    expect(page.locator("[data-field=moves]")).to_have_text(str(game.moves))
    expect(page.locator("[data-field=score]")).to_have_text(str(game.score))
    expect(page.locator("[data-field=cards-left]")).to_have_text(str(game.cards_left))


# Computing expectations with the engine -------------------------------------------------


def winnable_deal(start: int = 1) -> int:
    """The first winnable numbered deal from ``start``."""
    number = start
    while not solve(numbered_deal(number)).winnable:
        number += 1
    return number


def leftmost_until_stuck(cards: Iterable[str]) -> tuple[list[Move], Line] | None:
    """Always take the leftmost legal move; the moves and final line if that ends stuck."""
    position = Line(cards)
    moves = []
    while position.has_moves():
        move = position.legal_moves()[0]
        position.push(move)
        moves.append(move)
    return (moves, position) if len(position) > 2 else None


def shortest_stuck_deal(numbers: Iterable[int]) -> tuple[int, list[Move], Line]:
    """Among ``numbers``, the deal whose leftmost-move play gets stuck soonest."""
    found = []
    for number in numbers:
        stuck = leftmost_until_stuck(numbered_deal(number))
        if stuck is not None:
            found.append((len(stuck[0]), number, stuck))
    assert found, "no deal in the range gets stuck by leftmost play"
    _, number, (moves, position) = min(found, key=lambda item: item[:2])
    return number, moves, position


def open_stuck_game(page: Page, open_page: Callable[[str], object]) -> tuple[int, list[Move], Line]:
    """Open, by ``open_page(query)``, the deal of 1 to 59 whose leftmost play gets stuck
    soonest, and play it by clicks to its stuck end: its number, the moves, the position."""
    number, moves, position = shortest_stuck_deal(range(1, 60))
    open_page(f"?deal={number}")
    for move in moves:
        click_move(page, move)
    expect(page.locator("body")).to_have_attribute("data-outcome", "stuck")
    return number, moves, position


def custom_order() -> list[str]:
    """A valid custom deal unlike any numbered one: QH, the other 50 sorted, KH."""
    from royal.cards import ALL_CARDS

    middle = sorted(c for c in ALL_CARDS if c not in ("QH", "KH"))
    return ["QH", *middle, "KH"]


def dumps(value: object) -> str:
    return json.dumps(value)


def finish_deal() -> int:
    """The first deal whose shortest win's last move is forced: Finish for me is offered for it
    when the rest of that win has been played."""
    for number in range(1, 100):
        solution = solve(numbered_deal(number))
        line = Line(numbered_deal(number))
        for move in solution.moves[:-1]:
            line.push(move)
        if solution.winnable and forced_finish(line.cards, False) is not None:
            return number
    raise AssertionError("no deal below 100 ends with a forced move")


SEED_ONCE = """
(() => {
  try {  // init scripts also run in frames without storage: leave those alone
    if (window !== window.top || sessionStorage.getItem('%(flag)s')) return;
    sessionStorage.setItem('%(flag)s', '1');
    localStorage.setItem('%(key)s', %(value)s);
  } catch (error) {}
})();
"""


def seed_once(context: BrowserContext | Page, key: str, value: str) -> None:
    """Before the next navigation only (of ``context``'s pages, or of one page), put ``value``
    under ``key`` in localStorage."""
    flag = f"seeded-{uuid.uuid4().hex}"
    context.add_init_script(SEED_ONCE % {"key": key, "value": json.dumps(value), "flag": flag})


def open_one_move_from_the_win(
    page: Page, url: str, wait_ready: Callable[[Page], Page], number: int, hinted: bool = False
) -> tuple[Game, Move]:
    """Open deal ``number`` in ``page`` saved one move short of its shortest win (after a hint
    first if ``hinted``), as a player who had played the rest would find it on a return visit:
    no deal played by clicks only to get there (whole deals by clicks are played elsewhere).
    The game so far, and that last move."""
    game = Game.numbered(number)
    if hinted:
        game.hint()
    *moves, last = solve(game.cards).moves
    for second, move in enumerate(moves, 1):
        game.play(move, float(second))
    seed_once(page, GAME_KEY, dump_game(game, float(len(moves) + 1), 1))
    page.goto(url)
    wait_ready(page)
    expect(page.locator("[data-field=moves]")).to_have_text(str(len(moves)))
    return game, last
