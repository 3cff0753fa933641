"""The line's layout rule: which column count the line takes and how large its cards are, as
the CSS of static/app.css's ``.line`` rule says it (the page lays the line out before Python
runs, from the kept table, so the rule is the style sheet's; this module is its source, and
tests/test_view_layout.py checks that the style sheet holds :func:`sizing_css` as it stands).

A full deal has 52 places (the stock game's line: its dealt cards and the stock). Each column
count of :data:`COLUMNS` lays those out in an odd number of rows, so that, the line snaking
(every second row right to left), its last row runs left to right and the King stands at the
right of the bottom row. Of those counts the one whose card can be largest, both across the
room's width and down its height, wins; the cards are :data:`NORMAL_FIT` of that largest size,
the whole of it with Larger cards (docs/play.md, "The line on the screen").
"""

from __future__ import annotations

from dataclasses import dataclass

#: The places of a full deal: 52 cards, or the stock game's dealt cards and its stock.
PLACES = 52
#: The column counts the line may take, each laying :data:`PLACES` out in an odd number of rows.
COLUMNS = (5, 6, 8, 11, 12, 18)
#: The cards' share of the largest size that fits, without Larger cards.
NORMAL_FIT = 0.88
#: A card is 5 by 7.
CARD_RATIO = 1.4


def rows(places: int, columns: int) -> int:
    """The rows ``places`` take in ``columns`` columns."""
    return -(-places // columns)


def last_runs_right(places: int, columns: int) -> bool:
    """Whether the line's last row runs left to right (the snake's odd rows, counted from one)."""
    return rows(places, columns) % 2 == 1


@dataclass(frozen=True, slots=True)
class Fit:
    """The line's columns and its cards' width in pixels."""

    columns: int
    card: float


def fit(width: float, height: float, gap: float, large: bool = False) -> Fit:
    """The columns and the card width :func:`sizing_css` gives a room of ``width`` by ``height``
    pixels (each a column's or a row's share with one ``gap`` added: the last needs none)."""
    best = COLUMNS[0]
    largest = _largest(width, height, gap, best)
    for columns in COLUMNS[1:]:
        size = _largest(width, height, gap, columns)
        if size > largest:
            best, largest = columns, size
    return Fit(best, largest * (1 if large else NORMAL_FIT))


def _largest(width: float, height: float, gap: float, columns: int) -> float:
    return min(width / columns - gap, (height / rows(PLACES, columns) - gap) / CARD_RATIO)


def sizing_css() -> str:
    """The declarations of ``.line`` that choose its columns and size its cards: for each count
    the largest card that fits (``--w5`` ...), then a chain of ``sign()`` picks keeping the count
    whose card is largest (``--c0`` ...), the first of equals; ``--room-w`` and ``--room-h`` are
    the room's width and height, ``--fit`` the cards' share (:data:`NORMAL_FIT`, or 1)."""
    lines = [f"  --fit: {NORMAL_FIT};"]
    lines += [
        f"  --w{c}: min(var(--room-w) / {c} - var(--gap), "
        f"(var(--room-h) / {rows(PLACES, c)} - var(--gap)) / {CARD_RATIO});"
        for c in COLUMNS
    ]
    lines += [f"  --c0: {COLUMNS[0]};", f"  --m0: var(--w{COLUMNS[0]});"]
    for k, c in enumerate(COLUMNS[1:], 1):
        picked = f"max(0, sign(var(--w{c}) - var(--m{k - 1})))"
        lines.append(f"  --c{k}: calc(var(--c{k - 1}) + ({c} - var(--c{k - 1})) * {picked});")
        lines.append(f"  --m{k}: max(var(--m{k - 1}), var(--w{c}));")
    last = len(COLUMNS) - 1
    lines += [f"  --cols: var(--c{last});", f"  --card-w: calc(var(--m{last}) * var(--fit));"]
    return "\n".join(lines) + "\n"
