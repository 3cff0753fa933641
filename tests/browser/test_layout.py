"""Layout on a phone and a desktop, light and dark: the whole line is on screen at once,
cards never overlap, nothing scrolls sideways; reduced motion removes cards at once.

Screenshots go to /tmp/shots/ for a person to look at.
"""

from __future__ import annotations

import datetime as _dt
from itertools import pairwise
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from conftest import DESKTOP, PHONE, PHONE_CONTEXT
from gamepage import (
    confirm_loss,
    expect_line,
    field,
    finish_deal,
    line,
    open_stuck_game,
    wait_settled,
)
from royal import describe
from royal.deals import MAX_DEAL, numbered_deal
from royal.line import Line, Move
from royal.solver import solve
from royal.stats import Stats
from royal.storage_keys import LOCK

# Layouts are looked at as the line moves, as most players have it: a test that wants it still
# says so (reduced_motion="reduce").
pytestmark = pytest.mark.motion

SHOTS = Path("/tmp/shots")
# As long as a random deal's number gets (nine digits), so the fields row is at its widest.
DEAL = 987_654_321
BOXES_JS = """() => [...document.querySelectorAll('#line [data-card]')].map(e => {
  const r = e.getBoundingClientRect();
  return {card: e.dataset.card, x: r.left, y: r.top, w: r.width, h: r.height};
})"""
# Clicks both boundaries from inside the page and looks at the line as soon as the move's
# turn of the lock has come (docs/automation.md, "Readiness"), so a card that lingers for its
# leaving animation is seen, whatever the test's timing.
PLAY_AND_LOOK_JS = """async ([left, right, lock]) => {
  const q = code => document.querySelector(`#line [data-card="${code}"]`);
  q(left).click();
  q(right).click();
  await navigator.locks.request(lock, () => {});
  const line = document.getElementById('line');
  return {children: line.children.length, leaving: line.querySelectorAll('.leaving').length,
          cards: line.querySelectorAll('[data-card]').length};
}"""


def check_layout(page: Page, viewport: dict, name: str) -> None:
    page.evaluate("() => window.scrollTo(0, 0)")
    wait_settled(page)
    boxes = page.evaluate(BOXES_JS)
    assert [box["card"] for box in boxes] == line(page) and len(boxes) == 52
    width, height = viewport["width"], viewport["height"]
    for box in boxes:
        assert box["w"] > 0 and box["h"] > 0, box
        assert box["x"] >= 0 and box["x"] + box["w"] <= width, (name, box)
        assert box["y"] >= 0 and box["y"] + box["h"] <= height, (name, box)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            apart = (
                a["x"] + a["w"] <= b["x"]
                or b["x"] + b["w"] <= a["x"]
                or a["y"] + a["h"] <= b["y"]
                or b["y"] + b["h"] <= a["y"]
            )
            assert apart, (name, a, b)
    scroll = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert scroll[0] <= scroll[1], (name, "horizontal scrollbar", scroll)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))
    page.screenshot(path=str(SHOTS / f"{name}-full.png"), full_page=True)


def background(page: Page) -> str:
    return page.evaluate(
        "() => getComputedStyle(document.querySelector('#line .card:not(.royal)')).backgroundColor"
    )


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("phone", PHONE_CONTEXT),
        ("desktop", {"viewport": DESKTOP, "reduced_motion": "reduce"}),
    ],
)
def test_layout_light_and_dark(name: str, options: dict, new_context, site, wait_ready) -> None:
    context = new_context(color_scheme="light", **options)
    page = context.new_page()
    page.goto(site.url + f"?deal={DEAL}")
    wait_ready(page)
    assert line(page) == list(numbered_deal(DEAL))
    check_layout(page, options["viewport"], f"{name}-light")
    light = background(page)
    page.emulate_media(color_scheme="dark")
    assert background(page) != light, "the dark scheme should change the cards' colours"
    check_layout(page, options["viewport"], f"{name}-dark")

    # Selected state, for the screenshots too.
    position = Line(numbered_deal(DEAL))
    move = position.legal_moves()[0]
    page.locator(f'#line [data-card="{move.left}"]').click()
    page.screenshot(path=str(SHOTS / f"{name}-dark-selected.png"))
    page.keyboard.press("Escape")

    # A removed card leaves the DOM at once with reduced motion, after an animation without.
    removed = len(position.removal(move)[1])
    seen = page.evaluate(PLAY_AND_LOOK_JS, [move.left, move.right, LOCK])
    position.push(move)
    assert seen["cards"] == 52 - removed
    if options.get("reduced_motion") == "reduce":
        assert seen == {"children": 52 - removed, "leaving": 0, "cards": 52 - removed}
    else:
        assert seen["leaving"] == removed and seen["children"] == 52
    wait_settled(page)
    expect_line(page, position.cards)
    assert page.evaluate("() => document.getElementById('line').children.length") == 52 - removed


