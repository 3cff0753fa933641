"""Versioned JSON saves (docs/saves.md): exact round trips, and strict loading that turns any
unreadable input (corrupt, tampered, from a future version) into SaveError and nothing else."""

import dataclasses
import datetime as dt
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from budget import examples
from helpers import (
    WINNABLE,
    first_deal,
    format_2_text,
    format_4_game,
    format_4_stats,
    format_5_stats,
    same_game,
    win_game,
)
from royal import describe, saves, scoring
from royal.cards import ALL_CARDS
from royal.challenges import ChallengeResult
from royal.deals import daily_deal_number, numbered_deal
from royal.difficulty import Level
from royal.game import Game, Outcome, Result
from royal.limits import MAX_CHARS
from royal.saves import SaveError, dump_game, dump_stats, load_game, load_stats
from royal.solver import solve
from royal.stats import Stats

#: The day the tests' stats are read on: after every day they hold.
TODAY = dt.date(2027, 1, 1)


def game_mid_play():
    """A game with moves, an undo, a redo waiting, hints and a running clock."""
    number = WINNABLE
    game = Game.numbered(number)
    moves = solve(game.cards).moves
    game.play(moves[0], 10.0)
    game.play(moves[1], 12.0)
    game.hint()
    game.play(moves[2], 15.0)
    game.undo(16.0)
    game.undo(17.0)
    game.redo(18.0)
    game.hint()
    return game


def stats_with_history():
    stats = Stats()
    day = dt.date(2026, 12, 30)
    stats.record(Result("a", True, 95, 27, 1200, 2, 25, 20261230, Level.HARD, daily=day), day)
    stats.record(Result("b", False, 40, 9, 140, 40, 26), dt.date(2026, 12, 31))
    stats.record(Result("c", True, 80, 26, 1300, 2, 26), dt.date(2026, 12, 31))
    return stats


def test_a_game_mid_play_round_trips_exactly():
    game = game_mid_play()
    assert game.can_redo and game.score >= 0 and game.moves == 2
    text = dump_game(game, 20.0)
    copy = load_game(text, 20.0)
    same_game(game, copy, 20.0)
    assert copy.can_undo and copy.can_redo
    # The clock comes back paused at the saved time (loading adds nothing to it), and goes on
    # from where it was once the page shows the game.
    assert copy.clock.read(25.0) == game.clock.read(20.0)
    copy.clock.set_visible(True, 30.0)
    assert copy.clock.read(35.0) == pytest.approx(game.clock.read(20.0) + 5.0)
    assert dump_game(copy, 30.0) == text


def test_a_game_round_trips_when_hidden_stuck_or_won():
    game = Game.numbered(1)
    assert not load_game(dump_game(game, 0.0), 0.0).touched
    won = Game.numbered(WINNABLE)
    win_game(won, 3.0)
    copy = load_game(dump_game(won, 50.0), 80.0)
    same_game(won, copy, 80.0)
    assert copy.clock.read(1000.0) == won.clock.read(1000.0)  # halted, stays halted


def test_the_save_is_versioned_json():
    data = json.loads(dump_game(game_mid_play(), 20.0))
    assert data["app"] == "royal-marriage" and data["kind"] == "game" and data["version"] == 5
    assert isinstance(data["game"]["moves"], list) and isinstance(data["game"]["redo"], list)
    data = json.loads(dump_stats(Stats()))
    assert data["kind"] == "stats" and data["version"] == 6


def test_stats_round_trip():
    stats = stats_with_history()
    copy = load_stats(dump_stats(stats), TODAY)
    assert copy == stats
    assert describe.figures(copy, dt.date(2027, 1, 1)) == describe.figures(stats, dt.date(2027, 1, 1))
    assert load_stats(dump_stats(Stats()), TODAY) == Stats()


@pytest.mark.parametrize(
    "change, reason",
    [
        (lambda d: d.update(version=6), "newer version"),
        (lambda d: d.update(version=0), "unknown format version"),
        (lambda d: d.update(version="1"), "no version"),
        (lambda d: d.update(version=True), "no version"),
        (lambda d: d.pop("version"), "no version"),
        (lambda d: d.update(app="other"), "not a Royal Marriage"),
        (lambda d: d.update(kind="stats"), "not a Royal Marriage"),
    ],
)
def test_envelope_problems_are_named(change, reason):
    data = json.loads(dump_game(game_mid_play(), 20.0))
    change(data)
    with pytest.raises(SaveError, match=reason):
        load_game(json.dumps(data), 20.0)


def test_a_newer_format_is_its_own_error_so_it_is_left_untouched():
    for kind, load in (("game", lambda t: load_game(t, 0.0)), ("stats", lambda t: load_stats(t, TODAY))):
        text = json.dumps({"app": "royal-marriage", "kind": kind, "version": saves.VERSIONS[kind] + 1})
        with pytest.raises(saves.NewerSave, match="newer version"):
            load(text)


