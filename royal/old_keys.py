"""What older builds kept under keys of their own, carried into today's records once.

Before the settings had a record of their own, the lost-game warning choice was kept under
its own key as ``"on"`` or ``"off"`` (docs/saves.md, "What is kept, and when").
"""

from __future__ import annotations

from royal import saves
from royal.settings import Settings
from royal.storage import GuardedStorage
from royal.storage_keys import SETTINGS_KEY, WARN_KEY


def settings_from_warn_key(storage: GuardedStorage) -> Settings:
    """The settings of a player who has no settings record: the defaults, with the old warning
    choice carried into a settings record and its key removed, if there is one."""
    old = storage.get(WARN_KEY)
    settings = Settings(warn_lost=old == "on")
    if old is not None:
        storage.set(SETTINGS_KEY, saves.dump_settings(settings))
        # Written in memory if the storage refused: then the old key stays where it was,
        # and the choice is carried over on a later visit.
        storage.remove(WARN_KEY)
    return settings