# The line snakes ----------------------------------------------------------------------

# Where each card stands in the line (placed by translate: its box, not its offset).
NEIGHBOURS_JS = """() => { const line = document.getElementById('line').getBoundingClientRect();
  return [...document.querySelectorAll('#line [data-card]')].map(e => {
    const r = e.getBoundingClientRect();
    return [Math.round(r.left - line.left), Math.round(r.top - line.top), e.offsetWidth, e.offsetHeight];
  }); }"""


# How far each marked card's rings reach out of it (its shadows that are solid, not insets nor
# soft glows), and the gap between two neighbours of a row.
RINGS_REACH_JS = """() => {
  const cards = [...document.querySelectorAll('#line [data-card]')];
  const [a, b] = cards.slice(0, 2).map(c => c.getBoundingClientRect());
  const px = '\\\\s+(-?[\\\\d.]+)px';
  const shadow = new RegExp(`(?:rgba?\\\\([^)]*\\\\)|#[0-9a-f]+)${px}${px}${px}${px}(\\\\s+inset)?`, 'g');
  const reach = card => Math.max(0, ...[...getComputedStyle(card).boxShadow.matchAll(shadow)]
    .filter(m => !m[5] && Number(m[3]) === 0)
    .map(m => Number(m[4]) + Math.max(Math.abs(Number(m[1])), Math.abs(Number(m[2])))));
  const rung = '[aria-pressed="true"], [data-role="partner"], [data-hint="boundary"]';
  const marked = cards.filter(c => c.matches(rung));
  return {gap: b.left - a.right, reach: marked.map(c => [c.dataset.card, reach(c)])};
}"""


@pytest.mark.parametrize("options", [PHONE_CONTEXT, {"viewport": DESKTOP}], ids=["phone", "desktop"])
def test_neighbours_in_the_line_always_touch_and_no_lift_or_ring_covers_a_card(
    options: dict, new_context, site, wait_ready
) -> None:
    page = new_context(reduced_motion="reduce", **options).new_page()
    page.goto(site.url + "?deal=7")
    wait_ready(page)
    boxes = page.evaluate(NEIGHBOURS_JS)
    rows = sorted({y for _, y, _, _ in boxes})
    assert len(rows) > 1
    for (x, y, w, h), (x2, y2, _, _) in pairwise(boxes):
        if y == y2:
            assert w < abs(x2 - x) < w * 1.3, "neighbours in a row stand side by side"
        else:
            assert x2 == x and h < y2 - y < h * 1.3, "a row's end stands over the next row's start"
    # A card of the second row, selected, rises but never onto the card above it.
    position = Line(numbered_deal(7))
    below = next(m.left for m in position.legal_moves() if boxes[position.cards.index(m.left)][1] == rows[1])
    page.locator(f'#line [data-card="{below}"]').click()
    lifted = card_box(page, below)
    index = position.cards.index(below)
    above = next(
        c for c, b in zip(position.cards, boxes, strict=True) if b[1] == rows[0] and b[0] == boxes[index][0]
    )
    assert card_box(page, above)["y"] + card_box(page, above)["h"] <= lifted["y"]
    # The marks' rings (a hint's, a choice's, its partners') stay inside the gap between cards.
    page.locator("#hint").click()
    hinted = solve(numbered_deal(7)).moves[0]
    chosen = next(c for c in position.cards if c not in (hinted.left, hinted.right) and position.partners(c))
    page.locator(f'#line [data-card="{chosen}"]').click()
    found = page.evaluate(RINGS_REACH_JS)
    assert len(found["reach"]) >= 2, found  # the choice and a partner at least
    for code, reach in found["reach"]:
        assert 2 <= reach < found["gap"], (code, reach, found["gap"])


def card_box(page: Page, code: str) -> dict:
    return page.evaluate(
        """code => { const r = document.querySelector(`#line [data-card="${code}"]`).getBoundingClientRect();
        return {x: r.left, y: r.top, w: r.width, h: r.height}; }""",
        code,
    )


