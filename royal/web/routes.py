"""Where each of the page's messages goes (static/view.js sends them, ``[kind, what]``;
:data:`royal.table.messages.PAGE_MESSAGES` lists the kinds): the game's own become the game's
messages (``from_page`` checks them), the rest go to the view that keeps what they change (a
panel, a dialog closed by Escape, the backup, the other tabs, a timer or a paint waited for).
One table, so that what a kind does is found in one place and the App checks it handles every
kind as it starts."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from royal.table import messages as m
from royal.table.play import LINK_DIALOG, LOSS_DIALOG

if TYPE_CHECKING:
    from royal.web.app import App

Route = Callable[[Any], None]


def routes(app: App) -> dict[str, Route]:
    """Each kind of message the page sends, and what ``app`` does with its value."""
    page, backup = app.page, app.backup
    game: dict[str, Route] = {kind: _to_game(app, kind) for kind in m.GAME_KINDS}
    plain: dict[str, Callable[[], None]] = {
        "share": app.share,
        "settings-open": app.settings.modal.open,
        "settings-close": app.settings.modal.close,
        "replay-open": app.show_replay,
        "review-open": app.show_review,
        "calendar-open": lambda: app.calendar.open(app.session.today()),
        "calendar-close": app.calendar.modal.close,
        "achievements-open": lambda: app.achievements.open(app.session.stats, app.session.today()),
        "achievements-close": app.achievements.modal.close,
        "finish": app.finish.start,
        "storage": app.tabs.storage,
        "pagehide": app.session.save,  # the last moment to save (the page sends it at once)
        "restored": app.tabs.restored,
        **backup.actions,
    }
    # A dialog closed by Escape: what its id's closing means.
    closed: dict[str, Callable[[], None]] = {
        LOSS_DIALOG: lambda: app.act(m.Stay()),
        LINK_DIALOG: lambda: app.act(m.KeepGame()),
        backup.importing.id: backup.import_closed,
        **{
            modal.id: modal.closed
            for modal in (backup.resetting, app.settings.modal, app.calendar.modal, app.achievements.modal)
        },
    }
    # A timer due, by name (royal/view/timing.py).
    timers: dict[str, Callable[[], None]] = {
        "tick": app.tick,
        "replay": app.replay.tick,
        "review": app.review.judge,
        "finish": app.finish.step,
    }
    # A drawing painted, by what waited for it.
    painted: dict[str, Callable[[], None]] = {
        "keep-data": app.keep_data.ask,
        "keep-table": app.kept_table.write,
        "chance": app.chance.weigh,
        "calendar": app.calendar.search_step,
        "finish": app.finish.weigh,
    }
    return {
        **game,
        "timer": lambda name: timers[str(name)](),
        "painted": lambda name: painted[str(name)](),
        "shared": lambda took: page.shared(bool(took)),
        **{kind: _ignoring_value(action) for kind, action in plain.items()},
        "closed": lambda dialog: closed[str(dialog)](),
        "change": lambda changed: _changed(app, str(changed[0]), bool(changed[1])),
        "import-file": backup.chosen,
        "visible": lambda what: app.tabs.visible(bool(what["shown"]), float(what["ago"]) / 1000),
        "saved": lambda refused: app.session.storage.settle(_refused(refused)),
        "replay": app.replay.key,
        "review": app.review.key,
        "review-go": app.review.button,
        "review-move": app.review.to_move,
        "calendar": app.calendar.key,
        "calendar-day": app.calendar.choose,
        "calendar-turn": app.calendar.turn,
        "calendar-play": app.calendar.play,
        "dismiss": page.dismiss,
    }


def _changed(app: App, control: str, checked: bool) -> None:
    """A box or a choice changed: what is drawn next sets the boxes' state again (the player has
    touched one), and the setting it names, if any, changes."""
    app.page.drawn.touched()
    app.settings.changed(control, checked)


def _text(value: Any) -> str | None:
    if value is not None and not isinstance(value, str):
        raise TypeError(f"a record's text, or null: {value!r}")
    return value


def _refused(writes: list[Any]) -> list[tuple[str, str | None, str | None]]:
    """The writes the page could not make, each ``[key, text or null, text stored or null]``."""
    return [(str(key), _text(value), _text(stored)) for key, value, stored in writes]


def _to_game(app: App, kind: str) -> Route:
    return lambda what: app.act(m.from_page(kind, what))


def _ignoring_value(action: Callable[[], None]) -> Route:
    """``action`` as the route of a message whose value says nothing (a button's with no ``data-arg``)."""
    return lambda what: action()
