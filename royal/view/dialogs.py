"""The page's dialogs and notices as descriptions: a dialog opened or closed (an effect, since
only the browser makes a dialog modal), the questions asked in them (before a game is given up,
``#loss-dialog``; before a backup replaces the stats, ``#import-dialog``, or they are cleared,
``#reset-dialog``), the backup's status line and its file saved (an effect), and the notices the
player dismisses (``#notices``)."""

from __future__ import annotations

from collections.abc import Sequence

from royal import describe
from royal.backup import MAX_CHARS, Backup
from royal.describe import Notice
from royal.view.html import Element, Patch, effect, html, region, text

#: The type of a backup file, as the browser saves it.
BACKUP_TYPE = "application/json"


def modal(dialog_id: str, shown: bool = True, give_back: bool = True) -> Patch:
    """Open ``#dialog_id`` as a modal dialog (the page behind it inert), or close it: the focus
    then goes back to what had it as it opened, unless not ``give_back`` (it closes to show
    something else, which takes the focus)."""
    data: list[str | bool] = [dialog_id, shown] if give_back else [dialog_id, shown, False]
    return effect("modal", data)


def loss_question(action: str) -> Patch:
    """Ask before leaving the game for ``action`` (a key of describe.LEAVE_QUESTIONS), which would
    count it as a loss; Don't ask again starts unticked each time."""
    heading, confirm = describe.LEAVE_QUESTIONS[action]
    words = {
        "loss-dialog-heading": text(heading),
        "loss-confirm": text(confirm),
        "loss-dialog-text": text(describe.LOSS_WARNING),
        "loss-dont-ask": region(properties={"checked": False}),
    }
    return Patch(words)


def backup_questions() -> Patch:
    """The words of the two questions the backup asks, and the most bytes the page reads of a
    file chosen to import (UTF-8 takes at most 4 a character), drawn once."""
    return Patch(
        {
            "import-stats": region({"data-max-bytes": MAX_CHARS * 4}),
            "import-dialog-heading": text(describe.IMPORT_QUESTION),
            "reset-dialog-heading": text(describe.RESET_QUESTION),
            "reset-dialog-text": text(describe.RESET_TEXT),
        }
    )


def import_question(contents: Backup) -> Patch:
    """Ask before ``contents`` replace the stats, saying what the file holds."""
    return Patch({"import-dialog-text": text(describe.backup_contents(contents))})


def backup_status(words: str, error: bool = False) -> Patch:
    """The backup's status line: what was done, or (``error``) what could not be."""
    return Patch({"backup-status": region({"data-error": error}, (words,) if words else ())})


def download(name: str, contents: str) -> Patch:
    """Have the browser save ``contents`` as a file called ``name``."""
    return effect("download", {"name": name, "text": contents, "type": BACKUP_TYPE})


def notices(shown: Sequence[tuple[int, Notice]]) -> Patch:
    """The notices not yet dismissed, oldest first, each by its number: a warning is an alert,
    anything else a status."""
    return Patch({"notices": region(None, tuple(_notice(number, notice) for number, notice in shown))})


def _notice(number: int, notice: Notice) -> Element:
    dismiss = html(
        "button",
        {"type": "button", "data-act": "dismiss", "data-arg": number, "aria-label": describe.DISMISS_LABEL},
        describe.DISMISS,
    )
    if notice.warning:
        attributes = {"class": "notice warning", "role": "alert"}
    else:
        attributes = {"class": "notice", "role": "status"}
    return html("div", attributes, html("p", None, notice.text), dismiss, key=str(number))
