"""A description of elements as data: tag, attributes, text and keyed children, in HTML's or
SVG's namespace, serialised to compact JSON for ``static/view.js`` to apply to a region of the
page in one call.

Never markup put together from strings: a text is a text node however it reads, and a value an
attribute's value, so no stored value can become an element or a script. Names are checked as
the description is built (tags and attribute names of letters, digits and dashes; no ``on...``
handler attributes, and no ``style``, which the page's Content-Security-Policy refuses: custom
properties go in ``style=``), so a bad one is a bug found where it was made.

The JSON form (``static/view.js`` reads it):

- a node is a JSON string (a text node) or an object: ``t`` the tag, ``n`` ``"svg"`` for SVG's
  namespace, ``k`` the key among its siblings, ``a`` the attributes, ``s`` custom properties of
  its style (set through the CSSOM: the page's Content-Security-Policy refuses style attributes),
  ``c`` the children; each left out when empty;
- a patch is ``{"r": {id: region}, "f": focus, "x": effects}``: for each region, the element
  ``#id`` inside the root it is applied to, ``a`` the attributes to set (``null`` removes one; the
  others are left alone), ``p`` the live properties a form control's attribute does not follow
  once the player has touched it (:data:`PROPERTIES`: a checkbox's ``checked``) and ``c``, when
  given, its children, which the description then owns whole; ``f`` says where the focus goes
  after (``in``: a region's id, ``to``: a selector inside that region, ``take``: focus it even if the
  focus was not inside ``in`` before the patch); ``x``, what only the browser can do once the
  regions are drawn, in order, each ``[name, data]`` (:class:`Effect`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeAlias

#: A value an attribute is given as: ``True`` sets it empty (a boolean attribute such as
#: ``disabled``), ``False`` and ``None`` leave it out, a number is written as text.
Value: TypeAlias = str | int | float | bool | None
Attributes: TypeAlias = Mapping[str, Value]

NAME = re.compile(r"[a-zA-Z][a-zA-Z0-9:-]*\Z")
STYLE_PROPERTY = re.compile(r"--[a-z0-9-]+\Z")
#: The live properties a region may set (static/view.js holds the same list and refuses others).
PROPERTIES = frozenset({"checked"})


#: The names found good so far: a page uses few, and each is checked once.
_good: set[tuple[str, str]] = set()
_good_ids: set[str] = set()


def _checked_name(name: str, what: str) -> str:
    if (name, what) in _good:
        return name
    if not NAME.match(name) or (what == "attribute" and (name.lower().startswith("on") or name == "style")):
        raise ValueError(f"not a {what} a description may hold: {name!r}")
    _good.add((name, what))
    return name


@dataclass(frozen=True, slots=True)
class Element:
    """An element: its ``tag`` (in SVG's namespace when ``svg``), its attributes and style's
    custom properties as pairs, its children, and the ``key`` that finds it again among
    its siblings from one description to the next (else it is matched by place and tag)."""

    tag: str
    attributes: tuple[tuple[str, str], ...] = ()
    children: tuple[Node, ...] = ()
    key: str | None = None
    svg: bool = False
    style: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        _checked_name(self.tag, "tag")
        for name, _ in self.attributes:
            _checked_name(name, "attribute")
        for name, _ in self.style:
            if not STYLE_PROPERTY.match(name):
                raise ValueError(f"not a custom property a description may set: {name!r}")

    def data(self) -> dict[str, Any]:
        """The JSON form's object (module docstring)."""
        out: dict[str, Any] = {"t": self.tag}
        if self.svg:
            out["n"] = "svg"
        if self.key is not None:
            out["k"] = self.key
        if self.attributes:
            out["a"] = dict(self.attributes)
        if self.style:
            out["s"] = dict(self.style)
        if self.children:
            out["c"] = [node_data(child) for child in self.children]
        return out

    def attribute(self, name: str) -> str | None:
        """The value of attribute ``name``, or ``None`` when it is left out."""
        return dict(self.attributes).get(name)

    def text(self) -> str:
        """The text inside, as the page's ``textContent`` reads it."""
        return "".join(child if isinstance(child, str) else child.text() for child in self.children)


Node: TypeAlias = Element | str


def node_data(node: Node) -> Any:
    """A node's JSON form: a string stays a string, the text of a text node."""
    return node if isinstance(node, str) else node.data()


def _attributes(attributes: Attributes | None) -> tuple[tuple[str, str], ...]:
    return tuple(
        (name, "" if value is True else str(value))
        for name, value in (attributes or {}).items()
        if value is not None and value is not False
    )


def html(
    tag: str,
    attributes: Attributes | None = None,
    *children: Node,
    key: str | None = None,
    style: Mapping[str, str] | None = None,
) -> Element:
    """An HTML element: ``html("li", {"data-day": "2026-12-02"}, "2")``."""
    return Element(tag, _attributes(attributes), children, key, False, tuple((style or {}).items()))


#: static/app.css's class of words read to screen readers and not shown.
VISUALLY_HIDDEN = "visually-hidden"


def worded(shown: str, spoken: str) -> tuple[Node, ...]:
    """Words ``shown`` on the page, with ``spoken`` read to screen readers in their place (a card
    by its name, "ten of spades", where the page shows "10♠"; docs/rules.md, "Card codes and names"): a text
    alone when the two are the same."""
    if shown == spoken:
        return (shown,) if shown else ()
    return (html("span", {"aria-hidden": "true"}, shown), html("span", {"class": VISUALLY_HIDDEN}, spoken))


def svg(tag: str, attributes: Attributes | None = None, *children: Node, key: str | None = None) -> Element:
    """An element in SVG's namespace: ``svg("rect", {"x": 2, "width": 17.3})``."""
    return Element(tag, _attributes(attributes), children, key, True)


@dataclass(frozen=True, slots=True)
class Region:
    """An element of the page a view owns, found by its id: the attributes to set on it (``None``
    removes one), its live properties (:data:`PROPERTIES`) and, when ``children`` is not
    ``None``, everything inside it."""

    attributes: tuple[tuple[str, str | None], ...] = ()
    children: tuple[Node, ...] | None = None
    properties: tuple[tuple[str, bool], ...] = ()

    def __post_init__(self) -> None:
        for name, _ in self.properties:
            if name not in PROPERTIES:
                raise ValueError(f"not a property a region may set: {name!r}")

    def data(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.attributes:
            out["a"] = dict(self.attributes)
        if self.properties:
            out["p"] = dict(self.properties)
        if self.children is not None:
            out["c"] = [node_data(child) for child in self.children]
        return out

    def attribute(self, name: str) -> str | None:
        """The value the region sets attribute ``name`` to (``None``: removed or not set)."""
        return dict(self.attributes).get(name)

    def text(self) -> str | None:
        """The text of the children the region owns (``None``: it leaves them alone)."""
        if self.children is None:
            return None
        return "".join(child if isinstance(child, str) else child.text() for child in self.children)


def region(
    attributes: Attributes | None = None,
    children: tuple[Node, ...] | None = None,
    properties: Mapping[str, bool] | None = None,
) -> Region:
    """A :class:`Region`; an attribute ``False`` or ``None`` is removed from the element."""
    pairs: list[tuple[str, str | None]] = []
    for name, value in (attributes or {}).items():
        _checked_name(name, "attribute")
        pairs.append((name, None if value is None or value is False else "" if value is True else str(value)))
    return Region(tuple(pairs), children, tuple((properties or {}).items()))


def text(words: str) -> Region:
    """A region that holds ``words`` and nothing else."""
    return Region((), (words,) if words else ())


@dataclass(frozen=True, slots=True)
class Focus:
    """Where the focus goes once a patch is applied: to the element ``selector`` finds inside
    region ``within`` (another region may hold its like: the daily row's days are the calendar's
    dates too), if the focus was inside that region before (redrawn, it would be lost) or if
    ``take``."""

    within: str
    selector: str
    take: bool = False


@dataclass(frozen=True, slots=True)
class Effect:
    """What only the browser can do, once the regions are drawn: ``name`` (one the page's
    scripts handle: static/view.js says which) with its JSON-able ``data``."""

    name: str
    data: Any = None

    def __post_init__(self) -> None:
        _checked_name(self.name, "effect")


def effect(name: str, data: Any = None) -> Patch:
    """A patch of the one effect ``name`` with its ``data``, and nothing else."""
    return Patch(effects=(Effect(name, data),))


@dataclass(frozen=True, slots=True)
class Patch:
    """What one call into the page applies: regions by id, where the focus goes after, and the
    effects that follow, in order."""

    regions: Mapping[str, Region] = field(default_factory=dict)
    focus: Focus | None = None
    effects: tuple[Effect, ...] = ()

    def __post_init__(self) -> None:
        if not _good_ids.issuperset(self.regions):  # every patch added up is checked anew
            for name in self.regions:
                _checked_name(name, "region id")
            _good_ids.update(self.regions)

    def __add__(self, other: Patch) -> Patch:
        """Both patches as one: a region both name is drawn as ``other`` has it; ``other``'s focus,
        if any, wins; the effects run in order, ``self``'s first."""
        return Patch(
            {**self.regions, **other.regions}, other.focus or self.focus, self.effects + other.effects
        )

    def effect(self, name: str) -> Any:
        """The data of the patch's first effect ``name`` (``None``: it has none)."""
        return next((effect.data for effect in self.effects if effect.name == name), None)

    def to_json(self) -> str:
        """The compact JSON text handed to ``royalView.apply`` (module docstring)."""
        out: dict[str, Any] = {"r": {name: part.data() for name, part in self.regions.items()}}
        if self.focus is not None:
            out["f"] = {"in": self.focus.within, "to": self.focus.selector, "take": self.focus.take}
        if self.effects:
            out["x"] = [[effect.name, effect.data] for effect in self.effects]
        return json.dumps(out, separators=(",", ":"), ensure_ascii=False)
