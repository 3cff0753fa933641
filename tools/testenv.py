"""Set up what the tests need: the test venv and the browsers, installed when missing.

    python3 tools/testenv.py     set everything up, then print the variables the tests read

`python3 build.py test` calls `prepare()` before it builds the site and runs pytest with
`TestEnv.variables` in the environment. Standard library only: it runs before the venv exists.

Each browser is a function in BROWSERS that finds or installs one browser and returns
the variables that tell the tests where it is; it exits with a clear message when the
browser cannot be had, because browser tests are never skipped.
"""

from __future__ import annotations

import functools
import hashlib
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
REQUIREMENTS = ROOT / "requirements-dev.txt"
SYSTEM_CHROMIUM = Path("/usr/bin/chromium")


@dataclass(frozen=True)
class TestEnv:
    """The venv's Python, and the variables (browser paths) the tests read."""

    python: Path
    variables: dict[str, str]


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_venv() -> Path:
    """Create .venv and install requirements-dev.txt, skipping pip when nothing changed."""
    stamp = VENV / ".requirements.sha256"
    wanted = hashlib.sha256(REQUIREMENTS.read_bytes()).hexdigest()
    if not venv_python().exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    if not stamp.exists() or stamp.read_text() != wanted:
        pip = [str(venv_python()), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
        subprocess.run([*pip, "-r", str(REQUIREMENTS)], check=True)
        stamp.write_text(wanted)
    return venv_python()


@functools.cache
def _apt_updated() -> None:
    subprocess.run(["apt-get", "update"], env=_apt_env(), check=False)


def _apt_env() -> dict[str, str]:
    return {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}


def apt_install(*packages: str) -> bool:
    """Install Debian packages when apt-get is there (package lists refreshed once per run)."""
    if not shutil.which("apt-get"):
        return False
    _apt_updated()
    return (
        subprocess.run(["apt-get", "install", "-y", *packages], env=_apt_env(), check=False).returncode == 0
    )


# --- browsers -----------------------------------------------------------------


def chromium(python: Path) -> dict[str, str]:
    """ROYAL_CHROMIUM: Debian's chromium, installed if missing, else Playwright's own."""
    found = _existing_chromium(python)
    if found is None and apt_install("chromium"):
        found = _existing_chromium(python)
    if found is None:
        subprocess.run([str(python), "-m", "playwright", "install", "chromium"], check=False)
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
    script = "from playwright.sync_api import sync_playwright as p\nwith p() as pw: print(pw.chromium.executable_path)"
    found = subprocess.run(
        [str(python), "-c", script], capture_output=True, text=True, check=False
    ).stdout.strip()
    return found if found and Path(found).exists() else None


# Every browser the tests drive; each returns the variables naming it.
BROWSERS: tuple[Callable[[Path], dict[str, str]], ...] = (chromium,)


def prepare() -> TestEnv:
    """Make the venv and every browser ready; exit with a message if one cannot be had."""
    python = ensure_venv()
    variables: dict[str, str] = {}
    for browser in BROWSERS:
        variables.update(browser(python))
    return TestEnv(python, variables)


if __name__ == "__main__":
    env = prepare()
    print(f"python={env.python}")
    for name, value in env.variables.items():
        print(f"{name}={value}")
