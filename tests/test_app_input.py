"""Input through the page's logic under CPython (tests/app_tab.py drives it as the page does):
selecting a card and cancelling, a choice after a hint, the buttons and the shortcuts the key
map names (undo, redo, hint, restart, new game, today's deal, the deal link), and links in the
address (bad ones, custom deals, the question before a link replaces a game).
These were browser tests (tests/browser/test_input.py, test_page_links.py); what only a browser
shows of them (the focus and its rings, the arrows along the line, a click on nothing, the
question's button focused) stays in tests/browser/test_input.py."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qsl

from app_tab import Local, Tab, effects, play

from helpers import Time
from royal import describe
from royal.cards import ALL_CARDS, KING_OF_HEARTS, QUEEN_OF_HEARTS
from royal.deals import numbered_deal
from royal.game import Game
from royal.line import Line, Move
from royal.solver import is_winnable, solve


class Shown(Tab):
    """A tab that follows the marks on the line's cards as the page sets them (each answer
    sends only those that change)."""

    def __init__(
        self, local: Local | None = None, time: Time | None = None, query: dict[str, str] | None = None
    ):
        self.marks: dict[str, dict[str, str | None]] = {}
        self.inside = False
        super().__init__(local, time, query)

    def send(self, kind: str, what: Any = None) -> dict[str, Any]:
        inside, self.inside = self.inside, True  # a "saved" sent within: followed after its message's
        try:
            patch = super().send(kind, what)
        finally:
            self.inside = inside
        if not inside:
            self.follow(patch)
        return patch

    def follow(self, patch: dict[str, Any]) -> None:
        for line in effects(patch, "line"):
            self.marks = {card: self.marks.get(card, {}) for card in line["cards"]}
            self.marks.update(line["marks"])
        if "later" in patch:
            self.follow(patch["later"])

    def marked(self, attribute: str, value: str) -> set[str]:
        return {card for card, marks in self.marks.items() if marks.get(attribute) == value}

    def key(self, chord: str, *inside: str) -> dict[str, Any]:
        """The key ``chord`` pressed with the focus inside the elements the selectors ``inside``
        name: the message the key map as drawn (``body[data-keys]``) names for it, matched as
        static/view.js matches it."""
        for group in json.loads(self.regions["page"]["a"]["data-keys"]):
            message = group["keys"].get(chord)
            if message is None or (group["in"] and group["in"] not in inside):
                continue
            if group["out"] and any(part.strip() in inside for part in group["out"].split(",")):
                continue
            return self.send(*message)
        raise AssertionError(f"{chord} is left to the browser")

    def disabled(self, button: str) -> bool:
        return self.regions[button]["a"].get("disabled") is not None


def said(patch: dict[str, Any]) -> str:
    return " ".join(effects(patch, "say"))


def selection_marks(position: Line, code: str) -> tuple[set[str], set[str]]:
    """The partners of ``code`` and the cards its pairings would remove, per the engine."""
    partners: set[str] = set()
    enclosed: set[str] = set()
    for move in position.partners(code):
        partners.add(move.right if move.left == code else move.left)
        enclosed.update(position.removal(move)[1])
    return partners, enclosed


def expect_shadow(tab: Tab, game: Game) -> None:
    """The page shows ``game``'s line, moves, score and cards left (the engine's model)."""
    assert tab.line == list(game.line.cards)
    assert tab.text("field-moves") == str(game.moves)
    assert tab.text("field-score") == str(game.score)
    assert tab.text("field-cards-left") == str(game.cards_left)


def winnable(start: int) -> int:
    return next(n for n in range(start, 400) if is_winnable(numbered_deal(n)))


def test_choosing_a_card_after_a_hint_marks_the_choice_and_keeps_the_hints_partner_marked() -> None:
    tab = Shown(query={"deal": "7"})
    tab.send("press", "hint")
    move = solve(numbered_deal(7)).moves[0]
    assert tab.marked("data-hint", "boundary") == {move.left, move.right}
    chosen = tab.send("pick", move.left)
    assert tab.marks[move.left]["aria-pressed"] == "true"
    assert tab.marks[move.right]["data-role"] == "partner"
    assert tab.marks[move.right]["data-hint"] == "boundary", "the hint's partner keeps its mark"
    assert "selected" in said(chosen)


def test_selecting_marks_partners_and_cancels() -> None:
    number = winnable(11)
    game = Game.numbered(number)
    tab = Shown(query={"deal": str(number)})
    position = game.line

    # A card with the most partners whose partners and removals do not overlap.
    candidates = [c for c in position.cards if position.partners(c)]
    chosen = max(
        (c for c in candidates if not set.intersection(*selection_marks(position, c))),
        key=lambda c: len(position.partners(c)),
    )
    partners, enclosed = selection_marks(position, chosen)

    selected = tab.send("pick", chosen)
    assert tab.marks[chosen]["aria-pressed"] == "true"
    assert tab.marked("data-role", "partner") == partners
    assert tab.marked("data-role", "enclosed") == enclosed
    assert tab.text("status") == describe.selection(position, chosen)
    assert "selected" in said(selected)

    tab.key("Escape", "[data-card]")
    assert tab.marks[chosen]["aria-pressed"] == "false"
    assert tab.marked("data-role", "partner") == set()
    assert tab.marked("data-role", "enclosed") == set()
    assert tab.text("status") == ""

    # A click elsewhere on the page cancels too (<body>'s message); a click on the card itself as well.
    tab.send("pick", chosen)
    assert tab.marks[chosen]["aria-pressed"] == "true"
    tab.send("press", "cancel")
    assert tab.marks[chosen]["aria-pressed"] == "false"
    assert tab.marked("data-role", "partner") == set()
    tab.send("pick", chosen)
    tab.send("pick", chosen)
    assert tab.marks[chosen]["aria-pressed"] == "false"
    assert tab.marked("data-role", "partner") == set()

    # A card with no move says so; clicking a non-partner moves the selection there.
    lonely = next(c for c in position.cards if not position.partners(c))
    tab.send("pick", lonely)
    assert tab.text("status") == describe.selection(position, lonely)
    assert tab.marked("data-role", "partner") == set()
    tab.key("Escape", "[data-card]")

    # Right boundary first, then the left: the move is played all the same.
    move = solve(position.cards).moves[0]
    unrelated = next(
        c
        for c in position.cards
        if c not in (move.left, move.right) and c not in selection_marks(position, move.right)[0]
    )
    tab.send("pick", unrelated)
    tab.send("pick", move.right)
    assert tab.marks[unrelated]["aria-pressed"] == "false" and tab.marks[move.right]["aria-pressed"] == "true"
    played = tab.send("pick", move.left)
    game.play(move, 0)
    expect_shadow(tab, game)
    assert tab.marked("data-role", "partner") == set()
    assert "Removed" in said(played)


def test_buttons_and_shortcuts() -> None:
    local, time = Local(), Time()
    number = winnable(20)
    game = Game.numbered(number)
    tab = Shown(local, time, {"deal": str(number)})

    # Hint at score 0: marks a move that keeps the game winnable; the score shows 0, the
    # running total is -25 (docs/scoring.md, "One running total").
    assert tab.disabled("undo") and tab.disabled("redo")
    tab.send("press", "hint")
    boundaries = tab.marked("data-hint", "boundary")
    removed = tab.marked("data-hint", "removed")
    assert len(boundaries) == 2, boundaries
    left, right = sorted(boundaries, key=game.line.cards.index)
    hinted = Move(left, right)
    assert set(game.line.removal(hinted)[1]) == removed and 1 <= len(removed) <= 2
    after = Line(game.line.cards)
    after.push(hinted)
    assert solve(after.cards).winnable, f"the hint {hinted} loses the game"
    assert tab.text("field-score") == "0"
    assert "Hint:" in tab.text("status")
    game.hint()

    play(tab, hinted.left, hinted.right)
    game.play(hinted, 0)
    expect_shadow(tab, game)
    assert tab.marked("data-hint", "boundary") == set(), "a move clears the hint"
    total = {1: 10, 2: 30}[len(removed)] - 25  # docs/scoring.md: 10 a card, a pair 30, a hint 25
    assert int(tab.text("field-score")) == max(0, total)

    tab.key("h")  # the H key hints too, and costs 25
    total -= 25
    assert tab.text("field-score") == str(max(0, total))
    assert len(tab.marked("data-hint", "boundary")) == 2
    game.hint()
    expect_shadow(tab, game)
    for move in solve(game.line.cards).moves[:3]:
        play(tab, move.left, move.right)
        game.play(move, 0)
    expect_shadow(tab, game)

    # Undo and redo: buttons, Ctrl+Z, Ctrl+Y and Ctrl+Shift+Z. docs/scoring.md: an undo takes back the
    # move's points and costs 15 more (the score shown never below 0); redo gives the points back.
    last = game.line.stack[-1]
    undone = max(0, game.breakdown.total - {1: 10, 2: 30}[len(last.removed)] - 15)
    for how, action in (
        ("#undo", game.undo),
        ("Ctrl+z", game.undo),
        ("#redo", game.redo),
        ("Ctrl+y", game.redo),
        ("Ctrl+z", game.undo),
        ("Ctrl+Shift+z", game.redo),
    ):
        if how.startswith("#"):
            assert not tab.disabled(how[1:]), how
            tab.send("press", how[1:])
        else:
            tab.key(how)
        action(0)
        expect_shadow(tab, game)
        if how == "#undo":
            assert tab.text("field-score") == str(undone)
    assert tab.disabled("redo")
    tab.key("Ctrl+Z")  # with Caps Lock
    game.undo(0)
    expect_shadow(tab, game)
    assert not tab.disabled("redo")
    tab.key("Ctrl+Shift+Z")
    game.redo(0)
    expect_shadow(tab, game)

    # The deal link opens this deal (followed below, once this game is left).
    href = tab.regions["deal-link"]["a"]["href"]
    assert href == f"./?deal={number}"

    # Restart: same deal, fresh line; the touched game counts as a loss, once confirmed.
    asked = tab.send("press", "restart")
    assert effects(asked, "modal") == [["loss-dialog", True]]
    tab.send("leave", False)  # Leave it
    assert tab.line == list(numbered_deal(number))
    assert tab.text("field-moves") == "0" and tab.text("field-score") == "0"
    assert tab.text("field-deal") == str(number)
    assert tab.text("stat-played") == "1" and tab.text("stat-wins") == "0"
    assert tab.text("stat-win-rate") == "0%"
    assert tab.text("stat-best-score") == str(game.score)

    # New game (button, then the N key): another deal; untouched games do not count.
    tab.send("press", "new-game")
    first_new = tab.text("field-deal")
    assert first_new != str(number)
    assert tab.line == list(numbered_deal(int(first_new)))
    tab.key("n")
    second_new = tab.text("field-deal")
    assert second_new not in (first_new, str(number))
    assert tab.line == list(numbered_deal(int(second_new)))
    assert tab.text("stat-played") == "1"

    # Today's deal is numbered by the page's local date.
    tab.send("press", "daily")
    today = time.day.year * 10000 + time.day.month * 100 + time.day.day
    assert tab.text("field-deal") == str(today)
    assert tab.line == list(numbered_deal(today))
    # The link names the day the page dealt it for (docs/play.md): a number alone is no daily.
    assert tab.regions["deal-link"]["a"]["href"] == f"./?deal={today}&daily={time.day.isoformat()}"
    tab.send("press", "daily")
    assert tab.text("status") == "You are playing today's deal."
    assert tab.text("field-deal") == str(today)

    # Following the earlier deal link opens that deal (directly: this game has no moves).
    tab.send("pagehide")
    tab = Shown(local, time, dict(parse_qsl(href.removeprefix("./?"))))
    assert tab.text("field-deal") == str(number)
    assert tab.line == list(numbered_deal(number))
    assert effects(tab.started, "modal") == []
    assert tab.text("stat-played") == "1"


# Links ------------------------------------------------------------------------------------------


def opened(local: Local, time: Time, query: str) -> Shown:
    """The page loaded at ``query`` (after the page before it is left)."""
    return Shown(local, time, dict(parse_qsl(query.removeprefix("?"))))


def notices(tab: Tab) -> list[str]:
    """The words of each notice shown."""
    return [
        "".join(p["c"][0] for p in notice["c"] if p.get("t") == "p")
        for notice in tab.regions.get("notices", {}).get("c", [])
    ]


def test_bad_links_custom_deals_and_the_link_dialog() -> None:
    local, time = Local(), Time()
    tab = Shown(local, time)
    first_deal = tab.text("field-deal")
    assert tab.line == list(numbered_deal(int(first_deal)))
    assert notices(tab) == []

    for query in ("?deal=abc", "?deal=0", "?cards=QH,XX", "?deal=5&cards=QH,KH"):
        tab.send("pagehide")
        tab = opened(local, time, query)
        texts = notices(tab)
        assert len(texts) == 1 and "could not be opened" in texts[0], (query, texts)
        assert effects(tab.started, "modal") == [], query
        assert effects(tab.started, "address") == [f"?deal={tab.text('field-deal')}"], (
            "the game's own link replaces the bad one"
        )
        # A normal game: 52 cards of the deal shown, and a move by clicks works, and Undo.
        cards = list(tab.line)
        assert len(cards) == 52 and cards[0] == QUEEN_OF_HEARTS and cards[-1] == KING_OF_HEARTS
        position = Line(cards)
        move = position.legal_moves()[0]
        play(tab, move.left, move.right)
        position.push(move)
        assert tab.line == list(position.cards)
        tab.send("press", "undo")
        assert tab.line == cards
        # The game played (a move, then undone) is touched: leave it so the next link opens
        # without asking; that counts as a loss, once per game.
        assert effects(tab.send("press", "new-game"), "modal") == [["loss-dialog", True]]
        tab.send("leave", False)

    played = int(tab.text("stat-played"))
    assert played == 4

    # A custom order opens as given (the saved game has no moves, so without asking).
    custom = [
        QUEEN_OF_HEARTS,
        *sorted(c for c in ALL_CARDS if c not in (QUEEN_OF_HEARTS, KING_OF_HEARTS)),
        KING_OF_HEARTS,
    ]
    tab.send("pagehide")
    tab = opened(local, time, "?cards=" + ",".join(custom))
    assert effects(tab.started, "modal") == []
    assert tab.line == custom
    assert tab.text("field-deal") == "custom"
    assert notices(tab) == []
    game = Game(custom)
    move = game.legal_moves()[0]
    play(tab, move.left, move.right)
    game.play(move, 0)
    expect_shadow(tab, game)
    assert tab.regions["deal-link"]["a"]["href"] == "./?cards=" + ",".join(custom)

    # A link to another deal while that game has moves: the player is asked. Keep it.
    tab.send("pagehide")
    tab = opened(local, time, "?deal=5")
    assert effects(tab.started, "modal") == [["link-dialog", True]]
    assert effects(tab.started, "address") == [], "while it is offered, the address keeps the link"
    kept = tab.send("keep-game")
    assert effects(kept, "modal") == [["link-dialog", False]]
    expect_shadow(tab, game)
    assert effects(kept, "address") == ["?cards=" + ",".join(custom)], (
        "the address gives way to the game kept"
    )
    assert tab.text("field-deal") == "custom"
    assert tab.text("stat-played") == str(played)

    # Asked again; this time open the linked deal: the old game counts as a loss.
    tab.send("pagehide")
    tab = opened(local, time, "?deal=5")
    assert effects(tab.started, "modal") == [["link-dialog", True]]
    taken = tab.send("open-link")
    assert effects(taken, "modal") == [["link-dialog", False]]
    assert tab.text("field-deal") == "5"
    assert tab.line == list(numbered_deal(5))
    assert tab.text("field-moves") == "0"
    assert tab.text("stat-played") == str(played + 1)
    assert tab.text("stat-wins") == "0"

    # A link to the deal already being played changes nothing and asks nothing.
    five = Game.numbered(5)
    move = five.legal_moves()[0]
    play(tab, move.left, move.right)
    five.play(move, 0)
    tab.send("pagehide")
    tab = opened(local, time, "?deal=5")
    assert effects(tab.started, "modal") == []
    expect_shadow(tab, five)
