"""Winnable dealing, par and perfect wins, the replay of a shortest win, the daily record and
the stats backup, driven in the page. Expectations come from the engine in this process."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from conftest import DESKTOP, PHONE_CONTEXT
from gamepage import (
    RECTS_JS,
    WATCH_POLICY,
    click_move,
    expect_line,
    field,
    marked,
    open_one_move_from_the_win,
    open_stuck_game,
    policy_violations,
    stat,
    stored,
    wait_settled,
    winnable_deal,
)
from royal.deals import numbered_deal
from royal.line import Line
from royal.saves import load_stats
from royal.solver import is_winnable, solve
from royal.storage_keys import GAME_KEY, STATS_KEY

STORAGE_JS = (
    "() => Object.fromEntries(Object.keys(localStorage).sort().map(k => [k, localStorage.getItem(k)]))"
)


def storage(page: Page) -> dict[str, str]:
    return page.evaluate(STORAGE_JS)


def without_revision(text: str) -> dict:  # type: ignore[type-arg]
    record = json.loads(text)
    del record["game"]["revision"]
    return record


def win_by_clicks(page: Page, number: int) -> None:
    for move in solve(numbered_deal(number)).moves:
        click_move(page, move)
    expect(page.locator("body")).to_have_attribute("data-outcome", "won")


def test_replay_of_a_shortest_win_changes_nothing_and_closes_to_the_end_screen(
    page: Page, open_game, wait_ready
) -> None:
    number, moves, position = open_stuck_game(page, lambda query: open_game(page, query))
    assert is_winnable(numbered_deal(number))
    page.locator("#restart").click()  # count one loss, then get stuck again: stats to keep
    for move in moves:
        click_move(page, move)
    expect(page.locator("body")).to_have_attribute("data-outcome", "stuck")
    expect(page.locator("[data-stat=played]")).to_have_text("1")
    saved = storage(page)
    end_text = page.locator("#result-text").inner_text()
    figures = page.locator("#stats dl").all_inner_texts()
    time_shown = field(page, "time")

    solution = solve(numbered_deal(number))
    page.locator("#replay").click()
    expect(page.locator("body")).to_have_attribute("data-replay", "")
    expect(page.locator("#result")).to_be_hidden()
    expect_line(page, numbered_deal(number))
    shadow = Line(numbered_deal(number))

    def expect_marks(step: int) -> None:
        move = solution.moves[step]
        assert marked(page, "data-hint", "boundary") == {move.left, move.right}
        assert marked(page, "data-hint", "removed") == set(shadow.enclosed(move))
        expect(page.locator("#replay-status")).to_contain_text(
            f"{step} of {solution.min_moves} played. Next, move {step + 1}:"
        )

    expect_marks(0)
    for step in range(3):  # step forward by button and by key
        if step % 2:
            page.keyboard.press("ArrowRight")
        else:
            page.locator("#replay-step").click()
        shadow.push(solution.moves[step])
        wait_settled(page)
        expect_line(page, shadow.cards)
        expect_marks(step + 1)
    page.locator("#replay-back").click()
    shadow.pop()
    expect_line(page, shadow.cards)
    expect_marks(2)
    page.keyboard.press("ArrowLeft")
    shadow.pop()
    expect_line(page, shadow.cards)
    expect_marks(1)

    # Stepped to three moves from the end, Space plays on to it, where the royal couple stand alone.
    for step in range(1, solution.min_moves - 3):
        page.keyboard.press("ArrowRight")
        shadow.push(solution.moves[step])
    expect_line(page, shadow.cards)
    expect_marks(solution.min_moves - 3)
    page.keyboard.press(" ")
    expect(page.locator("#replay-play")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#replay-status")).to_have_text(
        f"Won in {solution.min_moves} moves, the fewest this deal allows.", timeout=60_000
    )
    expect_line(page, ["QH", "KH"])
    expect(page.locator("#replay-play")).to_have_attribute("aria-pressed", "false")
    assert storage(page) == saved, "the replay wrote to storage"

    # Esc closes: the end screen exactly as it was.
    page.keyboard.press("Escape")
    expect(page.locator("body")).not_to_have_attribute("data-replay", "")
    expect(page.locator("#result")).to_be_visible()
    expect_line(page, position.cards)
    expect(page.locator("#replay")).to_be_focused()
    assert page.locator("#result-text").inner_text() == end_text
    assert page.locator("#stats dl").all_inner_texts() == figures
    assert field(page, "time") == time_shown
    assert marked(page, "data-hint", "boundary") == set()
    assert storage(page) == saved

    # Reloading in the middle of a replay comes back to the same end screen.
    page.locator("#replay").click()
    page.locator("#replay-step").click()
    page.reload()
    wait_ready(page)
    expect(page.locator("body")).to_have_attribute("data-outcome", "stuck")
    expect(page.locator("body")).not_to_have_attribute("data-replay", "")
    expect_line(page, position.cards)
    assert page.locator("#result-text").inner_text() == end_text
    # A reload writes the game again as the page leaves and starts (its revision counts the
    # writes, docs/saves.md "Tabs"); the game itself and the stats are as they were.
    after = storage(page)
    assert after[STATS_KEY] == saved[STATS_KEY]
    assert without_revision(after[GAME_KEY]) == without_revision(saved[GAME_KEY])


def test_a_setting_changed_during_a_replay_keeps_the_replay_on_the_board(page: Page, open_game) -> None:
    number, moves, position = open_stuck_game(page, lambda query: open_game(page, query))
    solution = solve(numbered_deal(number))
    shadow = Line(numbered_deal(number))
    page.locator("#replay").click()
    for step in range(3):
        page.locator("#replay-step").click()
        shadow.push(solution.moves[step])
    status = f"3 of {solution.min_moves} played. Next, move 4:"

    def expect_replay() -> None:
        """The board, its marks and the fields show the replay's fourth move, not the game."""
        wait_settled(page)
        expect_line(page, shadow.cards)
        move = solution.moves[3]
        assert marked(page, "data-hint", "boundary") == {move.left, move.right}
        assert marked(page, "data-hint", "removed") == set(shadow.enclosed(move))
        expect(page.locator("#replay-status")).to_contain_text(status)
        expect(page.locator("[data-field=moves]")).to_have_text("3")
        expect(page.locator("[data-field=cards-left]")).to_have_text(str(len(shadow.cards)))

    expect_replay()
    page.locator("#settings").click()
    page.locator("#large-cards").check()
    expect(page.locator("html")).to_have_attribute("data-large-cards", "")
    expect_replay()
    page.locator("#theme-dark").check()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    expect_replay()
    page.locator("#settings-close").click()
    expect_replay()

    page.locator("#replay-close").click()
    expect_line(page, position.cards)
    expect(page.locator("[data-field=moves]")).to_have_text(str(len(moves)))
    expect(page.locator("[data-field=cards-left]")).to_have_text(str(len(position.cards)))


