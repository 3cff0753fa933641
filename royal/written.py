"""Numbers, percentages, dates, month and weekday names and lists as a language writes them.

The data is CLDR's, taken from Babel's copy by ``tools/locales.py`` into one small
``locale/<language>/forms.json`` per language (Babel itself is far too large to ship to the
browser); this is the little formatter over it: integer and percent patterns with their
grouping, date patterns of the fields the game uses, and list patterns.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

# A date pattern's fields (runs of one letter) and its quoted literals.
_FIELD = re.compile(r"'(?:[^']|'')*'|([A-Za-z])\1*")


@dataclass(frozen=True)
class Forms:
    """One language's CLDR forms (the fields of its ``forms.json``)."""

    decimal: str
    group: str
    minus: str
    percent_sign: str
    #: The integer and percent patterns, like ``#,##0`` and ``#,##0 %``.
    integer_pattern: str
    percent_pattern: str
    #: List patterns by kind (``and``, ``or``), each with ``2``, ``start``, ``middle``, ``end``.
    lists: Mapping[str, Mapping[str, str]]
    #: Month names by width and context, January first; weekday names, Monday first.
    months: Mapping[str, Sequence[str]]
    weekdays: Mapping[str, Sequence[str]]
    #: Date patterns: ``long`` (a day), ``medium`` (a day, its month abbreviated), ``month`` (a
    #: month of a year).
    dates: Mapping[str, str]

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Forms:
        fields = {name: data[name] for name in cls.__dataclass_fields__}
        return cls(**cast("dict[str, Any]", fields))

    def number(self, value: int) -> str:
        """A whole number, grouped as the language groups thousands."""
        return self._pattern(self.integer_pattern, value)

    def percent(self, value: int) -> str:
        """A whole percentage, ``67`` as ``"67%"`` or ``"67 %"``."""
        return self._pattern(self.percent_pattern, value)

    def _pattern(self, pattern: str, value: int) -> str:
        positive = pattern.split(";")[0]
        body = re.search(r"[#0,.]+", positive)
        assert body is not None, pattern
        digits = body.group().split(".")[0]
        groups = digits.split(",")
        grouped = _grouped(str(abs(value)), len(groups[-1]) if len(groups) > 1 else 0, groups)
        affixes = [positive[: body.start()], positive[body.end() :]]
        prefix, suffix = (affix.replace("%", self.percent_sign) for affix in affixes)
        text = prefix + grouped.replace("\x00", self.group) + suffix
        return self.minus + text if value < 0 else text

    def listed(self, items: Sequence[str], kind: str = "and") -> str:
        """``["a", "b", "c"]`` as ``"a, b and c"``: the language's list pattern."""
        patterns = self.lists[kind]
        if len(items) < 2:
            return "".join(items)
        if len(items) == 2:
            return _fill(patterns["2"], items[0], items[1])
        text = _fill(patterns["end"], items[-2], items[-1])
        for item in reversed(items[1:-2]):
            text = _fill(patterns["middle"], item, text)
        return _fill(patterns["start"], items[0], text)

    def date(self, day: _dt.date, style: str = "long") -> str:
        """``day`` in the language's pattern ``style`` (``long``, ``medium``, ``month``)."""
        return _FIELD.sub(lambda field: self._field(field.group(), day), self.dates[style])

    def weekday_names(self, width: str = "wide") -> Sequence[str]:
        """The days of the week, Monday first, ``wide`` or ``short`` (stand-alone)."""
        return self.weekdays[width]

    def _field(self, field: str, day: _dt.date) -> str:
        letter, size = field[0], len(field)
        if letter == "'":
            return field[1:-1].replace("''", "'") if field != "''" else "'"
        if letter == "d":
            return f"{day.day:0{size}d}"
        if letter == "y":
            return f"{day.year:0{size}d}" if size != 2 else f"{day.year % 100:02d}"
        if letter in "ML":
            if size <= 2:
                return f"{day.month:0{size}d}"
            context = "format" if letter == "M" else "stand-alone"
            width = "abbreviated" if size == 3 else "wide"
            return self.months[f"{context}-{width}"][day.month - 1]
        return field  # a field the game's patterns do not use is left as written


def _grouped(digits: str, size: int, groups: Sequence[str]) -> str:
    """``digits`` with a NUL, the group separator's place, every ``size`` digits from the right
    (``#,##,##0``'s secondary size for the groups beyond the first)."""
    if not size or len(digits) <= size:
        return digits
    secondary = len(groups[-2]) if len(groups) > 2 else size
    head, tail = digits[:-size], digits[-size:]
    parts = [tail]
    while len(head) > secondary:
        parts.insert(0, head[-secondary:])
        head = head[:-secondary]
    return "\x00".join([head, *parts])


def _fill(pattern: str, first: str, second: str) -> str:
    return pattern.replace("{0}", first).replace("{1}", second)
