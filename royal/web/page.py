"""The page as a whole: its fields, buttons, stats and messages, and its page-wide events.

:class:`Page` is the one place that finds elements by id and listens to the document and the
window, so :class:`~royal.web.app.App` deals only in actions and words. It hands each region
drawn by a view of its own (the line, the replay bar, the stats panel, the settings, the end
panel, the dialogs) to that view.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from pyodide.ffi import create_once_callable
from pyscript import document, window

from royal import describe
from royal.describe import Notice
from royal.web.dom import by_id, kept, listen, missing, on_click, on_event

#: A click on none of these drops the selection.
KEEPS_SELECTION = "#line [data-card], button, a, dialog"


class Page:
    """Writes the session's state into the page's fields and regions, and reports its events."""

    def __init__(self) -> None:
        self.body = document.body
        self.line = by_id("line")
        self.status = by_id("status")
        self.chance = by_id("chance")
        self.first_game = by_id("first-game")
        self.first_game_text = by_id("first-game-text")
        self.announcer = by_id("announcer")
        self.notices = by_id("notices")
        self.deal_link = by_id("deal-link")
        # Regions drawn by views of their own, as the line is by the Board.
        self.replay_bar = by_id("replay-bar")
        self.stats_panel = by_id("stats")
        self.settings_dialog = by_id("settings-dialog")
        # Issue 20's panels: the calendar, the achievements and their news, the review, Finish for me.
        self.calendar = by_id("calendar")
        self.achievements = by_id("achievements")
        self.achievement_news = by_id("achievement-news")
        self.review = by_id("review")
        self.finish = by_id("finish")
        self.result = by_id("result")
        self.celebration = by_id("celebration")
        self.loss_dialog = by_id("loss-dialog")
        self.link_dialog = by_id("link-dialog")
        self.import_dialog = by_id("import-dialog")
        self.reset_dialog = by_id("reset-dialog")

    # Events ---------------------------------------------------------------------------

    def on(self, element_id: str, handler: Callable[[], None]) -> None:
        """Call ``handler()`` when the element is clicked."""
        on_click(by_id(element_id), handler)

    def on_click_elsewhere(self, handler: Callable[[], None]) -> None:
        """Call ``handler()`` for a click outside the cards, buttons, links and dialogs."""
        listen(
            document,
            "click",
            lambda event: handler() if missing(event.target.closest(KEEPS_SELECTION)) else None,
        )

    def on_visibility(self, handler: Callable[[bool], None]) -> None:
        """Call ``handler(visible)`` when the page is shown or hidden."""
        listen(document, "visibilitychange", lambda event: handler(self.visible()))

    def on_restore(self, handler: Callable[[], None]) -> None:
        """Call ``handler()`` when the page comes back from the back/forward cache: it was frozen,
        and missed every other tab's writes meanwhile."""
        listen(window, "pageshow", lambda event: handler() if event.persisted else None)

    def on_leave(self, handler: Callable[[], None]) -> None:
        """Call ``handler()`` when the player leaves the page (the last moment to save): at once,
        not in turn, since the page may be gone before the lock comes."""

        def leaving(event: Any) -> None:
            handler()

        on_event(window, "pagehide", leaving)

    def on_storage(self, handler: Callable[[], None]) -> None:
        """Call ``handler()`` when another tab changes the saved data."""
        listen(window, "storage", lambda event: handler())

    def every(self, milliseconds: int, handler: Callable[[], None]) -> None:
        """Call ``handler()`` every ``milliseconds``."""
        window.setInterval(kept(lambda *args: handler()), milliseconds)

    def visible(self) -> bool:
        """True while the page is shown."""
        return str(document.visibilityState) == "visible"

    # Writing --------------------------------------------------------------------------

    # Each group in one call into the page (static/page.js): every access from Python to the
    # DOM crosses into JS, and a render sets some forty texts and flags.

    def fields(self, values: Mapping[str, str]) -> None:
        """Set each ``[data-field=name]`` to its text."""
        window.royalPage.texts("data-field", json.dumps(values))

    def stats(self, figures: Mapping[str, str]) -> None:
        """Set each ``[data-stat=name]`` to its figure."""
        window.royalPage.texts("data-stat", json.dumps(figures))

    def buttons(self, enabled: Mapping[str, bool]) -> None:
        """Enable or disable the game's buttons."""
        window.royalPage.enable(json.dumps(enabled))

    def link(self, query: str) -> None:
        """Point the deal link at a URL that opens this deal."""
        self.deal_link.setAttribute("href", "./" + query)

    def address(self, query: str) -> None:
        """Put the game's own link in the address bar (without a new history entry)."""
        if str(window.location.search) != query:
            window.history.replaceState(None, "", query or str(window.location.pathname))

    def stock_game(self, shown: bool, weighing: bool) -> None:
        """Show the stock game's Deal button, or hide it; while the chance is ``weighing``, its
        line keeps its place (its words come after the board is drawn)."""
        by_id("deal-card").hidden = not shown
        if weighing and self.chance.hidden:
            self.chance.textContent = "\N{NO-BREAK SPACE}"
            self.chance.hidden = False

    def show_chance(self, chance: str) -> None:
        """Show ``chance`` under the status, or hide it for ``""``."""
        if self.chance.textContent != chance:
            self.chance.textContent = chance
        self.chance.hidden = not chance

    def first_game_guide(self, words: str) -> None:
        """Show the first-game guide with ``words``, or hide it for ``""``."""
        if self.first_game_text.textContent != words:
            self.first_game_text.textContent = words
        self.first_game.hidden = not words

    def tell(self, shown: str, spoken: str | None = None) -> None:
        """Tell the player something: ``shown`` in the message line (``""`` clears it) and
        ``spoken`` (by default the same words) read to screen readers, even when it repeats.
        """
        if self.status.textContent != shown:
            self.status.textContent = shown
        self.read_out(shown if spoken is None else spoken)

    def read_out(self, words: str) -> None:
        """Read ``words`` to screen readers only, leaving the message line as it is."""
        self.announcer.textContent = ""
        window.setTimeout(create_once_callable(lambda: setattr(self.announcer, "textContent", words)), 30)

    def notice(self, notice: Notice) -> None:
        """Show a notice the player can dismiss."""
        box = document.createElement("div")
        box.className = "notice warning" if notice.warning else "notice"
        box.setAttribute("role", "alert" if notice.warning else "status")
        text = document.createElement("p")
        text.textContent = notice.text
        close = document.createElement("button")
        close.type = "button"
        close.textContent = describe.DISMISS
        close.setAttribute("aria-label", describe.DISMISS_LABEL)
        on_click(close, box.remove)
        box.append(text, close)
        self.notices.append(box)

    # Sharing ----------------------------------------------------------------------------

    def share(self, on_copied: Callable[[bool], None], text: str = "") -> None:
        """Share the address, after ``text`` if any: the system share sheet where there is one,
        else the clipboard.

        ``on_copied(ok)`` hears whether the clipboard took the link (the share sheet speaks
        for itself, and a player who closes it has chosen not to share).
        """
        url = str(window.location.href)
        navigator = window.navigator
        if not missing(getattr(navigator, "share", None)):
            data = window.Object.new()
            data.title = document.title
            data.url = url
            if text:
                data.text = text
            navigator.share(data).catch(create_once_callable(lambda error: None))
            return
        clipboard: Any = getattr(navigator, "clipboard", None)
        if missing(clipboard):
            on_copied(False)
            return
        clipboard.writeText(f"{text}\n{url}" if text else url).then(
            create_once_callable(lambda result: on_copied(True)),
            create_once_callable(lambda error: on_copied(False)),
        )

    def ready(self) -> None:
        """Tell players and tests the game is playable; the boot script's preview is gone."""
        for busy in document.querySelectorAll("[aria-busy]"):
            busy.removeAttribute("aria-busy")
        self.body.setAttribute("data-ready", "")
