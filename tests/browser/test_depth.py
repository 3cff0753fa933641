"""What only a browser shows of the depth panels (issue 20): the calendar and the achievements
fitting a phone, keeping still and giving the focus back, the news of an achievement beside the
line, the review's buttons at hand on a phone and its royals in view after a win, Finish for me
in view over no control. What they say and do after each message is tested under CPython
(tests/test_app_depth.py)."""

from __future__ import annotations

import datetime as dt
from itertools import pairwise

import pytest
from playwright.sync_api import Page, expect

from conftest import DESKTOP, PHONE_CONTEXT
from gamepage import (
    after_turns,
    click_move,
    finish_deal,
    open_one_move_from_the_win,
    seed_once,
    shortest_stuck_deal,
    wait_settled,
)
from helpers import format_2_text
from royal import describe
from royal.achievements import BY_ID
from royal.deals import numbered_deal
from royal.game import Game, Result
from royal.saves import dump_game
from royal.solver import solve
from royal.stats import Stats
from royal.storage_keys import GAME_KEY, LOCK, STATS_KEY

# Chooses a day from inside the page and reads the calendar's box as the click's turn leaves it,
# before the page has had another turn to go on finding the challenges.
CHOOSE_AND_LOOK_JS = """async ([day, lock]) => {
  document.querySelector(`#calendar [data-day="${day}"]`).click();
  await navigator.locks.request(lock, () => {});  // the click's turn has come and gone
  return {busy: document.getElementById('calendar-challenges').getAttribute('aria-busy'),
          panel: document.getElementById('calendar').getBoundingClientRect().toJSON()};
}"""
LOCAL_DATE_JS = """() => { const d = new Date();
  return [d.getFullYear(), d.getMonth() + 1, d.getDate()].map(n => String(n).padStart(2, '0')).join('-'); }"""
SCROLLS_NOT_SIDEWAYS_JS = (
    "sel => document.querySelector(sel).scrollWidth <= document.querySelector(sel).clientWidth"
)


def focused(page: Page) -> str:
    """The day focused in the calendar (else the id of what has the focus), once the keys
    pressed so far have had their turn."""
    after_turns(page)
    return page.evaluate("() => document.activeElement.dataset.day || document.activeElement.id")


def test_on_a_phone_the_panels_fit_keep_still_and_give_the_focus_back(phone_page: Page, open_game) -> None:
    """Stats kept by the build before achievements (format 2), with a win: the load announces
    First marriage beside the game, not over it. The calendar and the achievements fit the phone;
    the calendar keeps its place and size while a day's challenges are found and its month
    turns; its date grid takes the arrows and Tab leaves it; Escape closes each panel, giving the
    focus back to its button; the achievements open at their heading, not scrolled down."""
    page = phone_page
    stats = Stats()
    stats.record(Result("an-old-win", True, 80, 30, 1500, par=26, number=7), dt.date.today())
    seed_once(page, STATS_KEY, format_2_text(stats))
    open_game(page)
    news = page.locator("#achievement-news")
    expect(news).to_have_text(describe.achievements_unlocked([BY_ID["first-win"]]))
    expect(news).to_have_attribute("role", "status")
    box, line = news.bounding_box(), page.locator("#line").bounding_box()
    assert box is not None and line is not None
    assert box["y"] >= line["y"] + line["height"] or box["y"] + box["height"] <= line["y"], (
        "the news is over the line",
        box,
        line,
    )
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360, ("the news is wider than the phone", box)

    # The calendar opens on the browser's local date (royal/web/main.py reads it), chosen.
    today = dt.date.fromisoformat(page.evaluate(LOCAL_DATE_JS))
    page.locator("#calendar-open").click()
    calendar = page.locator("#calendar")
    expect(calendar).to_be_visible()
    expect(page.locator(f"#calendar [data-day='{today.isoformat()}']")).to_have_attribute(
        "aria-pressed", "true"
    )
    # It fits, and keeps still while a day is chosen and its challenges found.
    before = calendar.bounding_box()
    assert before is not None and before["x"] >= 0 and before["x"] + before["width"] <= 360, before
    assert page.evaluate(SCROLLS_NOT_SIDEWAYS_JS, "#calendar"), "the calendar scrolls sideways"
    day = today - dt.timedelta(days=1)
    if day.month != today.month:
        page.locator("#calendar-previous").click()
    expect(page.locator(f"#calendar [data-day='{day.isoformat()}']")).to_be_enabled()  # its month drawn
    seen = page.evaluate(CHOOSE_AND_LOOK_JS, [day.isoformat(), LOCK])
    assert seen["busy"] == "true", "read while the challenges are being found"
    expect(page.locator("#calendar-challenges")).to_have_attribute("aria-busy", "false")
    after = calendar.bounding_box()
    for when, box in (("while they were found", seen["panel"]), ("once found", after)):
        assert {k: round(box[k]) for k in ("x", "y", "width", "height")} == {
            k: round(before[k]) for k in ("x", "y", "width", "height")
        }, ("the calendar moved under a finger reaching for a day", when)
    # Its date grid: the keys the game answers move the focus there; Tab leaves it.
    page.locator(f"#calendar [data-day='{day.isoformat()}']").focus()
    page.keyboard.press("ArrowLeft")
    assert focused(page) == (day - dt.timedelta(days=1)).isoformat(), "the arrow moved the focus a day"
    page.keyboard.press("Tab")
    assert not page.evaluate("() => 'day' in document.activeElement.dataset"), "Tab leaves the grid"
    page.keyboard.press("Escape")
    expect(calendar).to_be_hidden()
    expect(page.locator("#calendar-open")).to_be_focused()

    # The achievements: they fit, open at their heading (not scrolled down to Done), and close.
    page.locator("#achievements-open").click()
    achievements = page.locator("#achievements")
    expect(achievements).to_be_visible()
    box = achievements.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360, box
    assert page.evaluate(SCROLLS_NOT_SIDEWAYS_JS, "#achievements"), "the achievements scroll sideways"
    expect(page.locator("#achievements-heading")).to_be_focused()
    assert achievements.evaluate("e => e.scrollTop") == 0, "opened scrolled down"
    page.keyboard.press("Escape")
    expect(achievements).to_be_hidden()
    expect(page.locator("#achievements-open")).to_be_focused()


