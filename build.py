#!/usr/bin/env python3
"""Build, serve and test Royal Marriage, a static PyScript site.

    python3 build.py                     assemble dist/ (the whole site)
    python3 build.py serve [--port N]    build, then serve dist/ on 127.0.0.1
    python3 build.py test [PYTEST ARGS]  set up (tools/testenv.py), check (tools/checks.py), build,
                                         run pytest: every test, in every browser
    python3 build.py check [PYTEST ARGS] the fast loop: static checks and light engine tests,
                                         no browser, no build
    python3 build.py lock                write requirements-dev.lock from requirements-dev.txt

Standard library only: a fresh checkout needs Python 3.11+ and npm, nothing else.
This file is the command; its parts are modules of tools/: the site's assembly (site.py),
the pinned runtime (runtime.py), the standard library's trim and bytecode (stdlib.py), the
service worker (service_worker.py) and the test run (testrun.py).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Sequence

from tools import testenv
from tools.paths import DIST, ROOT
from tools.site import build
from tools.siteserver import serve
from tools.testrun import run_checks, run_tests


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    commands = parser.add_subparsers(dest="command")
    serve_parser = commands.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve_parser.add_argument("--port", type=int, default=8000)
    commands.add_parser("test", help="set up and run every test and check; extra arguments go to pytest")
    commands.add_parser(
        "check", help="static checks and engine tests only, no browser, no build; arguments go to pytest"
    )
    commands.add_parser("lock", help="write requirements-dev.lock from requirements-dev.txt")
    commands.add_parser(
        "words", help="extract the game's words, update each language's catalogue and CLDR forms (--add LANG)"
    )
    args, rest = parser.parse_known_args(argv)
    if args.command == "test":
        return run_tests(rest)
    if args.command == "check":
        return run_checks(rest)
    if args.command == "words":  # Babel is a test tool: tools/locales.py runs in the test venv
        return subprocess.run([str(testenv.ensure_venv()), "-m", "tools.locales", *rest], cwd=ROOT).returncode
    if rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    if args.command == "lock":
        testenv.write_lock()
        return 0
    version = build()
    print(f"Built {DIST.relative_to(ROOT)}/ (cache version {version})")
    if args.command == "serve":
        serve(DIST, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
