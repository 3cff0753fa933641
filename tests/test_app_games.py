"""Games played through the page's logic under CPython (tests/app_tab.py drives it as the page
does): new deals and their grade, links, today's deal and the daily record across dates, what
a win counts, what undo and hints cost.
These were browser tests; the browser's own part of them (clicks, the DOM) is the whole-deal
browser tests' (tests/browser/test_play.py, test_stock_game.py)."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from app_tab import Local, Tab

from helpers import Time
from royal import describe
from royal.deals import daily_deal_number, numbered_deal
from royal.difficulty import Level, grade
from royal.game import Game
from royal.line import Line
from royal.solver import is_winnable, solve
from royal.storage_keys import STATS_KEY


def test_new_game_deals_only_winnable_deals_and_shows_par() -> None:
    tab = Tab()
    seen = set()
    for _ in range(6):
        tab.send("press", "new-game")
        number = int(tab.text("field-deal"))
        assert tab.line == list(numbered_deal(number)) and tab.text("field-moves") == "0"
        assert is_winnable(tab.line), f"deal {number} was dealt but cannot be won"
        assert tab.text("field-par") == str(solve(tab.line).min_moves)
        seen.add(number)
    assert len(seen) > 1


def test_a_link_to_an_unwinnable_deal_opens_it_and_says_so() -> None:
    number = next(n for n in range(1, 400) if not is_winnable(numbered_deal(n)))
    tab = Tab(query={"deal": str(number)})
    assert tab.line == list(numbered_deal(number))
    assert f"Deal {number} cannot be won" in tab.text("status")
    assert tab.text("field-par") == "none"


def test_a_number_that_reads_as_a_date_won_is_an_ordinary_game() -> None:
    """Issue 26: ``?deal=7400101`` reads as 1 January 740, yet no page offered it as a day's deal."""
    local = Local()
    tab = Tab(local, query={"deal": "7400101"})
    tab.win()
    stats = json.loads(local.data[STATS_KEY])["stats"]
    assert stats["wins"] == 1 and stats["challenges"]["days"] == {} and stats["daily"]["days"] == {}
    assert "first-daily" not in stats["unlocked"]


def test_daily_record_across_two_dates() -> None:
    first_day = next(
        d
        for d in (dt.date(2026, 11, 29) + dt.timedelta(days=k) for k in range(30))
        if is_winnable(numbered_deal(daily_deal_number(d)))
        and is_winnable(numbered_deal(daily_deal_number(d + dt.timedelta(days=1))))
    )
    second_day = first_day + dt.timedelta(days=1)
    local, time = Local(), Time(first_day)
    tab = Tab(local, time)
    assert "is not played yet" in tab.text("daily-today")
    assert len(tab.regions["daily-days"]["c"]) == 30
    tab.send("press", "daily")
    number = daily_deal_number(first_day)
    assert tab.text("field-deal") == str(number)
    tab.win()
    par = solve(numbered_deal(number)).min_moves
    assert tab.text("daily-today") == (
        f"Today's deal, {first_day.day} {first_day:%B} {first_day.year}, is won in {par} moves, in par."
    )
    assert tab.day(first_day.isoformat())["data-result"] == "won"
    assert "1 day" in tab.text("daily-streak")

    # The next day: yesterday stays won, today is played and not won, the streak holds.
    time.day = second_day
    tab = Tab(local, time)
    assert "is not played yet" in tab.text("daily-today")
    tab.send("press", "daily")
    second = daily_deal_number(second_day)
    assert tab.text("field-deal") == str(second)
    move = Line(numbered_deal(second)).legal_moves()[0]
    tab.send("pick", move.left)
    tab.send("pick", move.right)
    tab.send("press", "new-game")  # leaving it counts as played, not won: asked first
    tab.send("leave", False)
    assert "is played but not won yet" in tab.text("daily-today")
    assert tab.day(second_day.isoformat())["data-result"] == "played"
    assert tab.day(second_day.isoformat())["data-today"] == ""
    assert tab.day(first_day.isoformat())["data-result"] == "won"
    assert "1 day" in tab.text("daily-streak")
    games = [item for item in tab.regions["recent-list"]["c"]]
    assert len(games) == 2 and games[0]["c"] == [f"Game 1: won in {par} moves, in par."]


