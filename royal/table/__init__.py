"""The page's own state of play and its update (issue 27): what the player has selected and
what the page is asking, and what each of the player's actions on the game does to them and to
the session, as plain Python tested under CPython.

:mod:`~royal.table.messages` names what the player did, :mod:`~royal.table.choice` holds the
card selected and the hint on show, :mod:`~royal.table.reply` what an action asks the page to
do (words, a sound, a question, what to draw) and :mod:`~royal.table.play` turns each message
into the session's calls and that reply. ``royal/web/`` turns events into messages and applies
the replies; it decides nothing of its own.
"""
