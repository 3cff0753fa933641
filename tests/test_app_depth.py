"""The depth panels and the records through the page's logic under CPython (tests/app_tab.py
drives it as the page does): the review's marks, steps, keys and play-on, Finish for me, the
achievements (a first win's, and those older stats earn, announced once), the calendar's
challenges, its date grid's keys, the replay of a shortest win (its steps, keys, play, a setting
changed meanwhile, a reload, none for an unwinnable deal), the backup's bad files and reset.
These were browser tests (tests/browser/test_depth.py, test_page_records.py); what only a
browser shows of them (the panels' layout on a phone, the focus given back by a dialog, the
file saved and read) stays there."""

from __future__ import annotations

import datetime as dt
import json
import re
from typing import Any

from app_tab import Local, Tab, effects, play

from helpers import Time, first_deal, format_2_text, leftmost_play, shown_words, spoken_words, winning_moves
from royal import describe
from royal.achievements import BY_ID
from royal.cards import KING_OF_HEARTS, QUEEN_OF_HEARTS, shown_name, spoken_name
from royal.challenges import challenges
from royal.deals import numbered_deal
from royal.difficulty import Level
from royal.forced import forced_finish
from royal.game import Game, Result
from royal.line import Line, Move
from royal.review import judge
from royal.solver import is_winnable, solve
from royal.stats import Stats
from royal.storage_keys import GAME_KEY, STATS_KEY


class Page(Tab):
    """A tab whose page is followed as static/view.js applies each answer: each region's
    attributes set or removed and its children when given, the line's marks, the words read
    out, the dialogs open, the paints and timers waited for."""

    def __init__(
        self, local: Local | None = None, time: Time | None = None, query: dict[str, str] | None = None
    ):
        self.attributes: dict[str, dict[str, str]] = {}
        self.children: dict[str, list[Any]] = {}
        self.marks: dict[str, dict[str, str | None]] = {}
        self.said: list[str] = []
        self.dialogs: set[str] = set()
        self.waits: list[str] = []
        self.timers: dict[str, bool] = {}  # each timer set, and whether it repeats
        self.inside = False
        super().__init__(local, time, query)

    def send(self, kind: str, what: Any = None) -> dict[str, Any]:
        if kind == "closed":  # the browser closed the dialog (Escape) and says so
            self.dialogs.discard(what)
        inside, self.inside = self.inside, True  # a "saved" sent within: applied after its message's
        try:
            patch = super().send(kind, what)
        finally:
            self.inside = inside
        if not inside:
            self.apply(patch)
        return patch

    def apply(self, patch: dict[str, Any]) -> None:
        for name, part in patch.get("r", {}).items():
            attributes = self.attributes.setdefault(name, {})
            for attribute, value in part.get("a", {}).items():
                if value is None:
                    attributes.pop(attribute, None)
                else:
                    attributes[attribute] = value
            if "c" in part:
                self.children[name] = part["c"]
        for name, data in patch.get("x", []):
            if name == "line":
                self.marks = {card: self.marks.get(card, {}) for card in data["cards"]}
                self.marks.update(data["marks"])
            elif name == "say":
                self.said.append(data)
            elif name == "modal":
                (self.dialogs.add if data[1] else self.dialogs.discard)(data[0])
            elif name == "after-paint":
                self.waits.append(data)
            elif name == "timer":
                if data[1] is None:
                    self.timers.pop(data[0], None)
                else:
                    self.timers[data[0]] = data[2]
        if "later" in patch:
            self.apply(patch["later"])

    def paint(self) -> None:
        """The drawings painted: each wait for a paint answered, and those they ask for."""
        while self.waits:
            self.send("painted", self.waits.pop(0))

    def run(self, name: str, most: int = 200) -> None:
        """The timer ``name`` due, again and again until it stops (it runs at most ``most`` times)."""
        for _ in range(most):
            if name not in self.timers:
                return
            if not self.timers[name]:
                del self.timers[name]
            self.send("timer", name)
            self.paint()
        raise AssertionError(f"the timer {name} never stopped")

    def shows(self, region: str) -> bool:
        return "hidden" not in self.attributes.get(region, {})

    def words(self, region: str) -> str:
        """The text of ``region`` as drawn ("" if it never was)."""
        return text_of(self.children.get(region, []))

    def marked(self, attribute: str, value: str) -> set[str]:
        return {card for card, marks in self.marks.items() if marks.get(attribute) == value}

    def find(self, region: str, **attributes: str) -> list[dict[str, Any]]:
        """The elements inside ``region`` with those attributes (``data_move`` for ``data-move``)."""
        wanted = {name.replace("_", "-"): value for name, value in attributes.items()}
        return [
            node
            for node in elements(self.children.get(region, []))
            if all(node.get("a", {}).get(name) == value for name, value in wanted.items())
        ]

    def button(self, region: str, kind: str, arg: str | None = None) -> dict[str, Any]:
        """A click on the page's own button ``#region``, whose message index.html names (``kind``,
        ``arg``): refused while it is drawn disabled."""
        assert "disabled" not in self.attributes.get(region, {}), region
        return self.send(kind, arg)

    def click(self, element: dict[str, Any]) -> dict[str, Any]:
        """A click on ``element`` as drawn: the message its ``data-act`` names, with its ``data-arg``."""
        attributes = element["a"]
        assert "disabled" not in attributes, element
        return self.send(attributes["data-act"], attributes.get("data-arg"))

    def key(self, chord: str, *inside: str) -> dict[str, Any]:
        """The key ``chord`` pressed with the focus inside the elements the selectors ``inside``
        name: the message the key map as drawn (``body[data-keys]``) names for it, matched as
        static/view.js matches it."""
        if "data-replay" in self.attributes["page"]:
            inside += ("[data-replay]",)
        for group in json.loads(self.attributes["page"]["data-keys"]):
            message = group["keys"].get(chord)
            if message is None or (group["in"] and group["in"] not in inside):
                continue
            if group["out"] and any(part.strip() in inside for part in group["out"].split(",")):
                continue
            return self.send(*message)
        raise AssertionError(f"{chord} is left to the browser")


