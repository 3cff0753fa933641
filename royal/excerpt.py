"""Short quotes of bad input for messages: a message names a bad value, never repeats it whole.

Input can be as long as a link or a save allows (megabytes); quoting it in full would make a
notice of the same size. Every message that shows a value it refuses goes through :func:`quoted`.
"""

from __future__ import annotations

import reprlib

#: Characters of a bad value shown in a message, at most (plus the quotes and an ellipsis).
SHOWN = 24

_REPR = reprlib.Repr()
_REPR.maxstring = SHOWN
_REPR.maxother = SHOWN
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = 3
_REPR.maxlevel = 2


def quoted(value: object) -> str:
    """``value`` as a short quotation: ``'ZZZZZZZZZZ...ZZZZZZZZZZ'`` for a long text.

    Works in time independent of the value's length (reprlib cuts before it formats).
    """
    return _REPR.repr(value)
