"""The benchmarks' own set-up still fits the game (tests/benchmarks/): they print figures and
are run by hand, so nothing else would notice when a change to the records or to the build's
names leaves one unable to start (both had, found only when they were next run)."""

import importlib.util
import re
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

from tools.paths import DIST

BENCHMARKS = Path(__file__).parent / "benchmarks"


def benchmark(name: str) -> ModuleType:
    """A benchmark script as a module (it imports its neighbour ``bench_boot`` by name, as a
    script run from its folder would)."""
    if name != "bench_boot" and "bench_boot" not in sys.modules:
        benchmark("bench_boot")
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_the_view_benchmarks_scenarios_are_drawn_from_records_the_game_accepts() -> None:
    bench = benchmark("bench_view")
    for first, updates in (bench.calendar_patches(), bench.chart_patches()):
        assert first.regions and all(update.regions for update in updates)
        assert any(update != first for update in updates), "an update changes something"
    assert bench.seeded_stats(), "the stats the in-game figures start from"


@pytest.mark.built
def test_the_boot_benchmarks_next_build_changes_one_module_under_new_names(tmp_path: Path) -> None:
    bench = benchmark("bench_boot")
    changed = bench.one_module_changed(DIST, tmp_path)
    page = (changed / "index.html").read_text(encoding="utf-8")
    (config,) = changed.glob("pyscript-*.toml")
    (package,) = changed.glob("royal-*.zip")
    assert config.name in page and config.name not in (DIST / "index.html").read_text(encoding="utf-8")
    assert package.name in config.read_text(encoding="utf-8")
    assert not (DIST / package.name).exists(), "the package is named by its new hash"
    (old,) = DIST.glob("royal-*.zip")
    with zipfile.ZipFile(old) as before, zipfile.ZipFile(package) as after:
        differ = [name for name in before.namelist() if before.read(name) != after.read(name)]
    assert differ == [bench.CHANGED_MODULE]
    assert re.search(re.escape(package.name), (changed / "sw.js").read_text(encoding="utf-8"))


@pytest.mark.built
def test_the_boot_benchmarks_bare_page_names_the_runtime_the_build_ships() -> None:
    names = benchmark("bench_boot").runtime_names(DIST)
    assert (DIST / names["core"]).is_file() and (DIST / names["config"]).is_file()
