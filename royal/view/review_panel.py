"""The review of a finished game (``#review``) as a description (docs/play.md, "Review"): its
summary (the solver judging, then what it found), where it stands (read out, ``aria-live``), the
player's moves, their cards named as the page names them, each marked with its verdict and
reason once judged, the move shown ``aria-current`` and the list's one tab stop, and Back and
Step ``aria-disabled`` at either end (not ``disabled``, so a focused button keeps the focus).
``body[data-review]`` is the page's (royal/view/page.py)."""

from __future__ import annotations

from royal import describe
from royal.cards import spoken_name
from royal.review import Judged, Review
from royal.view.html import Attributes, Element, Focus, Node, Patch, Region, html, region, text, worded


def review_panel(review: Review | None, focus: str | None = None) -> Patch:
    """The panel for ``review`` (``None``: hidden); ``focus`` takes the focus to ``"step"`` (the
    Step button, as the review opens), ``"move"`` (the move shown, as a key steps to it) or, as
    the player closes it, ``"back"`` to its button on the end panel, where it was opened."""
    if review is None:
        back = Focus("result", "#review-open", take=True) if focus == "back" else None
        return Patch({"review": region({"hidden": True})}, back)
    judged = {j.number: j for j in review.judged}
    stop = max(review.position, 1)  # the list's one tab stop: the move shown, or the first
    moves = tuple(
        _move(number, review, judged.get(number), number == stop) for number in range(1, review.total + 1)
    )
    summary = describe.review_summary(review) if review.complete else describe.REVIEW_JUDGING
    status = describe.review_position(review) if review.position else describe.REVIEW_START
    regions = {
        "review": region({"hidden": False}),
        "review-summary": text(summary),
        "review-status": text(status),
        "review-moves": Region((), moves),
        "review-back": region({"aria-disabled": "true" if review.position == 0 else "false"}),
        "review-step": region({"aria-disabled": "true" if review.at_end else "false"}),
    }
    target = None
    if focus == "step":
        target = Focus("review", "#review-step", take=True)
    elif focus == "move" and review.position:
        target = Focus("review", f'[data-move="{review.position}"] button', take=True)
    return Patch(regions, target)


def _move(number: int, review: Review, judged: Judged | None, stop: bool) -> Element:
    """A move of the list: its button and, once judged, its verdict and the reason for it, the
    cards named as the page names them (``10♠``, read out as "ten of spades")."""
    move = review.moves[number - 1]
    button = html(
        "button",
        {
            "type": "button",
            "tabindex": 0 if stop else -1,
            "data-act": "review-move",
            "data-arg": number,
            "aria-label": describe.review_move_label(number, move, review.removed[number - 1]),
        },
        describe.review_move(number, move),
    )
    children: list[Node] = [button]
    reason = describe.review_reason(judged) if judged is not None else ""
    if judged is not None and reason:
        children.append(html("span", None, *worded(reason, describe.review_reason(judged, spoken_name))))
    attributes: Attributes = {
        "data-move": number,
        "data-verdict": judged.verdict if judged is not None else "pending",
        "aria-current": "step" if number == review.position else "false",
    }
    return html("li", attributes, *children, key=str(number))
