"""The command line contract (docs/command-line.md), run as a real subprocess."""

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import WHITESPACE
from royal.cards import ALL_CARDS
from royal.deals import numbered_deal
from royal.solver import is_winnable

ROOT = Path(__file__).resolve().parents[1]


def royal(*args, stdin=""):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "royal", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )


def replays_to_a_win(cards, solution):
    line = list(cards)
    for move in solution:
        left, right = move.split("-")
        i, j = line.index(left), line.index(right)
        assert j - i - 1 in (1, 2) and (left[0] == right[0] or left[1] == right[1])
        del line[i + 1 : j]
    return line == [cards[0], cards[-1]]


def check_record(record, cards):
    assert set(record) == {"cards", "winnable", "min_moves", "solution"}
    assert record["cards"] == list(cards)
    if record["winnable"]:
        assert record["min_moves"] == len(record["solution"]) >= 25
        assert replays_to_a_win(cards, record["solution"])
    else:
        assert record["min_moves"] is None and record["solution"] == []


def test_deal_prints_the_52_codes():
    result = royal("deal", "1")
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout == " ".join(numbered_deal(1)) + "\n"
    assert result.stdout.startswith("QH AS 4C 6C JD")  # pinned deal 1


def test_solve_by_deal_number():
    result = royal("solve", "--deal", "20261129")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert len(lines) == 1
    check_record(json.loads(lines[0]), numbered_deal(20261129))


def test_solve_by_cards():
    cards = numbered_deal(2)
    result = royal("solve", "--cards", " ".join(cards))
    assert result.returncode == 0
    check_record(json.loads(result.stdout), cards)


def test_solve_reads_one_deal_a_line_from_stdin():
    deals = [numbered_deal(n) for n in range(1, 6)]
    text = (
        "\n".join(" ".join(d) for d in deals[:3]) + "\n\n" + "\n".join(" ".join(d) for d in deals[3:]) + "\n"
    )
    result = royal("solve", "-", stdin=text)
    assert result.returncode == 0, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(records) == 5
    for record, cards in zip(records, deals, strict=True):
        check_record(record, cards)


def test_codes_may_be_separated_by_whitespace_of_any_kind():
    """An ideographic space (U+3000) from an input method separates codes as a space does."""
    cards = numbered_deal(2)
    mixed = "".join(code + WHITESPACE[i % len(WHITESPACE)] for i, code in enumerate(cards))
    result = royal("solve", "--cards", "\u3000" + mixed)
    assert result.returncode == 0, result.stderr
    check_record(json.loads(result.stdout), cards)
    # On standard input a line break ends the deal; any other whitespace separates its codes.
    within = [space for space in WHITESPACE if space not in "\n\r"]
    result = royal("solve", "-", stdin="".join(space.join(cards) + space + "\n" for space in within))
    assert result.returncode == 0, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(records) == len(within)
    for record in records:
        check_record(record, cards)


def test_solve_reports_a_lost_deal():
    # About 1.3% of orders are lost: shuffle until one is (decided in-process first).
    middle = [c for c in ALL_CARDS if c not in ("QH", "KH")]
    lost = None
    rng = random.Random(3)
    while lost is None:
        rng.shuffle(middle)
        cards = ["QH", *middle, "KH"]
        if not is_winnable(cards):
            lost = cards
    result = royal("solve", "--cards", " ".join(lost))
    record = json.loads(result.stdout)
    assert record == {"cards": lost, "winnable": False, "min_moves": None, "solution": []}


def one_line_error(result, *words):
    assert result.returncode == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    for word in words:
        assert word in lines[0]


@pytest.mark.parametrize(
    "args, words",
    [
        (["deal", "0"], ["1 to"]),
        (["deal", "-5"], []),
        (["deal", "abc"], ["abc"]),
        (["deal", "1" * 5000], ["run from 1 to"]),
        (["deal", str(2**64)], ["run from 1 to"]),
        (["solve", "--deal", "x1"], ["x1"]),
        (["solve", "--cards", "QH AS KH"], ["expected 52 cards, got 3", "missing"]),
        (["solve", "--cards", " ".join(["QH", "ZZ", *numbered_deal(1)[2:]])], ["unknown card code 'ZZ'"]),
        (["solve", "--cards", " ".join(reversed(numbered_deal(1)))], ["must be the first"]),
        (["frobnicate"], ["frobnicate"]),
        ([], ["command"]),
        (["deal"], ["number"]),
        (["solve"], ["--deal"]),
        (["solve", "--deal", "1", "--cards", "QH"], ["not allowed"]),
        (["deal", "1", "2"], ["unrecognized"]),
        (["odds", "--deals", "9-3"], ["backwards"]),
        (["odds", "--seed", "x"], ["seed"]),
    ],
    ids=lambda v: " ".join(v)[:30] if isinstance(v, list) else None,
)
def test_bad_arguments_give_one_line_and_status_2(args, words):
    one_line_error(royal(*args), *words)