def elements(nodes: list[Any]) -> list[dict[str, Any]]:
    found = [node for node in nodes if isinstance(node, dict)]
    return [n for node in found for n in (node, *elements(node.get("c", [])))]


def text_of(nodes: list[Any]) -> str:
    return "".join(node if isinstance(node, str) else text_of(node.get("c", [])) for node in nodes)


def focus(patch: dict[str, Any]) -> str:
    """The selector the answer puts the focus on (it takes the focus there)."""
    assert patch["f"]["take"], patch["f"]
    selector: str = patch["f"]["to"]
    return selector


def focused_day(patch: dict[str, Any]) -> dt.date:
    selector = focus(patch)
    assert selector.startswith('[data-day="'), selector
    return dt.date.fromisoformat(selector.removeprefix('[data-day="').removesuffix('"]'))


def stuck_game(local: Local | None = None, time: Time | None = None) -> tuple[Page, int, list[Move], Line]:
    """The winnable deal of 1 to 59 whose leftmost play gets stuck soonest, played so by clicks:
    the page, the deal's number, the moves, the line left."""
    number = min(
        (n for n in range(1, 60) if not leftmost_play(n)[1] and is_winnable(numbered_deal(n))),
        key=lambda n: len(leftmost_play(n)[0]),
    )
    moves = leftmost_play(number)[0]
    tab = Page(local, time, {"deal": str(number)})
    for move in moves:
        play(tab, move.left, move.right)
    tab.paint()
    assert tab.attributes["page"]["data-outcome"] == "stuck"
    position = Line(numbered_deal(number))
    for move in moves:
        position.push(move)
    return tab, number, moves, position


def open_review(tab: Page) -> None:
    tab.button("review-open", "review-open")
    tab.run("review")  # the moves judged, one a turn


# The review -------------------------------------------------------------------------------------


def test_the_review_marks_the_losing_move_steps_the_game_and_plays_on_from_a_move() -> None:
    local = Local()
    tab, number, moves, _ = stuck_game(local)
    saved = (local.data[GAME_KEY], local.data.get(STATS_KEY))
    judged = judge(numbered_deal(number), moves)
    open_review(tab)
    assert tab.shows("review")
    items = [node for node in tab.find("review-moves") if "data-move" in node.get("a", {})]
    assert len(items) == len(moves)
    lost = next(j for j in judged if j.lost_win)
    [item] = tab.find("review-moves", data_move=str(lost.number))
    assert item["a"]["data-verdict"] == "lost"
    assert describe.review_reason(lost) in text_of([item])
    [button] = [node for node in elements([item]) if node["t"] == "button"]
    tab.click(button)
    shadow = Line(numbered_deal(number))
    for move in moves[: lost.number]:
        shadow.push(move)
    assert tab.line == list(shadow.cards)
    tab.button("review-back", "review-go", "back")
    shadow.pop()
    assert tab.line == list(shadow.cards)
    assert (local.data[GAME_KEY], local.data.get(STATS_KEY)) == saved, "stepping touches nothing"
    tab.button("review-again", "review-go", "again")
    tab.paint()
    assert not tab.shows("review")
    assert tab.words("field-moves") == str(lost.number - 1)
    assert tab.line == list(shadow.cards)
    assert "data-outcome" not in tab.attributes["page"]


