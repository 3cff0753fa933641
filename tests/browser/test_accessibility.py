"""Automated accessibility audit (axe-core, WCAG 2.x A and AA rules) of the page in the
states a player meets: fresh, with a selection and a hint, and at the end of a game, in
light and dark, on a phone and a desktop. axe is injected from a local file, so the audit
sends no request anywhere."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from playwright.sync_api import Page, expect

from conftest import DESKTOP, PHONE_CONTEXT
from gamepage import after_turns, click_move, finish_deal, shortest_stuck_deal, wait_settled
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


# Each mark's colour, resolved where the cards are (inside #line), and the felt and card face
# behind it, as [r, g, b].
MARK_COLOURS_JS = """() => {
  const line = document.querySelector('#line');
  const colour = name => {
    const probe = document.createElement('span');
    probe.style.color = `var(${name})`;
    line.append(probe);
    const value = getComputedStyle(probe).color.match(/[\\d.]+/g).slice(0, 3).map(Number);
    probe.remove();
    return value;
  };
  const names = ['--royal', '--chosen', '--partner', '--hint', '--focus', '--strike',
                 '--felt', '--felt-edge', '--card'];
  return Object.fromEntries(names.map(name => [name.slice(2), colour(name)]));
}"""
# The marks drawn on the felt around a card, each of which must stand out from the felt.
RINGS = ("royal", "chosen", "partner", "hint", "focus")


def luminance(rgb: list[float]) -> float:
    """Relative luminance of an sRGB colour (WCAG 2.x)."""
    channels = [c / 255 for c in rgb]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: list[float], b: list[float]) -> float:
    """The WCAG contrast ratio of two colours, from 1 to 21."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_each_mark_has_its_own_colour_and_stands_out_from_the_felt(new_context, open_game, scheme) -> None:
    """docs/play.md, "Picking cards": the marks differ and meet WCAG 1.4.11's 3:1."""
    page = new_context(color_scheme=scheme).new_page()
    open_game(page, "?deal=7")
    colours = page.evaluate(MARK_COLOURS_JS)
    rings = [tuple(colours[name]) for name in RINGS]
    assert len(set(rings)) == len(rings), colours
    for name in RINGS:
        for ground in ("felt", "felt-edge"):
            ratio = contrast(colours[name], colours[ground])
            assert ratio >= 3, f"{name} on {ground}: {ratio:.2f} ({scheme})"
    assert contrast(colours["strike"], colours["card"]) >= 3, "the strike on a card to be removed"


def audited(page: Page, state: str) -> None:
    """Audit the page as it is now in light and in dark (the colours follow the scheme at
    once: app.css's light-dark() pairs, no transition), and assert that axe finds nothing."""
    found = {}
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        found[scheme] = audit(page)
    assert found == {"light": [], "dark": []}, state


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


@pytest.mark.parametrize(
    "viewport", [{"width": 360, "height": 740}, {"width": 1440, "height": 900}], ids=["phone", "desktop"]
)
def test_the_page_passes_an_accessibility_audit_in_every_state(new_context, open_game, viewport) -> None:
    page = new_context(viewport=viewport).new_page()
    number, moves, _ = shortest_stuck_deal(n for n in range(1, 1000) if solve(numbered_deal(n)).winnable)
    open_game(page, f"?deal={number}")
    audited(page, "fresh game")

    first = Line(numbered_deal(number)).legal_moves()[0]
    page.locator(f'[data-card="{first.left}"]').click()
    expect(page.locator("[data-role=partner]").first).to_be_visible()
    audited(page, "a card selected")

    page.keyboard.press("Escape")
    page.locator("#hint").click()
    expect(page.locator("[data-hint=boundary]").first).to_be_visible()
    audited(page, "a hint shown")

    for move in moves:
        click_move(page, move)
    expect(page.locator("body")).to_have_attribute("data-outcome", "stuck")
    audited(page, "the end-of-game panel")

    page.locator("#replay").click()
    page.locator("#replay-step").click()
    expect(page.locator("body")).to_have_attribute("data-replay", "")
    audited(page, "the replay of a shortest win")

    page.keyboard.press("Escape")
    page.locator("#restart").click()  # counts the loss: the daily record and the chart fill in
    expect(page.locator("#recent-list li")).to_have_count(1)
    audited(page, "stats with a recent game")

    page.locator("#reset-stats").click()
    expect(page.locator("#reset-dialog")).to_be_visible()
    audited(page, "a confirmation dialog")


