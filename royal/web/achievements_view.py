"""The achievements panel (``#achievements``, opened by ``#achievements-open``) and the one-time
news of an achievement unlocked (``#achievement-news``, a status line beside the game, never
over the board) (docs/stats.md, "Achievements")."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Collection
from typing import Any

from pyscript import document

from royal import describe
from royal.achievements import ACHIEVEMENTS, progress
from royal.stats import Stats
from royal.web.dom import on_click, within
from royal.web.opener import Opener


class AchievementsView:
    """Lists the achievements in ``dialog`` and says in ``news`` which one was just unlocked."""

    def __init__(self, dialog: Any, news: Any, stats: Stats, unlocked_at_load: Collection[str]) -> None:
        self.dialog = dialog
        self.news = news
        self.list = within(dialog, "achievements-list")
        # Unlocked before this page opened: not news, but for those its load unlocked.
        self.seen = set(stats.unlocked) - set(unlocked_at_load)
        self._last: tuple[Stats, _dt.date] | None = None
        on_click(within(dialog, "achievements-close"), self.dialog.close)
        self.opener = Opener(dialog)

    def open(self) -> None:
        self._draw()
        self.opener.remember()
        self.dialog.showModal()

    def render(self, stats: Stats, today: _dt.date) -> None:
        """Announce achievements unlocked since the last drawing, once; follow the stats."""
        self._last = (stats, today)
        new = [a for a in ACHIEVEMENTS if a.id in stats.unlocked and a.id not in self.seen]
        if new:
            self.news.textContent = describe.achievements_unlocked(new)
        self.seen = set(stats.unlocked)
        if self.dialog.open:
            self._draw()

    def _draw(self) -> None:
        if self._last is None:
            return
        stats, today = self._last
        self.list.replaceChildren()
        for achievement in ACHIEVEMENTS:
            unlocked = stats.unlocked.get(achievement.id)
            reached = progress(achievement, stats, today)
            item = document.createElement("li")
            item.setAttribute("data-achievement", achievement.id)
            item.setAttribute("data-unlocked", "true" if unlocked else "false")
            text = document.createElement("span")
            text.textContent = describe.achievement_label(achievement, reached, unlocked)
            item.append(text)
            if achievement.goal > 1:  # a count to show; a one-off goal is reached or not
                bar = document.createElement("progress")
                bar.max = achievement.goal
                bar.value = reached
                bar.setAttribute("aria-hidden", "true")
                item.append(bar)
            self.list.append(item)
