"""Real tabs of one browser: a page restored from the back/forward cache catches up with what
other tabs wrote meanwhile, says so and never overwrites newer progress (docs/saves.md, "Tabs");
two tabs acting in the same millisecond, in turn under the Web Lock, lose nothing.
What the game makes of the other tabs' writes (a tab following another, dropping what it
offered; a tab behind another refusing its action; either order of two tabs' actions) is tested
under CPython in tests/test_app_saves.py."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from conftest import DESKTOP, TIMEOUT_MS
from gamepage import (
    after_turns,
    card,
    click_move,
    confirm_loss,
    expect_line,
    field,
    line,
    notices,
    stat,
    stored,
    two_tabs,
)
from royal import describe, saves
from royal.deals import numbered_deal
from royal.game import Game, Outcome
from royal.line import Line, Move
from royal.saves import load_game
from royal.settings import Settings
from royal.solver import solve
from royal.stats import Stats
from royal.storage_keys import GAME_KEY, SETTINGS_KEY, STATS_KEY

RESTORES = """
window.__restored = [];
window.addEventListener("pageshow", (event) => window.__restored.push(event.persisted));
"""


def play_leftmost(page: Page, count: int) -> None:
    for _ in range(count):
        click_move(page, Line(line(page)).legal_moves()[0])


@pytest.fixture
def cached_contexts(
    browser_type, browser_type_launch_args, _recorder
) -> Iterator[Callable[[], BrowserContext]]:
    """Makes contexts in a Chromium that keeps pages in the back/forward cache (Playwright turns
    it off by default), recorded like every other context."""
    browser = browser_type.launch(
        **browser_type_launch_args, ignore_default_args=["--disable-back-forward-cache"]
    )

    def make() -> BrowserContext:
        context = browser.new_context(viewport=DESKTOP)
        context.set_default_timeout(TIMEOUT_MS)
        _recorder.watch(context)
        return context

    yield make
    browser.close()


def test_a_page_restored_from_the_back_forward_cache_adopts_newer_progress(
    cached_contexts: Callable[[], BrowserContext], site, wait_ready
) -> None:
    # Chromium caches a page only if no script runs at the moment it is left, which a test
    # cannot arrange for certain: the scenario is tried again (in a fresh profile) if not.
    for _ in range(3):
        if restored_page_catches_up(cached_contexts(), site, wait_ready):
            return
    pytest.fail("the page was never restored from the back/forward cache")


def restored_page_catches_up(context: BrowserContext, site, wait_ready) -> bool:
    a = context.new_page()
    a.add_init_script(RESTORES)
    a.goto(site.url + "?deal=9")
    wait_ready(a)
    play_leftmost(a, 1)  # game X, one move
    x = field(a, "deal")
    a.wait_for_timeout(1_000)
    a.goto(site.url + "static/manifest.webmanifest")  # A leaves: the page is frozen, not closed

    b = context.new_page()
    b.goto(site.url)
    wait_ready(b)
    expect(b.locator("[data-field=moves]")).to_have_text("1")
    b.locator("#new-game").click()  # X counts as a loss; B plays three moves of game Y
    confirm_loss(b)
    expect(b.locator("[data-stat=played]")).to_have_text("1")
    play_leftmost(b, 3)
    y, saved = field(b, "deal"), stored(b, GAME_KEY)
    assert y != x

    a.go_back(wait_until="commit")  # a restored page fires no load event
    # Restored, the page keeps its list and adds to it; loaded again, it starts a new one.
    a.wait_for_function("document.readyState === 'complete' && (window.__restored || []).length > 0")
    if a.evaluate("window.__restored") != [False, True]:
        context.close()
        return False
    expect(a.locator("[data-field=deal]")).to_have_text(y)
    expect(a.locator("[data-field=moves]")).to_have_text("3")
    expect_line(a, line(b))
    assert any(text.startswith(describe.CAUGHT_UP) for text in notices(a))
    assert stat(a, "played") == "1"
    play_leftmost(a, 1)  # A goes on with Y, from where B left it
    expect(b.locator("[data-field=moves]")).to_have_text("4")
    assert load_game(stored(a, GAME_KEY), 0.0).moves == 4 and saved != stored(a, GAME_KEY)
    context.close()
    return True


# Two tabs in the same millisecond -------------------------------------------------------------

TRIALS = 10
#: Clicks ``selector`` at the wall-clock time ``at`` (ms): pages of one machine share the clock,
#: so two pages given one ``at`` act in the same millisecond, each in its own renderer (one
#: page's writes reach the other's copy of localStorage a moment later).
#: ``window.__raced`` is fulfilled once the click is made.
CLICK_AT = """([selector, at]) => {
  window.__raced = new Promise(done => setTimeout(() => {
    document.querySelector(selector).click();
    done();
  }, at - Date.now()));
}"""
PLANT = "records => { for (const [key, text] of Object.entries(records)) localStorage.setItem(key, text); }"


def last_move_and_another() -> tuple[int, list[Move], Move]:
    """A deal, a shortest win of it but for its last move, and another legal move there."""
    number = 1
    while True:
        moves = solve(numbered_deal(number)).moves
        position = Line(numbered_deal(number))
        for move in moves[:-1]:
            position.push(move)
        others = [m for m in position.legal_moves() if m != moves[-1]]
        if moves and others:
            return number, moves, others[0]
        number += 1


NUMBER, WINNING, OTHER = last_move_and_another()


def one_from_a_win() -> str:
    """A fresh game of NUMBER one move from its win, as stored."""
    game = Game.numbered(NUMBER)
    for move in WINNING[:-1]:
        game.play(move, 0.0)
    return saves.dump_game(game, 0.0, 1)


def one_loss() -> str:
    """Stats of one lost game."""
    stats = Stats()
    loss = Game.numbered(NUMBER)
    loss.play(WINNING[0], 0.0)
    stats.record(loss.result(0.0), dt.date.today())
    return saves.dump_stats(stats)


@pytest.fixture
def racing(new_context, site, wait_ready) -> tuple[Page, Page, Page]:
    """Two tabs of the game in one context, and a third page of the site that plants records
    (its writes reach both tabs as another tab's)."""
    context = new_context()
    a, b = two_tabs(context, site.url, wait_ready)
    writer = context.new_page()
    writer.goto(site.url + "static/manifest.webmanifest")
    return a, b, writer


def plant(writer: Page, tabs: tuple[Page, ...], records: dict[str, str], moves: int) -> None:
    """Store ``records`` as another tab would, and wait until both tabs show the game."""
    writer.evaluate(PLANT, records)
    for page in tabs:
        expect(page.locator("[data-field=moves]")).to_have_text(str(moves))


def race(*clicks: tuple[Page, str]) -> None:
    """Click each page's selector in the same millisecond, then wait until both clicks' actions
    have run, and the turns in which each tab then hears the other's writes."""
    at = clicks[0][0].evaluate("Date.now()") + 250
    for page, selector in clicks:
        page.evaluate(CLICK_AT, [selector, at])
    for page, _ in clicks:  # its click made, then its action's turn (the lock keeps the order asked)
        page.evaluate("() => window.__raced")
        after_turns(page)
    clicks[0][0].wait_for_timeout(100)  # the writes' storage events reach the other tab
    for page, _ in clicks:
        after_turns(page)


def select(page: Page, code: str) -> None:
    """Select ``code`` on the line, by a click event alone: a pointer's click waits until the
    card has stood still over frames, which a tab beside others draws slowly (1.7 s a click)."""
    card(page, code).dispatch_event("click")
    expect(card(page, code)).to_have_attribute("aria-pressed", "true")


def on_line(code: str) -> str:
    """The selector of ``code`` on the line."""
    return f'#line [data-card="{code}"]'


def reset_while_the_other_wins(a: Page, b: Page, writer: Page) -> object:
    """A trial: A wins the game while B resets the stats; (played, wins) stored if one was lost."""
    plant(writer, (a, b), {GAME_KEY: one_from_a_win(), STATS_KEY: one_loss()}, len(WINNING) - 1)
    expect(b.locator("[data-stat=played]")).to_have_text("1")
    select(a, WINNING[-1].left)
    b.locator("#reset-stats").dispatch_event("click")
    race((a, on_line(WINNING[-1].right)), (b, "#reset-confirm"))
    stats = saves.load_stats(stored(a, STATS_KEY), dt.date.today())
    for page in (a, b):
        expect(page.locator("[data-stat=played]")).to_have_text(str(stats.played))
    # The reset, then the win (1 played, 1 won); or the win, then the reset (0 played).
    return None if (stats.played, stats.wins) in ((0, 0), (1, 1)) else (stats.played, stats.wins)


def win_while_the_other_moves(a: Page, b: Page, writer: Page) -> object:
    """A trial: A wins the game while B plays another move; (the last move stored, wins) if one
    was lost."""
    records = {GAME_KEY: one_from_a_win(), STATS_KEY: saves.dump_stats(Stats())}
    plant(writer, (a, b), records, len(WINNING) - 1)
    select(a, WINNING[-1].left)
    select(b, OTHER.left)
    race((a, on_line(WINNING[-1].right)), (b, on_line(OTHER.right)))
    game = load_game(stored(a, GAME_KEY), 0.0)
    stats = saves.load_stats(stored(a, STATS_KEY), dt.date.today())
    for page in (a, b):
        expect_line(page, game.line.cards)
    # A's win (the game won and counted), or B's move (the game on, nothing counted).
    won = game.outcome is Outcome.WON
    if stats.wins != won or game.line.stack[-1].move != (WINNING[-1] if won else OTHER):
        return str(game.line.stack[-1].move), stats.wins
    return None


def settings_changed_in_both(a: Page, b: Page, writer: Page) -> object:
    """A trial, the settings open in both tabs: A turns the sound on while B picks the dark theme;
    (sound, theme) stored if either was lost."""
    writer.evaluate(PLANT, {SETTINGS_KEY: saves.dump_settings(Settings())})
    expect(a.locator("#sound")).not_to_be_checked()
    expect(b.locator("#theme-system")).to_be_checked()
    race((a, "#sound"), (b, "#theme-dark"))
    settings = saves.load_settings(stored(a, SETTINGS_KEY))
    for page in (a, b):
        expect(page.locator("#sound")).to_be_checked(checked=settings.sound)
        expect(page.locator(f"#theme-{settings.theme}")).to_be_checked()
    return None if settings.sound and settings.theme == "dark" else (settings.sound, settings.theme)


RACES: list[tuple[str, Callable[[Page, Page, Page], object]]] = [
    ("the reset or the win (played, wins)", reset_while_the_other_wins),
    ("a move (the last move stored, wins)", win_while_the_other_moves),
    ("a setting (sound, theme)", settings_changed_in_both),  # last: it leaves the settings open
]


def test_two_real_tabs_acting_in_the_same_millisecond_lose_nothing(racing) -> None:
    """Each race TRIALS times between the same two tabs (the Web Lock's turns and the writes'
    storage events are the browser's; what the game makes of either order of the two actions is
    test_app_saves'): a reset while the other tab wins, a win while the other moves, two settings
    changed at once."""
    a, b, writer = racing
    lost: dict[str, list[tuple[int, object]]] = {}
    for name, trial in RACES:
        if trial is settings_changed_in_both:
            a.locator("#settings").click()
            b.locator("#settings").click()
        outcomes = [(number, trial(a, b, writer)) for number in range(TRIALS)]
        lost[name] = [(number, kept) for number, kept in outcomes if kept is not None]
    assert not any(lost.values()), "; ".join(
        f"{name} was lost in {len(trials)} of {TRIALS} trials (trial, what was stored): {trials}"
        for name, trials in lost.items()
        if trials
    )
