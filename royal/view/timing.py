"""What the page is to do later, as effects (royal/view/html.py's ``Effect``): the game's Python
keeps no timer or frame callback of its own, so that it runs the same wherever it runs (a
worker has no frames to wait for); the page keeps them (static/view.js) and sends a message
when each is due: ``["timer", name]``, ``["painted", name]``."""

from __future__ import annotations

from royal.view.html import Patch, effect


def timer(name: str, milliseconds: int | None, repeat: bool = False) -> Patch:
    """The timer ``name`` due in ``milliseconds`` (every ``milliseconds`` with ``repeat``),
    replacing any of that name; ``None`` stops it."""
    return effect("timer", [name, milliseconds, repeat])


def after_paint(name: str) -> Patch:
    """``["painted", name]`` once the page has drawn this drawing (after its next frame), so
    that slow work (a solver's search) never holds back what the player sees."""
    return effect("after-paint", name)