def test_the_reviews_moves_step_by_the_arrow_keys_and_escape_closes_it() -> None:
    tab, number, moves, _ = stuck_game()
    open_review(tab)
    shadow = Line(numbered_deal(number))
    in_list = ("#review-moves", "#review")  # the focus on a move's button
    tab.key("ArrowDown", *in_list)
    shadow.push(moves[0])
    stepped = tab.key("ArrowDown", *in_list)
    shadow.push(moves[1])
    assert tab.line == list(shadow.cards)
    assert focus(stepped) == '[data-move="2"] button'
    assert tab.find("review-moves", data_move="2")[0]["a"]["aria-current"] == "step"
    assert tab.find("review-moves", data_move="1")[0]["a"]["aria-current"] == "false"
    back = tab.key("ArrowUp", *in_list)
    shadow.pop()
    assert tab.line == list(shadow.cards)
    assert focus(back) == '[data-move="1"] button'
    last = tab.key("End", *in_list)
    assert focus(last) == f'[data-move="{len(moves)}"] button'
    assert len(tab.find("review-moves", tabindex="0")) == 1, "the list is one tab stop"
    assert tab.find("review-moves", tabindex="0")[0]["a"]["data-arg"] == str(len(moves))
    closed = tab.key("Escape", *in_list)
    assert not tab.shows("review")
    assert closed["f"] == {"in": "result", "to": "#review-open", "take": True}


# An engine's card code (QH, TD) or move (QH-7H) as a word of its own: what a player never reads.
CODE = re.compile(r"\b[A2-9TJQK][SHDC]\b")


def drawn_strings(nodes: list[Any]) -> list[str]:
    """Every text and attribute value of the nodes as drawn (their JSON form)."""
    found: list[str] = []
    for node in nodes:
        if isinstance(node, str):
            found.append(node)
        else:
            found += [str(value) for value in node.get("a", {}).values()]
            found += drawn_strings(node.get("c", []))
    return found


def test_the_review_after_a_win_names_cards_as_the_page_does_never_by_their_codes() -> None:
    """Issue 29: the review listed the moves and gave its reasons in the engine's notation
    ("TS-TD"). Each move is its cards as the page shows them (10♠), read out by their names
    ("ten of spades") with what it removed, and so is every reason and better move, at every
    step of a won game that took more moves than par."""
    number = 1
    game, line = Game.numbered(number), Line(numbered_deal(number))
    while game.outcome is None:  # the last move that keeps the win, each time: longer than par
        move = winning_moves(game.line)[-1]
        game.play(move, 1.0)
    moves = [played.move for played in game.line.stack]
    tab = Page(query={"deal": str(number)})
    for move in moves:
        play(tab, move.left, move.right)
    tab.paint()
    assert tab.attributes["page"]["data-outcome"] == "won"
    open_review(tab)
    judged = judge(numbered_deal(number), moves)
    assert any(j.longer for j in judged), "a win over par, with its reasons"
    regions = ("review-summary", "review-status", "review-moves")
    for position in range(len(moves) + 1):
        if position:
            tab.button("review-step", "review-go", "step")
        for region in regions:
            codes = [text for text in drawn_strings(tab.children.get(region, [])) if CODE.search(text)]
            assert not codes, (region, position, codes)
    items = [node for node in tab.find("review-moves") if "data-move" in node.get("a", {})]
    assert len(items) == len(moves)
    for item, j in zip(items, judged, strict=True):
        removed = line.push(j.move).removed
        shown, spoken = shown_words([item]), spoken_words([item])
        assert shown.startswith(f"{j.number}. {shown_name(j.move.left)}-{shown_name(j.move.right)}"), shown
        said = f"Move {j.number}: {spoken_name(j.move.left)} and {spoken_name(j.move.right)} remove "
        assert spoken.startswith(said + " and ".join(spoken_name(card) for card in removed)), spoken
        if j.longer:
            assert j.better is not None
            for card in (j.better.left, j.better.right, *j.better_removed):
                assert shown_name(card) in shown and spoken_name(card) in spoken, (card, shown, spoken)
            assert "Better: " in shown and "made the shortest win longer" in spoken
        assert not any(symbol in spoken for symbol in "♠♥♦♣"), spoken


