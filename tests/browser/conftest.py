"""Browser test harness: the built site (dist/) in Debian's Chromium, offline-safe.

Run through `python3 build.py test`, which builds dist/ and sets ROYAL_CHROMIUM.
Built on pytest-playwright: its `browser`, `context`, `page` and `new_context`
fixtures work as documented there, with these changes made here:

- Chromium is ROYAL_CHROMIUM, launched with the flags this machine needs (tools/chromium.py).
- Every context records every request (service workers' included) and every
  page's uncaught errors: after the test, one request that left 127.0.0.1 or one
  uncaught page error fails it.
- Contexts default to the desktop viewport, 1440x900, and a 60 s timeout
  (a cold boot takes about 5 s on two cores).
- Contexts default to reduced motion (`prefers-reduced-motion: reduce`): nothing animates, so
  a click never waits for a card to stand still, which halves a test that plays a deal by
  clicks. A test of the motion, or one that plays as most players do, is marked `motion`
  and gets motion as the browser has it by default.

Fixtures and helpers:

`site`          the built site served on 127.0.0.1 (random port) under the subpath
                /royal-marriage/, as GitHub Pages serves it. `site.url` is its
                address (ends in "/"); `site.stop()` stops it mid-test;
                `site.root` may be set to another built directory.
`serve_site`    factory for more servers: `serve_site(root=DIST, prefix="/")`.
`open_game`     `open_game(page, query="")` opens site.url + query, waits until the
                game is playable, checks it booted cleanly; returns the page.
`wait_ready`    `wait_ready(page)` waits for body[data-ready] after a reload or a
                navigation, and fails on a .py-error element or an uncaught error.
`phone_page`    a page in its own context at 360x740 (touch, mobile).
`desktop_page`  a page in its own context at 1440x900 (what `page` is too).
`persistent_context`  a context with a real on-disk profile (a second Chromium): not
                incognito, so Chromium judges installability, and its HTTP cache
                survives reloads.
`network_log`   the URLs of every request made in the test so far.
PHONE, DESKTOP  the two viewport sizes, for `new_context(viewport=PHONE)`.
PHONE_CONTEXT   a phone's context options (PHONE, mobile, touch): `new_context(**PHONE_CONTEXT)`.

    def test_deal_link(page, open_game):
        open_game(page, "?deal=42")
        expect(page.locator("[data-field=deal]")).to_have_text("42")

    def test_phone_layout(phone_page, open_game):
        open_game(phone_page)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, BrowserType, Page, Request, expect

from tools.chromium import CHROMIUM_FLAGS
from tools.paths import DIST
from tools.siteserver import SUBPATH, SiteServer

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1440, "height": 900}
PHONE_CONTEXT = {"viewport": PHONE, "is_mobile": True, "has_touch": True}
TIMEOUT_MS = 60_000
LOCAL_HOSTS = {"127.0.0.1"}
INERT_SCHEMES = {"data", "blob", "about"}

expect.set_options(timeout=TIMEOUT_MS)


class Recorder:
    """What the test's browser did: every request URL and each page's uncaught errors."""

    def __init__(self) -> None:
        self.urls: list[str] = []
        self.page_errors: dict[Page, list[str]] = {}

    def watch(self, context: BrowserContext) -> None:
        context.on("request", self._on_request)
        context.on("page", self._watch_page)
        for page in context.pages:
            self._watch_page(page)

    def _on_request(self, request: Request) -> None:
        self.urls.append(request.url)

    def _watch_page(self, page: Page) -> None:
        errors = self.page_errors.setdefault(page, [])
        page.on("pageerror", lambda error: errors.append(str(error)))

    def foreign_urls(self) -> list[str]:
        return [url for url in self.urls if not is_local(url)]


def is_local(url: str) -> bool:
    """True for loopback URLs and for URLs that fetch nothing (data:, blob:, about:)."""
    parts = urlsplit(url)
    return parts.scheme in INERT_SCHEMES or parts.hostname in LOCAL_HOSTS


# --- browser ------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """Launch ROYAL_CHROMIUM (set by build.py test); never skip for want of a browser."""
    chromium = os.environ.get("ROYAL_CHROMIUM")
    if not chromium or not Path(chromium).exists():
        pytest.fail("ROYAL_CHROMIUM is not set to a Chromium binary: run `python3 build.py test`")
    return {**browser_type_launch_args, "executable_path": chromium, "args": CHROMIUM_FLAGS}


@pytest.fixture
def _recorder() -> Iterator[Recorder]:
    """Fails the test, after it ran, if anything left 127.0.0.1 or a page threw."""
    recorder = Recorder()
    yield recorder
    foreign = recorder.foreign_urls()
    if foreign:
        pytest.fail(f"requests left 127.0.0.1: {sorted(set(foreign))}")
    errors = [error for errors in recorder.page_errors.values() for error in errors]
    if errors:
        pytest.fail(f"uncaught page errors: {errors}")


@pytest.fixture
def network_log(_recorder: Recorder) -> list[str]:
    """Every request URL of every context of this test, in order (a live list)."""
    return _recorder.urls


@pytest.fixture
def new_context(
    new_context: Callable[..., BrowserContext], _recorder: Recorder, request: pytest.FixtureRequest
) -> Callable[..., BrowserContext]:
    """pytest-playwright's `new_context`, recorded, desktop-sized, patient, and still unless the
    test is marked `motion`."""
    motion = request.node.get_closest_marker("motion") is not None

    def make(**kwargs) -> BrowserContext:
        kwargs.setdefault("viewport", DESKTOP)
        kwargs.setdefault("reduced_motion", "no-preference" if motion else "reduce")
        context = new_context(**kwargs)
        context.set_default_timeout(TIMEOUT_MS)
        _recorder.watch(context)
        return context

    return make


@pytest.fixture
def phone_page(new_context: Callable[..., BrowserContext]) -> Page:
    """A page in a fresh 360x740 touch context."""
    return new_context(**PHONE_CONTEXT).new_page()


@pytest.fixture
def desktop_page(new_context: Callable[..., BrowserContext]) -> Page:
    """A page in a fresh 1440x900 context."""
    return new_context(viewport=DESKTOP).new_page()


@pytest.fixture
def persistent_context(
    browser_type: BrowserType,
    browser_type_launch_args: dict,
    _recorder: Recorder,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[BrowserContext]:
    """A recorded desktop context with its own profile directory, closed after the test."""
    context = browser_type.launch_persistent_context(
        tmp_path_factory.mktemp("profile"), **browser_type_launch_args, viewport=DESKTOP
    )
    context.set_default_timeout(TIMEOUT_MS)
    _recorder.watch(context)
    yield context
    context.close()


# --- site ---------------------------------------------------------------------


@pytest.fixture
def serve_site() -> Iterator[Callable[..., SiteServer]]:
    """Factory: `serve_site(root=DIST, prefix="/")` starts a server; all stop after the test."""
    servers: list[SiteServer] = []

    def start(root: Path = DIST, prefix: str = "/") -> SiteServer:
        if not (root / "index.html").is_file():
            pytest.fail(f"{root} holds no built site: run `python3 build.py test`")
        server = SiteServer(root, prefix, quiet=True).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


@pytest.fixture
def site(serve_site: Callable[..., SiteServer]) -> SiteServer:
    """dist/ served under /royal-marriage/ on a random 127.0.0.1 port."""
    return serve_site(DIST, SUBPATH)


# --- game -----------------------------------------------------------------------


@pytest.fixture
def wait_ready(_recorder: Recorder) -> Callable[[Page], Page]:
    """`wait_ready(page)`: wait until the game is playable and check it booted cleanly, its
    Python in PyScript's worker (`python="page"`: on the page's thread, where no worker starts)."""

    def wait(page: Page, python: str = "worker") -> Page:
        page.wait_for_selector("body[data-ready], .py-error", state="attached", timeout=TIMEOUT_MS)
        errors = page.locator(".py-error")
        if errors.count():
            pytest.fail(f"Python error on the page: {errors.first.inner_text()}")
        if _recorder.page_errors.get(page):
            pytest.fail(f"uncaught page errors: {_recorder.page_errors[page]}")
        where = page.evaluate("document.documentElement.dataset.python")
        if where != python:
            pytest.fail(f"the game's Python runs in {where!r}, not {python!r}")
        return page

    return wait


@pytest.fixture
def open_game(site: SiteServer, wait_ready: Callable[[Page], Page]) -> Callable[..., Page]:
    """`open_game(page, query="")`: open the site (plus "?deal=7"-style query), wait until playable."""

    def open_(page: Page, query: str = "") -> Page:
        page.goto(site.url + query)
        return wait_ready(page)

    return open_