@pytest.mark.parametrize(
    "viewport",
    [PHONE, {"width": 900, "height": 900}, DESKTOP, {"width": 1920, "height": 1080}],
    ids=["phone", "narrow-desktop", "desktop", "wide-desktop"],
)
def test_larger_cards_are_larger_wherever_the_window_has_room_and_never_overflow_the_width(
    viewport: dict, new_context, site, wait_ready
) -> None:
    """Issue 29: at 1440x900 Larger cards changed nothing (the default's 13 columns as wide as the
    table let them, 11 larger ones too tall for the window). Wherever the default line leaves the
    window room (below it, or beside the table), larger cards are a step a player sees; on a phone,
    where the line scrolls anyway, a real step up. The whole line stays in a desktop's window
    (the next test)."""
    page = new_context(viewport=viewport, reduced_motion="reduce").new_page()
    page.goto(site.url + "?deal=7")
    wait_ready(page)
    normal = page.evaluate(BOXES_JS)
    if viewport is not PHONE:  # the window has room: below the line, or beside the table
        bottom = max(box["y"] + box["h"] for box in normal)
        frame = page.locator(".game").bounding_box()
        assert bottom < 0.95 * viewport["height"] or frame["width"] < 0.95 * viewport["width"]
    page.locator("#settings").click()
    page.locator("#large-cards").check()
    page.locator("#settings-close").click()
    page.wait_for_function("() => document.documentElement.hasAttribute('data-large-cards')")
    large = page.evaluate(BOXES_JS)
    step = 1.25 if viewport is PHONE else 1.1
    assert large[0]["w"] >= step * normal[0]["w"], ("larger cards are larger", large[0], normal[0])
    for box in large:
        assert box["x"] >= 0 and box["x"] + box["w"] <= viewport["width"], box
    for i, a in enumerate(large):
        for b in large[i + 1 :]:
            assert (
                a["x"] + a["w"] <= b["x"]
                or b["x"] + b["w"] <= a["x"]
                or a["y"] + a["h"] <= b["y"]
                or b["y"] + b["h"] <= a["y"]
            ), (a, b)
    scroll = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert scroll[0] <= scroll[1]


@pytest.mark.parametrize("viewport", [DESKTOP, {"width": 1280, "height": 800}], ids=["1440", "1280"])
@pytest.mark.parametrize("large", [False, True], ids=["default", "larger"])
def test_on_a_desktop_the_whole_line_fits_the_window_as_large_as_it_can(
    viewport: dict, large: bool, new_context, site, wait_ready
) -> None:
    """The column count follows the height as well as the width: all 52 cards in the window,
    and the line fills the frame's width or the window's height."""
    page = new_context(viewport=viewport, reduced_motion="reduce").new_page()
    page.goto(site.url + "?deal=7")
    wait_ready(page)
    if large:
        page.locator("#settings").click()
        page.locator("#large-cards").check()
        page.locator("#settings-close").click()
    page.evaluate("() => window.scrollTo(0, 0)")
    boxes = page.evaluate(BOXES_JS)
    assert len(boxes) == 52
    assert max(box["y"] + box["h"] for box in boxes) <= viewport["height"], "the King in the window"
    frame = page.locator(".line-frame").bounding_box()
    left, right = min(box["x"] for box in boxes), max(box["x"] + box["w"] for box in boxes)
    bottom = max(box["y"] + box["h"] for box in boxes)
    assert right - left > 0.9 * frame["width"] or bottom > 0.85 * viewport["height"], (left, right, bottom)


# The win ------------------------------------------------------------------------------

# Plays the last move from inside the page, then samples the royal pair, the line and the end
# panel on each of the next 90 frames (about 1.5 s: the slide, the glide to the middle, the
# celebration).
LAST_MOVE_FRAMES_JS = """async ([left, right, lock, finish]) => {
  const q = code => document.querySelector(`#line [data-card="${code}"]`);
  const qh = q('QH'), kh = q('KH'), result = document.getElementById('result');
  const line = document.getElementById('line');
  if (finish) document.getElementById('finish').click(); else { q(left).click(); q(right).click(); }
  await navigator.locks.request(lock, () => {});  // the move has been played and drawn
  return await new Promise(done => {
  const frames = [];
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const sample = () => {
    frames.push({qh: box(qh), kh: box(kh), result: box(result), line: box(line), height: innerHeight,
                 width: qh.offsetWidth});
    if (frames.length < 90) requestAnimationFrame(sample); else done(frames);
  };
  requestAnimationFrame(sample);
}); }"""