@pytest.mark.parametrize("options", [PHONE_CONTEXT, {"viewport": DESKTOP}], ids=["phone", "desktop"])
def test_the_depth_panels_pass_an_accessibility_audit_open(new_context, open_game, options) -> None:
    """Each panel of issue 20 open: the calendar with a past day chosen, the achievements, Finish
    for me offered, the end panel after its win, the review stepped."""
    page = new_context(**options).new_page()
    number = finish_deal()
    open_game(page, f"?deal={number}")
    page.locator("#calendar-open").click()
    today = dt.date.today()
    yesterday = today - dt.timedelta(days=1)
    if yesterday.month != today.month:
        page.locator("#calendar-previous").click()
    page.locator(f"#calendar [data-day='{yesterday.isoformat()}']").click()
    expect(page.locator("#calendar-challenges")).to_have_attribute("aria-busy", "false")
    audited(page, "the calendar, a past day chosen")
    page.keyboard.press("Escape")
    page.locator("#achievements-open").click()
    expect(page.locator("#achievements")).to_be_visible()
    audited(page, "the achievements")
    page.keyboard.press("Escape")

    moves = solve(numbered_deal(number)).moves
    for move in moves[:-1]:
        click_move(page, move)
    expect(page.locator("#finish")).to_be_visible()
    audited(page, "Finish for me offered")
    page.locator("#finish").click()
    expect(page.locator("body")).to_have_attribute("data-outcome", "won")
    expect(page.locator("#achievement-news")).not_to_be_empty()
    wait_settled(page)
    expect(page.locator("#result")).to_have_css("opacity", "1")
    audited(page, "the end panel after Finish for me's win")

    page.locator("#review-open").click()
    page.locator("#review-step").click()
    page.locator("#review-step").click()
    expect(page.locator("#review [data-move='2']")).to_have_attribute("aria-current", "step")
    expect(page.locator("#review [data-verdict=pending]")).to_have_count(0)
    audited(page, "the review, stepped")


def test_a_focused_card_wears_a_pale_ring_edged_in_dark_apart_from_the_partners_glow(
    page: Page, open_game
) -> None:
    open_game(page, "?deal=7")
    page.locator("#line [data-card]").first.focus()
    page.keyboard.press("ArrowRight")  # focus by the keyboard: :focus-visible
    # The key's action runs in its turn: until then the first card may still hold the focus.
    after_turns(page)
    second = numbered_deal(7)[1]
    focused = page.locator(f'#line [data-card="{second}"]:focus-visible')
    expect(focused).to_have_count(1)
    style = focused.evaluate(
        "e => { const s = getComputedStyle(e); return [s.outlineColor, s.outlineOffset, s.filter]; }"
    )
    colour, offset, shadow = style
    rgb = [float(c) for c in colour[colour.index("(") + 1 : -1].split(",")[:3]]
    assert luminance(rgb) > 0.75, ("near white, not the partner's mint-blue family", colour)
    assert float(offset.removesuffix("px")) >= 3, offset
    assert "drop-shadow" in shadow and "rgb(0, 0, 0)" in shadow, ("edged in dark", shadow)


# What marks a card on the screen, as computed: its outline, its shadows (a ring is one with no
# offset nor blur), its border's width, its lift and its filter.
MARK_STYLE_JS = """e => { const s = getComputedStyle(e);
  return {outline: s.outlineStyle === 'none' ? 'none'
            : `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} ${s.outlineOffset}`,
          shadow: s.boxShadow, border: parseFloat(s.borderTopWidth),
          transform: s.transform, filter: s.filter}; }"""
RGB = r"rgba?\((\d+), (\d+), (\d+)[^)]*\)"
# A shadow that is a ring: no offset, no blur, a spread, not inset.
RING = re.compile(RGB + r" 0px 0px 0px [\d.]+px(?! inset)(?:,|$)")


