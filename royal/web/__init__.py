"""The page layer: the game in the browser page, and the only code that touches ``pyscript``,
``js`` and the DOM, in one module (:mod:`~royal.web.main`, which starts the game in PyScript's
worker or on the page); the rest is plain Python.

It applies what :mod:`royal.view` draws of the engine's state and answers the page's messages;
every rule lives in the engine and every sentence in :mod:`royal.describe`.
:mod:`~royal.web.main` hands the page the one function it calls, :mod:`~royal.web.answers`'s,
which answers each message with the writes to make in the page's storage (the page reads and
writes it, never Python) and what to draw; the first message, ``start``, begins the game;
:mod:`~royal.web.app` builds the views, answers each of the page's messages (static/view.js,
static/drag.js) with what it drew, sends what the player does to the game to :mod:`royal.table`
as messages and applies its replies, and draws the page; :mod:`~royal.web.routes` says which
view takes each kind of message; :mod:`~royal.web.other_tabs` follows the other tabs;
:mod:`~royal.web.drawing` gathers what a message draws into the one patch that answers it, with
the words and sounds heard with it, and keeps the notices and Share; :mod:`royal.view.board`
works out the line's changes;
:mod:`~royal.web.replay_view`, :mod:`~royal.web.records_view`, :mod:`~royal.web.backup_view`,
:mod:`~royal.web.settings_view`, :mod:`~royal.web.calendar_view`,
:mod:`~royal.web.achievements_view`, :mod:`~royal.web.review_view`,
:mod:`~royal.web.finish_view` and :mod:`~royal.web.chance_view` hold what the page's regions do
(a dialog opens and closes through :mod:`~royal.web.modal`); :mod:`~royal.web.persistence` asks
the browser to keep the data; :mod:`~royal.web.kept_table` keeps the table the next visit draws
before Python.
"""
