"""The achievements panel's list as a description (royal/view/achievements.py): an item an
achievement, in order, its words, whether it is unlocked and, for a count, its progress bar."""

import datetime as dt

from royal.achievements import ACHIEVEMENTS
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


def test_a_badge_shows_its_medal_name_goal_and_how_far_a_count_its_bar_until_unlocked() -> None:
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
    medal, name, goal, reached, bar = by_id["ten-wins"].children
    assert isinstance(medal, Element) and medal.attribute("aria-hidden") == "true" and medal.text() == "10"
    assert (name.text(), goal.text(), reached.text()) == ("Ten marriages", "Win ten games.", "3 of 10.")
    assert isinstance(bar, Element) and bar.tag == "progress"
    assert dict(bar.attributes) == {"max": "10", "value": "3", "aria-hidden": "true"}
    first = by_id["first-win"]
    assert first.attribute("data-unlocked") == "true"
    assert len(first.children) == 4 and first.children[-1].text() == "Unlocked 30 November 2026."
    assert by_id["perfect"].children[-1].text() == "Not yet." and len(by_id["perfect"].children) == 4
    assert len({item.children[0].text() for item in by_id.values()}) == len(by_id), "a medal each"


def test_an_unlocked_count_shows_no_bar_even_when_its_figure_fell() -> None:
    stats = Stats(unlocked={"week-streak": dt.date(2026, 11, 30)})
    week = {item.key: item for item in items(stats)}["week-streak"]
    assert [child.tag for child in week.children if isinstance(child, Element)][-1] != "progress"
    assert week.text().endswith("Unlocked 30 November 2026.")
