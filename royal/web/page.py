"""Everything on the page but the cards: fields, buttons, stats, messages and the ending."""

from __future__ import annotations

from collections.abc import Mapping

from pyodide.ffi import create_once_callable, create_proxy
from pyscript import document, window

from royal.session import Notice
from royal.web.dom import by_id

BUTTONS = ("new-game", "daily", "restart", "undo", "redo", "hint")


class Page:
    """Writes the session's state into the page's fields and regions."""

    def __init__(self) -> None:
        self.body = document.body
        self.status = by_id("status")
        self.announcer = by_id("announcer")
        self.notices = by_id("notices")
        self.result = by_id("result")
        self.deal_link = by_id("deal-link")
        self._proxies: list[object] = []

    def on(self, element_id: str, handler) -> None:  # type: ignore[no-untyped-def]
        """Call ``handler()`` when the element is clicked."""
        proxy = create_proxy(lambda event: handler())
        self._proxies.append(proxy)
        by_id(element_id).addEventListener("click", proxy)

    def fields(self, values: Mapping[str, str]) -> None:
        """Set each ``[data-field=name]`` to its text."""
        for name, text in values.items():
            element = document.querySelector(f'[data-field="{name}"]')
            if element.textContent != text:
                element.textContent = text

    def stats(self, figures: Mapping[str, str]) -> None:
        """Set each ``[data-stat=name]`` to its figure."""
        for name, text in figures.items():
            document.querySelector(f'[data-stat="{name}"]').textContent = text

    def buttons(self, enabled: Mapping[str, bool]) -> None:
        """Enable or disable the game's buttons."""
        for name, on in enabled.items():
            by_id(name).disabled = not on

    def link(self, query: str) -> None:
        """Point the deal link at a URL that opens this deal."""
        self.deal_link.setAttribute("href", "./" + query)

    def say(self, text: str) -> None:
        """Show a message about the current selection or hint (``announce`` reads it out)."""
        if self.status.textContent != text:
            self.status.textContent = text

    def announce(self, text: str) -> None:
        """Read ``text`` to screen readers, even when it repeats the last announcement."""
        self.announcer.textContent = ""
        window.setTimeout(create_once_callable(lambda: setattr(self.announcer, "textContent", text)), 30)

    def outcome(
        self, outcome: str | None, heading: str, text: str, can_undo: bool, rewind: int | None = None
    ) -> None:
        """Mark the body with the outcome and show or hide the end-of-game panel.

        ``rewind`` offers a button back to the last move after which the game could be won.
        """
        if outcome is None:
            self.body.removeAttribute("data-outcome")
            self.result.hidden = True
            return
        self.body.setAttribute("data-outcome", outcome)
        self.result.setAttribute("data-outcome", outcome)
        by_id("result-heading").textContent = heading
        by_id("result-text").textContent = text
        by_id("result-undo").hidden = not can_undo
        back = by_id("result-rewind")
        back.hidden = rewind is None
        back.textContent = "" if rewind is None else f"Back to move {rewind}, still winnable"
        self.result.hidden = False

    def notice(self, notice: Notice) -> None:
        """Show a notice the player can dismiss."""
        box = document.createElement("div")
        box.className = "notice warning" if notice.warning else "notice"
        box.setAttribute("role", "alert" if notice.warning else "status")
        text = document.createElement("p")
        text.textContent = notice.text
        close = document.createElement("button")
        close.type = "button"
        close.textContent = "Dismiss"
        close.setAttribute("aria-label", "Dismiss this notice")
        close.addEventListener("click", create_once_callable(lambda event: box.remove()))
        box.append(text, close)
        self.notices.append(box)

    def ready(self) -> None:
        """Tell players and tests the game is playable."""
        self.body.setAttribute("data-ready", "")