def test_older_formats_are_migrated_step_by_step(monkeypatch):
    """The machinery a format change uses: each step runs once, in order, then the loader checks."""
    old = json.loads(dump_stats(stats_with_history()))
    old["version"] = 1
    monkeypatch.setitem(saves.VERSIONS, "stats", 3)
    steps = []

    def one_to_two(body):
        steps.append(1)
        return {**body, "renamed": body.pop("best_score")}

    def two_to_three(body):
        steps.append(2)
        return {**body, "best_score": body.pop("renamed")}

    monkeypatch.setitem(saves.MIGRATIONS, "stats", {1: one_to_two, 2: two_to_three})
    assert load_stats(json.dumps(old), TODAY) == stats_with_history()
    assert steps == [1, 2]
    assert json.loads(dump_stats(stats_with_history()))["version"] == 3
    old["version"] = 2
    old["stats"]["renamed"] = old["stats"].pop("best_score")
    assert load_stats(json.dumps(old), TODAY) == stats_with_history()


FORMAT_1_STATS = (
    '{"app":"royal-marriage","kind":"stats","version":1,"stats":{"played":7,"wins":4,"fastest_win":95,'
    '"fewest_moves":26,"best_score":1405,"streak_day":"2026-11-28","streak":2,"best_streak":3,'
    '"counted":["a1","b2","c3"]}}'
)


def test_stats_of_format_1_load_with_every_figure_and_empty_records():
    """What the first build wrote: no perfect wins, daily record or recent games yet."""
    day = dt.date(2026, 11, 29)
    stats = load_stats(FORMAT_1_STATS, day)
    assert describe.figures(stats, day) == {
        "played": "7",
        "wins": "4",
        "win-rate": "57%",
        "fastest-win": "1:35",
        "fewest-moves": "26",
        "best-score": "1405",
        "current-streak": "2 days",
        "best-streak": "3 days",
        "perfect-wins": "0",
        "wins-with-hints": "0",
    }
    assert stats.counted == ["a1", "b2", "c3"]
    assert stats.daily.days == {} and stats.recent == []
    again = json.loads(dump_stats(stats))
    assert again["version"] == saves.VERSIONS["stats"] and load_stats(dump_stats(stats), TODAY) == stats


def test_a_migration_that_trips_on_a_tampered_body_is_a_save_error(monkeypatch):
    monkeypatch.setitem(saves.VERSIONS, "stats", 2)
    monkeypatch.setitem(saves.MIGRATIONS, "stats", {1: lambda body: body["gone"]})
    for body in ({}, [], None, "x"):
        with pytest.raises(SaveError, match="inconsistent"):
            load_stats(
                json.dumps({"app": "royal-marriage", "kind": "stats", "version": 1, "stats": body}), TODAY
            )
    monkeypatch.setitem(saves.MIGRATIONS, "stats", {})
    with pytest.raises(SaveError, match="unknown format version 1"):
        load_stats(dump_stats(Stats()).replace('"version":2', '"version":1'), TODAY)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{",
        "null",
        "[]",
        '"game"',
        "1",
        "{}",
        "\x00",
        "[" * 100_000,
        '{"a":' * 50_000,
        "NaN",
        "9" * 5000,
        None,
        b"{}",
        17,
        ["x"],
    ],
)
def test_garbage_is_a_save_error(text):
    with pytest.raises(SaveError):
        load_game(text, 0.0)
    with pytest.raises(SaveError):
        load_stats(text, TODAY)


def v1_text(game_id, number, events, elapsed, started):
    """A game record as format 1 wrote it: every event, replayed on loading."""
    body = {
        "id": game_id,
        "number": number,
        "cards": list(numbered_deal(number)),
        "events": events,
        "elapsed": elapsed,
        "started": started,
    }
    return json.dumps({"app": "royal-marriage", "kind": "game", "version": 1, "game": body})


def test_a_format_1_game_comes_back_exactly_in_the_new_format():
    game = game_mid_play()
    first, second, third = solve(game.cards).moves[:3]
    events = [str(first), str(second), "hint", str(third), "undo", "undo", "redo", "hint"]
    copy = load_game(v1_text(game.id, game.number, events, game.clock.read(20.0), True), 20.0)
    same_game(game, copy, 20.0)
    assert json.loads(dump_game(copy, 20.0))["version"] == saves.VERSIONS["game"] == 5
    assert copy.with_hints  # its events name the hints


def test_a_won_format_1_game_keeps_its_time_bonus():
    number = WINNABLE
    moves = [str(m) for m in solve(numbered_deal(number)).moves]
    copy = load_game(v1_text("won", number, moves, 59.9996, True), 0.0)
    assert copy.outcome is Outcome.WON and copy.time_bonus == 541


# Format 4: the game left, kept with the game that replaced it until it counts -----------------


def left_for(game):
    """A game of deal 9 started in place of ``game``, and the text of its record holding it."""
    new = Game.numbered(9)
    return new, dump_game(new, 30.0, 4, game)


