"""Export, import and reset of the stats: the buttons and file input in the stats panel and
the two dialogs that ask first (modal ``<dialog>``s, royal/web/modal.py). The file's format and
checks live in :mod:`royal.backup`, its words and the status line in royal/view/dialogs.py;
what it changes, the session's backup actions do."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_once_callable

from royal import describe
from royal.backup import MAX_CHARS, Backup, BackupError
from royal.backup_actions import BackupActions
from royal.view.dialogs import backup_questions, backup_status, download, import_question
from royal.view.html import Patch
from royal.web.dom import in_turn, listen, within
from royal.web.modal import Modal


class BackupView:
    """Wires the backup controls in ``panel`` (the stats panel) and the two dialogs to the
    session's ``backups``; ``adopted(words)`` has the page drop what it offered for the game
    and stats replaced and say ``words``; ``show(patch)`` draws with the page's next drawing."""

    def __init__(
        self,
        backups: BackupActions,
        adopted: Callable[[str], None],
        show: Callable[[Patch], None],
        panel: Any,
        import_dialog: Any,
        reset_dialog: Any,
    ) -> None:
        self.backups = backups
        self.adopted = adopted
        self.show = show
        self.pending: Backup | None = None
        self.file_input = within(panel, "import-stats")
        self.importing = Modal(import_dialog, show)
        self.resetting = Modal(reset_dialog, show)
        show(backup_questions())
        listen(self.file_input, "change", lambda event: self._chosen())
        listen(import_dialog, "close", lambda event: self._import_closed())
        # The buttons' messages (index.html's data-act), by name.
        self.actions: dict[str, Callable[[], None]] = {
            "export": self.export,
            "import-confirm": self._import,
            "import-cancel": self.importing.close,
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

    def _chosen(self) -> None:
        files = self.file_input.files
        if not files or files.length == 0:
            return
        chosen = files.item(0)
        self.file_input.value = ""  # choosing the same file again is a new choice
        if chosen.size > MAX_CHARS * 4:  # UTF-8 takes at most 4 bytes a character
            self._say(describe.BACKUP_TOO_LARGE, error=True)
            return
        chosen.text().then(
            create_once_callable(lambda text: in_turn(lambda: self._read(str(text)))),
            create_once_callable(lambda error: in_turn(lambda: self._say(describe.BACKUP_UNREADABLE, True))),
        )

    def _read(self, text: str) -> None:
        try:
            contents = self.backups.read(text)
        except BackupError as error:
            self._say(str(error), error=True)
            return
        self.pending = contents
        self._say("")
        self.importing.open(import_question(contents))

    def _import(self) -> None:
        contents, self.pending = self.pending, None
        self.importing.close()
        if contents is not None:
            words = describe.imported(contents)
            self._say(words)
            self.backups.restore(contents)
            self.adopted(words)

    def _import_closed(self) -> None:
        """Cancel, Escape, or the dialog closed after importing."""
        if self.pending is not None:
            self.pending = None
            self._say(describe.IMPORT_CANCELLED)

    # Reset --------------------------------------------------------------------------------

    def _reset(self) -> None:
        self.resetting.close()
        self._say(describe.RESET_DONE)
        self.backups.reset()
        self.adopted(describe.RESET_DONE)
