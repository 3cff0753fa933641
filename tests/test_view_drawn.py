"""Only the regions that change are sent to the page (royal/view/drawn.py): whatever the
drawings and the player's touches, the page ends as it would had every drawing been sent whole."""

from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples
from royal.view.drawn import Drawn
from royal.view.html import Effect, Focus, Patch, Region, region, text
from royal.view.page import WRITTEN_BY_EFFECTS

WRITES = {"celebrate": ("shower",)}


def test_a_region_drawn_as_it_was_is_not_sent_again() -> None:
    drawn = Drawn(WRITES)
    first = Patch({"score": text("30"), "undo": region({"disabled": True})})
    assert drawn.changes(first).regions == first.regions
    again = Patch({"score": text("60"), "undo": region({"disabled": True})}, Focus("line", "[data-card]"))
    sent = drawn.changes(again + Patch(effects=(Effect("say", "Played"),)))
    assert dict(sent.regions) == {"score": text("60")}
    assert sent.focus == Focus("line", "[data-card]")  # the focus and the effects always go
    assert sent.effects == (Effect("say", "Played"),)
    assert drawn.changes(Patch({"score": text("60")})).regions == {}


def test_an_effect_that_writes_a_region_has_it_sent_again_next_time() -> None:
    drawn = Drawn(WRITES)
    hidden = Patch({"shower": region({"hidden": True})})
    drawn.changes(hidden)
    drawn.changes(Patch(effects=(Effect("celebrate"),)))  # the shower shows, then hides itself
    assert drawn.changes(hidden).regions == hidden.regions
    assert drawn.changes(hidden).regions == {}


def test_a_touched_control_has_its_property_sent_again() -> None:
    drawn = Drawn(WRITES)
    box = Patch({"sound": region(properties={"checked": False}), "score": text("0")})
    drawn.changes(box)
    assert drawn.changes(box).regions == {}
    drawn.touched()  # the player ticked the box, and the setting was not taken
    assert dict(drawn.changes(box).regions) == {"sound": box.regions["sound"]}


def test_the_game_page_names_the_regions_its_celebration_writes() -> None:
    assert WRITTEN_BY_EFFECTS == {"celebrate": ("celebration", "page")}


# A model of static/view.js applying a region: attributes set (None removes), properties set,
# children replaced when given; and of what the page does by itself.
State = dict[str, tuple[dict[str, str], dict[str, bool], tuple[str, ...]]]


def apply(page: State, patch: Patch) -> None:
    for name, part in patch.regions.items():
        attributes, properties, children = page.get(name, ({}, {}, ()))
        attributes = dict(attributes)
        for key, value in part.attributes:
            if value is None:
                attributes.pop(key, None)
            else:
                attributes[key] = value
        properties = {**properties, **dict(part.properties)}
        page[name] = (attributes, properties, children if part.children is None else part.children)  # type: ignore[assignment]
    for effect in patch.effects:
        if effect.name == "celebrate":
            attributes, properties, children = page.get("shower", ({}, {}, ()))
            page["shower"] = ({**attributes, "hidden": "shown"}, properties, children)


def touch(page: State) -> None:
    attributes, properties, children = page.get("box", ({}, {}, ()))
    page["box"] = (attributes, {"checked": not properties.get("checked", False)}, children)


regions = st.fixed_dictionaries(
    {},
    optional={
        "score": st.sampled_from(["0", "30", "60"]).map(text),
        "shower": st.sampled_from([True, False]).map(lambda hidden: region({"hidden": hidden})),
        "undo": st.sampled_from([None, True, "x"]).map(
            lambda value: region({"disabled": value, "title": value})
        ),
        "box": st.booleans().map(lambda on: region(properties={"checked": on})),
        "list": st.lists(st.sampled_from("ab"), max_size=2).map(lambda c: Region((), tuple(c))),
    },
)
steps = st.lists(
    st.one_of(
        regions.map(Patch),
        st.just(Patch(effects=(Effect("celebrate"),))),
        st.just("touch"),
    ),
    max_size=12,
)


@settings(max_examples=examples(300))
@given(steps)
def test_the_page_ends_as_if_every_drawing_were_sent_whole(sequence: list[Patch | str]) -> None:
    whole: State = {}
    sent: State = {}
    drawn = Drawn(WRITES)
    for step in sequence:
        if step == "touch":
            touch(whole)
            touch(sent)
            drawn.touched()
        else:
            assert isinstance(step, Patch)
            apply(whole, step)
            apply(sent, drawn.changes(step))
    assert sent == whole
