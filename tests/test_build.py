"""build.py: pinned runtime, reproducible package zip, service worker."""

from __future__ import annotations

import hashlib
import json
import tomllib
import zipfile
from pathlib import Path

import pytest

import build
from build import DIST, PYODIDE, PYODIDE_FILES, PYSCRIPT


def test_integrity_matches_npm_format() -> None:
    # Known value: sha512 of b"" as npm writes it.
    assert build.integrity_of(b"") == (
        "sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg=="
    )


def test_cached_tarballs_are_named_as_npm_pack_names_them() -> None:
    assert PYSCRIPT.tarball.name == "pyscript-core-0.7.31.tgz"
    assert PYODIDE.tarball.name == "pyodide-314.0.7.tgz"


def test_runtime_picks_skip_maps_and_unneeded_files() -> None:
    assert build.pick_pyscript("package/dist/core.js") == "core.js"
    assert build.pick_pyscript("package/dist/core.js.map") is None
    assert build.pick_pyscript("package/src/core.js") is None
    assert build.pick_pyodide("package/pyodide.asm.wasm") == "pyodide.asm.wasm"
    assert build.pick_pyodide("package/pyodide.js") is None


def test_package_zip_is_reproducible_and_holds_only_python(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub" / "__pycache__").mkdir(parents=True)
    (package / "__init__.py").write_text("X = 1\n")
    (package / "sub" / "mod.py").write_text("Y = 2\n")
    (package / "sub" / "__pycache__" / "mod.cpython-311.pyc").write_bytes(b"junk")
    (package / "notes.txt").write_text("not code")
    first, second = tmp_path / "a.zip", tmp_path / "b.zip"
    build.write_package_zip(package, first)
    (package / "__init__.py").touch()  # a new mtime must not change the zip
    build.write_package_zip(package, second)
    assert first.read_bytes() == second.read_bytes()
    assert zipfile.ZipFile(first).namelist() == ["pkg/__init__.py", "pkg/sub/mod.py"]


def files_of(dist: Path) -> dict[str, str]:
    """The service worker's FILES: each path and the SHA-256 it must have."""
    text = (dist / "sw.js").read_text()
    start = text.index("const FILES = ") + len("const FILES = ")
    return json.loads(text[start : text.index(";\n", start)])


def test_service_worker_lists_every_file_by_hash_and_versions_by_content(tmp_path: Path) -> None:
    (tmp_path / "static").mkdir()
    (tmp_path / "index.html").write_text("<p>one</p>")
    (tmp_path / "static" / "app.css").write_text("p {}")
    version = build.write_service_worker(tmp_path)
    assert files_of(tmp_path) == {
        "index.html": hashlib.sha256(b"<p>one</p>").hexdigest(),
        "static/app.css": hashlib.sha256(b"p {}").hexdigest(),
    }
    assert build.write_service_worker(tmp_path) == version
    (tmp_path / "index.html").write_text("<p>two</p>")
    assert build.write_service_worker(tmp_path) != version


def test_built_site_ships_the_recorded_runtime_and_lists_every_file() -> None:
    record = json.loads(build.BOOT_RECORD.read_text())
    vendor = sorted(p.relative_to(DIST / build.VENDOR).as_posix() for p in (DIST / build.VENDOR).rglob("*.*"))
    assert vendor == record["files"]
    assert {f"pyodide/{name}" for name in PYODIDE_FILES} <= set(vendor)
    assert "pyscript/core.js" in vendor
    assert not list(DIST.rglob("*.map"))
    assert "royal/__init__.py" in zipfile.ZipFile(DIST / "royal.zip").namelist()
    files = sorted(p.relative_to(DIST).as_posix() for p in DIST.rglob("*") if p.is_file())
    assert sorted(files_of(DIST)) == [f for f in files if f != "sw.js"]


def stdlib_zip(tmp_path: Path, modules: dict[str, str]) -> zipfile.ZipFile:
    path = tmp_path / "stdlib.zip"
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in modules.items():
            archive.writestr(name, text)
    return zipfile.ZipFile(path)


def test_stdlib_keeps_what_modules_import_when_they_load(tmp_path: Path) -> None:
    stdlib = stdlib_zip(
        tmp_path,
        {
            "json/__init__.py": "from .decoder import JSONDecoder\nimport codecs\n",
            "json/decoder.py": "import re\ntry:\n    from _json import scanstring\nexcept ImportError:\n    import fallback\n",
            "re/__init__.py": "def compile(x):\n    import lazy_only\n",
            "codecs.py": "class C:\n    def m(self):\n        import lazier\n",
            "fallback.py": "",
            "lazy_only.py": "",
            "lazier.py": "",
            "unused.py": "import json\n",
        },
    )
    assert build.stdlib_closure(stdlib, {"json.decoder"}) == {
        "json/__init__.py",
        "json/decoder.py",
        "re/__init__.py",
        "codecs.py",
        "fallback.py",
    }


def test_game_imports_are_found_at_any_depth(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "a.py").write_text("import json\ndef f():\n    from base64 import b64encode\n")
    (tmp_path / "pkg" / "b.py").write_text("from . import a\nfrom collections.abc import Mapping\n")
    assert build.imported_modules(tmp_path / "pkg") == {
        "json",
        "base64",
        "base64.b64encode",
        "collections.abc",
        "collections.abc.Mapping",
    }


def test_page_gets_the_plugin_list_of_the_config(tmp_path: Path) -> None:
    page, config = tmp_path / "index.html", tmp_path / "pyscript.toml"
    page.write_text("<body>\n  <mpy-config></mpy-config>\n</body>")
    config.write_text('name = "x"\nplugins = ["!py-editor", "!donkey"]\n')
    html = build.page_html(page, config)
    body = html[html.index("<mpy-config>") + len("<mpy-config>") : html.index("</mpy-config>")]
    assert tomllib.loads(body) == {"plugins": ["!py-editor", "!donkey"]}
    assert html.startswith("<body>\n  <mpy-config>") and html.endswith("</mpy-config>\n</body>")


def test_page_without_an_empty_mpy_config_is_refused(tmp_path: Path) -> None:
    page, config = tmp_path / "index.html", tmp_path / "pyscript.toml"
    page.write_text('<mpy-config>plugins = ["!donkey"]</mpy-config>')
    config.write_text('plugins = ["!donkey"]\n')
    with pytest.raises(SystemExit, match="mpy-config"):
        build.page_html(page, config)


def test_built_page_and_config_turn_off_the_same_plugins() -> None:
    html = (DIST / "index.html").read_text(encoding="utf-8")
    body = html[html.index("<mpy-config>") + len("<mpy-config>") : html.index("</mpy-config>")]
    plugins = tomllib.loads((DIST / "pyscript.toml").read_text(encoding="utf-8"))["plugins"]
    assert plugins and all(name.startswith("!") for name in plugins)
    assert tomllib.loads(body)["plugins"] == plugins
