"""The review's panel as a description (royal/view/review_panel.py, docs/play.md, "Review"):
what it says while the solver judges and after, each move's mark and reason, where it stands,
the list's one tab stop, Back and Step at either end, and where the focus goes."""

import dataclasses
import datetime as dt

from helpers import STUCK, WINNABLE, leftmost_play, shown_words, spoken_words, win_game
from royal import describe
from royal.cards import spoken_name
from royal.game import Game
from royal.replay import Replay
from royal.review import Review
from royal.settings import Settings
from royal.stats import Stats
from royal.view.html import Element, Focus, Patch, node_data
from royal.view.page import Screen, page
from royal.view.review_panel import review_panel


def stuck_review() -> Review:
    game = Game.numbered(STUCK)
    for move in leftmost_play(STUCK)[0]:
        game.play(move, 1.0)
    return Review(game)


def items(patch: Patch) -> list[Element]:
    children = patch.regions["review-moves"].children or ()
    assert all(isinstance(item, Element) and item.tag == "li" for item in children)
    return [item for item in children if isinstance(item, Element)]


def button(item: Element) -> Element:
    first = item.children[0]
    assert isinstance(first, Element) and first.tag == "button"
    return first


def test_no_review_hides_the_panel_and_draws_nothing_inside() -> None:
    drawn = review_panel(None)
    assert drawn.regions["review"].attribute("hidden") == ""
    assert set(drawn.regions) == {"review"}
    assert drawn.focus is None
    # Closed by the player, the focus goes back to its button on the end panel.
    closed = review_panel(None, "back")
    assert closed.regions == drawn.regions
    assert closed.focus == Focus("result", "#review-open", take=True)


def test_a_review_opens_at_the_start_with_every_move_listed_and_awaiting_the_solver() -> None:
    review = stuck_review()
    drawn = review_panel(review, "step")
    assert drawn.regions["review"].attribute("hidden") is None
    assert drawn.regions["review-summary"].text() == describe.REVIEW_JUDGING
    assert drawn.regions["review-status"].text() == describe.REVIEW_START
    listed = items(drawn)
    assert [button(item).text() for item in listed] == [
        describe.review_move(n, move) for n, move in enumerate(review.moves, start=1)
    ]
    # Each move's cards as the page shows them (10♠), read out as it reads them, with what it removed.
    assert [button(item).attribute("aria-label") for item in listed] == [
        describe.review_move_label(n, move, removed)
        for n, (move, removed) in enumerate(zip(review.moves, review.removed, strict=True), start=1)
    ]
    assert {item.attribute("data-verdict") for item in listed} == {"pending"}
    assert [button(item).attribute("tabindex") for item in listed] == ["0"] + ["-1"] * (len(listed) - 1)
    # A click on a move shows the position after it (static/view.js sends its message).
    assert [(button(item).attribute("data-act"), button(item).attribute("data-arg")) for item in listed] == [
        ("review-move", str(number)) for number in range(1, len(listed) + 1)
    ]
    assert {item.attribute("aria-current") for item in listed} == {"false"}
    assert drawn.regions["review-back"].attribute("aria-disabled") == "true"
    assert drawn.regions["review-step"].attribute("aria-disabled") == "false"
    assert drawn.focus == Focus("review", "#review-step", take=True)


def test_each_judged_move_shows_its_verdict_and_reason_and_the_summary_follows_the_last() -> None:
    review = stuck_review()
    review.judge_next()
    first = items(review_panel(review))
    assert first[0].attribute("data-verdict") == review.judged[0].verdict
    assert {item.attribute("data-verdict") for item in first[1:]} == {"pending"}
    review.judge_all()
    drawn = review_panel(review)
    assert drawn.regions["review-summary"].text() == describe.review_summary(review)
    for item, judged in zip(items(drawn), review.judged, strict=True):
        assert item.attribute("data-verdict") == judged.verdict
        nodes = [node_data(child) for child in item.children]
        shown = describe.review_move(judged.number, judged.move) + describe.review_reason(judged)
        assert shown_words(nodes) == shown
        spoken = describe.review_move_label(judged.number, judged.move, judged.removed)
        assert spoken_words(nodes) == spoken + describe.review_reason(judged, spoken_name)
    assert "lost" in {item.attribute("data-verdict") for item in items(drawn)}  # STUCK loses its win


def test_the_move_shown_is_current_the_lists_tab_stop_and_takes_the_focus_when_a_key_moved_there() -> None:
    review = stuck_review()
    review.go_to(2)
    drawn = review_panel(review, "move")
    listed = items(drawn)
    assert [item.attribute("aria-current") for item in listed[:3]] == ["false", "step", "false"]
    assert [button(item).attribute("tabindex") for item in listed[:3]] == ["-1", "0", "-1"]
    assert drawn.regions["review-status"].text() == describe.review_position(review)
    assert drawn.focus == Focus("review", '[data-move="2"] button', take=True)
    assert review_panel(review).focus is None  # a click or a button leaves the focus where it is


def test_at_the_end_step_is_marked_disabled_and_back_is_not() -> None:
    review = stuck_review()
    review.go_to(review.total)
    drawn = review_panel(review)
    assert drawn.regions["review-back"].attribute("aria-disabled") == "false"
    assert drawn.regions["review-step"].attribute("aria-disabled") == "true"


def test_the_page_marks_the_body_while_a_review_holds_the_board_and_not_for_a_replay() -> None:
    game = Game.numbered(WINNABLE)
    win_game(game)
    base = Screen(game, 0.0, dt.date(2026, 12, 3), Settings(), Stats())
    assert page(base).regions["page"].attribute("data-review") is None
    reviewing = page(dataclasses.replace(base, steps=Review(game)))
    assert reviewing.regions["page"].attribute("data-review") == ""
    replay = Replay(game.cards, game.deal_solution())
    replaying = page(dataclasses.replace(base, steps=replay, replay=replay))
    assert replaying.regions["page"].attribute("data-review") is None
