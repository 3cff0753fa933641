"""Firefox with DOM storage turned off (`dom.storage.enabled` false): `window.localStorage` is
null there, which Pyodide hands over as `jsnull`, not `None` (issue 26, item 2). The game must
start, say once that nothing is kept, and play. A browser of its own, since the pref holds for
the whole session (see webdrivers.py for how Firefox is started)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from royal.describe import NO_STORAGE
from royal.game import Game
from webdrivers import EngineSession, launch

pytestmark = pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")


@pytest.fixture
def firefox() -> Iterator[EngineSession]:
    session = launch("firefox", {"dom.storage.enabled": False})
    try:
        yield session
    finally:
        session.close()


def test_firefox_with_storage_turned_off_plays_in_memory_and_says_so(firefox: EngineSession, site) -> None:
    firefox.open(f"{site.url}?deal=5")
    assert firefox.driver.execute_script("return window.localStorage") is None  # the pref holds
    notices = "return [...document.querySelectorAll('#notices .notice p')].map(p => p.textContent)"
    assert firefox.driver.execute_script(notices) == [NO_STORAGE]
    game = Game.numbered(5)
    assert firefox.line() == list(game.line.cards)
    move = game.legal_moves()[0]
    game.play(move, 0)
    firefox.click_move(move, game.line.cards)
    assert firefox.field("moves") == "1"
    assert not firefox.page_errors() and not firefox.take_foreign()
