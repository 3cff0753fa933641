"""The achievements panel's list as a description (royal/view/achievements.py): an item an
achievement, in order, its words, whether it is unlocked and, for a count, its progress bar."""

import datetime as dt

from royal import describe
from royal.achievements import ACHIEVEMENTS, BY_ID
from royal.stats import Stats
from royal.view.achievements import achievements_list
from royal.view.html import Element

TODAY = dt.date(2026, 12, 3)


def items(stats: Stats) -> list[Element]:
    children = achievements_list(stats, TODAY).regions["achievements-list"].children or ()
    assert all(isinstance(child, Element) for child in children)
    return [child for child in children if isinstance(child, Element)]


def test_every_achievement_is_an_item_keyed_by_its_id_in_order() -> None:
    listed = items(Stats())
    assert [(item.tag, item.key, item.attribute("data-achievement")) for item in listed] == [
        ("li", a.id, a.id) for a in ACHIEVEMENTS
    ]
    assert {item.attribute("data-unlocked") for item in listed} == {"false"}


def test_a_count_shows_its_words_and_a_bar_a_one_off_its_words_alone() -> None:
    stats = Stats(
        played=4,
        wins=3,
        fastest_win=90.0,
        fewest_moves=26,
        best_score=500,
        best_streak=1,
        unlocked={"first-win": dt.date(2026, 11, 30)},
    )
    by_id = {item.key: item for item in items(stats)}
    ten = by_id["ten-wins"]
    words, bar = ten.children
    assert isinstance(words, Element) and words.tag == "span"
    assert (
        words.text() == describe.achievement_label(BY_ID["ten-wins"], 3, None) and "3 of 10" in words.text()
    )
    assert isinstance(bar, Element) and bar.tag == "progress"
    assert dict(bar.attributes) == {"max": "10", "value": "3", "aria-hidden": "true"}
    first = by_id["first-win"]
    assert first.attribute("data-unlocked") == "true"
    assert len(first.children) == 1 and "Unlocked 30 November 2026" in first.text()
    assert by_id["perfect"].text().endswith("Not yet.") and len(by_id["perfect"].children) == 1
