"""The stats panel's records: today's deal day by day (``#daily-record``) and the chart of
recent games, an SVG drawn here with its words in a list for screen readers."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence
from typing import Any

from pyscript import document

from royal import describe, markup
from royal.records import RECENT_KEPT, Finished
from royal.stats import Stats
from royal.web.dom import within

SVG = "http://www.w3.org/2000/svg"
#: The chart's drawing box: one slot per game kept (records.RECENT_KEPT), each a bar as tall as
#: the cards it cleared, so a better game stands taller: a win clears all 50 and is full height,
#: and a win in par wears a crown above it. The bars stand from the left, oldest first, so a few
#: games start the row the next ones continue. The scale's labels are the page's own text beside
#: the drawing (``#recent-ticks``), so they keep their size however wide the chart is drawn.
SLOT = 24
LEFT, TOP, BOTTOM = 2, 20, 130  # the plot's left edge, its top (50 cleared) and its floor (0)
WIDTH, HEIGHT = LEFT + SLOT * RECENT_KEPT + 2, 140
#: A bar fills BAR_SHARE of its slot.
BAR_SHARE = 0.72
CLEARABLE = 50  # every card but the royals
CROWN = "\u265b"
#: The scale's marks: cards cleared, labelled on the left.
TICKS = (0, 25, 50)


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
        self.ticks = within(panel, "recent-ticks")
        self.ticks.replaceChildren(*(_tick_label(tick) for tick in TICKS))
        self.items = within(panel, "recent-list")
        self._drawn: object = None

    def render(self, stats: Stats, today: _dt.date, recent: Sequence[Finished]) -> None:
        """Draw today's deal's record (the open game's) and ``recent``, the recent games of the
        variant the stats panel shows."""
        key = (today, _snapshot(stats), tuple(recent))
        if key == self._drawn:
            return
        self._drawn = key
        self._daily(stats, today)
        self._recent(recent)

    def _daily(self, stats: Stats, today: _dt.date) -> None:
        record = stats.daily
        self.today_line.textContent = describe.daily_today(record, today)
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

    def _recent(self, recent: Sequence[Finished]) -> None:
        self.summary.textContent = describe.recent_summary(recent)
        shapes: list[Any] = []
        for tick in TICKS:
            y = _height_y(tick)
            shapes.append(
                _svg(
                    "line",
                    {"class": "axis" if tick == 0 else "grid", "x1": 0, "y1": y, "x2": WIDTH, "y2": y},
                )
            )
        items = []
        bar = SLOT * BAR_SHARE
        for index, game in enumerate(recent):
            x = LEFT + index * SLOT + (SLOT - bar) / 2
            cleared = min(CLEARABLE, 52 - game.cards_left)
            kind = "perfect" if game.won and game.perfect else "won" if game.won else "lost"
            top = _height_y(cleared)
            shape = _svg(
                "rect",
                {
                    "class": kind,
                    "x": round(x, 1),
                    "y": top,
                    "width": round(bar, 1),
                    "height": max(2, BOTTOM - top),
                    "rx": 1.5,
                },
            )
            shape.setAttribute("data-game", str(index + 1))
            shapes.append(shape)
            if kind == "perfect":
                crown = _svg(
                    "text",
                    {"class": "crown", "x": round(x + bar / 2, 1), "y": top - 5, "text-anchor": "middle"},
                )
                crown.textContent = CROWN
                shapes.append(crown)
            item = document.createElement("li")
            item.textContent = describe.recent_game(index + 1, game)
            items.append(item)
        self.chart.replaceChildren(*shapes)
        self.items.replaceChildren(*items)


def _height_y(cleared: int) -> float:
    """The chart's y for a bar that cleared ``cleared`` cards."""
    return BOTTOM - (BOTTOM - TOP) * cleared / CLEARABLE


def _tick_label(tick: int) -> Any:
    """A label of the scale, placed at its line's height (as a share of the drawing's)."""
    label = document.createElement("span")
    label.textContent = str(tick)
    label.style.setProperty("--y", f"{_height_y(tick) / HEIGHT:.4f}")
    return label


def _svg(tag: str, attributes: dict[str, object]) -> Any:
    element = document.createElementNS(SVG, tag)
    for name, value in attributes.items():
        element.setAttribute(name, str(value))
    return element


def _snapshot(stats: Stats) -> object:
    """A snapshot of the daily record to compare with later (the record is changed in place)."""
    record = stats.daily
    return (tuple(sorted(record.days.items())), record.streak_day, record.streak)
