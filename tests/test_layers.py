"""The two layers (docs/architecture.md, "Two layers, one way"): the engine imports nothing
from the browser or from royal.web, so it runs under CPython; only royal/web/ touches the page.
Around the package, imports run one way too: the tests use the tools, never the reverse."""

import ast
from pathlib import Path

ROYAL = Path(__file__).resolve().parent.parent / "royal"
TOOLS = ROYAL.parent / "tools"
TESTS = ROYAL.parent / "tests"
BROWSER = {"pyscript", "polyscript", "pyodide", "js"}


def imported(path: Path) -> set[str]:
    """The modules ``path`` imports, as dotted names."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_the_engine_imports_neither_the_browser_nor_the_page_layer() -> None:
    engine = [p for p in ROYAL.rglob("*.py") if "web" not in p.relative_to(ROYAL).parts]
    assert len(engine) > 15
    for path in engine:
        for name in imported(path):
            assert name.split(".")[0] not in BROWSER, f"{path.name} imports {name}"
            assert not name.startswith("royal.web"), f"{path.name} imports {name}"


def test_the_tools_import_nothing_from_the_tests() -> None:
    test_modules = {"tests", *(path.stem for path in TESTS.rglob("*.py"))}
    tools = [*TOOLS.glob("*.py"), ROYAL.parent / "build.py"]
    assert len(tools) > 10
    for path in tools:
        for name in imported(path):
            assert name.split(".")[0] not in test_modules, f"{path.name} imports {name}"


def test_no_test_module_imports_another() -> None:
    """What tests share lives in their helper modules (tests/helpers.py, tests/browser/gamepage.py),
    or in tools/."""
    paths = list(TESTS.rglob("*.py"))
    assert len(paths) > 50
    for path in paths:
        for name in imported(path):
            assert not name.split(".")[0].startswith("test_"), f"{path.name} imports {name}"


def test_the_page_has_one_way_into_python() -> None:
    """The page's one call (main.py hands it over) is the only entry point, so every message
    goes through answers.py's stale check and storage turns: Python listens to nothing."""
    sources = {p.name: p.read_text(encoding="utf-8") for p in (ROYAL / "web").glob("*.py")}
    users = {name for name, text in sources.items() if "addEventListener" in text or "create_proxy" in text}
    assert users == {"main.py"}


def test_no_class_in_the_package_runs_over_250_lines() -> None:
    """A class a reader can hold in mind (issue 27): one that grows past this is split by role,
    as Game was into what the player does (game.py) and how a game stands (standing.py)."""
    sizes = {}
    for path in ROYAL.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                sizes[f"{path.relative_to(ROYAL)}:{node.name}"] = node.end_lineno - node.lineno + 1
    assert len(sizes) > 50
    assert {name: lines for name, lines in sizes.items() if lines > 250} == {}


def test_only_one_module_of_the_page_layer_touches_the_browser() -> None:
    """Every other module of royal/web/ deals in messages, descriptions and effects, so that it
    runs the same wherever Python runs, in PyScript's worker or on the page: the start (the
    browser's clock and calendar, the one call handed over) is the browser's; the Web Lock's
    turns and localStorage are the page's own (static/view.js)."""
    users = {p.name for p in (ROYAL / "web").glob("*.py") if {n.split(".")[0] for n in imported(p)} & BROWSER}
    assert users == {"main.py"}
