"""The installable, offline part: service worker, updates, manifest, no foreign hosts."""

from __future__ import annotations

import json
import re
import shutil
import struct
import time
import tomllib
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, expect

from build import DIST, content_version, site_files, write_service_worker
from tools.siteserver import SiteServer

MARKER = ("royal-offline-test", "kept")
READ_STORAGE = "JSON.stringify(Object.entries(localStorage).sort())"
CONTROLLED = "navigator.serviceWorker.controller !== null"
OUR_CACHES = "caches.keys().then(names => names.filter(n => n.startsWith('royal-marriage ')))"


def cache_versions(page: Page) -> list[str]:
    """The versions of this site's caches in the page's Cache Storage."""
    return [name.split()[-1] for name in page.evaluate(OUR_CACHES)]


def wait_for_cache_versions(page: Page, expected: list[str], seconds: float = 30) -> None:
    """Poll: the old cache is deleted asynchronously, while the new worker activates."""
    deadline = time.monotonic() + seconds
    while cache_versions(page) != expected and time.monotonic() < deadline:
        page.wait_for_timeout(200)
    assert cache_versions(page) == expected


def go_controlled(page: Page, open_game) -> None:
    """First visit: boot, then wait until the service worker has cached the site and taken over."""
    open_game(page)
    page.wait_for_function(CONTROLLED)
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", list(MARKER))


def marker(page: Page) -> str | None:
    return page.evaluate("key => localStorage.getItem(key)", MARKER[0])


def test_reload_and_new_tab_boot_offline(
    context: BrowserContext, page: Page, site: SiteServer, open_game, wait_ready, network_log
) -> None:
    go_controlled(page, open_game)
    deal = page.locator("[data-field=deal]").inner_text()
    storage = page.evaluate(READ_STORAGE)
    assert network_log.count(site.url + "static/vendor/pyodide/pyodide.asm.wasm") >= 2, (
        "the page's and the service worker's downloads should both be recorded"
    )

    context.set_offline(True)
    site.stop()
    started = time.monotonic()
    page.reload()
    wait_ready(page)
    print(f"offline reload until ready: {time.monotonic() - started:.1f} s")
    expect(page.locator("[data-field=deal]")).to_have_text(deal)
    assert page.evaluate(READ_STORAGE) == storage

    tab = context.new_page()
    tab.goto(site.url + "?deal=3")
    wait_ready(tab)
    assert marker(tab) == MARKER[1]


def test_new_build_replaces_old_cache(
    page: Page, site: SiteServer, open_game, wait_ready, tmp_path: Path
) -> None:
    old_version = content_version(DIST, site_files(DIST))
    new_build = tmp_path / "dist"
    shutil.copytree(DIST, new_build)
    boot = new_build / "static" / "boot.js"
    boot.write_text(boot.read_text() + "\n// second build\n")
    new_version = write_service_worker(new_build)
    assert new_version != old_version

    go_controlled(page, open_game)
    assert cache_versions(page) == [old_version]
    expect(page.locator("#update-notice")).to_be_hidden()

    site.root = new_build
    page.reload()
    wait_ready(page)
    expect(page.locator("#update-notice")).to_be_visible()
    assert sorted(cache_versions(page)) == sorted([old_version, new_version]), (
        "the new build waits beside the old"
    )
    with page.expect_navigation():
        page.locator("#update-reload").click()
    wait_ready(page)

    expect(page.locator("#update-notice")).to_be_hidden()
    wait_for_cache_versions(page, [new_version])
    assert "// second build" in page.evaluate("fetch('./static/boot.js').then(r => r.text())")
    assert marker(page) == MARKER[1]