def test_todays_deal_won_after_a_win_with_the_clock_ahead_shows_in_the_row_and_the_calendar() -> None:
    """Issue 26, item 3: today's deal won 420 days ahead, the date put right (the streak-ended
    notice shows), today's deal won: the day-by-day row said today was not played, and the
    calendar showed today as nothing."""
    today = dt.date(2026, 11, 29)
    local, time = Local(), Time(today + dt.timedelta(days=420))
    tab = Tab(local, time)
    tab.send("press", "daily")
    tab.win()
    time.day = today
    tab = Tab(local, time)
    assert "Your winning streak ended" in json.dumps(tab.regions["notices"], ensure_ascii=False)
    tab.send("press", "daily")
    assert tab.text("field-deal") == str(daily_deal_number(today))
    tab.win()
    assert tab.day(today.isoformat())["data-result"] == "won"
    tab.send("calendar-open")
    cells = [
        cell["a"] for cell in found(tab.regions["calendar-days"]) if cell["a"].get("data-day") == str(today)
    ]
    assert len(cells) == 1 and cells[0]["data-result"] == "won"


def found(node: dict[str, Any]) -> list[dict[str, Any]]:
    """Every element under ``node`` (a region or an element as drawn) with attributes."""
    inside = [child for child in node.get("c", []) if isinstance(child, dict)]
    return [child for child in inside if "a" in child] + [n for child in inside for n in found(child)]


def test_the_grade_shows_beside_par_and_an_unwinnable_deal_has_none() -> None:
    number = next(n for n in range(1, 400) if is_winnable(numbered_deal(n)))
    tab = Tab(query={"deal": str(number)})
    assert tab.text("field-difficulty") == describe.difficulty_field(grade(numbered_deal(number)))
    unwinnable = next(n for n in range(1, 400) if not is_winnable(numbered_deal(n)))
    assert Tab(query={"deal": str(unwinnable)}).text("field-difficulty") == "none"


def test_new_game_deals_the_grade_chosen_in_settings() -> None:
    tab = Tab()
    tab.send("change", ["level-expert", True])
    for _ in range(2):
        tab.send("press", "new-game")
        assert tab.text("field-moves") == "0" and tab.text("field-difficulty") == "Expert"
        assert grade(numbered_deal(int(tab.text("field-deal")))) is Level.EXPERT


def test_an_undo_then_redo_costs_exactly_15_even_at_0() -> None:
    number = next(n for n in range(60, 400) if is_winnable(numbered_deal(n)))
    tab = Tab(query={"deal": str(number)})
    game = Game.numbered(number)
    for move in solve(game.cards).moves[:6]:
        tab.send("pick", move.left)
        tab.send("pick", move.right)
        game.play(move, 0)
    before = int(tab.text("field-score"))
    tab.send("press", "undo")
    tab.send("press", "redo")
    assert int(tab.text("field-score")) == before - 15

    # Hints and undos, then everything undone (the score shows 0) and redone: still charged.
    game.undo(0)
    game.redo(0)
    for _ in range(3):
        tab.send("press", "hint")
        tab.send("press", "undo")
        game.hint()
        game.undo(0)
    undone = 0
    while game.can_undo:
        tab.send("press", "undo")
        game.undo(0)
        undone += 1
    assert tab.text("field-score") == "0"
    while game.can_redo:
        tab.send("press", "redo")
        game.redo(0)
    assert tab.line == list(game.line.cards)
    # Played back to where the hints began, the score is down by every penalty since.
    assert game.breakdown.penalties == 15 + 3 * (25 + 15) + 15 * undone
    assert int(tab.text("field-score")) == max(0, game.breakdown.total)
