"""The boot script as built (tools/boot_script.py): static/boot.js with the values it shares
with Python written in, each equal to the Python module's own, and no copy left in the file."""

from __future__ import annotations

import datetime as _dt
import json
import random
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from royal import cards, limits, storage_keys
from royal.dealer import FIRST_DEAL
from royal.game import Game
from royal.markup import SCHEMES, THEME_COLOUR_MEDIA, THEME_COLOURS
from royal.settings import CHOICES, SYSTEM_THEME, THEMES, Settings
from royal.solver import solve
from royal.stats import Stats
from royal.variant import STOCK, Mode, Variant
from royal.view import boot
from tools import boot_script
from tools.paths import DIST, ROOT

# Prints, as JSON, the values the generated block (standard input) declares under the given names.
EVALUATE_JS = """const vm = require("node:vm");
const block = require("node:fs").readFileSync(0, "utf8");
const names = JSON.parse(process.argv[1]);
console.log(JSON.stringify(vm.runInNewContext(`${block}\\n({ ${names.join(", ")} })`)));"""
THEME_COLOUR_META = re.compile(
    r'<meta name="theme-color" id="theme-colour-\d" content="[^"]*" media="([^"]*)">'
)


def node() -> str:
    found = shutil.which("node")
    assert found, "node is needed (it comes with npm)"
    return found


def shared() -> dict[str, object]:
    """Every shared value by its name in the boot script, as JSON gives it back (tuples as lists)."""
    values = {name: value for group in boot_script.shared_values().values() for name, value in group.items()}
    return json.loads(json.dumps(values))


def generated_block(script: str) -> str:
    start = script.index(boot_script.BEGIN)
    return script[start : script.index(boot_script.END, start)]


def test_the_built_script_is_valid_javascript(tmp_path: Path) -> None:
    built = tmp_path / "boot.js"
    built.write_text(boot_script.boot_script(), encoding="utf-8")
    checked = subprocess.run([node(), "--check", str(built)], capture_output=True, text=True, check=False)
    assert checked.returncode == 0, checked.stderr


def test_the_built_script_holds_each_value_as_python_has_it() -> None:
    values = shared()
    block = generated_block(boot_script.boot_script())
    evaluated = subprocess.run(
        [node(), "-e", EVALUATE_JS, json.dumps(list(values))],
        input=block,
        capture_output=True,
        text=True,
        check=True,
    )
    in_script = json.loads(evaluated.stdout)
    assert in_script == values
    assert in_script["SNAPSHOT_KEY"] == storage_keys.SNAPSHOT_KEY
    assert in_script["STATS_KEY"] == storage_keys.STATS_KEY
    assert in_script["CARDS"] == list(cards.ALL_CARDS)
    first = Game.numbered(FIRST_DEAL)
    assert in_script["FIRST_VISIT"]["x"][0][1]["cards"] == list(first.line.cards)
    assert in_script["UNKNOWN_FIGURES"]["r"]["stat-played"]["c"] == [boot.UNKNOWN]


def test_the_checked_in_script_holds_no_copy_of_a_shared_value() -> None:
    template = boot_script.TEMPLATE.read_text(encoding="utf-8")
    strings = []
    for value in shared().values():
        items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else [value]
        strings.extend(item for item in items if isinstance(item, str))
    assert len(strings) > 40
    copies = [text for text in strings if f'"{text}"' in template or f"'{text}'" in template]
    assert copies == []
    assert not re.search(r"= /\^", template), "no pattern written as a regular expression literal"


# Runs the boot script's own nesting function (cut from the file) over the texts on standard input.
NESTING_JS = """const source = process.argv[1];
const texts = JSON.parse(require("node:fs").readFileSync(0, "utf8"));
const nesting = new Function(`${source}; return nesting;`)();
console.log(JSON.stringify(texts.map(nesting)));"""
NESTING_FUNCTION = re.compile(r"^  function nesting\(text\) \{\n.*?^  \}\n", re.MULTILINE | re.DOTALL)


