"""The stock game and suit runs through the page's logic under CPython (tests/app_tab.py drives
it as the page does; docs/rules.md, "The stock game", "Suit runs"): the stock game chosen in
Settings, dealt, moved, undone and reloaded, par shown only once the stock is dealt, and no
answer naming a card still in the stock; a run move under suit runs; a bad variant in a link
named, losing nothing; a suit-runs win saved but never counted counting as the page starts.
These were browser tests; the browser's own part of them (the stock's button and key, no stock
order in the DOM, a win by clicks in each variant) stays in tests/browser/test_stock_game.py."""

from __future__ import annotations

import json
import re
from typing import Any

from app_tab import Local, Tab, effects, play

from royal import saves
from royal.cards import spoken_name
from royal.deals import numbered_deal
from royal.game import Game
from royal.line import Line
from royal.solver import solve
from royal.stats import Stats
from royal.storage_keys import GAME_KEY, SNAPSHOT_KEY, STATS_KEY
from royal.variant import Mode, Variant

DEAL = 3  # winnable
EM_DASH = "\N{EM DASH}"


def names(text: str, cards: list[str]) -> set[str]:
    """The cards ``text`` names, by code or by spoken name."""
    by_code = {c for c in cards if re.search(rf"(?<![A-Za-z0-9]){c}(?![A-Za-z0-9])", text)}
    return by_code | {c for c in cards if spoken_name(c) in text.lower()}


class StockTab(Tab):
    """A tab of the stock game's deal whose stock falls in ``order``: every answer (and the table
    kept for the next visit) is checked to name no card the stock has not dealt yet, the stock's
    count as last drawn is kept, and what waits for a paint is done before the next message."""

    order: tuple[str, ...] = ()
    dealt = 1  # the most cards the line has held: those seen
    stock: int | None = None

    def send(self, kind: str, what: Any = None) -> dict[str, Any]:
        patch = super().send(kind, what)
        drawn = [data for data in effects(patch, "line")]
        if drawn:
            self.stock = drawn[-1]["stock"]["count"] if drawn[-1]["stock"] else None
        if self.order:
            self.dealt = max(self.dealt, 52 - (self.stock or 0))
            unseen = list(self.order[self.dealt : 51])  # the King of Hearts always comes last
            said = json.dumps(patch, ensure_ascii=False) + self.local.data.get(SNAPSHOT_KEY, "")
            assert names(said, unseen) == set(), f"{kind} {what}: names cards still in the stock"
        for name in effects(patch, "after-paint"):  # painted before the next message
            self.send("painted", name)
        return patch


def test_the_stock_game_is_chosen_in_settings_dealt_moved_undone_and_reloaded() -> None:
    local = Local()
    tab = StockTab(local, query={"deal": str(DEAL)})
    assert tab.regions["deal-card"]["a"]["hidden"] == ""
    tab.send("settings-open")
    tab.send("change", ["mode-stock", True])
    tab.send("closed", "settings-dialog")
    assert len(tab.line) == 52, "the game in progress keeps its own variant"
    assert tab.regions["deal-card"]["a"]["hidden"] == ""

    dealt = tab.send("press", "new-game")  # nothing played: New game asks nothing
    assert effects(dealt, "modal") == []
    number = int(tab.text("field-deal"))
    tab.order = order = numbered_deal(number, stock=True)
    assert tab.line == ["QH"] and tab.stock == 51
    assert effects(dealt, "address") == [f"?deal={number}&mode=stock"]
    assert tab.regions["deal-card"]["a"] == {"disabled": None, "hidden": None}
    for cards in range(2, 6):  # the Deal button, its key, the stock itself: one message
        tab.send("press", "deal-card")
        assert tab.line == list(order[:cards])
    assert tab.stock == 47
    assert re.search(r"ways? the stock (can fall|was tried)", tab.text("chance"))

    undone = tab.send("press", "undo")
    assert tab.line == list(order[:4]) and tab.stock == 48
    assert names(" ".join(effects(undone, "say")), [order[4]]) == {order[4]}, "the card taken back is named"
    tab.send("press", "redo")
    assert tab.line == list(order[:5])

    # Deal on until a move is open among the dealt cards, and play it by clicks.
    position = Line(order[:5])
    while not position.has_moves():
        tab.send("press", "deal-card")
        position.deal(order[len(position)])
        assert tab.line == list(position.cards)
    move = position.legal_moves()[0]
    play(tab, move.left, move.right)
    position.push(move)
    assert tab.line == list(position.cards) and tab.text("field-moves") == "1"

    tab.send("pagehide")
    again = StockTab(local)
    assert again.line == list(position.cards)
    assert again.stock == 52 - len(position) - len(position.stack[-1].removed)
    assert "this position" in again.text("chance")


