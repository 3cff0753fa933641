"""Small DOM helpers shared by the web modules, and the one way they listen to the page.

Every handler the page calls goes through :func:`kept`, which runs it under the stale check:
an action refused because this tab was behind another (:class:`~royal.tab_sync.Stale`) ends in
the page drawn as the session now is, whichever button, key, card, drag or dialog started it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy, jsnull
from pyscript import document

from royal.tab_sync import Stale

#: Where key presses belong to what has focus (typing, a dialog's own keys), not to the game.
FORM_CONTROLS = "dialog, input, textarea, select, [contenteditable]"

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


def within(root: Any, element_id: str) -> Any:
    """The element with ``element_id`` inside ``root``, a region of the page a view owns."""
    element = root.querySelector(f"#{element_id}")
    if missing(element):
        raise LookupError(f"#{element_id} is not inside the region given")
    return element


def in_form_control(event: Any) -> bool:
    """True when ``event`` comes from a form control or a dialog (:data:`FORM_CONTROLS`)."""
    return not missing(event.target.closest(FORM_CONTROLS))


def on_stale(handler: Callable[[], None]) -> None:
    """Call ``handler()`` after any action the session refused as stale."""
    _stale_heard_by.append(handler)


def kept(handler: Callable[..., None]) -> Any:
    """``handler`` as a JS function the page may call for as long as it lives, run under the
    stale check."""

    def checked(*args: Any) -> None:
        try:
            handler(*args)
        except Stale:
            for heard in _stale_heard_by:
                heard()

    proxy = create_proxy(checked)
    _kept.append(proxy)
    return proxy


def listen(target: Any, name: str, handler: Callable[[Any], None], capture: bool = False) -> None:
    """Call ``handler(event)`` for each ``name`` event on ``target``."""
    target.addEventListener(name, kept(handler), capture)


def on_click(element: Any, action: Callable[[], None]) -> None:
    """Call ``action()`` when ``element`` is clicked."""
    listen(element, "click", lambda event: action())
