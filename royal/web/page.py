"""Everything on the page but the cards: fields, buttons, stats, messages, dialogs and events.

:class:`Page` is the one place that finds elements by id and listens to the document and the
window, so :class:`~royal.web.app.App` deals only in actions and words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pyodide.ffi import create_once_callable
from pyscript import document, window

from royal import describe
from royal.describe import Notice
from royal.markup import THEME_COLOUR_MEDIA
from royal.settings import SYSTEM_THEME, THEMES, Settings
from royal.web.dom import by_id, kept, listen, missing, on_click

#: A click on none of these drops the selection.
KEEPS_SELECTION = "#line [data-card], button, a, dialog"
#: The settings panel's checkboxes, by id, and the setting each one holds.
SETTING_BOXES = {
    "winnable-only": "winnable_only",
    "warn-lost": "warn_lost",
    "ask-before-loss": "ask_before_loss",
    "sound": "sound",
    "large-cards": "large_cards",
}
#: How long the win's celebration shows, in milliseconds.
CELEBRATION_MS = 2600


class Page:
    """Writes the session's state into the page's fields and regions, and reports its events."""

    def __init__(self) -> None:
        self.body = document.body
        self.line = by_id("line")
        self.status = by_id("status")
        self.announcer = by_id("announcer")
        self.notices = by_id("notices")
        self.result = by_id("result")
        self.deal_link = by_id("deal-link")
        self.link_dialog = by_id("link-dialog")
        self.loss_dialog = by_id("loss-dialog")
        self.settings_dialog = by_id("settings-dialog")
        self.celebration = by_id("celebration")
        # The browser's theme colour, one <meta> per scheme (royal/markup.py): a chosen theme switches them.
        self.theme_colours = list(document.querySelectorAll("meta[name=theme-color]"))
        # Regions drawn by views of their own, as the line is by the Board.
        self.replay_bar = by_id("replay-bar")
        self.stats_panel = by_id("stats")
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
        """Call ``handler()`` when the player leaves the page (the last moment to save)."""
        listen(window, "pagehide", lambda event: handler())

    def on_storage(self, handler: Callable[[], None]) -> None:
        """Call ``handler()`` when another tab changes the saved data."""
        listen(window, "storage", lambda event: handler())

    def on_setting_change(self, handler: Callable[[str, bool | str], None]) -> None:
        """Call ``handler(name, value)`` when the player changes a setting in the panel."""

        def box(name: str) -> Callable[[Any], None]:
            return lambda event: handler(name, bool(event.target.checked))

        def radio(theme: str) -> Callable[[Any], None]:
            return lambda event: handler("theme", theme) if event.target.checked else None

        for element_id, name in SETTING_BOXES.items():
            listen(by_id(element_id), "change", box(name))
        for theme in THEMES:
            listen(by_id(f"theme-{theme}"), "change", radio(theme))

    def on_loss_dialog_close(self, handler: Callable[[], None]) -> None:
        """Call ``handler()`` when the loss question closes (Escape, or a button)."""
        listen(self.loss_dialog, "close", lambda event: handler())

    def on_link_dialog_close(self, handler: Callable[[], None]) -> None:
        """Call ``handler()`` when the link dialog closes (Escape, or a button)."""
        listen(self.link_dialog, "close", lambda event: handler())

    def every(self, milliseconds: int, handler: Callable[[], None]) -> None:
        """Call ``handler()`` every ``milliseconds``."""
        window.setInterval(kept(lambda *args: handler()), milliseconds)

    def visible(self) -> bool:
        """True while the page is shown."""
        return str(document.visibilityState) == "visible"

    # Writing --------------------------------------------------------------------------

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

    def address(self, query: str) -> None:
        """Put the game's own link in the address bar (without a new history entry)."""
        if str(window.location.search) != query:
            window.history.replaceState(None, "", query or str(window.location.pathname))

    def settings(self, settings: Settings) -> None:
        """Show ``settings`` in the panel and apply the look they choose."""
        for element_id, name in SETTING_BOXES.items():
            by_id(element_id).checked = bool(getattr(settings, name))
        for theme in THEMES:
            by_id(f"theme-{theme}").checked = theme == settings.theme
        root = document.documentElement
        if settings.theme == SYSTEM_THEME:
            root.removeAttribute("data-theme")
        else:
            root.setAttribute("data-theme", settings.theme)
        for meta, media in zip(self.theme_colours, THEME_COLOUR_MEDIA[settings.theme], strict=True):
            meta.setAttribute("media", media)
        root.toggleAttribute("data-large-cards", settings.large_cards)

    def open_settings(self) -> None:
        """Open the settings panel."""
        self.settings_dialog.showModal()

    def close_settings(self) -> None:
        """Close the settings panel."""
        self.settings_dialog.close()

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

    def outcome(
        self,
        outcome: str | None,
        heading: str,
        text: str,
        can_undo: bool,
        rewind: int | None = None,
        parts: Mapping[str, str] | None = None,
    ) -> None:
        """Mark the body with the outcome and show or hide the end-of-game panel.

        ``rewind`` offers a button back to the last move after which the game could be won;
        ``parts`` is the score's breakdown, keyed by ``data-part`` names.
        """
        if outcome is None:
            self._end_celebration()
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
        back.textContent = "" if rewind is None else describe.rewind_button(rewind)
        table = by_id("result-score")
        table.hidden = parts is None
        for name, value in (parts or {}).items():
            table.querySelector(f'[data-part="{name}"]').textContent = value
        self.result.hidden = False

    def celebrate(self) -> None:
        """A short shower of hearts for a win, unless the player asked for reduced motion."""
        if window.matchMedia("(prefers-reduced-motion: reduce)").matches:
            return
        self.celebration.hidden = False
        self.body.setAttribute("data-celebrating", "")
        window.setTimeout(create_once_callable(self._end_celebration), CELEBRATION_MS)

    def _end_celebration(self) -> None:
        self.celebration.hidden = True
        self.body.removeAttribute("data-celebrating")

    def focus_replay(self) -> None:
        """Focus the end panel's replay button (where the player was before the replay)."""
        by_id("replay").focus()

    def focus_result(self) -> None:
        """Focus the end panel's new-game button (the line has no move left to focus on)."""
        by_id("result-new").focus()

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

    # The link dialog ------------------------------------------------------------------

    def ask_link(self) -> None:
        """Ask whether to leave the game in progress for a linked deal."""
        self.link_dialog.showModal()

    def close_link(self) -> None:
        """Close the link dialog (closing it again changes nothing)."""
        self.link_dialog.close()

    # The question before a loss ------------------------------------------------------

    def ask_loss(self, heading: str, confirm: str) -> None:
        """Ask whether to leave a game that would then count as a loss."""
        by_id("loss-dialog-heading").textContent = heading
        by_id("loss-dialog-text").textContent = describe.LOSS_WARNING
        by_id("loss-confirm").textContent = confirm
        by_id("loss-dont-ask").checked = False
        self.loss_dialog.showModal()

    def dont_ask_again(self) -> bool:
        """True when the player ticked "Don't ask again" in the loss question."""
        return bool(by_id("loss-dont-ask").checked)

    def close_loss(self) -> None:
        """Close the loss question (closing it again changes nothing)."""
        self.loss_dialog.close()

    # Sharing ----------------------------------------------------------------------------

    def share(self, on_copied: Callable[[bool], None]) -> None:
        """Share the address: the system share sheet where there is one, else the clipboard.

        ``on_copied(ok)`` hears whether the clipboard took the link (the share sheet speaks
        for itself, and a player who closes it has chosen not to share).
        """
        url = str(window.location.href)
        navigator = window.navigator
        if not missing(getattr(navigator, "share", None)):
            data = window.Object.new()
            data.title = document.title
            data.url = url
            navigator.share(data).catch(create_once_callable(lambda error: None))
            return
        clipboard: Any = getattr(navigator, "clipboard", None)
        if missing(clipboard):
            on_copied(False)
            return
        clipboard.writeText(url).then(
            create_once_callable(lambda result: on_copied(True)),
            create_once_callable(lambda error: on_copied(False)),
        )

    def ready(self) -> None:
        """Tell players and tests the game is playable; the boot script's preview is gone."""
        for busy in document.querySelectorAll("[aria-busy]"):
            busy.removeAttribute("aria-busy")
        self.body.setAttribute("data-ready", "")
