"""What the page is drawn with: each drawing with the words and sounds heard since the last,
only the regions that change, the notices, Share; gathered into one patch, the answer to the
message that drew it (static/view.js applies it: one call in, one description out).

Plain Python, no browser: the App draws through it wherever it runs, and the tests read what it
answers under CPython.
"""

from __future__ import annotations

from dataclasses import replace

from royal import describe
from royal.describe import Notice
from royal.view.dialogs import notices
from royal.view.drawn import Drawn
from royal.view.html import Patch, effect
from royal.view.page import WRITTEN_BY_EFFECTS, News, Told, news


class Drawing:
    """The page's drawings, with what is heard and shown beside them, gathered into the answer
    to the message running."""

    def __init__(self) -> None:
        self.heard = News()  # heard since the last drawing, drawn with the next
        self.later = Patch()  # what an action opened, closed or asked, drawn with the next
        self.shown: list[tuple[int, Notice]] = []  # the notices not dismissed, by number
        self.drawn = Drawn(WRITTEN_BY_EFFECTS)  # what the page shows: only changes are sent
        self._numbered = 0
        self.sound_on = False  # the setting, as last drawn
        self._answer = Patch()  # what the message running drew, gathered

    def draw(self, patch: Patch) -> None:
        """Draw ``patch`` with the news heard since the last drawing, with only the regions it
        changes: gathered into the answer to the message running (the page applies it)."""
        heard, self.heard = self.heard, News()
        later, self.later = self.later, Patch()
        self._answer += self.drawn.changes(later + patch + news(heard))

    def gathered(self) -> str:
        """What was drawn since the last answer, as one patch's JSON (``null`` for nothing)."""
        answer, self._answer = self._answer, Patch()
        return "null" if answer == Patch() else answer.to_json()

    def show(self, patch: Patch) -> None:
        """Draw ``patch`` with the next drawing, at the latest as the action ends (a dialog
        opened, a question's words, a file saved): the action still makes one call."""
        self.later += patch

    def flush(self) -> None:
        """Draw what an action heard or showed when it drew nothing after it (words alone)."""
        if self.heard != News() or self.later != Patch():
            self.draw(Patch())

    def tell(self, shown: str, spoken: str | None = None) -> None:
        """Tell the player something with the next drawing: ``shown`` in the message line
        (``""`` clears it) and ``spoken`` (by default the same words) read to screen readers,
        even when it repeats."""
        self.heard = replace(self.heard, told=Told(shown, shown if spoken is None else spoken))

    def hear(self, heard: News) -> None:
        """Have the player hear ``heard`` (an action's reply) with the next drawing: its words,
        its sound if sound is on (static/sound.js), a win's celebration (static/line.js)."""
        self.heard = replace(
            self.heard,
            told=self.heard.told if heard.told is None else heard.told,
            sound=heard.sound if heard.sound is not None and self.sound_on else self.heard.sound,
            celebrate=self.heard.celebrate or heard.celebrate,
        )

    def read_out(self, words: str) -> None:
        """Read ``words`` to screen readers only, leaving the message line as it is."""
        told = self.heard.told
        self.heard = replace(self.heard, told=Told(None if told is None else told.shown, words))

    def notice(self, notice: Notice) -> None:
        """Show a notice the player can dismiss, with the next drawing."""
        self._numbered += 1
        self.shown.append((self._numbered, notice))
        self.show(notices(self.shown))

    def dismiss(self, number: str) -> None:
        """A notice's Dismiss clicked (its ``data-arg``, the notice's number)."""
        self.shown = [(n, notice) for n, notice in self.shown if n != int(number)]
        self.show(notices(self.shown))

    # Sharing ----------------------------------------------------------------------------

    def share(self, text: str = "") -> None:
        """Share the address, after ``text`` if any (the page's effect ``share``: the system share
        sheet where there is one, else the clipboard)."""
        self.show(effect("share", text))

    def shared(self, took: bool) -> None:
        """The clipboard took the link, or not (the share sheet speaks for itself, and a player
        who closes it has chosen not to share)."""
        self.tell(describe.LINK_COPIED if took else describe.LINK_NOT_COPIED)