def test_the_game_left_comes_back_with_the_game_that_replaced_it():
    left = game_mid_play()
    new, text = left_for(left)
    game, revision, back = saves.game_from_record(saves.parse(text, "game"), 30.0)
    same_game(new, game, 30.0)
    same_game(left, back, 30.0)
    assert revision == 4 and json.loads(text)["game"]["left"]["left"] is None
    assert saves.game_from_record(saves.parse(dump_game(new, 30.0), "game"), 30.0)[2] is None


def test_a_format_3_game_loads_with_no_game_left():
    game = game_mid_play()
    record = json.loads(dump_game(game, 20.0))
    del record["game"]["left"]
    copy, _, left = saves.game_from_record({**record, "version": 3}, 20.0)
    same_game(game, copy, 20.0)
    assert left is None


@pytest.mark.parametrize(
    "change",
    [
        lambda left, new: "QH-KH",
        lambda left, new: {**left, "left": dict(left)},  # only one game left, with none of its own
        lambda left, new: {**left, "id": new["id"]},  # another game
        lambda left, new: {**left, "moves": [], "redo": [], "penalties": 0, "hinted": False, "elapsed": 0},
        lambda left, new: {**left, "moves": ["QH-KH"]},  # and a game as strictly checked
    ],
)
def test_a_tampered_game_left_is_refused(change):
    _, text = left_for(game_mid_play())
    record = json.loads(text)
    record["game"]["left"] = change(record["game"]["left"], record["game"])
    with pytest.raises(SaveError, match="saved game is inconsistent"):
        load_game(json.dumps(record), 30.0)


def test_a_long_format_1_history_replays_without_the_solver(monkeypatch):
    """33,000 events of hints, moves and undos over many positions: format 1's worst case once
    took a minute to load, a solver run per hint. Hints now replay as what they cost."""
    number = WINNABLE
    line, events = Game.numbered(number), []
    for _ in range(11_000):
        move = line.legal_moves()[0]
        line.play(move, 0.0)
        line.undo(0.0)
        events += ["hint", str(move), "undo"]

    def no_solver(*args):
        raise AssertionError("the solver ran while loading")

    monkeypatch.setattr("royal.verdicts.solve", no_solver)
    monkeypatch.setattr("royal.verdicts.is_winnable", no_solver)
    copy = load_game(v1_text("long", number, events, 100.0, True), 0.0)
    assert copy.penalties == 11_000 * (25 + 15) and copy.moves == 0 and copy.can_redo
    assert len(dump_game(copy, 0.0)) < 1_000


def test_a_too_long_format_1_history_is_refused_without_replaying_it():
    with pytest.raises(SaveError, match="too long"):
        load_game(v1_text("x", 1, ["undo"] * (saves.MAX_EVENTS + 1), 0.0, False), 0.0)
    with pytest.raises(SaveError, match="too long"):
        load_game(" " * (MAX_CHARS["game"] + 1), 0.0)


def test_any_game_a_player_can_make_saves_small_and_loads():
    """One move undone and redone 50,000 times: format 1 refused such a game; now its save is
    its state, a few hundred characters."""
    game = Game.numbered(1)
    move = game.legal_moves()[0]
    game.play(move, 0.0)
    for _ in range(50_000):
        game.undo(1.0)
        game.redo(2.0)
    text = dump_game(game, 3.0)
    assert len(text) < 1_000
    copy = load_game(text, 3.0)
    same_game(game, copy, 3.0)
    assert copy.penalties == 50_000 * 15


@pytest.mark.parametrize(
    "field, value",
    [
        ("played", -1),
        ("wins", 5),
        ("wins", 1.5),
        ("played", True),
        ("fastest_win", None),
        ("fewest_moves", "27"),
        ("streak", 9),
        ("streak_day", "yesterday"),
        ("streak_day", None),
        ("counted", "a"),
        ("counted", [1]),
        ("counted", ["x"] * 65),
        ("best_score", -5),
        ("played", 10**10),
        ("counted", ["a", "a"]),
        ("counted", ["x" * 65]),
    ],
)
def test_inconsistent_stats_are_refused(field, value):
    data = json.loads(dump_stats(stats_with_history()))
    data["stats"][field] = value
    with pytest.raises(SaveError):
        load_stats(json.dumps(data), TODAY)


@pytest.mark.parametrize(
    "changes, reason",
    [
        (
            {
                **{name: 0 for name in ("played", "wins", "streak", "best_streak")},
                **{name: None for name in ("fastest_win", "fewest_moves", "streak_day")},
                "counted": [],
                "best_score": 10**9,
            },
            "best score goes with games",
        ),
        ({"best_score": 10**9}, "no game scores more than 1850"),
        ({"fewest_moves": 24}, "25 to 50 moves"),
        ({"fewest_moves": 51}, "25 to 50 moves"),
        ({"best_streak": 3, "streak": 3}, "best streak does not fit the wins"),
        ({"best_score": None}, "best score goes with games"),
    ],
)
def test_impossible_stats_are_refused(changes, reason):
    data = json.loads(dump_stats(stats_with_history()))
    data["stats"].update(changes)
    with pytest.raises(SaveError, match=reason):
        load_stats(json.dumps(data), TODAY)


