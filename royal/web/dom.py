"""Small DOM helpers shared by the web modules, and the one way the page's messages run.

The page takes its turns itself (static/view.js: every message of a turn inside the Web Lock
:data:`~royal.storage_keys.LOCK` that all tabs take) and hands each message to Python in one
call, :func:`answering`, which runs it under the stale check (an action refused because this
tab was behind another, :class:`~royal.tab_sync.Stale`, ends in the page drawn as the session
now is, whichever button, key, card, drag or dialog started it) and answers with what to draw
and whether it wrote to storage (the page then keeps the lock :data:`SETTLE_MS` longer).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy, jsnull
from pyscript import document

from royal.tab_sync import Stale

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

#: Who hears of an action refused as stale: the session has caught up (and said so), and the
#: page must follow it.
_stale_heard_by: list[Callable[[], None]] = []

#: What runs after every message, whatever it did: the page draws what it heard and drew not.
_after_each: list[Callable[[], None]] = []

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


def on_stale(handler: Callable[[], None]) -> None:
    """Call ``handler()`` after any message the session refused as stale."""
    _stale_heard_by.append(handler)


def after_each(handler: Callable[[], None]) -> None:
    """Call ``handler()`` after every message (:func:`answering`)."""
    _after_each.append(handler)


def wrote() -> None:
    """The page wrote to localStorage: the turn keeps the lock a moment (:data:`SETTLE_MS`)."""
    global _wrote
    _wrote = True


def answering(handle: Callable[[str], None], drawing: Callable[[], None], drawn: Callable[[], str]) -> Any:
    """``handle(message)`` as the JS function the page hands each message to: ``drawing()``
    first (what is drawn from here on is gathered), the message run under the stale check,
    then what runs after each; answered with ``{"w": whether it wrote to storage, "p": what to
    draw}``, ``drawn()`` giving the last (the JSON of one patch, or ``null``)."""

    def answer(text: str) -> str:
        global _wrote
        _wrote = False
        drawing()
        try:
            handle(str(text))
        except Stale:
            for heard in _stale_heard_by:
                heard()
        finally:
            for handler in _after_each:
                handler()
        return f'{{"w":{"true" if _wrote else "false"},"p":{drawn()}}}'

    proxy = create_proxy(answer)
    _kept.append(proxy)
    return proxy
