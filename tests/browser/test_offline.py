"""The installable, offline part: service worker, updates, manifest, no foreign hosts."""

from __future__ import annotations

import json
import re
import shutil
import struct
import time
import tomllib
import zipfile
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, expect

from tools import site as site_module
from tools.addresses import built, file_hash, unversioned
from tools.exercise import exercise
from tools.paths import BOOT_RECORD, DIST, VENDOR
from tools.service_worker import site_files, write_service_worker
from tools.siteserver import SiteServer

MARKER = ("royal-offline-test", "kept")
READ_STORAGE = "JSON.stringify(Object.entries(localStorage).sort())"
# The worker never claims the page that registered it: the next load is the first it serves.
ACTIVE = "navigator.serviceWorker.ready.then(() => true)"
CONTROLLED = "navigator.serviceWorker.controller !== null"
BOOT_JS = "fetch('./static/boot.js').then(r => r.text())"
SNAPSHOT_SETTLED = "() => ['made', 'used', 'failed'].includes(document.documentElement.dataset.snapshot)"


def go_offline_capable(page: Page, open_game, wait_ready) -> None:
    """First visit: boot, let the worker install and activate, then reload under its control."""
    open_game(page)
    page.evaluate(ACTIVE)
    assert not page.evaluate(CONTROLLED), "the worker never takes over a page it did not load"
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", list(MARKER))
    page.reload()
    wait_ready(page)
    assert page.evaluate(CONTROLLED)


def marker(page: Page) -> str | None:
    return page.evaluate("key => localStorage.getItem(key)", MARKER[0])


def shipped(root: Path) -> set[str]:
    return {"sw.js", *site_files(root)}


def site_path(url: str, site: SiteServer) -> str:
    return url.split("?")[0].removeprefix(site.url) or "index.html"


def responses_past_the_worker(context: BrowserContext, page: Page) -> Callable[[], list[str]]:
    """Watch ``page``'s responses; the returned function lists those that came neither from the
    worker nor from the renderer's memory of what this page already loaded through it.

    The memory cache answers before the worker does (seen in CI: the card sprite, which the
    boot script's preview cards and then the game's cards both use, once came from it), and it
    holds only what the page already had; a response from anywhere else got past the worker.
    Playwright's own response event cannot tell a memory-cache answer apart, the protocol can.
    """
    cdp = context.new_cdp_session(page)
    from_memory: set[str] = set()
    answered: dict[str, tuple[str, bool]] = {}
    cdp.on("Network.requestServedFromCache", lambda event: from_memory.add(event["requestId"]))
    cdp.on(
        "Network.responseReceived",
        lambda event: answered.__setitem__(
            event["requestId"], (event["response"]["url"], event["response"].get("fromServiceWorker", False))
        ),
    )
    cdp.send("Network.enable")

    def past() -> list[str]:
        assert any(worker for _, worker in answered.values()), "the protocol reported the worker's answers"
        return [
            url for request, (url, worker) in answered.items() if not worker and request not in from_memory
        ]

    return past


def test_offline_boot_and_play_miss_nothing(
    context: BrowserContext, page: Page, site: SiteServer, open_game, wait_ready
) -> None:
    go_offline_capable(page, open_game, wait_ready)
    context.set_offline(True)
    site.stop()
    misses: list[str] = []
    # A request the page itself cancelled is no miss: the game replaces the boot script's preview
    # cards, and with them a load of the card sprite they had begun (seen under load).
    page.on(
        "requestfailed",
        lambda request: (
            None
            if request.failure == "net::ERR_ABORTED"
            else misses.append(f"{request.url} {request.failure}")
        ),
    )
    past_the_worker = responses_past_the_worker(context, page)
    started = time.monotonic()
    exercise(page, site.url)
    print(f"offline: boot, a whole game and every control in {time.monotonic() - started:.1f} s")
    misses += [f"{url} not from the worker" for url in past_the_worker()]
    assert [url for url in misses if url.startswith(site.url)] == []
    assert marker(page) == MARKER[1]

    tab = context.new_page()
    tab.goto(site.url + "?deal=3")
    wait_ready(tab)
    expect(tab.locator("[data-field=deal]")).to_have_text("3")


