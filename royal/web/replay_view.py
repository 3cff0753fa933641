"""The replay of a shortest win on the board: its bar of controls, its timer and its keys.

While it shows, ``body[data-replay]`` is set, the end panel steps aside and the page draws the
replay's own line (from :class:`~royal.replay.Replay`) and position, never the game's: the game,
its save, the stats and the clock are not touched, so closing (or reloading) finds the end
screen as it was. The App draws the bar (royal/view/replay_bar.py) and the board, with
:func:`board_marks`.
"""

from __future__ import annotations

from collections.abc import Callable

from royal.replay import Replay, Steps
from royal.shortcuts import REPLAY
from royal.table.state import PageState
from royal.view.html import Focus, Patch
from royal.view.timing import timer

#: Time between moves while the replay plays.
STEP_MS = 900


class ReplayView:
    """Shows a :class:`Replay` (``state.replay``) with the controls of its bar (``#replay-bar``);
    ``show(patch)`` draws with the page's next drawing, ``on_change()`` draws the page after
    each step, ``on_close()`` runs when the player closes it."""

    def __init__(
        self,
        state: PageState,
        show: Callable[[Patch], None],
        on_change: Callable[[], None],
        on_close: Callable[[], None],
    ) -> None:
        self.state = state
        self.show_with_next = show
        self.on_change = on_change
        self.on_close = on_close

    @property
    def replay(self) -> Replay | None:
        return self.state.replay

    @property
    def open(self) -> bool:
        return self.state.replay is not None

    def show(self, replay: Replay) -> None:
        """Open the replay at the deal's start, paused."""
        self.state.replay = replay
        self.show_with_next(Patch(focus=Focus("replay-bar", "#replay-play", take=True)))
        self._changed(opening=True)

    def close(self, notify: bool = True) -> None:
        """Stop and hide the replay; ``on_close()`` then draws the end screen again (unless
        ``notify`` is false: the caller is about to draw a changed game anyway)."""
        if self.replay is None:
            return
        self._stop()
        self.state.replay = None
        if notify:
            self.on_close()

    def toggle(self) -> None:
        if self.replay is None:
            return
        self.replay.toggle()
        if self.replay.playing:
            self.state.timers.add("replay")
            self.show_with_next(timer("replay", STEP_MS, repeat=True))
        else:
            self._stop()
        self._changed()

    def step(self) -> None:
        if self.replay is not None:
            self.replay.pause()
            self._stop()
            self.replay.step()
            self._changed()

    def back(self) -> None:
        if self.replay is not None:
            self.replay.pause()
            self._stop()
            self.replay.back()
            self._changed()

    def tick(self) -> None:
        """A step while it plays (its timer's message; one that comes after a pause does nothing)."""
        if self.replay is None or not self.replay.playing:
            return
        if not self.replay.step():
            self._stop()
        self._changed()

    def _stop(self) -> None:
        if "replay" in self.state.timers:
            self.state.timers.discard("replay")
            self.show_with_next(timer("replay", None))

    def _changed(self, opening: bool = False) -> None:
        replay = self.replay
        if replay is None:
            return
        if not replay.playing:
            self._stop()
        self.state.replay_opening = opening
        self.on_change()

    def key(self, name: str) -> None:
        """A replay key (royal/shortcuts.py's ``REPLAY``) or button of its bar (index.html's
        ``data-arg``) names one of its controls."""
        if name not in REPLAY.values():
            raise ValueError(f"no replay control {name!r}")
        action: Callable[[], None] = getattr(self, name)
        action()


def board_marks(replay: Steps) -> dict[str, dict[str, str]]:
    """The board's marks while ``replay`` (or the review) shows: its next move, as a hint marks one."""
    return {card: {"data-hint": value} for card, value in replay.marks().items()}
