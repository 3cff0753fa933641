"""The command line: ``python -m royal deal N``, ``solve`` and ``odds`` (``--difficulty``).

Bad input gets one line on standard error and exit status 2, never a traceback, so scripts
can rely on it.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import NoReturn, TextIO

from royal import i18n
from royal.deals import DealError, custom_deal, numbered_deal, parse_deal_number
from royal.describe import why
from royal.difficulty import Level, grade, leftmost, play_out
from royal.excerpt import quoted
from royal.solver import solve

SUIT_RUNS_HELP = "SolSuite's rule: a run of one suit goes at once"


class InputError(Exception):
    """Bad input from the command line or standard input."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad command in one line, as the contract asks."""

    def error(self, message: str) -> NoReturn:
        raise InputError(message)


def _custom(text: str) -> tuple[str, ...]:
    try:
        return custom_deal(text.split())
    except DealError as error:
        raise InputError(why(error)) from None


def _number(text: str) -> int:
    try:
        return parse_deal_number(text)
    except DealError as error:
        raise InputError(why(error)) from None


def _deal_range(text: str) -> range:
    """``"1-20000"`` or ``"500"`` as a range of deal numbers."""
    first, _, last = text.partition("-")
    start = _number(first)
    stop = _number(last) if last else start
    if stop < start:
        raise InputError(f"deal range {quoted(text)} runs backwards")
    return range(start, stop + 1)


def solution_record(cards: Sequence[str], suit_runs: bool = False) -> dict[str, object]:
    """The JSON object ``solve`` prints for one deal."""
    solution = solve(cards, suit_runs)
    return {
        "cards": list(cards),
        "winnable": solution.winnable,
        "min_moves": solution.min_moves,
        "solution": solution.as_notation(),
    }


def _stdin_deals(lines: Iterable[str]) -> Iterable[tuple[str, ...]]:
    for number, line in enumerate(lines, start=1):
        if line.strip():
            try:
                yield custom_deal(line.split())
            except DealError as error:
                raise InputError(f"line {number}: {why(error)}") from None


def _odds(
    deals: range, strategies: bool, seed: int, stock: bool = False, suit_runs: bool = False
) -> list[str]:
    winnable = 0
    fewest: Counter[int] = Counter()
    random_wins = leftmost_wins = 0
    rng = random.Random(seed)
    for number in deals:
        cards = numbered_deal(number, stock)  # from the stock, deal N's stock order
        solution = solve(cards, suit_runs)  # a stock wins exactly when its open line does (royal/chance.py)
        winnable += solution.winnable
        if solution.min_moves is not None:
            fewest[solution.min_moves] += 1
        if strategies:
            random_wins += len(play_out(cards, rng.choice, suit_runs, stock)) == 2
            leftmost_wins += len(play_out(cards, leftmost, suit_runs, stock)) == 2
    total = len(deals)
    variant = [
        f"variant: {'stock' if stock else 'open'} game, {'suit runs' if suit_runs else 'default rules'}"
    ]
    report = [
        *(variant if stock or suit_runs else []),
        f"deals {deals.start}-{deals.stop - 1}: {total}",
        f"winnable{' with the order known' if stock else ''}: {winnable} ({100 * winnable / total:.2f}%)",
        "fewest moves to win: "
        + ", ".join(f"{m}: {n} ({100 * n / total:.1f}%)" for m, n in sorted(fewest.items())),
    ]
    if strategies:
        report.append(f"random legal moves win: {100 * random_wins / total:.2f}%")
        report.append(f"always the leftmost legal move wins: {100 * leftmost_wins / total:.2f}%")
    return report


