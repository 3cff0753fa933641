"""The build (tools/site.py and its parts): pinned runtime, reproducible package zip, service worker."""

from __future__ import annotations

import gettext
import hashlib
import io
import json
import re
import shutil
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

from royal.cards import ALL_CARDS
from tools import addresses, deck, runtime, service_worker, site
from tools.paths import BOOT_RECORD, DIST, VENDOR
from tools.runtime import AXE, PYODIDE, PYODIDE_FILES, PYSCRIPT
from tools.stdlib import imported_modules, stdlib_closure


def test_integrity_matches_npm_format() -> None:
    # Known value: sha512 of b"" as npm writes it.
    assert runtime.integrity_of(b"") == (
        "sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg=="
    )


def test_cached_tarballs_are_named_as_npm_pack_names_them() -> None:
    assert PYSCRIPT.tarball.name == "pyscript-core-0.7.31.tgz"
    assert PYODIDE.tarball.name == "pyodide-314.0.7.tgz"


def test_runtime_picks_skip_maps_and_unneeded_files() -> None:
    assert runtime.pick_pyscript("package/dist/core.js") == "core.js"
    assert runtime.pick_pyscript("package/dist/core.js.map") is None
    assert runtime.pick_pyscript("package/src/core.js") is None
    assert runtime.pick_pyodide("package/pyodide.asm.wasm") == "pyodide.asm.wasm"
    assert runtime.pick_pyodide("package/pyodide.js") is None


def test_package_zip_is_reproducible_and_holds_only_python(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub" / "__pycache__").mkdir(parents=True)
    (package / "__init__.py").write_text("X = 1\n")
    (package / "sub" / "mod.py").write_text("Y = 2\n")
    (package / "sub" / "__pycache__" / "mod.cpython-311.pyc").write_bytes(b"junk")
    (package / "notes.txt").write_text("not code")
    (package / "cli.py").write_text("import argparse\n")  # the command line: not for the page
    first, second = tmp_path / "a.zip", tmp_path / "b.zip"
    site.write_package_zip(package, first)
    (package / "__init__.py").touch()  # a new mtime must not change the zip
    site.write_package_zip(package, second)
    assert first.read_bytes() == second.read_bytes()
    assert zipfile.ZipFile(first).namelist() == ["pkg/__init__.py", "pkg/sub/mod.py"]


def test_package_zip_carries_each_language_compiled_and_its_forms_not_its_source(tmp_path: Path) -> None:
    """docs/architecture.md, "Words and languages": the .po is compiled into the .mo gettext reads,
    fuzzy entries left out (they read in English); the .po itself does not ship."""
    package = tmp_path / "pkg"
    (package / "locale" / "fr" / "LC_MESSAGES").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "locale" / "fr" / "forms.json").write_text("{}")
    (package / "locale" / "fr" / "LC_MESSAGES" / "royal.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
        'msgid "Next"\nmsgstr "Suivant"\n\n'
        '#, fuzzy\nmsgid "Skip"\nmsgstr "Sauter"\n\n'
        'msgctxt "replay"\nmsgid "Play"\nmsgstr "Lecture"\n\n'
        'msgid "%(count)s card"\nmsgid_plural "%(count)s cards"\nmsgstr[0] "%(count)s carte"\n'
        'msgstr[1] "%(count)s cartes"\n',
        encoding="utf-8",
    )
    out = tmp_path / "pkg.zip"
    site.write_package_zip(package, out)
    archive = zipfile.ZipFile(out)
    assert archive.namelist() == [
        "pkg/__init__.py",
        "pkg/locale/fr/LC_MESSAGES/royal.mo",
        "pkg/locale/fr/forms.json",
    ]
    french = gettext.GNUTranslations(io.BytesIO(archive.read("pkg/locale/fr/LC_MESSAGES/royal.mo")))
    assert (french.gettext("Next"), french.gettext("Skip"), french.pgettext("replay", "Play")) == (
        "Suivant",
        "Skip",
        "Lecture",
    )
    assert [french.ngettext("%(count)s card", "%(count)s cards", n) for n in (0, 1, 2)] == [
        "%(count)s carte",
        "%(count)s carte",
        "%(count)s cartes",
    ]


def files_of(dist: Path) -> dict[str, str]:
    """The service worker's FILES: each path and the SHA-256 it must have."""
    text = (dist / "sw.js").read_text()
    start = text.index("const FILES = ") + len("const FILES = ")
    return json.loads(text[start : text.index(";\n", start)])


