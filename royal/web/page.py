"""The page in the browser: its one call each way. The page (static/view.js) hands each message
to Python in one call, in its turns of the Web Lock, with what changed in its storage; Python's
answer says what to write there and what to draw (royal/web/answers.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import window

from royal.storage_keys import LOCK, PREFIX
from royal.web.answers import SETTLE_MS

#: The function the page calls, kept so that it lives as long as the page does.
_kept: list[Any] = []


def listen(answer: Callable[[str], str]) -> None:
    """Hand each of the page's messages (its JSON) to ``answer``, whose JSON the page applies."""
    proxy = create_proxy(lambda text: answer(str(text)))
    _kept.append(proxy)
    window.royalView.listen(proxy, LOCK, SETTLE_MS, PREFIX)
