"""Difficulty from the solver (docs/scoring.md, "Difficulty"): what a grade is, that it is the
same for a deal everywhere, and that simple players win less as grades get harder."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import UNWINNABLE, WINNABLE
from royal.cli import difficulty_table
from royal.dealer import draw_deal
from royal.deals import numbered_deal
from royal.difficulty import (
    CARDS_TO_CLEAR,
    Level,
    cleared_while_winnable,
    grade,
    leftmost,
    level_of,
    measure,
    play_out,
    seed_of,
)
from royal.line import Line
from royal.settings import ANY_LEVEL, LEVELS
from royal.solver import is_winnable

ORDER = list(Level)


def test_an_unwinnable_deal_has_no_grade():
    assert grade(numbered_deal(UNWINNABLE)) is None


def test_a_winnable_deal_has_one_grade_every_time():
    cards = numbered_deal(WINNABLE)
    assert grade(cards) in Level
    assert {grade(cards) for _ in range(3)} == {grade(cards)}


def test_the_grade_draws_only_from_the_projects_own_generator(monkeypatch):
    """No Python version can change a grade: Python's random is never asked."""

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("the grade asked Python's random")

    for name in ("Random", "choice", "randrange", "random", "seed"):
        monkeypatch.setattr(random, name, refused)
    graded = [grade(numbered_deal(n)) for n in range(1, 30)]
    assert set(graded) - {None} == set(Level)


def test_the_random_plays_seed_is_fnv_1a_of_the_cards():
    # FNV-1a's published 64-bit test vectors: the empty text gives the offset basis.
    assert seed_of([]) == 0xCBF29CE484222325
    assert seed_of(["a"]) == 0xAF63DC4C8601EC8C
    assert seed_of(["foobar"]) == 0x85944171F73967E8
    assert seed_of(["QH", "KH"]) == seed_of(["QH KH"])


@given(st.integers(1, 10**12))
def test_the_measure_counts_cards_removed_while_the_win_was_possible(number):
    cards = numbered_deal(number)
    if not is_winnable(cards):
        return
    cleared = cleared_while_winnable(cards, leftmost)
    line = Line(cards)
    while len(cards) - len(line) < cleared:
        line.push(line.legal_moves()[0])
    assert is_winnable(line.cards)
    if cleared < CARDS_TO_CLEAR:  # the leftmost player's next move lost the win
        line.push(line.legal_moves()[0])
        assert not is_winnable(line.cards)
    assert (len(play_out(cards, leftmost)) == 2) == (cleared == CARDS_TO_CLEAR)
    assert 0 <= measure(cards) <= 3 * CARDS_TO_CLEAR


def test_levels_run_from_easy_to_expert_as_the_measure_falls():
    levels = [level_of(value) for value in range(3 * CARDS_TO_CLEAR, -1, -1)]
    assert levels[0] is Level.EASY and levels[-1] is Level.EXPERT
    assert [ORDER.index(level) for level in levels] == sorted(ORDER.index(level) for level in levels)
    assert set(levels) == set(Level)


def shares(report: list[str]) -> dict[str, tuple[float, float]]:
    rows = {}
    for line in report[2:6]:
        name, _, random_share, leftmost_share = line.split()
        rows[name] = (float(random_share.rstrip("%")), float(leftmost_share.rstrip("%")))
    return rows


def test_the_table_names_every_grade_and_the_unwinnable():
    report = difficulty_table(range(1, 41), seed=1)
    assert report[0] == "deals 1-40: 40"
    assert list(shares(report)) == [level.value for level in Level]
    counted = sum(int(line.split()[1]) for line in report[2:6]) + int(report[6].split()[-1])
    assert counted == 40


@pytest.mark.slow
def test_both_simple_players_win_less_at_every_harder_grade():
    """The validation the grade is built for, on deals 1 to 2,000 (a quarter of a minute; the
    rates fall by nearly four points or more at each step there: Easy 22.8 / 71.3 %, Medium
    15.7 / 52.7 %, Hard 11.0 / 29.0 %, Expert 7.1 / 2.1 %, random / leftmost). The 20,000 deals
    the docs quote are `royal odds --difficulty`'s to show (its deals are 1-20000 unless told),
    minutes of work."""
    rows = shares(difficulty_table(range(1, 2_001), seed=1))
    for player in (0, 1):
        rates = [rows[level.value][player] for level in Level]
        assert rates == sorted(rates, reverse=True) and len(set(rates)) == len(rates)


def test_new_game_can_ask_for_a_grade_and_the_settings_offer_each():
    assert (ANY_LEVEL, *(level.value for level in Level)) == LEVELS
    rng = random.Random(5)
    for level in Level:
        assert grade(numbered_deal(draw_deal(rng, False, level))) is level