@pytest.mark.parametrize("finish", [False, True], ids=["by-hand", "finish-for-me"])
@pytest.mark.parametrize("options", [PHONE_CONTEXT, {"viewport": DESKTOP}], ids=["phone", "desktop"])
def test_the_pair_meets_where_the_line_is_and_stays_in_view_above_the_panel(
    options: dict, finish: bool, new_context, site, wait_ready
) -> None:
    """By hand or by Finish for me (offered for the one forced move left), the same win."""
    deal = finish_deal() if finish else 7
    page = new_context(**options).new_page()
    page.goto(site.url + f"?deal={deal}")
    wait_ready(page)
    moves = solve(numbered_deal(deal)).moves
    for move in moves[:-1]:
        page.evaluate(PLAY_AND_LOOK_JS, [move.left, move.right, LOCK])
    wait_settled(page)
    if finish:
        expect(page.locator("#finish")).to_be_visible()
    page.evaluate("() => window.scrollTo(0, 300)")  # the pair above the window: the win brings it back
    before = card_box(page, "QH")
    frames = page.evaluate(LAST_MOVE_FRAMES_JS, [moves[-1].left, moves[-1].right, LOCK, finish])
    expect(page.locator("body")).to_have_attribute("data-outcome", "won")
    # Centres: the embrace scales the cards about them.
    qh_x = [(f["qh"][0] + f["qh"][2]) / 2 for f in frames]
    kh_x = [(f["kh"][0] + f["kh"][2]) / 2 for f in frames]
    assert abs(qh_x[0] - (before["x"] + before["w"] / 2)) < 2, "the pair meets where the Queen stood"
    for frame in frames:
        (_, qt, _, qb), (_, kt, _, kb) = frame["qh"], frame["kh"]
        centre_q, centre_k = (qt + qb) / 2, (kt + kb) / 2
        assert abs(centre_k - centre_q) < 2, ("the King never leaves the Queen's row", frame)
        assert qt >= 0 and qb <= frame["height"], ("the Queen in view", frame)
        assert kt >= 0 and kb <= frame["height"], ("the King in view", frame)
        assert frame["result"][1] >= max(qb, kb), ("the panel is below the pair", frame)
        assert frame["result"][1] < frame["height"], ("the panel in view", frame)
    assert all(b >= a - 1 for a, b in pairwise(qh_x)), "the Queen never goes back, only to the middle"
    gaps = [k - q for q, k in zip(qh_x, kh_x, strict=True)]
    assert all(b <= a + 1 for a, b in pairwise(gaps)), ("the King only closes up on the Queen", gaps)
    (qx, qy, _, _), (kx, ky, _, _) = frames[-1]["qh"], frames[-1]["kh"]
    w = frames[-1]["width"]
    assert abs(ky - qy) < 1 and w < kx - qx < w * 1.3, "side by side at the end"
    (line_left, _, line_right, _) = frames[-1]["line"]
    middle = (frames[-1]["qh"][0] + frames[-1]["kh"][2]) / 2
    assert abs(middle - (line_left + line_right) / 2) < 2, "the pair ends in the middle of the line"
    # On a phone the bar's first row is either whole or gone, never a sliver above the second.
    bar = page.evaluate("() => document.querySelector('.controls').getBoundingClientRect().top")
    row = page.evaluate("() => -parseFloat(getComputedStyle(document.querySelector('.controls')).top) || 0")
    assert not (-row + 0.5 < bar < -0.5), ("a sliver of the first row shows", bar, row)


# Plays the last move from inside the page and stops every animation at once, then looks at the
# King halfway along his slide to the Queen with the embrace at its start, halfway up and at
# its height. The lifts' transitions are finished first (a transition hides an animation of
# the same property), and the glide to the middle waits at its start, the same for each look.
KING_UNDER_THE_EMBRACE_JS = """async ([left, right, lock]) => {
  const q = code => document.querySelector(`#line [data-card="${code}"]`);
  const kh = q('KH');
  q(left).click();
  q(right).click();
  await navigator.locks.request(lock, () => {});
  const all = document.getAnimations();
  all.forEach(a => a.pause());
  const own = kh.getAnimations();
  const slide = own.find(a => !(a instanceof CSSAnimation) && !(a instanceof CSSTransition));
  const embrace = own.find(a => a instanceof CSSAnimation && a.animationName === 'embrace');
  if (!slide || !embrace) return {slide: !!slide, embrace: !!embrace};
  const lift = a => a instanceof CSSTransition && a.transitionProperty !== 'left';
  all.forEach(a => { if (lift(a)) a.finish(); else a.currentTime = 0; });
  slide.currentTime = slide.effect.getComputedTiming().duration / 2;
  const centres = [0, 225, 450].map(t => {
    embrace.currentTime = t;
    const r = kh.getBoundingClientRect();
    return (r.left + r.right) / 2;
  });
  return {slide: true, embrace: true, centres};
}"""


def _deal_7_one_move_from_its_win(new_context, site, wait_ready) -> tuple[Page, Move]:
    """A desktop page of deal 7 played by the shortest win up to its last move, which it returns."""
    page = new_context(viewport=DESKTOP).new_page()
    page.goto(site.url + "?deal=7")
    wait_ready(page)
    moves = solve(numbered_deal(7)).moves
    for move in moves[:-1]:
        page.evaluate(PLAY_AND_LOOK_JS, [move.left, move.right, LOCK])
    return page, moves[-1]


