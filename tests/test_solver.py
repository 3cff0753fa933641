"""The exact solver against an independent brute force (docs/rules.md, "What the solver knows").

The brute force below knows only the rules: it tries every legal move from every position,
memoised on the tuple of surviving cards. It shares no code with royal.solver or royal.line.
"""

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples
from helpers import winning_moves
from royal.cards import ALL_CARDS
from royal.deals import numbered_deal
from royal.line import Line
from royal.solver import Solution, is_winnable, solve


def encloses_legally(between, suit_runs):
    """One or two cards; with suit runs, also more when all are of one suit."""
    return len(between) in (1, 2) or (suit_runs and len(between) > 2 and len({c[1] for c in between}) == 1)


def rule_moves(cards, suit_runs=False):
    """(left, right, position-after) for every legal move of a tuple of cards."""
    for i, left in enumerate(cards):
        for j in range(i + 2, len(cards)):
            right = cards[j]
            if encloses_legally(cards[i + 1 : j], suit_runs) and (left[0] == right[0] or left[1] == right[1]):
                yield left, right, cards[: i + 1] + cards[j:]


@cache
def brute_min(cards, suit_runs=False):
    """Fewest moves to leave only the two end cards, or None when it cannot be done."""
    if len(cards) == 2:
        return 0
    best = None
    for _, _, after in rule_moves(cards, suit_runs):
        sub = brute_min(after, suit_runs)
        if sub is not None and (best is None or sub + 1 < best):
            best = sub + 1
    return best


def replay(cards, moves, suit_runs=False):
    """Play moves by the rules on a plain list; return what is left (asserting legality)."""
    line = list(cards)
    for move in moves:
        i, j = line.index(move.left), line.index(move.right)
        assert encloses_legally(line[i + 1 : j], suit_runs), f"{move} encloses what it may not"
        assert move.left[0] == move.right[0] or move.left[1] == move.right[1], f"{move} does not match"
        del line[i + 1 : j]
    return line


short_lines = st.integers(min_value=2, max_value=14).flatmap(
    lambda n: st.permutations(ALL_CARDS).map(lambda p: tuple(p[:n]))
)

# Lines made of few ranks and suits have many more moves, so more of them are winnable and
# their proofs are less trivial.
dense_cards = [r + s for r in "A23" for s in "SHDC"]
dense_lines = st.integers(min_value=3, max_value=12).flatmap(
    lambda n: st.permutations(dense_cards).map(lambda p: tuple(p[:n]))
)


def check_against_brute_force(cards, suit_runs=False):
    expected = brute_min(cards, suit_runs)
    assert is_winnable(cards) == (expected is not None)  # the same verdict under either rule
    solution = solve(cards, suit_runs)
    assert solution.winnable == (expected is not None)
    assert solution.min_moves == expected
    if expected is None:
        assert solution.moves == ()
        assert solution.as_notation() == []
    else:
        assert len(solution.moves) == expected
        assert replay(cards, solution.moves, suit_runs) == [cards[0], cards[-1]]
        assert solution.as_notation() == [f"{m.left}-{m.right}" for m in solution.moves]
    line = Line(cards, suit_runs)
    keep = {(m.left, m.right) for m in winning_moves(line)}
    assert keep == {
        (left, right)
        for left, right, after in rule_moves(cards, suit_runs)
        if brute_min(after, suit_runs) is not None
    }
    assert line.cards == cards and line.stack == []  # winning_moves leaves the line as it was


@settings(max_examples=examples(400))
@given(short_lines)
def test_solver_agrees_with_brute_force_on_short_lines(cards):
    check_against_brute_force(cards)


@settings(max_examples=examples(400))
@given(dense_lines)
def test_solver_agrees_with_brute_force_on_dense_lines(cards):
    check_against_brute_force(cards)


# Few suits make long runs of one suit, so the suit-runs rule has work to do.
two_suit_cards = [r + s for r in "A23456" for s in "SH"]
two_suit_lines = st.integers(min_value=3, max_value=12).flatmap(
    lambda n: st.permutations(two_suit_cards).map(lambda p: tuple(p[:n]))
)


@settings(max_examples=examples(400))
@given(st.one_of(short_lines, dense_lines, two_suit_lines))
def test_suit_runs_solver_agrees_with_brute_force(cards):
    check_against_brute_force(cards, suit_runs=True)


def test_suit_runs_sample_needs_the_rule():
    """Guard against a vacuous comparison: many sampled lines win faster with runs, some not at all."""
    import random

    rng = random.Random(3)
    lines = [tuple(rng.sample(two_suit_cards, rng.randint(6, 12))) for _ in range(200)]
    assert sum(brute_min(c) is not None and brute_min(c, True) < brute_min(c) for c in lines) > 20
    assert any(brute_min(c, True) is None for c in lines)


