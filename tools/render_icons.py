"""Render the PNG app icons from static/icons/icon.svg with headless Chromium.

Run after editing the SVG, with the test venv (it has Playwright):
    .venv/bin/python tools/render_icons.py
The PNGs are committed, so building the site never needs a browser.
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.chromium import CHROMIUM_FLAGS, chromium_binary
from tools.paths import ROOT

ICONS = ROOT / "static" / "icons"
# The SVG is full-bleed with its motif inside the maskable safe circle, so the
# manifest names icon-512.png for both the "any" and the "maskable" purpose.
OUTPUTS = {"icon-192.png": 192, "icon-512.png": 512}


def render(page: Page, size: int, out: Path) -> None:
    """Draw the SVG at exactly size x size pixels and save it as a PNG."""
    page.set_viewport_size({"width": size, "height": size})
    svg = (ICONS / "icon.svg").read_text(encoding="utf-8")
    page.set_content(f'<body style="margin:0"><div style="width:{size}px;height:{size}px">{svg}</div></body>')
    page.locator("svg").evaluate(
        "svg => { svg.style.width = svg.style.height = '100%'; svg.style.display = 'block'; }"
    )
    page.screenshot(path=str(out), omit_background=True)


def main() -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_binary(), args=CHROMIUM_FLAGS)
        page = browser.new_page()
        for name, size in OUTPUTS.items():
            render(page, size, ICONS / name)
            print(f"wrote {ICONS / name}")
        browser.close()


if __name__ == "__main__":
    main()
