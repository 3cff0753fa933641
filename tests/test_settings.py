"""Settings: their defaults, and strict loading of saved ones (storage anyone can edit)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from royal import saves
from royal.settings import CARD_BACKS, CHOICES, FELTS, THEMES, Settings

any_settings = st.builds(
    Settings,
    winnable_only=st.booleans(),
    warn_lost=st.booleans(),
    ask_before_loss=st.booleans(),
    sound=st.booleans(),
    theme=st.sampled_from(THEMES),
    large_cards=st.booleans(),
    four_colour=st.booleans(),
    felt=st.sampled_from(FELTS),
    card_back=st.sampled_from(CARD_BACKS),
    quick_play=st.booleans(),
    level=st.sampled_from(["any", "easy", "medium", "hard", "expert"]),
    mode=st.sampled_from(["open", "stock"]),
    suit_runs=st.booleans(),
)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def record(body: object) -> str:
    """A settings record holding ``body``, in the current format."""
    return json.dumps(
        {"app": "royal-marriage", "kind": "settings", "version": saves.VERSIONS["settings"], "settings": body}
    )


def test_the_defaults_a_new_player_gets():
    assert Settings().to_dict() == {
        "winnable_only": True,
        "warn_lost": False,
        "ask_before_loss": True,
        "sound": False,
        "theme": "system",
        "large_cards": False,
        "four_colour": False,
        "felt": "green",
        "card_back": "red",
        "quick_play": False,
        "level": "any",
        "mode": "open",
        "suit_runs": False,
        "lesson_seen": False,
    }


@given(any_settings)
def test_settings_round_trip_exactly(settings):
    text = saves.dump_settings(settings)
    assert json.loads(text)["version"] == saves.VERSIONS["settings"]
    assert saves.load_settings(text) == settings


@pytest.mark.parametrize(
    "change, reason",
    [
        ({"sound": 1}, "sound must be true or false"),
        ({"sound": "true"}, "sound must be true or false"),
        ({"theme": "Dark"}, "theme must be one of system, light, dark"),
        ({"felt": "purple"}, "felt must be one of green, blue, wine, slate"),
        ({"felt": ["green"]}, "felt must be one of"),
        ({"card_back": None}, "card_back must be one of red, blue, felt"),
        ({"four_colour": "yes"}, "four_colour must be true or false"),
        ({"volume": 5}, "unknown setting 'volume'"),
        ({"level": "trivial"}, "level must be one of any, easy, medium, hard, expert"),
    ],
)
def test_a_wrong_field_is_named(change, reason):
    body = {**Settings().to_dict(), **change}
    text = record(body)
    with pytest.raises(saves.SaveError, match=reason):
        saves.load_settings(text)


def test_a_missing_field_is_named():
    body = Settings().to_dict()
    del body["large_cards"]
    text = record(body)
    with pytest.raises(saves.SaveError, match="'large_cards' is missing"):
        saves.load_settings(text)


def test_settings_of_format_1_gain_quick_play_off():
    body = {name: value for name, value in Settings(sound=True).to_dict().items() if name != "quick_play"}
    text = json.dumps({"app": "royal-marriage", "kind": "settings", "version": 1, "settings": body})
    # Through every migration: a player of format 1 has been here before (format 4's).
    assert saves.load_settings(text) == Settings(sound=True, quick_play=False, lesson_seen=True)


def test_settings_of_format_4_have_seen_the_lesson():
    """Kept settings mean a player who was here before the lesson: it never starts by itself
    (docs/saves.md, "settings, version 5")."""
    body = {name: value for name, value in Settings(felt="wine").to_dict().items() if name != "lesson_seen"}
    text = json.dumps({"app": "royal-marriage", "kind": "settings", "version": 4, "settings": body})
    assert saves.load_settings(text) == Settings(felt="wine", lesson_seen=True)


def test_a_game_record_is_not_settings():
    text = json.dumps(
        {"app": "royal-marriage", "kind": "game", "version": saves.VERSIONS["game"], "game": {}}
    )
    with pytest.raises(saves.SaveError, match="settings record"):
        saves.load_settings(text)


@given(json_values)
def test_any_body_only_ever_raises_save_error(body):
    text = record(body)
    try:
        settings = saves.load_settings(text)
    except saves.SaveError:
        return
    assert isinstance(settings, Settings) and settings.to_dict() == body


@given(any_settings, st.data())
def test_one_changed_field_is_refused_unless_still_valid(settings, data):
    body = settings.to_dict()
    name = data.draw(st.sampled_from(sorted(body)))
    body[name] = data.draw(json_values)
    text = saves.dump_settings(settings).replace(
        json.dumps(settings.to_dict(), separators=(",", ":")), json.dumps(body, separators=(",", ":"))
    )
    value = body[name]
    valid = isinstance(value, str) and value in CHOICES[name] if name in CHOICES else isinstance(value, bool)
    if valid:
        assert saves.load_settings(text).to_dict() == body
    else:
        with pytest.raises(saves.SaveError):
            saves.load_settings(text)


@given(st.text(max_size=60))
def test_any_text_only_ever_raises_save_error(text):
    with pytest.raises(saves.SaveError):
        saves.load_settings(text)


def test_at_least_four_felts_and_three_backs():
    assert len(FELTS) >= 4 and len(CARD_BACKS) >= 3


def test_settings_of_format_1_keep_every_choice_and_get_the_new_defaults():
    old = {
        "winnable_only": False,
        "warn_lost": True,
        "ask_before_loss": False,
        "sound": True,
        "theme": "dark",
        "large_cards": True,
    }
    text = json.dumps({"app": "royal-marriage", "kind": "settings", "version": 1, "settings": old})
    assert saves.load_settings(text) == Settings(**old, lesson_seen=True)


def test_format_1_settings_are_still_checked_strictly():
    text = json.dumps({"app": "royal-marriage", "kind": "settings", "version": 1, "settings": {"sound": 1}})
    with pytest.raises(saves.SaveError):
        saves.load_settings(text)


def test_settings_of_format_2_keep_every_choice_and_deal_any_grade():
    body = {**Settings(sound=True, felt="wine").to_dict()}
    for name in ("level", "mode", "suit_runs", "lesson_seen"):
        del body[name]
    text = json.dumps({"app": "royal-marriage", "kind": "settings", "version": 2, "settings": body})
    assert saves.load_settings(text) == Settings(sound=True, felt="wine", level="any", lesson_seen=True)
