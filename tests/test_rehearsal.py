"""The rehearsal a restored worker plays before the player's moves (royal/web/answers.py): a
whole game on a table of its own, which the player's own game never hears of."""

from __future__ import annotations

import re
from typing import Any

from app_tab import Local, Tab

from helpers import Time
from royal.deals import numbered_deal
from royal.solver import solve
from royal.web.answers import REHEARSED_DEAL, rehearsal


def records(local: Local) -> dict[str, str]:
    """The records a tab left, each game's random id aside."""
    return {key: re.sub(r"\b[0-9a-f]{16}\b", "?", text) for key, text in local.data.items()}


def a_game(local: Local) -> list[dict[str, Any]]:
    """What a player's tab is answered over a hint and a whole win of the rehearsed deal."""
    tab = Tab(local, Time(), {"deal": str(REHEARSED_DEAL)})
    answers = [tab.started, tab.send("press", "hint")]
    for move in solve(tab.line).moves:
        answers += [tab.send("pick", move.left), tab.send("pick", move.right)]
    return answers


def test_the_rehearsal_plays_a_whole_game_a_message_a_step_and_the_players_game_never_hears_of_it() -> None:
    alone, after = Local(), Local()
    before = a_game(alone)
    time = Time()
    steps = list(rehearsal(time.now, time.today))
    assert len(steps) == 2 + len(solve(numbered_deal(REHEARSED_DEAL)).moves), "start, hint, each move"
    assert a_game(after) == before, "the same answers, as if no rehearsal had run"
    assert records(after) == records(alone), "the same records: the rehearsal wrote none"
    assert alone.data, "the player's game wrote its records"
