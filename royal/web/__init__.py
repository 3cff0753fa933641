"""The browser layer: the only code that touches ``pyscript``, ``js`` and the DOM.

It renders the engine's state and turns clicks and keys into engine calls; every rule lives
in the engine. Roles are split like the classic 2048 game: :mod:`~royal.web.local_storage`
(storage adapter), :mod:`~royal.web.board` (the line of cards), :mod:`~royal.web.page`
(fields, buttons, stats and messages), :mod:`~royal.web.keys` (keyboard input) and
:mod:`~royal.web.app` (wires them to the session).
"""
