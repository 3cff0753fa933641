"""Comforts a player expects (issue 9) and whole games' ends, read from the page's logic under
CPython (tests/app_tab.py drives it as static/view.js does): the address bar's link, asking
before a loss, the win's score breakdown, settings kept across a reload and followed from
another tab, sound only when on, the losing-move warning, a stuck game and undo reopening it,
the first-game guide and the first game's lesson, asking the browser to keep the data after a win.

These were browser tests (tests/browser/test_comforts.py, test_play.py, test_keep_data.py).
What only a browser shows stayed there: dragging by pointer and by touch, the share sheet and
the clipboard, the browser bar's colour and the saved look at the first paint, the
celebration's motion, the guide's place on a phone's first screen, a whole deal won by clicks.
A reload here is a new tab over the same storage, at the address the game last put in the bar;
a click is the message index.html's element names (``data-act``, ``data-arg``), refused while
the element is drawn disabled or hidden; a key is the message the page's key map names."""

from __future__ import annotations

import json
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from app_tab import Local, Tab, effects, play

from helpers import Time, leftmost_play
from royal import describe, saves
from royal.cards import spoken_name
from royal.dealer import FIRST_DEAL
from royal.deals import numbered_deal
from royal.game import Game
from royal.line import Line, Move
from royal.markup import THEME_COLOURS
from royal.settings import CHOICES, Settings
from royal.solver import is_winnable, solve
from royal.storage_keys import SETTINGS_KEY, SNAPSHOT_KEY, STATS_KEY
from royal.table.lesson import STEPS

ROOT = Path(__file__).resolve().parent.parent


class Window(Tab):
    """A tab with what the browser around it keeps: the address the game last put in the bar,
    every effect of every answer in order, and the drawings still to be painted (each
    ``after-paint`` effect, answered by :meth:`paint` with ``["painted", name]`` as the page
    does after the next frame)."""

    def __init__(self, local: Local | None = None, time: Time | None = None, address: str = "") -> None:
        self.address = address
        self.heard: list[tuple[str, Any]] = []
        self.unpainted: list[str] = []
        query = {name: values[-1] for name, values in parse_qs(urlsplit(address).query).items()}
        super().__init__(local, time, query)

    def send(self, kind: str, what: Any = None) -> dict[str, Any]:
        patch = super().send(kind, what)  # a report of the writes ("later") is heard as it is sent
        for name, data in patch.get("x", []):
            self.heard.append((name, data))
            if name == "address":
                self.address = data
            elif name == "after-paint":
                self.unpainted.append(data)
        return patch

    def paint(self) -> None:
        """The drawings painted: each wait answered, and those the answers ask for in turn."""
        for _ in range(50):
            if not self.unpainted:
                return
            self.send("painted", self.unpainted.pop(0))
        raise AssertionError(f"the page is still asked to paint: {self.unpainted}")

    def reload(self) -> Window:
        """The page loaded again at its address, over the same storage and clock."""
        return Window(self.local, self.time, self.address)

    def heard_of(self, name: str) -> list[Any]:
        return [data for effect, data in self.heard if effect == name]


