"""Small DOM helpers shared by the web modules, and the one way they listen to the page.

Every handler the page calls runs through :func:`in_turn`: under the stale check (an action
refused because this tab was behind another, :class:`~royal.tab_sync.Stale`, ends in the page
drawn as the session now is, whichever button, key, card, drag or dialog started it), and in
turn with every other tab of the site, under one Web Lock. What must be decided while an event
is dispatched (preventing its default, stopping it) is decided at once (:func:`on_event`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_once_callable, create_proxy, jsnull
from pyscript import document, window

from royal.storage_keys import LOCK
from royal.tab_sync import Stale

#: Every handler the page calls, as the JS function it is given: kept so that it lives as long
#: as the page does.
_kept: list[Any] = []

#: Who hears of an action refused as stale: the session has caught up (and said so), and the
#: page must follow it.
_stale_heard_by: list[Callable[[], None]] = []


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
    """Call ``handler()`` after any action the session refused as stale."""
    _stale_heard_by.append(handler)


#: What runs after every action, whatever it did: the page draws what it heard and drew not.
_after_each: list[Callable[[], None]] = []


def after_each(handler: Callable[[], None]) -> None:
    """Call ``handler()`` after every action run in turn (:func:`in_turn`)."""
    _after_each.append(handler)


def _checked(action: Callable[[], None]) -> None:
    try:
        action()
    except Stale:
        for heard in _stale_heard_by:
            heard()
    finally:
        for handler in _after_each:
            handler()


#: The actions asked for and not yet run, in order: they run in one turn of the lock, taken once
#: for all those asked before it comes and while it is held.
_queue: list[Callable[[], None]] = []

#: How long a turn that wrote keeps the lock after its actions (ms). Another tab's copy of
#: localStorage hears of this tab's writes a moment after they are made, on a path of its own
#: beside the lock's: held this little longer, the lock passes only once they have arrived, so
#: the next tab's turn reads them (two tabs' settings changed in one millisecond were otherwise
#: lost now and then). This tab's own actions meanwhile run at once: the lock is still its own.
#: A hidden page does not hold it (its timers may wait a second), nor a turn that wrote nothing.
SETTLE_MS = 50

#: True while this tab holds the lock after a turn (:data:`SETTLE_MS`).
_settling = False

#: True once the turn running has written to localStorage (:func:`wrote`).
_wrote = False


def wrote() -> None:
    """The page wrote to localStorage: the turn running keeps the lock a moment (:data:`SETTLE_MS`)."""
    global _wrote
    _wrote = True


def in_turn(action: Callable[[], None]) -> None:
    """Run ``action`` under the stale check, in turn with every tab of the site.

    Where the browser has the Web Locks API, ``action`` runs inside the lock :data:`LOCK`, so
    no other tab reads or writes the records meanwhile: each action applies to the newest
    records or is refused as stale. Actions run in the order they were asked for, each once;
    those this tab asks for before its turn comes, or during it, run in that same turn (two
    clicks of one move wait for the lock once). Without the API it runs at once, and the
    game's revision check alone guards the records.
    """
    locks: Any = getattr(window.navigator, "locks", None)
    if missing(locks):
        _checked(action)
        return
    _queue.append(action)
    if _settling:  # the lock is still this tab's
        _run_queue(locks)
    elif len(_queue) == 1:  # no turn asked for yet
        _ask_turn(locks)


def _ask_turn(locks: Any) -> None:
    locks.request(LOCK, create_once_callable(lambda lock: _take_turn(locks)))


def _take_turn(locks: Any) -> Any:
    """Run every action queued; if they wrote, keep the lock :data:`SETTLE_MS` longer (the
    promise returned, resolved then, is what holds it)."""
    global _settling, _wrote
    _wrote = False
    _run_queue(locks)
    if not _wrote or document.hidden:
        return None
    _settling = True

    def settle(resolve: Any, reject: Any) -> None:
        def settled(*args: Any) -> None:
            global _settling
            _settling = False
            resolve()

        window.setTimeout(create_once_callable(settled), SETTLE_MS)

    return window.Promise.new(create_once_callable(settle))


def _run_queue(locks: Any) -> None:
    """Run every action queued, in order, each once, with those asked for meanwhile."""
    try:
        while _queue:
            _checked(_queue[0])
            _queue.pop(0)
    finally:
        if _queue:  # an action failed: it is done with, and the rest get a turn of their own
            _queue.pop(0)
            if _queue:
                _ask_turn(locks)


def kept(handler: Callable[..., None]) -> Any:
    """``handler`` as a JS function the page may call for as long as it lives; each call runs
    in turn (:func:`in_turn`)."""

    def call(*args: Any) -> None:
        in_turn(lambda: handler(*args))

    proxy = create_proxy(call)
    _kept.append(proxy)
    return proxy


def on_event(
    target: Any, name: str, decide: Callable[[Any], Callable[[], None] | None], capture: bool = False
) -> None:
    """For each ``name`` event on ``target``, ``decide(event)`` at once, while the event is
    dispatched (what cannot wait: preventing its default, stopping it, taking the pointer), and
    run the action it returns, if any, in turn (:func:`in_turn`)."""

    def dispatched(event: Any) -> None:
        action = decide(event)
        if action is not None:
            in_turn(action)

    proxy = create_proxy(dispatched)
    _kept.append(proxy)
    target.addEventListener(name, proxy, capture)
