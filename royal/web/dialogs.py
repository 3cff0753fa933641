"""The two questions asked before the game in progress is given up: before New game, Today's
deal or Restart make it count as a loss (``#loss-dialog``), and before a link's deal replaces
it (``#link-dialog``). Each is an open ``<dialog>`` and remembers what it asks about."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from royal import describe
from royal.links import DealRequest
from royal.web.dom import listen, on_click, within


class LossQuestion:
    """Asks in ``dialog`` before leaving a game that would count as a loss; ``on_confirm(action,
    dont_ask)`` hears the player leave it for ``action``, maybe asking not to be asked again."""

    def __init__(self, dialog: Any, on_confirm: Callable[[str, bool], None]) -> None:
        self.dialog = dialog
        self.on_confirm = on_confirm
        self.action: str | None = None  # a key of describe.LEAVE_QUESTIONS, while it asks
        self.heading = within(dialog, "loss-dialog-heading")
        self.text = within(dialog, "loss-dialog-text")
        self.confirm = within(dialog, "loss-confirm")
        self.dont_ask = within(dialog, "loss-dont-ask")
        on_click(self.confirm, self._confirmed)
        on_click(within(dialog, "loss-cancel"), dialog.close)

    def ask(self, action: str) -> None:
        """Ask whether to leave the game for ``action``."""
        self.action = action
        self.heading.textContent, self.confirm.textContent = describe.LEAVE_QUESTIONS[action]
        self.text.textContent = describe.LOSS_WARNING
        self.dont_ask.checked = False
        self.dialog.showModal()

    def _confirmed(self) -> None:
        action, self.action = self.action, None
        dont_ask = bool(self.dont_ask.checked)
        self.dialog.close()
        if action is not None:
            self.on_confirm(action, dont_ask)


class LinkQuestion:
    """Asks in ``dialog`` whether a link's deal may replace the unfinished game: ``on_open(request)``
    hears yes, ``on_keep()`` no (a button, or Escape)."""

    def __init__(
        self, dialog: Any, on_open: Callable[[DealRequest], None], on_keep: Callable[[], None]
    ) -> None:
        self.dialog = dialog
        self.on_open = on_open
        self.on_keep = on_keep
        self.request: DealRequest | None = None  # the link's deal, while it asks
        on_click(within(dialog, "link-open"), self._opened)
        on_click(within(dialog, "link-keep"), dialog.close)
        listen(dialog, "close", lambda event: self._closed())

    @property
    def asking(self) -> bool:
        return self.request is not None

    def ask(self, request: DealRequest) -> None:
        """Ask whether to leave the game in progress for ``request``'s deal."""
        self.request = request
        self.dialog.showModal()

    def _opened(self) -> None:
        request, self.request = self.request, None
        self.dialog.close()
        if request is not None:
            self.on_open(request)

    def _closed(self) -> None:
        """Closed without opening the link's deal: the game is kept."""
        if self.request is not None:
            self.request = None
            self.on_keep()
