"""The stats panel's records: today's deal day by day (``#daily-record``) and the chart of
recent games, drawn by :func:`royal.view.records.records` and applied in one call."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence
from typing import Any

from royal.records import Finished
from royal.stats import Stats
from royal.view.records import records
from royal.web.dom import apply


class RecordsView:
    """Draws the daily record and the recent-games chart inside ``panel`` (the stats panel);
    redraws only when they change."""

    def __init__(self, panel: Any) -> None:
        self.panel = panel
        self._drawn: object = None

    def render(self, stats: Stats, today: _dt.date, recent: Sequence[Finished]) -> None:
        """Draw today's deal's record (the open game's) and ``recent``, the recent games of the
        variant the stats panel shows."""
        key = (today, _snapshot(stats), tuple(recent))
        if key == self._drawn:
            return
        self._drawn = key
        apply(self.panel, records(stats.daily, today, recent))


def _snapshot(stats: Stats) -> object:
    """A snapshot of the daily record to compare with later (the record is changed in place)."""
    record = stats.daily
    return (tuple(sorted(record.days.items())), record.streak_day, record.streak)
