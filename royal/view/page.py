"""The page around the line as one description: what a drawing of the whole state shows, made
from :class:`Screen` by :func:`page` and applied by the page in one call with the line, the
stats panel's records and the open panels (docs/architecture.md, "The page as data").

It draws the game's fields (or the replay's while a replay or a review holds the board), the
deal's link, the toolbar's buttons and the stock game's Deal, the chance, the first-game guide,
the first game's lesson's bubble, the message line, Finish for me, the end panel, the replay's
bar, the settings and the look they choose, ``body[data-outcome]``, ``[data-replay]`` and
``[data-review]``, the key map (``[data-keys]``), and the address
bar (an effect); :func:`news` draws what the player hears of what just happened: the message line, the
words read to screen readers, the sound and the win's celebration.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass

from royal import describe
from royal.game import Game
from royal.links import link_query
from royal.replay import Replay, Steps
from royal.review import Review
from royal.settings import Settings
from royal.shortcuts import KEY_MAP_JSON
from royal.stats import Stats
from royal.table.lesson import Lesson
from royal.table.state import Won
from royal.view.ending import ending
from royal.view.html import Effect, Patch, Region, region, text
from royal.view.lesson import lesson_bubble
from royal.view.look import look
from royal.view.replay_bar import replay_bar

#: The regions an effect writes itself once applied (static/line.js: the win's celebration
#: shows its shower and marks ``<body>`` while it lasts), sent whole with the next drawing.
WRITTEN_BY_EFFECTS = {"celebrate": ("celebration", "page")}
#: The chance's line while the first chance is weighed: it keeps its place, so the page does
#: not jump.
WEIGHING = "\N{NO-BREAK SPACE}"
#: The toolbar's buttons that are always enabled once the game runs.
ALWAYS_ENABLED = ("new-game", "daily", "restart", "share", "settings")


@dataclass(frozen=True, slots=True)
class Told:
    """Words for the player: ``shown`` in the message line (``None`` leaves it as it is, ``""``
    clears it) and ``spoken`` read to screen readers, even when they repeat."""

    shown: str | None
    spoken: str


@dataclass(frozen=True, slots=True)
class Screen:
    """What one drawing of the page shows: the session's game, stats and settings as they are
    ``now`` and ``today``, and the page's own state beside them."""

    game: Game
    now: float
    today: _dt.date
    settings: Settings
    stats: Stats
    #: The replay or the review while it holds the board (its fields are shown), else ``None``.
    steps: Steps | None = None
    #: The replay while it shows (its bar), and whether it has just opened (its bar says so).
    replay: Replay | None = None
    replay_opening: bool = False
    #: The first-game guide shows.
    guide: bool = False
    #: The chance's line: ``None`` hidden, else its words (a no-break space while weighed).
    chance: str | None = None
    #: Finish for me: ``None`` not offered, else the forced moves it offers (0: playing them).
    finish: int | None = None
    #: The address the bar takes (``None``: left alone while a link's deal is offered).
    address: str | None = None
    #: The first game's lesson, while it shows (its bubble; its marks are the line's).
    lesson: Lesson | None = None
    #: What the win just played brought (its records and achievements, on the end panel).
    won: Won | None = None


@dataclass(frozen=True, slots=True)
class News:
    """What the player is to hear of what just happened, drawn with the next drawing: words,
    a sound (while sound is on) and, for a win, the celebration."""

    told: Told | None = None
    sound: str | None = None
    celebrate: bool = False


def page(screen: Screen) -> Patch:
    """The page as ``screen`` has it (module docstring)."""
    game = screen.game
    regions: dict[str, Region] = {}
    fields = describe.fields(game, screen.now)
    if screen.steps is not None:
        fields.update(describe.replay_fields(screen.steps))
    fields["stats-variant"] = describe.variant_name(screen.settings.variant)
    regions.update({f"field-{name}": text(value) for name, value in fields.items()})
    figures = describe.stats_panel(screen.stats.of(screen.settings.variant), screen.today)
    regions.update({f"stat-{name}": text(value) for name, value in figures.items()})
    regions["deal-link"] = region({"href": "./" + game_query(game)})
    enabled = {
        **dict.fromkeys(ALWAYS_ENABLED, True),
        "undo": game.can_undo,
        "redo": game.can_redo,
        "hint": game.outcome is None,
    }
    regions.update({name: region({"disabled": not on}) for name, on in enabled.items()})
    regions["deal-card"] = region({"disabled": not game.can_deal, "hidden": not game.variant.stock})
    regions.update(chance_line(screen.chance))
    regions["first-game"] = region({"hidden": not screen.guide})
    regions["first-game-text"] = text(describe.FIRST_GAME if screen.guide else "")
    regions.update(lesson_bubble(screen.lesson, game.line, game.can_deal))
    regions.update(finish_button(screen.finish))
    regions.update(ending(game, screen.now, screen.won))
    regions.update(replay_bar(screen.replay, screen.replay_opening))
    regions.update(look(screen.settings))
    outcome = game.outcome
    body: dict[str, str | bool | None] = {
        "data-outcome": None if outcome is None else outcome.value,
        "data-replay": screen.replay is not None,
        "data-review": isinstance(screen.steps, Review),
        "data-keys": KEY_MAP_JSON,  # what the page takes a key press for (royal/shortcuts.py)
    }
    if outcome is None:  # a win taken back ends its celebration
        body["data-celebrating"] = None
        regions["celebration"] = region({"hidden": True})
    regions["page"] = region(body)
    effects = () if screen.address is None else (Effect("address", screen.address),)
    return Patch(regions, None, effects)


def news(heard: News) -> Patch:
    """``heard`` drawn: the message line and the words read out, then the sound and the
    celebration, as effects (static/view.js, static/sound.js, static/line.js)."""
    regions: dict[str, Region] = {}
    effects: list[Effect] = []
    told = heard.told
    if told is not None:
        if told.shown is not None:
            regions["status"] = text(told.shown)
        effects.append(Effect("say", told.spoken))
    if heard.sound is not None:
        effects.append(Effect("sound", heard.sound))
    if heard.celebrate:
        effects.append(Effect("celebrate"))
    return Patch(regions, None, tuple(effects))


def game_query(game: Game) -> str:
    """The query of the link that opens ``game``'s deal (docs/play.md, "The address bar and Share")."""
    return link_query(game.number, game.cards, game.variant, game.daily)


def chance_line(words: str | None) -> dict[str, Region]:
    """The chance's line under the status: hidden for ``None``, else ``words`` (the stock
    game, while cards are face down: a no-break space keeps its place while it is weighed)."""
    return {"chance": region({"hidden": words is None}, (words or "",))}


def finish_button(forced: int | None) -> dict[str, Region]:
    """Finish for me, floating out of the toolbar's rows (static/app.css), so the line never
    moves when it shows: offered while the rest is forced, or while it plays the rest."""
    attributes: dict[str, str | bool | None] = {"data-offered": "false" if forced is None else "true"}
    attributes["disabled"] = forced is None
    if forced:
        attributes["title"] = describe.finish_offer(forced)
    return {"finish": region(attributes, (describe.FINISH_BUTTON,))}