def test_the_embrace_never_carries_the_king_along_his_slide(new_context, site, wait_ready) -> None:
    """The winning move slides the King to the Queen while the pair's embrace grows them: the
    embrace grows him where he is, so however the two animations' frames fall (a busy
    machine's), he only ever closes up on her."""
    page, last = _deal_7_one_move_from_its_win(new_context, site, wait_ready)
    wait_settled(page)
    seen = page.evaluate(KING_UNDER_THE_EMBRACE_JS, [last.left, last.right, LOCK])
    assert seen["slide"] and seen["embrace"], seen
    centres = seen["centres"]
    assert max(centres) - min(centres) < 1, ("the embrace moved the King along the line", centres)


def test_nothing_animates_under_reduced_motion(new_context, site, wait_ready) -> None:
    page = new_context(reduced_motion="reduce").new_page()
    page.goto(site.url + "?deal=7")
    wait_ready(page)
    moves = solve(numbered_deal(7)).moves
    running = """() => document.getAnimations()
      .filter(a => a.effect && a.effect.target && a.effect.target.closest('#line')).length"""
    for move in moves[:3]:
        page.evaluate(PLAY_AND_LOOK_JS, [move.left, move.right, LOCK])
        assert page.evaluate(running) == 0
    page.locator("#undo").click()
    assert page.evaluate(running) == 0
    page.keyboard.press("n")
    confirm_loss(page)
    assert page.evaluate(running) == 0


# The panels at the narrowest width, the control bar, the stats tiles, the settings sheet ------

# Elements of the page whose right edge passes the window's (hidden ones aside).
OVERFLOWING_JS = """() => [...document.querySelectorAll('body *')]
  .filter(e => e.getClientRects().length && !e.closest('.visually-hidden, dialog:not([open]), [hidden]'))
  .filter(e => e.getBoundingClientRect().right > innerWidth + 0.5)
  .map(e => `${e.tagName.toLowerCase()}#${e.id}.${e.className}`)"""
# Each field's name and figure: how many lines the name takes (its height over its line height).
FIELD_LINES_JS = """() => [...document.querySelectorAll('.fields dt')].map(e => {
  const style = getComputedStyle(e);
  return [e.textContent, Math.round(e.getBoundingClientRect().height / parseFloat(style.lineHeight))]; })"""


# Each sliding card's path: its keyframes' translates (a zero y may be left out), ending at its
# place (0, 0), and the line's steps between columns and between rows.
# Records the keyframes of every line card's animation as it is made (read back later, a short
# animation may be over on a busy machine).
RECORD_PATHS_JS = """() => {
  window.__paths = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, timing) {
    if (this.matches('#line [data-card]')) window.__paths.push(frames);
    return animate.call(this, frames, timing);
  };
}"""

PATHS_JS = """() => {
  const style = getComputedStyle(document.getElementById('line'));
  const probe = document.createElement('div');
  document.body.append(probe);
  const paths = window.__paths.map(frames => frames.map(f => f.translate).filter(Boolean)
      .map(t => { probe.style.translate = t; return getComputedStyle(probe).translate; })
      .map(t => (t.match(/^([-\\d.e]+)px(?: ([-\\d.e]+)px)?$/) || []).slice(1).map(v => Number(v || 0)))
      .filter(p => p.length === 2).concat([[0, 0]]));
  probe.remove();
  const step = name => parseFloat(style.getPropertyValue(name));
  return {paths, dx: step('--dx'), dy: step('--dy')};
}"""


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_card_sliding_across_a_rows_turn_goes_round_it_along_the_line(
    viewport: dict, new_context, site, wait_ready
) -> None:
    """docs/play.md, "The line on the screen": a sliding card passes through each place between
    its old and new one, so at a turn it goes down, then along, never across its neighbours."""
    page = new_context(viewport=viewport, reduced_motion="no-preference").new_page()
    page.goto(site.url + "?deal=7")
    wait_ready(page)
    line_ = Line(numbered_deal(7))
    move = next(m for m in line_.legal_moves() if len(line_.enclosed(m)) == 2)  # all after it move two places
    page.evaluate("() => document.getAnimations().forEach(a => a.finish())")
    page.evaluate(RECORD_PATHS_JS)
    page.evaluate(PLAY_AND_LOOK_JS, [move.left, move.right, LOCK])
    found = page.evaluate(PATHS_JS)
    steps = [(b[0] - a[0], b[1] - a[1]) for path in found["paths"] for a, b in pairwise(path)]
    assert len(found["paths"]) > 20 and steps, found  # the cards after the move slid
    for sx, sy in steps:  # one place at a time: a column along, or a row down
        along = abs(abs(sx) - found["dx"]) < 0.5 and abs(sy) < 0.5
        down = abs(sx) < 0.5 and abs(abs(sy) - found["dy"]) < 0.5
        assert along or down, ("a card cuts across the line", sx, sy, found["dx"], found["dy"])
    assert any(abs(sy) > 0.5 for _, sy in steps), "some card went round a turn"


