"""The achievements panel's list as a description (``#achievements-list``, docs/stats.md,
"Achievements"): an item an achievement, in the order they are defined, its words and, for a
goal that counts, a bar of its progress. ``royal/web/achievements_view.py`` applies it in one
call."""

from __future__ import annotations

import datetime as _dt

from royal import describe
from royal.achievements import ACHIEVEMENTS, Achievement, progress
from royal.stats import Stats
from royal.view.html import Element, Node, Patch, Region, html


def achievements_list(stats: Stats, today: _dt.date) -> Patch:
    """Every achievement as ``stats`` stand ``today``: unlocked (with its day) or how far."""
    return Patch({"achievements-list": Region((), tuple(_item(a, stats, today) for a in ACHIEVEMENTS))})


def _item(achievement: Achievement, stats: Stats, today: _dt.date) -> Element:
    unlocked = stats.unlocked.get(achievement.id)
    reached = progress(achievement, stats, today)
    children: list[Node] = [html("span", None, describe.achievement_label(achievement, reached, unlocked))]
    if achievement.goal > 1:  # a count to show; a one-off goal is reached or not, as its words say
        children.append(html("progress", {"max": achievement.goal, "value": reached, "aria-hidden": "true"}))
    attributes = {"data-achievement": achievement.id, "data-unlocked": "true" if unlocked else "false"}
    return html("li", attributes, *children, key=achievement.id)
