"""Export, import and reset of the stats: the buttons and file input in the stats panel and
the two dialogs that ask first (modal ``<dialog>``s, royal/web/modal.py). The file's format and
checks live in :mod:`royal.backup`, its words and the status line in royal/view/dialogs.py;
what it changes, the session's backup actions do."""

from __future__ import annotations

from collections.abc import Callable

from royal import describe
from royal.backup import BackupError
from royal.backup_actions import BackupActions
from royal.table.state import PageState
from royal.view.dialogs import backup_questions, backup_status, download, import_question
from royal.view.html import Patch
from royal.web.modal import Modal


class BackupView:
    """What the backup's controls in the stats panel (their messages: the page reads a file
    chosen) and its two dialogs do with the session's ``backups``; ``adopted(words)`` has the
    page drop what it offered for the game and stats replaced and say ``words``; ``show(patch)``
    draws with the page's next drawing."""

    def __init__(
        self,
        state: PageState,
        backups: BackupActions,
        adopted: Callable[[str], None],
        show: Callable[[Patch], None],
    ) -> None:
        self.state = state  # its ``importing``: the backup read, while the page asks
        self.backups = backups
        self.adopted = adopted
        self.show = show
        self.importing = Modal("import-dialog", show, state)
        self.resetting = Modal("reset-dialog", show, state)
        show(backup_questions())
        # The buttons' messages (index.html's data-act), by name.
        self.actions: dict[str, Callable[[], None]] = {
            "export": self.export,
            "import-confirm": self._import,
            "import-cancel": self._cancel_import,
            "reset": self.resetting.open,
            "reset-confirm": self._reset,
            "reset-cancel": self.resetting.close,
        }

    def _say(self, words: str, error: bool = False) -> None:
        self.show(backup_status(words, error))

    # Export -------------------------------------------------------------------------------

    def export(self) -> None:
        """Have the browser save the backup file (made in the page, so nothing leaves it)."""
        name, text = self.backups.export()
        self.show(download(name, text))
        self._say(describe.exported(name))

    # Import -------------------------------------------------------------------------------

    def chosen(self, read: object) -> None:
        """A file chosen to import, as the page read it (its ``import-file`` message): ``{"text":
        ...}``, or ``{"error": "too-large"}`` (over ``data-max-bytes``) or ``{"error": "unreadable"}``."""
        match read:
            case {"text": str(text)}:
                self._read(text)
            case {"error": "too-large"}:
                self._say(describe.BACKUP_TOO_LARGE, error=True)
            case {"error": "unreadable"}:
                self._say(describe.BACKUP_UNREADABLE, error=True)
            case _:
                raise ValueError(f"not a file read: {read!r}")

    def _read(self, text: str) -> None:
        try:
            contents = self.backups.read(text)
        except BackupError as error:
            self._say(str(error), error=True)
            return
        self.state.importing = contents
        self._say("")
        self.importing.open(import_question(contents))

    def _import(self) -> None:
        contents, self.state.importing = self.state.importing, None
        self.importing.close()
        if contents is not None:
            words = describe.imported(contents)
            self._say(words)
            self.backups.restore(contents)
            self.adopted(words)

    def _cancel_import(self) -> None:
        self.importing.close()
        self.import_closed()

    def import_closed(self) -> None:
        """The import's dialog closed by Escape or Keep my stats: the file chosen is not imported."""
        self.importing.closed()
        if self.state.importing is not None:
            self.state.importing = None
            self._say(describe.IMPORT_CANCELLED)

    # Reset --------------------------------------------------------------------------------

    def _reset(self) -> None:
        self.resetting.close()
        self._say(describe.RESET_DONE)
        self.backups.reset()
        self.adopted(describe.RESET_DONE)
