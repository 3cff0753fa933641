"""The line, move notation, and push/pop (docs/rules.md, "Moves" and "Move notation")."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import WHITESPACE
from royal.cards import ALL_CARDS
from royal.deals import numbered_deal
from royal.line import IllegalMove, Line, Move

short_lines = st.integers(min_value=2, max_value=16).flatmap(
    lambda n: st.permutations(ALL_CARDS).map(lambda p: list(p[:n]))
)


def shares(a, b):
    return a[0] == b[0] or a[1] == b[1]


def moves_by_the_rules(cards, suit_runs=False):
    """Every (left, right) pair with one or two cards between that share rank or suit; with
    suit runs, also those with three or more between when they are all of one suit."""
    found = set()
    for i in range(len(cards)):
        for j in range(i + 1, len(cards)):
            between = cards[i + 1 : j]
            run = suit_runs and len(between) > 2 and len({c[1] for c in between}) == 1
            if (len(between) in (1, 2) or run) and shares(cards[i], cards[j]):
                found.add((cards[i], cards[j]))
    return found


# Runs of one suit make lines with many more suit-run moves.
spade_heavy_lines = st.lists(
    st.sampled_from([r + s for r in "A23456789TJQK" for s in "SSSH"]), min_size=2, max_size=16, unique=True
)


# Notation --------------------------------------------------------------------------------


def test_a_move_is_written_as_its_boundaries_left_first():
    assert str(Move("QH", "7H")) == "QH-7H"
    assert Move.parse("QH-7H") == Move("QH", "7H")
    assert Move.parse("qh-7h") == Move("QH", "7H")


@pytest.mark.parametrize("bad", ["", "QH", "QH7H", "QH-7H-8H", "QH-ZZ", "Q-7H", "QH-QH", "-", 7, None])
def test_bad_notation_is_refused(bad):
    with pytest.raises(IllegalMove):
        Move.parse(bad)


def test_a_code_padded_with_an_ideographic_space_is_the_code_in_a_move():
    """An ideographic space (U+3000) after QH once got the refusal "unknown card code 'QH'"."""
    assert Move.parse("QH\u3000-7H") == Move("QH", "7H")
    assert Move.parse("\u3000qh\u3000-\u30007h\u3000") == Move("QH", "7H")


@given(st.lists(st.sampled_from(WHITESPACE), min_size=4, max_size=4), st.permutations(ALL_CARDS))
def test_whitespace_of_any_kind_around_the_codes_of_a_move_is_padding(spaces, cards):
    a, b, c, d = spaces
    left, right = cards[:2]
    assert Move.parse(f"{a}{left}{b}-{c}{right}{d}") == Move(left, right)


def test_a_look_alike_letter_in_a_move_is_shown_for_what_it_is():
    with pytest.raises(IllegalMove) as info:
        Move.parse("Q\u041d-7H")
    assert str(info.value).startswith("'Q\\u041d-7H' is not a move: unknown card code 'Q\\u041d'")


@given(st.sampled_from(ALL_CARDS), st.sampled_from(ALL_CARDS))
def test_notation_round_trips(a, b):
    if a != b:
        assert Move.parse(str(Move(a, b))) == Move(a, b)


# Legal moves -----------------------------------------------------------------------------


def test_legal_moves_in_a_small_line():
    line = Line(["QH", "2S", "3H", "4D", "KH"])
    # QH-3H encloses one card (2S) and shares hearts; 3H-KH encloses 4D; QH-4D shares nothing.
    assert {str(m) for m in line.legal_moves()} == {"QH-3H", "3H-KH"}


def test_pair_moves_enclose_two_cards_and_royals_can_bound():
    line = Line(["QH", "2S", "3C", "5H", "KH"])
    assert {str(m) for m in line.legal_moves()} == {"QH-5H"}
    line = Line(["QH", "2S", "3C", "QD", "KH"])
    assert {str(m) for m in line.legal_moves()} == {"QH-QD"}


def test_three_cards_between_is_not_a_move():
    line = Line(["QH", "2S", "3C", "4D", "5H", "KH"])
    assert line.legal_moves() == []
    assert not line.has_moves()
    with pytest.raises(IllegalMove, match="3 lie between"):
        line.push(Move("QH", "5H"))


@given(short_lines)
def test_legal_moves_are_exactly_the_rule(cards):
    line = Line(cards)
    listed = [(m.left, m.right) for m in line.legal_moves()]
    assert len(listed) == len(set(listed))
    assert set(listed) == moves_by_the_rules(cards)
    assert line.has_moves() == bool(listed)
    for card in cards:
        assert {(m.left, m.right) for m in line.partners(card)} == {mv for mv in listed if card in mv}


@given(st.one_of(short_lines, spade_heavy_lines))
def test_suit_run_moves_are_exactly_the_rule(cards):
    line = Line(cards, suit_runs=True)
    listed = [(m.left, m.right) for m in line.legal_moves()]
    assert len(listed) == len(set(listed))
    assert set(listed) == moves_by_the_rules(cards, suit_runs=True)
    assert line.has_moves() == bool(listed)
    for left, right in listed:
        enclosed = line.enclosed(Move(left, right))
        assert enclosed == tuple(cards[cards.index(left) + 1 : cards.index(right)])


def test_a_run_of_one_suit_goes_at_once_with_suit_runs_only():
    cards = ["QH", "2S", "3S", "9S", "4S", "7H", "KH"]
    with pytest.raises(IllegalMove, match="must enclose one or two cards, and 4 lie between"):
        Line(cards).push(Move("QH", "7H"))
    line = Line(cards, suit_runs=True)
    assert line.push(Move("QH", "7H")).removed == ("2S", "3S", "9S", "4S")
    assert line.cards == ("QH", "7H", "KH")
    line.pop()
    assert line.cards == tuple(cards)
    with pytest.raises(IllegalMove, match="or a run of one suit, and 5 lie between"):
        line.push(Move("QH", "KH"))  # 2S 3S 9S 4S 7H: not one suit
    assert line.cards == tuple(cards)


# Push and pop ----------------------------------------------------------------------------


def test_push_removes_the_enclosed_cards_and_closes_up():
    line = Line(["QH", "2S", "3H", "4D", "KH"])
    played = line.push(Move("QH", "3H"))
    assert line.cards == ("QH", "3H", "4D", "KH")
    assert played.removed == ("2S",)
    assert len(line) == 4
    assert list(line) == ["QH", "3H", "4D", "KH"]


def test_pair_removal():
    line = Line(["QH", "2S", "3C", "5H", "KH"])
    assert line.push(Move("QH", "5H")).removed == ("2S", "3C")
    assert line.cards == ("QH", "5H", "KH")


@pytest.mark.parametrize(
    "move, reason",
    [
        (Move("3H", "QH"), "left boundary must come first"),
        (Move("QH", "4D"), "share neither rank nor suit"),
        (Move("QH", "KH"), "lie between"),
        (Move("QH", "2S"), "0 lie between"),
        (Move("QH", "AS"), "ace of spades is no longer in the line"),
        (Move("XX", "3H"), "'XX' is not a card code"),
        (Move("QH", ""), "'' is not a card code"),
    ],
)
def test_illegal_moves_say_why_and_change_nothing(move, reason):
    line = Line(["QH", "2S", "3H", "4D", "KH"])
    with pytest.raises(IllegalMove, match=reason):
        line.push(move)
    assert line.cards == ("QH", "2S", "3H", "4D", "KH")
    assert line.stack == []


def test_a_removed_card_cannot_bound_a_move():
    line = Line(["QH", "2H", "3H", "4H", "KH"])
    line.push(Move("QH", "3H"))
    with pytest.raises(IllegalMove, match="two of hearts is no longer"):
        line.push(Move("2H", "4H"))


@given(
    st.integers(min_value=1, max_value=10**9), st.lists(st.integers(min_value=0, max_value=99), max_size=40)
)
def test_random_pushes_then_pops_restore_every_position(number, picks):
    deal = numbered_deal(number)
    line = Line(deal)
    history = [line.cards]
    for pick in picks:
        moves = line.legal_moves()
        if not moves:
            break
        before = line.cards
        played = line.push(moves[pick % len(moves)])
        # The boundaries stay, the enclosed cards go, and the survivors keep their order.
        assert played.move.left in line.cards and played.move.right in line.cards
        assert len(before) - len(line) == len(played.removed) in (1, 2)
        assert set(before) - set(line.cards) == set(played.removed)
        history.append(line.cards)
        it = iter(deal)
        assert all(card in it for card in line.cards)  # a subsequence of the deal
        assert line.cards[0] == "QH" and line.cards[-1] == "KH"
    assert len(line.stack) == len(history) - 1
    while line.stack:
        history.pop()
        line.pop()
        assert line.cards == history[-1]
    assert line.cards == deal


def test_enclosed_names_what_a_move_would_remove_without_playing_it():
    line = Line(["QH", "2H", "3S", "4H", "KH"])
    assert line.enclosed(Move("2H", "4H")) == ("3S",)
    assert line.enclosed(Move("QH", "4H")) == ("2H", "3S")
    assert line.cards == ("QH", "2H", "3S", "4H", "KH") and line.stack == []
    with pytest.raises(IllegalMove, match="one or two cards"):
        line.enclosed(Move("QH", "KH"))


def test_other_is_the_partner_of_either_boundary():
    move = Move("QH", "7H")
    assert move.other("QH") == "7H" and move.other("7H") == "QH"
