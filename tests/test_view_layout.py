"""The line's layout rule (royal/view/layout.py): the column counts it may take, the count and
the card size it picks for a room, and the style sheet holding it as the module writes it."""

from __future__ import annotations

from pathlib import Path

import pytest

from royal.view import layout
from royal.view.layout import COLUMNS, PLACES, fit, last_runs_right, rows, sizing_css

ROOT = Path(__file__).resolve().parent.parent
#: Rooms the line has (width, height, gap in pixels), as the page leaves them at these windows
#: (measured in Chromium: the frame's size, less the sides' room for the turns, with a gap).
ROOMS = {
    "320x568": (288, 330, 4),
    "360x740": (328, 520, 4),
    "740x360": (711, 210, 6.7),
    "1440x900": (1400, 690, 8),
    "2560x1440": (2510, 1240, 8),
}


def test_the_style_sheet_holds_the_rule_as_the_module_writes_it() -> None:
    css = (ROOT / "static" / "app.css").read_text(encoding="utf-8")
    assert sizing_css() in css
    assert ":root[data-large-cards] .line { --fit: 1; }" in css


@pytest.mark.parametrize("columns", COLUMNS)
def test_every_column_count_ends_a_full_deal_at_the_right_of_the_bottom_row(columns: int) -> None:
    # 52 places: the open game's cards, or the stock game's dealt cards and its stock.
    assert rows(PLACES, columns) % 2 == 1
    assert last_runs_right(PLACES, columns)


def test_the_counts_left_out_between_them_would_end_a_full_deal_at_the_left() -> None:
    # 19 to 25 would give three rows too, each of cards narrower than 18's.
    between = set(range(COLUMNS[0], COLUMNS[-1] + 1)) - set(COLUMNS)
    assert between and all(not last_runs_right(PLACES, columns) for columns in between)


@pytest.mark.parametrize("room", ROOMS, ids=list(ROOMS))
def test_the_count_picked_gives_the_largest_cards_and_the_whole_deal_fits(room: str) -> None:
    width, height, gap = ROOMS[room]
    picked = fit(width, height, gap, large=True)
    for columns in COLUMNS:
        across = width / columns - gap
        down = (height / rows(PLACES, columns) - gap) / layout.CARD_RATIO
        assert min(across, down) <= picked.card + 1e-9
    # The whole deal fits the room: its columns across, its rows down.
    step = picked.card + gap
    assert picked.columns * step <= width + 1e-6
    assert rows(PLACES, picked.columns) * (picked.card * layout.CARD_RATIO + gap) <= height + 1e-6


@pytest.mark.parametrize("room", ROOMS, ids=list(ROOMS))
def test_larger_cards_are_larger_at_every_size(room: str) -> None:
    normal, large = fit(*ROOMS[room]), fit(*ROOMS[room], large=True)
    assert normal.columns == large.columns
    assert large.card == pytest.approx(normal.card / layout.NORMAL_FIT)
    assert large.card > normal.card


def test_a_phone_takes_few_columns_and_a_wide_window_many() -> None:
    assert fit(*ROOMS["360x740"]).columns in (6, 8)
    assert fit(*ROOMS["740x360"]).columns == 18
    assert fit(*ROOMS["1440x900"]).columns == 11