def test_the_replay_bar_names_cards_as_the_page_does_never_by_their_codes() -> None:
    """The replay's status shows its next move's cards as the page shows them and reads them out
    by their names, at every step."""
    tab, number, _, _ = stuck_game()
    solution = solve(numbered_deal(number))
    tab.button("replay", "replay-open")
    shadow = Line(numbered_deal(number))
    for move in solution.moves:
        status = tab.children["replay-status"]
        assert not [text for text in drawn_strings(status) if CODE.search(text)], status
        removed = shadow.enclosed(move)
        assert describe.removal(move, removed) in shown_words(status)
        assert describe.removal(move, removed, spoken_name) in spoken_words(status)
        assert not any(symbol in spoken_words(status) for symbol in "♠♥♦♣"), status
        tab.button("replay-step", "replay", "step")
        shadow.push(move)
    assert tab.words("replay-status") == f"Won in {solution.min_moves} moves, the fewest this deal allows."


# Finish for me and the achievements -----------------------------------------------------------


def forced_point(number: int) -> int | None:
    """After how many moves of the deal's shortest win the rest is forced (Finish for me is
    offered down to the last move)."""
    solution = solve(numbered_deal(number)).moves
    line = Line(numbered_deal(number))
    for played, move in enumerate(solution):
        if forced_finish(line.cards, False) is not None:
            return played
        line.push(move)
    return None


def test_finish_for_me_plays_out_a_forced_win_that_counts_as_the_players() -> None:
    number = next(n for n in range(1, 400) if is_winnable(numbered_deal(n)) and forced_point(n))
    solution = solve(numbered_deal(number)).moves
    played = forced_point(number)
    assert played is not None
    tab = Page(query={"deal": str(number)})
    for move in solution[: played - 1]:
        play(tab, move.left, move.right)
        tab.paint()
        assert tab.attributes["finish"]["data-offered"] == "false"
    play(tab, solution[played - 1].left, solution[played - 1].right)
    tab.paint()
    assert tab.attributes["finish"]["data-offered"] == "true"
    assert "disabled" not in tab.attributes["finish"]
    tab.send("finish")
    tab.run("finish")
    assert tab.attributes["page"]["data-outcome"] == "won"
    assert tab.line == [QUEEN_OF_HEARTS, KING_OF_HEARTS]
    assert tab.words("stat-wins") == "1" and tab.words("stat-played") == "1"
    assert tab.words("field-moves") == str(len(solution))
    # A first win: its achievement is announced beside the game and listed as unlocked.
    assert "unlocked: First marriage" in tab.words("achievement-news")
    opened = tab.send("achievements-open")
    assert effects(opened, "modal") == [["achievements", True]]
    [first] = tab.find("achievements-list", data_achievement="first-win")
    assert first["a"]["data-unlocked"] == "true"
    [ten] = tab.find("achievements-list", data_achievement="ten-wins")
    assert ten["a"]["data-unlocked"] == "false" and "1 of 10" in text_of([ten])
    # A one-off goal is reached or not: no count, no bar.
    [unaided] = tab.find("achievements-list", data_achievement="unaided")
    assert "of 1" not in text_of([unaided])
    assert [n["t"] for n in elements([unaided]) if n["t"] == "progress"] == []
    assert [n["t"] for n in elements([ten]) if n["t"] == "progress"] == ["progress"]


def test_a_win_made_by_pressing_hint_before_every_move_is_no_perfect_marriage() -> None:
    """docs/stats.md, "Wins with hints" (issue 29): an Expert deal won in par by playing what Hint
    names before every move is a win (First marriage) and not "A perfect marriage!": Expert,
    Master and Perfect marriage stay locked, and the stats and Share say "with hints"."""
    number = first_deal(lambda n: Game.numbered(n).difficulty is Level.EXPERT)
    tab = Page(query={"deal": str(number)})
    while tab.attributes["page"].get("data-outcome") != "won":
        tab.button("hint", "press", "hint")
        left, right = sorted(tab.marked("data-hint", "boundary"), key=tab.line.index)
        play(tab, left, right)
    assert tab.words("field-moves") == tab.words("field-par")
    assert tab.words("result-heading") == "You won!" != describe.PERFECT
    assert "with hints: a perfect marriage is one won without them." in tab.words("result-text")
    figures = {name: tab.words(f"stat-{name}") for name in ("wins", "perfect-wins", "wins-with-hints")}
    assert figures == {"wins": "1", "perfect-wins": "0", "wins-with-hints": "1"}
    assert tab.words("stat-fewest-moves") == "—" and tab.words("stat-wins-expert") == "0"
    assert tab.words("achievement-news") == describe.achievements_unlocked([BY_ID["first-win"]])
    tab.send("achievements-open")
    for name in ("perfect", "expert-won", "expert-par", "unaided"):
        [achievement] = tab.find("achievements-list", data_achievement=name)
        assert achievement["a"]["data-unlocked"] == "false", name
    [shared] = effects(tab.send("share"), "share")
    assert " · with hints · " in shared
    assert (
        tab.words("recent-summary")
        == "Your last game: won in " + tab.words("field-moves") + " moves, in par, with hints."
    )


