"""The page's state of play under CPython (royal/table): each message the player's clicks,
keys, drags and dialogs send, and what the page is told to say, sound, ask and draw."""

import datetime as dt

from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples
from helpers import DAY, STUCK, WINNABLE, leftmost_play, session
from royal import describe
from royal.cards import spoken_name
from royal.challenges import challenges
from royal.deals import numbered_deal
from royal.game import Game
from royal.line import Line, Move
from royal.links import DealRequest
from royal.solver import solve
from royal.table import messages as m
from royal.table.choice import Choice
from royal.table.play import LINK_DIALOG, LOSS_DIALOG, Play
from royal.table.reply import Draw, Reply
from royal.table.state import PageState


def table(number=WINNABLE, **changes):
    s = session()
    if changes:
        s.change_settings(**changes)
    s.start(Game.numbered(number))
    return Play(s, PageState())


def effects(reply):
    return [(effect.name, effect.data) for effect in reply.show.effects]


def played(play):
    """The moves of the game's line of play."""
    return [entry.move for entry in play.game.line.stack if hasattr(entry, "move")]


def spoken(reply):
    return reply.heard.told.spoken


def a_card_with_partners(line):
    return line.legal_moves()[0].left


def a_card_without(line):
    return next(card for card in line.cards if not line.partners(card))


# The line ---------------------------------------------------------------------------------------


def test_a_picked_card_is_selected_and_its_partners_and_what_they_remove_are_marked():
    play = table()
    line = play.game.line
    card = a_card_with_partners(line)
    reply = play.update(m.Pick(card))
    assert play.state.choice == Choice(card)
    assert reply.draw is Draw.MARKS and not reply.changed
    assert reply.heard.told.shown == describe.selection(line, card)
    assert spoken(reply) == describe.selection(line, card, spoken_name)
    assert reply.heard.sound is None
    marks = play.state.choice.marks(line)
    for move in line.partners(card):
        assert marks[move.other(card)]["data-role"] == "partner"


def test_a_partner_that_another_pairing_would_remove_is_marked_as_a_partner():
    """Q♥ 9♥ 6♣ 8♥ 10♥ ...: with 9♥ chosen, 8♥ is a partner, and 9♥-10♥ would remove it."""
    line, chosen = next(
        (line, card)
        for number in range(1, 500)
        for line in [Game.numbered(number).line]
        for card in line.cards
        if any(
            move.other(card) in line.enclosed(other)
            for move in line.partners(card)
            for other in line.partners(card)
        )
    )
    partners = {move.other(chosen) for move in line.partners(chosen)}
    enclosed = {card for move in line.partners(chosen) for card in line.enclosed(move)}
    assert partners & enclosed
    marks = Choice(chosen).marks(line)
    assert {card for card, mark in marks.items() if mark.get("data-role") == "partner"} == partners
    assert {
        card for card, mark in marks.items() if mark.get("data-role") == "enclosed"
    } == enclosed - partners


def test_a_card_without_partners_is_selected_with_the_sound_that_says_so():
    play = table()
    card = a_card_without(play.game.line)
    reply = play.update(m.Pick(card))
    assert play.state.choice.card == card
    assert reply.heard.sound == "no-partner"


def test_picking_the_selected_card_again_or_cancelling_drops_the_selection():
    play = table()
    card = a_card_with_partners(play.game.line)
    play.update(m.Pick(card))
    reply = play.update(m.Pick(card))
    assert play.state.choice == Choice()
    assert reply.heard.told.shown == "" and spoken(reply) == describe.SELECTION_CANCELLED
    play.update(m.Pick(card))
    assert play.update(m.Press("cancel")).draw is Draw.MARKS
    assert play.state.choice == Choice()
    assert play.update(m.Press("cancel")) == Reply()  # nothing selected: nothing to say