@pytest.mark.parametrize("ahead", [-30, 0, 1, 2, 3, 400])
def test_a_streak_dated_after_tomorrow_ends_on_loading_and_every_other_figure_is_kept(ahead):
    """A day after tomorrow is a clock error, not impossible data (such stats were once refused):
    the streak and the daily streak end, and the loader says which day ended."""
    last = dt.date(2026, 12, 31)
    stats = stats_with_history()  # wins on 30 and 31 December
    stats.record(Result("daily", True, 70, 25, 1400, 2, 25, daily_deal_number(last), daily=last), last)
    today = last - dt.timedelta(days=ahead)
    loaded, ended = saves.stats_from_record(json.loads(dump_stats(stats)), today)
    figures = describe.figures(loaded, today)
    assert figures == {**describe.figures(stats, today), "current-streak": figures["current-streak"]}
    assert loaded.daily.days == stats.daily.days and loaded.recent == stats.recent
    if ahead > 1:
        assert ended == last and figures["current-streak"] == "0 days"
        assert (loaded.streak, loaded.streak_day, loaded.daily.streak, loaded.daily.streak_day) == (
            0,
            None,
            0,
            None,
        )
        assert loaded.best_streak == 2
    else:
        assert ended is None and loaded == stats  # tomorrow is a time-zone change away


def test_the_most_a_game_can_score_is_a_win_in_25_pairs_at_once():
    game = Game.numbered(first_deal(lambda n: solve(numbered_deal(n)).min_moves == 25))
    win_game(game)
    assert game.score == scoring.max_score() == 1850
    assert load_stats(dump_stats(stats_after([game.result(0.0)], TODAY)), TODAY).best_score == 1850


def stats_after(results, day):
    stats = Stats()
    for result in results:
        stats.record(result, day)
    return stats


DAILY = -1  # in a drawn result: the deal of the day the game is recorded on
PAST_DAILY = -2  # in a drawn result: the deal of three days before, caught up


@st.composite
def results(draw):
    """Any finished game: a win in par or more moves, or a loss leaving what its moves leave."""
    won = draw(st.booleans())
    if won:
        par = draw(st.integers(25, 50))
        moves, left = draw(st.integers(par, 50)), 2
    else:
        par = draw(st.none() | st.integers(25, 50))
        moves = draw(st.integers(0, 49))
        left = draw(st.integers(max(3, 52 - 2 * moves), 52 - moves))
    return Result(
        draw(st.text("abcdef0123456789", min_size=1, max_size=16)),
        won,
        draw(st.integers(0, 10**6)),
        moves,
        draw(st.integers(0, 1850)),
        left,
        par,
        draw(st.sampled_from([None, 7, DAILY, PAST_DAILY])),
        draw(st.sampled_from([None, *Level])) if won else None,
        draw(st.booleans()),
        with_hints=draw(st.booleans()),
    )


START = dt.date(2026, 1, 1)


def stats_of(history):
    """The stats after ``history``'s games, each on its day after START."""
    stats = Stats()
    start = START
    for result, offset in history:
        day = start + dt.timedelta(days=offset)
        if result.number in (DAILY, PAST_DAILY):  # one deal a day, so one par a day
            deal_day = day - dt.timedelta(days=3 if result.number == PAST_DAILY else 0)
            par = 25 + deal_day.day % 4
            moves = max(result.moves, par) if result.won else result.moves
            result = dataclasses.replace(
                result, number=daily_deal_number(deal_day), par=par, moves=moves, daily=deal_day
            )
        stats.record(result, day)
    return stats


@settings(max_examples=examples(300))
@given(st.lists(st.tuples(results(), st.integers(0, 40)), max_size=80))
def test_stats_any_play_produces_load_back(history):
    """The checks refuse only the impossible: whatever games on whatever days make, loads."""
    stats = stats_of(history)
    assert load_stats(dump_stats(stats), START + dt.timedelta(days=40)) == stats


@settings(max_examples=examples(200))
@given(st.lists(st.tuples(results(), st.integers(0, 40)), max_size=80))
def test_stats_of_format_4_keep_all_they_earned(history):
    """Stats the build before wins with hints wrote, whatever play made them, load with every
    figure, record and achievement they held, each win one without hints (docs/saves.md,
    "stats, version 5")."""
    stats = stats_of([(dataclasses.replace(result, with_hints=False), day) for result, day in history])
    assert load_stats(format_4_stats(stats), START + dt.timedelta(days=40)) == stats


