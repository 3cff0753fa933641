"""The game's translations compiled for the site: each `royal/locale/<language>/LC_MESSAGES/royal.po`
into the `.mo` file gettext reads, as `msgfmt` does (fuzzy and untranslated entries left out, so
those messages stay English). Standard library only, like the rest of the build: Babel, which
extracts and updates the catalogues, is a contributor's tool (tools/locales.py).
"""

from __future__ import annotations

import ast
import struct
from dataclasses import dataclass, field
from pathlib import Path

LOCALE = Path(__file__).resolve().parent.parent / "royal" / "locale"
MO_MAGIC = 0x950412DE


@dataclass
class Entry:
    """One message of a `.po` file: its context, English singular and plural, translations, flags."""

    context: str | None = None
    msgid: str = ""
    plural: str | None = None
    translations: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    comments: list[str] = field(default_factory=list)

    @property
    def key(self) -> str:
        """The message's key in the `.mo` file (and gettext's lookup)."""
        return self.msgid if self.context is None else f"{self.context}\x04{self.msgid}"


def read_po(text: str) -> list[Entry]:
    """The entries of a `.po` file, in order, obsolete (`#~`) ones left out."""
    entries: list[Entry] = []
    entry = Entry()
    target: tuple[str, int] | None = None
    started = False

    def finish() -> None:
        nonlocal entry, started, target
        if started:
            entries.append(entry)
        entry, started, target = Entry(), False, None

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#~"):
            if not line:
                finish()
            continue
        if line.startswith("#,"):
            entry.flags.update(flag.strip() for flag in line[2:].split(","))
        elif line.startswith("#."):
            entry.comments.append(line[2:].strip())
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            _append(entry, target, ast.literal_eval(line))
        else:
            keyword, _, value = line.partition(" ")
            if keyword in ("msgctxt", "msgid") and target is not None and target[0] == "str":
                finish()  # a new entry with no blank line before it
            started = True
            target = _target(keyword)
            _append(entry, target, ast.literal_eval(value), start=True)
    finish()
    return entries


def _target(keyword: str) -> tuple[str, int]:
    if keyword.startswith("msgstr["):
        return ("str", int(keyword[7:-1]))
    return {"msgctxt": ("ctxt", 0), "msgid": ("id", 0), "msgid_plural": ("plural", 0), "msgstr": ("str", 0)}[
        keyword
    ]


def _append(entry: Entry, target: tuple[str, int] | None, text: str, start: bool = False) -> None:
    if target is None:
        raise ValueError(f"a string outside an entry: {text!r}")
    kind, index = target
    if kind == "ctxt":
        entry.context = text if start else (entry.context or "") + text
    elif kind == "id":
        entry.msgid = text if start else entry.msgid + text
    elif kind == "plural":
        entry.plural = text if start else (entry.plural or "") + text
    else:
        entry.translations[index] = text if start else entry.translations.get(index, "") + text


def write_mo(entries: list[Entry]) -> bytes:
    """The `.mo` bytes of the header and the entries that are translated and not fuzzy."""
    pairs: dict[bytes, bytes] = {}
    for entry in entries:
        values = [entry.translations[i] for i in sorted(entry.translations)]
        if entry.msgid and ("fuzzy" in entry.flags or not values or not all(values)):
            continue  # the header is kept even when fuzzy, as msgfmt keeps it: it names the plural rule
        key = entry.key if entry.plural is None else f"{entry.key}\x00{entry.plural}"
        pairs[key.encode("utf-8")] = "\x00".join(values).encode("utf-8")
    keys = sorted(pairs)
    start = 7 * 4
    ids_table, strs_table = start, start + 8 * len(keys)
    data = start + 16 * len(keys)
    ids, strs, blob = [], [], b""
    for original in keys:
        ids.append((len(original), data + len(blob)))
        blob += original + b"\x00"
    for original in keys:
        strs.append((len(pairs[original]), data + len(blob)))
        blob += pairs[original] + b"\x00"
    header = struct.pack("<7I", MO_MAGIC, 0, len(keys), ids_table, strs_table, 0, data)
    tables = b"".join(struct.pack("<2I", *pair) for pair in [*ids, *strs])
    return header + tables + blob


def compiled(locale: Path = LOCALE) -> dict[str, bytes]:
    """Every catalogue of `locale` compiled: its `.mo` path (relative to `locale`) and bytes."""
    return {
        po.with_suffix(".mo").relative_to(locale).as_posix(): write_mo(
            read_po(po.read_text(encoding="utf-8"))
        )
        for po in sorted(locale.glob("*/LC_MESSAGES/*.po"))
    }
