"""The guide's words on par, replays, the daily record and backups match what the game does."""

import datetime as dt
import re
from pathlib import Path

from royal.backup import file_name
from royal.records import DAYS_SHOWN, RECENT_KEPT

PAGE = (Path(__file__).resolve().parent.parent / "index.html").read_text(encoding="utf-8")
GUIDE = PAGE[PAGE.index('<section id="guide"') : PAGE.index("</section>", PAGE.index('<section id="guide"'))]


def test_the_backup_file_name_in_the_guide_is_the_one_export_uses():
    shown = re.search(r"<code>(royal-marriage-stats-YYYY-MM-DD\.json)</code>", GUIDE)
    assert shown is not None
    assert shown.group(1).replace("YYYY-MM-DD", "2026-11-29") == file_name(dt.date(2026, 11, 29))


def test_the_guide_counts_the_days_and_games_the_stats_panel_keeps():
    assert f"a row of the last {DAYS_SHOWN} days" in GUIDE
    assert f"your last {RECENT_KEPT} finished games" in GUIDE


def test_the_guide_names_the_replay_keys_and_buttons():
    for words in ("<kbd>Space</kbd>", "<kbd>←</kbd> <kbd>→</kbd>", "<kbd>Esc</kbd>", "Show a shortest win"):
        assert words in GUIDE
    assert re.search(r'<button [^>]*id="replay"[^>]*>Show a shortest win<', PAGE)
