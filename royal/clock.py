"""The game clock: starts at the first move, runs only while the page is visible.

The engine reads no clock of its own: every call passes ``now``, a monotonic time in seconds
from the caller (``performance.now() / 1000`` in the page, anything in tests). It stops at
:data:`~royal.limits.MAX_SECONDS`, the most a save holds.
"""

from __future__ import annotations

from dataclasses import dataclass

from royal.limits import MAX_SECONDS


@dataclass
class Clock:
    """Seconds of play, counted while started, visible and not halted by the end of the game."""

    elapsed: float = 0.0
    started: bool = False
    visible: bool = True
    halted: bool = False
    since: float | None = None  # when the running stretch began, None while stopped

    @property
    def running(self) -> bool:
        """True while time is being counted."""
        return self.started and self.visible and not self.halted

    def _settle(self, now: float) -> None:
        """Bank the running stretch up to ``now`` before any change of state."""
        self.elapsed = self.read(now)
        self.since = None

    def _update(self, now: float, **changes: bool) -> None:
        self._settle(now)
        for name, value in changes.items():
            setattr(self, name, value)
        if self.running:
            self.since = now

    def start(self, now: float) -> None:
        """Start counting at the first move (later calls change nothing)."""
        if not self.started:
            self._update(now, started=True)

    def set_visible(self, visible: bool, now: float) -> None:
        """The page was shown or hidden."""
        self._update(now, visible=visible)

    def set_halted(self, halted: bool, now: float) -> None:
        """Stop the clock when the game ends; start it again if an undo reopens the game."""
        self._update(now, halted=halted)

    def read(self, now: float) -> float:
        """Seconds of play so far, at most MAX_SECONDS."""
        running = max(0.0, now - self.since) if self.since is not None else 0.0
        return min(self.elapsed + running, MAX_SECONDS)

    def seconds(self, now: float) -> int:
        """Whole seconds of play so far, as shown and as scored."""
        return int(self.read(now))


def format_seconds(seconds: int) -> str:
    """``m:ss`` as the page shows times: ``75`` is ``"1:15"``."""
    minutes, rest = divmod(max(0, int(seconds)), 60)
    return f"{minutes}:{rest:02d}"
