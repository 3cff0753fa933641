"""The replay's bar (``#replay-bar``) as a description: where the replay stands, read out at
each step taken by hand (while it plays, only where it stops), its cards shown as the page shows
them (``10♠``) and read out by their names ("ten of spades"), Play or Pause, and Back and Step
marked ``aria-disabled`` at either end (not ``disabled``, so a focused button keeps the focus)."""

from __future__ import annotations

from royal import describe
from royal.cards import spoken_name
from royal.replay import Replay
from royal.view.html import Region, region, worded


def replay_bar(replay: Replay | None, opening: bool = False) -> dict[str, Region]:
    """The bar for ``replay`` (``None``: hidden), its status the words it opens with while
    ``opening``, else its position."""
    if replay is None:
        return {"replay-bar": region({"hidden": True})}
    said = describe.replay_started if opening else describe.replay_position
    return {
        "replay-bar": region({"hidden": False}),
        "replay-status": region(
            {"aria-live": "off" if replay.playing else "polite"},
            worded(said(replay), said(replay, spoken_name)),
        ),
        "replay-play": region(
            {"aria-pressed": "true" if replay.playing else "false"},
            (describe.replay_play_button(replay.playing),),
        ),
        "replay-back": region({"aria-disabled": "true" if replay.position == 0 else "false"}),
        "replay-step": region({"aria-disabled": "true" if replay.at_end else "false"}),
    }
