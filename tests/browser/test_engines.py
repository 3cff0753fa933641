"""The game in Firefox and in WebKit (Safari's engine), the engines Chromium tests miss.

One browser session per engine serves every test of this module, on one page (a boot
costs 4 to 6 s in Firefox and up to 18 s in WebKit on two cores), so each test starts
from whatever game the page shows and reads what it needs from the page. After each
test, a request that left 127.0.0.1 or an uncaught page error fails it.
Driven through WebDriver (Selenium): see webdrivers.py for how each engine is started.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from gamepage import STATS, finish_deal
from royal.achievements import ACHIEVEMENTS
from royal.challenges import challenges
from royal.deals import numbered_deal
from royal.game import Game
from royal.line import Line
from royal.saves import dump_game
from royal.solver import solve
from royal.storage_keys import GAME_KEY
from royal.variant import STOCK
from tools.paths import DIST
from tools.siteserver import SUBPATH, SiteServer
from webdrivers import ENGINES, EngineSession, launch

# Selenium's own WebKitGTK class still passes the driver's address the old way.
pytestmark = pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")

FIRST_DEAL = 7


@pytest.fixture(scope="module")
def site() -> Iterator[SiteServer]:
    """dist/ under /royal-marriage/ on 127.0.0.1, for the whole module."""
    if not (DIST / "index.html").is_file():
        pytest.fail(f"{DIST} holds no built site: run `python3 build.py test`")
    server = SiteServer(DIST, SUBPATH, quiet=True).start()
    yield server
    server.stop()


@pytest.fixture(scope="module", params=ENGINES)
def engine(request: pytest.FixtureRequest, site: SiteServer) -> Iterator[EngineSession]:
    """A fresh browser with the game booted on deal FIRST_DEAL; its boot time is kept."""
    session = launch(request.param)
    try:
        session.boot_s = session.open(f"{site.url}?deal={FIRST_DEAL}")
        session.boot_line = session.line()
        yield session
    finally:
        session.close()


@pytest.fixture(autouse=True)
def clean_run(engine: EngineSession) -> Iterator[None]:
    """After each test: nothing left 127.0.0.1 and nothing was thrown, in the page or its workers."""
    yield
    foreign = engine.take_foreign()
    errors = engine.page_errors()
    engine.forget_errors()
    assert not foreign, f"{engine.name}: requests left 127.0.0.1: {foreign}"
    assert not errors, f"{engine.name}: uncaught page errors: {errors}"


def confirm_leaving(engine: EngineSession, done: Callable[[], bool], what: str) -> None:
    """Wait until ``done()`` or the question before a game in progress is given up; confirm it
    if asked (the game a test meets may have moves)."""
    asked = "return document.getElementById('loss-dialog').open"
    engine.wait_for(lambda: done() or engine.driver.execute_script(asked), what)
    if engine.driver.execute_script(asked):
        engine.click("#loss-confirm")


def new_game(engine: EngineSession) -> list[str]:
    """Start a new deal with the New game button; its line. (Each test leaves the game
    won or untouched, so leaving it asks nothing.)"""
    before = engine.line()
    engine.click("#new-game")
    engine.wait_for(
        lambda: engine.field("moves") == "0" and len(engine.line()) == 52 and engine.line() != before,
        "a new deal",  # the answer comes from the worker a moment after the click
    )
    return engine.line()


def test_boots_with_the_linked_deal(engine: EngineSession, record_property) -> None:
    record_property("browser", engine.version)
    record_property("boot_s", round(engine.boot_s, 1))
    print(f"{engine.version}: session {engine.started_s:.1f} s, boot {engine.boot_s:.1f} s")
    assert engine.boot_line == list(numbered_deal(FIRST_DEAL))
    assert engine.field("deal") == str(FIRST_DEAL)
    assert engine.field("cards-left") == "52"
    assert engine.attribute("#loading", "hidden") is not None
    assert not engine.driver.find_elements(By.CSS_SELECTOR, ".py-error")


def test_an_uncaught_error_would_be_heard(engine: EngineSession) -> None:
    """The error check after each test is not blind (the sink's is proved at launch)."""
    engine.driver.execute_script("setTimeout(() => { throw new Error('royal-marriage-probe') })")
    engine.wait_for(lambda: any("royal-marriage-probe" in e for e in engine.page_errors()), "the error")
    engine.forget_errors()


def test_the_worker_makes_a_memory_snapshot_and_starts_from_it_or_does_without(engine: EngineSession) -> None:
    """Once the service worker controls the page, it makes a memory snapshot for the next start
    (or says it could not); the reload then starts from it, or plainly, and the tests after it
    play there."""
    engine.driver.execute_async_script("navigator.serviceWorker.ready.then(() => arguments[0]())")
    url = f"{engine.driver.current_url.split('?')[0]}?deal={FIRST_DEAL}"
    engine.open(url)  # Firefox's WebDriver reloads past the service worker: a navigation

    def settled() -> str | None:
        state = engine.attribute("html", "data-snapshot")
        return state if state in ("made", "used", "failed") else None

    made = engine.wait_for(settled, "the memory snapshot made or given up", timeout_s=180)
    engine.open(url)
    start = engine.wait_for(lambda: engine.attribute("html", "data-snapshot"), "how the start went")
    print(f"{engine.version}: snapshot {made}, then the start: {start}")
    assert start == ("used" if made in ("made", "used") else "none")


def test_win_by_clicks_and_stats_survive_a_reload(engine: EngineSession) -> None:
    cards = new_game(engine)
    solution = solve(cards)
    assert solution.winnable, "New game deals only winnable deals by default"
    played, wins = int(engine.stat("played")), int(engine.stat("wins"))
    fewest = engine.stat("fewest-moves")  # "—" before any win
    fewest_after = min(int(fewest), solution.min_moves) if fewest.isdigit() else solution.min_moves
    shadow = Game(cards)

    for move in solution.moves:
        assert engine.attribute("body", "data-outcome") is None
        shadow.play(move, 0)
        engine.click_move(move, shadow.line.cards)

    engine.wait_for(lambda: engine.attribute("body", "data-outcome") == "won", "the win")
    assert engine.line() == ["QH", "KH"]
    assert engine.field("moves") == str(solution.min_moves)
    engine.wait_for(lambda: engine.stat("played") == str(played + 1), "the win to be counted")
    assert engine.stat("wins") == str(wins + 1)
    stats = {name: engine.stat(name) for name in STATS}
    assert stats["fewest-moves"] == str(fewest_after)
    score = int(engine.field("score"))
    assert shadow.score - 600 <= score <= shadow.score, "moves, pairs and the win, less the time taken"
    assert int(stats["best-score"]) >= score

    engine.reload()
    assert {name: engine.stat(name) for name in STATS} == stats
    assert engine.attribute("body", "data-outcome") == "won"


def test_reload_mid_game_restores_line_moves_and_score(engine: EngineSession) -> None:
    cards = new_game(engine)
    shadow = Game(cards)
    for move in solve(cards).moves[:3]:
        shadow.play(move, 0)
        engine.click_move(move, shadow.line.cards)
    engine.wait_for(lambda: engine.field("moves") == "3", "three moves")
    before = {name: engine.field(name) for name in ("deal", "moves", "score", "cards-left")}
    assert before["score"] == str(shadow.score)

    engine.reload()
    assert engine.line() == list(shadow.line.cards)
    assert {name: engine.field(name) for name in before} == before
    assert engine.attribute("body", "data-outcome") is None
    assert engine.element("#undo").is_enabled()


def test_the_depth_panels_calendar_achievements_review_and_finish(engine: EngineSession, site) -> None:
    """Issue 20's panels as a player meets them: the calendar, a past day's challenge played to a
    loss and reviewed, the achievements listed, and Finish for me winning a forced end."""
    keys = ActionChains(engine.driver)
    engine.click("#calendar-open")
    engine.wait_for(
        lambda: engine.driver.execute_script("return document.getElementById('calendar').open"),
        "the calendar",
    )
    today = dt.date.today()
    yesterday = today - dt.timedelta(days=1)
    if yesterday.month != today.month:
        engine.click("#calendar-previous")
    engine.wait_for(
        lambda: engine.driver.find_elements(By.CSS_SELECTOR, f"#calendar [data-day='{yesterday}']"),
        "the month",
    )
    engine.click(f"#calendar [data-day='{yesterday}']")
    found = challenges(yesterday)
    level, number = next(iter(found.items()))
    play = f"#calendar-challenges [data-level={level.value}] button"
    engine.wait_for(lambda: engine.attribute(play, "data-deal") == str(number), "the day's challenges")
    engine.click(play)
    # The game the last test left has moves: leaving it is asked first, and confirmed.
    confirm_leaving(engine, lambda: engine.field("deal") == str(number), "Play")
    engine.wait_for(
        lambda: engine.field("deal") == str(number) and engine.field("moves") == "0", "the challenge"
    )
    assert engine.attribute("#calendar", "open") is None

    # Played to a loss by always taking the leftmost move, then reviewed and stepped.
    line = Line(numbered_deal(number))
    played = []
    while moves := line.legal_moves():
        line.push(moves[0])
        played.append(moves[0])
        engine.click_move(moves[0], line.cards)
    engine.wait_for(lambda: engine.attribute("body", "data-outcome") in ("stuck", "won"), "the game's end")
    engine.click("#review-open")
    items = "#review [data-move]"
    engine.wait_for(
        lambda: len(engine.driver.find_elements(By.CSS_SELECTOR, items)) == len(played), "the moves"
    )
    engine.wait_for(
        lambda: not engine.driver.find_elements(By.CSS_SELECTOR, "[data-verdict=pending]"), "judged"
    )
    engine.click("#review-step")
    after_one = Line(numbered_deal(number))
    after_one.push(played[0])
    engine.wait_for(lambda: engine.line() == list(after_one.cards), "the review's first move on the board")
    engine.click("#review-close")
    engine.wait_for(lambda: engine.attribute("#review", "hidden") is not None, "the review to close")

    engine.click("#achievements-open")
    engine.wait_for(
        lambda: engine.driver.execute_script("return document.getElementById('achievements').open"),
        "the achievements",
    )
    shown = engine.driver.find_elements(By.CSS_SELECTOR, "#achievements [data-achievement]")
    assert len(shown) == len(ACHIEVEMENTS)
    keys.send_keys(Keys.ESCAPE).perform()
    engine.wait_for(
        lambda: not engine.driver.execute_script("return document.getElementById('achievements').open"),
        "Escape to close",
    )

    # Finish for me, from the deal's win saved one move short (whole deals by clicks are won in
    # each engine above): the page weighs the forced end after the paint and plays it.
    deal = finish_deal()
    game = Game.numbered(deal)
    solution = solve(game.cards).moves
    for second, move in enumerate(solution[:-1], 1):
        game.play(move, float(second))
    # The origin with no game running (a style sheet: Firefox shows JSON in a viewer of its own,
    # where a page's script cannot reach localStorage).
    engine.driver.get(f"{site.url}static/app.css")
    engine.driver.execute_script(
        "localStorage.setItem(arguments[0], arguments[1])",
        GAME_KEY,
        dump_game(game, float(len(solution)), 99),
    )
    engine.open(site.url)
    engine.wait_for(lambda: engine.attribute("#finish", "data-offered") == "true", "Finish for me")
    engine.click("#finish")
    engine.wait_for(lambda: engine.attribute("body", "data-outcome") == "won", "Finish for me's win")
    assert engine.field("moves") == str(len(solution))


def choose_mode(engine: EngineSession, mode: str) -> None:
    """Choose the way to play in Settings (for the next New game) and close it."""
    engine.click("#settings")
    dialog = "return document.getElementById('settings-dialog').open"
    engine.wait_for(lambda: engine.driver.execute_script(dialog), "Settings")
    engine.click(f"#mode-{mode}")
    engine.wait_for(lambda: engine.element(f"#mode-{mode}").is_selected(), f"the {mode} game chosen")
    engine.click("#settings-close")
    engine.wait_for(lambda: not engine.driver.execute_script(dialog), "Settings closed")


def test_the_stock_game_deals_plays_undoes_and_survives_a_reload(engine: EngineSession) -> None:
    """Issue 21's stock game as a player meets it: chosen in Settings, dealt by the Deal button
    and by a tap on the stock, a move among the dealt cards, Undo taking back the move and then
    a deal, and a reload keeping the line and the stock's count."""
    choose_mode(engine, "stock")
    try:
        engine.click("#new-game")
        confirm_leaving(engine, lambda: engine.line() == ["QH"], "New game")
        engine.wait_for(lambda: engine.line() == ["QH"], "the stock game's first line")
        shadow = Game.numbered(int(engine.field("deal")), STOCK)
        assert engine.driver.current_url.endswith("&mode=stock")
        dealers = ("#deal-card", "#stock")
        while not shadow.legal_moves():
            engine.click(dealers[shadow.dealt % 2])
            shadow.deal(0)
            # After each deal the stock game's chance is weighed (in the worker, the page free
            # meanwhile): a deal asked for then waits for it, seconds under load in WebKit.
            engine.wait_for(lambda: engine.line() == list(shadow.line.cards), "a card dealt", timeout_s=60)
        assert engine.attribute("#stock", "data-count") == str(shadow.stock_count)
        dealt = list(shadow.line.cards)
        move = shadow.legal_moves()[0]
        shadow.play(move, 0)
        engine.click_move(move, shadow.line.cards)

        engine.click("#undo")
        engine.wait_for(lambda: engine.line() == dealt, "the move undone")
        engine.click("#undo")
        engine.wait_for(lambda: engine.line() == dealt[:-1], "the last deal undone")
        assert engine.attribute("#stock", "data-count") == str(shadow.stock_count + 1)

        engine.reload()
        assert engine.line() == dealt[:-1]
        assert engine.attribute("#stock", "data-count") == str(shadow.stock_count + 1)
        assert engine.element("#deal-card").is_displayed()
    finally:
        choose_mode(engine, "open")
