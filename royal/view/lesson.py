"""The first game's lesson as a description (docs/play.md, "The first game"): its bubble above
the line (``#lesson``: the step's words, Next while a step follows, Skip, or Got it once it has
let go). The cards it points at carry the marks of royal/table/lesson.py's ``Lesson.marks`` on
the line; the words are read out with the step (royal/table/play.py)."""

from __future__ import annotations

from royal import describe
from royal.line import Line
from royal.table.lesson import Lesson
from royal.view.html import Region, region, text


def lesson_bubble(lesson: Lesson | None, line: Line, stock: bool) -> dict[str, Region]:
    """The bubble as ``lesson`` stands on ``line`` (``stock``: cards still in the stock):
    hidden while no lesson shows."""
    if lesson is None:
        return {"lesson": region({"hidden": True, "data-step": None}), "lesson-text": text("")}
    words = describe.lesson(lesson.move, lesson.step, line, stock)
    return {
        "lesson": region({"hidden": False, "data-step": str(lesson.step + 1)}),
        "lesson-text": text(words),
        "lesson-next": region({"hidden": lesson.last}, (describe.LESSON_NEXT,)),
        "lesson-skip": region({}, (describe.LESSON_DONE if lesson.last else describe.LESSON_SKIP,)),
    }