@pytest.mark.parametrize(
    "text, words",
    [
        ("QH AS KH\n", ["line 1", "expected 52"]),
        (
            " ".join(numbered_deal(1)) + "\n" + " ".join((*numbered_deal(1)[:-1], "QQ")) + "\n",
            ["line 2", "QQ"],
        ),
        (" ".join(numbered_deal(1)) + "\n\n" + "hello world\n", ["line 3"]),
        (" ".join(numbered_deal(1)).replace("AS", "AS AS") + "\n", ["duplicate AS"]),
    ],
)
def test_a_bad_stdin_line_gives_one_line_and_status_2(text, words):
    result = royal("solve", "-", stdin=text)
    one_line_error(result, *words)
    # Deals before the bad line are still answered.
    for line in result.stdout.splitlines():
        check_record(json.loads(line), numbered_deal(1))


def test_undecodable_stdin_is_a_bad_line_not_a_traceback():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-m", "royal", "solve", "-"],
        input=b"\xff\xfe QH\n",
        capture_output=True,
        cwd=ROOT,
        env=env,
        timeout=60,
    )
    assert result.returncode == 2
    assert len(result.stderr.splitlines()) == 1 and b"Traceback" not in result.stderr


def test_solve_with_suit_runs_gives_a_shorter_win_of_runs():
    cards = numbered_deal(1)
    result = royal("solve", "--suit-runs", "--cards", " ".join(cards))
    assert result.returncode == 0, result.stderr
    record = json.loads(result.stdout)
    plain = json.loads(royal("solve", "--deal", "1").stdout)
    assert set(record) == set(plain) and record["winnable"] and plain["winnable"]
    assert record["min_moves"] == len(record["solution"]) < plain["min_moves"]
    line = list(cards)
    runs = 0
    for move in record["solution"]:
        left, right = move.split("-")
        i, j = line.index(left), line.index(right)
        between = line[i + 1 : j]
        assert len(between) in (1, 2) or len({c[1] for c in between}) == 1
        assert left[0] == right[0] or left[1] == right[1]
        runs += len(between) > 2
        del line[i + 1 : j]
    assert line == ["QH", "KH"] and runs > 0


def test_odds_on_a_small_range():
    result = royal("odds", "--deals", "1-40", "--strategies")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "deals 1-40: 40"
    assert lines[1].startswith("winnable: ")
    assert lines[2].startswith("fewest moves to win: 25: ")
    assert lines[3].startswith("random legal moves win: ")
    assert lines[4].startswith("always the leftmost legal move wins: ")


@pytest.mark.parametrize("mode", ["open", "stock"])
@pytest.mark.parametrize("suit_runs", [False, True])
def test_odds_of_each_variant(mode, suit_runs):
    result = royal("odds", "--deals", "1-40", "--strategies", "--mode", mode, *(["--suit-runs"] * suit_runs))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    # The same mode under the default rules: the stock game's deals are its stock orders.
    same_mode = ["--mode", "stock"] if mode == "stock" and suit_runs else []
    plain = royal("odds", "--deals", "1-40", "--strategies", *same_mode).stdout.splitlines()[
        len(same_mode) // 2 :
    ]
    if mode == "open" and not suit_runs:
        assert lines == plain
        return
    assert lines[0] == f"variant: {mode} game, {'suit runs' if suit_runs else 'default rules'}"
    assert lines[1] == "deals 1-40: 40"
    # The share of winnable deals is the same under either rule (docs/rules.md says why), and
    # from the stock it is that of deal N's stock order.
    winnable = sum(is_winnable(numbered_deal(n, stock=mode == "stock")) for n in range(1, 41))
    assert lines[2].split(": ", 1)[1] == f"{winnable} ({100 * winnable / 40:.2f}%)"
    if mode == "stock" and not suit_runs:
        return  # other deals than the open game's: nothing more to compare with
    assert lines[2].split(": ", 1)[1] == plain[1].split(": ", 1)[1]
    assert lines[2].startswith("winnable with the order known: " if mode == "stock" else "winnable: ")
    fewest = lines[3].removeprefix("fewest moves to win: ")
    assert (fewest == plain[2].removeprefix("fewest moves to win: ")) is not suit_runs
    assert lines[4].startswith("random legal moves win: ")
    assert lines[5].startswith("always the leftmost legal move wins: ")


def test_odds_refuses_an_unknown_mode():
    result = royal("odds", "--mode", "closed")
    assert result.returncode == 2 and result.stderr.startswith("royal: ") and "closed" in result.stderr


def test_help_is_not_an_error():
    result = royal("--help")
    assert result.returncode == 0 and "solve" in result.stdout


def test_odds_by_difficulty_prints_a_row_per_grade():
    result = royal("odds", "--deals", "1-40", "--difficulty")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "deals 1-40: 40"
    assert [line.split()[0] for line in lines[2:6]] == ["easy", "medium", "hard", "expert"]
    assert lines[6].startswith("unwinnable (no grade): ")
