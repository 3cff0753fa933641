"""What only a browser shows of the replay and the stats' records: the line still on a phone
while a replay steps, the royal couple where they are dealt after the win's glide, the chart's
geometry, and the stats' backup saved to a file and read back in a fresh browser. What they
say and do after each message is tested under CPython (tests/test_app_depth.py)."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from conftest import DESKTOP
from gamepage import (
    RECTS_JS,
    WATCH_POLICY,
    click_move,
    expect_line,
    field,
    open_one_move_from_the_win,
    policy_violations,
    seed_once,
    shortest_stuck_deal,
    stat,
    stored,
    wait_settled,
    winnable_deal,
)
from royal.deals import numbered_deal
from royal.game import Game
from royal.line import Line
from royal.saves import dump_game, load_stats
from royal.solver import solve
from royal.storage_keys import GAME_KEY, STATS_KEY


def open_saved_stuck_game(page: Page, open_game) -> int:  # type: ignore[no-untyped-def]
    """Open the game saved stuck after leftmost play of the deal of 1 to 59 that gets stuck
    soonest, as a player who played it would find it on a return visit; its number."""
    number, moves, _ = shortest_stuck_deal(range(1, 60))
    game = Game.numbered(number)
    for second, move in enumerate(moves, 1):
        game.play(move, float(second))
    seed_once(page, GAME_KEY, dump_game(game, float(len(moves) + 1), 1))
    open_game(page)
    expect(page.locator("body")).to_have_attribute("data-outcome", "stuck")
    return number


def test_on_a_phone_stepping_a_replay_keeps_the_line_still_and_the_chart_spans_the_panel(
    phone_page: Page, open_game
) -> None:
    """The words above the line change length from step to step; the line must not move. Then
    the stuck game left counts as one loss: one bar in the chart, drawn as check_chart expects."""
    page = phone_page
    number = open_saved_stuck_game(page, open_game)
    page.locator("#replay").click()
    expect(page.locator("#result")).to_be_hidden()  # the end panel steps aside while it shows
    wait_settled(page)
    tops = [page.evaluate(RECTS_JS, "#line")]
    for _ in range(solve(numbered_deal(number)).min_moves or 0):
        page.locator("#replay-step").click()
        wait_settled(page)
        tops.append(page.evaluate(RECTS_JS, "#line"))
    expect(page.locator("#replay-status")).to_contain_text("Won in")
    assert all(top == tops[0] for top in tops), tops
    # The score and the time are the game's, not the replay's: dimmed beside its figures.
    opacity = "name => getComputedStyle(document.querySelector(`[data-field=${name}]`).parentElement).opacity"
    assert [float(page.evaluate(opacity, name)) for name in ("score", "time")] == [0.45, 0.45]
    assert [float(page.evaluate(opacity, name)) for name in ("moves", "cards-left")] == [1, 1]
    # The felt runs to the phone's edges.
    game = page.locator(".game").bounding_box()
    assert game["x"] == 0 and game["width"] == page.viewport_size["width"], game
    page.locator("#replay-close").click()
    expect(page.locator("#result")).to_be_visible()
    page.locator("#result-new").click()  # the stuck game left: one loss, one bar
    check_chart(page)


def test_export_then_import_in_a_fresh_browser(new_context, site, wait_ready, tmp_path: Path) -> None:
    """Under the page's Content-Security-Policy: the Blob download and the file reading pass it."""
    console: list[str] = []
    first = new_context().new_page()
    first.add_init_script(WATCH_POLICY)
    first.on("console", lambda message: console.append(message.text))
    _, last = open_one_move_from_the_win(first, site.url, wait_ready, winnable_deal(3))
    click_move(first, last)
    first.locator("#new-game").click()
    playing = int(field(first, "deal"))
    click_move(first, Line(numbered_deal(playing)).legal_moves()[0])
    figures = {name: stat(first, name) for name in ("played", "wins", "perfect-wins", "fewest-moves")}
    assert figures["wins"] == "1" and figures["perfect-wins"] == "1"
    with first.expect_download() as download_info:
        first.locator("#export-stats").click()
    download = download_info.value
    assert download.suggested_filename.startswith("royal-marriage-stats-")
    assert download.suggested_filename.endswith(".json")
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    data = json.loads(path.read_text())
    assert data["kind"] == "backup" and data["game"]["game"]["number"] == playing
    expect(first.locator("#backup-status")).to_contain_text(download.suggested_filename)

    assert policy_violations(first, console) == []

    second = new_context().new_page()
    second.add_init_script(WATCH_POLICY)
    second.on("console", lambda message: console.append(message.text))
    second.goto(site.url)
    wait_ready(second)
    assert stat(second, "played") == "0"
    second.locator("#import-stats").set_input_files(path)
    dialog = second.locator("#import-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_have_attribute("open", "")
    text = second.locator("#import-dialog-text")
    expect(text).to_contain_text("holds 1 game played with 1 win")
    expect(text).to_contain_text(f"unfinished game of deal {playing}")
    assert stat(second, "played") == "0", "nothing is replaced before the player says so"
    dialog.locator("[data-confirm]").click()
    expect(dialog).to_be_hidden()
    for name, value in figures.items():
        expect(second.locator(f"[data-stat={name}]")).to_have_text(value)
    expect(second.locator("[data-field=deal]")).to_have_text(str(playing))
    expect(second.locator("[data-field=moves]")).to_have_text("1")
    assert load_stats(stored(second, STATS_KEY), dt.date.today()).wins == 1

    assert policy_violations(second, console) == []


@pytest.mark.motion  # the win's glide is what could carry them off
def test_after_a_win_the_replay_shows_the_royal_couple_where_they_are_dealt(
    page: Page, site, wait_ready
) -> None:
    """The win glides the pair to the middle of the line; the replay's line is the deal's,
    so the glide must not carry the Queen and King off the board."""
    number = winnable_deal()
    _, last = open_one_move_from_the_win(page, site.url, wait_ready, number)
    click_move(page, last)
    expect(page.locator("body")).to_have_attribute("data-outcome", "won")
    page.locator("#replay").click()
    expect(page.locator("body")).to_have_attribute("data-replay", "")
    expect_line(page, numbered_deal(number))
    wait_settled(page)
    page.wait_for_timeout(800)  # longer than the glide (420 ms after 220 ms)
    frame = page.locator("#line").bounding_box()
    # Every card stands where its place in the line puts it; the glide would move a royal by `left`.
    plain = page.locator("#line [data-card]").nth(1).evaluate("e => getComputedStyle(e).left")
    for code in ("QH", "KH"):
        royal = page.locator(f'#line [data-card="{code}"]')
        assert royal.evaluate("e => getComputedStyle(e).left") == plain, code
        box = royal.bounding_box()
        assert frame["x"] <= box["x"] and box["x"] + box["width"] <= frame["x"] + frame["width"], code


def test_on_a_desktop_the_chart_spans_the_panel_bars_start_at_its_left_and_its_labels_stay_readable(
    new_context, site, wait_ready
) -> None:
    page = new_context(viewport=DESKTOP).new_page()
    page.goto(site.url + "?deal=7")
    wait_ready(page)
    click_move(page, solve(numbered_deal(7)).moves[0])
    page.locator("#new-game").click()  # one loss: one bar
    page.locator("#loss-dialog [data-confirm]").click()
    check_chart(page)


def check_chart(page: Page) -> None:
    """The chart of recent games, with one bar, spans its panel, the bar stands at its left, and
    its labels are readable, the floor's level with the bar's foot."""
    bar = page.locator("#recent-chart [data-game]")
    expect(bar).to_have_count(1)
    chart = page.locator("#recent-chart").bounding_box()
    panel = page.locator("#recent-games").bounding_box()
    assert chart["width"] >= panel["width"] * 0.85, (chart, panel)
    first = bar.bounding_box()
    assert first["x"] - chart["x"] < chart["width"] / 20, ("the first bar stands at the left", first, chart)
    labels = page.locator("#recent-ticks span")
    expect(labels).to_have_text(["0", "25", "50"])
    for index in range(3):
        label = labels.nth(index)
        size_px = float(label.evaluate("e => getComputedStyle(e).fontSize").removesuffix("px"))
        assert size_px >= 12 and label.bounding_box()["height"] >= 11, (index, size_px)
        assert label.bounding_box()["x"] + label.bounding_box()["width"] <= chart["x"] + 1
    # "0" stands level with the floor the bar stands on.
    zero = labels.nth(0).bounding_box()
    assert abs(zero["y"] + zero["height"] / 2 - (first["y"] + first["height"])) < 4
