"""What the page shows before the game's Python runs: a description of the table, kept in the
page's storage beside the save, that the boot script (static/boot.js) applies with the page's
own applier (static/view.js, static/line.js) as the page opens.

It is the page as the game last drew it, cut to what a player sees first: the look, the line,
the fields, the stats' figures, the daily row, the first-game guide, the stock game's Deal and
chance line. Storage is shared with every page of the site's origin, so nothing kept there is
trusted: the boot script draws a kept description only when every region, tag, attribute and
effect in it is one of those named here (the build writes them into the boot script), and the
applier writes text only as text. The build makes two more with the same code: what a first
visit shows (the deal every newcomer starts with), and what a return visit shows when the kept
one cannot be drawn (figures still to come, never zeros).
"""

from __future__ import annotations

import datetime as _dt
import re

from royal import describe
from royal.game import Game
from royal.markup import LOOK_ATTRIBUTES
from royal.settings import Settings
from royal.stats import Stats
from royal.view.board import Board
from royal.view.html import Effect, Patch, region, text
from royal.view.page import WEIGHING, Screen, page
from royal.view.records import records

#: Version 3: the page's own description (versions 1 and 2 were a compact form of their own).
VERSION = 3
#: The longest kept description the boot script reads (a full line with the longest figures
#: takes about 9,000 characters).
MAX_CHARS = 24_000
#: The regions a kept description may draw.
REGIONS = (
    r"^(?:site|theme-colour-[01]|line|field-[a-z-]{1,20}|stat-[a-z-]{1,30}"
    r"|deal-card|chance|first-game|first-game-text|daily-days)$"
)
#: The elements it may hold (the daily row's days).
TAGS = ("li",)
#: The attributes it may set: the look, what is hidden or busy, the theme colours, the days'.
ATTRIBUTES = (
    "hidden",
    "aria-busy",
    "aria-label",
    "title",
    "class",
    "media",
    "content",
    "data-theme",
    *LOOK_ATTRIBUTES.values(),
    "data-day",
    "data-result",
    "data-today",
)
#: Its one effect: the line drawn (static/line.js).
EFFECTS = ("line",)
#: What a return visit draws when the kept description cannot be drawn: a figure not yet known.
UNKNOWN = "\u2026"


def first_game(stats: Stats, settings: Settings, game: Game) -> bool:
    """Whether the first-game guide shows: no game of the variant played has counted yet, and
    no move was made in the game in play (docs/play.md, "The first game")."""
    return stats.of(settings.variant).played == 0 and not game.touched


def table(game: Game, now: float, today: _dt.date, settings: Settings, stats: Stats) -> Patch:
    """The table as the game stands, before Python runs: the regions a player sees first, the
    line drawn whole and still, and the line marked busy until the game's Python answers."""
    # The stock game's chance line keeps its place, to be weighed once Python runs.
    chance = WEIGHING if game.variant.stock and game.can_deal else None
    screen = Screen(game, now, today, settings, stats, guide=first_game(stats, settings, game), chance=chance)
    regions = {name: part for name, part in page(screen).regions.items() if re.match(REGIONS, name)}
    regions["deal-card"] = region({"hidden": not game.variant.stock})
    regions["daily-days"] = records(stats.daily, today, ()).regions["daily-days"]
    regions["line"] = region({"aria-busy": "true"})
    stock = game.stock_count if game.variant.stock else None
    line = Board().render(game.line.cards, None, {}, stock)
    # Drawn before any Python, on an empty line: its cards fresh, no card marked.
    return Patch(
        regions, None, (Effect("line", {**line.data, "preview": True, "first": False, "marks": {}}),)
    )


def kept(game: Game, now: float, today: _dt.date, settings: Settings, stats: Stats) -> str:
    """The description kept beside the save: ``{"version": 3, "patch": ...}``."""
    return f'{{"version":{VERSION},"patch":{table(game, now, today, settings, stats).to_json()}}}'


def unknown_figures() -> Patch:
    """What a return visit draws when the kept description cannot be: every stat's figure a
    "…" until the game's Python has read them (never a zero that is not the player's)."""
    figures = describe.stats_panel(Stats(), _dt.date(2000, 1, 1))  # their names, as view/page.py's
    return Patch({f"stat-{name}": text(UNKNOWN) for name in figures})
