"""The in-page guide states figures the project's own solver reproduces, and docs/scoring.md's points."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from royal import scoring, shortcuts
from royal.cards import ALL_CARDS, cards_match
from royal.deals import numbered_deal
from royal.difficulty import play_out
from royal.solver import solve

PAGE = (Path(__file__).resolve().parent.parent / "index.html").read_text(encoding="utf-8")
SAMPLE = range(1, 2001)


def figure(name: str) -> float:
    values = set(re.findall(rf'data-figure="{name}">([\d.]+)%?<', PAGE))
    assert len(values) == 1, f"figure {name} appears with values {values}"
    return float(values.pop())


@pytest.fixture(scope="module")
def sample():  # 2000 deals: slow, so the tests using it are marked slow
    rng = random.Random(7)
    results = []
    for number in SAMPLE:
        cards = numbered_deal(number)
        results.append(
            (solve(cards), len(play_out(cards, rng.choice)) == 2, len(play_out(cards, lambda m: m[0])) == 2)
        )
    return results


def share(flags) -> float:
    flags = list(flags)
    return 100 * sum(flags) / len(flags)


@pytest.mark.slow
def test_winnable_share_matches_the_solver(sample):
    assert abs(share(s.winnable for s, _, _ in sample) - figure("winnable")) < 1.0


@pytest.mark.slow
def test_strategy_shares_match_play_outs(sample):
    assert abs(share(r for _, r, _ in sample) - figure("random")) < 2.5
    assert abs(share(left for _, _, left in sample) - figure("leftmost")) < 2.5


@pytest.mark.slow
def test_fewest_move_figures_match_the_solver(sample):
    assert abs(share(s.min_moves == 25 for s, _, _ in sample) - figure("min25")) < 3.0
    assert max(s.min_moves for s, _, _ in sample if s.winnable) <= figure("max-min")


def test_the_guide_states_specs_scoring():
    text = re.sub(r"\s+", " ", PAGE)
    assert f"+{scoring.CARD_POINTS} for each card removed" in text
    assert f"+{scoring.PAIR_BONUS} more when a move removes a pair" in text
    assert f"a pair scores {2 * scoring.CARD_POINTS + scoring.PAIR_BONUS}" in text
    assert f"A win adds {scoring.WIN_BONUS}" in text
    assert f"{scoring.TIME_BONUS_SECONDS} minus the seconds you played" in text
    assert f"costs {scoring.UNDO_COST} more" in text
    assert f"Each hint costs {scoring.HINT_COST}" in text


def test_the_guide_says_when_browsers_delete_data_and_what_the_game_does_about_it():
    text = " ".join(re.sub(r"<[^>]+>", " ", PAGE).split())
    assert "Safari deletes the data of sites that are not installed after 7 days without a visit" in text
    assert (
        "Once you have won a game, or when you install the game, it asks your browser to keep its data"
        in text
    )


def _text() -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", PAGE))


def test_the_guide_states_the_running_total_and_the_free_hints():
    text = _text()
    assert "one running total of everything gained and lost, shown as 0 while that total is below 0" in text
    assert f"an undo followed by a redo always costs exactly {scoring.UNDO_COST}" in text
    assert f"three hints always cost {3 * scoring.HINT_COST}" in text
    assert "asking again for the same position is free" in text
    assert "so is a hint in a game that can no longer be won" in text
    assert "never goes below 0" not in text


def test_the_guide_names_only_true_partners_of_the_royals():
    text = _text()
    assert "any heart, queen or king can pair with the Queen of Hearts" not in text
    assert "the Queen of Hearts pairs with any heart or any queen" in text
    assert "the King of Hearts with any heart or any king" in text
    # What those sentences claim, checked with the game's own matching rule.
    partners = {card for card in ALL_CARDS if card != "QH" and cards_match("QH", card)}
    assert partners == {c for c in ALL_CARDS if c != "QH" and (c[1] == "H" or c[0] == "Q")}
    assert not cards_match("QH", "KS")


def test_the_faq_answers_the_three_questions_players_ask():
    questions = re.findall(r"<summary>(.*?)</summary>", PAGE)
    for question in (
        "Are the two matching cards removed?",
        "What counts as a boundary match?",
        "Can more than two cards be removed at once?",
    ):
        assert question in questions


def test_the_hint_tip_promises_only_what_the_hint_does():
    text = _text()
    assert "tells you as soon as the game can no longer be won" not in text
    assert "when you ask, it marks a move on a shortest win from where you are" in text


def test_the_keys_line_lists_every_key_the_game_takes():
    keys = re.sub(r"\s+", " ", re.search(r'<p class="keys".*?</p>', PAGE, re.S).group(0))
    shown = {"ArrowLeft": "←", "ArrowRight": "→", "ArrowUp": "↑", "ArrowDown": "↓", "escape": "Esc"}
    taken = [*shortcuts.ARROWS, *shortcuts.PLAIN, "Enter", "Space"]
    for key in taken:
        assert f"<kbd>{shown.get(key, key.upper() if len(key) == 1 else key)}</kbd>" in keys, key
    # Every combination the shortcut table answers to, written as the line writes it.
    game = shortcuts.KEY_MAP["game"].keys
    for combo, action in (("z", "undo"), ("y", "redo")):
        assert game[f"Ctrl+{combo}"] == ("press", action)
        assert f"<kbd>Ctrl</kbd>+<kbd>{combo.upper()}</kbd> {action}" in keys or (
            f"<kbd>Ctrl</kbd>+<kbd>{combo.upper()}</kbd> or" in keys
        )
    assert game["Ctrl+Shift+Z"] == ("press", "redo")
    assert "<kbd>Ctrl</kbd>+<kbd>Shift</kbd>+<kbd>Z</kbd> redo" in keys
    assert "<kbd>↑</kbd> <kbd>↓</kbd> to the row above or below" in keys