def png_size(data: bytes) -> str:
    """ "WxH" from a PNG's IHDR chunk."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return f"{width}x{height}"


def test_manifest_makes_the_game_installable(
    persistent_context: BrowserContext, site: SiteServer, open_game
) -> None:
    page = open_game(persistent_context.new_page())
    href = page.locator("link[rel=manifest]").evaluate("link => link.href")
    response = page.request.get(href)
    assert response.status == 200
    assert response.headers["content-type"] == "application/manifest+json"
    manifest = json.loads(response.body())

    assert manifest["name"] == "Royal Marriage" and manifest["short_name"]
    assert manifest["display"] == "standalone"
    assert "games" in manifest["categories"]
    for key in ("start_url", "scope"):
        assert page.evaluate("([ref, base]) => new URL(ref, base).href", [manifest[key], href]) == site.url
    sizes = set()
    for icon in manifest["icons"]:
        url = page.evaluate("([ref, base]) => new URL(ref, base).href", [icon["src"], href])
        got = page.request.get(url)
        assert got.status == 200, url
        assert got.headers["content-type"] == icon["type"], url
        if icon["type"] == "image/png":
            assert png_size(got.body()) == icon["sizes"], url
            sizes.add(icon["sizes"])
    assert {"192x192", "512x512"} <= sizes
    assert any("maskable" in icon.get("purpose", "") for icon in manifest["icons"])
    shapes = set()
    for shot in manifest["screenshots"]:
        url = page.evaluate("([ref, base]) => new URL(ref, base).href", [shot["src"], href])
        got = page.request.get(url)
        assert got.status == 200 and got.headers["content-type"] == shot["type"] == "image/png", url
        assert png_size(got.body()) == shot["sizes"], url
        width, height = map(int, shot["sizes"].split("x"))
        shapes.add((shot["form_factor"], width > height))
        assert shot["label"]
    assert shapes == {("narrow", False), ("wide", True)}

    # Chromium's own verdict; it judges only non-incognito profiles, hence the persistent context.
    cdp = persistent_context.new_cdp_session(page)
    parsed = cdp.send("Page.getAppManifest")
    assert parsed["errors"] == []
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    # The app's identity as Chromium computes it: this site's address, under its subpath,
    # not the origin that every other site of the same host shares.
    assert parsed["manifest"]["id"] == cdp.send("Page.getAppId")["appId"] == site.url
    assert [shot["formFactor"] for shot in parsed["manifest"]["screenshots"]] == ["kNarrow", "kWide"]


THEME_COLOR = """() => [...document.querySelectorAll('meta[name=theme-color]')]
    .filter(meta => matchMedia(meta.media || 'all').matches).map(meta => meta.content)"""
FELT = "() => getComputedStyle(document.documentElement).getPropertyValue('--felt').trim()"


def test_theme_colour_follows_the_scheme_and_link_previews_have_an_image(new_context, site) -> None:
    felts = set()
    for scheme in ("light", "dark"):
        page = new_context(color_scheme=scheme).new_page()
        page.goto(site.url)
        felt = page.evaluate(FELT)
        assert page.evaluate(THEME_COLOR) == [felt], scheme
        felts.add(felt)
    assert len(felts) == 2

    tags = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('meta[property^="og:"]')]
            .map(meta => [meta.getAttribute('property'), meta.content]))"""
    )
    assert tags["og:title"] and tags["og:description"] and tags["og:image:alt"]
    image = page.evaluate("ref => new URL(ref, document.baseURI).href", tags["og:image"])
    got = page.request.get(image)
    assert got.status == 200 and got.headers["content-type"] == tags["og:image:type"] == "image/png"
    assert png_size(got.body()) == f"{tags['og:image:width']}x{tags['og:image:height']}"


# Script, style and config references that would fetch from another host.
REMOTE_REFERENCE = re.compile(
    r"""<(?:script|link|img|iframe|source)\b[^>]*\b(?:src|href)\s*=\s*["']?(?:https?:)?//""", re.I
)
CDN_NAMES = ("cdn", "jsdelivr", "unpkg", "pyscript.net", "esm.sh", "skypack", "googleapis", "gstatic")


def test_page_and_config_name_no_other_host() -> None:
    for name in ("index.html", "pyscript.toml"):
        text = (DIST / name).read_text(encoding="utf-8")
        assert not REMOTE_REFERENCE.search(text), name
        assert not [cdn for cdn in CDN_NAMES if cdn in text.lower()], name
    assert "://" not in (DIST / "pyscript.toml").read_text(encoding="utf-8")


def test_plugins_the_config_turns_off_are_never_loaded(page: Page, open_game) -> None:
    """pyscript.toml's list, which the build copies into <mpy-config>, keeps their files unfetched."""
    config = tomllib.loads((DIST / "pyscript.toml").read_text(encoding="utf-8"))
    turned_off = [name.removeprefix("!") for name in config["plugins"]]
    chunks = [path.name for path in (DIST / "static/vendor/pyscript").glob("*.js")]
    for name in turned_off:  # each plugin has its own chunk, so the check below can fail
        assert [chunk for chunk in chunks if re.fullmatch(rf"{name}-[\w-]+\.js", chunk)], name
    open_game(page)
    loaded = page.evaluate("performance.getEntriesByType('resource').map(entry => entry.name)")
    assert any("/static/vendor/pyscript/" in url for url in loaded)
    fetched = [url for url in loaded for name in turned_off if re.search(rf"/{name}-[\w-]+\.js$", url)]
    assert fetched == []


def test_a_boot_fetches_only_from_this_machine(page: Page, open_game, network_log) -> None:
    open_game(page)
    page.wait_for_function(CONTROLLED)
    assert network_log and all(
        url.startswith("http://127.0.0.1:") or url.startswith(("data:", "blob:")) for url in network_log
    )
