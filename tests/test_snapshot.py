"""The snapshot written beside the save, which the page's boot script draws before Python starts.

Whatever game the player makes, the snapshot must pass the boot script's own strict checks
(royal/snapshot.py holds its limits and patterns, and the build writes them into the boot
script: tests/test_boot_script.py), and it must show exactly what the page shows once the
game runs.
"""

from __future__ import annotations

import json
import re

from hypothesis import given, settings
from hypothesis import strategies as st

import helpers
from royal import describe
from royal.cards import is_card
from royal.clock import format_seconds
from royal.deals import MAX_DEAL, numbered_deal
from royal.limits import MAX_SECONDS
from royal.snapshot import (
    FIELD_PATTERNS,
    FIGURE_PATTERN,
    MAX_CHARS,
    STAT_NAME_PATTERN,
    VERSION,
    dump_snapshot,
)
from royal.solver import solve
from royal.storage import MemoryStorage
from royal.storage_keys import SNAPSHOT_KEY

FIELD_FORMS = {name: re.compile(pattern) for name, pattern in FIELD_PATTERNS.items()}
FIGURE = re.compile(FIGURE_PATTERN)
STAT_NAME = re.compile(STAT_NAME_PATTERN)


def snapshot(storage: MemoryStorage) -> dict:  # type: ignore[type-arg]
    text = storage.get(SNAPSHOT_KEY)
    assert text is not None and len(text) <= MAX_CHARS
    return json.loads(text)


def assert_boot_script_accepts(data: dict) -> None:  # type: ignore[type-arg]
    assert data["version"] == VERSION
    cards, stock = data["cards"], data["stock"] or 0
    assert cards[0] == "QH" and len(set(cards)) == len(cards) <= 52 - stock
    assert ("KH" in cards) == (stock == 0) and (cards[-1] == "KH") == (stock == 0)
    assert all(is_card(card) for card in cards)
    assert set(data["fields"]) == set(FIELD_FORMS)
    for name, text in data["fields"].items():
        assert FIELD_FORMS[name].fullmatch(text), (name, text)
    assert int(data["fields"]["cards-left"]) == len(cards)
    for name, text in data["stats"].items():
        assert STAT_NAME.fullmatch(name) and FIGURE.fullmatch(text), (name, text)


def test_the_largest_deal_number_and_the_longest_clock_give_a_snapshot_the_boot_script_accepts() -> None:
    # It once took 10 digits of deal and 6 of minutes: a deal past 10 digits had no board before Python.
    storage, clock = MemoryStorage(), helpers.Time()
    session = helpers.session(storage, clock)
    session.new_game(MAX_DEAL)
    session.play(session.game.line.legal_moves()[0])
    clock.t += 2 * MAX_SECONDS
    session.save()
    data = snapshot(storage)
    assert data["fields"]["deal"] == str(MAX_DEAL)
    assert data["fields"]["time"] == format_seconds(MAX_SECONDS)
    assert_boot_script_accepts(data)


def test_snapshot_shows_what_the_page_shows_after_each_change() -> None:
    storage, clock = MemoryStorage(), helpers.Time()
    session = helpers.session(storage, clock)
    session.new_game(7)
    for move in solve(numbered_deal(7)).moves:
        clock.t += 3
        session.play(move)
        data = snapshot(storage)
        assert data["cards"] == list(session.game.line.cards)
        assert data["fields"] == describe.fields(session.game, clock.now())
        assert data["stats"] == describe.stats_panel(session.stats, clock.today())
    assert snapshot(storage)["stats"]["wins"] == "1", "the win is in the snapshot at once"
    assert_boot_script_accepts(snapshot(storage))


@settings(max_examples=40, deadline=None)
@given(
    deal=st.integers(1, MAX_DEAL),
    actions=st.lists(
        st.sampled_from(["move", "move", "move", "undo", "redo", "hint", "wait", "new"]), max_size=60
    ),
    choices=st.randoms(use_true_random=False),
)
def test_any_game_gives_a_snapshot_the_boot_script_accepts(deal: int, actions: list[str], choices) -> None:  # type: ignore[no-untyped-def]
    storage, clock = MemoryStorage(), helpers.Time()
    session = helpers.session(storage, clock)
    session.new_game(deal)
    for action in actions:
        game = session.game
        if action == "move" and game.outcome is None and game.line.legal_moves():
            session.play(choices.choice(game.line.legal_moves()))
        elif action == "undo" and game.can_undo:
            session.undo()
        elif action == "redo" and game.can_redo:
            session.redo()
        elif action == "hint" and game.outcome is None:
            session.hint()
        elif action == "wait":
            clock.t += 1000
            session.save()
        elif action == "new":
            session.new_game()
        assert_boot_script_accepts(snapshot(storage))
    assert snapshot(storage)["cards"] == list(session.game.line.cards)


def test_a_stock_games_snapshot_holds_what_is_seen_only() -> None:
    storage, clock = MemoryStorage(), helpers.Time()
    session = helpers.session(storage, clock)
    session.change_settings(mode="stock")
    session.new_game(7)
    for _ in range(6):
        session.deal()
    data = snapshot(storage)
    assert data["cards"] == list(session.game.line.cards) and data["stock"] == 45
    assert json.loads(dump_snapshot(["QH", "KH"], {}, {}))["stock"] is None, "the open game has no stock"
    assert data["stats"] == describe.stats_panel(session.stats.of(session.settings.variant), clock.today())
    text = storage.get(SNAPSHOT_KEY) or ""
    assert not any(f'"{card}"' in text for card in numbered_deal(7, stock=True)[7:])
    assert_boot_script_accepts(data)
