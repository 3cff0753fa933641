"""What the page says: selections, moves, hints and endings, and where a lost game went wrong."""

from __future__ import annotations

import datetime as _dt

import pytest

from helpers import UNWINNABLE, leftmost_play, win_game
from royal import describe
from royal.cards import shown_name
from royal.deals import numbered_deal
from royal.describe import Notice
from royal.game import Game, Outcome
from royal.line import Line, Move
from royal.scoring import Breakdown
from royal.solver import solve
from royal.stats import Stats
from royal.storage import InMemory, Saving, Unreadable
from tools.paths import ROOT


def leftmost_until_over(number: int) -> Game:
    game = Game.numbered(number)
    for t, move in enumerate(leftmost_play(number)[0]):
        game.play(move, float(t))
    return game


STUCK_DEALS = [n for n in range(1, 40) if not leftmost_play(n)[1]][:6]


@pytest.mark.parametrize("number", STUCK_DEALS)
def test_last_winnable_is_the_last_position_the_solver_can_still_win(number):
    game = leftmost_until_over(number)
    last = game.last_winnable()
    assert last is not None and last < game.moves
    line = Line(numbered_deal(number))
    for played in game.line.stack[:last]:
        line.push(played.move)
    assert solve(line.cards).winnable
    line.push(game.line.stack[last].move)
    assert not solve(line.cards).winnable
    heading, text = describe.ending(game, 0)
    assert heading == "No moves are left."
    # One sentence: the cards left and where the game could still be won (the panel's first
    # button goes back there).
    assert text == f"{len(game.line)} cards are left, and your game could still be won after move {last}."
    assert describe.rewind_button(last) == f"Back to move {last}, still winnable"


def test_an_unwinnable_deal_is_said_to_be_lost_for_everyone():
    game = leftmost_until_over(UNWINNABLE)
    assert game.outcome is Outcome.STUCK and game.last_winnable() is None
    words = describe.ending(game, 0)[1]
    assert words == f"{len(game.line)} cards are left, and no one could have won this deal."


def test_a_win_in_par_is_a_perfect_marriage():
    game = Game.numbered(1)
    win_game(game)
    heading, text = describe.ending(game, 75.0)
    assert heading == "A perfect marriage!"
    assert "Time" not in text and "score" not in text, "the panel shows the figures"
    assert describe.win_figures(game, 75.0) == f"Time 0:00, {game.moves} moves, score {game.score}."
    assert f"You won in par, {solve(numbered_deal(1)).min_moves} moves, the fewest this deal allows." in text


def test_a_hint_made_win_is_not_perfect_and_says_so():
    """docs/rules.md, "Par and perfect marriages": a win in par with a hint is a win with hints,
    never "A perfect marriage!", and the stats count it as a win and not a perfect one."""
    game = Game.numbered(1)
    while game.outcome is None:  # Hint before every move, and play what it names
        move = game.hint()
        assert move is not None
        game.play(move, 0.0)
    assert game.moves == game.par and game.with_hints
    heading, text = describe.ending(game, 75.0)
    assert heading == "You won!" != describe.PERFECT
    assert f"You won in par, {game.par} moves, with hints" in text
    stats = Stats()
    assert stats.record(game.result(75.0), _dt.date(2026, 12, 1))
    assert (stats.wins, stats.perfect_wins, stats.wins_with_hints) == (1, 0, 1)
    plain = Game.numbered(1)
    win_game(plain)
    assert "hints" not in describe.ending(plain, 75.0)[1], "no word of help that was not taken"


def test_a_win_in_par_after_undos_is_a_perfect_marriage_that_names_their_cost():
    """Undo leaves no mark (docs/stats.md, "Wins with hints"): the end says what undos cost."""
    game = Game.numbered(1)
    first = solve(game.cards).moves[0]
    game.play(first, 0.0)
    game.undo(0.0)
    win_game(game)
    heading, text = describe.ending(game, 75.0)
    assert heading == describe.PERFECT and "Undos cost points, not the title: yours cost 15." in text


def test_a_longer_win_gives_its_moves_against_par():
    cards = numbered_deal(1)
    par = solve(cards).min_moves
    # Take a single card where the shortest win takes a pair, then win from there.
    game = Game(cards)
    while game.outcome is None:
        moves = game.legal_moves()
        singles = [m for m in moves if len(game.line.enclosed(m)) == 1]
        keep = [m for m in singles if Line(game.line.cards).push(m) and solve(_after(game, m)).winnable]
        game.play(keep[0] if keep and game.moves < 3 else solve(game.line.cards).moves[0], 0.0)
    assert game.moves > par
    heading, text = describe.ending(game, 0.0)
    over = game.moves - par
    assert heading == "You won!"
    assert f"Par for this deal, its fewest possible moves, is {par}: you took {over} move" in text


def _after(game, move):
    line = Line(game.line.cards)
    line.push(move)
    return line.cards


def test_selection_lists_each_partner_with_what_it_removes():
    line = Line(["QH", "3S", "7H", "4D", "5C", "9H", "KH"])
    text = describe.selection(line, "7H")
    assert text.startswith("7♥ selected. Pair it with ")
    assert text == "7♥ selected. Pair it with Q♥ (removes 3♠), or 9♥ (removes 4♦ and 5♣)."
    assert describe.selection(line, "3S") == "No move uses 3♠ right now."


