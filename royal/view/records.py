"""The stats panel's records as a description: today's deal day by day (``#daily-record``) and
the chart of recent games, an SVG with its words in a list for screen readers
(docs/stats.md). ``royal/web/records_view.py`` applies it in one call."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence

from royal import describe, markup
from royal.records import RECENT_KEPT, DailyRecord, DayResult, DayStatus, Finished
from royal.view.html import Attributes, Element, Patch, Region, html, region, svg, text

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


def records(daily: DailyRecord, today: _dt.date, recent: Sequence[Finished]) -> Patch:
    """The daily record as it stands ``today`` and ``recent``, the recent games of the variant
    the stats panel shows, oldest first."""
    return Patch(
        {
            "daily-today": text(describe.daily_today(daily, today)),
            "daily-days": Region(
                (), tuple(_day(day, status, daily.on(day), today) for day, status in daily.row(today))
            ),
            "daily-streak": text(describe.daily_streak(daily.current_streak(today))),
            "recent-summary": text(describe.recent_summary(recent)),
            "recent-chart": region({"viewBox": f"0 0 {WIDTH} {HEIGHT}"}, chart(recent)),
            "recent-ticks": Region((), tuple(_tick_label(tick) for tick in TICKS)),
            "recent-list": Region(
                (),
                tuple(
                    html("li", None, describe.recent_game(index + 1, game))
                    for index, game in enumerate(recent)
                ),
            ),
        }
    )


def _day(day: _dt.date, status: DayStatus, result: DayResult | None, today: _dt.date) -> Element:
    """A cell of the daily row, found again by its day: the day's result, in words for its
    tooltip and for readers, marked ``data-hints`` when every win of it was played with hints."""
    hints = result is not None and result.with_hints
    label = describe.day_label(day, status, hints)
    return html(
        "li",
        {
            "class": markup.DAY,
            "data-day": day.isoformat(),
            "data-result": status.value,
            "data-hints": "true" if hints else None,
            "title": label,
            "aria-label": label,
            "data-today": day == today,
        },
        key=day.isoformat(),
    )


def chart(recent: Sequence[Finished]) -> tuple[Element, ...]:
    """The chart's shapes: the scale's lines, then a bar a game (and a crown over a win in par)."""
    shapes = [
        svg(
            "line",
            {
                "class": "axis" if tick == 0 else "grid",
                "x1": 0,
                "y1": _height_y(tick),
                "x2": WIDTH,
                "y2": _height_y(tick),
            },
        )
        for tick in TICKS
    ]
    bar = SLOT * BAR_SHARE
    for index, game in enumerate(recent):
        x = LEFT + index * SLOT + (SLOT - bar) / 2
        cleared = min(CLEARABLE, 52 - game.cards_left)
        kind = "perfect" if game.won and game.perfect else "won" if game.won else "lost"
        top = _height_y(cleared)
        shapes.append(
            svg(
                "rect",
                {
                    "class": kind,
                    "x": round(x, 1),
                    "y": top,
                    "width": round(bar, 1),
                    "height": max(2, BOTTOM - top),
                    "rx": 1.5,
                    "data-game": index + 1,
                },
            )
        )
        if kind == "perfect":
            crown: Attributes = {
                "class": "crown",
                "x": round(x + bar / 2, 1),
                "y": top - 5,
                "text-anchor": "middle",
            }
            shapes.append(svg("text", crown, CROWN))
    return tuple(shapes)


def _height_y(cleared: int) -> float:
    """The chart's y for a bar that cleared ``cleared`` cards."""
    return BOTTOM - (BOTTOM - TOP) * cleared / CLEARABLE


def _tick_label(tick: int) -> Element:
    """A label of the scale, placed at its line's height (as a share of the drawing's)."""
    return html("span", None, str(tick), style={"--y": f"{_height_y(tick) / HEIGHT:.4f}"})
