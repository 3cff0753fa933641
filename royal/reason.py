"""Why something was refused, kept as words still to be said: the message (English, marked for
extraction) and its values, so that the player reads it in their own language
(``describe.why``) while the exception that carries it stays plain data.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Reason:
    """A refusal's message, with named placeholders (``%(move)s``), and the values for them; a
    value may be a Reason itself (a record's reason inside a file's)."""

    message: str
    values: Mapping[str, object]
    #: For a count: the English plural, and the count that chooses the form (``ngettext``).
    plural: str | None = None
    count: int = 1

    def __str__(self) -> str:
        """The English, for logs and for the command line's contract."""
        message = self.message if self.plural is None or self.count == 1 else self.plural
        return message % {name: str(value) for name, value in self.values.items()}


def reason(message: str, **values: object) -> Reason:
    """``raise IllegalMove(reason("%(move)s: the stock is empty", move=...))``: extracted by the
    keyword ``reason`` (tools/locales.py)."""
    return Reason(message, values)


def counted(singular: str, plural: str, count: int, **values: object) -> Reason:
    """A refusal with a count in it, said in the form the count takes in the player's language;
    extracted by the keyword ``counted:1,2``."""
    return Reason(singular, {"count": count, **values}, plural, count)


def reason_of(error: BaseException) -> Reason | str:
    """The Reason an exception carries, or its text when it carries none (one raised by Python,
    worded as Python words it)."""
    found = error.args[0] if len(error.args) == 1 else None
    return found if isinstance(found, Reason) else str(error)
