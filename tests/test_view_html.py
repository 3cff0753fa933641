"""The description of elements as data (royal/view/html.py; docs/architecture.md, "The page as
data"): built by helpers, serialised to compact JSON, never markup."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from royal.view.html import Effect, Focus, Patch, html, region, svg, text

HOSTILE = '<img src=x onerror="alert(1)">&amp;</li><script>alert(2)</script>'


def test_an_element_is_its_tag_attributes_text_and_keyed_children_as_compact_json() -> None:
    cell = html(
        "li", {"data-day": "2026-12-02", "data-today": True, "title": None, "hidden": False}, "2", key="d"
    )
    shape = svg("rect", {"x": 4.4, "height": 2, "data-game": 1})
    assert cell.data() == {"t": "li", "k": "d", "a": {"data-day": "2026-12-02", "data-today": ""}, "c": ["2"]}
    assert shape.data() == {"t": "rect", "n": "svg", "a": {"data-game": "1", "height": "2", "x": "4.4"}}
    assert html("span", None, "0", style={"--y": "0.9286"}).data() == {
        "t": "span",
        "s": {"--y": "0.9286"},
        "c": ["0"],
    }
    patch = Patch(
        {"a": region({"disabled": True, "aria-busy": None}, (cell,)), "b": text("")}, Focus("a", "[x]")
    )
    assert patch.to_json() == (
        '{"r":{"a":{"a":{"disabled":"","aria-busy":null},"c":[{"t":"li","k":"d","a":{"data-day":"2026-12-02",'
        '"data-today":""},"c":["2"]}]},"b":{"c":[]}},"f":{"in":"a","to":"[x]","take":false}}'
    )


def test_a_hostile_string_stays_text_in_a_text_or_an_attribute() -> None:
    """A stored value that reads as markup is a text node's text or an attribute's value in the
    JSON, never an element: nothing in the page parses it (static/view.js, test_view_applier)."""
    patch = Patch({"x": region({"title": HOSTILE}, (html("li", {"aria-label": HOSTILE}, HOSTILE),))})
    data = json.loads(patch.to_json())
    assert data == {
        "r": {
            "x": {"a": {"title": HOSTILE}, "c": [{"t": "li", "a": {"aria-label": HOSTILE}, "c": [HOSTILE]}]}
        }
    }


@pytest.mark.parametrize(
    "make",
    [
        lambda: html("img src=x", None),
        lambda: html("li", {"onclick": "alert(1)"}),
        lambda: svg("a", {"OnLoad": "x"}),
        lambda: html("li", {'title="x"': "y"}),
        lambda: html("li", None, style={"color": "red"}),
        lambda: html("li", {"style": "color: red"}),
        lambda: region({"onfocus": "x"}),
        lambda: Patch({"a b": region()}),
    ],
)
def test_a_name_that_could_become_markup_or_a_handler_is_refused(make) -> None:
    with pytest.raises(ValueError):
        make()


@given(st.text(), st.text())
def test_any_text_survives_the_round_trip_as_text(words: str, value: str) -> None:
    element = html("p", {"title": value}, words)
    assert json.loads(Patch({"p": region(None, (element,))}).to_json())["r"]["p"]["c"] == [
        {"t": "p", "a": {"title": value}, "c": [words]}
    ]
    assert element.text() == words and element.attribute("title") == value


def test_a_region_sets_live_properties_and_a_patch_carries_effects_in_order() -> None:
    box = region({"aria-label": "Sound"}, None, {"checked": True})
    assert box.data() == {"a": {"aria-label": "Sound"}, "p": {"checked": True}}
    with pytest.raises(ValueError, match="property"):
        region(properties={"innerHTML": True})
    with pytest.raises(ValueError, match="effect"):
        Effect("on load")
    first = Patch({"a": text("1"), "b": text("2")}, Focus("a", "[x]"), (Effect("say", "one"),))
    second = Patch({"b": text("3")}, None, (Effect("sound", "move"),))
    both = first + second
    assert {name: r.text() for name, r in both.regions.items()} == {"a": "1", "b": "3"}
    assert both.focus == Focus("a", "[x]") and both.effect("sound") == "move"
    assert json.loads(both.to_json())["x"] == [["say", "one"], ["sound", "move"]]
