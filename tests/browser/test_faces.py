"""The cards themselves: SVG faces from the sprite, court figures on J, Q and K, an index a phone
can read, the royal pair in gold, and the looks the player chooses (felt, back, four colours)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from gamepage import card, line
from royal.cards import ALL_CARDS

# For each card of the line: its code, where its face's <use> points, and whether the browser
# drew something there (the sprite loaded and holds that symbol).
FACES_JS = """() => [...document.querySelectorAll('#line [data-card]')].map(button => {
  const use = button.querySelector('svg.face use');
  const box = use ? use.getBBox() : { width: 0, height: 0 };
  return [button.dataset.card, use ? use.getAttribute('href') : null, box.width > 0 && box.height > 0];
})"""
# Each card's symbol in the sprite: [is a court card's, how many figure parts it draws, how many pips].
SPRITE_JS = """async () => {
  const text = await (await fetch('static/cards.svg')).text();
  const sprite = new DOMParser().parseFromString(text, 'image/svg+xml');
  const figures = new Set([...sprite.querySelectorAll('symbol.figure')].map(s => '#' + s.id));
  const result = {};
  for (const symbol of sprite.querySelectorAll('svg > symbol')) {
    const hrefs = [...symbol.querySelectorAll('use')].map(u => u.getAttribute('href'));
    const parts = hrefs.filter(h => figures.has(h)).length;
    result[symbol.id] = [symbol.classList.contains('court'), parts, hrefs.length];
  }
  return result;
}"""
STYLE_JS = """([selector, property]) => getComputedStyle(document.querySelector(selector))[property]"""


def test_every_card_in_the_line_draws_its_svg_face(page: Page, open_game) -> None:
    open_game(page, "?deal=7")
    faces = page.evaluate(FACES_JS)
    assert [code for code, _, _ in faces] == line(page) and len(faces) == 52
    sprite = page.locator("#line").get_attribute("data-sprite")
    assert sprite and sprite.startswith("./static/cards.svg?v="), (
        "relative (the site lives under a subpath), versioned"
    )
    for code, href, drawn in faces:
        assert href == f"{sprite}#{code}", "the sprite at the address the page gives it"
        assert drawn, f"{code}'s face is not drawn"


def test_the_court_cards_faces_hold_their_figures_and_the_others_none(page: Page, open_game) -> None:
    open_game(page)
    symbols = page.evaluate(SPRITE_JS)
    assert sorted(symbols) == sorted(ALL_CARDS), "a face for every card, and nothing else"
    for code, (court, figure_parts, drawn) in symbols.items():
        if code[0] in "JQK":
            assert court and figure_parts >= 2, f"{code} has no court figure"
        else:
            assert not court and figure_parts == 0 and drawn >= 1, code


def test_the_index_is_readable_on_a_phone(phone_page: Page, open_game) -> None:
    open_game(phone_page, "?deal=7")
    assert phone_page.viewport_size["width"] == 360
    for code in ("TD", "QH", "AS"):
        size = float(
            phone_page.evaluate(STYLE_JS, [f'[data-card="{code}"] .corner', "fontSize"]).removesuffix("px")
        )
        assert size >= 14, f"{code}'s rank is {size}px"
        corner = card(phone_page, code).locator(".corner").bounding_box()
        drawn = card(phone_page, code).locator(".face use").bounding_box()  # what the art draws
        assert corner["y"] + corner["height"] <= drawn["y"] + 1, f"{code}'s index hides its art"


def test_the_royal_pair_and_only_they_wear_gold(page: Page, open_game) -> None:
    open_game(page, "?deal=7")
    gold = page.evaluate(STYLE_JS, ['[data-card="QH"]', "borderTopColor"])
    assert page.evaluate(STYLE_JS, ['[data-card="KH"]', "borderTopColor"]) == gold
    for code in ("QD", "KS", "JH", "2H"):
        assert page.evaluate(STYLE_JS, [f'[data-card="{code}"]', "borderTopColor"]) != gold
    assert page.evaluate(STYLE_JS, ['[data-card="QH"]', "borderTopWidth"]) in ("2px", "3px")
    # One gold edge, no frame inside it (it read as a second card peeking out).
    assert page.evaluate(STYLE_JS, ['[data-card="QH"] .face', "outlineStyle"]) == "none"
    # The crown stands at the top right, level with the index, large enough to see.
    for code in ("QH", "KH"):
        royal = card(page, code).bounding_box()
        corner = card(page, code).locator(".corner").bounding_box()
        crown = card(page, code).evaluate(
            """e => { const s = getComputedStyle(e, '::after');
              return [parseFloat(s.fontSize), parseFloat(s.top), parseFloat(s.right)]; }"""
        )
        assert crown[0] >= 16, (code, crown)
        assert crown[1] + crown[0] <= corner["height"] + 4 and crown[2] < royal["width"] * 0.1, (code, crown)


def test_no_face_carries_words(page: Page, open_game) -> None:
    """The ace of spades' art had its maker's address under the pip; the footer credits the deck."""
    open_game(page)
    words = page.evaluate(
        """async () => { const text = await (await fetch('static/cards.svg')).text();
          const sprite = new DOMParser().parseFromString(text, 'image/svg+xml');
          return [...sprite.querySelectorAll('text')].map(t => t.textContent); }"""
    )
    assert words == []
    licence = page.locator('footer a[rel="license"]')
    expect(licence).to_have_attribute("href", "static/cards-LICENSE.txt")
    assert "CC0" in page.request.get(page.url.split("?")[0] + "static/cards-LICENSE.txt").text()


def test_the_chosen_felt_deck_and_back_apply_at_once(page: Page, open_game) -> None:
    open_game(page, "?deal=7")
    felt = page.evaluate(STYLE_JS, [".game", "backgroundImage"])
    diamond = page.evaluate(STYLE_JS, ['[data-card="TD"]', "color"])
    assert diamond == page.evaluate(STYLE_JS, ['[data-card="TH"]', "color"])
    page.locator("#settings").click()
    expect(page.locator("#felt-green")).to_be_checked()
    expect(page.locator("#card-back-red")).to_be_checked()
    expect(page.locator("#four-colour")).not_to_be_checked()
    page.locator("#four-colour").check()
    page.locator("#felt-wine").check()
    page.locator("#card-back-blue").check()
    html = page.locator("html")
    expect(html).to_have_attribute("data-four-colour", "")
    expect(html).to_have_attribute("data-felt", "wine")
    expect(html).to_have_attribute("data-card-back", "blue")
    assert page.evaluate(STYLE_JS, [".game", "backgroundImage"]) != felt
    colours = {
        code: page.evaluate(STYLE_JS, [f'[data-card="{code}"]', "color"]) for code in ("TS", "TH", "TD", "TC")
    }
    assert len(set(colours.values())) == 4, colours
    page.locator("#four-colour").uncheck()
    expect(html).not_to_have_attribute("data-four-colour", "")
