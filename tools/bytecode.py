"""Compile standard-library modules to bytecode, inside the Pyodide that will run it.

    node tools/bytecode.mjs PYODIDE_DIR STDLIB_ZIP FILES_LIST OUT_ZIP

Pyodide publishes its standard library as source, so every start of the page compiled each
module it imported: about half of a cold start here (tests/benchmarks/bench_boot.py).
Bytecode is tied to the exact Python that reads it, so the build (tools/stdlib.py) runs this
file in the pinned Pyodide itself, under Node (tools/bytecode.mjs), never in the Python that
runs the build.

Each listed file is replaced by its bytecode (``name.pyc``, which zipimport looks for
first): an unchecked hash-based .pyc (PEP 552), so loading reads neither clock nor source,
and the same source always gives the same bytes (a rebuild does not make players download
the standard library again). It is compiled as ``python -OO`` would (no docstrings, no
asserts): zipped, that is about a sixth smaller than with them, and still about 1.6 times
the source it replaces. A traceback through the standard library still names the file and
line, without the source line. The game's own modules stay source, like every file not
listed (the build lists the files of the modules boot-record.json says the recorded runs
compiled from the zip).
"""

from __future__ import annotations

import importlib.util
import marshal
import sys
import zipfile
from collections.abc import Collection
from types import CodeType

# PEP 552 flags: hash-based, and the source is not checked against the hash.
UNCHECKED_HASH = (0b01).to_bytes(4, "little")


def pyc(code: CodeType, source: bytes) -> bytes:
    """The .pyc file of `code`, marked with the hash of its `source`."""
    header = importlib.util.MAGIC_NUMBER + UNCHECKED_HASH + importlib.util.source_hash(source)
    return header + marshal.dumps(code)


def compile_zip(
    stdlib: zipfile.ZipFile,
    out: zipfile.ZipFile,
    files: Collection[str],
    mount: str,
) -> list[str]:
    """Copy `stdlib` into `out`, the listed .py files as bytecode; return those compiled.

    `mount` is where the zip sits on Python's path: file names in tracebacks start with it.
    """
    compiled = []
    for info in stdlib.infolist():
        data = stdlib.read(info)
        if info.filename in files:
            code = compile(data, f"{mount}/{info.filename}", "exec", dont_inherit=True, optimize=2)
            entry = zipfile.ZipInfo(info.filename + "c", info.date_time)
            entry.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(entry, pyc(code, data))
            compiled.append(info.filename)
        else:
            out.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
    return compiled


def main(arguments: list[str]) -> None:
    """In Pyodide: compile the files listed in a file, one path in the zip a line."""
    stdlib_path, files_path, out_path = arguments
    mount = next(entry for entry in sys.path if entry.endswith(".zip"))
    with open(files_path, encoding="utf-8") as listing:
        files = set(listing.read().split())
    with (
        zipfile.ZipFile(stdlib_path) as stdlib,
        zipfile.ZipFile(out_path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out,
    ):
        compiled = compile_zip(stdlib, out, files, mount)
    print(f"bytecode: {len(compiled)} modules compiled by Python {sys.version.split()[0]}")


if __name__ == "__main__":
    main(sys.argv[1:])
