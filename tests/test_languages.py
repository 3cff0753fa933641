"""The engine speaks the player's language (docs/architecture.md, "Words and languages").

A pseudo-language, made here from the template (every letter accented, every message about 30 %
longer, its months and weekdays too), finds any English left: a sentence built outside the
catalogue, a word glued on, a name from a hand-written table. Polish (three plural forms) and
Arabic (six) take their plural rules from their catalogues' headers, written by Babel as
`pybabel init` writes them. French is checked where the words meet real data.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from helpers import STUCK, UNWINNABLE, leftmost_play, win_game
from royal import cli, describe, i18n, saves
from royal.achievements import ACHIEVEMENTS
from royal.backup import BackupError, load_backup
from royal.cards import ALL_CARDS, spoken_name
from royal.challenges import ChallengeResult
from royal.chance import Chance
from royal.deals import DealError, custom_deal, parse_deal_number
from royal.difficulty import Level
from royal.game import Game
from royal.line import IllegalMove, Move
from royal.links import parse_link
from royal.reason import reason_of
from royal.records import DailyRecord, DayResult, DayStatus, Finished
from royal.stats import Stats
from royal.storage import Unreadable
from royal.variant import Mode, Variant
from tools import locales
from tools.catalogues import Entry, compiled, read_po, write_mo

PSEUDO = "en_XA"
_PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ACCENTED = "åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"
_ACCENT = str.maketrans(_PLAIN, _ACCENTED)
_PLACEHOLDER = re.compile(r"(%\(\w+\)s)")
#: What may stay in plain letters: card codes and move notation, and the formats' own names.
_TECHNICAL = re.compile(r"\b(?:[A2-9TJQK][SHDC](?:-[A2-9TJQK][SHDC])?|JSON|YYYY-MM-DD|deal=N|QH|TD)\b")
DAY = dt.date(2026, 9, 14)


def pseudo(text: str) -> str:
    """``"%(count)s cards left"`` as ``"⟦%(count)s çåŕđš ļéƒţ ···⟧"``: accented, placeholders kept, a
    third longer."""
    parts = [
        part if _PLACEHOLDER.fullmatch(part) else part.translate(_ACCENT) for part in _PLACEHOLDER.split(text)
    ]
    return "⟦" + "".join(parts) + " " + "·" * max(1, len(text) * 3 // 10) + "⟧"


def english_left(text: str) -> list[str]:
    """Plain words left, but for what is quoted (a player's own input, never translated)."""
    return re.findall(r"[A-Za-z]{2,}", _TECHNICAL.sub("", re.sub(r"(?<!\w)'[^']*'", "", text)))


def _write(folder: Path, entries: list[Entry], forms: dict[str, object]) -> None:
    (folder / "LC_MESSAGES").mkdir(parents=True)
    (folder / "LC_MESSAGES" / "royal.mo").write_bytes(write_mo(entries))
    (folder / "forms.json").write_text(json.dumps(forms, ensure_ascii=False), encoding="utf-8")


@pytest.fixture(scope="module")
def locale_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The committed catalogues compiled as the build compiles them, and the pseudo-language."""
    root = tmp_path_factory.mktemp("locale")
    for name, data in compiled().items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    for language in ["en", *locales.languages()]:
        (root / language).mkdir(exist_ok=True)
        (root / language / "forms.json").write_bytes((locales.LOCALE / language / "forms.json").read_bytes())
    entries = read_po(locales.TEMPLATE.read_text(encoding="utf-8"))
    for entry in entries:
        if not entry.msgid:
            entry.translations = {
                0: "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=2; plural=(n != 1);\n"
            }
        elif entry.plural is None:
            entry.translations = {0: pseudo(entry.msgid)}
        else:
            entry.translations = {0: pseudo(entry.msgid), 1: pseudo(entry.plural)}
    english = json.loads((locales.LOCALE / "en" / "forms.json").read_text(encoding="utf-8"))
    forms = {
        **english,
        "months": {kind: [pseudo(name) for name in names] for kind, names in english["months"].items()},
        "weekdays": {kind: [pseudo(name) for name in names] for kind, names in english["weekdays"].items()},
        "lists": {
            kind: {part: pattern.translate(_ACCENT) for part, pattern in patterns.items()}
            for kind, patterns in english["lists"].items()
        },
    }
    _write(root / PSEUDO, entries, forms)
    return root


@pytest.fixture
def speaking(locale_dir: Path) -> Iterator[Path]:
    yield locale_dir
    i18n.use(i18n.SOURCE)


def _refusals() -> Iterator[BaseException]:
    """Refusals a player can meet: an illegal move, a bad link, a damaged save or backup."""
    game = Game.numbered(1)
    tries = [
        lambda: game.line.removal(Move("QH", "KH")),
        lambda: game.line.removal(Move("KH", "QH")),
        lambda: Move.parse("QH7H"),
        lambda: Game.numbered(1).redo(0.0),
        lambda: parse_link({"deal": "0"}),
        lambda: parse_link({"deal": "x"}),
        lambda: parse_link({"daily": "2026-01-01"}),
        lambda: parse_link({"deal": "5", "mode": "odd"}),
        lambda: custom_deal(["QH", "XX", "QH"]),
        lambda: parse_deal_number("12a"),
        lambda: saves.load_stats('{"app": "royal-marriage"}', DAY),
        lambda: saves.load_game("{", 0.0),
        lambda: saves.load_settings(
            '{"app": "royal-marriage", "kind": "settings", "version": 1, "settings": {}}'
        ),
        lambda: load_backup("{", 0.0, DAY),
        lambda: load_backup("", 0.0, DAY),
    ]
    for attempt in tries:
        try:
            attempt()
        except (IllegalMove, DealError, saves.SaveError, BackupError) as error:
            yield error
        else:
            raise AssertionError("no refusal")


def _sentences() -> Iterator[str]:
    """Every kind of sentence the engine says, on real games."""
    won = Game.numbered(1)
    win_game(won)
    stuck = Game.numbered(STUCK)
    for move in leftmost_play(STUCK)[0]:
        stuck.play(move, 0.0)
    lost = Game.numbered(UNWINNABLE)
    line = Game.numbered(1).line
    card = line.cards[3]
    stats = Stats(played=3, wins=2, wins_with_hints=2, best_score=100, best_streak=1)
    finished = [
        Finished(True, 25, 2, 25),
        Finished(False, 10, 33, 25),
        Finished(True, 27, 2, 25, with_hints=True),
    ]
    result = ChallengeResult(True, par=25, moves=26, seconds=95)
    for name in dir(describe):
        value = getattr(describe, name)
        if name.isupper() and not name.startswith("_"):
            yield from _strings(value)
    yield describe.ending(won, 75.0)[1]
    yield describe.ending(stuck, 75.0)[1]
    yield describe.stuck(lost)
    yield describe.hint(None, lost)
    yield describe.where_it_went_wrong(stuck)
    yield describe.lost_warning(stuck)
    yield describe.selection(line, card)
    yield describe.selection(line, "QH")
    yield describe.share_text(won, 75.0, DAY)
    yield describe.share_text(stuck, 75.0, None)
    yield describe.recent_summary(finished)
    yield describe.recent_summary(finished[:1])
    yield describe.recent_summary([])
    yield from (describe.recent_game(i, f) for i, f in enumerate(finished, 1))
    yield describe.daily_today(DailyRecord({}), DAY)
    for moves in (25, 27):  # in par and over it, with hints
        yield describe.daily_today(DailyRecord({DAY: DayResult(True, moves, 25, with_hints=True)}), DAY)
    yield from (describe.day_label(DAY, status) for status in DayStatus)
    yield describe.day_label(DAY, DayStatus.WON, True)
    yield describe.daily_streak(3)
    yield describe.streak_ended(DAY)
    yield describe.new_game(7)
    yield describe.daily(7)
    yield describe.rewound(4)
    yield describe.rewind_button(0)
    yield describe.rewind_button(4)
    yield describe.unwinnable_deal(None)
    yield describe.unwinnable_deal(9)
    yield describe.stock_count(0)
    yield describe.dealt("QH", 3)
    yield describe.undealt("QH", 4)
    yield describe.chance(Chance(3, 8, True))
    yield describe.chance(Chance(40, 100, False))
    yield describe.chance_lowered(Chance(0, 8, True))
    yield describe.variant_name(Variant(Mode.STOCK, suit_runs=True))
    yield describe.variant_name(Variant())
    yield from describe.figures(stats, DAY).values()
    yield describe.challenge(Level.HARD, DAY)
    yield describe.calendar_day(DAY, {})
    yield describe.calendar_day(DAY, {1: result})
    hinted = ChallengeResult(True, par=25, moves=26, seconds=95, with_hints=True)
    yield describe.calendar_day(DAY, {1: result, 2: hinted})
    yield describe.challenge_line(Level.HARD, hinted)
    yield describe.challenge_line(Level.HARD, ChallengeResult(True, 25, 26, None, with_hints=True))
    yield describe.month_heading(2026, 9, True)
    yield describe.challenge_streak(2)
    yield describe.challenge_line(Level.EASY, result)
    yield describe.challenge_finding(Level.EXPERT)
    yield describe.play_challenge_label(Level.MEDIUM, DAY)
    yield describe.calendar_day_heading(DAY)
    yield describe.finish_offer(3)
    yield describe.replay_play_button(True)
    yield describe.replay_play_button(False)
    yield describe.exported("2026-09-14")
    for achievement in ACHIEVEMENTS:
        yield from describe.badge(achievement)
        yield describe.achievement_reached(achievement, 0, None)
        yield describe.achievement_reached(achievement, 1, DAY)
    yield describe.achievements_unlocked(ACHIEVEMENTS[:3])
    damaged = [reason_of(error) for error in _refusals() if isinstance(error, saves.SaveError)]
    yield describe.unreadable(Unreadable("stats", damaged[0], True, 20))
    yield describe.unreadable(Unreadable("game", damaged[-1], False))
    yield describe.bad_link("x")
    for label in describe.glance(won, 75.0, ["fastest-win", "best-score"]):
        yield from label[1:]
    yield from (spoken_name(card) for card in ALL_CARDS)
    yield from (describe.why(error) for error in _refusals())


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, tuple):
        for item in value:
            yield from _strings(item)


def test_the_pseudo_language_leaves_no_english_in_what_the_engine_says(speaking: Path) -> None:
    assert i18n.use(PSEUDO, speaking) == PSEUDO
    said = list(_sentences())
    assert len(said) > 200
    left = [(text, english_left(text)) for text in said if english_left(text)]
    assert left == [], "\n".join(map(str, left))


def test_the_pseudo_language_reaches_the_command_line_s_refusals(speaking: Path) -> None:
    i18n.use(PSEUDO, speaking)
    with pytest.raises(cli.InputError) as refused:
        cli.run(["deal", "12a"], [], None)  # type: ignore[arg-type]
    assert "⟦" in str(refused.value) and english_left(str(refused.value)) == []


def test_english_is_the_language_of_the_code_and_the_fallback(speaking: Path) -> None:
    assert i18n.use("xx", speaking) == i18n.SOURCE
    assert describe.SELECTION_CANCELLED == "Selection cancelled."
    assert describe.WEEKDAYS[0] == "Monday"


def test_the_command_line_follows_the_environment_s_language() -> None:
    assert cli.language({"LANGUAGE": "fr:en", "LANG": "de_DE.UTF-8"}) == "fr"
    assert cli.language({"LC_ALL": "", "LANG": "pt_BR.UTF-8"}) == "pt_BR"
    assert cli.language({"LANG": "C.UTF-8"}) == "en"
    assert cli.language({}) == "en"


def _plural_catalogue(root: Path, language: str, forms: list[str]) -> None:
    """A catalogue of one message, the stock's count, with the header `pybabel init` writes."""
    header = Catalog(locale=language).plural_forms
    entries = [
        Entry(
            msgid="", translations={0: f"Content-Type: text/plain; charset=UTF-8\nPlural-Forms: {header}\n"}
        ),
        Entry(
            msgid="%(count)s card face down in the stock",
            plural="%(count)s cards face down in the stock",
            translations=dict(enumerate(forms)),
        ),
    ]
    english = json.loads((locales.LOCALE / "en" / "forms.json").read_text(encoding="utf-8"))
    _write(root / language, entries, english)


def test_polish_counts_in_three_forms_by_its_catalogue_s_header(tmp_path: Path) -> None:
    _plural_catalogue(tmp_path, "pl", ["%(count)s karta", "%(count)s karty", "%(count)s kart"])
    try:
        i18n.use("pl", tmp_path)
        said = {count: describe.stock_count(count) for count in (1, 2, 4, 5, 12, 22, 25, 112)}
    finally:
        i18n.use(i18n.SOURCE)
    assert said == {
        1: "1 karta",
        2: "2 karty",
        4: "4 karty",
        5: "5 kart",
        12: "12 kart",
        22: "22 karty",
        25: "25 kart",
        112: "112 kart",
    }


def test_arabic_counts_in_six_forms_by_its_catalogue_s_header(tmp_path: Path) -> None:
    forms = ["zero %(count)s", "one", "two", "few %(count)s", "many %(count)s", "other %(count)s"]
    _plural_catalogue(tmp_path, "ar", forms)
    try:
        i18n.use("ar", tmp_path)
        said = [describe.stock_count(count) for count in (1, 2, 3, 10, 11, 99, 100, 102)]
    finally:
        i18n.use(i18n.SOURCE)
    assert said == ["one", "two", "few 3", "few 10", "many 11", "many 99", "other 100", "other 102"]


def test_french_names_the_cards_and_writes_its_numbers_dates_and_lists(speaking: Path) -> None:
    i18n.use("fr", speaking)
    assert spoken_name("QH") == "dame de cœur"
    assert spoken_name("AS") == "as de pique"
    assert describe.calendar_day(DAY, {}) == "14 septembre 2026\N{NO-BREAK SPACE}: pas joué"
    assert (
        describe.day_label(DAY, DayStatus.WON, True)
        == "14 septembre 2026\N{NO-BREAK SPACE}: gagné avec indices"
    )
    assert (
        describe.figures(Stats(played=3, wins=2, wins_with_hints=2, best_score=100, best_streak=1), DAY)[
            "win-rate"
        ]
        == "67\N{NO-BREAK SPACE}%"
    )
    assert describe.month_heading(2026, 9, False) == "septembre 2026"
    assert describe.WEEKDAYS_SHORT[0] == "lu"
    assert describe.achievements_unlocked(ACHIEVEMENTS[:3]) == (
        "Succès débloqués\N{NO-BREAK SPACE}: Premier mariage, Dix mariages et Cent mariages."
    )
    assert describe.stock_count(1) == "1 carte face cachée dans le talon"
    assert describe.stock_count(2) == "2 cartes face cachée dans le talon"