def difficulty_table(deals: range, seed: int) -> list[str]:
    """``odds --difficulty``: per grade, its deals and how often each simple player wins them."""
    rng = random.Random(seed)
    counts: Counter[Level | None] = Counter()
    random_wins: Counter[Level | None] = Counter()
    leftmost_wins: Counter[Level | None] = Counter()
    for number in deals:
        cards = numbered_deal(number)
        level = grade(cards)
        counts[level] += 1
        random_wins[level] += len(play_out(cards, rng.choice)) == 2
        leftmost_wins[level] += len(play_out(cards, leftmost)) == 2
    report = [
        f"deals {deals.start}-{deals.stop - 1}: {len(deals)}",
        "grade     deals   random wins   leftmost wins",
    ]
    for level in Level:
        total = counts[level]
        shares = [100 * won[level] / total if total else 0.0 for won in (random_wins, leftmost_wins)]
        report.append(f"{level.value:8} {total:6}   {shares[0]:10.2f}%   {shares[1]:12.2f}%")
    report.append(f"unwinnable (no grade): {counts[None]}")
    return report


def _build_parser() -> _Parser:
    parser = _Parser(prog="python -m royal", description="Royal Marriage solitaire tools.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    deal = commands.add_parser("deal", help="print deal N's 52 codes, left to right")
    deal.add_argument("number")
    solve_cmd = commands.add_parser("solve", help="decide deals and give a shortest win")
    source = solve_cmd.add_mutually_exclusive_group(required=True)
    source.add_argument("--deal", metavar="N")
    source.add_argument("--cards", metavar='"QH .. KH"')
    source.add_argument("stdin", nargs="?", choices=["-"], help="read one deal a line")
    solve_cmd.add_argument("--suit-runs", action="store_true", help=SUIT_RUNS_HELP)
    odds = commands.add_parser("odds", help="share of winnable deals and fewest moves")
    odds.add_argument("--deals", default="1-20000", metavar="FIRST-LAST")
    odds.add_argument("--strategies", action="store_true", help="also play random and leftmost moves")
    odds.add_argument("--difficulty", action="store_true", help="win rates of both players by grade")
    odds.add_argument("--seed", type=int, default=1, help="seed of the random player")
    odds.add_argument(
        "--mode", choices=["open", "stock"], default="open", help="the game dealt open or from the stock"
    )
    odds.add_argument("--suit-runs", action="store_true", help=SUIT_RUNS_HELP)
    return parser


def run(argv: Sequence[str], stdin: Iterable[str], out: TextIO) -> None:
    """Run one command, writing to ``out``; raises InputError on bad input."""
    args = _build_parser().parse_args(argv)
    if args.command == "deal":
        print(" ".join(numbered_deal(_number(args.number))), file=out)
    elif args.command == "solve":
        if args.deal is not None:
            deals: Iterable[tuple[str, ...]] = [numbered_deal(_number(args.deal))]
        elif args.cards is not None:
            deals = [_custom(args.cards)]
        else:
            deals = _stdin_deals(stdin)
        for cards in deals:
            print(json.dumps(solution_record(cards, args.suit_runs)), file=out, flush=True)
    elif args.difficulty:
        for line in difficulty_table(_deal_range(args.deals), args.seed):
            print(line, file=out, flush=True)
    else:
        odds = _odds(
            _deal_range(args.deals), args.strategies, args.seed, args.mode == "stock", args.suit_runs
        )
        for line in odds:
            print(line, file=out)


def language(environ: Mapping[str, str]) -> str:
    """The language gettext programs speak: the first of ``LANGUAGE`` (a list), ``LC_ALL``,
    ``LC_MESSAGES`` and ``LANG`` that is set, ``fr_FR.UTF-8`` as ``fr_FR``; English for ``C``."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        tag = environ.get(name, "").split(":")[0].split(".")[0].split("@")[0]
        if tag:
            return i18n.SOURCE if tag in ("C", "POSIX") else tag
    return i18n.SOURCE


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m royal``; returns the exit status. Its refusals are said in the
    environment's language (its reports are data, in English)."""
    i18n.use(language(os.environ))
    try:
        run(sys.argv[1:] if argv is None else argv, sys.stdin, sys.stdout)
    except InputError as error:
        print(f"royal: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 1
    return 0