def test_the_boot_script_measures_nesting_as_the_loaders_do() -> None:
    # The boot script refuses what the game's loaders refuse, before it parses anything.
    found = NESTING_FUNCTION.search(boot_script.TEMPLATE.read_text(encoding="utf-8"))
    assert found, "static/boot.js defines function nesting(text)"
    choose = random.Random(7)
    alphabet = '[]{}"\\a,: '
    texts = ["", "[]", '{"a": [1, {"b": "]]]"}]}', '"\\"[[', "[" * 40, '["\\\\"]]]'] + [
        "".join(choose.choice(alphabet) for _ in range(choose.randint(0, 60))) for _ in range(400)
    ]
    run = subprocess.run(
        [node(), "-e", NESTING_JS, found.group(0)],
        input=json.dumps(texts),
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(run.stdout) == [limits.nesting(text) for text in texts]


# Runs the boot script's check of a kept description (cut from the built file, with the values
# the build wrote) over the descriptions on standard input: whether each would be drawn.
ALLOWED_JS = """const vm = require("node:vm");
const source = process.argv[1];
const patches = JSON.parse(require("node:fs").readFileSync(0, "utf8"));
const allowed = vm.runInNewContext(`${source}; allowed;`);
console.log(JSON.stringify(patches.map((patch) => allowed(patch))));"""


def boot_allows(patches: list[object]) -> list[bool]:
    """Whether the built boot script would draw each of ``patches``, kept as the game keeps them."""
    script = boot_script.boot_script()
    block = generated_block(script)
    start = script.index("  const REGION = ")
    source = block + script[start : script.index("  /** The table:", start)]
    run = subprocess.run(
        [node(), "-e", ALLOWED_JS, source],
        input=json.dumps(patches),
        capture_output=True,
        text=True,
        check=True,
    )
    result: list[bool] = json.loads(run.stdout)
    return result


def kept_patch(game: Game, settings: Settings, stats: Stats) -> dict[str, object]:
    kept = json.loads(boot.kept(game, 95.0, _dt.date(2026, 12, 7), settings, stats))
    assert kept["version"] == boot.VERSION
    patch: dict[str, object] = kept["patch"]
    return patch


def test_the_boot_script_draws_every_description_the_game_keeps() -> None:
    games = [
        Game.numbered(FIRST_DEAL),
        Game.numbered(7, STOCK),
        Game.numbered(9, Variant(Mode.OPEN, True)),
    ]
    solution = solve(games[0].line.cards)
    for move in solution.moves[:5]:
        games[0].play(move, 1.0)
    looks = [Settings(), Settings(theme="dark", felt=CHOICES["felt"][-1], large_cards=True, four_colour=True)]
    stats = Stats()
    stats.record(games[0].result(2.0), _dt.date(2026, 12, 6))
    patches = [
        kept_patch(game, look, figures) for game in games for look in looks for figures in (Stats(), stats)
    ]
    assert all(len(json.dumps(p)) < boot.MAX_CHARS for p in patches)
    assert boot_allows(patches) == [True] * len(patches)


def altered(patch: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    copy = json.loads(json.dumps(patch))
    change(copy)
    return copy


#: What another page of the origin could put in a kept description, each refused whole.
UNTRUSTED: list[Callable[[dict[str, Any]], None]] = [
    lambda p: p["r"].update({"reset-confirm": {"a": {"hidden": None}}}),  # a region it never draws
    lambda p: p["r"]["field-deal"].update({"a": {"data-act": "reset-confirm"}}),  # a message to send
    lambda p: p["r"]["field-deal"].update({"a": {"onclick": "alert(1)"}}),
    lambda p: p["r"]["field-deal"].update({"a": {"style": "display:none"}}),
    lambda p: p["r"]["first-game-text"].update({"c": [{"t": "script", "c": ["alert(1)"]}]}),
    lambda p: p["r"]["first-game-text"].update({"c": [{"t": "a", "a": {"href": "https://example.org"}}]}),
    lambda p: p["r"]["first-game-text"].update({"c": [{"t": "svg", "n": "svg"}]}),
    lambda p: p["r"]["stat-played"].update({"p": {"checked": True}}),
    lambda p: p.update({"f": {"in": "line", "to": "button", "take": True}}),
    lambda p: p["x"].append(["address", "?deal=1"]),
    lambda p: p["x"][0][1]["cards"].append("QH"),  # a card twice
    lambda p: p["x"][0][1]["cards"].__setitem__(0, "XX"),
    lambda p: p["x"][0][1]["make"]["QH"].append({"t": "script"}),
    lambda p: p["x"][0][1]["marks"].update({"QH": {"data-act": "reset"}}),
    lambda p: p["x"][0][1].update({"preview": False}),
    lambda p: p["x"][0][1].update({"stock": {"count": 60, "label": ""}}),
    lambda p: p.update({"r": []}),
]


def test_the_boot_script_draws_nothing_of_a_description_it_does_not_know() -> None:
    patch = kept_patch(Game.numbered(FIRST_DEAL), Settings(), Stats())
    assert boot_allows([altered(patch, change) for change in UNTRUSTED]) == [False] * len(UNTRUSTED)


def test_a_template_without_its_marker_is_refused(tmp_path: Path) -> None:
    template = tmp_path / "boot.js"
    template.write_text("(() => {})();\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="needs exactly one line"):
        boot_script.boot_script(template)


def test_the_theme_colours_follow_the_page_and_every_theme() -> None:
    """royal/view/look.py and the boot script give the page's theme-color elements these media, in order."""
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    assert tuple(THEME_COLOUR_META.findall(page)) == THEME_COLOUR_MEDIA[SYSTEM_THEME]
    assert len(THEME_COLOUR_MEDIA[SYSTEM_THEME]) == len(SCHEMES)
    assert tuple(THEME_COLOUR_MEDIA) == THEMES
    assert THEME_COLOUR_MEDIA["dark"] == ("not all", "all")


def test_every_felt_has_a_theme_colour_for_each_scheme_and_the_page_starts_with_the_default() -> None:
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    assert tuple(THEME_COLOURS) == CHOICES["felt"]
    assert all(len(colours) == len(SCHEMES) for colours in THEME_COLOURS.values())
    shown = tuple(re.findall(r'<meta name="theme-color" id="theme-colour-\d" content="([^"]*)"', page))
    assert shown == THEME_COLOURS[Settings().felt]


@pytest.mark.built
def test_the_site_ships_the_built_script() -> None:
    assert (DIST / boot_script.IN_SITE).read_text(encoding="utf-8") == boot_script.boot_script()