def test_at_280_px_nothing_overflows_and_each_fields_name_keeps_to_one_line(
    new_context, site, wait_ready
) -> None:
    page = new_context(viewport={"width": 280, "height": 653}, is_mobile=True, has_touch=True).new_page()
    page.goto(site.url + f"?deal={DEAL}")
    wait_ready(page)
    wait_settled(page)
    assert page.evaluate(OVERFLOWING_JS) == []
    assert all(lines == 1 for _, lines in page.evaluate(FIELD_LINES_JS)), page.evaluate(FIELD_LINES_JS)
    scroll = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert scroll[0] <= scroll[1]


def test_on_a_phone_the_bar_that_stays_is_slim_and_a_card_scrolled_to_comes_out_below_it(
    new_context, site, wait_ready
) -> None:
    page = new_context(reduced_motion="reduce", **PHONE_CONTEXT).new_page()
    page.goto(site.url + "?deal=7")
    wait_ready(page)
    page.locator("#settings").click()
    page.locator("#large-cards").check()  # the line is taller than the window
    page.locator("#settings-close").click()
    wait_settled(page)
    page.evaluate("() => window.scrollTo(0, 400)")
    bar = page.evaluate("() => document.querySelector('.controls').getBoundingClientRect().bottom")
    assert bar <= 56, "while the line scrolls, the bar that stays takes at most 56 px"
    for name in ("undo", "redo", "hint", "share", "settings"):
        box = page.locator(f"#{name}").bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= bar + 0.5, f"{name} stays at hand"
    # A card brought into view (as the keyboard does) stands clear below the bar.
    first = page.locator("#line [data-card]").first
    first.evaluate("e => e.scrollIntoView()")
    assert first.bounding_box()["y"] >= bar


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_stats_tiles_fill_their_rows(viewport: dict, new_context, site, wait_ready) -> None:
    """Every figure of describe.figures in a tile, and every row as full as the others."""
    page = new_context(viewport=viewport).new_page()
    page.goto(site.url)
    wait_ready(page)
    tops = page.evaluate(
        "() => [...document.querySelectorAll('.stats dl:not(.by-grade) > div')].map(e => e.offsetTop)"
    )
    rows = [tops.count(top) for top in sorted(set(tops))]
    figures = describe.figures(Stats(), _dt.date.today())
    assert len(tops) == len(figures) and len(set(rows)) == 1, ("every row holds as many tiles", rows)
    grades = page.evaluate(
        "() => [...document.querySelectorAll('.stats dl.by-grade > div')].map(e => e.offsetTop)"
    )
    assert len(grades) == 4 and len(set(grades)) == 1, ("the wins by grade in one row of four", grades)


def test_the_settings_sheet_fits_a_phone_with_swatches_big_enough_to_judge(
    new_context, site, wait_ready
) -> None:
    page = new_context(**PHONE_CONTEXT).new_page()
    page.goto(site.url)
    wait_ready(page)
    page.locator("#settings").click()
    sheet = page.locator("#settings-dialog")
    expect(sheet).to_be_visible()
    height, scroll = sheet.evaluate("e => [e.clientHeight, e.scrollHeight]")
    assert scroll <= height + 1, "the whole sheet shows at once"
    done = page.locator("#settings-close").bounding_box()
    assert done["y"] + done["height"] <= PHONE["height"], "Done at hand"
    for swatch in page.locator(".swatch").all():
        box = swatch.bounding_box()
        assert box["width"] >= 30 and box["height"] >= 30, box


# The fields, the phone's buttons, the stuck panel ----------------------------------------

NAMES_JS = "() => [...document.querySelectorAll('.fields dt')].map(e => e.getBoundingClientRect().left)"


