"""Use every part of the game once, as a player would: the boot, a whole game, every panel.

The recorded boot (tools/record_boot.py) and the tests of what the site ships
(tests/browser/test_offline.py) run this same routine, so a panel added to the page is
covered by both without naming it here: every visible button, checkbox and disclosure is
used once, and whatever dialog one opens has its checkboxes flipped and back, then is
cancelled.
"""

from __future__ import annotations

from playwright.sync_api import Page

from royal.deals import numbered_deal
from royal.solver import solve

DEAL = 7
# Buttons that leave the page or hand it to the system.
SKIPPED = ("#update-reload", "#share")
# Tags each control outside dialogs with data-exercise=N and returns their selectors.
CONTROLS_JS = """skipped => [...document.querySelectorAll('button, input[type=checkbox], summary')]
  .filter(e => !(e.id && skipped.includes('#' + e.id)) && !e.closest('dialog'))
  .map((e, i) => { e.dataset.exercise = i; return `[data-exercise="${i}"]`; })"""
VISIBLE_JS = """sel => { const e = document.querySelector(sel);
  return !!e && !e.disabled && e.getClientRects().length > 0
    && getComputedStyle(e).visibility !== 'hidden'; }"""
# In each open dialog: flip every checkbox and back, then cancel (or close) it.
USE_OPEN_DIALOGS_JS = """() => { for (const d of document.querySelectorAll('dialog[open]')) {
  for (const box of d.querySelectorAll('input[type=checkbox]:not(:disabled)')) { box.click(); box.click(); }
  const cancel = d.querySelector('[data-cancel]');
  if (cancel) cancel.click(); else d.close(); } }"""


def win_a_deal(page: Page, deal: int = DEAL) -> None:
    """Play a shortest win of the open deal by clicking each move's two boundaries."""
    for move in solve(numbered_deal(deal)).moves:
        for card in (move.left, move.right):
            page.locator(f'#line [data-card="{card}"]').click()
    page.wait_for_selector("body[data-outcome=won]", state="attached")


def use_every_control(page: Page) -> None:
    """Click each button, checkbox and summary on the page once; use and cancel any dialog it opens."""
    for selector in page.evaluate(CONTROLS_JS, list(SKIPPED)):
        if not page.evaluate(VISIBLE_JS, selector):
            continue
        page.locator(selector).click()
        page.wait_for_timeout(100)
        page.evaluate(USE_OPEN_DIALOGS_JS)
        if page.locator(selector).get_attribute("type") == "checkbox" and page.evaluate(VISIBLE_JS, selector):
            page.locator(selector).click()  # put the option back


def exercise(page: Page, url: str) -> None:
    """Boot on ``url`` with deal 7, win it, then use every control; the page must stay playable."""
    page.goto(url + f"?deal={DEAL}")
    page.wait_for_selector("body[data-ready]", state="attached")
    win_a_deal(page)
    use_every_control(page)
    page.locator("#hint").click()
