"""The in-page guide states figures the project's own solver reproduces, and docs/scoring.md's points."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from royal import scoring
from royal.cli import play_out
from royal.deals import numbered_deal
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
        results.append((solve(cards), play_out(cards, rng.choice), play_out(cards, lambda moves: moves[0])))
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