@pytest.mark.parametrize("options", [PHONE_CONTEXT, {"viewport": DESKTOP}], ids=["phone", "desktop"])
def test_no_fields_name_moves_as_the_figures_grow(options: dict, new_context, site, wait_ready) -> None:
    page = new_context(**options).new_page()
    page.goto(site.url + "?deal=7")
    wait_ready(page)
    short = page.evaluate(NAMES_JS)
    move = solve(numbered_deal(7)).moves[0]
    page.locator(f'#line [data-card="{move.left}"]').click()
    page.locator(f'#line [data-card="{move.right}"]').click()
    wait_settled(page)
    assert page.evaluate(NAMES_JS) == pytest.approx(short, abs=0.5), "a move's figures moved a name"
    page.goto(site.url + f"?deal={DEAL}")  # the longest deal number
    wait_ready(page)
    assert page.evaluate(NAMES_JS) == pytest.approx(short, abs=0.5), "a long deal number moved a name"


# The boxes of the toolbar's buttons, the fields' names and figures and the lines under them
# that show, and each pair of them that overlaps (neither inside the other), by how much.
HEAD_OVERLAPS_JS = """() => {
  const shown = [...document.querySelectorAll(
      '.controls button, .fields dt, .fields dd, #notices > *, #first-game, #status, #chance')]
    .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden');
  const name = e => e.id || `${e.tagName.toLowerCase()} ${e.textContent.trim()}`;
  const boxes = shown.map(e => [e, e.getBoundingClientRect()]);
  const found = [];
  boxes.forEach(([a, r], i) => boxes.slice(i + 1).forEach(([b, s]) => {
    if (a.contains(b) || b.contains(a)) return;
    const across = Math.min(r.right, s.right) - Math.max(r.left, s.left);
    const down = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
    if (across > 0.5 && down > 0.5) found.push([name(a), name(b), across, down]);
  }));
  return {found, count: shown.length};
}"""


# How many lines each field's figure takes (its height over its line height).
FIGURE_LINES_JS = """() => [...document.querySelectorAll('.fields [data-field]')].filter(e => e.textContent)
  .map(e => [e.dataset.field, Math.round(e.getBoundingClientRect().height
                                         / parseFloat(getComputedStyle(e).lineHeight))])"""


@pytest.mark.parametrize(
    "viewport",
    [{"width": 320, "height": 568}, PHONE, {"width": 390, "height": 844}, DESKTOP],
    ids=["320", "360", "390", "1440"],
)
def test_no_field_or_control_of_the_head_overlaps_another_with_the_longest_deal_numbers(
    viewport: dict, new_context, site, wait_ready
) -> None:
    """Issue 29: at 360 px a random deal's nine digits ran into Par. The longest random number
    and the largest a link may give, in the open game and from the stock: the toolbar's buttons,
    the fields' names and figures and the lines below them stand apart, nothing leaves the window
    sideways, and the number shows whole."""
    phone = viewport["width"] <= 600
    page = new_context(
        viewport=viewport, is_mobile=phone, has_touch=phone, reduced_motion="reduce"
    ).new_page()
    for number in (DEAL, MAX_DEAL):
        for mode in ("", "&mode=stock"):
            page.goto(site.url + f"?deal={number}{mode}")
            wait_ready(page)
            wait_settled(page)
            assert field(page, "deal") == str(number)
            seen = page.evaluate(HEAD_OVERLAPS_JS)
            assert seen["count"] >= 20 and seen["found"] == [], (number, mode, seen)
            assert page.evaluate(OVERFLOWING_JS) == [], (number, mode)
            if number == DEAL:  # a random deal's number, and every other figure, on one line
                lines = page.evaluate(FIGURE_LINES_JS)
                assert all(n == 1 for _, n in lines), (mode, lines)


def test_on_a_phone_each_row_of_buttons_is_of_one_size_and_a_fingers_height(
    new_context, site, wait_ready
) -> None:
    page = new_context(**PHONE_CONTEXT).new_page()
    page.goto(site.url)
    wait_ready(page)
    rows = [
        (["new-game", "daily", "restart"], 40),
        (["undo", "redo", "hint", "share", "settings"], 44),  # the row at hand while playing
    ]
    for row, height in rows:
        boxes = [page.locator(f"#{name}").bounding_box() for name in row]
        assert all(box["height"] >= height for box in boxes), (row, boxes)
        widths = [box["width"] for box in boxes]
        assert max(widths) - min(widths) < 1, (row, widths)
        for name in row:  # each name inside its button
            inner, outer = page.locator(f"#{name}").evaluate("e => [e.scrollWidth, e.clientWidth]")
            assert inner <= outer, (name, inner, outer)