def test_achievements_older_stats_earned_are_announced_once_as_the_page_loads() -> None:
    """Stats kept by the build before achievements (format 2), with a win: the load unlocks
    First marriage and says so once."""
    local, time = Local(), Time()
    stats = Stats()
    stats.record(Result("an-old-win", True, 80, 30, 1500, par=26, number=7), time.day)
    local.data[STATS_KEY] = format_2_text(stats)
    tab = Page(local, time)
    assert tab.words("achievement-news") == describe.achievements_unlocked([BY_ID["first-win"]])
    assert "first-win" in json.loads(local.data[STATS_KEY])["stats"]["unlocked"]
    tab.send("pagehide")
    again = Page(local, time)
    assert again.words("achievement-news") == ""


# The calendar -----------------------------------------------------------------------------------


def open_calendar(tab: Page) -> dict[str, Any]:
    opened = tab.send("calendar-open")
    assert effects(opened, "modal") == [["calendar", True]]
    tab.paint()
    return opened


def day_button(tab: Page, day: dt.date) -> dict[str, Any]:
    [button] = tab.find("calendar-days", data_day=day.isoformat())
    return button


def test_the_calendar_opens_todays_four_challenges_and_plays_one() -> None:
    time = Time()
    tab = Page(time=time)
    today = time.day
    found = challenges(today)
    open_calendar(tab)
    day = day_button(tab, today)
    assert day["a"]["aria-pressed"] == "true" and day["a"]["data-result"] == "none"
    offered = [n for n in tab.find("calendar-challenges") if n["t"] == "button" and "data-deal" in n["a"]]
    assert len(offered) == len(found)
    level, number = list(found.items())[-1]
    [row] = tab.find("calendar-challenges", data_level=level.value)
    [button] = [n for n in elements([row]) if n["t"] == "button"]
    chosen = tab.click(button)
    assert ["calendar", False, False] in effects(chosen, "modal")  # the game takes the focus
    assert "calendar" not in tab.dialogs
    assert tab.words("field-deal") == str(number)
    assert tab.words("field-difficulty") == describe.LEVEL_NAMES[level]
    # Dealt as the day's challenge, and its address says so (docs/play.md, "The address bar").
    assert effects(chosen, "address")[-1] == f"?deal={number}&daily={today.isoformat()}"
    yesterday = today - dt.timedelta(days=1)
    open_calendar(tab)
    if yesterday.month != today.month:
        tab.send("calendar-turn", "-1")
    tab.click(day_button(tab, yesterday))
    assert tab.words("calendar-day-heading") == describe.calendar_day_heading(yesterday)
    assert day_button(tab, yesterday)["a"]["aria-pressed"] == "true"


def test_a_days_challenges_are_found_after_the_day_is_drawn() -> None:
    """Finding a day's challenges grades up to ten deals, too long to hold the click: the day is
    chosen at once and its list says so until they are found, a deal a turn."""
    time = Time(dt.date(2026, 12, 1))  # a month's first day: yesterday is in the month before
    tab = Page(time=time)
    today = time.day
    open_calendar(tab)
    assert len(tab.find("calendar-challenges", data_act="calendar-play")) == len(challenges(today))
    day = today - dt.timedelta(days=1)
    tab.button("calendar-previous", "calendar-turn", "-1")
    chosen = tab.click(day_button(tab, day))
    # The day is chosen at once; its list says its challenges are being found.
    assert day_button(tab, day)["a"]["aria-pressed"] == "true"
    assert tab.words("calendar-day-heading") == describe.calendar_day_heading(day)
    assert tab.attributes["calendar-challenges"]["aria-busy"] == "true"
    finding = "".join(describe.challenge_finding(level) + describe.PLAY_CHALLENGE for level in Level)
    assert tab.words("calendar-challenges") == finding
    assert offered(tab) == {}
    assert effects(chosen, "after-paint") == ["calendar"], "found after the day is painted"
    tab.paint()
    assert tab.attributes["calendar-challenges"]["aria-busy"] == "false"
    assert offered(tab) == {level.value: str(number) for level, number in challenges(day).items()}


