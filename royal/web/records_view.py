"""The stats panel's records: today's deal day by day (``#daily-record``) and the chart of
recent games, an SVG drawn here with its words in a list for screen readers."""

from __future__ import annotations

import datetime as _dt
from typing import Any

from pyscript import document

from royal import describe, markup
from royal.deals import daily_deal_number
from royal.records import Finished
from royal.stats import Stats
from royal.web.dom import within

SVG = "http://www.w3.org/2000/svg"
#: The chart's drawing box: one slot per game, wins rising from the middle, losses falling.
WIDTH, HEIGHT, SLOT = 600, 110, 20
MIDDLE = HEIGHT // 2
#: Pixels per move over par (a win) and per card left (a loss), within half the height.
PER_MOVE, PER_CARD = 5, 1


class RecordsView:
    """Draws the daily record and the recent-games chart inside ``panel`` (the stats panel);
    redraws only when they change."""

    def __init__(self, panel: Any) -> None:
        self.today_line = within(panel, "daily-today")
        self.days = within(panel, "daily-days")
        self.streak = within(panel, "daily-streak")
        self.summary = within(panel, "recent-summary")
        self.chart = within(panel, "recent-chart")
        self.chart.setAttribute("viewBox", f"0 0 {WIDTH} {HEIGHT}")
        self.items = within(panel, "recent-list")
        self._drawn: object = None

    def render(self, stats: Stats, today: _dt.date) -> None:
        key = (today, _snapshot(stats), tuple(stats.recent))
        if key == self._drawn:
            return
        self._drawn = key
        self._daily(stats, today)
        self._recent(stats.recent)

    def _daily(self, stats: Stats, today: _dt.date) -> None:
        record = stats.daily
        self.today_line.textContent = describe.daily_today(record, today, daily_deal_number(today))
        cells = []
        for day, status in record.row(today):
            cell = document.createElement("li")
            cell.className = markup.DAY
            cell.setAttribute("data-day", day.isoformat())
            cell.setAttribute("data-result", status.value)
            label = describe.day_label(day, status)
            cell.setAttribute("title", label)
            cell.setAttribute("aria-label", label)
            if day == today:
                cell.setAttribute("data-today", "")
            cells.append(cell)
        self.days.replaceChildren(*cells)
        self.streak.textContent = describe.daily_streak(record.current_streak(today))

    def _recent(self, recent: list[Finished]) -> None:
        self.summary.textContent = describe.recent_summary(recent)
        shapes: list[Any] = [
            _svg("line", {"class": "axis", "x1": 0, "y1": MIDDLE, "x2": WIDTH, "y2": MIDDLE})
        ]
        items = []
        for index, game in enumerate(recent):
            x = index * SLOT + 3
            if game.won and game.perfect:
                shape = _svg("circle", {"class": "perfect", "cx": x + 7, "cy": MIDDLE - 5, "r": 5})
            elif game.won:
                height = min(MIDDLE - 2, max(3, (game.over_par or 0) * PER_MOVE))
                shape = _svg(
                    "rect", {"class": "won", "x": x, "y": MIDDLE - height, "width": 14, "height": height}
                )
            else:
                height = min(MIDDLE - 2, game.cards_left * PER_CARD)
                shape = _svg("rect", {"class": "lost", "x": x, "y": MIDDLE, "width": 14, "height": height})
            shape.setAttribute("data-game", str(index + 1))
            shapes.append(shape)
            item = document.createElement("li")
            item.textContent = describe.recent_game(index + 1, game)
            items.append(item)
        self.chart.replaceChildren(*shapes)
        self.items.replaceChildren(*items)


def _svg(tag: str, attributes: dict[str, object]) -> Any:
    element = document.createElementNS(SVG, tag)
    for name, value in attributes.items():
        element.setAttribute(name, str(value))
    return element


def _snapshot(stats: Stats) -> object:
    """A snapshot of the daily record to compare with later (the record is changed in place)."""
    record = stats.daily
    return (tuple(sorted(record.days.items())), record.streak_day, record.streak)