def test_on_a_phone_the_stuck_panel_puts_the_way_back_first_then_two_by_two(
    new_context, site, wait_ready
) -> None:
    page = new_context(reduced_motion="reduce", **PHONE_CONTEXT).new_page()
    open_stuck_game(page, lambda query: (page.goto(site.url + query), wait_ready(page)))
    expect(page.locator("#result-rewind")).to_be_visible()
    panel = page.locator("#result .result-actions").bounding_box()
    rewind = page.locator("#result-rewind").bounding_box()
    assert rewind["width"] > panel["width"] - 1, "the way back spans the panel"
    others = [
        page.locator(f"#{name}").bounding_box()
        for name in ("result-undo", "result-restart", "result-new", "replay")
    ]
    assert {round(box["y"]) for box in others[:2]} == {round(others[0]["y"])}, ("two a row", others)
    assert {round(box["y"]) for box in others[2:]} == {round(others[2]["y"])}, "two a row"
    assert all(box["height"] >= 44 for box in [rewind, *others])
    # The review's button (issue 20) makes six actions: the way back, two rows of two, the review.
    review = page.locator("#review-open").bounding_box()
    assert review["y"] > others[2]["y"] and review["width"] > panel["width"] - 1, "the review last, whole"
    assert page.locator("#result").bounding_box()["height"] < 460, "was 500 px in five rows of five actions"


# The win: the embrace, the panel after it, the hearts behind it --------------------------

WIN_FRAMES_JS = """async ([left, right, lock]) => {
  const q = code => document.querySelector(`#line [data-card="${code}"]`);
  const qh = q('QH'), result = document.getElementById('result');
  const width = qh.getBoundingClientRect().width;
  q(left).click();
  q(right).click();
  await navigator.locks.request(lock, () => {});
  const start = performance.now();
  return await new Promise(done => {
    const frames = [];
    const sample = () => {
      frames.push({t: performance.now() - start, grow: qh.getBoundingClientRect().width / width,
                   panel: parseFloat(getComputedStyle(result).opacity)});
      if (frames.length < 120) requestAnimationFrame(sample); else done(frames);
    };
    requestAnimationFrame(sample);
  });
}"""


def test_at_a_win_the_pair_embraces_large_and_the_panel_comes_after_over_the_hearts(
    new_context, site, wait_ready
) -> None:
    page, last = _deal_7_one_move_from_its_win(new_context, site, wait_ready)
    frames = page.evaluate(WIN_FRAMES_JS, [last.left, last.right, LOCK])
    assert max(f["grow"] for f in frames) >= 1.5, "the pair grows to 1.6 times"
    early = [f["panel"] for f in frames if f["t"] < 400]
    assert early and max(early) < 0.1, ("the panel waits for the embrace", early)
    assert frames[-1]["panel"] == 1
    hearts, panel = (
        page.evaluate(f"() => getComputedStyle(document.querySelector('{sel}')).zIndex")
        for sel in (".celebration", "#result")
    )
    assert int(panel) > int(hearts), "the hearts pass behind the panel, not over its words"


def test_under_reduced_motion_a_win_shows_a_still_crown_at_once(new_context, site, wait_ready) -> None:
    page = new_context(viewport=DESKTOP, reduced_motion="reduce").new_page()
    page.goto(site.url + "?deal=7")
    wait_ready(page)
    for move in solve(numbered_deal(7)).moves:
        page.evaluate(PLAY_AND_LOOK_JS, [move.left, move.right, LOCK])
    expect(page.locator("body")).to_have_attribute("data-outcome", "won")
    banner = page.evaluate("() => getComputedStyle(document.getElementById('result'), '::before').content")
    assert "♛" in banner, banner
    assert page.evaluate("() => getComputedStyle(document.getElementById('result')).opacity") == "1"
    assert page.evaluate("() => document.getAnimations().length") == 0


def test_on_a_desktop_the_replay_bar_is_one_band_and_the_whole_line_stays_in_the_window(
    new_context, site, wait_ready
) -> None:
    """The replay's bar puts its words beside its buttons, and the line makes room for it."""
    page = new_context(viewport=DESKTOP, reduced_motion="reduce").new_page()
    number, _, _ = open_stuck_game(page, lambda query: (page.goto(site.url + query), wait_ready(page)))
    page.locator("#replay").click()
    expect(page.locator("body")).to_have_attribute("data-replay", "")
    page.locator("#replay-step").click()
    page.evaluate("() => window.scrollTo(0, 0)")
    wait_settled(page)
    status = page.locator("#replay-status").bounding_box()
    buttons = page.locator(".replay-actions").bounding_box()
    assert buttons["x"] >= status["x"] + status["width"], "the buttons beside the words"
    assert page.locator("#replay-bar").bounding_box()["height"] < 140
    boxes = page.evaluate(BOXES_JS)
    replayed = Line(numbered_deal(number))
    replayed.push(solve(numbered_deal(number)).moves[0])
    assert len(boxes) == len(replayed), "the replay's first step on the board"
    assert max(box["y"] + box["h"] for box in boxes) <= DESKTOP["height"], "the whole line in the window"
