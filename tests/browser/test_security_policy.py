"""The page's Content-Security-Policy: the game boots and plays under it with no violation
reported, the policy says what docs/security.md promises, the browser enforces it, and its
loosenings are still needed ('unsafe-eval', for PyScript's core on the page's thread; `blob:`
workers, for PyScript's worker: tests/browser/test_python_worker.py)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from playwright.sync_api import Browser, Page

from gamepage import NO_WORKER, WATCH_POLICY, click_move, policy_violations, winnable_deal
from royal.deals import numbered_deal
from royal.solver import solve
from tools.paths import DIST

# Waits without a string predicate: Playwright evaluates those with eval, which the policy stops.
FIRST_VIOLATION = """() => window.__violations.length ? window.__violations[0] : new Promise((resolve) =>
  document.addEventListener("securitypolicyviolation", () => resolve(window.__violations[0])))"""


def policy(page: Page) -> dict[str, list[str]]:
    content = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content") or ""
    directives = [part.split() for part in content.split(";") if part.strip()]
    return {words[0]: words[1:] for words in directives}


def test_the_game_boots_and_plays_with_no_policy_violation(page: Page, open_game) -> None:
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    page.add_init_script(WATCH_POLICY)
    number = winnable_deal()
    open_game(page, f"?deal={number}")
    moves = solve(numbered_deal(number)).moves
    for move in moves[:3]:
        click_move(page, move)
    page.locator("#hint").click()
    page.locator("#undo").click()
    page.locator("#redo").click()
    page.reload()
    page.wait_for_selector("body[data-ready]", state="attached")
    assert policy_violations(page, console) == []


def test_the_policy_allows_only_the_site_and_webassembly(page: Page, open_game) -> None:
    open_game(page)
    rules = policy(page)
    assert rules["script-src"] == ["'self'", "'unsafe-eval'", "'wasm-unsafe-eval'"]
    assert rules["object-src"] == ["'none'"] and rules["base-uri"] == ["'none'"]
    assert rules["default-src"] == ["'self'"]
    assert rules["worker-src"] == ["'self'", "blob:"], "PyScript's worker, and nothing else, from a blob"
    assert [name for name, words in rules.items() if "blob:" in words] == ["worker-src"]
    everything = " ".join(word for words in rules.values() for word in words)
    assert "unsafe-inline" not in everything
    assert "http" not in everything and "*" not in everything


def test_the_browser_enforces_it_on_inline_script(page: Page, open_game) -> None:
    page.add_init_script(WATCH_POLICY)
    open_game(page)
    ran = page.evaluate(
        """() => {
        const script = document.createElement("script");
        script.textContent = "window.__inline_ran = true";
        document.body.append(script);
        return window.__inline_ran === true;
    }"""
    )
    assert not ran
    assert page.evaluate(FIRST_VIOLATION).startswith("script-src")


def test_pyscript_on_the_page_still_needs_unsafe_eval(browser: Browser, serve_site, tmp_path: Path) -> None:
    """PyScript 0.7.31's core builds its hooks with Function() as it starts Python on the page's
    thread, which the game does where no worker starts: without 'unsafe-eval' the game would not
    start there. When an upgrade drops that, this test fails, and the policy can drop it (the
    worker, started with PyScript's `PyWorker`, was seen to start without it).

    Its own context, outside the harness's recorder: the page's errors are the expected ones.
    """
    strict = tmp_path / "site"
    shutil.copytree(DIST, strict)
    html = (strict / "index.html").read_text(encoding="utf-8")
    assert html.count(" 'unsafe-eval'") == 1
    (strict / "index.html").write_text(html.replace(" 'unsafe-eval'", ""), encoding="utf-8")
    context = browser.new_context()
    try:
        page = context.new_page()
        page.add_init_script(WATCH_POLICY)
        page.add_init_script(NO_WORKER)
        page.goto(serve_site(strict, "/royal-marriage/").url)
        first = page.evaluate(FIRST_VIOLATION)
        assert first.startswith("script-src blocked eval") and re.search(
            r"/static/vendor/pyscript-[0-9a-f]+/core", first
        )
        assert not page.locator("body[data-ready]").count()
    finally:
        context.close()