def test_stepping_a_replay_on_a_phone_keeps_the_line_still(phone_page: Page, open_game) -> None:
    """The words above the line change length from step to step; the line must not move."""
    page = phone_page
    number, _, _ = open_stuck_game(page, lambda query: open_game(page, query))
    page.locator("#replay").click()
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


def test_an_unwinnable_deal_has_no_replay(page: Page, open_game) -> None:
    number = next(
        n
        for n in range(1, 800)
        if not is_winnable(numbered_deal(n)) and len(solve_stuck(numbered_deal(n))) < 40
    )
    open_game(page, f"?deal={number}")
    for move in solve_stuck(numbered_deal(number)):
        click_move(page, move)
    expect(page.locator("body")).to_have_attribute("data-outcome", "stuck")
    page.locator("#replay").click()
    expect(page.locator("#status")).to_contain_text("No one can win this deal, so there is no win to show")
    expect(page.locator("body")).not_to_have_attribute("data-replay", "")


def solve_stuck(cards) -> list:  # type: ignore[no-untyped-def]
    """Leftmost legal moves until no move is left."""
    position = Line(cards)
    moves = []
    while position.has_moves():
        moves.append(position.legal_moves()[0])
        position.push(moves[-1])
    return moves


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

    # Reset asks first; cancelling keeps everything, confirming clears the stats.
    second.locator("#reset-stats").click()
    reset = second.locator("#reset-dialog")
    expect(reset).to_be_visible()
    reset.locator("[data-cancel]").click()
    expect(second.locator("[data-stat=wins]")).to_have_text("1")
    second.locator("#reset-stats").click()
    reset.locator("[data-confirm]").click()
    expect(second.locator("[data-stat=played]")).to_have_text("0")
    expect(second.locator("[data-stat=perfect-wins]")).to_have_text("0")
    expect(second.locator("[data-field=moves]")).to_have_text("1")
    assert policy_violations(second, console) == []


def test_a_bad_import_file_changes_nothing_and_says_why(page: Page, site, wait_ready, tmp_path: Path) -> None:
    _, last = open_one_move_from_the_win(page, site.url, wait_ready, winnable_deal(5))
    click_move(page, last)
    expect(page.locator("body")).to_have_attribute("data-outcome", "won")
    before = storage(page)
    with page.expect_download() as download_info:
        page.locator("#export-stats").click()
    good = download_info.value.path().read_text()
    cases = {
        "cut.json": (good[: len(good) // 2], "cut short"),
        "other.json": ('{"name": "another game", "scores": [1, 2]}', "not a Royal Marriage backup"),
        "newer.json": (good.replace('"version": 1,', '"version": 9,', 1), "newer version"),
        "edited.json": (good.replace('"wins": 1,', '"wins": 7,'), "changed or damaged after it was exported"),
        # 40 KB nested 20,000 deep: it once overflowed the runtime's stack and killed the page.
        "deep.json": (
            good.replace('"game": null', '"game": ' + "[" * 20_000 + "]" * 20_000),
            "nests far deeper",
        ),
    }
    for name, (text, reason) in cases.items():
        assert text != good
        path = tmp_path / name
        path.write_text(text)
        page.locator("#import-stats").set_input_files(path)
        status = page.locator("#backup-status")
        expect(status).to_contain_text(reason)
        assert status.inner_text().count(". ") == 0 and status.inner_text().endswith(".")
        expect(page.locator("#import-dialog")).to_be_hidden()
        assert storage(page) == before
        assert stat(page, "wins") == "1"


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


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_chart_spans_the_panel_bars_start_at_its_left_and_its_labels_stay_readable(
    size: str, new_context, site, wait_ready
) -> None:
    page = new_context(**(PHONE_CONTEXT if size == "phone" else {"viewport": DESKTOP})).new_page()
    page.goto(site.url + "?deal=7")
    wait_ready(page)
    click_move(page, solve(numbered_deal(7)).moves[0])
    page.locator("#new-game").click()  # one loss: one bar
    page.locator("#loss-dialog [data-confirm]").click()
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
