"""Layout on a phone and a desktop, light and dark: the whole line is on screen at once,
cards never overlap, nothing scrolls sideways; reduced motion removes cards at once.

Screenshots go to /tmp/shots/ for a person to look at.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from conftest import DESKTOP, PHONE_CONTEXT
from gamepage import expect_line, line, wait_settled
from royal.deals import numbered_deal
from royal.line import Line

SHOTS = Path("/tmp/shots")
# As long as a random deal's number gets (nine digits), so the fields row is at its widest.
DEAL = 987_654_321
BOXES_JS = """() => [...document.querySelectorAll('#line [data-card]')].map(e => {
  const r = e.getBoundingClientRect();
  return {card: e.dataset.card, x: r.left, y: r.top, w: r.width, h: r.height};
})"""
# Clicks both boundaries from inside the page and looks at the line in the same task, so
# a card that lingers for its leaving animation is seen, whatever the test's timing.
PLAY_AND_LOOK_JS = """([left, right]) => {
  const q = code => document.querySelector(`#line [data-card="${code}"]`);
  q(left).click();
  q(right).click();
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
    seen = page.evaluate(PLAY_AND_LOOK_JS, [move.left, move.right])
    position.push(move)
    assert seen["cards"] == 52 - removed
    if options.get("reduced_motion") == "reduce":
        assert seen == {"children": 52 - removed, "leaving": 0, "cards": 52 - removed}
    else:
        assert seen["leaving"] == removed and seen["children"] == 52
    wait_settled(page)
    expect_line(page, position.cards)
    assert page.evaluate("() => document.getElementById('line').children.length") == 52 - removed
