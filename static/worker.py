"""The game's start in PyScript's worker (static/python.js starts the worker with this file)."""

from royal.web.main import start_in_worker

start_in_worker()
