"""The browser layer: the only code that touches ``pyscript``, ``js`` and the DOM.

It applies what :mod:`royal.view` draws of the engine's state and hands the page's messages on;
every rule lives in the engine and every sentence in :mod:`royal.describe`.
:mod:`~royal.web.main` boots the game; :mod:`~royal.web.app` builds the views, sends what the
player does to the game to :mod:`royal.table` as messages and applies its replies, and draws
the page; the page sends every event as a message (static/view.js, static/drag.js) and
:mod:`~royal.web.routes` says which view takes each kind; :mod:`~royal.web.other_tabs` follows
the other tabs; :mod:`~royal.web.drawing` gathers what a message draws into the one patch that answers it,
with the words and sounds heard with it, and keeps the notices and Share;
:mod:`~royal.web.page` is the browser's side of that one call; :mod:`~royal.web.board` works out the
line's changes; :mod:`~royal.web.replay_view`, :mod:`~royal.web.records_view`,
:mod:`~royal.web.backup_view`, :mod:`~royal.web.settings_view`,
:mod:`~royal.web.calendar_view`, :mod:`~royal.web.achievements_view`,
:mod:`~royal.web.review_view`, :mod:`~royal.web.finish_view` and :mod:`~royal.web.chance_view`
hold what the page's regions do (a dialog opens and closes through :mod:`~royal.web.modal`);
:mod:`~royal.web.persistence` asks the browser to keep the data;
:mod:`~royal.web.local_storage` adapts localStorage to :class:`~royal.storage.Storage`;
:mod:`~royal.web.dom` runs each of the page's messages under the stale check, in turn with
every other tab.
"""
