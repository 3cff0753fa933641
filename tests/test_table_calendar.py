"""The calendar's state under CPython (royal/table/calendar.py; docs/stats.md, "Daily
challenges"): what opening it, choosing a day, turning the month and the date grid's keys make of
it, the chosen day's challenges found a candidate a turn, and the challenge a Play opens."""

import datetime as dt

from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples
from royal.challenges import DAYS_KEPT, challenges
from royal.difficulty import Level
from royal.stats import Stats
from royal.table.calendar import Calendar, Challenge
from royal.view.calendar import Shown, calendar

TODAY = dt.date(2026, 12, 9)  # a Wednesday
DAY = dt.timedelta(days=1)
EARLIEST = TODAY - (DAYS_KEPT - 1) * DAY


def opened(today: dt.date = TODAY) -> Calendar:
    state = Calendar()
    state.open(today)
    return state


def found(state: Calendar) -> dict[Level, int]:
    """Step the search to its end, as the page does a step after each paint."""
    steps = 0
    while state.searching:
        assert state.search_step() is not state.searching
        steps += 1
        assert steps < 10_000
    assert state.found is not None
    return state.found


def test_it_opens_on_this_month_with_today_chosen_and_focused() -> None:
    state = opened()
    assert (state.month, state.chosen, state.focus) == ((2026, 12), TODAY, TODAY)
    assert found(state) == challenges(TODAY)


def test_a_play_opens_the_chosen_days_challenge_of_its_grade_and_nothing_else() -> None:
    assert Calendar().challenge(challenges(TODAY)[Level.EASY]) is None, "no day chosen"
    state = opened()
    for level, number in found(state).items():
        assert state.challenge(number) == Challenge(number, level, TODAY)
    assert state.challenge(1_000_000_007) is None, "a deal that is not one of the day's"


def test_choosing_a_day_searches_anew_and_choosing_it_again_keeps_what_was_found() -> None:
    state = opened()
    found(state)
    earlier = TODAY - 5 * DAY
    state.choose(earlier)
    assert (state.chosen, state.focus, state.month) == (earlier, earlier, (2026, 12))
    assert found(state) == challenges(earlier)
    kept = state.found
    state.choose(earlier)
    assert state.found is kept and not state.searching


def test_the_month_turns_with_the_focus_on_the_same_day_but_never_past_today() -> None:
    state = opened()
    state.turn(-1)
    assert (state.month, state.focus, state.chosen) == ((2026, 11), dt.date(2026, 11, 9), TODAY)
    state.turn(1)
    assert (state.month, state.focus) == ((2026, 12), TODAY)
    state.turn(1)
    assert (state.month, state.focus) == ((2026, 12), TODAY), "no month after today's"


def test_the_grid_keys_move_the_focus_and_no_other_key_does() -> None:
    state = opened()
    assert state.key("ArrowLeft") and state.focus == TODAY - DAY
    assert state.key("ArrowUp") and state.focus == TODAY - 8 * DAY
    assert state.key("Home") and state.focus == dt.date(2026, 11, 30)  # a Monday
    assert state.key("ArrowLeft") and state.month == (2026, 11), "the month follows the focus"
    assert state.key("End") and state.focus == dt.date(2026, 11, 29)
    assert not state.key("a") and state.focus == dt.date(2026, 11, 29)
    assert state.chosen == TODAY, "keys move the focus; Enter (a click) chooses"


def test_the_focus_stays_within_the_days_kept() -> None:
    state = opened()
    for _ in range(DAYS_KEPT // 28 + 2):
        state.turn(-1)
    assert state.focus == EARLIEST
    assert state.key("ArrowLeft") and state.focus == EARLIEST


def test_it_draws_what_it_holds_from_the_stats() -> None:
    state = opened()
    stats = Stats()
    assert state.drawing(stats) == calendar(
        stats.challenges, TODAY, Shown((2026, 12), TODAY, TODAY, state.found)
    )
    state.key("ArrowLeft")
    found(state)
    drawn = state.drawing(stats, take_focus=True)
    assert drawn == calendar(
        stats.challenges, TODAY, Shown((2026, 12), TODAY, TODAY - DAY, found(state)), True
    )


actions = st.lists(
    st.one_of(
        st.tuples(st.just("choose"), st.integers(0, DAYS_KEPT - 1)),
        st.tuples(st.just("turn"), st.sampled_from([-1, 1])),
        st.tuples(
            st.just("key"),
            st.sampled_from(
                ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown", "x"]
            ),
        ),
        st.tuples(st.just("step"), st.just(0)),
        st.tuples(st.just("open"), st.integers(0, 3)),
    ),
    max_size=30,
)


@given(actions)
@settings(max_examples=examples(60), deadline=None)
def test_any_actions_in_any_order_keep_the_calendar_whole(steps) -> None:
    """Whatever the player does, in any order: the focus is a kept day up to today, in the month
    shown, the chosen day's challenges once found are its own, and it always draws."""
    state = opened()
    for kind, value in steps:
        if kind == "choose":
            state.choose(state.today - value * DAY + 3 * DAY)  # three days past today: brought back
        elif kind == "turn":
            state.turn(value)
        elif kind == "key":
            state.key(value)
        elif kind == "step":
            state.search_step()
        else:
            state.open(TODAY + value * DAY)
        assert state.today - (DAYS_KEPT - 1) * DAY <= state.focus <= state.today
        assert state.month == (state.focus.year, state.focus.month)
        assert state.drawing(Stats()).regions
    if state.chosen is not None:
        assert found(state) == challenges(state.chosen)
