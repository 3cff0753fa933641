"""Automated accessibility audit (axe-core, WCAG 2.x A and AA rules) of the page in the
states a player meets: fresh, with a selection and a hint, and at the end of a game, in
light and dark, on a phone and a desktop. axe is injected from a local file, so the audit
sends no request anywhere."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from gamepage import click_move, shortest_stuck_deal
from royal.deals import numbered_deal
from royal.line import Line
from royal.solver import solve
from tools.runtime import axe_script

WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
# axe's experimental "label in name" rule wants a card's visible "Q♥" inside its accessible
# name; docs/rules.md has cards read as "queen of hearts", which is also what speech input users say.
OPTIONS = {
    "runOnly": {"type": "tag", "values": WCAG_TAGS},
    "rules": {"label-content-name-mismatch": {"enabled": False}},
}


def audit(page: Page) -> list[str]:
    """The violations axe finds on the page as it is now, one line each."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # Evaluated, not added as a <script>: the page's policy refuses inline script, rightly.
        page.evaluate(axe_script().read_text(encoding="utf-8"))
    violations = page.evaluate("async (options) => (await axe.run(document, options)).violations", OPTIONS)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} -- "
        + "; ".join(node["target"][0] if node["target"] else "?" for node in v["nodes"][:5])
        for v in violations
    ]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize(
    "viewport", [{"width": 360, "height": 740}, {"width": 1440, "height": 900}], ids=["phone", "desktop"]
)
def test_the_page_passes_an_accessibility_audit_in_every_state(
    new_context, open_game, scheme, viewport
) -> None:
    page = new_context(viewport=viewport, color_scheme=scheme).new_page()
    number, moves, _ = shortest_stuck_deal(n for n in range(1, 1000) if solve(numbered_deal(n)).winnable)
    open_game(page, f"?deal={number}")
    assert audit(page) == [], "fresh game"

    first = Line(numbered_deal(number)).legal_moves()[0]
    page.locator(f'[data-card="{first.left}"]').click()
    expect(page.locator("[data-role=partner]").first).to_be_visible()
    assert audit(page) == [], "a card selected"

    page.keyboard.press("Escape")
    page.locator("#hint").click()
    expect(page.locator("[data-hint=boundary]").first).to_be_visible()
    assert audit(page) == [], "a hint shown"

    for move in moves:
        click_move(page, move)
    expect(page.locator("body")).to_have_attribute("data-outcome", "stuck")
    assert audit(page) == [], "the end-of-game panel"

    page.locator("#replay").click()
    page.locator("#replay-step").click()
    expect(page.locator("body")).to_have_attribute("data-replay", "")
    assert audit(page) == [], "the replay of a shortest win"

    page.keyboard.press("Escape")
    page.locator("#restart").click()  # counts the loss: the daily record and the chart fill in
    expect(page.locator("#recent-list li")).to_have_count(1)
    assert audit(page) == [], "stats with a recent game"

    page.locator("#reset-stats").click()
    expect(page.locator("#reset-dialog")).to_be_visible()
    assert audit(page) == [], "a confirmation dialog"
