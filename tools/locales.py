"""The game's words made ready for translators, with Babel (a test tool, pinned in
requirements-dev.lock): `python3 build.py words` runs this in the test venv.

1. extracts every marked message of `royal/` into the template `royal/locale/royal.pot`
   (`pybabel extract`, with the translators' comments);
2. updates each language's catalogue `royal/locale/<language>/LC_MESSAGES/royal.po` from it
   (`pybabel update`: new messages empty, changed ones fuzzy, for a translator to check);
   `--add fr` starts a new language's (`pybabel init`);
3. writes each language's CLDR forms, `royal/locale/<language>/forms.json`, from Babel's copy of
   CLDR: only what the game writes (royal/written.py), a few kilobytes instead of Babel's data;
4. compiles each catalogue beside its `.po` for the command line under CPython (git ignores
   the `.mo` files; the build compiles its own into the site).

The build compiles the catalogues into the site (tools/catalogues.py); docs/architecture.md,
"Words and languages", says how the pieces fit.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from babel import Locale
from babel.messages.frontend import CommandLineInterface

from tools.catalogues import compiled
from tools.paths import ROOT

LOCALE = ROOT / "royal" / "locale"
TEMPLATE = LOCALE / "royal.pot"
DOMAIN = "royal"
#: The extraction's mapping (which files, which extractor) and the functions that mark a message.
MAPPING = LOCALE / "babel.cfg"
KEYWORDS = ("_", "N_", "ngettext:1,2", "pgettext:1c,2", "npgettext:1c,2,3", "reason", "counted:1,2")
#: Comments just above a message beginning so go to its translators.
COMMENT_TAG = "TRANSLATORS:"
#: The CLDR locale each language's forms come from where it is not the language itself: the
#: game's English writes its dates day first and its lists without a serial comma.
CLDR_SOURCE = {"en": "en_GB"}


def _pybabel(*arguments: str) -> None:
    status = CommandLineInterface().run(["pybabel", "--quiet", *arguments])  # type: ignore[no-untyped-call]
    if status:
        sys.exit(f"locales: pybabel {arguments[0]} failed")


def extract(output: Path = TEMPLATE) -> None:
    """The template of every marked message; run from the repository, so its locations read
    ``royal/describe.py``."""
    keywords = [f"--keyword={keyword}" for keyword in KEYWORDS]
    with contextlib.chdir(ROOT):
        _extract(keywords, output)


def _extract(keywords: list[str], output: Path) -> None:
    _pybabel(
        "extract",
        f"--mapping-file={MAPPING.relative_to(ROOT)}",
        f"--output-file={output}",
        f"--add-comments={COMMENT_TAG}",
        "--add-location=file",
        "--sort-by-file",
        "--no-default-keywords",
        *keywords,
        "--project=Royal Marriage",
        "--copyright-holder=Royal Marriage's authors",
        "royal",
    )


def languages(locale: Path = LOCALE) -> list[str]:
    """The languages with a catalogue."""
    return sorted(po.parent.parent.name for po in locale.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def update(add: Sequence[str]) -> None:
    for language in add:
        if language not in languages():
            _pybabel(
                "init",
                f"--input-file={TEMPLATE}",
                f"--output-dir={LOCALE}",
                f"--domain={DOMAIN}",
                f"--locale={language}",
            )
    _pybabel(
        "update",
        f"--input-file={TEMPLATE}",
        f"--output-dir={LOCALE}",
        f"--domain={DOMAIN}",
        "--ignore-obsolete",
        "--previous",
        "--update-header-comment",
    )


def forms(language: str) -> dict[str, object]:
    """What royal/written.py needs of a language's CLDR data, and nothing else."""
    locale = Locale.parse(CLDR_SOURCE.get(language, language))
    symbols = locale.number_symbols[locale.default_numbering_system]
    lists = {kind: dict(locale.list_patterns[name]) for kind, name in (("and", "standard"), ("or", "or"))}
    months = {
        f"{context}-{width}": [locale.months[context][width][month] for month in range(1, 13)]
        for context in ("format", "stand-alone")
        for width in ("abbreviated", "wide")
    }
    # Babel counts the days of the week from Monday, 0, as the game's calendar does.
    weekdays = {
        width: [locale.days["stand-alone"][width][day] for day in range(7)] for width in ("wide", "short")
    }
    return {
        "cldr": f"{locale}, from Babel's CLDR data: written by tools/locales.py, not by hand",
        "decimal": symbols["decimal"],
        "group": symbols["group"],
        "minus": symbols["minusSign"],
        "percent_sign": symbols["percentSign"],
        "integer_pattern": locale.decimal_formats[None].pattern.split(".")[0],
        "percent_pattern": locale.percent_formats[None].pattern,
        "lists": lists,
        "months": months,
        "weekdays": weekdays,
        "dates": {
            "long": locale.date_formats["long"].pattern,
            "medium": locale.date_formats["medium"].pattern,
            "month": locale.datetime_skeletons["yMMMM"].pattern,
        },
    }


def forms_file(language: str) -> str:
    return json.dumps(forms(language), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def write_forms() -> None:
    for language in ["en", *languages()]:
        path = LOCALE / language / "forms.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(forms_file(language), encoding="utf-8")


def _undated(text: str) -> str:
    return re.sub(r'^"(POT-Creation|PO-Revision)-Date: [^"]*"$', "", text, flags=re.M)


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="python3 build.py words", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--add", action="append", default=[], metavar="LANGUAGE", help="start a new catalogue"
    )
    args = parser.parse_args(argv)
    before = {
        path: path.read_text(encoding="utf-8")
        for path in [TEMPLATE, *LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po")]
    }
    extract()
    update(args.add)
    for path, text in before.items():  # a run that changed nothing but the dates leaves the files be
        if _undated(path.read_text(encoding="utf-8")) == _undated(text):
            path.write_text(text, encoding="utf-8")
    write_forms()
    # Compiled beside their sources for the command line and CPython (git ignores them).
    for name, data in compiled().items():
        (LOCALE / name).write_bytes(data)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
