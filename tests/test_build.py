"""build.py: pinned runtime, reproducible package zip, service worker."""

from __future__ import annotations

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


def precache_of(dist: Path) -> list[str]:
    text = (dist / "sw.js").read_text()
    start = text.index("const PRECACHE = ") + len("const PRECACHE = ")
    return json.loads(text[start : text.index(";\n", start)])


def test_service_worker_precaches_every_file_and_versions_by_content(tmp_path: Path) -> None:
    (tmp_path / "static").mkdir()
    (tmp_path / "index.html").write_text("<p>one</p>")
    (tmp_path / "static" / "app.css").write_text("p {}")
    version = build.write_service_worker(tmp_path)
    assert precache_of(tmp_path) == ["./", "./index.html", "./static/app.css"]
    assert build.write_service_worker(tmp_path) == version
    (tmp_path / "index.html").write_text("<p>two</p>")
    assert build.write_service_worker(tmp_path) != version


def test_built_site_has_the_runtime_and_a_complete_precache() -> None:
    assert sorted(p.name for p in (DIST / "static/vendor/pyodide").iterdir()) == sorted(PYODIDE_FILES)
    assert (DIST / "static/vendor/pyscript/core.js").is_file()
    assert not list(DIST.rglob("*.map"))
    assert "royal/__init__.py" in zipfile.ZipFile(DIST / "royal.zip").namelist()
    files = sorted(p.relative_to(DIST).as_posix() for p in DIST.rglob("*") if p.is_file())
    assert precache_of(DIST) == ["./"] + [f"./{f}" for f in files if f != "sw.js"]


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


def test_link_previews_get_absolute_addresses_only_when_the_site_address_is_known(tmp_path: Path) -> None:
    page, config = tmp_path / "index.html", tmp_path / "pyscript.toml"
    page.write_text(
        '<meta property="og:url" content="./">\n'
        '<meta property="og:image" content="./static/shot.png">\n'
        '<link rel="icon" href="./static/icon.svg">\n<mpy-config></mpy-config>'
    )
    config.write_text("plugins = []\n")
    relative = build.page_html(page, config)
    assert 'content="./"' in relative and 'content="./static/shot.png"' in relative
    absolute = build.page_html(page, config, "https://example.org/royal-marriage")
    assert '<meta property="og:url" content="https://example.org/royal-marriage/">' in absolute
    assert (
        '<meta property="og:image" content="https://example.org/royal-marriage/static/shot.png">' in absolute
    )
    assert 'href="./static/icon.svg"' in absolute
