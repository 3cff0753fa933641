"""The page around the line as one description (royal/view/page.py and the parts it draws:
royal/view/ending.py, look.py, replay_bar.py): every field, button, panel and word a drawing
shows, as the page would show it, tested without a browser."""

import dataclasses
import datetime as dt
import json

from helpers import STUCK, WINNABLE, leftmost_play, shown_words, spoken_words, win_game
from royal import describe
from royal.cards import spoken_name
from royal.deals import numbered_deal
from royal.game import Game
from royal.markup import THEME_COLOURS
from royal.replay import Replay
from royal.settings import CHOICES, Settings
from royal.solver import solve
from royal.stats import Stats
from royal.variant import STOCK
from royal.view.html import Patch, node_data
from royal.view.look import SETTING_BOXES, look, radio_id
from royal.view.page import News, Screen, Told, chance_line, finish_button, news, page

TODAY = dt.date(2026, 12, 3)


def screen(game: Game | None = None, **changes: object) -> Screen:
    base = Screen(Game.numbered(WINNABLE), 0.0, TODAY, Settings(), Stats())
    return dataclasses.replace(base, **({"game": game} if game else {}), **changes)  # type: ignore[arg-type]


def texts(patch: Patch, prefix: str) -> dict[str, str | None]:
    return {
        name.removeprefix(prefix): r.text() for name, r in patch.regions.items() if name.startswith(prefix)
    }


def test_a_new_game_shows_its_fields_stats_link_and_buttons() -> None:
    game = Game.numbered(WINNABLE)
    drawn = page(screen(game, address=f"?deal={WINNABLE}"))
    assert texts(drawn, "field-") == {
        **describe.fields(game, 0.0),
        "stats-variant": describe.variant_name(Settings().variant),
    }
    assert texts(drawn, "stat-") == describe.stats_panel(Stats().of(Settings().variant), TODAY)
    assert drawn.regions["deal-link"].attribute("href") == f"./?deal={WINNABLE}"
    disabled = {
        b: drawn.regions[b].attribute("disabled") for b in ("new-game", "undo", "redo", "hint", "share")
    }
    assert disabled == {"new-game": None, "undo": "", "redo": "", "hint": None, "share": None}
    assert drawn.regions["deal-card"].attribute("hidden") == ""  # no stock in the open game
    assert drawn.regions["result"].attribute("hidden") == ""
    assert drawn.regions["page"].attribute("data-outcome") is None
    assert drawn.effect("address") == f"?deal={WINNABLE}"


def test_a_move_enables_undo_and_an_undo_redo() -> None:
    game = Game.numbered(WINNABLE)
    game.play(solve(game.line.cards).moves[0], 1.0)
    assert page(screen(game)).regions["undo"].attribute("disabled") is None
    game.undo(2.0)
    drawn = page(screen(game))
    assert drawn.regions["redo"].attribute("disabled") is None
    assert drawn.regions["undo"].attribute("disabled") == ""


def test_a_stock_game_shows_deal_and_par_unseen() -> None:
    game = Game.numbered(WINNABLE, STOCK)
    drawn = page(screen(game))
    assert drawn.regions["deal-card"].attribute("hidden") is None
    assert drawn.regions["deal-card"].attribute("disabled") is None
    assert texts(drawn, "field-")["par"] == describe.UNSEEN


def test_a_win_shows_the_end_panel_with_its_breakdown_and_marks_the_body() -> None:
    game = Game.numbered(WINNABLE)
    end = win_game(game, 0.0, 2.0)
    drawn = page(screen(game, now=end))
    heading, words = describe.ending(game, end)
    assert drawn.regions["result"].attribute("hidden") is None
    assert drawn.regions["result"].attribute("data-outcome") == "won"
    assert drawn.regions["page"].attribute("data-outcome") == "won"
    assert (drawn.regions["result-heading"].text(), drawn.regions["result-text"].text()) == (heading, words)
    assert texts(drawn, "part-") == describe.breakdown(game.breakdown)
    assert drawn.regions["result-rewind"].attribute("hidden") == ""
    assert drawn.regions["hint"].attribute("disabled") == ""
    assert "celebration" not in drawn.regions  # the celebration, once started, runs its course


