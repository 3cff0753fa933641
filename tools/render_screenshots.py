"""Take the screenshots the install dialog and link previews show: a game in progress.

Run after changing how the game looks, with the test venv (it has Playwright):
    python3 build.py && .venv/bin/python tools/render_screenshots.py
It serves dist/, plays the first moves of deal 7 and writes, into static/screenshots/:
narrow.png (a phone, 360x740) and wide.png (a desktop, 1280x800), which the manifest
lists, and preview.png (1200x630), the Open Graph image. They are committed, so building
the site never needs a browser. `pngquant` (Debian package) makes them about four times
smaller, with no visible loss.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import Page, ViewportSize, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from royal.deals import numbered_deal
from royal.solver import solve
from tools.chromium import CHROMIUM_FLAGS, chromium_binary
from tools.paths import DIST, ROOT
from tools.siteserver import SUBPATH, SiteServer

OUT = ROOT / "static" / "screenshots"
DEAL = 7
MOVES = 6
# name: (viewport, touch device)
SHOTS: dict[str, tuple[ViewportSize, bool]] = {
    "narrow.png": ({"width": 360, "height": 740}, True),
    "wide.png": ({"width": 1280, "height": 800}, False),
    "preview.png": ({"width": 1200, "height": 630}, False),
}


def play_opening(page: Page) -> None:
    """Play the first moves of a shortest win by clicking, as a player would."""
    for move in solve(numbered_deal(DEAL)).moves[:MOVES]:
        for code in (move.left, move.right):
            page.locator(f'#line [data-card="{code}"]').click()
        page.wait_for_function("() => !document.querySelector('#line .leaving')")


def shrink(png: Path) -> None:
    """Quantize to a palette in place: a screenshot of flat colours loses nothing visible."""
    options = ["--quality", "70-95", "--speed", "1", "--strip", "--force", "--output", str(png)]
    subprocess.run(["pngquant", *options, str(png)], check=True)


def main() -> None:
    if shutil.which("pngquant") is None:
        sys.exit("render_screenshots: needs pngquant (apt-get install pngquant)")
    if not (DIST / "index.html").is_file():
        sys.exit("render_screenshots: build the site first (python3 build.py)")
    OUT.mkdir(exist_ok=True)
    server = SiteServer(DIST, SUBPATH, quiet=True).start()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_binary(), args=CHROMIUM_FLAGS)
        for name, (viewport, touch) in SHOTS.items():
            context = browser.new_context(
                viewport=viewport, is_mobile=touch, has_touch=touch, reduced_motion="reduce"
            )
            page = context.new_page()
            page.goto(f"{server.url}?deal={DEAL}")
            page.wait_for_selector("body[data-ready]", state="attached", timeout=90_000)
            play_opening(page)
            page.mouse.move(0, 0)  # no hover lift, no focus ring on the last card clicked
            page.evaluate("document.activeElement.blur()")
            page.screenshot(path=str(OUT / name))
            shrink(OUT / name)
            print(f"wrote {OUT / name} ({(OUT / name).stat().st_size // 1024} KiB)")
            context.close()
        browser.close()
    server.stop()


if __name__ == "__main__":
    main()
