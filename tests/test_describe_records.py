"""What the page says about par, the replay, the daily record, recent games and backups."""

import datetime as dt

from royal import describe
from royal.backup import dump_backup, load_backup
from royal.challenges import ChallengeResult
from royal.deals import numbered_deal
from royal.game import Game, Result
from royal.records import DailyRecord, DayStatus, Finished
from royal.replay import Replay
from royal.solver import solve
from royal.stats import Stats

DAY = dt.date(2026, 11, 29)


def test_par_field_shows_the_fewest_moves_or_none():
    assert describe.par_field(26) == "26"
    assert describe.par_field(None) == "none"
    assert "cannot be won" in describe.unwinnable_deal(77)
    assert describe.unwinnable_deal(77).startswith("Deal 77 ")


def test_replay_says_each_step_and_the_end():
    cards = numbered_deal(1)
    solution = solve(cards)
    replay = Replay(cards, solution)
    first = solution.moves[0]
    assert describe.replay_position(replay).startswith(f"0 of {solution.min_moves} played. Next, move 1: ")
    assert describe.removal(first, replay.line.enclosed(first)) in describe.replay_position(replay)
    assert describe.replay_started(replay).startswith(f"A shortest win of this deal, in {solution.min_moves}")
    assert describe.replay_fields(replay) == {"moves": "0", "cards-left": "52"}
    replay.step()
    assert describe.replay_fields(replay) == {
        "moves": "1",
        "cards-left": str(52 - len(replay.line.stack[0].removed)),
    }
    while replay.step():
        pass
    assert describe.replay_fields(replay) == {"moves": str(solution.min_moves), "cards-left": "2"}
    assert (
        describe.replay_position(replay) == f"Won in {solution.min_moves} moves, the fewest this deal allows."
    )


def test_daily_today_says_won_against_par_played_or_not_played():
    record = DailyRecord()
    assert describe.daily_today(record, DAY) == "Today's deal, 29 November 2026, is not played yet."
    record.record(DAY, False, 3, 26)
    assert describe.daily_today(record, DAY) == "Today's deal, 29 November 2026, is played but not won yet."
    record.record(DAY, True, 28, 26)
    assert (
        describe.daily_today(record, DAY)
        == "Today's deal, 29 November 2026, is won in 28 moves, 2 over par 26."
    )
    record.record(DAY, True, 26, 26)
    assert describe.daily_today(record, DAY) == "Today's deal, 29 November 2026, is won in 26 moves, in par."
    assert describe.day_label(DAY, DayStatus.PLAYED) == "29 November 2026: played, not won"
    assert describe.daily_streak(1) == "Today's deal won on its day: 1 day in a row."


def test_a_day_won_only_with_hints_says_so_until_it_is_won_without():
    record = DailyRecord()
    record.record(DAY, True, 26, 26, with_hints=True)
    assert describe.daily_today(record, DAY) == (
        "Today's deal, 29 November 2026, is won with hints in 26 moves, in par."
    )
    assert describe.day_label(DAY, DayStatus.WON, True) == "29 November 2026: won with hints"
    record.record(DAY, True, 28, 26)
    assert (
        describe.daily_today(record, DAY)
        == "Today's deal, 29 November 2026, is won in 28 moves, 2 over par 26."
    )
    assert describe.day_label(DAY, DayStatus.WON) == "29 November 2026: won"
    other = DailyRecord()
    other.record(DAY, True, 27, 26, with_hints=True)
    assert describe.daily_today(other, DAY) == (
        "Today's deal, 29 November 2026, is won with hints in 27 moves, 1 over par 26."
    )


def test_a_challenge_won_only_with_hints_says_so_in_its_line_and_its_day():
    hinted = ChallengeResult(True, par=25, moves=26, seconds=95, with_hints=True)
    clean = ChallengeResult(True, par=25, moves=27, seconds=120)
    assert describe.challenge_result(hinted) == "won with hints in 26 moves (par 25), 1:35"
    assert describe.challenge_result(ChallengeResult(True, 25, 25, None, True)) == (
        "won with hints in 25 moves (par 25)"
    )
    assert describe.challenge_result(clean) == "won in 27 moves (par 25), 2:00"
    assert describe.calendar_day(DAY, {1: hinted, 2: clean}) == (
        "29 November 2026: 2 of 4 challenges won, 1 with hints"
    )
    assert describe.calendar_day(DAY, {2: clean}) == "29 November 2026: 1 of 4 challenges won"


def test_recent_games_in_words():
    assert describe.recent_summary([]).startswith("No finished games yet")
    recent = [Finished(True, 25, 2, 25), Finished(True, 27, 2, 26), Finished(False, 10, 33, 25)]
    assert describe.recent_summary(recent) == (
        "Your last 3 games: 2 won (1 in par), 1 lost (33 cards left on average)."
    )
    assert describe.recent_summary(recent[:1]) == "Your last game: won in 25 moves, in par."
    assert (
        describe.recent_summary(recent[2:] * 2)
        == "Your last 2 games: 0 won, 2 lost (33 cards left on average)."
    )
    assert describe.recent_game(1, recent[0]) == "Game 1: won in 25 moves, in par."
    assert describe.recent_game(2, recent[1]) == "Game 2: won in 27 moves, 1 over par."
    assert describe.recent_game(3, recent[2]) == "Game 3: lost with 33 cards left."


def test_backup_contents_say_games_wins_date_and_the_unfinished_game():
    stats = Stats()
    game = Game.numbered(42)
    game.play(game.legal_moves()[0], 0.0)
    contents = load_backup(dump_backup(stats, game, DAY, 1.0), 1.0, DAY)
    text = describe.backup_contents(contents)
    assert text.startswith("This file, exported on 29 November 2026, holds 0 games played with 0 wins")
    assert "unfinished game of deal 42, 1 move in" in text


def test_backup_contents_count_one_game_and_one_win_in_the_singular():
    stats = Stats()
    stats.record(Result("g1", True, 90, 25, 1600, par=25, number=5), DAY)
    text = describe.backup_contents(load_backup(dump_backup(stats, None, DAY, 1.0), 1.0, DAY))
    assert "holds 1 game played with 1 win." in text
