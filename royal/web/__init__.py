"""The browser layer: the only code that touches ``pyscript``, ``js`` and the DOM.

It applies what :mod:`royal.view` draws of the engine's state and turns clicks and keys into
engine calls; every rule lives in the engine and every sentence in :mod:`royal.describe`.
:mod:`~royal.web.main` boots the game; :mod:`~royal.web.app` builds the views, wires every
entry point, sends what the player does to the game to :mod:`royal.table` as messages and
applies its replies, and draws the page; :mod:`~royal.web.other_tabs` follows the other tabs;
:mod:`~royal.web.page` applies each drawing in one call, with
the words and sounds heard with it, and owns the page-wide events, notices and Share;
:mod:`~royal.web.board` works out the line's changes (the page drags a card itself,
static/drag.js, and takes key presses by :mod:`royal.shortcuts`' key map, sending their
messages); :mod:`~royal.web.replay_view`, :mod:`~royal.web.records_view`,
:mod:`~royal.web.backup_view`, :mod:`~royal.web.settings_view`, :mod:`~royal.web.end_panel`,
:mod:`~royal.web.calendar_view`, :mod:`~royal.web.achievements_view`,
:mod:`~royal.web.review_view`, :mod:`~royal.web.finish_view`, :mod:`~royal.web.chance_view` and
:mod:`~royal.web.dialogs` (the answers to the questions :mod:`royal.table`
asks) hold what the page's regions do (a dialog opens and closes through
:mod:`~royal.web.modal`), and :mod:`~royal.web.opener` gives
the focus back to the button a panel opened from; :mod:`~royal.web.persistence` asks the
browser to keep the data; :mod:`~royal.web.local_storage` adapts localStorage to
:class:`~royal.storage.Storage`; :mod:`~royal.web.dom` holds the DOM helpers and the one way
to listen to the page, which runs every handler under the stale check.
"""
