"""Small DOM helpers shared by the web modules, and the one way the page's messages reach Python.

The page takes its turns itself (static/view.js: every message of a turn inside the Web Lock
:data:`~royal.storage_keys.LOCK` that all tabs take) and hands each message to Python in one
call, :func:`answering`, answered with what to draw and whether the message wrote to storage
(the page then keeps the lock :data:`SETTLE_MS` longer).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy, jsnull
from pyscript import document

#: How long a turn that wrote keeps the lock after its messages (ms). Another tab's copy of
#: localStorage hears of this tab's writes a moment after they are made, on a path of its own
#: beside the lock's: held this little longer, the lock passes only once they have arrived, so
#: the next tab's turn reads them (two tabs' settings changed in one millisecond were otherwise
#: lost now and then). This tab's own messages meanwhile run at once: the lock is still its own.
#: A hidden page does not hold it (its timers may wait a second), nor a turn that wrote nothing.
SETTLE_MS = 50

#: The function the page calls, as the JS function it is given: kept so that it lives as long
#: as the page does.
_kept: list[Any] = []

#: True once the message running has written to localStorage (:func:`wrote`).
_wrote = False


def missing(value: object) -> bool:
    """True for JS ``null``/``undefined``: DOM look-ups return them, and Pyodide may keep
    ``null`` as :data:`pyodide.ffi.jsnull` rather than ``None``."""
    return value is None or value is jsnull


def by_id(element_id: str) -> Any:
    """The element with ``element_id`` (the page is ours, so a missing one is a bug)."""
    element = document.getElementById(element_id)
    if missing(element):
        raise LookupError(f"the page has no #{element_id}")
    return element


def wrote() -> None:
    """The page wrote to localStorage: the turn keeps the lock a moment (:data:`SETTLE_MS`)."""
    global _wrote
    _wrote = True


def answering(handle: Callable[[str], str]) -> Any:
    """``handle(message)`` as the JS function the page hands each message to, its answer (what
    to draw: one patch's JSON, or ``null``) sent back as ``{"w": whether the message wrote to
    storage, "p": that answer}``."""

    def answer(text: str) -> str:
        global _wrote
        _wrote = False
        drawn = handle(str(text))
        return f'{{"w":{"true" if _wrote else "false"},"p":{drawn}}}'

    proxy = create_proxy(answer)
    _kept.append(proxy)
    return proxy
