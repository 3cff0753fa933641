"""requirements-dev.lock: what the test venv installs, every package pinned with hashes, no address."""

from __future__ import annotations

import re

from tools.testenv import LOCK, REQUIREMENTS

# One requirement of the lock: "name==version [; markers] \" followed by its hash lines.
ENTRY = re.compile(
    r"^([A-Za-z0-9._-]+)==(\S+)(?: ;[^\\]*)? \\\n((?:    --hash=sha256:[0-9a-f]{64}(?: \\)?\n)+)", re.M
)


def pins(text: str) -> dict[str, str]:
    lines = (line.split("#", 1)[0].strip() for line in text.splitlines())
    return dict(line.split("==") for line in lines if line)


def test_every_requirement_is_pinned_and_locked_at_its_version() -> None:
    wanted = pins(REQUIREMENTS.read_text(encoding="utf-8"))
    locked = {name: version for name, version, _ in ENTRY.findall(LOCK.read_text(encoding="utf-8"))}
    assert {"pytest", "ruff", "mypy", "hatchling"} <= wanted.keys()
    assert {name: locked.get(name) for name in wanted} == wanted


def test_every_locked_package_has_hashes_and_nothing_else_is_there() -> None:
    text = LOCK.read_text(encoding="utf-8")
    entries = ENTRY.findall(text)
    assert len(entries) > 20  # the dependencies are locked too
    rest = ENTRY.sub("", text)
    assert all(line.lstrip().startswith("#") for line in rest.splitlines() if line.strip()), rest


def test_the_lock_names_no_index_and_no_address() -> None:
    text = LOCK.read_text(encoding="utf-8").lower()
    assert "://" not in text
    assert not re.search(r"--(extra-)?index-url|--find-links|--trusted-host|\bpypi\b|pythonhosted", text)
