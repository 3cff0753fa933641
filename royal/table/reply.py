"""What the page is to do after an action, as data (royal.table.play.Play.update's answer): the
words and sound heard, a dialog's words and its opening or closing, how much to draw again, and
what only the browser can do once it is drawn."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum

from royal.view.html import Patch
from royal.view.page import News, Told


class Draw(Enum):
    """How much of the page an action changed."""

    NOTHING = 0  # only words, a sound or a dialog
    MARKS = 1  # only the marks the choice puts on the line
    PAGE = 2  # the game, or what the page shows of it


@dataclass(frozen=True, slots=True)
class Reply:
    """``heard``: words, sound and celebration; ``show``: what a dialog shows or whether it is
    open, drawn with the page; ``draw``: how much to draw again; ``changed``: the game moved on,
    so what the page offered for the old position (a replay on the board) goes; ``ended``: the
    game is over, so the end panel takes the focus once it is laid out."""

    heard: News = field(default_factory=News)
    show: Patch = field(default_factory=Patch)
    draw: Draw = Draw.NOTHING
    changed: bool = False
    ended: bool = False

    def told(self, shown: str | None, spoken: str | None = None) -> Reply:
        """The same reply, telling ``shown`` in the message line (``""`` clears it, ``None``
        leaves it as it is) and reading ``spoken`` (by default the same words) to screen readers."""
        said = spoken if spoken is not None else shown or ""
        return replace(self, heard=replace(self.heard, told=Told(shown, said)))

    def sounding(self, name: str) -> Reply:
        """The same reply with the sound ``name`` (static/sound.js)."""
        return replace(self, heard=replace(self.heard, sound=name))

    def drawing(self, draw: Draw) -> Reply:
        """The same reply drawing at least ``draw``."""
        return replace(self, draw=max(self.draw, draw, key=lambda d: d.value))
