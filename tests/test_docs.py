"""docs/ stays true to the page: its links lead somewhere and the hooks it names exist."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def test_every_relative_link_of_the_docs_and_readme_leads_to_a_file() -> None:
    pages = [*DOCS.glob("*.md"), ROOT / "README.md"]
    checked = 0
    for page in pages:
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            if "://" not in target:
                assert (page.parent / target).exists(), f"{page.name} links to missing {target}"
                checked += 1
    assert checked > 10


def test_the_docs_index_lists_every_page() -> None:
    index = (DOCS / "README.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"\]\(([\w-]+\.md)\)", index))
    assert listed == {page.name for page in DOCS.glob("*.md")} - {"README.md"}


def test_every_id_and_data_attribute_the_hooks_page_names_is_in_the_page() -> None:
    hooks = (DOCS / "automation.md").read_text(encoding="utf-8")
    page = (ROOT / "index.html").read_text(encoding="utf-8") + "".join(
        path.read_text(encoding="utf-8")
        for path in (
            # the page layer, the descriptions it applies, and the page's own scripts
            *(ROOT / "royal" / "web").glob("*.py"),
            *(ROOT / "royal" / "view").glob("*.py"),
            *(ROOT / "static").glob("*.js"),
        )
    )
    ids = set(re.findall(r"`#([a-z][\w-]*)`", hooks))
    assert len(ids) > 15
    assert [name for name in sorted(ids) if f'id="{name}"' not in page] == []
    attributes = set(re.findall(r"`\[?(data-[a-z-]+)", hooks))
    assert [name for name in sorted(attributes) if name not in page] == []


def test_the_code_cites_the_docs_not_a_document_outside_the_repository() -> None:
    sources = [*ROOT.glob("royal/**/*.py"), *ROOT.glob("tests/**/*.py"), ROOT / "build.py"]
    citing = [path.name for path in sources if path != Path(__file__) and "SPEC" in path.read_text("utf-8")]
    assert citing == []


def test_the_architecture_the_readme_and_the_web_package_name_every_module() -> None:
    engine = {path.name for path in (ROOT / "royal").glob("*.py")} - {"__init__.py"}
    web = {path.name for path in (ROOT / "royal" / "web").glob("*.py")} - {"__init__.py"}
    architecture = (DOCS / "architecture.md").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    package = (ROOT / "royal" / "web" / "__init__.py").read_text(encoding="utf-8")
    assert len(engine) > 20 and len(web) > 15
    assert [name for name in sorted(engine) if f"`{name}`" not in architecture] == []
    assert [name for name in sorted(web) if f"`web/{name}`" not in architecture] == []
    assert [name for name in sorted(engine | web) if f"`{name}`" not in readme] == []
    assert [name for name in sorted(web) if f"royal.web.{name.removesuffix('.py')}`" not in package] == []
