"""The test run: set up (tools/testenv.py), check (tools/checks.py), build, then pytest.

`python3 build.py test` runs `run_tests`, everything; `python3 build.py check` runs
`run_checks`, the fast loop. Standard library only.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from tools import checks, testenv
from tools.paths import ROOT
from tools.runtime import axe_script
from tools.site import build

# What the fast loop leaves to `test`: the browsers, seconds of work, and whatever reads the build.
LEFT_TO_TEST = ("browser", "slow", "built")


def run_tests(pytest_args: Sequence[str]) -> int:
    """Set everything up, run the checks, build, run pytest; 0 only if all of it passed.

    The accessibility checker is fetched with the site: the tests marked `built` rely on
    both being there, whichever of them run.
    """
    setup = testenv.prepare()
    failed = checks.run_all(setup.python, (*checks.STATIC, *checks.PACKAGE))
    build()
    axe_script()
    return _pytest(setup.python, setup.variables, [*workers(pytest_args), *pytest_args], failed)


def workers(pytest_args: Sequence[str]) -> list[str]:
    """Two workers, one a core (pytest-xdist), each module's tests on one of them so that a
    module's shared session (Firefox's and WebKit's) starts once; none where the arguments name
    their own (``-n 0`` runs in one process) or where there is one core."""
    if any(arg.startswith(("-n", "--numprocesses")) for arg in pytest_args):
        return []
    if (os.cpu_count() or 1) < 2:
        return []
    return ["-n", "2", "--dist", "loadfile"]


def run_checks(pytest_args: Sequence[str]) -> int:
    """The fast loop: static checks and the engine tests, with no browser and no build."""
    python = testenv.ensure_venv()
    failed = checks.run_all(python, checks.STATIC)
    quick = {"ROYAL_QUICK": "1"}  # a tenth of the property tests' examples (tests/budget.py)
    print(
        "check: pytest with a tenth of the property tests' examples, leaving out the tests marked "
        f"{', '.join(LEFT_TO_TEST[:-1])} or {LEFT_TO_TEST[-1]} (`python3 build.py test` runs them)",
        flush=True,
    )
    marks = " and ".join(f"not {mark}" for mark in LEFT_TO_TEST)
    return _pytest(python, quick, ["-m", marks, *pytest_args], failed)


def _pytest(python: Path, variables: dict[str, str], args: Sequence[str], failed: list[str]) -> int:
    """Run pytest, then name the checks that failed before it ("no tests" fails too)."""
    env = {**os.environ, **variables}
    status = subprocess.run([str(python), "-m", "pytest", *args], cwd=ROOT, env=env, check=False).returncode
    if status == 5:
        print("build: pytest collected no tests; that counts as a failure", file=sys.stderr)
        status = 1
    if failed:
        print(f"build: checks failed: {', '.join(failed)}", file=sys.stderr)
        status = status or 1
    return status
