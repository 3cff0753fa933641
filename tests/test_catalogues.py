"""The translations are complete and faithful (docs/architecture.md, "Words and languages"): the
template holds every message the code marks, every catalogue translates every message of it with
no fuzzy or empty entry and the English's placeholders, and each language's CLDR forms are
Babel's, not edited by hand.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tools import locales
from tools.catalogues import Entry, read_po

LOCALE = locales.LOCALE
CATALOGUES = sorted(LOCALE.glob("*/LC_MESSAGES/royal.po"))
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def keyed(entries: list[Entry]) -> dict[tuple[str | None, str], Entry]:
    return {(entry.context, entry.msgid): entry for entry in entries if entry.msgid}


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str | None, str], Entry]:
    """The messages the code marks today, extracted afresh with the project's own settings."""
    out = tmp_path_factory.mktemp("pot") / "royal.pot"
    locales.extract(out)
    return keyed(read_po(out.read_text(encoding="utf-8")))


def test_there_is_a_catalogue_to_check() -> None:
    assert "fr" in [path.parent.parent.name for path in CATALOGUES]


def test_the_committed_template_holds_every_message_the_code_marks(
    template: dict[tuple[str | None, str], Entry],
) -> None:
    committed = keyed(read_po(locales.TEMPLATE.read_text(encoding="utf-8")))
    assert sorted(set(template) - set(committed), key=str) == [], "run python3 build.py words"
    assert sorted(set(committed) - set(template), key=str) == [], "run python3 build.py words"


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda path: path.parent.parent.name)
def test_a_catalogue_translates_every_message_with_its_placeholders(
    path: Path, template: dict[tuple[str | None, str], Entry]
) -> None:
    entries = keyed(read_po(path.read_text(encoding="utf-8")))
    missing = [key for key in template if key not in entries]
    fuzzy = [key for key, entry in entries.items() if "fuzzy" in entry.flags]
    empty = [
        key
        for key, entry in entries.items()
        if not entry.translations or not all(entry.translations.values())
    ]
    assert (missing, fuzzy, empty) == ([], [], [])
    for key, entry in entries.items():
        english = placeholders(entry.msgid) | placeholders(entry.plural or "")
        for index, text in entry.translations.items():
            found = placeholders(text)
            # A plural form may leave its count out ("une carte", Arabic's forms for one and two).
            allowed = [english, english - {"count"}] if entry.plural is not None else [english]
            assert found in allowed, f"{path.parent.parent.name} {key} form {index}: {found} != {english}"


def test_a_catalogue_lacking_a_message_or_with_a_fuzzy_one_is_caught(
    template: dict[tuple[str | None, str], Entry],
) -> None:
    """The check above is no formality: a message dropped, or marked fuzzy, is found."""
    text = CATALOGUES[0].read_text(encoding="utf-8")
    entries = keyed(read_po(text.replace('msgid "Selection cancelled."', 'msgid "Selection canceled."')))
    assert [key for key in template if key not in entries] == [(None, "Selection cancelled.")]
    fuzzy = read_po(
        text.replace('\nmsgid "Selection cancelled."', '\n#, fuzzy\nmsgid "Selection cancelled."')
    )
    assert [entry.msgid for entry in fuzzy if "fuzzy" in entry.flags] == ["Selection cancelled."]


@pytest.mark.parametrize("language", ["en", *(path.parent.parent.name for path in CATALOGUES)])
def test_a_language_s_forms_are_babel_s_cldr_data(language: str) -> None:
    committed = json.loads((LOCALE / language / "forms.json").read_text(encoding="utf-8"))
    assert committed == json.loads(locales.forms_file(language)), "run python3 build.py words"
