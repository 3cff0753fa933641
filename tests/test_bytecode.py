"""tools/bytecode.py and the build's use of it (tools/stdlib.py): the standard library ships as bytecode.

compile_zip is plain Python, so it is tried here under CPython (its bytecode is then CPython's);
the build runs it in Pyodide under Node, checked on the built site and, slowly, end to end.
"""

from __future__ import annotations

import importlib.util
import json
import traceback
import zipfile
import zipimport
from pathlib import Path

import pytest

from tools.bytecode import UNCHECKED_HASH, compile_zip
from tools.paths import BOOT_RECORD, DIST
from tools.site import STDLIB_ZIP
from tools.stdlib import compile_stdlib, module_file

SOURCES = {
    "pkg/__init__.py": '"""A package docstring."""\nVALUE = 1\nassert VALUE == 2, "asserts are gone"\n',
    "pkg/mod.py": "def fail():\n    raise ValueError('from mod')\n",
    "other.py": "X = {'a', 'b', 'c'}\n",
    "notes.txt": "not code",
}


def source_zip(path: Path) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in SOURCES.items():
            archive.writestr(zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0)), text)
    return path


def compiled(tmp_path: Path, name: str = "out.zip") -> Path:
    out = tmp_path / name
    with (
        zipfile.ZipFile(source_zip(tmp_path / "src.zip")) as stdlib,
        zipfile.ZipFile(out, "w") as target,
    ):
        listed = {"pkg/__init__.py", "pkg/mod.py"}
        assert compile_zip(stdlib, target, listed, "/lib/std.zip") == ["pkg/__init__.py", "pkg/mod.py"]
    return out


def test_named_modules_become_bytecode_alone_and_the_rest_stays(tmp_path: Path) -> None:
    archive = zipfile.ZipFile(compiled(tmp_path))
    assert sorted(archive.namelist()) == ["notes.txt", "other.py", "pkg/__init__.pyc", "pkg/mod.pyc"]
    assert archive.read("other.py").decode() == SOURCES["other.py"]
    header = archive.read("pkg/mod.pyc")[:16]
    assert header[:4] == importlib.util.MAGIC_NUMBER
    assert header[4:8] == UNCHECKED_HASH
    assert header[8:16] == importlib.util.source_hash(SOURCES["pkg/mod.py"].encode())


def test_the_bytecode_imports_without_its_source_as_python_minus_oo(tmp_path: Path) -> None:
    importer = zipimport.zipimporter(str(compiled(tmp_path)))
    spec = importer.find_spec("pkg")
    assert spec is not None and spec.loader is not None
    package = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(package)  # the assert would fail: it was compiled out
    assert package.VALUE == 1
    assert package.__doc__ is None
    mod_spec = zipimport.zipimporter(str(tmp_path / "out.zip") + "/pkg").find_spec("pkg.mod")
    assert mod_spec is not None and mod_spec.loader is not None
    mod = importlib.util.module_from_spec(mod_spec)
    mod_spec.loader.exec_module(mod)
    with pytest.raises(ValueError) as raised:
        mod.fail()
    frame = traceback.extract_tb(raised.value.__traceback__)[-1]
    assert (frame.filename, frame.lineno, frame.name) == ("/lib/std.zip/pkg/mod.py", 2, "fail")


def test_the_same_source_gives_the_same_bytes(tmp_path: Path) -> None:
    assert compiled(tmp_path, "a.zip").read_bytes() == compiled(tmp_path, "b.zip").read_bytes()


@pytest.mark.built
def test_the_site_ships_the_compiled_modules_as_pyodides_bytecode() -> None:
    record = json.loads(BOOT_RECORD.read_text(encoding="utf-8"))
    # The build names Pyodide's folder by its files' hash (tools/addresses.py).
    (shipped,) = (DIST / STDLIB_ZIP.parent.parent).glob(f"{STDLIB_ZIP.parent.name}-*/{STDLIB_ZIP.name}")
    archive = zipfile.ZipFile(shipped)
    names = set(archive.namelist())
    files = {path.removesuffix("c") for path in names}
    for module in record["bytecode"]:
        path = module_file(files, module)
        assert path is not None and f"{path}c" in names and path not in names, module
    for module in set(record["stdlib"]) - set(record["bytecode"]):  # frozen into the interpreter
        assert module_file(files, module) is None, module
    magic = {archive.read(name)[:4] for name in names if name.endswith(".pyc")}
    assert len(magic) == 1 and magic != {importlib.util.MAGIC_NUMBER}, "compiled by Pyodide, not this Python"


@pytest.mark.slow
def test_compiling_the_standard_library_twice_gives_the_same_bytes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rebuild must not change the bytes players download (Node and Pyodide, for real)."""
    results = []
    for run in ("first", "second"):
        (tmp_path / run).mkdir()
        monkeypatch.setattr("tools.stdlib.BYTECODE_CACHE", tmp_path / run / "cache")
        stdlib = source_zip(tmp_path / run / "stdlib.zip")
        compile_stdlib(stdlib, ["pkg/__init__.py", "pkg/mod.py", "other.py"])
        results.append(stdlib.read_bytes())
    assert results[0] == results[1]
    assert sorted(zipfile.ZipFile(tmp_path / "first" / "stdlib.zip").namelist()) == [
        "notes.txt",
        "other.pyc",
        "pkg/__init__.pyc",
        "pkg/mod.pyc",
    ]


@pytest.mark.slow
def test_a_module_that_does_not_compile_stops_the_build_with_its_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("tools.stdlib.BYTECODE_CACHE", tmp_path / "cache")
    stdlib = tmp_path / "stdlib.zip"
    with zipfile.ZipFile(stdlib, "w") as archive:
        archive.writestr("broken.py", "def f(:\n")
    before = stdlib.read_bytes()
    with pytest.raises(SystemExit) as stopped:
        compile_stdlib(stdlib, ["broken.py"])
    message = str(stopped.value)
    assert message.startswith("build: compiling the standard library failed (SyntaxError")
    assert "\n" not in message and len(message) < 200
    assert stdlib.read_bytes() == before
    assert not list((tmp_path / "cache").glob("*.zip"))
