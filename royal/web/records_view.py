"""The stats panel's records: today's deal day by day (``#daily-record``) and the chart of
recent games, drawn by :func:`royal.view.records.records` with the page."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence

from royal.records import Finished
from royal.stats import Stats
from royal.table.state import PageState
from royal.view.html import Patch
from royal.view.records import records


class RecordsView:
    """Draws the daily record and the recent-games chart of the stats panel when they change."""

    def __init__(self, state: PageState) -> None:
        self.state = state  # its ``records_drawn``

    def render(self, stats: Stats, today: _dt.date, recent: Sequence[Finished]) -> Patch:
        """Today's deal's record (the open game's) and ``recent``, the recent games of the
        variant the stats panel shows, or nothing while they are as last drawn."""
        key = (today, _snapshot(stats), tuple(recent))
        if key == self.state.records_drawn:
            return Patch()
        self.state.records_drawn = key
        return records(stats.daily, today, recent)


def _snapshot(stats: Stats) -> object:
    """A snapshot of the daily record to compare with later (the record is changed in place)."""
    record = stats.daily
    return (tuple(sorted(record.days.items())), record.streak_day, record.streak)
