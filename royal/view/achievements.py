"""The achievements panel's list as a description (``#achievements-list``, docs/stats.md,
"Achievements"): a badge an achievement, in the order they are defined: its medal, name, goal
and how far (the day it was unlocked, "not yet", or a count with a bar of its progress).
``royal/web/achievements_view.py`` applies it in one call; the end panel shows the medals of the
achievements a win unlocked (royal/view/ending.py)."""

from __future__ import annotations

import datetime as _dt

from royal import describe
from royal.achievements import ACHIEVEMENTS, Achievement, progress
from royal.stats import Stats
from royal.view.html import Element, Node, Patch, Region, html

#: Each achievement's medal: a sign drawn in its badge, decoration a screen reader skips (the
#: name says it). Counts show their goal; the grades the pips of their suit's ladder.
MEDALS = {
    "first-win": "\u2665",
    "ten-wins": "10",
    "hundred-wins": "100",
    "perfect": "\u2605",
    "ten-perfect": "10\u2605",
    "unaided": "\u2726",
    "quick": "1\u2032",
    "easy-won": "\u2666",
    "medium-won": "\u2666\u2666",
    "hard-won": "\u2666\u2666\u2666",
    "expert-won": "\u265b",
    "expert-par": "\u265b\u2605",
    "first-daily": "\u2600",
    "week-streak": "7",
    "full-month": "31",
}


def medal(achievement: Achievement) -> Element:
    """The achievement's medal, hidden from screen readers."""
    return html("span", {"class": "medal", "aria-hidden": "true"}, MEDALS[achievement.id])


def achievements_list(stats: Stats, today: _dt.date) -> Patch:
    """Every achievement as ``stats`` stand ``today``: unlocked (with its day) or how far."""
    return Patch({"achievements-list": Region((), tuple(_item(a, stats, today) for a in ACHIEVEMENTS))})


def _item(achievement: Achievement, stats: Stats, today: _dt.date) -> Element:
    unlocked = stats.unlocked.get(achievement.id)
    reached = progress(achievement, stats, today)
    name, goal = describe.badge(achievement)
    children: list[Node] = [
        medal(achievement),
        html("strong", None, name),
        html("span", {"class": "goal"}, goal),
        html("span", {"class": "reached"}, describe.achievement_reached(achievement, reached, unlocked)),
    ]
    if achievement.goal > 1 and not unlocked:  # a count to show; a one-off goal is reached or not
        children.append(html("progress", {"max": achievement.goal, "value": reached, "aria-hidden": "true"}))
    attributes = {
        "class": "achievement",
        "data-achievement": achievement.id,
        "data-unlocked": "true" if unlocked else "false",
    }
    return html("li", attributes, *children, key=achievement.id)
