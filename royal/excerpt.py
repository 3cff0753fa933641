"""Short quotes of bad input for messages: a message names a bad value, never repeats it whole.

Input can be as long as a link or a save allows (megabytes); quoting it in full would make a
notice of the same size. Every message that shows a value it refuses goes through :func:`quoted`.

A quote also shows what is not plain ASCII: a non-ASCII letter or digit is written as its
escape, so a look-alike (a Cyrillic En, U+041D, after a Q) cannot pass for the letter it
resembles (``'Q\\u041d'``, not QH); invisible characters are escaped as Python always does.
Punctuation and symbols stay as they are, so ``'Q♥'`` (a suit typed as the page shows it)
stays readable; codes and numbers are made of letters and digits, where look-alikes matter.
"""

from __future__ import annotations

import reprlib

#: Characters of a bad value shown in a message, at most (plus the quotes and an ellipsis).
SHOWN = 24


def _shown(char: str, quote: str) -> str:
    """One character as it is written between ``quote`` marks in a quotation."""
    if char == quote:
        return "\\" + char
    if char.isalnum() and not char.isascii():
        return ascii(char)[1:-1]
    return repr(char)[1:-1]


class _Repr(reprlib.Repr):
    """reprlib's shortening of lists and numbers, with texts quoted character by character."""

    def repr_str(self, x: str, level: int) -> str:
        """Python's quotation of ``x``, cut between whole characters, never inside an escape."""
        half = self.maxstring // 2
        cut = len(x) > self.maxstring
        head, tail = (x[:half], x[-half:]) if cut else (x, "")
        quote = '"' if "'" in head + tail and '"' not in head + tail else "'"
        head, tail = ("".join(_shown(char, quote) for char in part) for part in (head, tail))
        return quote + head + ("..." if cut else "") + tail + quote


_REPR = _Repr()
_REPR.maxstring = SHOWN
_REPR.maxother = SHOWN
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = 3
_REPR.maxlevel = 2


def quoted(value: object) -> str:
    """``value`` as a short quotation: ``'ZZZZZZZZZZZZ...ZZZZZZZZZZZZ'`` for a long text.

    Works in time independent of the value's length (it cuts before it formats).
    """
    return _REPR.repr(value)