def test_a_full_deal_wins_faster_with_suit_runs():
    cards = numbered_deal(1)
    solution = solve(cards, suit_runs=True)
    assert solution.winnable and solution.min_moves < solve(cards).min_moves
    line = Line(cards, suit_runs=True)
    for move in solution.moves:
        line.push(move)
    assert line.cards == ("QH", "KH")
    assert any(len(played.removed) > 2 for played in line.stack)


def test_brute_force_sample_includes_wins_and_losses():
    # Guard against a vacuous comparison: the generators must produce both verdicts.
    import random

    rng = random.Random(7)
    verdicts = set()
    for _ in range(200):
        cards = tuple(rng.sample(dense_cards, rng.randint(5, 12)))
        verdicts.add(brute_min(cards) is not None)
    assert verdicts == {True, False}


@pytest.mark.parametrize(
    "cards, winnable, fewest",
    [
        (("QH", "KH"), True, 0),
        (("QH", "2S", "KH"), True, 1),  # QH-KH share hearts, one card between
        (("QH", "2S", "3C", "KH"), True, 1),  # a pair
        (("QH", "2S", "3C", "4D", "KH"), False, None),  # three between and no other move
        (("QS", "2S", "3S", "4S", "5S", "6S", "7S"), True, 3),  # 5 cards: pair+pair+single
        (("AS", "2D", "3C", "AH"), True, 1),
        (("AS", "2D", "AH"), True, 1),
        (("AS", "2D", "3H"), False, None),
    ],
)
def test_small_known_lines(cards, winnable, fewest):
    solution = solve(cards)
    assert solution == Solution(winnable, fewest, solution.moves)
    assert is_winnable(cards) is winnable


def test_a_line_needs_its_two_ends():
    for cards in ((), ("QH",)):
        with pytest.raises(ValueError):
            solve(cards)
        with pytest.raises(ValueError):
            is_winnable(cards)


@settings(max_examples=examples(60))
@given(st.integers(min_value=1, max_value=2**64 - 1))
def test_full_deals_solution_replays_to_a_win(number):
    cards = numbered_deal(number)
    solution = solve(cards)
    assert solution.winnable == is_winnable(cards)
    if solution.winnable:
        assert 25 <= solution.min_moves == len(solution.moves)
        line = Line(cards)
        for move in solution.moves:
            line.push(move)
        assert line.cards == ("QH", "KH")
        # The first move of a shortest win leaves a line one move shorter to win, and no
        # winning move leaves a line shorter than that (the minimum is really a minimum).
        first = Line(cards)
        first.push(solution.moves[0])
        assert solve(first.cards).min_moves == solution.min_moves - 1
        assert solution.moves[0] in winning_moves(Line(cards))
    else:
        assert solution.moves == () and solution.min_moves is None
        assert winning_moves(Line(cards)) == []


def test_bellman_optimality_on_a_few_full_deals():
    for number in (1, 2, 3, 20261129):
        cards = numbered_deal(number)
        best = solve(cards).min_moves
        if best is None:
            continue
        line = Line(cards)
        afters = []
        for move in winning_moves(line):
            line.push(move)
            afters.append(solve(line.cards).min_moves)
            line.pop()
        assert min(afters) == best - 1


@settings(max_examples=examples(40))
@given(st.integers(min_value=1, max_value=10**9), st.lists(st.integers(0, 50), max_size=30))
def test_mid_game_positions_of_full_deals(number, picks):
    """Along random play, the verdict of a position and of its winning moves hang together."""
    line = Line(numbered_deal(number))
    for pick in picks:
        moves = line.legal_moves()
        if not moves:
            break
        line.push(moves[pick % len(moves)])
    cards = line.cards
    keep = winning_moves(line)
    assert is_winnable(cards) == bool(keep) or len(cards) == 2
    solution = solve(cards)
    assert solution.winnable == is_winnable(cards)
    if solution.winnable and len(cards) > 2:
        assert replay(cards, solution.moves) == ["QH", "KH"]
        assert solution.moves[0] in keep
        for move in line.legal_moves():
            line.push(move)
            assert (move in keep) == is_winnable(line.cards)
            if move in keep:
                assert solve(line.cards).min_moves >= solution.min_moves - 1
            line.pop()


@pytest.mark.slow
def test_the_spec_odds_hold_on_a_sample_of_deals():
    """docs/rules.md: about 98.7% of deals are winnable, and a win takes 25 to 30 moves at least."""
    verdicts = [is_winnable(numbered_deal(n)) for n in range(1, 2001)]
    share = sum(verdicts) / len(verdicts)
    assert 0.975 <= share <= 0.995
    fewest = [solve(numbered_deal(n)).min_moves for n in range(1, 151)]
    wins = [m for m in fewest if m is not None]
    assert all(25 <= m <= 30 for m in wins)
    assert 0.25 <= wins.count(25) / len(wins) <= 0.55  # "about 40%" are all pairs