# Addresses inside the worker's scope that are no page of the site: a nested path (where the
# game's page would look for its files in the wrong folder and hang on its loading panel), a
# mistyped one, and one whose escape is malformed.
NOT_THE_GAME = ("deal/7/", "foo", "deal/%E0%A4%A")


def test_an_address_that_is_not_the_game_says_so_and_links_to_it(
    context: BrowserContext, page: Page, site: SiteServer, open_game, wait_ready
) -> None:
    go_offline_capable(page, open_game, wait_ready)
    # The memory snapshot made (static/interpreter.mjs): leaving the page while it is being
    # made would cancel the making's downloads.
    page.wait_for_function(SNAPSHOT_SETTLED, timeout=120_000)
    # A file the worker does not keep still comes from the network.
    shot = page.goto(site.url + "static/screenshots/preview.png")
    assert shot is not None and shot.status == 200 and shot.headers["content-type"] == "image/png"
    failed: list[str] = []
    page.on("requestfailed", lambda request: failed.append(request.url))
    for offline in (False, True):
        if offline:
            context.set_offline(True)
            site.stop()
        for path in NOT_THE_GAME:
            response = page.goto(site.url + path)
            assert response is not None and response.status == 404, (path, offline)
            expect(page.locator("h2")).to_have_text("There is no page at this address")
            styled = page.evaluate("getComputedStyle(document.body).backgroundColor")
            assert styled not in ("rgba(0, 0, 0, 0)", "rgb(255, 255, 255)"), "the game's style sheet applies"
            hrefs = page.locator("link[href]").evaluate_all("links => links.map(link => link.href)")
            assert {site_path(href, site) for href in hrefs} <= shipped(DIST), "files the worker keeps"
            link = page.get_by_role("link", name="Play Royal Marriage")
            assert link.evaluate("a => a.href") == site.url
        link.click()
        wait_ready(page)
        assert page.url.split("?")[0] == site.url and marker(page) == MARKER[1]
    assert failed == []


def test_a_first_visit_downloads_each_file_once(persistent_context: BrowserContext, site, wait_ready) -> None:
    """The worker takes what the page just downloaded from the HTTP cache (checked against its hash)."""
    served = served_paths(site)
    page = persistent_context.new_page()
    page.goto(site.url)
    wait_ready(page)
    page.evaluate(ACTIVE)  # installed: every file downloaded and checked
    assert "static/vendor/pyodide/pyodide.asm.wasm" in map(unversioned, served)
    assert sorted(path for path in set(served) if served.count(path) > 1) == []


def test_everything_shipped_is_loaded(new_context, site: SiteServer) -> None:
    """A boot, a whole game and every control request every file of the site, and an install the rest."""
    context = new_context(service_workers="block")
    page = context.new_page()
    requested: set[str] = set()
    context.on("request", lambda request: requested.add(site_path(request.url, site)))
    exercise(page, site.url)
    manifest_url = site.url + "static/manifest.webmanifest"
    manifest = json.loads(page.request.get(manifest_url).body())
    # What an install dialog fetches, a link preview (the page's Open Graph image), and a licence
    # the page links to.
    installer = {
        site_path(
            page.evaluate("([ref, base]) => new URL(ref, base).href", [item["src"], manifest_url]), site
        )
        for item in [*manifest["icons"], *manifest.get("screenshots", [])]
    }
    page_refs = {
        site_path(href, site)
        for href in page.locator(
            "link[rel~=icon], link[rel=apple-touch-icon], link[rel=manifest], meta[property='og:image'],"
            " a[rel~=license]"
        ).evaluate_all("found => found.map(e => new URL(e.href || e.content, document.baseURI).href)")
    }
    # sw.js is loaded by the registration, which this context blocks.
    unrequested = shipped(DIST) - requested - installer - page_refs - {"sw.js"}
    assert unrequested == set(), "shipped but never loaded: rerun tools/record_boot.py"


