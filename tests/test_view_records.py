"""The stats panel's records as a description (royal/view/records.py): every cell, bar, crown,
label and word the page shows of the daily record and the recent games (docs/stats.md)."""

import datetime as dt

from royal import describe, markup
from royal.records import DAYS_SHOWN, RECENT_KEPT, DailyRecord, DayResult, Finished
from royal.view.html import Element
from royal.view.records import records

TODAY = dt.date(2026, 12, 2)
DAY = dt.timedelta(days=1)


def elements(nodes: tuple) -> list[Element]:
    return [node for node in nodes if isinstance(node, Element)]


def test_the_daily_row_is_thirty_days_each_with_its_result_and_label_and_today_marked() -> None:
    record = DailyRecord(
        {TODAY - DAY: DayResult(True, 27, 26), TODAY - 3 * DAY: DayResult(False)}, TODAY - DAY, 1
    )
    patch = records(record, TODAY, [])
    cells = elements(patch.regions["daily-days"].children or ())
    assert len(cells) == DAYS_SHOWN
    assert [cell.attribute("data-day") for cell in cells] == [
        (TODAY - back * DAY).isoformat() for back in range(DAYS_SHOWN - 1, -1, -1)
    ]
    for cell, (day, status) in zip(cells, record.row(TODAY), strict=True):
        label = describe.day_label(day, status)
        assert cell.tag == "li" and not cell.svg and cell.key == day.isoformat() and cell.children == ()
        assert dict(cell.attributes) == {
            "class": markup.DAY,
            "data-day": day.isoformat(),
            "data-result": status.value,
            "title": label,
            "aria-label": label,
            **({"data-today": ""} if day == TODAY else {}),
        }
    assert [cell.attribute("data-result") for cell in cells[-4:]] == ["played", "none", "won", "none"]
    assert patch.regions["daily-today"].children == (describe.daily_today(record, TODAY),)
    assert patch.regions["daily-streak"].children == (describe.daily_streak(1),)


def test_a_day_won_only_with_hints_says_so_and_is_marked() -> None:
    record = DailyRecord(
        {TODAY - DAY: DayResult(True, 27, 26, with_hints=True), TODAY: DayResult(True, 28, 26)}, TODAY, 2
    )
    patch = records(record, TODAY, [])
    hinted, today = elements(patch.regions["daily-days"].children or ())[-2:]
    assert hinted.attribute("data-hints") == "true" and today.attribute("data-hints") is None
    assert hinted.attribute("title") == hinted.attribute("aria-label") == "1 December 2026: won with hints"
    assert today.attribute("aria-label") == "2 December 2026: won"


def test_the_chart_is_a_bar_a_game_as_tall_as_it_cleared_a_crown_on_a_win_in_par_and_a_list_in_words() -> (
    None
):
    recent = [Finished(True, 26, 2, 26), Finished(True, 28, 2, 26), Finished(False, 13, 27, 26)]
    patch = records(DailyRecord(), TODAY, recent)
    chart = patch.regions["recent-chart"]
    assert dict(chart.attributes) == {"viewBox": f"0 0 {2 + 24 * RECENT_KEPT + 2} 140"}
    shapes = elements(chart.children or ())
    assert all(shape.svg for shape in shapes)
    assert [(s.tag, dict(s.attributes)) for s in shapes[:3]] == [
        ("line", {"class": "axis", "x1": "0", "y1": "130.0", "x2": "724", "y2": "130.0"}),
        ("line", {"class": "grid", "x1": "0", "y1": "75.0", "x2": "724", "y2": "75.0"}),
        ("line", {"class": "grid", "x1": "0", "y1": "20.0", "x2": "724", "y2": "20.0"}),
    ]
    bars = [(s.tag, dict(s.attributes), s.text()) for s in shapes[3:]]
    full = {"y": "20.0", "width": "17.3", "height": "110.0", "rx": "1.5"}
    assert bars == [
        ("rect", {"class": "perfect", "x": "5.4", **full, "data-game": "1"}, ""),
        ("text", {"class": "crown", "x": "14.0", "y": "15.0", "text-anchor": "middle"}, "\u265b"),
        ("rect", {"class": "won", "x": "29.4", **full, "data-game": "2"}, ""),
        (
            "rect",
            {
                "class": "lost",
                "x": "53.4",
                "y": "75.0",
                "width": "17.3",
                "height": "55.0",
                "rx": "1.5",
                "data-game": "3",
            },
            "",
        ),
    ]
    items = elements(patch.regions["recent-list"].children or ())
    assert [(item.tag, item.text()) for item in items] == [
        ("li", describe.recent_game(number, game)) for number, game in enumerate(recent, 1)
    ]
    assert patch.regions["recent-summary"].children == (describe.recent_summary(recent),)


def test_the_scale_is_labelled_at_its_lines_heights() -> None:
    labels = elements(records(DailyRecord(), TODAY, []).regions["recent-ticks"].children or ())
    assert [(label.tag, label.text(), dict(label.style)) for label in labels] == [
        ("span", "0", {"--y": "0.9286"}),
        ("span", "25", {"--y": "0.5357"}),
        ("span", "50", {"--y": "0.1429"}),
    ]


def test_no_games_draw_the_scale_only_and_an_empty_list() -> None:
    patch = records(DailyRecord(), TODAY, [])
    assert [shape.tag for shape in elements(patch.regions["recent-chart"].children or ())] == ["line"] * 3
    assert patch.regions["recent-list"].children == ()