def offered(tab: Page) -> dict[str, str]:
    """The chosen day's challenges offered to play: each level's deal number."""
    return {
        row["a"]["data-level"]: button["a"]["data-deal"]
        for row in tab.find("calendar-challenges")
        if "data-level" in row.get("a", {})
        for button in elements([row])
        if "data-deal" in button.get("a", {})
    }


def test_the_calendar_is_a_date_grid_for_the_keyboard() -> None:
    time = Time(dt.date(2026, 11, 25))  # a Wednesday: the week's end is to come
    tab = Page(time=time)
    today = time.day
    open_calendar(tab)
    assert [n["a"]["data-day"] for n in tab.find("calendar-days", tabindex="0")] == [today.isoformat()]
    grid = ("#calendar-days", "dialog")  # the focus on a day
    day = dt.timedelta(days=1)
    for keys, expected in (
        ("ArrowRight", today),  # never past today
        ("ArrowLeft ArrowLeft", today - 2 * day),  # pressed fast, they add up
        ("ArrowRight", today - day),
        ("ArrowUp", today - 8 * day),
        ("ArrowDown", today - day),
        ("Home", today - day - (today - day).weekday() * day),
        ("End", min(today, today - day + (6 - (today - day).weekday()) * day)),
    ):
        for key in keys.split():
            moved = tab.key(key, *grid)
        assert focused_day(moved) == expected, keys
        assert [n["a"]["data-day"] for n in tab.find("calendar-days", tabindex="0")] == [expected.isoformat()]
    start = expected
    month_ago = dt.date(2026, 10, 25)
    assert focused_day(tab.key("PageUp", *grid)) == month_ago
    assert "October" in tab.words("calendar-month")
    assert len(tab.find("calendar-days", tabindex="0")) == 1, "one tab stop"
    chosen = tab.click(day_button(tab, month_ago))  # Enter on the day focused
    assert day_button(tab, month_ago)["a"]["aria-pressed"] == "true"
    assert tab.words("calendar-day-heading") == describe.calendar_day_heading(month_ago)
    assert focused_day(chosen) == month_ago, "choosing keeps the focus on the day"
    assert focused_day(tab.key("PageDown", *grid)).month == start.month
    assert "November" in tab.words("calendar-month")
    tab.send("closed", "calendar")  # Escape
    assert "calendar" not in tab.dialogs


# The replay of a shortest win -------------------------------------------------------------------


def figures(tab: Page) -> dict[str, str]:
    """The stats panel's figures as drawn."""
    return {name: tab.words(name) for name in tab.children if name.startswith("stat-")}


def without_revision(text: str) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(text)
    del record["game"]["revision"]
    return record


