"""Whole games in the page, played by clicks: a win on the solver's shortest line, and a
game driven into a dead end. Expectations come from the engine in this process."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from gamepage import (
    click_move,
    expect_line,
    expect_shadow,
    field,
    line,
    seconds,
    shortest_stuck_deal,
    stat,
    winnable_deal,
)
from royal.deals import numbered_deal
from royal.game import Game
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
    expect(page.locator("#result-text")).to_contain_text(f"score {score}")

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


def last_winnable_by_solver(number: int, moves: list) -> int:
    """How many of ``moves`` can be played with the deal still winnable (the deal must be)."""
    position = Line(numbered_deal(number))
    assert solve(position.cards).winnable
    for count, move in enumerate(moves):
        position.push(move)
        if not solve(position.cards).winnable:
            return count
    raise AssertionError("a stuck line cannot be winnable")


def test_stuck_game_is_recognised_and_undo_reopens_it(page: Page, open_game) -> None:
    winnable = (n for n in range(1, 1000) if solve(numbered_deal(n)).winnable)
    number, moves, final = shortest_stuck_deal(winnable)
    assert not final.has_moves() and len(final) > 2
    open_game(page, f"?deal={number}")
    shadow = Game.numbered(number)
    body = page.locator("body")
    for move in moves:
        click_move(page, move)
        shadow.play(move, 0)
        if shadow.outcome is None:
            expect(body).not_to_have_attribute("data-outcome", "stuck")
    expect_shadow(page, shadow)
    assert line(page) == list(final.cards)

    expect(body).to_have_attribute("data-outcome", "stuck")
    result = page.locator("#result")
    expect(result).to_be_visible()
    expect(page.locator("#result-text")).to_contain_text(f"{len(final)} cards")
    for button in ("#result-undo", "#result-restart", "#result-new"):
        expect(page.locator(button)).to_be_visible()
        expect(page.locator(button)).to_be_enabled()
    expect(page.locator("#hint")).to_be_disabled()
    # A stuck game is not counted until it is left.
    assert stat(page, "played") == "0"

    page.locator("#result-undo").click()
    shadow.undo(0)
    expect(body).not_to_have_attribute("data-outcome", "stuck")
    expect(result).to_be_hidden()
    expect_shadow(page, shadow)
    expect(page.locator("#hint")).to_be_enabled()
    assert stat(page, "played") == "0", "undo never ends a game"

    # Stuck again by redo: the panel offers a way back to the last position that can be won.
    page.locator("#redo").click()
    shadow.redo(0)
    expect(body).to_have_attribute("data-outcome", "stuck")
    last = last_winnable_by_solver(number, moves)
    rewind = page.locator("#result-rewind")
    expect(rewind).to_have_text(f"Back to move {last}, still winnable")
    rewind.click()
    while shadow.moves > last:
        shadow.undo(0)
    expect(body).not_to_have_attribute("data-outcome", "stuck")
    expect_shadow(page, shadow)
    assert solve(shadow.line.cards).winnable
    for _ in range(len(moves) - last):
        page.locator("#redo").click()
    expect(body).to_have_attribute("data-outcome", "stuck")
    assert stat(page, "played") == "0", "rewinding never ends a game"

    # Leave from the panel: a loss.
    page.locator("#result-new").click()
    expect(body).not_to_have_attribute("data-outcome", "stuck")
    expect(page.locator("[data-stat=played]")).to_have_text("1")
    assert stat(page, "wins") == "0"
    assert stat(page, "win-rate") == "0%"
    assert field(page, "deal") != str(number)
    assert field(page, "moves") == "0"


def test_warning_when_a_move_loses_the_game(page: Page, open_game) -> None:
    """With the option ticked, the move that makes the deal unwinnable is called out at once."""
    number, losing = next(
        (n, moves)
        for n in range(1, 300)
        if solve(numbered_deal(n)).winnable
        for moves in [first_losing_moves(n)]
        if moves is not None
    )
    open_game(page, f"?deal={number}")
    warn = page.locator("#warn-lost")
    page.locator("#settings").click()
    expect(warn).not_to_be_checked()
    page.locator("#settings-close").click()
    for move in losing[:-1]:
        click_move(page, move)
    page.locator("#settings").click()
    warn.check()
    page.locator("#settings-close").click()
    click_move(page, losing[-1])
    status = page.locator("#status")
    expect(status).to_have_text(
        f"That move lost the game: after move {len(losing)} it can no longer be won. "
        "Undo it to get back on a winning line."
    )
    expect(page.locator("#announcer")).to_contain_text("That move lost the game")
    page.locator("#undo").click()
    expect(status).to_have_text("")
    page.reload()
    page.wait_for_selector("body[data-ready]")
    page.locator("#settings").click()
    expect(page.locator("#warn-lost")).to_be_checked()


def first_losing_moves(number: int) -> list | None:
    """Leftmost moves until one makes the deal unwinnable with moves still left, else None."""
    position = Line(numbered_deal(number))
    moves = []
    while position.has_moves():
        moves.append(position.legal_moves()[0])
        position.push(moves[-1])
        if not solve(position.cards).winnable:
            return moves if position.has_moves() else None
    return None
