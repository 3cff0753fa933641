"""The page's messages (static/view.js): every control the page shows names a message the
game's Python handles (royal.table.messages.PAGE_MESSAGES, which royal/web/app.py checks its
handlers against as it starts), so a click is one message and no button needs a listener of
its own."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from unittest.mock import MagicMock

import pytest
from hypothesis import given
from hypothesis import strategies as st

from royal.shortcuts import KEY_MAP
from royal.table import messages as m
from royal.table.messages import PAGE_MESSAGES, PRESSES
from royal.web.routes import routes

ROOT = Path(__file__).resolve().parent.parent
#: The one button the boot script handles itself: it reloads the page into a new version.
BOOT_SCRIPT_BUTTONS = {"update-reload"}


class Controls(HTMLParser):
    """The attributes of each button, and of <body>, in a page."""

    def __init__(self) -> None:
        super().__init__()
        self.buttons: list[dict[str, str | None]] = []
        self.body: dict[str, str | None] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "button":
            self.buttons.append(dict(attrs))
        elif tag == "body":
            self.body = dict(attrs)


def page_controls() -> Controls:
    parser = Controls()
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    return parser


def test_every_button_of_the_page_names_a_message_the_game_handles() -> None:
    controls = page_controls()
    assert len(controls.buttons) > 40
    for button in controls.buttons:
        if button["id"] in BOOT_SCRIPT_BUTTONS:
            assert "data-act" not in button
            continue
        assert button.get("data-act") in PAGE_MESSAGES, button
        if button["data-act"] == "press":
            assert button.get("data-arg") in PRESSES, button


def test_the_game_buttons_and_their_twins_on_the_end_panel_press_the_same_action() -> None:
    pressed = {b["id"]: b.get("data-arg") for b in page_controls().buttons if b.get("data-act") == "press"}
    for action in PRESSES - {"cancel"}:
        assert pressed[action] == action  # each toolbar button is named by its action
    assert pressed["result-undo"] == "undo"
    assert pressed["result-restart"] == "restart"
    assert pressed["result-new"] == "new-game"


def test_a_click_on_nothing_in_particular_drops_the_selection() -> None:
    body = page_controls().body
    assert (body.get("data-act"), body.get("data-arg")) == ("press", "cancel")


def test_the_dont_ask_box_travels_with_the_answer_to_the_loss_question() -> None:
    (confirm,) = [b for b in page_controls().buttons if b["id"] == "loss-confirm"]
    assert confirm["data-act"] == "leave"
    assert confirm["data-arg-checked"] == "loss-dont-ask"


def test_the_line_s_cards_and_stock_name_their_messages() -> None:
    """static/line.js builds them: a card picks itself, the stock deals."""
    script = (ROOT / "static" / "line.js").read_text(encoding="utf-8")
    acts = re.findall(r'dataset\.act = "([a-z-]+)"', script)
    args = re.findall(r'dataset\.arg = "([a-z-]+)"', script)
    assert acts == ["pick", "press"]
    assert args == ["deal-card"]
    assert set(acts) <= PAGE_MESSAGES and set(args) <= PRESSES


def test_every_key_sends_a_message_the_game_handles_or_the_page_keeps() -> None:
    kinds = {message[0] for group in KEY_MAP.values() for message in group.keys.values()}
    assert kinds - PAGE_MESSAGES == {"line"}  # the arrows along the line: static/line.js


@pytest.mark.parametrize(
    ("kind", "what", "message"),
    [
        ("press", "undo", m.Press("undo")),
        ("pick", "QH", m.Pick("QH")),
        ("drag", "7H", m.DragStart("7H")),
        ("drop", ["7H", "QH"], m.Drop("7H", "QH")),
        ("drop", ["7H", None], m.Drop("7H", None)),
        ("leave", True, m.Leave(True)),
        ("stay", None, m.Stay()),
        ("open-link", None, m.OpenLink()),
        ("keep-game", None, m.KeepGame()),
    ],
)
def test_the_game_s_messages_are_made_from_the_page_s(kind: str, what: object, message: m.Message) -> None:
    assert kind in m.GAME_KINDS <= PAGE_MESSAGES
    assert m.from_page(kind, what) == message


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3),
    max_leaves=6,
)


@given(st.sampled_from(sorted(PAGE_MESSAGES | {"", "eval"})), JSON)
def test_a_message_of_the_wrong_shape_is_refused_never_guessed(kind: str, what: object) -> None:
    """What the page sends is data: a value of another shape (a number for a card, a card for
    a yes) is a ValueError, not a message made of it."""
    try:
        message = m.from_page(kind, what)
    except ValueError:
        return
    assert kind in m.GAME_KINDS
    assert isinstance(
        message, m.Pick | m.DragStart | m.Drop | m.Press | m.Leave | m.Stay | m.OpenLink | m.KeepGame
    )


def test_the_file_input_names_the_message_its_file_comes_read_in() -> None:
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    found = re.search(r'<input type="file" id="import-stats" data-act="([a-z-]+)"', page)
    assert found is not None and found.group(1) in PAGE_MESSAGES


def test_every_kind_the_page_sends_has_one_route_and_reaches_what_it_names() -> None:
    """royal/web/routes.py under CPython, over a stand-in for the App: every kind routed, and a
    few followed to the call they make."""
    app = MagicMock()
    backup = ("export", "import-confirm", "import-cancel", "reset", "reset-confirm", "reset-cancel")
    app.backup.actions = {name: getattr(app.backup, name.replace("-", "_")) for name in backup}
    dialogs = {
        "import-dialog": app.backup.importing,
        "reset-dialog": app.backup.resetting,
        "settings-dialog": app.settings.modal,
        "calendar": app.calendar.modal,
        "achievements": app.achievements.modal,
    }
    for dialog_id, modal in dialogs.items():
        modal.id = dialog_id  # each Modal knows its dialog
    table = routes(app)
    assert set(table) == PAGE_MESSAGES
    table["pick"]("QH")
    app.act.assert_called_with(m.Pick("QH"))
    table["closed"]("loss-dialog")  # Escape on the question before a loss: No
    app.act.assert_called_with(m.Stay())
    table["closed"]("link-dialog")
    app.act.assert_called_with(m.KeepGame())
    table["closed"]("calendar")
    app.calendar.modal.closed.assert_called_once_with()
    table["change"](["sound", True])
    app.settings.changed.assert_called_once_with("sound", True)
    table["visible"]({"shown": False, "ago": 1500})
    app.tabs.visible.assert_called_once_with(False, 1.5)
    table["import-file"]({"text": "{}"})
    app.backup.chosen.assert_called_once_with({"text": "{}"})
    table["export"](None)
    app.backup.export.assert_called_once_with()
    with pytest.raises(KeyError):
        table["closed"]("no-such-dialog")
    with pytest.raises(ValueError):
        table["pick"](7)