def test_replay_of_a_shortest_win_changes_nothing_and_closes_to_the_end_screen() -> None:
    local, time = Local(), Time()
    tab, number, moves, position = stuck_game(local, time)
    tab.button("result-restart", "press", "restart")  # count one loss, then get stuck again: stats to keep
    for move in moves:
        play(tab, move.left, move.right)
    tab.paint()
    assert tab.attributes["page"]["data-outcome"] == "stuck"
    assert tab.words("stat-played") == "1"
    saved = dict(local.data)
    end_text, shown, time_shown = tab.words("result-text"), figures(tab), tab.words("field-time")
    assert end_text and time_shown

    solution = solve(numbered_deal(number))
    opened = tab.button("replay", "replay-open")
    # Shown a shortest win, the stuck game is played with hints from now on (undone or rewound,
    # it could follow it): saved so, and nothing else changes (docs/stats.md, "Wins with hints").
    game = json.loads(local.data[GAME_KEY])["game"]
    assert game["with_hints"] and not json.loads(saved[GAME_KEY])["game"]["with_hints"]
    assert local.data[STATS_KEY] == saved[STATS_KEY]
    saved = dict(local.data)
    assert opened["f"] == {"in": "replay-bar", "to": "#replay-play", "take": True}
    assert tab.attributes["page"]["data-replay"] == ""  # the end panel steps aside (app.css)
    assert tab.line == list(numbered_deal(number))
    shadow = Line(numbered_deal(number))

    def expect_marks(step: int) -> None:
        move = solution.moves[step]
        assert tab.marked("data-hint", "boundary") == {move.left, move.right}
        assert tab.marked("data-hint", "removed") == set(shadow.enclosed(move))
        assert f"{step} of {solution.min_moves} played. Next, move {step + 1}:" in tab.words("replay-status")

    expect_marks(0)
    for step in range(3):  # step forward by button and by key
        if step % 2:
            tab.key("ArrowRight")
        else:
            tab.button("replay-step", "replay", "step")
        shadow.push(solution.moves[step])
        assert tab.line == list(shadow.cards)
        expect_marks(step + 1)
    tab.button("replay-back", "replay", "back")
    shadow.pop()
    assert tab.line == list(shadow.cards)
    expect_marks(2)
    tab.key("ArrowLeft")
    shadow.pop()
    assert tab.line == list(shadow.cards)
    expect_marks(1)

    # Stepped to three moves from the end, Space plays on to it, where the royal couple stand alone.
    for step in range(1, solution.min_moves - 3):
        tab.key("ArrowRight")
        shadow.push(solution.moves[step])
    assert tab.line == list(shadow.cards)
    expect_marks(solution.min_moves - 3)
    tab.key(" ")
    assert tab.attributes["replay-play"]["aria-pressed"] == "true"
    time.t += 30  # the replay takes its time: the game's clock stays stopped
    tab.run("replay")
    assert tab.words("replay-status") == f"Won in {solution.min_moves} moves, the fewest this deal allows."
    assert tab.line == [QUEEN_OF_HEARTS, KING_OF_HEARTS]
    assert tab.attributes["replay-play"]["aria-pressed"] == "false"
    tab.send("timer", "tick")
    assert local.data == saved, "the replay wrote to storage"

    # Esc closes: the end screen exactly as it was.
    closed = tab.key("Escape")
    assert "data-replay" not in tab.attributes["page"]
    assert tab.shows("result") and not tab.shows("replay-bar")
    assert tab.line == list(position.cards)
    assert closed["f"] == {"in": "result", "to": "#replay", "take": True}
    assert tab.words("result-text") == end_text
    assert figures(tab) == shown
    assert tab.words("field-time") == time_shown
    assert tab.marked("data-hint", "boundary") == set()
    tab.paint()
    assert local.data == saved

    # Reloading in the middle of a replay comes back to the same end screen.
    tab.button("replay", "replay-open")
    tab.button("replay-step", "replay", "step")
    tab.send("pagehide")
    again = Page(local, time)
    assert again.attributes["page"]["data-outcome"] == "stuck"
    assert "data-replay" not in again.attributes["page"]
    assert again.line == list(position.cards)
    assert again.words("result-text") == end_text
    # A reload writes the game again as the page leaves and starts (its revision counts the
    # writes, docs/saves.md "Tabs"); the game itself and the stats are as they were.
    assert local.data[STATS_KEY] == saved[STATS_KEY]
    assert without_revision(local.data[GAME_KEY]) == without_revision(saved[GAME_KEY])


def test_a_stuck_game_shown_its_shortest_win_and_then_won_by_it_is_no_perfect_marriage() -> None:
    """Found on the way to fair records: the replay after a stuck game, then Restart deal and
    its moves followed, was "A perfect marriage!". The replay's moves are hints."""
    local = Local()
    tab, number, _, _ = stuck_game(local)
    tab.button("replay", "replay-open")
    tab.key("Escape")
    tab.button("result-restart", "press", "restart")
    for move in solve(numbered_deal(number)).moves:
        play(tab, move.left, move.right)
    assert tab.attributes["page"]["data-outcome"] == "won"
    assert tab.words("result-heading") == "You won!" != describe.PERFECT
    assert describe.WITH_HINTS in tab.words("result-text")
    figures = {name: tab.words(f"stat-{name}") for name in ("wins", "perfect-wins", "wins-with-hints")}
    assert figures == {"wins": "1", "perfect-wins": "0", "wins-with-hints": "1"}


def test_a_setting_changed_during_a_replay_keeps_the_replay_on_the_board() -> None:
    tab, number, moves, position = stuck_game()
    solution = solve(numbered_deal(number))
    shadow = Line(numbered_deal(number))
    tab.button("replay", "replay-open")
    for step in range(3):
        tab.button("replay-step", "replay", "step")
        shadow.push(solution.moves[step])

    def expect_replay() -> None:
        """The board, its marks and the fields show the replay's fourth move, not the game."""
        assert tab.line == list(shadow.cards)
        move = solution.moves[3]
        assert tab.marked("data-hint", "boundary") == {move.left, move.right}
        assert tab.marked("data-hint", "removed") == set(shadow.enclosed(move))
        assert f"3 of {solution.min_moves} played. Next, move 4:" in tab.words("replay-status")
        assert tab.words("field-moves") == "3"
        assert tab.words("field-cards-left") == str(len(shadow.cards))

    expect_replay()
    tab.button("settings", "settings-open")
    tab.send("change", ["large-cards", True])
    assert tab.attributes["site"]["data-large-cards"] == ""
    expect_replay()
    tab.send("change", ["theme-dark", True])
    assert tab.attributes["site"]["data-theme"] == "dark"
    expect_replay()
    tab.send("settings-close")
    expect_replay()

    tab.button("replay-close", "replay", "close")
    assert tab.line == list(position.cards)
    assert tab.words("field-moves") == str(len(moves))
    assert tab.words("field-cards-left") == str(len(position.cards))


