"""The two questions asked before the game in progress is given up: before New game, Today's
deal or Restart make it count as a loss (``#loss-dialog``), and before a link's deal replaces
it (``#link-dialog``). Their state and words are royal.table.play's; here each answer (a
button, or Escape closing the dialog) becomes a message."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from royal.table import messages as m
from royal.web.dom import listen


def ask_questions(loss: Any, link: Any, act: Callable[[m.Message], None]) -> None:
    """Send ``act`` the answer when the dialog ``loss`` or ``link`` closes by Escape (its
    buttons send their messages themselves: index.html's ``data-act``)."""
    listen(loss, "close", lambda event: act(m.Stay()))  # after an answer, nothing is asked
    listen(link, "close", lambda event: act(m.KeepGame()))
