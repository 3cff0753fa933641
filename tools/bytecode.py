"""Compile standard-library modules to bytecode, inside the Pyodide that will run it.

    node tools/bytecode.mjs PYODIDE_DIR STDLIB_ZIP MODULES_FILE OUT_ZIP

Pyodide publishes its standard library as source, so every start of the page compiled each
module it imported: about half of a cold start here (tests/benchmarks/bench_boot.py).
Bytecode is tied to the exact Python that reads it, so build.py runs this file in the pinned
Pyodide itself, under Node (tools/bytecode.mjs), never in the Python that runs the build.

Each named module's source is replaced by its bytecode (``name.pyc``, which zipimport looks
for first): an unchecked hash-based .pyc (PEP 552), so loading reads neither clock nor
source, and the same source always gives the same bytes (a rebuild does not make players
download the standard library again). It is compiled as ``python -OO`` would (no docstrings,
no asserts), which keeps the file about as small as the source it replaces. A traceback
through the standard library still names the file and line, without the source line. The
game's own modules stay source, like every module not named (boot-record.json names those
the recorded runs compiled from the zip).
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


def module_name(path: str) -> str | None:
    """The module a .py file in the zip holds (``json/__init__.py`` is ``json``), else None."""
    if not path.endswith(".py"):
        return None
    name = path.removesuffix(".py")
    return name.removesuffix("/__init__").replace("/", ".")


def pyc(code: CodeType, source: bytes) -> bytes:
    """The .pyc file of `code`, marked with the hash of its `source`."""
    header = importlib.util.MAGIC_NUMBER + UNCHECKED_HASH + importlib.util.source_hash(source)
    return header + marshal.dumps(code)


def compile_zip(
    stdlib: zipfile.ZipFile,
    out: zipfile.ZipFile,
    modules: Collection[str],
    mount: str,
) -> list[str]:
    """Copy `stdlib` into `out`, the named modules as bytecode; return their names.

    `mount` is where the zip sits on Python's path: file names in tracebacks start with it.
    """
    compiled = []
    for info in stdlib.infolist():
        data = stdlib.read(info)
        name = module_name(info.filename)
        if name is not None and name in modules:
            code = compile(data, f"{mount}/{info.filename}", "exec", dont_inherit=True, optimize=2)
            entry = zipfile.ZipInfo(info.filename + "c", info.date_time)
            entry.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(entry, pyc(code, data))
            compiled.append(name)
        else:
            out.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
    return compiled


def main(arguments: list[str]) -> None:
    """In Pyodide: compile the modules listed in a file, one name a line."""
    stdlib_path, modules_path, out_path = arguments
    mount = next(entry for entry in sys.path if entry.endswith(".zip"))
    with open(modules_path, encoding="utf-8") as listing:
        modules = set(listing.read().split())
    with (
        zipfile.ZipFile(stdlib_path) as stdlib,
        zipfile.ZipFile(out_path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out,
    ):
        compiled = compile_zip(stdlib, out, modules, mount)
    print(f"bytecode: {len(compiled)} modules compiled by Python {sys.version.split()[0]}")


if __name__ == "__main__":
    main(sys.argv[1:])