def without_hints_by_day(stats):
    """``stats`` with every day of the daily record and every challenge taken as won without hints."""
    days = {day: dataclasses.replace(r, with_hints=False) for day, r in stats.daily.days.items()}
    challenges = {
        day: {number: dataclasses.replace(r, with_hints=False) for number, r in results.items()}
        for day, results in stats.challenges.days.items()
    }
    daily = dataclasses.replace(stats.daily, days=days)
    return dataclasses.replace(
        stats, daily=daily, challenges=dataclasses.replace(stats.challenges, days=challenges)
    )


@settings(max_examples=examples(200))
@given(st.lists(st.tuples(results(), st.integers(0, 40)), max_size=80))
def test_stats_of_format_5_keep_every_day_as_won_without_hints(history):
    """Stats the build before days won with hints were told apart wrote, whatever play made them,
    load with every figure, each day's and each challenge's win one without hints (docs/saves.md,
    "stats, version 6")."""
    stats = stats_of(history)
    assert load_stats(format_5_stats(stats), START + dt.timedelta(days=40)) == without_hints_by_day(stats)


# Fuzzing --------------------------------------------------------------------------------------

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=8)
    | st.sampled_from(ALL_CARDS)
    | st.sampled_from(["undo", "redo", "hint", "QH-KH", "game", "stats"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=20,
)


def only_save_errors(text):
    """Load as a game and as stats: each either succeeds or raises SaveError."""
    for load in (lambda t: load_game(t, 100.0), lambda t: load_stats(t, TODAY)):
        try:
            loaded = load(text)
        except SaveError as error:
            assert str(error)
        else:
            # Whatever loads is a consistent object that saves and loads again unchanged.
            if isinstance(loaded, Game):
                again = load_game(dump_game(loaded, 100.0), 100.0)
                same_game(loaded, again, 100.0)
                assert loaded.line.cards[0] == "QH" and loaded.line.cards[-1] == "KH"
                assert loaded.score >= 0
            else:
                assert load_stats(dump_stats(loaded), TODAY) == loaded
                assert loaded.wins <= loaded.played


@settings(max_examples=examples(800))
@given(json_values)
def test_arbitrary_json_only_ever_raises_save_error(value):
    only_save_errors(json.dumps(value))


@settings(max_examples=examples(400))
@given(json_values, st.sampled_from(["game", "stats"]), st.integers(-1, 3))
def test_arbitrary_bodies_in_a_valid_envelope_only_raise_save_error(body, kind, version):
    only_save_errors(json.dumps({"app": "royal-marriage", "kind": kind, "version": version, kind: body}))


@settings(max_examples=examples(500))
@given(st.text(max_size=200))
def test_arbitrary_text_only_raises_save_error(text):
    only_save_errors(text)


GAME_TEXT = dump_game(game_mid_play(), 20.0)
_MID = solve(game_mid_play().cards).moves
GAME_TEXT_V1 = v1_text(
    "v1",
    game_mid_play().number,
    [str(_MID[0]), str(_MID[1]), "hint", str(_MID[2]), "undo", "redo"],
    9.5,
    True,
)
STATS_TEXT = dump_stats(stats_with_history())
GAME_TEXT_V4 = format_4_game(GAME_TEXT)
STATS_TEXT_V4 = format_4_stats(stats_with_history())
STATS_TEXT_HINTS = dump_stats(
    stats_after([Result("h", True, 50, 25, 1500, 2, 25, 7, Level.EXPERT, True, with_hints=True)], TODAY)
)
#: Today's deal won with hints: the day and its challenge say so.
STATS_TEXT_DAY_HINTS = dump_stats(
    stats_after(
        [Result("d", True, 50, 26, 1500, 2, 25, daily_deal_number(TODAY), daily=TODAY, with_hints=True)],
        TODAY,
    )
)
#: Today's deal won without hints, and the same stats as format 5 wrote them.
STATS_DAY = stats_after(
    [Result("d", True, 50, 26, 1500, 2, 25, daily_deal_number(TODAY), daily=TODAY)], TODAY
)
STATS_TEXT_V5 = format_5_stats(STATS_DAY)
SAVED_TEXTS = [
    GAME_TEXT,
    GAME_TEXT_V1,
    GAME_TEXT_V4,
    STATS_TEXT,
    STATS_TEXT_V4,
    STATS_TEXT_V5,
    STATS_TEXT_HINTS,
    STATS_TEXT_DAY_HINTS,
]


def paths(value, prefix=()):
    """Every path to a value inside nested dicts and lists."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*prefix, index))


def mutate(data, draw):
    """One tampering of a parsed save, chosen by hypothesis."""
    kind = draw(
        st.sampled_from(
            [
                "replace",
                "remove",
                "shuffle-events",
                "unknown-card",
                "duplicate-card",
                "illegal-event",
                "future-version",
                "flip-type",
                "deep",
                "swap-cards",
                "drop-event",
                "add-key",
            ]
        )
    )
    all_paths = [p for p in paths(data) if p]
    body = data.get("game", data.get("stats"))
    # The game's history: every event in format 1, the moves and the redo moves in format 2.
    lists = [
        k for k in ("events", "moves", "redo") if isinstance(body, dict) and isinstance(body.get(k), list)
    ]
    history = body[draw(st.sampled_from(lists))] if lists else None
    cards = body.get("cards") if isinstance(body, dict) else None
    cards = cards if isinstance(cards, list) and cards else None

    def index():
        return draw(st.integers(0, 51)) % len(cards)

    if kind in ("replace", "remove", "flip-type"):
        path = draw(st.sampled_from(all_paths))
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        if kind == "remove":
            del parent[path[-1]]
        elif kind == "replace":
            parent[path[-1]] = draw(json_values)
        else:
            old = parent[path[-1]]
            flips = {
                bool: 1,
                int: str(old),
                float: [old],
                str: [old],
                list: {"x": old},
                dict: [old],
                type(None): False,
            }
            parent[path[-1]] = flips[type(old)]
    elif kind == "shuffle-events" and history is not None:
        history[:] = draw(st.permutations(history))
    elif kind == "drop-event" and history:
        history.pop(draw(st.integers(0, len(history) - 1)))
    elif kind == "unknown-card" and cards:
        cards[index()] = draw(st.sampled_from(["ZZ", "1H", "", "qh", "10D"]))
    elif kind == "duplicate-card" and cards:
        i, j = index(), index()
        cards[i] = cards[j]
    elif kind == "swap-cards" and cards:
        i, j = index(), index()
        cards[i], cards[j] = cards[j], cards[i]
        if draw(st.booleans()):
            body["number"] = None  # a custom deal: the order itself must still be valid
    elif kind == "illegal-event" and history is not None:
        history.insert(
            draw(st.integers(0, len(history))),
            draw(st.sampled_from(["QH-KH", "undo", "redo", "hint", "AS-2S", "QH-QH", "x", ""])),
        )
    elif kind == "future-version":
        data["version"] = draw(st.sampled_from([2, 99, 10**30, -1, 1.0, "2"]))
    elif kind == "deep":
        depth = draw(st.integers(10, 3000))
        nested = "[" * depth + "]" * depth
        return json.dumps(data).replace('"cards":', f'"cards":{nested},"x":', 1)
    elif kind == "add-key":
        data[draw(st.text(max_size=5))] = draw(json_values)
    return json.dumps(data)


@settings(max_examples=examples(1500))
@given(st.sampled_from(SAVED_TEXTS), st.data())
def test_mutated_saves_only_raise_save_error(text, data):
    tampered = mutate(json.loads(text), data.draw)
    if data.draw(st.booleans()):
        try:
            again = json.loads(tampered)
        except RecursionError:  # the "deep" mutation: too deep to tamper with again
            again = None
        if isinstance(again, dict):
            tampered = mutate(again, data.draw)
    only_save_errors(tampered)


@settings(max_examples=examples(500))
@given(st.sampled_from(SAVED_TEXTS), st.integers(0, 10_000), st.integers(0, 5))
def test_truncated_or_corrupted_text_only_raises_save_error(text, cut, flip):
    cut %= len(text)
    only_save_errors(text[:cut])
    position = (cut * 7 + flip) % len(text)
    only_save_errors(text[:position] + '\x7f"}]'[flip % 4] + text[position + 1 :])


def test_mutations_do_get_refused():
    """A guard that the fuzzing is not vacuous: typical tamperings are refused."""
    data = json.loads(GAME_TEXT)
    data["game"]["moves"] = ["QH-KH"]
    with pytest.raises(SaveError, match="inconsistent"):
        load_game(json.dumps(data), 0.0)
    data = json.loads(GAME_TEXT)
    data["game"]["cards"][5] = data["game"]["cards"][6]
    with pytest.raises(SaveError):
        load_game(json.dumps(data), 0.0)
    data = json.loads(GAME_TEXT)
    data["game"]["number"] = None
    data["game"]["cards"][5] = "ZZ"
    with pytest.raises(SaveError, match="ZZ"):
        load_game(json.dumps(data), 0.0)


@pytest.mark.parametrize(
    "where, value",
    [
        ("event", "X" * 2_000_000 + "-QH"),
        ("event", "QH-" + "Y" * 2_000_000),
        ("event", "Z" * 2_000_000),
        ("card", "Z" * 2_000_000),
        ("version", -(10**4000)),
    ],
)
def test_a_reason_quotes_only_an_excerpt_of_a_long_bad_value(where, value):
    data = json.loads(dump_game(Game.numbered(1), 0.0))
    data["game"]["number"] = None
    if where == "event":
        data["game"]["moves"] = [value]
    elif where == "card":
        data["game"]["cards"][7] = value
    else:
        data["version"] = value
    with pytest.raises(SaveError) as refused:
        load_game(json.dumps(data), 0.0)
    assert len(str(refused.value)) < 300, str(refused.value)[:400]


# Format 3: daily challenges, wins by grade, achievements --------------------------------------


def test_stats_of_format_2_keep_every_figure_and_the_daily_record_becomes_the_challenges():
    stats = Stats()
    days = [dt.date(2026, 12, 29), dt.date(2026, 12, 30), dt.date(2026, 12, 31)]
    for n, day in enumerate(days):
        won = n != 1
        result = Result(
            f"g{n}", won, 70, 27 if won else 9, 1200, 2 if won else 40, 25, daily_deal_number(day), daily=day
        )
        stats.record(result, day)
    loaded = load_stats(format_2_text(stats), days[-1])
    assert describe.figures(loaded, days[-1]) == describe.figures(stats, days[-1])
    assert loaded.daily == stats.daily and loaded.recent == stats.recent
    assert {day: list(r) for day, r in loaded.challenges.days.items()} == {
        day: [daily_deal_number(day)] for day in days
    }
    won = loaded.challenges.days[days[0]][daily_deal_number(days[0])]
    assert (won.won, won.moves, won.par, won.seconds) == (True, 27, 25, None)
    assert loaded.challenges.current_streak(days[-1]) == stats.daily.current_streak(days[-1]) == 1
    assert load_stats(dump_stats(loaded), days[-1]) == loaded


def test_wins_by_grade_and_achievements_round_trip():
    stats = stats_with_history()
    assert stats.level_wins == {Level.HARD: 1}
    assert {"first-win", "hard-won", "unaided"} <= set(stats.unlocked)
    assert load_stats(dump_stats(stats), TODAY) == stats


@pytest.mark.parametrize(
    ("path", "value", "reason"),
    [
        (("level_wins",), {"hard": 5}, "wins by grade"),
        (("level_wins",), {"trivial": 1}, "wins by grade"),
        (("unlocked",), {"no-such-thing": "2026-12-31"}, "no achievement"),
        (("unlocked",), {"ten-wins": "2026-12-31"}, "does not fit"),
        (
            ("challenges", "days", "2026-12-31"),
            {"7": {"won": False, "par": 25, "moves": None, "seconds": None, "with_hints": False}},
            "that day's deals",
        ),
    ],
)
def test_tampered_challenges_grades_and_achievements_are_refused(path, value, reason):
    record = json.loads(STATS_TEXT)
    target = record["stats"]
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(SaveError, match=reason):
        load_stats(json.dumps(record), TODAY)


@pytest.mark.parametrize(
    ("streak_day", "refused"),
    [
        ("2026-12-31", True),  # a day kept, with no challenge won
        ("2026-12-30", False),  # a day kept, won
        ("2026-12-29", False),  # before the days kept: dropped once older than today's 400
        ("2027-01-05", False),  # after them: a wrong clock's day, dropped to make room for today's
    ],
)
def test_the_daily_streak_ends_on_a_won_day_if_that_day_is_among_the_days_kept(streak_day, refused):
    record = json.loads(STATS_TEXT)
    challenges = record["stats"]["challenges"]
    lost = {"won": False, "par": 25, "moves": None, "seconds": None, "with_hints": False}
    challenges["days"]["2026-12-31"] = {"20261231": lost}
    challenges["streak_day"] = streak_day
    if refused:
        with pytest.raises(SaveError, match="no challenge won"):
            load_stats(json.dumps(record), TODAY)
    else:
        assert load_stats(json.dumps(record), TODAY).challenges.days == load_stats(
            STATS_TEXT, TODAY
        ).challenges.days | {dt.date(2026, 12, 31): {20261231: ChallengeResult(False, 25)}}


# Format 5: games played with hints, wins with hints ------------------------------------------


def hinted_then_played():
    game = Game.numbered(WINNABLE)
    game.hint()
    game.play(solve(game.cards).moves[0], 1.0)
    return game


def hint_just_shown():
    game = Game.numbered(WINNABLE)
    game.play(solve(game.cards).moves[0], 1.0)
    game.hint()
    return game


def two_undos():
    game = Game.numbered(WINNABLE)
    move = solve(game.cards).moves[0]
    for _ in range(2):
        game.play(move, 1.0)
        game.undo(2.0)
    return game


def three_hints():
    game = Game.numbered(WINNABLE)
    for move in solve(game.cards).moves[:3]:
        game.hint()
        game.play(move, 1.0)
    return game


@pytest.mark.parametrize(
    "make, played_with_hints, migrated",
    [
        (hinted_then_played, True, True),  # 25 points: no number of undos pays that
        (hint_just_shown, True, True),  # "hinted": the last action was a charged hint
        (two_undos, False, False),
        (three_hints, True, False),  # 75 points, as five undos: not told apart (docs/saves.md)
        (lambda: Game.numbered(WINNABLE), False, False),
    ],
)
def test_a_format_4_game_is_played_with_hints_where_its_record_proves_one(make, played_with_hints, migrated):
    game = make()
    assert game.with_hints is played_with_hints
    copy = load_game(format_4_game(dump_game(game, 5.0)), 5.0)
    assert copy.with_hints is migrated
    game.with_hints = migrated
    same_game(game, copy, 5.0)


def test_a_format_4_game_left_is_migrated_with_its_game():
    _, text = left_for(hinted_then_played())
    game, _, left = saves.game_from_record(json.loads(format_4_game(text)), 30.0)
    assert left is not None and left.with_hints and not game.with_hints


def test_a_game_played_with_hints_round_trips_and_a_restart_keeps_the_mark():
    game = hinted_then_played()
    game.undo(2.0)  # no undo takes the mark back
    copy = load_game(dump_game(game, 3.0), 3.0)
    same_game(game, copy, 3.0)
    assert copy.with_hints and copy.restarted().with_hints
    assert not Game.numbered(WINNABLE).restarted().with_hints


@pytest.mark.parametrize(
    "change, reason",
    [
        ({"hinted": True, "with_hints": False}, "charged is played with hints"),
        ({"with_hints": None}, "with_hints must be true or false"),
        ({"with_hints": 1}, "with_hints must be true or false"),
    ],
)
def test_a_tampered_with_hints_is_refused(change, reason):
    record = json.loads(dump_game(hinted_then_played(), 5.0))
    record["game"].update(change)
    with pytest.raises(SaveError, match=reason):
        load_game(json.dumps(record), 5.0)


def test_stats_with_a_win_with_hints_round_trip_and_old_stats_keep_their_achievements():
    stats = load_stats(STATS_TEXT_HINTS, TODAY)
    assert (stats.wins, stats.wins_with_hints, stats.perfect_wins, stats.level_wins) == (1, 1, 0, {})
    assert set(stats.unlocked) == {"first-win"} and stats.recent[0].with_hints
    old = load_stats(STATS_TEXT_V4, TODAY)
    assert old == stats_with_history() and old.wins_with_hints == 0
    assert {"first-win", "hard-won", "unaided"} <= set(old.unlocked)


@pytest.mark.parametrize(
    ("path", "value", "reason"),
    [
        (("wins_with_hints",), 2, "more wins with hints than wins"),
        (("wins_with_hints",), None, "wins_with_hints must be a whole number"),
        (("recent", 0, "with_hints"), "yes", "with_hints must be true or false"),
        (("fastest_win",), 50, None),  # the only win was with hints: it set no fastest win
    ],
)
def test_tampered_wins_with_hints_are_refused(path, value, reason):
    record = json.loads(STATS_TEXT_HINTS)
    target = record["stats"]
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(SaveError, match=reason or "go with wins without hints"):
        load_stats(json.dumps(record), TODAY)


def test_a_day_won_with_hints_round_trips_and_a_format_5_day_is_won_without_them():
    stats = load_stats(STATS_TEXT_DAY_HINTS, TODAY)
    assert stats.daily.on(TODAY).with_hints and stats.wins_with_hints == 1
    assert stats.challenges.days[TODAY][daily_deal_number(TODAY)].with_hints
    old = load_stats(STATS_TEXT_V5, TODAY)
    assert old.daily.on(TODAY).won and not old.daily.on(TODAY).with_hints
    assert not old.challenges.days[TODAY][daily_deal_number(TODAY)].with_hints


DAY = TODAY.isoformat()
OWN = str(daily_deal_number(TODAY))


@pytest.mark.parametrize(
    ("path", "value", "reason"),
    [
        (("daily", "days", DAY, "with_hints"), "yes", "with_hints must be true or false"),
        (("daily", "days", DAY, "with_hints"), None, "with_hints must be true or false"),
        (("challenges", "days", DAY, OWN, "with_hints"), 1, "with_hints must be true or false"),
    ],
)
def test_tampered_days_won_with_hints_are_refused(path, value, reason):
    record = json.loads(STATS_TEXT_DAY_HINTS)
    target = record["stats"]
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(SaveError, match=reason):
        load_stats(json.dumps(record), TODAY)


@pytest.mark.parametrize("path", [("daily", "days", DAY), ("challenges", "days", DAY, OWN)])
def test_no_more_days_or_challenges_won_with_hints_than_wins_with_hints(path):
    record = json.loads(dump_stats(STATS_DAY))
    target = record["stats"]
    for key in path:
        target = target[key]
    target["with_hints"] = True
    with pytest.raises(SaveError, match="disagree with the totals"):
        load_stats(json.dumps(record), TODAY)


def test_a_day_not_won_cannot_say_it_was_won_with_hints():
    record = json.loads(
        dump_stats(
            stats_after(
                [Result("l", False, 50, 9, 100, 40, 25, daily_deal_number(TODAY), daily=TODAY)], TODAY
            )
        )
    )
    record["stats"]["daily"]["days"][DAY]["with_hints"] = True
    with pytest.raises(SaveError, match="hints go with its win"):
        load_stats(json.dumps(record), TODAY)
