"""The bounds of what the game keeps: the loaders refuse what lies past them, the game's own
writers stop at them (so the game never writes what its loader refuses), and the boot script
takes the same ones (the build writes them into it).

Stored and imported text comes from anywhere, so it is measured before it is parsed: a JSON
parser calls itself once per bracket, and some thousands of nested brackets (20 KB of text)
overflow the browser's stack inside the parser, before Python can raise anything.
"""

from __future__ import annotations

import itertools
import re

#: The largest count any record holds (games played, penalty points, a record's revision...):
#: far past any real play, and still a number JSON and every browser keep exactly.
MAX_COUNT = 10**9
#: The most seconds a game's clock counts (over 31 years): the clock stops there.
MAX_SECONDS = 10**9
#: The deepest nesting of brackets read at all. The deepest record the game writes nests 7 deep
#: (a backup: the file, the stats record, the stats, the challenges, their days, a day, a
#: challenge); 32 leaves room for formats to come, and any parser handles it on any stack.
MAX_DEPTH = 32
#: The most characters read of each kind of stored record, far past what the game writes: the
#: largest stats a player can make are about 200,000 characters (64 game ids of 64 escaped
#: characters each, 400 days of five daily challenges), settings about 180, a game of format 4
#: about 3,000 (with the game left for it); a game of format 1 held up to 100,000 events and
#: still loads. (A backup file has its own, royal.backup's.)
MAX_CHARS: dict[str, int] = {"game": 2_000_000, "stats": 2_000_000, "settings": 10_000}

# A JSON string, from its opening quote to its closing one or to the end of a text cut short,
# its escapes included; possessive, so that no text makes the match go back.
_STRING = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+"?', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]++")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def nesting(text: str) -> int:
    """How deep the brackets of JSON ``text`` nest outside its strings, without parsing it.

    One pass over the text and no recursion, so any text is safe to measure: strings are
    skipped (a backslash escapes the next character; a string left open runs to the end), and
    the depth is the most brackets open at once, each ``[`` or ``{`` opening one and each ``]``
    or ``}`` closing one.
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(itertools.accumulate(map(_STEP.__getitem__, brackets), initial=0))