def test_a_stuck_game_offers_the_way_back_to_its_last_winnable_move() -> None:
    game = Game.numbered(STUCK)
    for move in leftmost_play(STUCK)[0]:
        game.play(move, 0.0)
    back = game.last_winnable()
    drawn = page(screen(game))
    assert drawn.regions["page"].attribute("data-outcome") == "stuck"
    if back is None:
        assert drawn.regions["result-rewind"].attribute("hidden") == ""
    else:
        assert drawn.regions["result-rewind"].attribute("hidden") is None
        assert drawn.regions["result-rewind"].text() == describe.rewind_button(back)


def test_a_stuck_panel_is_one_sentence_and_its_first_action_the_way_back() -> None:
    """Issue 29: a stuck game says it in one sentence, no breakdown, and its one primary button
    (first, and focused: static/ending.js) goes back to the last winnable position; without
    one, New game is."""
    game = Game.numbered(STUCK)
    for move in leftmost_play(STUCK)[0]:
        game.play(move, 0.0)
    back = game.last_winnable()
    assert back is not None, "the test's deal was winnable earlier"
    drawn = page(screen(game))
    words = drawn.regions["result-text"].text()
    assert words.count(".") == 1 and words.endswith(f"after move {back}."), words
    assert drawn.regions["result-score"].attribute("hidden") == ""
    assert drawn.regions["result-rewind"].attribute("class") == "primary"
    assert drawn.regions["result-new"].attribute("class") is None

    won = Game.numbered(WINNABLE)
    drawn = page(screen(won, now=win_game(won, 0.0, 2.0)))
    assert drawn.regions["result-new"].attribute("class") == "primary"
    assert drawn.regions["result-rewind"].attribute("class") is None
    assert drawn.regions["result-score"].attribute("hidden") is None


def test_a_game_in_play_hides_the_celebration() -> None:
    drawn = page(screen())
    assert drawn.regions["celebration"].attribute("hidden") == ""
    assert drawn.regions["page"].attributes[-1] == ("data-celebrating", None)


def test_the_replay_shows_its_fields_and_bar_and_marks_the_body() -> None:
    game = Game.numbered(WINNABLE)
    win_game(game)
    replay = Replay(game.cards, game.deal_solution())
    replay.step()
    drawn = page(screen(game, steps=replay, replay=replay, replay_opening=True))
    assert texts(drawn, "field-")["moves"] == "1"
    assert texts(drawn, "field-")["cards-left"] == str(len(replay.line))
    assert drawn.regions["page"].attribute("data-replay") == ""
    assert drawn.regions["replay-bar"].attribute("hidden") is None
    status = [node_data(node) for node in drawn.regions["replay-status"].children or ()]
    assert shown_words(status) == describe.replay_started(replay)  # 10♠, read as "ten of spades"
    assert spoken_words(status) == describe.replay_started(replay, spoken_name)
    assert drawn.regions["replay-back"].attribute("aria-disabled") == "false"
    replay.toggle()
    playing = page(screen(game, steps=replay, replay=replay))
    assert playing.regions["replay-status"].attribute("aria-live") == "off"  # read only where it stops
    status = [node_data(node) for node in playing.regions["replay-status"].children or ()]
    assert shown_words(status) == describe.replay_position(replay)
    assert spoken_words(status) == describe.replay_position(replay, spoken_name)
    assert playing.regions["replay-play"].text() == describe.replay_play_button(True)
    assert playing.regions["replay-play"].attribute("aria-pressed") == "true"
    closed = page(screen(game))
    assert closed.regions["replay-bar"].attribute("hidden") == ""
    assert closed.regions["page"].attribute("data-replay") is None