def served_paths(site: SiteServer) -> list[str]:
    """From now on, the site paths the server is asked for (whatever the browser's caches answer)."""
    served: list[str] = []

    class Recording(site.RequestHandlerClass):  # type: ignore[name-defined,misc]
        def send_head(self):  # type: ignore[no-untyped-def]
            served.append(site_path(f"http://{self.headers['Host']}{self.path}", site))
            return super().send_head()

    site.RequestHandlerClass = Recording
    return served


def publish(tmp_path: Path, change) -> tuple[Path, str]:  # type: ignore[no-untyped-def]
    """A copy of the built site with ``change(root)`` applied and its worker rewritten."""
    new_build = tmp_path / "dist"
    shutil.copytree(DIST, new_build)
    change(new_build)
    return new_build, write_service_worker(new_build)


def append_to_boot_js(root: Path) -> None:
    boot = root / "static" / "boot.js"
    boot.write_text(boot.read_text() + "\n// second build\n")


def test_update_downloads_only_changed_files_and_never_mixes_builds(
    context: BrowserContext, site: SiteServer, open_game, wait_ready, tmp_path: Path
) -> None:
    first, second = context.new_page(), context.new_page()
    go_offline_capable(first, open_game, wait_ready)
    second.goto(site.url)
    wait_ready(second)
    old_boot = first.evaluate(BOOT_JS)
    new_build, _ = publish(tmp_path, append_to_boot_js)

    site.root = new_build
    served = served_paths(site)
    first.reload()
    wait_ready(first)
    expect(first.locator("#update-notice")).to_be_visible()
    assert "static/boot.js" in served
    assert set(served) <= {"sw.js", "static/boot.js"}, "only the changed file and the worker"
    # The other tab learns of the waiting version too, and each page keeps its own files.
    second.reload()
    wait_ready(second)
    expect(second.locator("#update-notice")).to_be_visible()

    with first.expect_navigation():
        first.locator("#update-reload").click()
    wait_ready(first)
    expect(first.locator("#update-notice")).to_be_hidden()
    assert "// second build" in first.evaluate(BOOT_JS)
    assert second.evaluate(BOOT_JS) == old_boot, "a page keeps the files of the version it started with"
    expect(second.locator("#update-reload")).to_be_enabled()
    with second.expect_navigation():
        second.locator("#update-reload").click()
    wait_ready(second)
    assert "// second build" in second.evaluate(BOOT_JS)
    assert marker(second) == MARKER[1]


def max_age(site: SiteServer, seconds: int = 600) -> None:
    """From now on the server lets browsers keep each file ``seconds``, as GitHub Pages does."""

    class Kept(site.RequestHandlerClass):  # type: ignore[name-defined,misc]
        def end_headers(self) -> None:
            self.send_header("Cache-Control", f"max-age={seconds}")
            super().end_headers()

    site.RequestHandlerClass = Kept


def second_build(tmp_path: Path, monkeypatch) -> Path:  # type: ignore[no-untyped-def]
    """The site built again with one change to the game's package: its start marks the page."""
    write_package_zip = site_module.write_package_zip

    def changed(package: Path, out: Path) -> None:
        write_package_zip(package, out)
        with zipfile.ZipFile(out) as source:
            entries = {name: source.read(name) for name in source.namelist()}
        entries["royal/web/main.py"] += b"\njs.console.log('royal build: second')\n"  # in the worker too
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
            for name, data in entries.items():
                archive.writestr(name, data)

    monkeypatch.setattr(site_module, "write_package_zip", changed)
    site_module.build(tmp_path / "dist", BOOT_RECORD)
    return tmp_path / "dist"


