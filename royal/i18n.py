"""The player's language: the gettext catalogue the game's words are translated from, and the
CLDR forms (numbers, dates, lists) that language writes them in, chosen at run time.

Every sentence is written in English in the code (``describe.py``), marked for extraction with
``_()``, ``ngettext()``, ``pgettext()`` or ``N_()``, and looked up here in the chosen language's
catalogue, ``locale/<language>/LC_MESSAGES/royal.mo`` (compiled by the build from the ``.po``
beside it); a language without a catalogue, or a message it lacks, gets the English. Plural
forms follow the catalogue's own ``Plural-Forms`` header (docs/architecture.md, "Words and
languages").
"""

from __future__ import annotations

import gettext
import json
from dataclasses import dataclass
from pathlib import Path

from royal.written import Forms

#: Where the catalogues and the languages' forms are: inside the package, so the site's zip
#: and the wheel carry them.
LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "royal"
#: The language the code is written in: it needs no catalogue.
SOURCE = "en"


@dataclass(frozen=True)
class Language:
    """A language in use: its tag, its catalogue and the forms it writes numbers and dates in."""

    tag: str
    catalogue: gettext.NullTranslations
    forms: Forms


def _folder(tag: str) -> str:
    """``pt-BR`` and ``pt_br`` are the folder ``pt_BR``, as gettext names them."""
    language, _, region = tag.replace("-", "_").partition("_")
    return f"{language.lower()}_{region.upper()}" if region else language.lower()


def _forms(folder: str, locale_dir: Path) -> Forms:
    """The language's forms, from its own data file or, failing that, its base language's or
    English's (a pseudo-language has none of its own)."""
    for name in (folder, folder.partition("_")[0], SOURCE):
        path = locale_dir / name / "forms.json"
        if path.is_file():
            return Forms.from_json(json.loads(path.read_text(encoding="utf-8")))
    return Forms.from_json(json.loads((LOCALE_DIR / SOURCE / "forms.json").read_text(encoding="utf-8")))


def load(tag: str, locale_dir: Path = LOCALE_DIR) -> Language:
    """The language ``tag``, or English when there is no catalogue for it."""
    folder = _folder(tag)
    path = locale_dir / folder / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if folder == SOURCE or not path.is_file():
        return Language(SOURCE, gettext.NullTranslations(), _forms(SOURCE, locale_dir))
    with path.open("rb") as file:
        catalogue = gettext.GNUTranslations(file)
    return Language(tag, catalogue, _forms(folder, locale_dir))


_current = load(SOURCE)


def use(tag: str, locale_dir: Path = LOCALE_DIR) -> str:
    """Speak ``tag`` from now on; returns the language actually used (English when ``tag`` has
    no catalogue)."""
    global _current
    _current = load(tag, locale_dir)
    return _current.tag


def current() -> Language:
    return _current


def forms() -> Forms:
    """How the language in use writes numbers, dates and lists."""
    return _current.forms


def _(message: str) -> str:
    return _current.catalogue.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    return _current.catalogue.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    return _current.catalogue.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    return _current.catalogue.npgettext(context, singular, plural, count)


def N_(message: str) -> str:
    """Marks ``message`` for extraction where it is stored, to be translated where it is used."""
    return message
