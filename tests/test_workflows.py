"""The GitHub workflows: tests before any deployment, pinned actions, least privilege; and the
static checks (actionlint, zizmor) that fail the test command on any finding."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from tools import checks
from tools.checks import WORKFLOWS

# The test venv's Python: actionlint and zizmor are installed beside it.
VENV_PYTHON = Path(sys.executable)
USES = re.compile(r"^\s*(?:- )?uses: (\S+)(.*)$", re.M)


def without_comments(text: str) -> str:
    return re.sub(r"(^|\s)#.*$", "", text, flags=re.M)


def jobs(text: str) -> dict[str, str]:
    """Each job's block of text, by name (the workflows indent jobs by two spaces)."""
    body = text[text.index("\njobs:\n") + len("\njobs:\n") :]
    parts = re.split(r"^  ([\w-]+):\n", body, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_every_action_is_pinned_by_commit_with_its_release_named() -> None:
    found = 0
    for workflow in WORKFLOWS.glob("*.yml"):
        for action, comment in USES.findall(workflow.read_text(encoding="utf-8")):
            if action.startswith("./"):
                continue  # a workflow of this repository
            found += 1
            assert re.fullmatch(r"[\w-]+/[\w-]+@[0-9a-f]{40}", action), (workflow.name, action)
            assert re.fullmatch(r" # v\d+\.\d+\.\d+", comment), (workflow.name, action)
    assert found >= 6


def test_deploying_needs_the_tests_and_only_deploy_may_write_to_pages() -> None:
    text = without_comments((WORKFLOWS / "pages.yml").read_text(encoding="utf-8"))
    by_job = jobs(text)
    assert "uses: ./.github/workflows/tests.yml" in by_job["test"]
    assert "needs: test" in by_job["build"] and "needs: build" in by_job["deploy"]
    top = text[: text.index("\njobs:\n")]
    assert "write" not in top
    writers = {name for name, block in by_job.items() if re.search(r"^\s+[\w-]+: write", block, re.M)}
    assert writers == {"deploy"}
    assert "pages: write" in by_job["deploy"] and "id-token: write" in by_job["deploy"]


def test_pull_requests_run_the_readme_test_command() -> None:
    text = without_comments((WORKFLOWS / "tests.yml").read_text(encoding="utf-8"))
    assert re.search(r"^on:\n(?:  .*\n)*  pull_request:", text, re.M)
    assert "run: python3 build.py test\n" in text
    assert "write" not in text


def test_actionlint_and_zizmor_find_nothing_in_the_workflows() -> None:
    assert checks.actionlint(VENV_PYTHON)
    assert checks.zizmor(VENV_PYTHON)


@pytest.mark.parametrize(
    ("check", "step"),
    [
        (checks.actionlint, "- run: echo ${{ github.no_such_field }}"),
        (checks.zizmor, "- uses: someone/action@v1"),  # not pinned by commit
    ],
    ids=["actionlint", "zizmor"],
)
def test_a_finding_fails_the_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, check: checks.Check, step: str
) -> None:
    workflows = tmp_path / ".github" / "workflows"
    workflows.mkdir(parents=True)
    (workflows / "bad.yml").write_text(
        f"on: push\npermissions: {{}}\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    steps:\n      {step}\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(checks, "WORKFLOWS", workflows)
    assert not check(VENV_PYTHON)
