"""Export, import and reset of the stats: the buttons and file input in the stats panel and
the two dialogs that ask first (each an open ``<dialog>`` with ``data-confirm`` and
``data-cancel`` buttons). The file's format and checks live in :mod:`royal.backup`; what it
changes, the App asks of the session."""

from __future__ import annotations

from typing import Any, Protocol

from js import Object
from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from royal import describe
from royal.backup import MAX_CHARS, Backup, BackupError
from royal.web.dom import listen, on_click, within


class Backups(Protocol):
    """What the backup controls ask of the game (the App, which makes every session call)."""

    def export_stats(self) -> tuple[str, str]:
        """The backup file's name and text."""

    def read_backup(self, text: str) -> Backup:
        """A file's contents, checked (BackupError if they cannot be imported)."""

    def import_stats(self, contents: Backup, words: str) -> None:
        """Replace the stats (and the game, if the file holds one); ``words`` say so."""

    def reset_stats(self, words: str) -> None:
        """Clear the stats; ``words`` say so."""


class BackupView:
    """Wires the backup controls in ``panel`` (the stats panel) and the two dialogs to
    ``backups``."""

    def __init__(self, backups: Backups, panel: Any, import_dialog: Any, reset_dialog: Any) -> None:
        self.backups = backups
        self.pending: Backup | None = None
        self.status = within(panel, "backup-status")
        self.file_input = within(panel, "import-stats")
        self.import_dialog = import_dialog
        self.import_text = within(import_dialog, "import-dialog-text")
        self.reset_dialog = reset_dialog
        within(import_dialog, "import-dialog-heading").textContent = describe.IMPORT_QUESTION
        within(reset_dialog, "reset-dialog-heading").textContent = describe.RESET_QUESTION
        within(reset_dialog, "reset-dialog-text").textContent = describe.RESET_TEXT
        on_click(within(panel, "export-stats"), self.export)
        listen(self.file_input, "change", lambda event: self._chosen())
        on_click(within(import_dialog, "import-confirm"), self._import)
        on_click(within(import_dialog, "import-cancel"), import_dialog.close)
        listen(import_dialog, "close", lambda event: self._import_closed())
        on_click(within(panel, "reset-stats"), reset_dialog.showModal)
        on_click(within(reset_dialog, "reset-confirm"), self._reset)
        on_click(within(reset_dialog, "reset-cancel"), reset_dialog.close)

    def _say(self, words: str, error: bool = False) -> None:
        self.status.textContent = words
        self.status.classList.toggle("error", error)

    # Export -------------------------------------------------------------------------------

    def export(self) -> None:
        """Download the backup file (through a Blob URL, so nothing leaves the browser)."""
        name, text = self.backups.export_stats()
        blob = window.Blob.new(
            to_js([text]), to_js({"type": "application/json"}, dict_converter=Object.fromEntries)
        )
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = name
        link.hidden = True
        document.body.append(link)
        link.click()
        link.remove()
        window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 10_000)
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
            create_once_callable(self._read),
            create_once_callable(lambda error: self._say(describe.BACKUP_UNREADABLE, error=True)),
        )

    def _read(self, text: Any) -> None:
        try:
            contents = self.backups.read_backup(str(text))
        except BackupError as error:
            self._say(str(error), error=True)
            return
        self.pending = contents
        self.import_text.textContent = describe.backup_contents(contents)
        self._say("")
        self.import_dialog.showModal()

    def _import(self) -> None:
        contents, self.pending = self.pending, None
        self.import_dialog.close()
        if contents is not None:
            words = describe.imported(contents)
            self._say(words)
            self.backups.import_stats(contents, words)

    def _import_closed(self) -> None:
        """Cancel, Escape, or the dialog closed after importing."""
        if self.pending is not None:
            self.pending = None
            self._say(describe.IMPORT_CANCELLED)

    # Reset --------------------------------------------------------------------------------

    def _reset(self) -> None:
        self.reset_dialog.close()
        self._say(describe.RESET_DONE)
        self.backups.reset_stats(describe.RESET_DONE)