def test_a_page_no_worker_controls_loads_a_new_build_whole(
    new_context, site: SiteServer, wait_ready, tmp_path: Path, monkeypatch
) -> None:
    """Before the worker controls a page (a first visit, site data cleared), a reload soon after
    a new build is published once mixed the new index.html with the old royal.zip from the
    browser's cache (GitHub Pages: max-age=600), and failed. Every address now carries its
    content's hash: the new page asks for none of the old build's and starts whole."""
    max_age(site)
    context = new_context(service_workers="block")  # no worker, as before it controls the page
    requested: list[str] = []
    context.on("request", lambda request: requested.append(request.url))
    page = context.new_page()
    said: list[str] = []
    page.on("console", lambda message: said.append(message.text))
    page.goto(site.url)
    wait_ready(page)
    first = set(requested)
    site.root = second_build(tmp_path, monkeypatch)
    requested.clear()
    page.reload()
    wait_ready(page)
    assert "royal build: second" in said
    # Asked for again: only addresses whose file the new build left as it was.
    again = {site_path(url, site) for url in requested if url in first and url != site.url}
    assert again and not [
        path
        for path in again
        if not (site.root / path).is_file() or file_hash(site.root / path) != file_hash(DIST / path)
    ]
    assert [url for url in requested if url not in first], "the new build's own addresses"


def test_a_file_that_does_not_match_its_hash_keeps_the_old_version(
    page: Page, site: SiteServer, open_game, wait_ready, tmp_path: Path
) -> None:
    go_offline_capable(page, open_game, wait_ready)
    old_boot = page.evaluate(BOOT_JS)

    site.root, _ = publish(tmp_path, append_to_boot_js)
    # Changed after publish took its hash (tampering inside publish's change was hashed with it,
    # and the test once passed only by looking before the browser had checked for the update).
    # The file must be one the update changes: an unchanged one is taken, rightly, from the
    # browser's cache, where it still matches.
    boot = site.root / "static" / "boot.js"
    boot.write_text(boot.read_text() + "\n// tampered after its hash was taken\n")
    page.reload()
    wait_ready(page)
    # The update check is asked for and has begun installing, then the install is over: had the
    # file been taken, the new worker would be waiting.
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update()).then(() => true)")
    page.wait_for_function(
        "navigator.serviceWorker.getRegistration().then(r => r && !r.installing && !r.waiting)"
    )
    expect(page.locator("#update-notice")).to_be_hidden()
    page.reload()
    wait_ready(page)
    assert page.evaluate(BOOT_JS) == old_boot
    expect(page.locator("#line")).to_be_visible()


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
# The felt colour as the page resolves it (--felt is a light-dark() pair), as #rrggbb.
FELT = """() => { const probe = document.createElement('div'); probe.style.color = 'var(--felt)';
    document.body.append(probe); const rgb = getComputedStyle(probe).color.match(/\\d+/g); probe.remove();
    return '#' + rgb.slice(0, 3).map(n => Number(n).toString(16).padStart(2, '0')).join(''); }"""


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


def built_config() -> Path:
    """The PyScript configuration the built page names (pyscript-<hash>.toml)."""
    return built(DIST, Path("pyscript.toml"))


CDN_NAMES = ("cdn", "jsdelivr", "unpkg", "pyscript.net", "esm.sh", "skypack", "googleapis", "gstatic")


def test_page_and_config_name_no_other_host() -> None:
    for path in (DIST / "index.html", built_config()):
        text = path.read_text(encoding="utf-8")
        assert not REMOTE_REFERENCE.search(text), path.name
        assert not [cdn for cdn in CDN_NAMES if cdn in text.lower()], path.name
    assert "://" not in built_config().read_text(encoding="utf-8")


def test_plugins_the_config_turns_off_are_never_loaded(page: Page, open_game) -> None:
    """pyscript.toml's list, which the build copies into <mpy-config>, keeps their files unfetched.

    The recorded boot ran on the whole runtime, where each plugin has its own chunk: it
    fetched none, so none is shipped.
    """
    config = tomllib.loads(built_config().read_text(encoding="utf-8"))
    turned_off = [name.removeprefix("!") for name in config["plugins"]]
    recorded = json.loads(BOOT_RECORD.read_text(encoding="utf-8"))["files"]
    shipped_chunks = [path.name for path in built(DIST, VENDOR / "pyscript").glob("*.js")]
    for name in turned_off:
        assert not [f for f in (*recorded, *shipped_chunks) if re.search(rf"{name}-[\w-]+\.js$", f)], name
    open_game(page)
    loaded = page.evaluate("performance.getEntriesByType('resource').map(entry => entry.name)")
    assert any(re.search(r"/static/vendor/pyscript-[0-9a-f]+/", url) for url in loaded)
    fetched = [url for url in loaded for name in turned_off if re.search(rf"/{name}-[\w-]+\.js$", url)]
    assert fetched == []