def test_picking_a_partner_of_the_selected_card_plays_the_move():
    play = table()
    move = play.game.line.legal_moves()[0]
    play.update(m.Pick(move.left))
    reply = play.update(m.Pick(move.right))
    assert played(play) == [move]
    assert play.state.choice == Choice()
    assert reply.draw is Draw.PAGE and reply.changed and not reply.ended
    assert reply.heard.sound == "move"
    assert spoken(reply).startswith(describe.played(play.game.line.stack[-1], play.game.cards_left))


def test_quick_play_plays_a_card_with_exactly_one_move_at_once():
    play = table(quick_play=True)
    line = play.game.line
    card = next(c for c in line.cards if len(line.partners(c)) == 1)
    move = line.partners(card)[0]
    play.update(m.Pick(card))
    assert played(play) == [move]
    line = play.game.line
    several = next(c for c in line.cards if len(line.partners(c)) > 1)
    play.update(m.Pick(several))
    assert play.state.choice == Choice(several), "a card with more moves is selected"
    assert played(play) == [move]


def test_a_card_already_gone_from_the_line_is_ignored():
    play = table()
    move = play.game.line.legal_moves()[0]
    play.update(m.Play(move))
    removed = play.game.line.stack[-1].removed[0]
    assert play.update(m.Pick(removed)) == Reply()
    assert play.update(m.DragStart(removed)) == Reply()


def test_a_drag_selects_the_card_and_a_drop_on_a_partner_plays_the_move():
    play = table()
    move = play.game.line.legal_moves()[0]
    assert play.update(m.DragStart(move.left)).draw is Draw.MARKS
    assert play.state.choice.card == move.left
    assert play.update(m.DragStart(move.left)) == Reply()  # already selected: nothing new
    play.update(m.Drop(move.left, move.right))
    assert played(play) == [move]


def test_a_drop_anywhere_but_on_a_partner_cancels():
    play = table()
    move = play.game.line.legal_moves()[0]
    play.update(m.DragStart(move.left))
    reply = play.update(m.Drop(move.left, None))
    assert played(play) == [] and play.state.choice == Choice()
    assert spoken(reply) == describe.SELECTION_CANCELLED


def test_an_illegal_move_says_why_and_changes_nothing():
    play = table()
    line = play.game.line
    illegal = Move(line.cards[0], line.cards[-1])
    reply = play.update(m.Play(illegal))
    assert played(play) == []
    assert reply.heard.told.shown and reply.draw is Draw.NOTHING


def test_the_winning_move_celebrates_reads_the_ending_and_focuses_the_end_panel():
    play = table()
    moves = solve(play.game.line.cards).moves
    for move in moves[:-1]:
        play.update(m.Play(move))
    reply = play.update(m.Play(moves[-1]))
    assert reply.heard.sound == "win" and reply.heard.celebrate
    assert reply.ended and reply.changed
    now = play.session.now()
    heading, text = describe.ending(play.game, now)
    # The panel shows the time, moves and score as figures; the words read them out first.
    assert spoken(reply).endswith(f"{heading} {describe.win_figures(play.game, now)} {text}")
    # Once the game is over the line takes no picks, drags or hints.
    card = play.game.line.cards[0]
    assert play.update(m.Pick(card)) == Reply()
    assert play.update(m.DragStart(card)) == Reply()
    assert play.update(m.Press("hint")) == Reply()


def test_a_move_that_loses_the_game_warns_with_its_own_sound():
    number, moves = _losing_play()
    play = table(number, warn_lost=True)
    for move in moves[:-1]:
        play.update(m.Play(move))
    reply = play.update(m.Play(moves[-1]))
    assert play.game.outcome is None
    assert reply.heard.sound == "lost"
    warning = describe.lost_warning(play.game)
    assert reply.heard.told.shown == warning and spoken(reply).endswith(warning)


def _losing_play():
    """A deal and leftmost moves whose last turns a winnable game into a lost one that goes on."""
    for number in range(STUCK, STUCK + 200):
        line = Line(numbered_deal(number))
        moves = []
        while line.legal_moves():
            winnable = solve(line.cards).winnable
            moves.append(line.legal_moves()[0])
            line.push(moves[-1])
            if winnable and not solve(line.cards).winnable and line.legal_moves():
                return number, moves
    raise AssertionError("no deal is lost before its end by leftmost play")


