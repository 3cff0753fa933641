"""build.py: pinned runtime, reproducible package zip, service worker, static server."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest

import build
from build import DIST, PYODIDE, PYODIDE_FILES, PYSCRIPT, SiteServer


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


@pytest.fixture
def server(tmp_path: Path):
    (tmp_path / "index.html").write_text("<p>home</p>")
    (tmp_path / "a.wasm").write_bytes(b"\0asm")
    (tmp_path / "a.mjs").write_text("export {}")
    (tmp_path / "m.webmanifest").write_text("{}")
    running = SiteServer(tmp_path, "/royal-marriage/", quiet=True).start()
    yield running
    running.stop()


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url) as response:
            return response.status, response.headers["Content-Type"]
    except urllib.error.HTTPError as error:
        return error.code, ""


@pytest.mark.parametrize(
    ("path", "status", "mime"),
    [
        ("", 200, "text/html"),
        ("?deal=5", 200, "text/html"),
        ("a.wasm", 200, "application/wasm"),
        ("a.mjs", 200, "text/javascript"),
        ("m.webmanifest", 200, "application/manifest+json"),
        ("missing.js", 404, ""),
    ],
)
def test_server_serves_under_its_subpath_with_runtime_mime_types(
    server: SiteServer, path: str, status: int, mime: str
) -> None:
    assert fetch(server.url + path) == (status, mime)


def test_server_redirects_the_bare_subpath_and_hides_everything_else(server: SiteServer) -> None:
    assert fetch(server.url.rstrip("/")) == (200, "text/html")  # followed the redirect
    assert fetch(server.url.replace("/royal-marriage/", "/index.html"))[0] == 404