def test_a_boot_fetches_only_from_this_machine(page: Page, open_game, network_log) -> None:
    open_game(page)
    page.evaluate(ACTIVE)
    assert network_log and all(
        url.startswith("http://127.0.0.1:") or url.startswith(("data:", "blob:")) for url in network_log
    )


def test_the_trimmed_runtime_shows_a_python_error_with_its_traceback(
    page: Page, serve_site, tmp_path: Path
) -> None:
    """A bug in the game must still show where it happened: file, line, source and error. The
    worker's start fails, so the game starts on the page, where it fails the same way, shown."""
    broken = tmp_path / "dist"
    shutil.copytree(DIST, broken)
    bug = "from royal.deals import numbered_deal\nnumbered_deal(0)\n"
    (broken / "static" / "worker.py").write_text(bug, encoding="utf-8")
    python = (broken / "static" / "python.js").read_text(encoding="utf-8")
    start = 'const PAGE = "from royal.web.main import start\\nstart()\\n";'
    assert python.count(start) == 1
    (broken / "static" / "python.js").write_text(
        python.replace(start, f"const PAGE = {json.dumps(bug)};"), encoding="utf-8"
    )
    site = serve_site(broken, "/royal-marriage/")
    page.goto(site.url)
    error = page.locator(".py-error")
    expect(error).to_be_attached()
    text = error.inner_text()
    source = (Path("royal") / "deals.py").read_text(encoding="utf-8").splitlines()
    words = next(n for n, line in enumerate(source, 1) if "not %(shown)s" in line)
    raising = max(n for n, line in enumerate(source[:words], 1) if line.strip().startswith("raise "))
    assert "Traceback (most recent call last)" in text
    assert f'File "/home/pyodide/royal/deals.py", line {raising}, in parse_deal_number' in text
    assert source[raising - 1].strip() in text
    assert "royal.deals.DealError" in text or "DealError:" in text


# Says, once the game has started in its worker, which standard-library modules Python compiled
# from source, and how many it loaded as bytecode (on the console, which the worker has).
COMPILED_FROM_SOURCE = """
import sys
import js

zipped = [
    (name, module.__file__)
    for name, module in list(sys.modules.items())
    if type(getattr(module, "__loader__", None)).__name__ == "zipimporter"
]
js.console.log("from source: " + " ".join(sorted(n for n, f in zipped if not f.endswith(".pyc"))))
js.console.log("from bytecode: " + str(sum(f.endswith(".pyc") for _, f in zipped)))
"""


def test_a_boot_compiles_no_standard_library_module_from_source(
    page: Page, serve_site, tmp_path: Path, wait_ready
) -> None:
    """The runtime's own modules come as bytecode (build.compile_stdlib): a start compiles none."""
    site = tmp_path / "dist"
    shutil.copytree(DIST, site)
    with (site / "static" / "worker.py").open("a", encoding="utf-8") as worker:
        worker.write(COMPILED_FROM_SOURCE)
    said: list[str] = []
    page.on("console", lambda message: said.append(message.text))
    page.goto(serve_site(site, "/royal-marriage/").url + "?deal=7")
    wait_ready(page)
    page.wait_for_function("() => true")  # the worker's console messages come with the page's
    (source,) = [line for line in said if line.startswith("from source:")]
    (bytecode,) = [line for line in said if line.startswith("from bytecode:")]
    assert source == "from source: "
    assert int(bytecode.removeprefix("from bytecode: ")) > 100
