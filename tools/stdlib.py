"""Python's standard library as the site ships it: trimmed to what the game loads, as bytecode.

Pyodide publishes the whole library as source. The site keeps the modules a recorded boot
imported (boot-record.json), everything the game's code imports and what those import when
they load; the modules the recorded runs compiled are replaced by bytecode, which the pinned
Pyodide makes under Node (tools/bytecode.py, tools/bytecode.mjs). Standard library only.
"""

from __future__ import annotations

import ast
import hashlib
import io
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Collection, Sequence
from pathlib import Path

from tools.paths import CACHE, ROOT
from tools.runtime import PYODIDE, extract, fetch_package, pick_pyodide

BYTECODE_CACHE = CACHE / "bytecode"
_IMPORT = re.compile(
    r"^([ \t]*)(?:from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+\(?([\w., \t]*)|import[ \t]+([\w., \t]+))",
    re.MULTILINE,
)
# Statements at a module's top level whose indented imports still run at import time,
# except blocks that never run in the page: a script's own block, and code for Windows
# (Pyodide's platform is emscripten).
_TOP_LEVEL_BLOCK = re.compile(r"^(?:try|if|elif|else|except|finally|with)\b")
_NEVER_RUN_BLOCK = re.compile(
    r"""^if\s+(?:__name__\s*==\s*["']__main__["']|sys\.platform\s*==\s*["']win32["'])"""
)


def trim_stdlib(stdlib: Path, record: dict[str, list[str]], game_imports: Collection[str]) -> None:
    """Rewrite the zip `stdlib` with only what the page needs, the recorded compiled modules as bytecode.

    It keeps the modules the recorded runs imported, `game_imports`, and whatever those import
    when they load. Those the recorded runs had from the interpreter's frozen copies
    (recorded, but not compiled) ship no source: nothing reads it, and a traceback names such
    a frame `<frozen os>`.
    """
    with zipfile.ZipFile(io.BytesIO(stdlib.read_bytes())) as full:
        files = set(full.namelist())
        compiled = {found for name in record["bytecode"] if (found := module_file(files, name))}
        frozen = {found for name in record["stdlib"] if (found := module_file(files, name))} - compiled
        keep = stdlib_closure(full, {*record["stdlib"], *game_imports}) - frozen
        with zipfile.ZipFile(stdlib, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as trimmed:
            for info in full.infolist():
                if info.filename in keep:
                    info.compress_type = zipfile.ZIP_DEFLATED
                    trimmed.writestr(info, full.read(info))
    compile_stdlib(stdlib, compiled)


def compile_stdlib(stdlib: Path, files: Collection[str]) -> None:
    """Replace the listed .py files of the standard library zip by bytecode (tools/bytecode.py).

    The pinned Pyodide compiles them under Node, which comes with npm. The result is kept in
    .cache/bytecode under a hash of everything it is made from, so a rebuild reuses it.
    """
    listing = "\n".join(sorted(set(files))) + "\n"
    tools = [ROOT / "tools" / "bytecode.py", ROOT / "tools" / "bytecode.mjs"]
    key = hashlib.sha256(PYODIDE.integrity.encode() + listing.encode() + stdlib.read_bytes())
    for tool in tools:
        key.update(tool.read_bytes())
    cached = BYTECODE_CACHE / f"{key.hexdigest()[:32]}.zip"
    if not cached.is_file():
        node = shutil.which("node")
        if node is None:
            sys.exit("build: node is needed to compile the standard library (it comes with npm)")
        BYTECODE_CACHE.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=BYTECODE_CACHE) as folder:
            runtime = Path(folder) / "pyodide"
            extract(fetch_package(PYODIDE), runtime, pick_pyodide)
            names = Path(folder) / "files.txt"
            names.write_text(listing, encoding="utf-8")
            staged = Path(folder) / "stdlib.zip"
            done = subprocess.run(
                [node, str(tools[1]), str(runtime), str(stdlib), str(names), str(staged)],
                capture_output=True,
                text=True,
                check=False,
            )
            if done.returncode != 0 or not staged.is_file():
                said = next(filter(None, reversed(done.stderr.strip().splitlines())), "no output")
                sys.exit(f"build: compiling the standard library failed ({said})")
            staged.replace(cached)
    shutil.copyfile(cached, stdlib)


def imported_modules(package: Path, leave_out: Sequence[str]) -> set[str]:
    """Every module the package's code imports by absolute name (at any depth of the code),
    but for the files `leave_out` names (relative to the package)."""
    names: set[str] = set()
    for path in package.rglob("*.py"):
        if path.relative_to(package).as_posix() in leave_out:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                names.add(node.module)
                names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def module_file(files: set[str], module: str) -> str | None:
    """The file among `files` that holds `module` (``a/b.py`` or ``a/b/__init__.py``), if any."""
    base = module.replace(".", "/")
    return next((path for path in (f"{base}.py", f"{base}/__init__.py") if path in files), None)


def stdlib_closure(stdlib: zipfile.ZipFile, modules: set[str]) -> set[str]:
    """The files of `modules`, their packages, and what they import at load time, recursively.

    The standard library is newer Python than the one building, so its imports are read
    from the text: top-level ones, and those in top-level try/if blocks (fallbacks count).
    """
    files = set(stdlib.namelist())
    seen: set[str] = set()
    todo = list(modules)
    while todo:
        module = todo.pop()
        path = module_file(files, module)
        parts = module.split(".")
        todo.extend(".".join(parts[:i]) for i in range(1, len(parts)))
        if path is None or path in seen:
            continue
        seen.add(path)
        package = module if path.endswith("__init__.py") else module.rpartition(".")[0]
        todo.extend(_load_time_imports(stdlib.read(path).decode("utf-8"), package))
    return seen


def _load_time_imports(source: str, package: str) -> set[str]:
    names: set[str] = set()
    statement = ""
    for line in source.splitlines():
        if line[:1].strip() and not line.startswith("#"):
            statement = line
        found = _IMPORT.match(line)
        if not found:
            continue
        indent, dots, base, members, plain = found.groups()
        if indent and (not _TOP_LEVEL_BLOCK.match(statement) or _NEVER_RUN_BLOCK.match(statement)):
            continue  # inside a function or a class (runs only when called), or never runs
        if plain is not None:
            names.update(name.split(" as ")[0].strip() for name in plain.split(",") if name.strip())
            continue
        if dots:
            parts = package.split(".")
            base = ".".join(parts[: len(parts) - len(dots) + 1] + ([base] if base else []))
        names.add(base)
        names.update(f"{base}.{name.split(' as ')[0].strip()}" for name in members.split(",") if name.strip())
    return names
