"""Which deal a new game gets: a random number, or under "winnable deals only" the first
number from a random one whose deal the solver proves winnable.

Stepping to the next number (rather than drawing again) keeps every dealt game a plain
numbered deal, shareable by its number like any other; and since about 98.7% of deals can be
won, the first or second number almost always serves.
"""

from __future__ import annotations

import random

from royal.deals import numbered_deal
from royal.difficulty import Level, grade
from royal.solver import is_winnable

#: New games draw their number from 1 to this (a number people can read out).
RANDOM_DEALS = 999_999_999
#: A newcomer's first deal (no game saved or counted, the settings as they come): an Easy one,
#: the same for every newcomer, so that the page can draw it before the game's Python has
#: started (royal/view/boot.py; the build draws it into the boot script).
FIRST_DEAL = 2026


def next_winnable(number: int, stock: bool = False) -> int:
    """The first deal number from ``number`` on (wrapping past :data:`RANDOM_DEALS` to 1) that
    can be won (``stock``: in its stock's order). Every run of numbers holds winnable deals, so
    the loop ends within a few steps."""
    while not is_winnable(numbered_deal(number, stock)):
        number = number % RANDOM_DEALS + 1
    return number


def next_of_grade(number: int, level: Level, stock: bool = False) -> int:
    """The first deal number from ``number`` on (wrapping as :func:`next_winnable` does) whose
    grade is ``level``: each grade holds about a quarter of the deals, so a few steps serve."""
    while grade(numbered_deal(number, stock)) is not level:
        number = number % RANDOM_DEALS + 1
    return number


def draw_deal(
    rng: random.Random, winnable_only: bool = True, level: Level | None = None, stock: bool = False
) -> int:
    """A deal number for a new game: random, winnable when ``winnable_only``, and of grade
    ``level`` when one is asked for (a graded deal is winnable); ``stock``: judged in the order
    the stock game's deal of that number falls in."""
    number = rng.randint(1, RANDOM_DEALS)
    if level is not None:
        return next_of_grade(number, level, stock)
    return next_winnable(number, stock) if winnable_only else number
