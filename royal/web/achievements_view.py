"""The achievements panel (``#achievements``, opened by ``#achievements-open``) and the one-time
news of an achievement unlocked (``#achievement-news``, a status line beside the game, never
over the board) (docs/stats.md, "Achievements")."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Collection
from typing import Any

from royal import describe
from royal.achievements import ACHIEVEMENTS
from royal.stats import Stats
from royal.view.achievements import achievements_list
from royal.view.html import Patch, text
from royal.web.dom import apply, on_click, within
from royal.web.opener import Opener


class AchievementsView:
    """Lists the achievements in ``dialog`` and says in ``#achievement-news`` which one was just
    unlocked."""

    def __init__(self, dialog: Any, stats: Stats, unlocked_at_load: Collection[str]) -> None:
        self.dialog = dialog
        # Unlocked before this page opened: not news, but for those its load unlocked.
        self.seen = set(stats.unlocked) - set(unlocked_at_load)
        self._last: tuple[Stats, _dt.date] | None = None
        on_click(within(dialog, "achievements-close"), self.dialog.close)
        self.opener = Opener(dialog)

    def open(self) -> None:
        self._draw()
        self.opener.remember()
        self.dialog.showModal()

    def render(self, stats: Stats, today: _dt.date) -> Patch:
        """Announce achievements unlocked since the last drawing, once; follow the stats."""
        self._last = (stats, today)
        new = [a for a in ACHIEVEMENTS if a.id in stats.unlocked and a.id not in self.seen]
        self.seen = set(stats.unlocked)
        patch = Patch({"achievement-news": text(describe.achievements_unlocked(new))}) if new else Patch()
        if self.dialog.open:
            patch += achievements_list(stats, today)
        return patch

    def _draw(self) -> None:
        if self._last is not None:
            apply(self.dialog, achievements_list(*self._last))