def test_an_unwinnable_deal_has_no_replay() -> None:
    number = next(
        n for n in range(1, 800) if not is_winnable(numbered_deal(n)) and len(leftmost_play(n)[0]) < 40
    )
    tab = Page(query={"deal": str(number)})
    for move in leftmost_play(number)[0]:
        play(tab, move.left, move.right)
    assert tab.attributes["page"]["data-outcome"] == "stuck"
    tab.button("replay", "replay-open")
    assert "No one can win this deal, so there is no win to show" in tab.words("status")
    assert "data-replay" not in tab.attributes["page"]
    assert not tab.shows("replay-bar")


# The stats' backup ------------------------------------------------------------------------------


def winnable(start: int) -> int:
    return next(n for n in range(start, 400) if is_winnable(numbered_deal(n)))


def test_a_backup_imported_asks_first_and_a_reset_asks_first() -> None:
    first = Page(query={"deal": str(winnable(3))})
    first.win()
    first.button("result-new", "press", "new-game")
    playing = int(first.words("field-deal"))
    move = Line(numbered_deal(playing)).legal_moves()[0]
    play(first, move.left, move.right)
    shown = figures(first)
    assert shown["stat-wins"] == "1" and shown["stat-perfect-wins"] == "1"
    [saved] = effects(first.button("export-stats", "export"), "download")
    assert saved["name"] in first.words("backup-status")

    second = Page()  # another browser
    assert second.words("stat-played") == "0"
    second.send("import-file", {"text": saved["text"]})
    assert "import-dialog" in second.dialogs
    assert "holds 1 game played with 1 win" in second.words("import-dialog-text")
    assert f"unfinished game of deal {playing}" in second.words("import-dialog-text")
    assert second.words("stat-played") == "0", "nothing is replaced before the player says so"
    second.send("import-confirm")
    assert "import-dialog" not in second.dialogs
    assert figures(second) == shown
    assert second.words("field-deal") == str(playing) and second.words("field-moves") == "1"

    # Reset asks first; cancelling keeps everything, confirming clears the stats.
    second.button("reset-stats", "reset")
    assert "reset-dialog" in second.dialogs
    second.send("reset-cancel")
    assert "reset-dialog" not in second.dialogs
    assert second.words("stat-wins") == "1"
    second.button("reset-stats", "reset")
    second.send("reset-confirm")
    assert "reset-dialog" not in second.dialogs
    assert second.words("stat-played") == "0" and second.words("stat-perfect-wins") == "0"
    assert second.words("field-moves") == "1"
    assert json.loads(second.local.data[STATS_KEY])["stats"]["wins"] == 0


def test_a_bad_import_file_changes_nothing_and_says_why() -> None:
    local = Local()
    tab = Page(local, query={"deal": str(winnable(5))})
    tab.win()
    tab.paint()
    assert tab.attributes["page"]["data-outcome"] == "won"
    before = dict(local.data)
    [saved] = effects(tab.button("export-stats", "export"), "download")
    good = saved["text"]
    cases = {
        "cut": (good[: len(good) // 2], "cut short"),
        "other": ('{"name": "another game", "scores": [1, 2]}', "not a Royal Marriage backup"),
        "newer": (good.replace('"version": 1,', '"version": 9,', 1), "newer version"),
        "edited": (good.replace('"wins": 1,', '"wins": 7,'), "changed or damaged after it was exported"),
        # 40 KB nested 20,000 deep: it once overflowed the runtime's stack and killed the page.
        "deep": (good.replace('"game": null', '"game": ' + "[" * 20_000 + "]" * 20_000), "nests far deeper"),
    }
    for name, (text, reason) in cases.items():
        assert text != good, name
        tab.send("import-file", {"text": text})
        tab.paint()
        status = tab.words("backup-status")
        assert reason in status, (name, status)
        assert status.count(". ") == 0 and status.endswith("."), (name, status)
        assert tab.attributes["backup-status"]["data-error"] == ""
        assert "import-dialog" not in tab.dialogs, name
        assert local.data == before, name
        assert tab.words("stat-wins") == "1"
