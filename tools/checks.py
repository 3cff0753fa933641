"""The checks that run beside pytest: static analysis of the code and the workflows, and the
engine as an installed package.

`python3 build.py test` and `python3 build.py check` call `run_all`; each check prints its
own findings, and a check with findings fails the command. Standard library only.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path

from tools.paths import ROOT

WORKFLOWS = ROOT / ".github" / "workflows"
ZIZMOR_CONFIG = ROOT / ".github" / "zizmor.yml"

Check = Callable[[Path], bool]


def _run(title: str, command: list[str]) -> bool:
    print(f"check: {title}", flush=True)
    return subprocess.run(command, cwd=ROOT, check=False).returncode == 0


def ruff_lint(python: Path) -> bool:
    """ruff's lint rules, as pyproject.toml selects them, on every Python file."""
    return _run("ruff check", [str(python), "-m", "ruff", "check", "--quiet", "."])


def ruff_format(python: Path) -> bool:
    """Formatting as ruff format would write it."""
    return _run("ruff format --check", [str(python), "-m", "ruff", "format", "--check", "--quiet", "."])


def mypy_strict(python: Path) -> bool:
    """The engine, its page layer, the build and the tools type-check under mypy --strict."""
    paths = ["royal", "build.py", "tools"]
    return _run(f"mypy --strict {' '.join(paths)}", [str(python), "-m", "mypy", "--strict", *paths])


def actionlint(python: Path) -> bool:
    """The workflows as GitHub reads them: syntax, expressions, each action's inputs, runner labels.

    shellcheck and pyflakes stay off: actionlint uses them when they are on PATH, which would
    make the result depend on the machine (each `run:` here is one command).
    """
    workflows = sorted(str(path) for path in WORKFLOWS.glob("*.yml"))
    command = [str(python.parent / "actionlint"), "-shellcheck=", "-pyflakes=", *workflows]
    return _run("actionlint .github/workflows", command)


def zizmor(python: Path) -> bool:
    """The workflows' security (zizmor's offline audits), as .github/zizmor.yml configures them."""
    command = [
        str(python.parent / "zizmor"),
        "--offline",
        "--quiet",
        "--config",
        str(ZIZMOR_CONFIG),
        str(WORKFLOWS),
    ]
    return _run("zizmor .github/workflows", command)


def installed_package(python: Path) -> bool:
    """`pip install .` into a fresh venv, then `royal solve --deal 7` from its console script.

    The wheel is built with the test venv's pip and hatchling (no download), and the fresh
    venv gets it without pip of its own, from the test venv's pip: a few seconds in all.
    """
    print("check: the engine installs as a package and `royal` runs", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        wheels, venv = Path(tmp) / "wheels", Path(tmp) / "venv"
        pip = [str(python), "-m", "pip", "--quiet", "--disable-pip-version-check"]
        steps = [
            [*pip, "wheel", "--no-deps", "--no-build-isolation", "--wheel-dir", str(wheels), str(ROOT)],
            [sys.executable, "-m", "venv", "--without-pip", str(venv)],
        ]
        for step in steps:
            if subprocess.run(step, check=False).returncode != 0:
                return False
        wheel = next(wheels.glob("*.whl"))
        outside = [name for name in zipfile.ZipFile(wheel).namelist() if not _packaged(name)]
        if outside:
            print(f"check: the wheel holds files outside royal/: {outside}", file=sys.stderr)
            return False
        target = venv / "bin" / "python"
        install = [*pip, "--python", str(target), "install", "--no-deps", "--no-index", str(wheel)]
        if subprocess.run(install, check=False).returncode != 0:
            return False
        result = subprocess.run(
            [str(venv / "bin" / "royal"), "solve", "--deal", "7"], capture_output=True, text=True, check=False
        )
    answer = json.loads(result.stdout) if result.returncode == 0 else {}
    if answer.get("winnable") is not True or len(answer.get("cards", ())) != 52:
        print(f"check: `royal solve --deal 7` answered {result.stdout!r} {result.stderr!r}", file=sys.stderr)
        return False
    return True


def _packaged(name: str) -> bool:
    return name.startswith("royal/") or name.split("/", 1)[0].endswith(".dist-info")


STATIC: tuple[Check, ...] = (ruff_lint, ruff_format, mypy_strict, actionlint, zizmor)
PACKAGE: tuple[Check, ...] = (installed_package,)


def run_all(python: Path, checks: tuple[Check, ...]) -> list[str]:
    """Run every check, even after a failure; return the names of those that failed."""
    return [check.__name__ for check in checks if not check(python)]