def ring_colours(style: dict) -> set[tuple[int, ...]]:
    """The colours of the rings a card wears: its outline's, and its shadows' that are rings."""
    rings = {tuple(int(c) for c in m.groups()) for m in RING.finditer(style["shadow"])}
    if style["outline"] != "none":
        rings.add(tuple(int(c) for c in re.search(RGB, style["outline"]).groups()))
    return rings


@pytest.mark.parametrize("look", ["light", "dark", "forced-colours"])
def test_a_selected_card_and_the_focused_one_look_apart(new_context, open_game, look: str) -> None:
    """Issue 29: the selection and the keyboard's focus both drew a white ring with a dark edge.
    A card selected and not focused, one focused and not selected, and one both, each look
    their own way: the selection's ring is nowhere near the focus's colour, and a card both
    selected and focused wears both marks; under forced colours, where shadows go, too."""
    page = new_context(color_scheme="dark" if look == "dark" else "light").new_page()
    if look == "forced-colours":
        page.emulate_media(forced_colors="active")
    open_game(page, "?deal=7")
    line = Line(numbered_deal(7))
    chosen = next(c for c in line.cards[1:-1] if line.partners(c))  # not a royal: no edge of its own
    beside = line.cards[line.cards.index(chosen) + 1]  # never a partner: no card between
    plain = page.locator(f'#line [data-card="{chosen}"]').evaluate(MARK_STYLE_JS)  # before
    page.locator(f'#line [data-card="{chosen}"]').click()
    page.keyboard.press("ArrowRight")  # the focus by the keyboard: :focus-visible
    after_turns(page)
    card = lambda code, state: page.locator(f'#line [data-card="{code}"]{state}')  # noqa: E731
    expect(card(beside, ":focus-visible")).to_have_count(1)
    expect(card(chosen, "")).to_have_attribute("aria-pressed", "true")
    selected = card(chosen, "").evaluate(MARK_STYLE_JS)
    focused = card(beside, "").evaluate(MARK_STYLE_JS)
    page.keyboard.press("ArrowLeft")
    after_turns(page)
    expect(card(chosen, ":focus-visible[aria-pressed=true]")).to_have_count(1)
    both = card(chosen, "").evaluate(MARK_STYLE_JS)

    assert selected != focused and both not in (selected, focused), (selected, focused, both)
    assert both["outline"] == focused["outline"] != "none", "both: the focus's own ring"
    if look == "forced-colours":  # no shadows: the selection is a thicker border (and its lift)
        assert selected["border"] > max(plain["border"], focused["border"]), (plain, selected, focused)
        assert both["border"] == selected["border"], "both: the selection's border"
        return
    assert both["shadow"] == selected["shadow"], "both: the selection's ring"
    selection, focus = ring_colours(selected), ring_colours(focused)
    assert selection and focus, (selected, focused)
    for a in selection:
        for b in focus:  # as far apart as a colour from white, not two near-whites
            assert sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5 > 100, (a, b)


def test_under_forced_colours_every_mark_is_a_border_of_its_own_kind(new_context, open_game) -> None:
    """Forced colours take the shadows the partner and hint rings are drawn with: there a partner
    is a dashed border, a hint's boundary a dotted one, the selection a solid one, and a card to
    be removed keeps its strike."""
    page = new_context().new_page()
    page.emulate_media(forced_colors="active")
    open_game(page, "?deal=7")
    border = "e => getComputedStyle(e).borderTopStyle"
    page.locator("#hint").click()
    boundary = page.locator("#line [data-hint=boundary]").first
    expect(boundary).to_be_visible()
    assert boundary.evaluate(border) == "dotted"
    removed = page.locator("#line [data-hint=removed]").first
    assert "gradient" in removed.evaluate("e => getComputedStyle(e, '::before').backgroundImage")
    page.keyboard.press("Escape")
    chosen = next(c for c in Line(numbered_deal(7)).cards[1:-1] if Line(numbered_deal(7)).partners(c))
    page.locator(f'#line [data-card="{chosen}"]').click()
    after_turns(page)
    partner = page.locator("#line [data-role=partner]").first
    expect(partner).to_be_visible()
    styles = (partner.evaluate(border), page.locator(f'#line [data-card="{chosen}"]').evaluate(border))
    assert styles == ("dashed", "solid"), styles