def test_the_stock_dealt_to_its_end_shows_par_and_the_grade_only_then() -> None:
    """Par and the grade would tell of the stock's order: they show once every card's place is known."""
    tab = StockTab(query={"deal": str(DEAL), "mode": "stock"})
    tab.order = order = numbered_deal(DEAL, stock=True)
    assert tab.line == ["QH"] and tab.stock == 51
    for dealt in range(2, 51):
        tab.send("press", "deal-card")
        assert tab.line == list(order[:dealt])
        assert tab.text("field-par") == tab.text("field-difficulty") == EM_DASH
    tab.send("press", "deal-card")  # the stock's last card is the King of Hearts: all is known
    assert tab.stock == 1 and tab.text("field-par") == str(solve(order).min_moves)
    tab.send("press", "deal-card")
    assert tab.line == list(order) and tab.stock == 0
    assert tab.regions["deal-card"]["a"]["disabled"] == ""


def test_suit_runs_allow_a_run_move() -> None:
    first = ["QH", "2S", "3S", "4S", "7H"]
    cards = first + [c for c in numbered_deal(1) if c not in first]
    tab = Tab(query={"cards": ",".join(cards), "rules": "suit-runs"})
    assert tab.line == cards
    moved = play(tab, "QH", "7H")
    assert tab.line == ["QH", "7H", *cards[5:]]
    assert all(address.endswith("&rules=suit-runs") for address in effects(moved, "address"))
    assert tab.text("field-moves") == "1"


def test_a_bad_variant_in_a_link_is_named_and_loses_nothing() -> None:
    local = Local()
    tab = Tab(local)
    move = Line(tab.line).legal_moves()[0]
    play(tab, move.left, move.right)
    tab.send("pagehide")
    linked = Tab(local, query={"deal": str(DEAL), "mode": "closed"})
    notices = json.dumps(linked.regions["notices"], ensure_ascii=False)
    assert "mode must be open or stock" in notices
    assert linked.line == tab.line and linked.text("field-moves") == "1", "the game in progress stays"


def test_a_suit_runs_win_saved_but_never_counted_counts_as_the_page_starts() -> None:
    """What a player was left with by issue 26: deal 39 won with suit runs and saved, its count
    never written. It locked every start; now the page starts, shows the win and counts it once."""
    runs = Variant(Mode.OPEN, True)
    game = Game.numbered(39, runs)
    for move in solve(game.cards, True).moves:
        game.play(move, 10.0)
    local = Local()
    local.data[GAME_KEY] = saves.dump_game(game, 95.0, 21)
    local.data[STATS_KEY] = saves.dump_stats(Stats())
    tab = Tab(local)
    assert tab.regions["page"]["a"]["data-outcome"] == "won"
    assert effects(tab.started, "address") == ["?deal=39&rules=suit-runs"]
    tab.send("change", ["suit-runs", True])  # the stats panel shows the variant chosen in Settings
    figures = [tab.text(f"stat-{name}") for name in ("played", "wins", "fewest-moves")]
    assert figures == ["1", "1", "21"]
    tab.send("pagehide")
    again = Tab(local)
    again.send("change", ["suit-runs", True])
    assert again.text("stat-played") == "1", "counted once"