class _Elements(HTMLParser):
    """index.html's elements by id, with their attributes (a bare attribute as ``""``)."""

    def __init__(self) -> None:
        super().__init__()
        self.by_id: dict[str, dict[str, str]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {name: value or "" for name, value in attrs}
        if "id" in attributes:
            self.by_id[attributes["id"]] = attributes


def _index() -> dict[str, dict[str, str]]:
    parser = _Elements()
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    return parser.by_id


INDEX = _index()


def attributes(tab: Tab, element: str) -> dict[str, Any]:
    """``element``'s attributes as last drawn (index.html's, then each drawing's; None: removed)."""
    drawn = tab.regions.get(element, {}).get("a", {})
    return {**INDEX.get(element, {}), **drawn}


def shown(tab: Tab, element: str) -> bool:
    return attributes(tab, element).get("hidden") is None


def enabled(tab: Tab, element: str) -> bool:
    return attributes(tab, element).get("disabled") is None


def checked(tab: Tab, box: str) -> bool:
    """Whether the box or choice ``box`` is drawn checked."""
    value = tab.regions[box]["p"]["checked"]
    assert isinstance(value, bool)
    return value


def click(tab: Tab, element: str) -> dict[str, Any]:
    """A click on ``element``: the message it names, as static/view.js sends it."""
    assert shown(tab, element) and enabled(tab, element), f"#{element} cannot be clicked"
    named = attributes(tab, element)
    box = named.get("data-arg-checked")  # a button that sends a box's state: Leave it, and "Don't ask again"
    arg = checked(tab, box) if box else named.get("data-arg")
    return tab.send(named["data-act"], arg)


def check(tab: Tab, box: str, on: bool = True) -> dict[str, Any]:
    """A box ticked (or not), or a choice made: the box shows it at once, and the page sends
    ``change``."""
    tab.regions[box] = {**tab.regions.get(box, {}), "p": {"checked": on}}
    return tab.send("change", [box, on])


def key(tab: Tab, pressed: str) -> dict[str, Any]:
    """A key pressed with nothing focused: the message the page's key map names for it."""
    for group in json.loads(attributes(tab, "page")["data-keys"]):
        if group["in"] is None and pressed in group["keys"]:
            kind, what = group["keys"][pressed]
            return tab.send(kind, what)
    raise AssertionError(f"no key {pressed!r} in the page's key map")


def opened(patch: dict[str, Any], dialog: str) -> bool | None:
    """Whether the answer opened (True) or closed (False) ``dialog``, or neither (None)."""
    moves = [data[1] for data in effects(patch, "modal") if data[0] == dialog]
    return moves[-1] if moves else None


def sounds(patch: dict[str, Any]) -> list[str]:
    return [str(name) for name in effects(patch, "sound")]


def notices(tab: Tab) -> str:
    return json.dumps(tab.regions.get("notices", {}), ensure_ascii=False)


def kept_table(tab: Tab) -> dict[str, Any]:
    """The regions of the table kept for the next visit (what the boot draws before Python)."""
    regions: dict[str, Any] = json.loads(tab.local.data[SNAPSHOT_KEY])["patch"]["r"]
    return regions


def expect_shadow(tab: Tab, game: Game) -> None:
    """The page shows ``game``'s line, moves, score and cards left (the engine's model)."""
    assert tab.line == list(game.line.cards)
    assert tab.text("field-moves") == str(game.moves)
    assert tab.text("field-score") == str(game.score)
    assert tab.text("field-cards-left") == str(len(game.line))


def seconds(text: str) -> int:
    minutes, rest = text.split(":")
    return int(minutes) * 60 + int(rest)


def winnable_deal(start: int = 1) -> int:
    return next(n for n in range(start, start + 1000) if is_winnable(numbered_deal(n)))


# The address bar -------------------------------------------------------------------------------


def test_the_address_holds_the_games_link_from_the_start() -> None:
    tab = Window()
    number = tab.text("field-deal")
    assert tab.address == f"?deal={number}"
    tab = tab.reload()
    assert tab.text("field-deal") == number, "the copied address opens the same deal"

    answer = click(tab, "new-game")  # no move yet: no question
    assert opened(answer, "loss-dialog") is None
    assert tab.text("field-deal") != number
    assert tab.address == f"?deal={tab.text('field-deal')}"

    cards = numbered_deal(7)
    order = ",".join(["QH", *sorted(cards[1:-1]), "KH"])
    tab = Window(tab.local, tab.time, "?cards=" + order)
    assert tab.text("field-deal") == "custom"
    assert parse_qs(urlsplit(tab.address).query) == {"cards": [order]}

    tab = Window(tab.local, tab.time, "?deal=banana")  # a bad link gives way to the game in progress
    assert "could not be opened" in notices(tab)
    assert parse_qs(urlsplit(tab.address).query) == {"cards": [order]}, "and to its link"


def test_share_hands_the_page_the_link_and_says_when_it_is_copied() -> None:
    tab = Window(address="?deal=42")
    shared = click(tab, "share")
    assert effects(shared, "share") == [""]  # the page shares its address: the game's link
    assert tab.address == "?deal=42"
    copied = tab.send("shared", True)  # the clipboard took it
    assert "copied" in tab.text("status") and effects(copied, "say") == [describe.LINK_COPIED]


# Asking before a loss ----------------------------------------------------------------------------


def test_leaving_a_game_with_a_move_asks_and_changes_nothing_until_confirmed() -> None:
    local, time = Local(), Time()
    number = winnable_deal(30)
    tab = Window(local, time, f"?deal={number}")
    answer = click(tab, "new-game")
    assert opened(answer, "loss-dialog") is None, "a game without a move does not ask"
    assert tab.text("field-deal") != str(number)

    tab = Window(local, time, f"?deal={number}")
    game = Game.numbered(number)
    move = solve(game.cards).moves[0]
    play(tab, move.left, move.right)
    game.play(move, 0)
    click(tab, "undo")  # every move undone: the game still counts
    game.undo(0)
    expect_shadow(tab, game)

    for how in ("new-game", "daily", "restart", "n"):
        asked = click(tab, how) if how in INDEX else key(tab, how)
        assert opened(asked, "loss-dialog") is True, how
        assert tab.text("loss-dialog-text") == "This game will count as a loss."
        assert tab.text("stat-played") == "0" and tab.text("field-deal") == str(number)
        kept = click(tab, "loss-cancel")
        assert opened(kept, "loss-dialog") is False, how
        expect_shadow(tab, game)
        assert tab.text("stat-played") == "0" and tab.address == f"?deal={number}"

    click(tab, "restart")
    left = click(tab, "loss-confirm")
    assert opened(left, "loss-dialog") is False
    assert tab.text("stat-played") == "1" and tab.text("stat-wins") == "0"
    assert tab.text("field-deal") == str(number) and tab.text("field-moves") == "0"

    # "Don't ask again" turns the question off, and the setting shows it.
    play(tab, move.left, move.right)
    click(tab, "new-game")
    check(tab, "loss-dont-ask")
    click(tab, "loss-confirm")
    assert tab.text("stat-played") == "2"
    click(tab, "settings")
    assert not checked(tab, "ask-before-loss")
    click(tab, "settings-close")
    first = solve(tab.line).moves
    assert first, "the new game is winnable"
    play(tab, first[0].left, first[0].right)
    answer = click(tab, "new-game")
    assert opened(answer, "loss-dialog") is None and tab.text("stat-played") == "3"


# The win ---------------------------------------------------------------------------------------


def test_a_win_celebrates_and_breaks_the_score_down() -> None:
    """A win after a hint: the panel's parts, each as the engine counts them, add up to the score."""
    number = winnable_deal(80)
    tab = Window(address=f"?deal={number}")
    game = Game.numbered(number)
    click(tab, "hint")
    game.hint()
    for move in solve(game.cards).moves:
        tab.time.t += 7  # a time bonus short of its most
        won = play(tab, move.left, move.right)
        game.play(move, 0)
    assert attributes(tab, "page")["data-outcome"] == "won"
    assert effects(won, "celebrate"), "the page celebrates (static/line.js; a still one under reduced motion)"
    assert shown(tab, "result") and shown(tab, "result-score")
    parts = game.breakdown
    assert tab.text("part-cards") == str(parts.cards)
    assert tab.text("part-pairs") == str(parts.pairs)
    assert tab.text("part-win-bonus") == str(parts.win_bonus) == "500"
    assert tab.text("part-penalties") == f"\N{MINUS SIGN}{parts.penalties}" == "\N{MINUS SIGN}25"
    time_bonus = int(tab.text("part-time-bonus"))
    assert time_bonus == 600 - seconds(tab.text("field-time")) < 600  # docs/scoring.md
    score = int(tab.text("part-score"))
    assert score == int(tab.text("field-score")) == parts.cards + parts.pairs + 500 + time_bonus - 25


# Settings and sound ----------------------------------------------------------------------------


def bar_colour(tab: Tab, scheme: str) -> list[str]:
    """The browser bar's colour under the device's colour ``scheme``: the content of each
    theme-color meta whose media matches."""
    matching = {"all", f"(prefers-color-scheme: {scheme})"}
    metas = [attributes(tab, f"theme-colour-{n}") for n in (0, 1)]
    return [meta["content"] for meta in metas if meta["media"] in matching]


def test_settings_start_at_their_defaults_and_survive_a_reload() -> None:
    tab = Window()
    click(tab, "settings")
    assert checked(tab, "winnable-only") and checked(tab, "ask-before-loss")
    for box in ("warn-lost", "sound", "large-cards", "quick-play"):
        assert not checked(tab, box), box
    assert checked(tab, "theme-system")
    assert attributes(tab, "site")["data-theme"] is None
    assert bar_colour(tab, "light") == [THEME_COLOURS["green"][0]]
    assert bar_colour(tab, "dark") == [THEME_COLOURS["green"][1]]

    check(tab, "winnable-only", False)
    for box in ("warn-lost", "sound", "large-cards", "quick-play", "theme-dark"):
        check(tab, box)
    site = attributes(tab, "site")
    assert site["data-theme"] == "dark" and site["data-large-cards"] == ""
    # The browser's own bar follows the chosen theme too, whatever the device's scheme.
    assert bar_colour(tab, "light") == bar_colour(tab, "dark") == [THEME_COLOURS["green"][1]]
    tab.send("closed", "settings-dialog")  # Escape
    tab.paint()
    kept = kept_table(tab)["site"]["a"]  # drawn in the saved look from the start, before Python
    assert kept["data-theme"] == "dark" and kept["data-large-cards"] == ""

    tab = tab.reload()
    site = attributes(tab, "site")
    assert site["data-theme"] == "dark" and site["data-large-cards"] == ""
    click(tab, "settings")
    assert not checked(tab, "winnable-only")
    for box in ("warn-lost", "sound", "large-cards", "quick-play", "theme-dark"):
        assert checked(tab, box), box
    check(tab, "theme-light")
    assert attributes(tab, "site")["data-theme"] == "light"
    check(tab, "theme-system")
    assert attributes(tab, "site")["data-theme"] is None


def test_the_browsers_bar_takes_the_chosen_felts_colour() -> None:
    tab = Window()
    for felt in CHOICES["felt"]:
        check(tab, f"felt-{felt}")
        assert attributes(tab, "site")["data-felt"] == felt
        assert bar_colour(tab, "light") == [THEME_COLOURS[felt][0]], felt
        assert bar_colour(tab, "dark") == [THEME_COLOURS[felt][1]], felt
        tab.paint()
        for meta in ("theme-colour-0", "theme-colour-1"):
            assert kept_table(tab)[meta] == tab.regions[meta], "the boot draws the bar's colour"


def test_settings_follow_other_tabs() -> None:
    local, time = Local(), Time()
    this, other = Window(local, time), Window(local, time)
    click(other, "settings")
    check(other, "large-cards")
    this.send("storage")  # the browser's storage event: another tab wrote
    assert attributes(this, "site")["data-large-cards"] == ""
    click(this, "settings")
    assert checked(this, "large-cards")


def test_sounds_play_only_when_turned_on() -> None:
    number = winnable_deal(90)
    game = Game.numbered(number)
    tab = Window(address=f"?deal={number}")
    moves = solve(game.cards).moves
    assert sounds(play(tab, moves[0].left, moves[0].right)) == [], "sound is off by default"
    game.play(moves[0], 0)

    click(tab, "settings")
    check(tab, "sound")
    click(tab, "settings-close")
    assert sounds(play(tab, moves[1].left, moves[1].right)) == ["move"]
    game.play(moves[1], 0)
    assert sounds(click(tab, "undo")) == ["undo"]
    game.undo(0)
    lonely = next(c for c in game.line.cards if not game.line.partners(c))
    assert sounds(tab.send("pick", lonely)) == ["no-partner"]

    click(tab, "settings")
    check(tab, "sound", False)
    assert sounds(play(tab, moves[1].left, moves[1].right)) == [], "turned off again"


# Each sound the game names, played by static/sound.js under Node with a Web Audio that counts
# the notes started: prints {name: notes}.
COUNT_NOTES_JS = """const vm = require("node:vm");
const source = require("node:fs").readFileSync(0, "utf8");
const handlers = {};
let notes = 0;
class AudioContext {
  constructor() { this.currentTime = 0; this.state = "running"; this.destination = {}; }
  createOscillator() { return { frequency: {}, connect() {}, start() { notes += 1; }, stop() {} }; }
  createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect() {} }; }
}
const royalView = { effect: (name, handler) => { handlers[name] = handler; } };
vm.runInNewContext(source, { royalView, AudioContext });
const counted = {};
for (const name of JSON.parse(process.argv[1])) {
  notes = 0;
  handlers.sound(null, name);
  counted[name] = notes;
}
console.log(JSON.stringify(counted));"""


def test_each_sound_the_game_names_plays_its_notes() -> None:
    """docs/play.md, "Sound": a move one note, an undo two, a card with no partner one, the
    losing-move warning three (the browser test counted them so)."""
    node = shutil.which("node")
    assert node, "node is needed (it comes with npm)"
    wanted = {"move": 1, "undo": 2, "no-partner": 1, "lost": 3}
    played = subprocess.run(
        [node, "-e", COUNT_NOTES_JS, json.dumps(list(wanted))],
        input=(ROOT / "static" / "sound.js").read_text(encoding="utf-8"),
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(played.stdout) == wanted


def losing_move(number: int) -> Move | None:
    """A first move of deal ``number`` after which it can no longer be won."""
    line = Line(numbered_deal(number))
    for move in line.legal_moves():
        line.push(move)
        lost = not is_winnable(line.cards)
        line.pop()
        if lost:
            return move
    return None


def test_the_losing_move_warning_has_a_sound_of_its_own() -> None:
    """docs/play.md, "Sound": with the warning and sound on, a losing move plays the warning's
    sound, not the move's."""
    number, losing = next(
        (n, move)
        for n in range(1, 500)
        if is_winnable(numbered_deal(n))
        for move in [losing_move(n)]
        if move is not None
    )
    tab = Window(address=f"?deal={number}")
    click(tab, "settings")
    check(tab, "sound")
    check(tab, "warn-lost")
    click(tab, "settings-close")
    assert sounds(play(tab, losing.left, losing.right)) == ["lost"]


def first_losing_moves(number: int) -> list[Move] | None:
    """Leftmost moves until one makes the deal unwinnable with moves still left, else None."""
    position = Line(numbered_deal(number))
    moves = []
    while position.has_moves():
        moves.append(position.legal_moves()[0])
        position.push(moves[-1])
        if not is_winnable(position.cards):
            return moves if position.has_moves() else None
    return None


def test_warning_when_a_move_loses_the_game() -> None:
    """With the option ticked, the move that makes the deal unwinnable is called out at once."""
    number, losing = next(
        (n, moves)
        for n in range(1, 300)
        if is_winnable(numbered_deal(n))
        for moves in [first_losing_moves(n)]
        if moves is not None
    )
    tab = Window(address=f"?deal={number}")
    assert not checked(tab, "warn-lost")
    for move in losing[:-1]:
        play(tab, move.left, move.right)
    click(tab, "settings")
    check(tab, "warn-lost")
    click(tab, "settings-close")
    lost = play(tab, losing[-1].left, losing[-1].right)
    warning = (
        f"That move lost the game: after move {len(losing)} it can no longer be won. "
        "Undo it to get back on a winning line."
    )
    assert tab.text("status") == warning
    assert any("That move lost the game" in said for said in effects(lost, "say")), "read out"
    click(tab, "undo")
    assert tab.text("status") == ""
    tab = tab.reload()
    assert checked(tab, "warn-lost")


# A stuck game ------------------------------------------------------------------------------------


def winnable_for(number: int, moves: list[Move]) -> int:
    """How many of ``moves`` can be played with deal ``number`` still winnable."""
    position = Line(numbered_deal(number))
    for count, move in enumerate(moves):
        position.push(move)
        if not is_winnable(position.cards):
            return count
    raise AssertionError("a stuck line cannot be winnable")


def test_a_stuck_game_is_recognised_and_undo_reopens_it() -> None:
    number = next(n for n in range(1, 1000) if is_winnable(numbered_deal(n)) and not leftmost_play(n)[1])
    moves, _ = leftmost_play(number)
    tab = Window(address=f"?deal={number}")
    shadow = Game.numbered(number)
    for move in moves:
        assert attributes(tab, "page")["data-outcome"] is None
        play(tab, move.left, move.right)
        shadow.play(move, 0)
    expect_shadow(tab, shadow)
    assert not shadow.line.has_moves() and len(shadow.line) > 2

    assert attributes(tab, "page")["data-outcome"] == "stuck"
    assert shown(tab, "result")
    assert f"{len(shadow.line)} cards" in tab.text("result-text")
    for button in ("result-undo", "result-restart", "result-new"):
        assert shown(tab, button) and enabled(tab, button), button
    assert not enabled(tab, "hint")
    assert tab.text("stat-played") == "0", "a stuck game is not counted until it is left"

    click(tab, "result-undo")
    shadow.undo(0)
    assert attributes(tab, "page")["data-outcome"] is None and not shown(tab, "result")
    expect_shadow(tab, shadow)
    assert enabled(tab, "hint")
    assert tab.text("stat-played") == "0", "undo never ends a game"

    # Stuck again by redo: the panel offers a way back to the last position that can be won.
    click(tab, "redo")
    shadow.redo(0)
    assert attributes(tab, "page")["data-outcome"] == "stuck"
    last = winnable_for(number, moves)
    assert tab.text("result-rewind") == f"Back to move {last}, still winnable"
    click(tab, "result-rewind")
    while shadow.moves > last:
        shadow.undo(0)
    assert attributes(tab, "page")["data-outcome"] is None
    expect_shadow(tab, shadow)
    assert is_winnable(shadow.line.cards)
    for _ in range(len(moves) - last):
        click(tab, "redo")
    assert attributes(tab, "page")["data-outcome"] == "stuck"
    assert tab.text("stat-played") == "0", "rewinding never ends a game"

    # Leave from the panel: a loss.
    click(tab, "result-new")
    assert attributes(tab, "page")["data-outcome"] is None
    assert tab.text("stat-played") == "1" and tab.text("stat-wins") == "0"
    assert tab.text("stat-win-rate") == "0%"
    assert tab.text("field-deal") != str(number) and tab.text("field-moves") == "0"


# The first game ----------------------------------------------------------------------------------


def test_the_first_game_guide_shows_until_the_first_move_and_then_stays_away() -> None:
    """docs/play.md, "The first game": while the lesson shows, its bubble stands in the guide's
    place; skipped, the guide shows (on a reload too, the boot drawing it from the table kept)
    until the player's first move, and from then on never."""
    tab = Window(address="?deal=7")
    assert shown(tab, "lesson") and not shown(tab, "first-game"), "the lesson in its place"
    click(tab, "lesson-skip")
    assert not shown(tab, "lesson")
    assert shown(tab, "first-game")
    assert tab.text("first-game-text") == describe.FIRST_GAME
    tab.paint()
    assert kept_table(tab)["first-game"]["a"]["hidden"] is None, "the boot draws it on a reload"
    tab = tab.reload()
    assert shown(tab, "first-game") and not shown(tab, "lesson"), "a reload before a move keeps it"
    move = solve(tab.line).moves[0]
    play(tab, move.left, move.right)
    assert not shown(tab, "first-game"), "gone once the player has made a move"
    tab.paint()
    assert kept_table(tab)["first-game"]["a"]["hidden"] == ""
    click(tab, "undo")
    assert not shown(tab, "first-game"), "an undo does not bring it back"
    tab = tab.reload()
    assert not shown(tab, "first-game")
    tab.win()
    assert attributes(tab, "page")["data-outcome"] == "won" and not shown(tab, "first-game")
    click(tab, "result-new")
    assert not shown(tab, "first-game") and not shown(tab, "lesson")


# Keeping the data --------------------------------------------------------------------------------


def test_a_win_asks_to_keep_the_data_once_and_a_later_visit_asks_again() -> None:
    """docs/saves.md, "Keeping the data": once the drawing of the first win is painted, once a
    visit, and as the next visit starts since the stats hold a win."""
    tab = Window()
    *moves, last = solve(tab.line).moves
    for move in moves:
        play(tab, move.left, move.right)
        tab.paint()
    assert tab.heard_of("persist") == [], "moves alone, and a player with no win, ask nothing"
    won = play(tab, last.left, last.right)
    assert effects(won, "persist") == [], "not in the move's own drawing"
    tab.paint()
    assert tab.heard_of("persist") == [None]
    click(tab, "result-restart")
    tab.paint()
    assert tab.heard_of("persist") == [None], "once a visit"
    tab = tab.reload()
    tab.paint()
    assert tab.heard_of("persist") == [None], "the stats hold a win: the next visit asks as it starts"


# The first game's lesson (issue 29) -------------------------------------------------------------

#: The first deal's lesson: the leftmost move that keeps it winnable, the Queen of Hearts and the
#: nine of hearts (the same suit) around the eight of diamonds.
FIRST_MOVE = Move("QH", "9H")


class Pupil(Window):
    """A tab that keeps each card's marks as last drawn (the line's effect sends only those that
    changed) and every word read out."""

    def send(self, kind: str, what: Any = None) -> dict[str, Any]:
        patch = super().send(kind, what)
        marks: dict[str, dict[str, str | None]] = self.__dict__.setdefault("marks", {})
        for drawn in effects(patch, "line"):
            for card in [card for card in marks if card not in drawn["cards"]]:
                del marks[card]
            for card, changed in drawn["marks"].items():
                marks.setdefault(card, {}).update(changed)
        return patch

    def reload(self) -> Pupil:
        return Pupil(self.local, self.time, self.address)

    def lesson_marks(self) -> dict[str, str]:
        marks: dict[str, dict[str, str | None]] = self.__dict__.get("marks", {})
        return {card: str(m["data-lesson"]) for card, m in marks.items() if m.get("data-lesson")}

    def said(self) -> list[str]:
        return [str(words) for words in self.heard_of("say")]

    def step(self) -> int | None:
        value = attributes(self, "lesson").get("data-step")
        return None if value is None or not shown(self, "lesson") else int(value)


def settings_of(tab: Window) -> Settings:
    return saves.load_settings(tab.local.data[SETTINGS_KEY])


def test_a_first_visit_points_at_a_card_then_its_partner_then_lets_the_player_move() -> None:
    tab = Pupil()
    assert tab.line == list(numbered_deal(FIRST_DEAL)), "a newcomer's first deal"
    line = Line(tab.line)
    assert line.enclosed(FIRST_MOVE) == ("8D",) and is_winnable([c for c in tab.line if c != "8D"])

    # 1. The card pointed at, its words shown and read out; nothing stored yet.
    assert tab.step() == 1 and not shown(tab, "first-game")
    assert tab.lesson_marks() == {"QH": "card"}
    assert tab.text("lesson-text") == describe.lesson(FIRST_MOVE, 0, line, False)
    assert tab.text("lesson-text").startswith("Look at Q♥: it has a partner")
    assert tab.said()[-1] == describe.lesson(FIRST_MOVE, 0, line, False, spoken_name)
    assert "queen of hearts" in tab.said()[-1].lower()
    assert shown(tab, "lesson-next") and tab.text("lesson-skip") == describe.LESSON_SKIP
    assert SETTINGS_KEY not in tab.local.data

    # 2. Its partner and what goes, and why.
    click(tab, "lesson-next")
    assert tab.step() == 2
    assert tab.lesson_marks() == {"QH": "card", "9H": "partner", "8D": "enclosed"}
    assert tab.text("lesson-text") == (
        "9♥ is its partner: the same suit, with 8♦ between them. "
        "Pair them and 8♦ goes; the two you pick stay."
    )
    assert "eight of diamonds" in tab.said()[-1]

    # 3. It lets go: the player's turn, the focus on the card to pick first, Got it to close.
    patch = click(tab, "lesson-next")
    assert tab.step() == STEPS
    assert patch["f"] == {"in": "line", "to": '[data-card="QH"]', "take": True}
    assert not shown(tab, "lesson-next") and tab.text("lesson-skip") == describe.LESSON_DONE
    assert tab.text("lesson-text").startswith("Your turn: pick Q♥, then 9♥")
    assert tab.lesson_marks() == {"QH": "card", "9H": "partner", "8D": "enclosed"}
    assert tab.send("lesson", "next") == {} or tab.step() == STEPS, "no step past the last"

    # The player's move: the lesson goes, seen through, and the paragraph with it.
    play(tab, "QH", "9H")
    assert tab.text("field-moves") == "1" and "8D" not in tab.line
    assert tab.step() is None and tab.lesson_marks() == {}
    assert not shown(tab, "first-game")
    assert settings_of(tab).lesson_seen

    # Shown once: not on a later visit, nor in a later game.
    tab = tab.reload()
    assert tab.step() is None
    click(tab, "new-game")
    click(tab, "loss-confirm")
    assert tab.step() is None and tab.reload().step() is None


def test_the_lesson_is_skippable_at_any_step_and_not_shown_again() -> None:
    for steps in range(STEPS):
        tab = Pupil()
        for _ in range(steps):
            click(tab, "lesson-next")
        click(tab, "lesson-skip")
        assert tab.step() is None and tab.lesson_marks() == {}, steps
        assert tab.said()[-1] == describe.LESSON_ENDED
        assert settings_of(tab).lesson_seen
        assert tab.text("field-moves") == "0", "skipping plays nothing"
        assert tab.reload().step() is None, "not on a later visit"


def test_a_visit_that_left_before_the_lesson_ended_gets_it_again() -> None:
    """Seen through is what counts: a page closed on its first step starts it again."""
    tab = Pupil()
    click(tab, "lesson-next")
    again = tab.reload()
    assert again.step() == 1 and again.lesson_marks() == {"QH": "card"}


def test_show_me_how_plays_it_again_on_the_game_in_play() -> None:
    tab = Pupil()
    play(tab, "QH", "9H")  # the lesson let go by a move
    assert tab.step() is None
    start = attributes(tab, "lesson-start")
    assert (start["data-act"], start["data-arg"]) == ("lesson", "start"), "index.html's button"
    patch = click(tab, "lesson-start")
    assert tab.step() == 1
    assert patch["f"] == {"in": "lesson", "to": "button:not([hidden])", "take": True}
    (card,) = tab.lesson_marks()
    line = Line(tab.line)
    move = next(m for m in line.legal_moves() if m.left == card)
    assert tab.text("lesson-text").startswith(f"Look at {describe.removal(move, ()).split(' and ')[0]}")
    click(tab, "lesson-next")
    marked = tab.lesson_marks()
    partner = next(c for c, mark in marked.items() if mark == "partner")
    gone = {c for c, mark in marked.items() if mark == "enclosed"}
    lesson_move = Move(card, partner)
    assert gone == set(line.enclosed(lesson_move))
    remaining = [c for c in tab.line if c not in gone]
    assert is_winnable(remaining), "the lesson shows a move that keeps the game winnable"
    click(tab, "lesson-skip")
    assert tab.step() is None
    # Again after it was skipped; and a move made during it lets it go.
    click(tab, "lesson-start")
    play(tab, card, partner)
    assert tab.step() is None and tab.text("field-moves") == "2"


def test_show_me_how_on_a_finished_game_says_to_start_one() -> None:
    tab = Pupil(address="?deal=7")
    click(tab, "lesson-skip")
    tab.win()
    patch = click(tab, "lesson-start")
    assert tab.step() is None and effects(patch, "say") == [describe.LESSON_GAME_OVER]


def test_a_player_who_has_played_never_gets_it_unasked() -> None:
    # A game counted, the settings never written (or lost): no lesson on a fresh deal.
    tab = Pupil()
    play(tab, "QH", "9H")
    click(tab, "new-game")
    click(tab, "loss-confirm")
    assert tab.text("stat-played") == "1" and tab.text("field-moves") == "0"
    fresh = Local()
    fresh.data = {k: v for k, v in tab.local.data.items() if k != SETTINGS_KEY}
    assert STATS_KEY in fresh.data and Pupil(fresh).step() is None
    # Kept settings of the format before the lesson: a player who was here before.
    local = Local()
    body = {k: v for k, v in Settings().to_dict().items() if k != "lesson_seen"}
    local.data[SETTINGS_KEY] = json.dumps(
        {"app": "royal-marriage", "kind": "settings", "version": 4, "settings": body}
    )
    assert Pupil(local).step() is None
    # A game in progress with a move played: none either.
    tab = Pupil()
    click(tab, "lesson-skip")
    play(tab, "QH", "9H")
    fresh = Local()
    fresh.data = {k: v for k, v in tab.local.data.items() if k != SETTINGS_KEY}
    assert Pupil(fresh).step() is None


# The win at a glance (issue 29) -----------------------------------------------------------------


def glance_of(tab: Window) -> dict[str, list[str]]:
    """The end panel's figures at a glance as drawn: each ``data-glance`` name, its label and value."""
    return {
        item["a"]["data-glance"]: [part["c"][0] for part in item["c"]]
        for item in tab.regions["result-glance"].get("c", [])
    }


def badges_of(tab: Window) -> list[str]:
    return [item["a"]["data-achievement"] for item in tab.regions["result-badges"].get("c", [])]


def test_a_win_shows_at_a_glance_its_moves_time_records_and_the_achievements_it_unlocked() -> None:
    tab = Window(address="?deal=7")
    click(tab, "lesson-skip")
    par = len(solve(tab.line).moves)
    first = solve(tab.line).moves[0]
    play(tab, first.left, first.right)
    tab.time.t += 80
    tab.win()
    assert attributes(tab, "page")["data-outcome"] == "won"
    assert glance_of(tab) == {"moves": ["Moves", f"{par} · in par"], "time": ["Time", "1:20"]}
    assert shown(tab, "result-glance"), "a first win sets records and beats none"
    unlocked = badges_of(tab)
    assert "first-win" in unlocked and shown(tab, "result-badges")
    assert all(
        item["c"][-1] == describe.ACHIEVEMENT_WORDS[item["a"]["data-achievement"]][0]
        for item in tab.regions["result-badges"]["c"]
    )
    assert attributes(tab, "result-new")["class"] == "primary", "New game, the one next step"

    # The deal again, won faster: a record beaten, no achievement new.
    click(tab, "result-restart")
    assert not shown(tab, "result")
    first = solve(tab.line).moves[0]
    play(tab, first.left, first.right)
    tab.time.t += 30
    tab.win()
    assert glance_of(tab)["records"][1].startswith("Fastest win"), glance_of(tab)
    assert glance_of(tab)["time"] == ["Time", "0:30"]
    assert "first-win" not in badges_of(tab)

    # A reload shows the win, but what it brought was this page's news.
    again = tab.reload()
    assert "records" not in glance_of(again) and not shown(again, "result-badges")


def test_a_stuck_game_has_no_glance_nor_badges() -> None:
    number = next(n for n in range(1, 1000) if is_winnable(numbered_deal(n)) and not leftmost_play(n)[1])
    tab = Window(address=f"?deal={number}")
    for move in leftmost_play(number)[0]:
        play(tab, move.left, move.right)
    assert attributes(tab, "page")["data-outcome"] == "stuck"
    assert not shown(tab, "result-glance") and not shown(tab, "result-badges")
    assert not shown(tab, "result-score")
