"""The page in the browser: its one call each way. Python's answer to each message the page
sends (static/view.js, in its turns of the Web Lock) goes back as the call's result, with
whether it wrote to storage; the first drawing, as the game starts, is applied in one call;
and the page says when the game is ready.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pyscript import document, window

from royal.storage_keys import LOCK
from royal.web.dom import SETTLE_MS, answering, by_id


class Page:
    """The document the game runs in."""

    def __init__(self) -> None:
        self.body = document.body
        # The card faces' sprite, named with its version by the build (index.html).
        self.sprite = str(by_id("line").dataset.sprite)

    def listen(self, answer: Callable[[str, Any], str]) -> None:
        """Hand each of the page's messages, ``[kind, what]``, to ``answer(kind, what)``, whose
        answer (one patch's JSON, or ``null``) the page applies."""

        def handle(text: str) -> str:
            kind, what = json.loads(text)
            return answer(str(kind), what)

        window.royalView.listen(answering(handle), LOCK, SETTLE_MS)

    def apply(self, patch: str) -> None:
        """Apply one patch's JSON at once (the first drawing)."""
        window.royalView.apply(document, patch)

    def visible(self) -> bool:
        """True while the page is shown."""
        return str(document.visibilityState) == "visible"

    def ready(self) -> None:
        """Tell players and tests the game is playable; the boot script's preview is gone."""
        for busy in document.querySelectorAll("[aria-busy]"):
            busy.removeAttribute("aria-busy")
        self.body.setAttribute("data-ready", "")