def test_service_worker_lists_every_file_by_hash_and_versions_by_content(tmp_path: Path) -> None:
    (tmp_path / "static").mkdir()
    (tmp_path / "index.html").write_text("<p>one</p>")
    (tmp_path / "static" / "app.css").write_text("p {}")
    version = service_worker.write_service_worker(tmp_path)
    assert files_of(tmp_path) == {
        "index.html": hashlib.sha256(b"<p>one</p>").hexdigest(),
        "static/app.css": hashlib.sha256(b"p {}").hexdigest(),
    }
    assert service_worker.write_service_worker(tmp_path) == version
    (tmp_path / "index.html").write_text("<p>two</p>")
    assert service_worker.write_service_worker(tmp_path) != version


@pytest.mark.built
def test_built_site_ships_the_recorded_runtime_and_lists_every_file() -> None:
    record = json.loads(BOOT_RECORD.read_text())
    shipped = sorted(p.relative_to(DIST / VENDOR).as_posix() for p in (DIST / VENDOR).rglob("*.*"))
    vendor = [addresses.unversioned(name) for name in shipped]
    assert vendor == record["files"]
    assert {f"pyodide/{name}" for name in PYODIDE_FILES} <= set(vendor)
    assert "pyscript/core.js" in vendor
    assert not list(DIST.rglob("*.map"))
    assert "royal/__init__.py" in zipfile.ZipFile(addresses.built(DIST, Path("royal.zip"))).namelist()
    files = sorted(p.relative_to(DIST).as_posix() for p in DIST.rglob("*") if p.is_file())
    online = service_worker.online_only(DIST)
    assert "static/screenshots/preview.png" in online, "the link-preview image is for others to fetch"
    assert sorted(files_of(DIST)) == [f for f in files if f != "sw.js" and f not in online]


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
            "json/decoder.py": (
                "import re\ntry:\n    from _json import scanstring\n"
                "except ImportError:\n    import fallback\n"
            ),
            "re/__init__.py": "def compile(x):\n    import lazy_only\n",
            "codecs.py": (
                "import sys\nclass C:\n    def m(self):\n        import lazier\n"
                "if sys.platform == 'win32':\n    import windows_only\nelse:\n    import posix_only\n"
                'if __name__ == "__main__":\n    import script_only\n'
            ),
            "fallback.py": "",
            "lazy_only.py": "",
            "lazier.py": "",
            "windows_only.py": "",
            "posix_only.py": "",
            "script_only.py": "",
            "unused.py": "import json\n",
        },
    )
    assert stdlib_closure(stdlib, {"json.decoder"}) == {
        "json/__init__.py",
        "json/decoder.py",
        "re/__init__.py",
        "codecs.py",
        "fallback.py",
        "posix_only.py",
    }