# Buttons and keys -------------------------------------------------------------------------------


def test_undo_and_redo_take_back_and_replay_the_move_with_their_words_and_sounds():
    play = table()
    move = play.game.line.legal_moves()[0]
    assert play.update(m.Press("undo")) == Reply()  # nothing to undo
    assert play.update(m.Press("redo")) == Reply()
    play.update(m.Play(move))
    entry = play.game.line.stack[-1]
    undo = play.update(m.Press("undo"))
    assert played(play) == [] and undo.heard.sound == "undo"
    assert spoken(undo) == describe.undone(entry, play.game.cards_left)
    redo = play.update(m.Press("redo"))
    assert played(play) == [move] and redo.heard.sound == "move"
    assert spoken(redo) == describe.played(entry, play.game.cards_left)


def test_a_hint_marks_a_winning_move_in_place_of_the_selection():
    play = table()
    line = play.game.line
    play.update(m.Pick(line.cards[0]))
    reply = play.update(m.Press("hint"))
    hint = play.state.choice.hint
    assert play.state.choice.card is None and hint is not None
    assert reply.heard.told.shown == describe.hint(hint, play.game)
    marks = play.state.choice.marks(line)
    assert marks[hint.left]["data-hint"] == marks[hint.right]["data-hint"] == "boundary"
    partner = line.partners(hint.left)[0].other(hint.left)
    play.update(m.Pick(hint.left))  # a choice keeps the hint on show
    assert play.state.choice == Choice(hint.left, hint)
    assert play.state.choice.marks(line)[partner]["data-role"] == "partner"
    play.update(m.Play(hint))
    assert play.state.choice == Choice()  # a new position forgets the hint


def test_rewind_goes_back_to_the_last_position_that_could_still_be_won():
    moves, _ = leftmost_play(STUCK)
    play = table(STUCK)
    for move in moves:
        play.update(m.Play(move))
    reply = play.update(m.Press("result-rewind"))
    assert solve(play.game.line.cards).winnable
    assert reply.changed and reply.draw is Draw.PAGE


# Leaving the game -------------------------------------------------------------------------------


def test_an_untouched_game_is_left_at_once_for_a_new_deal():
    play = table()
    number = play.game.number
    reply = play.update(m.Press("new-game"))
    assert play.game.number != number
    assert spoken(reply).startswith(describe.new_game(play.game.number))
    assert play.state.leaving is None and effects(reply) == []


def test_leaving_a_touched_game_asks_first_and_staying_keeps_it():
    play = table()
    first = play.game.line.legal_moves()[0]
    play.update(m.Play(first))
    game_id = play.game.id
    reply = play.update(m.Press("restart"))
    assert play.game.id == game_id
    assert ("modal", [LOSS_DIALOG, True]) in effects(reply)
    heading, confirm = describe.LEAVE_QUESTIONS["restart"]
    regions = reply.show.regions
    assert regions["loss-dialog-heading"].children == (heading,)
    assert regions["loss-confirm"].children == (confirm,)
    closed = play.update(m.Stay())
    assert effects(closed) == [("modal", [LOSS_DIALOG, False])]
    assert play.game.id == game_id and played(play) == [first]
    assert play.update(m.Stay()) == Reply()  # the dialog's close event after the answer
    assert play.update(m.Leave()) == Reply()  # nothing asked any more


def test_confirming_leaves_and_dont_ask_again_is_kept():
    play = table()
    play.update(m.Play(play.game.line.legal_moves()[0]))
    play.update(m.Press("restart"))
    reply = play.update(m.Leave(dont_ask=True))
    assert played(play) == [] and spoken(reply).startswith(describe.RESTARTED)
    assert ("modal", [LOSS_DIALOG, False]) in effects(reply)
    assert play.session.settings.ask_before_loss is False
    play.update(m.Play(play.game.line.legal_moves()[0]))
    assert effects(play.update(m.Press("new-game"))) == []  # not asked again


