"""The achievements panel (``#achievements``, opened by ``#achievements-open``) and the one-time
news of an achievement unlocked (``#achievement-news``, a status line beside the game, never
over the board) (docs/stats.md, "Achievements")."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Collection

from royal import describe
from royal.achievements import ACHIEVEMENTS
from royal.stats import Stats
from royal.table.state import PageState
from royal.view.achievements import achievements_list
from royal.view.html import Patch, text
from royal.web.modal import Modal


class AchievementsView:
    """Lists the achievements in their dialog and says in ``#achievement-news`` which one was just
    unlocked."""

    def __init__(
        self, state: PageState, show: Callable[[Patch], None], stats: Stats, unlocked_at_load: Collection[str]
    ) -> None:
        self.state = state
        self.modal = Modal("achievements", show, state)
        # Unlocked before this page opened: not news, but for those its load unlocked.
        state.announced = set(stats.unlocked) - set(unlocked_at_load)

    def open(self, stats: Stats, today: _dt.date) -> None:
        self.modal.open(achievements_list(stats, today))

    def render(self, stats: Stats, today: _dt.date) -> Patch:
        """Announce achievements unlocked since the last drawing, once; follow the stats."""
        new = [a for a in ACHIEVEMENTS if a.id in stats.unlocked and a.id not in self.state.announced]
        self.state.announced = set(stats.unlocked)
        patch = Patch({"achievement-news": text(describe.achievements_unlocked(new))}) if new else Patch()
        if self.modal.is_open:
            patch += achievements_list(stats, today)
        return patch