def test_game_imports_are_found_at_any_depth(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "a.py").write_text("import json\ndef f():\n    from base64 import b64encode\n")
    (tmp_path / "pkg" / "b.py").write_text("from . import a\nfrom collections.abc import Mapping\n")
    (tmp_path / "pkg" / "cli.py").write_text("import argparse\n")  # the command line's own
    assert imported_modules(tmp_path / "pkg", site.COMMAND_LINE) == {
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
    html = site.page_html(page, config)
    body = html[html.index("<mpy-config>") + len("<mpy-config>") : html.index("</mpy-config>")]
    assert tomllib.loads(body) == {"plugins": ["!py-editor", "!donkey"]}
    assert html.startswith("<body>\n  <mpy-config>") and html.endswith("</mpy-config>\n</body>")


def test_page_without_an_empty_mpy_config_is_refused(tmp_path: Path) -> None:
    page, config = tmp_path / "index.html", tmp_path / "pyscript.toml"
    page.write_text('<mpy-config>plugins = ["!donkey"]</mpy-config>')
    config.write_text('plugins = ["!donkey"]\n')
    with pytest.raises(SystemExit, match="mpy-config"):
        site.page_html(page, config)


@pytest.mark.built
def test_built_page_and_config_turn_off_the_same_plugins() -> None:
    html = (DIST / "index.html").read_text(encoding="utf-8")
    body = html[html.index("<mpy-config>") + len("<mpy-config>") : html.index("</mpy-config>")]
    config = addresses.built(DIST, Path("pyscript.toml"))
    plugins = tomllib.loads(config.read_text(encoding="utf-8"))["plugins"]
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
    relative = site.page_html(page, config)
    assert 'content="./"' in relative and 'content="./static/shot.png"' in relative
    absolute = site.page_html(page, config, "https://example.org/royal-marriage")
    assert '<meta property="og:url" content="https://example.org/royal-marriage/">' in absolute
    assert (
        '<meta property="og:image" content="https://example.org/royal-marriage/static/shot.png">' in absolute
    )
    assert 'href="./static/icon.svg"' in absolute


# --- every address versioned (issue 26, item 10) -------------------------------------

# Every address of a file the page or its configuration names: an attribute's or a TOML string's.
ADDRESS = re.compile(
    r'(?:href|src|config|data-sprite)="(\./[^"#]*)|^[a-z_]+ = "(\./[^"]*)"|^"(\./[^"]*)" =', re.M
)


def addresses_in(text: str) -> list[str]:
    return [next(filter(None, found)).removeprefix("./") for found in ADDRESS.findall(text)]


def assert_versioned(dist: Path, address: str) -> None:
    """``address`` names a file of ``dist`` by the hash of its bytes: in its query or its name."""
    path, _, query = address.partition("?")
    sha256 = hashlib.sha256((dist / path).read_bytes()).hexdigest()
    if query:
        assert f"?{query}" == f"?v={sha256[:12]}", address
    elif path.startswith(VENDOR.as_posix()):
        folder = Path(*Path(path).parts[:3])
        assert folder.name.endswith("-" + addresses.folder_hash(dist / folder)), address
    else:
        assert Path(path).stem.endswith("-" + sha256[:12]), address


@pytest.mark.built
def test_the_built_page_loads_only_addresses_that_carry_their_contents_hash() -> None:
    """index.html, the configuration it names and the manifest ask only for versioned addresses
    (the link-preview image aside, which only others fetch): GitHub Pages lets a browser keep a
    file ten minutes, and an unversioned one mixed an old royal.zip into a new page."""
    page = (DIST / "index.html").read_text(encoding="utf-8")
    found = [a for a in addresses_in(page) if a not in ("", "static/screenshots/preview.png")]
    config = next(a for a in found if a.endswith(".toml"))
    found += addresses_in((DIST / config).read_text(encoding="utf-8"))
    manifest = json.loads((DIST / "static/manifest.webmanifest").read_text(encoding="utf-8"))
    found += [f"static/{icon['src']}" for icon in manifest["icons"]]
    for wanted in (
        "static/app.css?",
        "static/boot.js?",
        "static/line.js?",
        "static/view.js?",
        "static/sound.js?",
        "royal-",
    ):
        assert any(a.startswith(wanted) for a in found), wanted
    assert {"pyodide.mjs", "core.js", "core.css", "cards.svg", "manifest.webmanifest"} <= {
        Path(a.partition("?")[0]).name for a in found
    }
    for address in found:
        assert_versioned(DIST, address)
    # What Pyodide and PyScript ask for by name lies in the folders their loaders came from.
    for folder in addresses.FOLDERS:
        assert not (DIST / folder).exists() and addresses.built(DIST, folder).is_dir()


@pytest.mark.built
def test_the_workers_interpreter_comes_from_its_builds_runtime_and_its_snapshot_outlives_updates() -> None:
    """The game's interpreter (static/interpreter.mjs) imports Pyodide from the folder of this
    build's runtime and is asked for at its versioned address; the memory snapshot it keeps
    lives in a cache the service worker leaves when it cleans up after an update (the snapshot
    is made on the device and replaced there when the build changes)."""
    pyodide = addresses.built(DIST, VENDOR / "pyodide")
    interpreter = (DIST / addresses.INTERPRETER).read_text(encoding="utf-8")
    assert f'from "./vendor/{pyodide.name}/pyodide.mjs"' in interpreter
    assert f'new URL("./vendor/{pyodide.name}/", HERE)' in interpreter
    page = (DIST / "index.html").read_text(encoding="utf-8")
    assert (
        f'data-interpreter="./static/interpreter.mjs?v={addresses.file_hash(DIST / addresses.INTERPRETER)}"'
        in page
    )
    cache = re.search(r"const CACHE = `royal-marriage \$\{SITE\} (\w+)`;", interpreter)
    assert cache, "the interpreter's cache is named as the service worker names its own"
    sw = (DIST / "sw.js").read_text(encoding="utf-8")
    assert f'const SNAPSHOT_CACHE = CACHE_PREFIX + "{cache[1]}";' in sw
    assert "![FILE_CACHE, META_CACHE, SNAPSHOT_CACHE].includes(name)" in sw


def small_site(root: Path, package: bytes) -> Path:
    """A site as the build assembles it, before its addresses are versioned."""
    for folder in addresses.FOLDERS:
        (root / folder).mkdir(parents=True)
    (root / VENDOR / "pyodide" / "pyodide.asm.wasm").write_bytes(b"wasm")
    (root / VENDOR / "pyscript" / "core.js").write_text("// core")
    (root / "static" / "icons").mkdir()
    (root / "static" / "icons" / "icon.svg").write_text("<svg/>")
    (root / "static" / "manifest.webmanifest").write_text('{"icons": [{"src": "icons/icon.svg"}]}')
    (root / "static" / "app.css").write_text("p {}")
    (root / "static" / "interpreter.mjs").write_text(
        'import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";'
    )
    (root / "royal.zip").write_bytes(package)
    (root / "pyscript.toml").write_text(
        'interpreter = "./static/vendor/pyodide/pyodide.mjs"\n[files]\n"./royal.zip" = "./*"\n'
    )
    (root / "index.html").write_text(
        '<link rel="manifest" href="./static/manifest.webmanifest">'
        '<link rel="stylesheet" href="./static/app.css">'
        '<script type="module" src="./static/vendor/pyscript/core.js"></script>'
        '<a rel="license" href="static/app.css">licence</a>'
        '<py-config src="./pyscript.toml"></py-config>'
    )
    addresses.version_addresses(root)
    return root


def test_a_change_gives_new_addresses_and_the_worker_downloads_the_ones_the_page_uses(tmp_path: Path) -> None:
    first = small_site(tmp_path / "first", b"zip one")
    second = small_site(tmp_path / "second", b"zip two")
    old, new = (addresses_in((site / "index.html").read_text()) for site in (first, second))
    assert old != new and "static/app.css?v=" + hashlib.sha256(b"p {}").hexdigest()[:12] in new
    for site_root in (first, second):
        for address in addresses_in((site_root / "index.html").read_text()):
            assert_versioned(site_root, address)
    # Only the package changed: its name, so the configuration's, and only that in the page.
    assert [Path(a).suffix for a in old if a not in new] == [".toml"]
    old_config, new_config = (addresses.built(root, Path("pyscript.toml")) for root in (first, second))
    assert [
        a for a in addresses_in(old_config.read_text()) if a not in addresses_in(new_config.read_text())
    ] == [addresses.built(first, Path("royal.zip")).name]
    assert 'href="static/app.css"' in (first / "index.html").read_text(), "a link the page does not load"
    service_worker.write_service_worker(first)
    sw = (first / "sw.js").read_text()
    start = sw.index("const ADDRESSES = ") + len("const ADDRESSES = ")
    assert json.loads(sw[start : sw.index(";\n", start)]) == {
        path: path + "?v=" + hashlib.sha256((first / path).read_bytes()).hexdigest()[:12]
        for path in ("static/app.css", "static/icons/icon.svg", "static/manifest.webmanifest")
    }


def test_a_boot_record_names_the_runtimes_files_without_their_folders_hash() -> None:
    assert addresses.unversioned("pyodide-0123456789ab/pyodide.asm.wasm") == "pyodide/pyodide.asm.wasm"
    assert addresses.unversioned("pyscript-0123456789ab/core-C9KDLldu.js") == "pyscript/core-C9KDLldu.js"


# --- tampered input ----------------------------------------------------------


def tarball_with(path: Path, members: dict[str, bytes]) -> Path:
    with tarfile.open(path, "w:gz") as archive:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return path


@pytest.mark.parametrize("name", ["package/../../escaped.js", "../escaped.js", "/tmp/royal-escaped.js"])
def test_extract_refuses_a_member_named_outside_its_folder(tmp_path: Path, name: str) -> None:
    tarball = tarball_with(tmp_path / "evil.tgz", {"package/dist/core.js": b"ok", name: b"evil"})
    dest = tmp_path / "a" / "b" / "out"
    with pytest.raises(SystemExit, match="outside its folder"):
        runtime.extract(tarball, dest, lambda member: member.removeprefix("package/"))
    assert not dest.exists()  # refused whole, before anything was written
    assert not (tmp_path / "a" / "escaped.js").exists() and not Path("/tmp/royal-escaped.js").exists()


def test_extract_refuses_a_pick_that_leads_outside(tmp_path: Path) -> None:
    tarball = tarball_with(tmp_path / "t.tgz", {"package/x.js": b"x"})
    with pytest.raises(SystemExit, match="outside"):
        runtime.extract(tarball, tmp_path / "out", lambda member: "../x.js")
    assert not (tmp_path / "x.js").exists()


@pytest.fixture
def no_registry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private npm cache folder for the build, and npm pointed at a registry that is not there."""
    cache = tmp_path / "npm"
    cache.mkdir()
    monkeypatch.setattr(runtime, "NPM_CACHE", cache)
    monkeypatch.setenv("npm_config_registry", "http://127.0.0.1:9/")
    monkeypatch.setenv("npm_config_cache", str(tmp_path / "npm-own-cache"))
    monkeypatch.setenv("npm_config_fetch_retries", "0")
    monkeypatch.setenv("npm_config_offline", "true")
    return cache


@pytest.mark.parametrize(
    "tampered",
    [pytest.param(True, id="tampered", marks=pytest.mark.built), pytest.param(False, id="absent")],
)
def test_a_bad_cached_tarball_with_no_registry_fails_in_one_line_and_keeps_the_old_site(
    no_registry: Path, tmp_path: Path, tampered: bool
) -> None:
    if tampered:
        shutil.copyfile(DIST.parent / ".cache" / "npm" / PYSCRIPT.tarball.name, PYSCRIPT.tarball)
        with PYSCRIPT.tarball.open("r+b") as tarball:
            tarball.seek(1000)
            tarball.write(b"tampered")
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "index.html").write_text("the previous build")
    with pytest.raises(SystemExit) as failed:
        site.build(dist)
    message = str(failed.value.code)
    assert "\n" not in message and message.startswith("build: @pyscript/core@0.7.31 ")
    assert ("does not match its pinned integrity hash" if tampered else "is not cached") in message
    assert "npm pack could not fetch it" in message
    assert [p.name for p in tmp_path.iterdir() if "dist" in p.name] == ["dist"]
    assert [p.name for p in dist.iterdir()] == ["index.html"]
    assert (dist / "index.html").read_text() == "the previous build"


@pytest.mark.built
def test_the_accessibility_checker_is_checked_on_every_use(no_registry: Path) -> None:
    shutil.copyfile(DIST.parent / ".cache" / "npm" / AXE.tarball.name, AXE.tarball)
    script = runtime.axe_script()
    genuine = script.read_bytes()
    assert genuine.startswith(b"/*") and b"axe" in genuine[:200]
    script.write_bytes(genuine.replace(b"axe", b"evil", 1))
    assert runtime.axe_script().read_bytes() == genuine  # a changed copy is replaced
    with AXE.tarball.open("r+b") as tarball:
        tarball.seek(500)
        tarball.write(b"tampered")
    with pytest.raises(SystemExit, match=r"axe-core@4\.14\.1 does not match its pinned integrity hash"):
        runtime.axe_script()


def test_the_deck_is_pinned_like_the_runtime() -> None:
    assert deck.DECK.spec == "@letele/playing-cards@0.1.0"
    assert deck.DECK.tarball.name == "letele-playing-cards-0.1.0.tgz"
    assert deck.DECK.integrity.startswith("sha512-") and len(deck.DECK.integrity) == 95


@pytest.mark.built
def test_the_sprite_is_made_once_and_the_same_every_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cached = deck.sprite()
    assert deck.sprite() == cached, "a second build reuses it"
    monkeypatch.setattr(deck, "DECK_CACHE", tmp_path)
    fresh = deck.sprite()
    assert fresh.parent == tmp_path and fresh.read_bytes() == cached.read_bytes(), "Node makes the same bytes"
    assert (DIST / deck.SPRITE_IN_SITE).read_bytes() == cached.read_bytes()
    assert b"CC0 1.0 Universal" in (DIST / deck.LICENCE_IN_SITE).read_bytes()


@pytest.mark.built
def test_the_sprite_holds_a_face_per_card_and_nothing_the_page_does_not_draw() -> None:
    text = deck.sprite().read_text()
    faces = re.findall(r'<symbol id="([^"]+)"(?: class="court")? viewBox="-120 -168 240 336"', text)
    assert sorted(faces) == sorted(ALL_CARDS)
    assert sorted(re.findall(r'<symbol id="(..)" class="court"', text)) == sorted(
        c for c in ALL_CARDS if c[0] in "JQK"
    )
    assert "<title" not in text and "xlink" not in text and "<script" not in text
    ids = re.findall(r'<symbol id="([^"]+)"', text)
    used = set(re.findall(r'href="#([^"]+)"', text)) | set(re.findall(r"url\(#([^)]+)\)", text))
    assert set(ids) - set(ALL_CARDS) <= used, "every shared shape is drawn by some face"


def test_a_deck_that_cannot_be_made_ends_the_build_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tarball = tmp_path / "deck.tgz"
    with tarfile.open(tarball, "w:gz") as archive:
        data = b"import React from 'preact';\n"
        member = tarfile.TarInfo(deck.MODULE)
        member.size = len(data)
        archive.addfile(member, io.BytesIO(data))
    monkeypatch.setattr(deck, "DECK_CACHE", tmp_path / "cache")
    with pytest.raises(
        SystemExit, match=r"^build: the card faces could not be made \(the deck's module imports"
    ):
        deck.sprite(tarball)
