"""A whole game in the page, played by clicks as most players see it: booted, won on the
solver's shortest line, scored and counted. Expectations come from the engine in this process.
A game driven into a dead end and the losing-move warning are read under CPython
(tests/test_app_comforts.py)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from gamepage import (
    click_move,
    expect_line,
    field,
    line,
    seconds,
    stat,
    winnable_deal,
)
from royal.deals import numbered_deal
from royal.line import Line
from royal.solver import solve


def spec_points(removed: int) -> int:
    """docs/scoring.md, written out here rather than taken from royal.scoring: 10 a card, a pair 30."""
    return {1: 10, 2: 30}[removed]


def spec_win_bonus(seconds: int) -> int:
    """docs/scoring.md: a win adds 500, plus max(0, 600 - seconds of play)."""
    return 500 + max(0, 600 - seconds)


@pytest.mark.motion  # the whole deal as most players see it, every card sliding
def test_boot_deal_and_win_by_clicks(page: Page, open_game) -> None:
    number = winnable_deal(2)
    cards = numbered_deal(number)
    solution = solve(cards)
    open_game(page, f"?deal={number}")

    # Booted cleanly (open_game checks .py-error and page errors; say it once more here).
    expect(page.locator("body")).to_have_attribute("data-ready", "")
    expect(page.locator(".py-error")).to_have_count(0)
    expect(page.locator("#loading")).to_be_hidden()
    assert line(page) == list(cards)
    assert field(page, "deal") == str(number)
    assert field(page, "cards-left") == "52"
    assert field(page, "moves") == "0"
    assert stat(page, "played") == "0"

    shadow = Line(cards)
    points = 0
    for move in solution.moves:
        played = shadow.push(move)
        points += spec_points(len(played.removed))
        click_move(page, move)
        expect_line(page, shadow.cards)
        if len(shadow) > 2:
            expect(page.locator("[data-field=score]")).to_have_text(str(points))
            expect(page.locator("body")).not_to_have_attribute("data-outcome", "won")

    body = page.locator("body")
    expect(body).to_have_attribute("data-outcome", "won")
    assert line(page) == ["QH", "KH"]
    assert field(page, "cards-left") == "2"
    assert field(page, "moves") == str(solution.min_moves)

    # The clock halts at the win, so the shown time is the time that was scored; allow for
    # the second having ticked between the last move's scoring and the display.
    shown = seconds(field(page, "time"))
    score = int(field(page, "score"))
    allowed = {points + spec_win_bonus(s) for s in (shown, shown - 1) if s >= 0}
    assert score in allowed, (score, shown, points)
    page.wait_for_timeout(1200)
    assert seconds(field(page, "time")) == shown, "the clock must stop at the win"

    result = page.locator("#result")
    expect(result).to_be_visible()
    # The solver's moves win in par: a perfect marriage.
    expect(page.locator("#result-heading")).to_have_text("A perfect marriage!")
    expect(page.locator("#result-text")).to_contain_text(
        f"You won in par, {solution.min_moves} moves, the fewest this deal allows."
    )
    assert field(page, "par") == str(solution.min_moves)
    expect(page.locator("#part-score")).to_have_text(str(score))

    expect(page.locator("[data-stat=played]")).to_have_text("1")
    assert stat(page, "wins") == "1"
    assert stat(page, "win-rate") == "100%"
    assert stat(page, "fewest-moves") == str(solution.min_moves)
    assert stat(page, "best-score") == str(score)
    assert stat(page, "fastest-win") == field(page, "time")
    assert stat(page, "current-streak") == "1 day"
    assert stat(page, "best-streak") == "1 day"
    assert stat(page, "perfect-wins") == "1"
    # A won game takes no more moves, undo or hints.
    expect(page.locator("#undo")).to_be_disabled()
    expect(page.locator("#hint")).to_be_disabled()
    page.locator('#line [data-card="QH"]').click()
    expect(page.locator('#line [data-card="QH"]')).to_have_attribute("aria-pressed", "false")
