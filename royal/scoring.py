"""The points of SPEC's scoring, in one place so the game, the guide and tests agree."""

from __future__ import annotations

CARD_POINTS = 10
PAIR_BONUS = 10
WIN_BONUS = 500
TIME_BONUS_SECONDS = 600
UNDO_COST = 15
HINT_COST = 25


def move_points(removed: int) -> int:
    """Points for a move removing ``removed`` cards: 10 a card, and 10 more for a pair."""
    return CARD_POINTS * removed + (PAIR_BONUS if removed == 2 else 0)


def win_points(seconds: int) -> int:
    """Points for a win after ``seconds`` of play: 500 plus ``max(0, 600 - seconds)``."""
    return WIN_BONUS + max(0, TIME_BONUS_SECONDS - seconds)


def clamp(score: int) -> int:
    """The score never goes below 0."""
    return max(0, score)
