"""The two questions asked before the game in progress is given up: before New game, Today's
deal or Restart make it count as a loss (``#loss-dialog``), and before a link's deal replaces
it (``#link-dialog``). Each is a modal ``<dialog>`` (royal/web/modal.py), its words drawn by
royal/view/dialogs.py, and remembers what it asks about."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from royal.links import DealRequest
from royal.view.dialogs import loss_question
from royal.view.html import Patch
from royal.web.dom import listen, on_click, on_event, within
from royal.web.modal import Modal


class LossQuestion:
    """Asks in ``dialog`` before leaving a game that would count as a loss; ``on_confirm(action,
    dont_ask)`` hears the player leave it for ``action``, maybe asking not to be asked again."""

    def __init__(
        self, dialog: Any, show: Callable[[Patch], None], on_confirm: Callable[[str, bool], None]
    ) -> None:
        self.modal = Modal(dialog, show)
        self.on_confirm = on_confirm
        self.action: str | None = None  # a key of describe.LEAVE_QUESTIONS, while it asks
        dont_ask = within(dialog, "loss-dont-ask")
        # Don't ask again is read as the click is dispatched: what the player ticked.
        confirm = within(dialog, "loss-confirm")
        on_event(confirm, "click", lambda event: partial(self._confirmed, bool(dont_ask.checked)))
        on_click(within(dialog, "loss-cancel"), self.modal.close)

    def ask(self, action: str) -> None:
        """Ask whether to leave the game for ``action``."""
        self.action = action
        self.modal.open(loss_question(action))

    def _confirmed(self, dont_ask: bool) -> None:
        action, self.action = self.action, None
        self.modal.close()
        if action is not None:
            self.on_confirm(action, dont_ask)


class LinkQuestion:
    """Asks in ``dialog`` whether a link's deal may replace the unfinished game: ``on_open(request)``
    hears yes, ``on_keep()`` no (a button, or Escape)."""

    def __init__(
        self,
        dialog: Any,
        show: Callable[[Patch], None],
        on_open: Callable[[DealRequest], None],
        on_keep: Callable[[], None],
    ) -> None:
        self.modal = Modal(dialog, show)
        self.on_open = on_open
        self.on_keep = on_keep
        self.request: DealRequest | None = None  # the link's deal, while it asks
        on_click(within(dialog, "link-open"), self._opened)
        on_click(within(dialog, "link-keep"), self.modal.close)
        listen(dialog, "close", lambda event: self._closed())

    @property
    def asking(self) -> bool:
        return self.request is not None

    def ask(self, request: DealRequest) -> None:
        """Ask whether to leave the game in progress for ``request``'s deal."""
        self.request = request
        self.modal.open()

    def _opened(self) -> None:
        request, self.request = self.request, None
        self.modal.close()
        if request is not None:
            self.on_open(request)

    def _closed(self) -> None:
        """Closed without opening the link's deal: the game is kept."""
        if self.request is not None:
            self.request = None
            self.on_keep()