def test_a_challenge_or_a_review_position_begins_after_the_same_question():
    play = table()
    play.update(m.Play(play.game.line.legal_moves()[0]))
    number = min(challenges(DAY).values())
    reply = play.update(m.Begin("challenge", Game.numbered(number, daily=DAY), "The challenge."))
    assert describe.LEAVE_QUESTIONS["challenge"][0] in reply.show.to_json()
    reply = play.update(m.Leave())
    assert play.game.number == number and spoken(reply).startswith("The challenge.")


def test_todays_deal_in_progress_is_kept():
    play = table()
    play.update(m.Press("daily"))
    today = play.game.id
    play.update(m.Play(play.game.line.legal_moves()[0]))
    reply = play.update(m.Press("daily"))
    assert play.game.id == today and reply.heard.told.shown == describe.DAILY_IN_PROGRESS


# Links ------------------------------------------------------------------------------------------


def request(number):
    return DealRequest(numbered_deal(number), number)


def test_a_link_opens_at_once_when_nothing_would_be_lost():
    play = table()
    reply = play.update(m.Link(request(42)))
    assert play.game.number == 42 and not play.asking_link
    assert spoken(reply).startswith(describe.LINK_OPENED)


def test_a_link_asks_before_ending_a_game_in_progress_and_the_answer_is_kept():
    play = table()
    play.update(m.Play(play.game.line.legal_moves()[0]))
    game_id = play.game.id
    reply = play.update(m.Link(request(42)))
    assert play.asking_link and effects(reply) == [("modal", [LINK_DIALOG, True])]
    kept = play.update(m.KeepGame())
    assert play.game.id == game_id and not play.asking_link
    assert kept.draw is Draw.PAGE  # the address drops the link
    assert play.update(m.KeepGame()) == Reply()
    play.update(m.Link(request(42)))
    opened = play.update(m.OpenLink())
    assert play.game.number == 42 and ("modal", [LINK_DIALOG, False]) in effects(opened)
    assert play.update(m.OpenLink()) == Reply()


def test_a_press_names_a_known_action():
    try:
        m.Press("explode")
    except ValueError as error:
        assert "explode" in str(error)
    else:
        raise AssertionError("an unknown action was taken")


# Messages in any order --------------------------------------------------------------------------

DECK = numbered_deal(1)
YESTERDAY = DAY - dt.timedelta(days=1)
CHALLENGE = min(challenges(YESTERDAY).values())
messages = st.one_of(
    st.sampled_from(DECK).map(m.Pick),
    st.sampled_from(DECK).map(m.DragStart),
    st.tuples(st.sampled_from(DECK), st.none() | st.sampled_from(DECK)).map(lambda t: m.Drop(*t)),
    st.sampled_from(sorted(m.PRESSES)).map(m.Press),
    st.booleans().map(m.Leave),
    st.just(m.Stay()),
    st.sampled_from([WINNABLE, STUCK, 42]).map(lambda n: m.Link(request(n))),
    st.just(m.OpenLink()),
    st.just(m.KeepGame()),
    st.builds(lambda: m.Begin("challenge", Game.numbered(CHALLENGE, daily=YESTERDAY), "The challenge.")),
)


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(messages, max_size=40))
def test_any_messages_in_any_order_keep_the_choice_on_the_line_and_ask_one_question_at_a_time(sequence):
    play = table()
    for message in sequence:
        reply = play.update(message)
        game = play.game
        choice = play.state.choice
        assert choice.card is None or (choice.card in game.line.cards and game.outcome is None)
        if choice.hint is not None:
            assert choice.hint in game.line.legal_moves()
        assert reply.ended == (reply.changed and game.outcome is not None)
        assert not (play.state.leaving and play.asking_link)  # one question at a time
        if reply.changed:
            assert choice == Choice()
