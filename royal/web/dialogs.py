"""The two questions asked before the game in progress is given up: before New game, Today's
deal or Restart make it count as a loss (``#loss-dialog``), and before a link's deal replaces
it (``#link-dialog``). Their state and words are royal.table.play's; here each answer (a
button, or Escape closing the dialog) becomes a message."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from royal.table import messages as m
from royal.web.dom import listen, on_click, on_event, within


def ask_questions(loss: Any, link: Any, act: Callable[[m.Message], None]) -> None:
    """Send ``act`` the answers given in the dialogs ``loss`` and ``link``."""
    dont_ask = within(loss, "loss-dont-ask")
    # Don't ask again is read as the click is dispatched: what the player ticked.
    confirm = within(loss, "loss-confirm")
    on_event(confirm, "click", lambda event: partial(act, m.Leave(bool(dont_ask.checked))))
    on_click(within(loss, "loss-cancel"), lambda: act(m.Stay()))
    listen(loss, "close", lambda event: act(m.Stay()))  # after an answer, nothing is asked
    on_click(within(link, "link-open"), lambda: act(m.OpenLink()))
    on_click(within(link, "link-keep"), lambda: act(m.KeepGame()))
    listen(link, "close", lambda event: act(m.KeepGame()))
