"""The browser layer: the only code that touches ``pyscript``, ``js`` and the DOM.

It renders the engine's state and turns clicks and keys into engine calls; every rule lives
in the engine and every sentence in :mod:`royal.describe`. :mod:`~royal.web.main` boots the
game; :mod:`~royal.web.app` wires events to the :class:`~royal.session.Session`;
:mod:`~royal.web.page` owns the page's elements and events (fields, buttons, stats, messages,
notices, the dialogs, the settings panel, the address bar); :mod:`~royal.web.board` draws
the line of cards and :mod:`~royal.web.drag` lets a card be dragged onto its partner;
:mod:`~royal.web.keys` reads key presses (named by :mod:`royal.shortcuts`);
:mod:`~royal.web.sound` plays the game's sounds;
:mod:`~royal.web.local_storage` adapts localStorage to :class:`~royal.storage.Storage`.
"""
