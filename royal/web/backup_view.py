"""Export, import and reset of the stats: the buttons and file input in the stats panel and
the two dialogs that ask first (each an open ``<dialog>`` with ``data-confirm`` and
``data-cancel`` buttons). The file's format and checks live in :mod:`royal.backup`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from js import Object
from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from royal import describe
from royal.backup import MAX_CHARS, Backup, BackupError
from royal.session import Session
from royal.web.dom import listen, within


class BackupView:
    """Wires the backup controls in ``panel`` (the stats panel) and the two dialogs to
    ``session``; ``on_change(words)`` redraws after a change."""

    def __init__(
        self,
        session: Session,
        panel: Any,
        import_dialog: Any,
        reset_dialog: Any,
        on_change: Callable[[str], None],
    ) -> None:
        self.session = session
        self.on_change = on_change
        self.pending: Backup | None = None
        self.status = within(panel, "backup-status")
        self.file_input = within(panel, "import-stats")
        self.import_dialog = import_dialog
        self.import_text = within(import_dialog, "import-dialog-text")
        self.reset_dialog = reset_dialog
        within(import_dialog, "import-dialog-heading").textContent = describe.IMPORT_QUESTION
        within(reset_dialog, "reset-dialog-heading").textContent = describe.RESET_QUESTION
        within(reset_dialog, "reset-dialog-text").textContent = describe.RESET_TEXT
        for target, name, handler in (
            (within(panel, "export-stats"), "click", lambda event: self.export()),
            (self.file_input, "change", self._chosen),
            (within(import_dialog, "import-confirm"), "click", lambda event: self._import()),
            (within(import_dialog, "import-cancel"), "click", lambda event: import_dialog.close()),
            (import_dialog, "close", lambda event: self._import_closed()),
            (within(panel, "reset-stats"), "click", lambda event: reset_dialog.showModal()),
            (within(reset_dialog, "reset-confirm"), "click", lambda event: self._reset()),
            (within(reset_dialog, "reset-cancel"), "click", lambda event: reset_dialog.close()),
        ):
            listen(target, name, handler)

    def _say(self, words: str, error: bool = False) -> None:
        self.status.textContent = words
        self.status.classList.toggle("error", error)

    # Export -------------------------------------------------------------------------------

    def export(self) -> None:
        """Download the backup file (through a Blob URL, so nothing leaves the browser)."""
        name, text = self.session.backup.export()
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

    def _chosen(self, event: Any) -> None:
        files = self.file_input.files
        if not files or files.length == 0:
            return
        chosen = files.item(0)
        self.file_input.value = ""  # choosing the same file again is a new choice
        if chosen.size > MAX_CHARS * 4:  # UTF-8 takes at most 4 bytes a character
            self._refuse(BackupError(describe.BACKUP_TOO_LARGE))
            return
        chosen.text().then(
            create_once_callable(self._read),
            create_once_callable(lambda error: self._refuse(BackupError(describe.BACKUP_UNREADABLE))),
        )

    def _read(self, text: Any) -> None:
        try:
            contents = self.session.backup.read(str(text))
        except BackupError as error:
            self._refuse(error)
            return
        self.pending = contents
        self.import_text.textContent = describe.backup_contents(contents)
        self._say("")
        self.import_dialog.showModal()

    def _refuse(self, error: BackupError) -> None:
        self._say(str(error), error=True)

    def _import(self) -> None:
        contents, self.pending = self.pending, None
        self.import_dialog.close()
        if contents is not None:
            self.session.backup.restore(contents)
            words = describe.imported(contents)
            self._say(words)
            self.on_change(words)

    def _import_closed(self) -> None:
        """Cancel, Escape, or the dialog closed after importing."""
        if self.pending is not None:
            self.pending = None
            self._say(describe.IMPORT_CANCELLED)

    # Reset --------------------------------------------------------------------------------

    def _reset(self) -> None:
        self.reset_dialog.close()
        self.session.backup.reset()
        self._say(describe.RESET_DONE)
        self.on_change(describe.RESET_DONE)