def test_announcements_use_spoken_names():
    line = Line(["QH", "3S", "7H", "KH"])
    played = line.push(Move("QH", "7H"))
    assert describe.played(played, len(line)) == (
        "Removed three of spades, between queen of hearts and seven of hearts. 3 cards left."
    )
    undone = line.pop()
    assert describe.undone(undone, len(line)) == "Undone: three of spades back in the line. 4 cards left."


def test_hint_text_names_the_move_and_what_it_removes():
    game = Game(numbered_deal(1))
    move = game.legal_moves()[0]
    removed = " and ".join(shown_name(c) for c in game.line.removal(move)[1])
    assert describe.hint(move, game) == (
        f"Hint: {shown_name(move.left)} and {shown_name(move.right)} remove {removed}. "
        "It keeps the game winnable."
    )


def test_a_hint_in_a_lost_game_says_where_it_went_wrong():
    checked = 0
    for number in STUCK_DEALS:
        game = leftmost_until_over(number)
        last = game.last_winnable()
        if last is None:
            continue
        while game.moves > last + 1:
            game.undo(0)  # back to just after the losing move
        if game.outcome is not None:
            continue  # the losing move was also the last one
        assert not solve(game.line.cards).winnable
        text = describe.hint(game.hint(), game)
        assert text.startswith("This game can no longer be won from here. ")
        assert f"could still be won after move {last}. Undo 1 move to get back there" in text
        checked += 1
    assert checked


def test_the_score_breakdown_shows_each_part_and_penalties_as_a_minus():
    parts = Breakdown(cards=500, pairs=240, win_bonus=500, time_bonus=586, penalties=40)
    assert describe.breakdown(parts) == {
        "cards": "500",
        "pairs": "240",
        "win-bonus": "500",
        "time-bonus": "586",
        "penalties": "\N{MINUS SIGN}40",
        "score": "1786",
    }
    assert describe.breakdown(Breakdown(cards=10, penalties=25))["score"] == "0"  # shown floored
    assert describe.breakdown(Breakdown())["penalties"] == "0"


def test_each_way_of_leaving_has_its_question():
    for action, (heading, confirm) in describe.LEAVE_QUESTIONS.items():
        assert heading.endswith("?") and confirm, action
    assert set(describe.LEAVE_QUESTIONS) == {"new-game", "daily", "restart", "challenge", "play-on"}
    assert describe.LOSS_WARNING == "This game will count as a loss."


@pytest.mark.parametrize("kind", ["game", "stats", "settings"])
def test_the_unreadable_data_notice_speaks_to_players(kind):
    kept = describe.storage_notice(Unreadable(kind, "saved data is not valid JSON", kept_aside=True))
    assert "could not be read (saved data is not valid JSON)" in kept.text and "kept aside" in kept.text
    assert "royal-marriage" not in kept.text and "storage" not in kept.text and kept.warning
    assert "oldest was dropped" not in kept.text
    full = describe.storage_notice(Unreadable(kind, "x", kept_aside=True, dropped_beyond=20))
    assert "at most 20 such copies are kept, so the oldest was dropped" in full.text
    assert "untouched" in describe.storage_notice(Unreadable(kind, "x", kept_aside=False)).text
    # Read while this page was open (another page wrote it): this page's copy replaces it.
    own = describe.storage_notice(Unreadable(kind, "x", kept_aside=True, own=True)).text
    assert "so what this page shows is saved in its place" in own and "start" not in own
    stays = describe.storage_notice(Unreadable(kind, "x", kept_aside=False, own=True)).text
    assert "this page goes on with what it shows" in stays and "untouched" in stays


def test_going_on_in_memory_says_why():
    assert describe.storage_notice(InMemory.REFUSED) == Notice(describe.NO_STORAGE)
    assert describe.storage_notice(InMemory.NEWER) == Notice(describe.NEWER_ELSEWHERE)


def test_a_refused_write_says_the_page_keeps_play_and_tries_again_and_then_that_it_saves():
    paused, resumed = describe.storage_notice(Saving.PAUSED), describe.storage_notice(Saving.RESUMED)
    assert paused.warning and "kept in this page" in paused.text and "tries again" in paused.text
    assert not resumed.warning and "saving this page's data again" in resumed.text
    stays = describe.storage_notice(Unreadable("game", "x", kept_aside=False)).text
    assert "no room to keep a copy of it aside" in stays and "until there is" in stays


def test_a_newer_versions_data_is_named_as_such_and_the_advice_can_help():
    """Issue 26, item 11: a reload serves this same build until the site offers the newer one,
    so the notice says what is true and what the player can do, not to reload as such."""
    text = describe.storage_notice(InMemory.NEWER).text
    assert "written by a newer version of the game" in text
    assert "plays without saving" in text and "stays intact" in text and "not kept" in text
    assert "play where it runs" in text
    # Reload is the way only once the page offers the new version, in its own words.
    assert "once this page says a new version of the game is ready" in text
    assert "A new version of the game is ready." in (ROOT / "index.html").read_text()  # those words
    assert "reload to play" not in text.lower()


def test_no_backup_refusal_speaks_of_trust() -> None:
    # The checksum only catches accidents: a refusal that says a file "cannot be trusted" promises a seal.
    # The constant sentences are looked up in the language in use (describe's __getattr__).
    refusals = {name: getattr(describe, name) for name in dir(describe) if name.startswith("BACKUP_")}
    assert len(refusals) >= 10
    assert not [name for name, text in refusals.items() if "trust" in text.lower()]
