"""The page's views that keep no browser object (royal/web/, all but the four modules that touch
the browser): what each asks the page to do, as effects, under CPython."""

from __future__ import annotations

from unittest.mock import MagicMock

import pytest

from royal import describe
from royal.deals import numbered_deal
from royal.replay import Replay
from royal.solver import solve
from royal.table.state import PageState
from royal.view.html import Effect, Patch
from royal.view.timing import after_paint, timer
from royal.web.backup_view import BackupView
from royal.web.persistence import KeepData
from royal.web.replay_view import STEP_MS, ReplayView
from royal.web.settings_view import SettingsView


class Shown:
    """A stand-in for the page's ``show``: the patches asked for, in order."""

    def __init__(self) -> None:
        self.patches: list[Patch] = []

    def __call__(self, patch: Patch) -> None:
        self.patches.append(patch)

    def effects(self, name: str) -> list[object]:
        return [effect.data for patch in self.patches for effect in patch.effects if effect.name == name]


def test_a_timer_and_a_paint_waited_for_are_effects_the_page_keeps() -> None:
    assert timer("tick", 500, repeat=True).effects == (Effect("timer", ["tick", 500, True]),)
    assert timer("replay", None).effects == (Effect("timer", ["replay", None, False]),)
    assert after_paint("chance").effects == (Effect("after-paint", "chance"),)


def test_the_replay_plays_by_its_timer_and_a_tick_after_a_pause_does_nothing() -> None:
    cards = numbered_deal(7)
    shown, drawn = Shown(), []
    view = ReplayView(PageState(), shown, lambda: drawn.append(1), lambda: None)
    replay = Replay(cards, solve(cards), False)
    view.show(replay)
    assert view.replay is replay and replay.position == 0
    view.toggle()  # Play
    assert shown.effects("timer") == [["replay", STEP_MS, True]]
    view.tick()
    assert replay.position == 1
    view.toggle()  # Pause: the timer stops
    assert shown.effects("timer")[-1] == ["replay", None, False]
    view.tick()  # one already on its way
    assert replay.position == 1
    view.close(notify=False)
    assert view.replay is None


def test_the_settings_hear_only_the_controls_that_are_settings() -> None:
    changes: list[tuple[str, object]] = []
    view = SettingsView(PageState(), Shown(), lambda name, value: changes.append((name, value)))
    view.changed("large-cards", True)
    view.changed("theme-dark", True)
    view.changed("theme-light", False)  # a radio turned off changes nothing
    view.changed("loss-dont-ask", True)  # a box of a question, not a setting
    assert changes == [("large_cards", True), ("theme", "dark")]


def test_a_file_read_by_the_page_is_imported_or_refused_in_words() -> None:
    shown = Shown()
    view = BackupView(PageState(), MagicMock(), lambda words: None, shown)
    view.chosen({"error": "too-large"})
    view.chosen({"error": "unreadable"})
    statuses = [patch.regions["backup-status"] for patch in shown.patches if "backup-status" in patch.regions]
    assert [region.children for region in statuses] == [
        (describe.BACKUP_TOO_LARGE,),
        (describe.BACKUP_UNREADABLE,),
    ]
    with pytest.raises(ValueError):  # a file read of the wrong shape
        view.chosen({"text": 7})


def test_the_browser_is_asked_to_keep_the_data_once() -> None:
    shown = Shown()
    keep = KeepData(PageState(), shown)
    keep.ask()
    keep.ask()
    assert shown.effects("persist") == [None]
