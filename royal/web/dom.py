"""Small DOM helpers shared by the web modules."""

from __future__ import annotations

from typing import Any

from pyodide.ffi import jsnull
from pyscript import document


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
