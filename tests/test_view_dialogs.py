"""The dialogs and notices as descriptions (royal/view/dialogs.py): a dialog opened or closed,
the words of each question, the backup's status line and file, the notices and their Dismiss."""

import datetime as dt
import json

from royal import describe
from royal.backup import Backup
from royal.describe import Notice
from royal.stats import Stats
from royal.view.dialogs import (
    BACKUP_TYPE,
    backup_questions,
    backup_status,
    download,
    import_question,
    loss_question,
    modal,
    notices,
)
from royal.view.html import Element


def test_a_dialog_opens_and_closes_as_an_effect_after_its_words_are_drawn() -> None:
    assert json.loads(modal("loss-dialog").to_json()) == {"r": {}, "x": [["modal", ["loss-dialog", True]]]}
    assert modal("calendar", False).effect("modal") == ["calendar", False]


def test_each_leave_question_names_its_action_and_warns_of_the_loss_with_the_box_unticked() -> None:
    for action, (heading, confirm) in describe.LEAVE_QUESTIONS.items():
        drawn = loss_question(action)
        assert drawn.regions["loss-dialog-heading"].text() == heading
        assert drawn.regions["loss-confirm"].text() == confirm
        assert drawn.regions["loss-dialog-text"].text() == describe.LOSS_WARNING
        assert drawn.regions["loss-dont-ask"].properties == (("checked", False),)


def test_the_backup_asks_in_its_own_words_and_says_what_a_file_holds() -> None:
    asked = backup_questions()
    assert asked.regions["import-dialog-heading"].text() == describe.IMPORT_QUESTION
    assert asked.regions["reset-dialog-heading"].text() == describe.RESET_QUESTION
    assert asked.regions["reset-dialog-text"].text() == describe.RESET_TEXT
    contents = Backup(dt.date(2026, 12, 3), Stats(), None, None)
    assert import_question(contents).regions["import-dialog-text"].text() == describe.backup_contents(
        contents
    )


def test_the_status_line_marks_an_error_and_clears_when_empty() -> None:
    failed = backup_status("That file is not a backup.", error=True).regions["backup-status"]
    assert failed.text() == "That file is not a backup." and failed.attribute("data-error") == ""
    done = backup_status(describe.RESET_DONE).regions["backup-status"]
    assert done.text() == describe.RESET_DONE and done.attribute("data-error") is None
    assert backup_status("").regions["backup-status"].text() == ""


def test_a_backup_is_saved_by_the_browser_under_its_name() -> None:
    saved = download("royal-marriage-stats.json", '{"a": 1}').effect("download")
    assert saved == {"name": "royal-marriage-stats.json", "text": '{"a": 1}', "type": BACKUP_TYPE}


def test_notices_are_listed_oldest_first_each_with_a_dismiss_that_names_it() -> None:
    shown = [(3, Notice("Your game could not be read.")), (7, Notice("Saved again.", warning=False))]
    boxes = notices(shown).regions["notices"].children or ()
    assert all(isinstance(box, Element) for box in boxes)
    first, second = (box for box in boxes if isinstance(box, Element))
    assert (first.key, first.attribute("class"), first.attribute("role")) == ("3", "notice warning", "alert")
    assert (second.key, second.attribute("class"), second.attribute("role")) == ("7", "notice", "status")
    assert first.text() == "Your game could not be read." + describe.DISMISS
    dismiss = first.children[1]
    assert isinstance(dismiss, Element)
    assert dismiss.attribute("data-act") == "dismiss" and dismiss.attribute("data-arg") == "3"
    assert dismiss.attribute("aria-label") == describe.DISMISS_LABEL
    assert notices([]).regions["notices"].children == ()
