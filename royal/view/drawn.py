"""What the page shows already, so a drawing sends only the regions that changed.

A whole-page description is cheap to make in Python but not to send and apply: most of its
regions (the toolbar, the settings, the stats) are the same move after move, and each one the
page applies is a JSON object to read and an element to find. :class:`Drawn` keeps the regions
as last applied and takes out of each patch those that would change nothing.

What the page may change itself is sent again with the next drawing: the regions that set a
live property (a checkbox's ``checked``) once the player has touched a control
(:meth:`Drawn.touched`), and, after an effect that writes regions of its own (the win's
celebration shows and hides its shower), the regions that effect writes.
"""

from __future__ import annotations

from collections.abc import Mapping

from royal.view.html import Patch, Region


class Drawn:
    """The regions the page was last drawn with; ``written_by`` names the regions each effect
    writes itself once applied (what is kept of them is then out of date)."""

    def __init__(self, written_by: Mapping[str, tuple[str, ...]]) -> None:
        self.written_by = written_by
        self.regions: dict[str, Region] = {}

    def changes(self, patch: Patch) -> Patch:
        """``patch`` without the regions the page shows as they are, remembered as drawn."""
        changed = {}
        for name, part in patch.regions.items():
            if self.regions.get(name) != part:
                changed[name] = part
                self.regions[name] = part
        for effect in patch.effects:
            for name in self.written_by.get(effect.name, ()):
                self.regions.pop(name, None)
        return Patch(changed, patch.focus, patch.effects)

    def touched(self) -> None:
        """The player changed a form control: the live properties drawn may no longer be the page's."""
        self.regions = {name: part for name, part in self.regions.items() if not part.properties}
