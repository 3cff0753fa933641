"""Royal Marriage: the solitaire engine.

Everything here is plain Python with no browser imports, so the same code runs the command
line, the tests under CPython and the game in the page under Pyodide. The web layer lives in
:mod:`royal.web` and is the only part that touches the DOM.
"""

from royal.cards import CardError, parse_card
from royal.deals import DealError, custom_deal, daily_deal_number, numbered_deal
from royal.game import Game, Outcome
from royal.line import IllegalMove, Line, Move
from royal.solver import Solution, solve

__all__ = [
    "CardError",
    "DealError",
    "Game",
    "IllegalMove",
    "Line",
    "Move",
    "Outcome",
    "Solution",
    "custom_deal",
    "daily_deal_number",
    "numbered_deal",
    "parse_card",
    "solve",
]