def test_the_first_game_guide_and_the_chance_show_as_told() -> None:
    shown = page(screen(guide=True, chance="\N{NO-BREAK SPACE}"))
    assert shown.regions["first-game"].attribute("hidden") is None
    assert shown.regions["first-game-text"].text() == describe.FIRST_GAME
    assert shown.regions["chance"].attribute("hidden") is None
    hidden = page(screen())
    assert hidden.regions["first-game"].attribute("hidden") == ""
    assert hidden.regions["first-game-text"].text() == ""
    assert chance_line(None)["chance"].attribute("hidden") == ""
    assert chance_line("Four in five")["chance"].text() == "Four in five"


def test_finish_for_me_is_offered_with_its_count_or_while_it_plays() -> None:
    assert finish_button(None)["finish"].attribute("data-offered") == "false"
    assert finish_button(None)["finish"].attribute("disabled") == ""
    offered = finish_button(3)["finish"]
    assert (offered.attribute("data-offered"), offered.attribute("disabled")) == ("true", None)
    assert offered.attribute("title") == describe.finish_offer(3)
    assert finish_button(0)["finish"].attribute("title") is None  # playing: its offer stands as it was
    assert offered.text() == describe.FINISH_BUTTON


def test_a_link_being_offered_leaves_the_address_alone() -> None:
    assert page(screen(address=None)).effect("address") is None


def test_the_settings_check_their_controls_and_give_the_page_its_look() -> None:
    settings = Settings(sound=True, theme="dark", felt="wine", card_back="blue", four_colour=True)
    drawn = look(settings)
    checked = {name: drawn[element_id].properties for element_id, name in SETTING_BOXES.items()}
    assert checked["sound"] == (("checked", True),) and checked["large_cards"] == (("checked", False),)
    for name in ("theme", "felt", "card_back", "level", "mode"):
        for choice in CHOICES[name]:
            assert drawn[radio_id(name, choice)].properties == (
                ("checked", getattr(settings, name) == choice),
            )
    site = drawn["site"]
    assert site.attribute("data-theme") == "dark"
    assert site.attribute("data-felt") == "wine" and site.attribute("data-card-back") == "blue"
    assert site.attribute("data-four-colour") == "" and site.attribute("data-large-cards") is None
    colours = [drawn[f"theme-colour-{i}"] for i in (0, 1)]
    assert [c.attribute("content") for c in colours] == list(THEME_COLOURS["wine"])
    assert [c.attribute("media") for c in colours] == ["not all", "all"]  # the dark scheme's, pinned
    assert look(Settings())["site"].attribute("data-theme") is None  # as the device


def test_news_is_the_message_line_the_words_read_out_the_sound_and_the_celebration() -> None:
    heard = news(News(Told("Shown", "Spoken"), "win", True))
    assert heard.regions["status"].text() == "Shown"
    assert [(e.name, e.data) for e in heard.effects] == [
        ("say", "Spoken"),
        ("sound", "win"),
        ("celebrate", None),
    ]
    spoken_only = news(News(Told(None, "Only read")))
    assert "status" not in spoken_only.regions and spoken_only.effect("say") == "Only read"
    assert news(News()) == Patch()


def test_a_drawing_is_one_json_text_the_applier_reads() -> None:
    game = Game.numbered(WINNABLE)
    data = json.loads(
        (page(screen(game, address=f"?deal={WINNABLE}")) + news(News(Told("", "New game")))).to_json()
    )
    assert data["r"]["field-deal"] == {"c": [describe.fields(game, 0.0)["deal"]]}
    assert data["r"]["sound"] == {"p": {"checked": False}}
    assert data["r"]["status"] == {"c": []}
    assert data["x"] == [["address", f"?deal={WINNABLE}"], ["say", "New game"]]
    assert numbered_deal(WINNABLE) == game.cards