def open_saved_stuck_game(page: Page, open_game) -> None:  # type: ignore[no-untyped-def]
    """Open the game saved stuck after leftmost play of the deal of 1 to 59 that gets stuck
    soonest, as a player who played it would find it on a return visit."""
    number, moves, _ = shortest_stuck_deal(range(1, 60))
    game = Game.numbered(number)
    for second, move in enumerate(moves, 1):
        game.play(move, float(second))
    seed_once(page, GAME_KEY, dump_game(game, float(len(moves) + 1), 1))
    open_game(page)
    expect(page.locator("body")).to_have_attribute("data-outcome", "stuck")


def test_on_a_phone_the_reviews_step_buttons_stay_at_hand_while_the_line_shows(
    phone_page: Page, open_game
) -> None:
    """The line is taller than a phone's window: scrolled up to see it, the player can still step."""
    page = phone_page
    open_saved_stuck_game(page, open_game)
    page.locator("#review-open").click()
    expect(page.locator("#review")).to_be_visible()
    page.evaluate("() => window.scrollTo(0, 0)")
    height = page.viewport_size["height"]
    for name in ("review-back", "review-step", "review-again", "review-close"):
        box = page.locator(f"#{name}").bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, (name, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"], (name, box)
    before = page.locator("#review-status").text_content()
    page.locator("#review-step").click()  # from where the line shows
    expect(page.locator("#review-status")).not_to_have_text(before or "")
    page.locator("#review-close").click()
    expect(page.locator("#review")).to_be_hidden()


# Brings the card `code` of the line into view (the line may be taller than the window: a review's
# line on a phone), in the middle of the window, and says where it stands there: its box as
# [left, top, right, bottom], the window's size, and whether it shows (neither hidden nor
# see-through).
ROYAL_IN_VIEW_JS = """code => {
  const card = document.querySelector(`#line [data-card="${code}"]`);
  if (!card) return null;
  card.scrollIntoView({block: "center", inline: "nearest"});
  const r = card.getBoundingClientRect(), style = getComputedStyle(card);
  return {box: [r.left, r.top, r.right, r.bottom], width: innerWidth, height: innerHeight,
          shows: style.visibility === "visible" && Number(style.opacity) > 0.9};
}"""


@pytest.mark.parametrize("options", [PHONE_CONTEXT, {"viewport": DESKTOP}], ids=["phone", "desktop"])
def test_the_royals_in_view_at_every_review_step_after_a_win(
    options: dict, new_context, site, wait_ready
) -> None:
    """Issue 29: after a win the page draws the couple meeting in the middle of the line's width
    (app.css), and that placement, made for the line of two, placed the review's longer lines'
    Queen and King far off the window's left edge at every step. A won game's review shows them
    where the review's line has them, in view, from the deal to the win."""
    page = new_context(**options).new_page()
    game, last = open_one_move_from_the_win(page, site.url, wait_ready, 7)
    click_move(page, last)
    expect(page.locator("body")).to_have_attribute("data-outcome", "won")
    page.locator("#review-open").click()
    expect(page.locator("#review")).to_be_visible()
    step = page.locator("#review-step")
    total = game.moves + 1  # the game's moves and the last, played by clicks
    for position in range(total + 1):  # the deal, then after each move
        after_turns(page)
        expect(page.locator("[data-field=moves]")).to_have_text(str(position))
        for code in ("QH", "KH"):
            seen = page.evaluate(ROYAL_IN_VIEW_JS, code)
            assert seen is not None, (code, "not in the line at step", position)
            left, top, right, bottom = seen["box"]
            assert left >= 0 and right <= seen["width"] and top >= 0 and bottom <= seen["height"], (
                code,
                "out of the window at step",
                position,
                seen,
            )
            assert seen["shows"], (code, "hidden at step", position, seen)
        if position < total:
            step.click()
    expect(step).to_have_attribute("aria-disabled", "true")


# The boxes of Finish for me, of every other control and of every card, as [left, top, right, bottom].
BOXES_JS = """() => {
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const others = [...document.querySelectorAll('.controls button:not(#finish), #line [data-card]')];
  return {finish: box(document.getElementById('finish')),
          others: others.map(e => [e.id || e.dataset.card, box(e)]), width: innerWidth, height: innerHeight};
}"""


@pytest.mark.parametrize("options", [PHONE_CONTEXT, {"viewport": DESKTOP}], ids=["phone", "desktop"])
def test_finish_for_me_shows_in_view_over_no_control_or_card(
    options: dict, new_context, site, wait_ready
) -> None:
    page = new_context(**options).new_page()
    open_one_move_from_the_win(page, site.url, wait_ready, finish_deal())  # its last move forced
    expect(page.locator("#finish")).to_be_visible()
    # It floats, so wherever the page is scrolled.
    for scroll in (0, 10_000):
        page.evaluate(f"() => window.scrollTo(0, {scroll})")
        boxes = page.evaluate(BOXES_JS)
        left, top, right, bottom = boxes["finish"]
        assert left >= 0 and right <= boxes["width"] and top >= 0 and bottom <= boxes["height"], boxes
        assert bottom - top >= 24 and right - left >= 24, "a target a finger can take"
        for name, (other_left, other_top, other_right, other_bottom) in boxes["others"]:
            across = min(right, other_right) - max(left, other_left)
            down = min(bottom, other_bottom) - max(top, other_top)
            assert across <= 0 or down <= 0, (name, "under Finish for me", boxes["finish"], scroll)


# The toolbar's buttons as shown, [id, left, top, right, bottom] each, and the line's frame's top.
TOOLBAR_JS = """() => ({
  buttons: [...document.querySelectorAll('.controls button')].filter(e => e.getClientRects().length)
    .map(e => { const r = e.getBoundingClientRect(); return [e.id, r.left, r.top, r.right, r.bottom]; }),
  line: document.querySelector('.line-frame').getBoundingClientRect().top + scrollY,
})"""


@pytest.mark.parametrize("viewport", [DESKTOP, {"width": 960, "height": 800}], ids=["1440", "960"])
def test_finish_for_me_leaves_no_hole_in_the_toolbar_and_showing_moves_nothing(
    viewport: dict, new_context, site, wait_ready
) -> None:
    """Issue 29: not offered, Finish for me kept its place in a desktop's toolbar, a hole between
    Hint and Share. It has no box then, the buttons stand evenly spaced in the open game and the
    stock game's; offered, it moves no button nor the line (at 960 px, where it would wrap the
    toolbar, as at 1440)."""
    page = new_context(viewport=viewport, reduced_motion="reduce").new_page()
    number = finish_deal()
    shown = {}
    for mode in ("&mode=stock", ""):
        page.goto(site.url + f"?deal={number}{mode}")
        wait_ready(page)
        after_turns(page)
        expect(page.locator("#finish")).to_have_attribute("data-offered", "false")
        assert page.locator("#finish").bounding_box() is None, "the hidden button takes no room"
        shown = page.evaluate(TOOLBAR_JS)
        buttons = shown["buttons"]
        assert "finish" not in [b[0] for b in buttons]
        assert ("deal-card" in [b[0] for b in buttons]) == (mode != ""), buttons
        for top in {round(b[2]) for b in buttons}:
            row = sorted((b for b in buttons if round(b[2]) == top), key=lambda b: b[1])
            gaps = [b[1] - a[3] for a, b in pairwise(row)]
            assert not gaps or max(gaps) - min(gaps) < 1, ("even gaps between the buttons", mode, row)
    # A first move, with Finish for me not yet offered: the first game's guide (shown until the
    # first move) is gone, as it is when Finish for me is offered.
    click_move(page, solve(numbered_deal(number)).moves[0])
    wait_settled(page)
    expect(page.locator("#finish")).to_have_attribute("data-offered", "false")
    shown = page.evaluate(TOOLBAR_JS)
    open_one_move_from_the_win(page, site.url, wait_ready, number)
    expect(page.locator("#finish")).to_be_visible()
    offered = page.evaluate(TOOLBAR_JS)
    assert [b for b in offered["buttons"] if b[0] != "finish"] == shown["buttons"], "a button moved"
    assert offered["line"] == shown["line"], "the line moved"


# Whether an element shows whole: inside the window and its dialog's box, and the topmost thing at
# its middle and the middles of its edges (clipped by nothing, under no sticky foot).
SHOWS_WHOLE_JS = """e => {
  const r = e.getBoundingClientRect(), d = e.closest('dialog').getBoundingClientRect();
  const inside = r.top >= Math.max(0, d.top) && r.bottom <= Math.min(innerHeight, d.bottom)
    && r.left >= Math.max(0, d.left) && r.right <= Math.min(innerWidth, d.right);
  const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;  // a pill's corners are not its own
  const points = [[x, y], [x, r.top + 2], [x, r.bottom - 2], [r.left + 2, y], [r.right - 2, y]];
  return inside && points.every(([x, y]) => e.contains(document.elementFromPoint(x, y)));
}"""
FOCUS_RING_JS = """e => { const s = getComputedStyle(e);
  return {outline: `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`, filter: s.filter,
          shadow: s.boxShadow}; }"""


@pytest.mark.parametrize(
    "viewport", [PHONE_CONTEXT["viewport"], {"width": 320, "height": 568}], ids=["360", "320"]
)
def test_on_a_phone_the_whole_calendar_is_at_hand_and_its_focus_is_the_games(
    viewport: dict, new_context, site, wait_ready
) -> None:
    """Issue 29: on a phone the calendar's Expert row and Done were cut off, and its focus ring was
    the browser's blue, worn by the chosen day too. Each challenge's row and Done show whole once
    the keyboard reaches them (the calendar scrolls inside itself where the window is short, Done
    staying at its foot); the focused day wears the ring a focused card wears, and the chosen
    day a mark of its own."""
    page = new_context(**{**PHONE_CONTEXT, "viewport": viewport}).new_page()
    page.goto(site.url + "?deal=7")
    wait_ready(page)
    page.locator("#line [data-card]").first.focus()
    page.keyboard.press("ArrowRight")  # the focus by the keyboard: :focus-visible
    after_turns(page)
    card_ring = page.locator("#line [data-card]:focus-visible").evaluate(FOCUS_RING_JS)

    page.locator("#calendar-open").click()
    calendar = page.locator("#calendar")
    expect(calendar).to_be_visible()
    expect(page.locator("#calendar-challenges")).to_have_attribute("aria-busy", "false")
    box = calendar.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], box
    rows = page.locator("#calendar-challenges li")
    expect(rows).to_have_count(4)
    done = page.locator("#calendar-close")
    assert done.evaluate(SHOWS_WHOLE_JS), ("Done at hand as the calendar opens", done.bounding_box(), box)
    if viewport is PHONE_CONTEXT["viewport"]:  # a usual phone: the whole calendar at once
        assert calendar.evaluate("e => e.scrollHeight <= e.clientHeight + 1"), "the calendar scrolls"
    for row, target in [*((row, row.locator("button")) for row in rows.all()), (done, done)]:
        target.evaluate("e => e.focus()")  # as Tab brings it: the browser scrolls it into view
        assert row.evaluate(SHOWS_WHOLE_JS), (row.inner_text(), row.bounding_box(), box)

    chosen = page.locator("#calendar-days [aria-pressed=true]")
    chosen.evaluate("e => e.focus()")
    page.keyboard.press("ArrowLeft")  # a day by the keyboard, not chosen
    after_turns(page)
    focused = page.locator("#calendar-days button:focus-visible")
    expect(focused).to_have_count(1)
    expect(focused).not_to_have_attribute("aria-pressed", "true")
    ring = focused.evaluate(FOCUS_RING_JS)
    assert (ring["outline"], ring["filter"]) == (card_ring["outline"], card_ring["filter"]), (ring, card_ring)
    mark = chosen.evaluate(FOCUS_RING_JS)
    assert mark["outline"].startswith("none") and mark["shadow"] != "none", ("the chosen day's mark", mark)
