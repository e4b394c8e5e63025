"""The documentation: the site builds without a warning, its measurement tables are those of
its data files, the README's and the code's references into it hold; the rules references
live in the repository (docs/spec/), and the rule coverage counts only citations in the tests
that exercise a rule."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.coverage import cited, exercising_text

REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "docs" / "spec"
SHARED = REPO.parent / "shared" / "spec"


def hooks() -> ModuleType:
    """docs/hooks.py, which writes the pages' tables from docs/data/ (and is the site's hook)."""
    spec = importlib.util.spec_from_file_location("docs_hooks", REPO / "docs" / "hooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_the_site_builds_without_a_warning(tmp_path: Path) -> None:
    """``mkdocs build --strict``: every page of the nav exists, every link and anchor between
    pages holds, and every table is that of its data."""
    if importlib.util.find_spec("mkdocs") is None or importlib.util.find_spec("material") is None:
        reason = "mkdocs-material is not installed: pip install -e '.[docs]' (the test extra includes it)"
        if os.environ.get("CI") == "true":
            pytest.fail(reason, pytrace=False)
        pytest.skip(reason)
    built = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet",
                            "--config-file", str(REPO / "mkdocs.yml"), "--site-dir", str(tmp_path / "site")],
                           capture_output=True, text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert built.returncode == 0, built.stdout + built.stderr
    assert (tmp_path / "site" / "architecture" / "index.html").is_file()


def test_the_tables_are_those_of_the_data() -> None:
    """A figure is changed in docs/data/ and the pages are written from it: python docs/hooks.py."""
    assert [str(page.relative_to(REPO)) for page in hooks().stale()] == []


def test_a_table_that_its_data_cannot_give_is_refused_with_its_name() -> None:
    module = hooks()
    with pytest.raises(module.TableError, match="strength.nothing"):
        module.render("<!-- table: strength.nothing -->\n<!-- /table -->\n")
    with pytest.raises(module.TableError, match="no data file"):
        module.render("<!-- table: nowhere.search -->\n<!-- /table -->\n")


def test_the_readme_links_to_files_that_exist() -> None:
    links = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", (REPO / "README.md").read_text(encoding="utf-8"))
    assert links
    assert [link for link in links if "://" not in link and not (REPO / link).exists()] == []


def test_every_principle_the_code_cites_is_one_of_the_design() -> None:
    """The docstrings cite the principles of docs/architecture.md by number."""
    design = (REPO / "docs" / "architecture.md").read_text(encoding="utf-8")
    principles = {int(n) for n in re.findall(r"^(\d+)\. \*\*", design, re.M)}
    assert principles == set(range(1, len(principles) + 1))
    cited_numbers = set()
    for path in [*REPO.joinpath("src").rglob("*.py"), *REPO.joinpath("tests").rglob("*.py")]:
        text = path.read_text(encoding="utf-8")
        cited_numbers |= {int(n) for n in re.findall(r"docs/architecture\.md\s+principle\s+(\d+)", text)}
    assert cited_numbers and cited_numbers <= principles


def test_the_references_are_in_the_repository() -> None:
    assert sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md")) == [
        "queens-necklace/RULES.md", "rococo/COMPONENTS.md", "rococo/RULES.md"]


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"no shared references beside the repository ({SHARED})")
def test_the_references_are_the_shared_ones() -> None:
    """Corrections of the references arrive in the shared copy: the repository's follows it."""
    shared = {p.relative_to(SHARED).as_posix(): p.read_text(encoding="utf-8") for p in SHARED.rglob("*.md")}
    ours = {p.relative_to(DOCS).as_posix(): p.read_text(encoding="utf-8") for p in DOCS.rglob("*.md")}
    assert sorted(shared) == sorted(ours)
    assert [name for name in shared if shared[name] != ours[name]] == []


SOURCE = '''
"""X-DOC-1 is named in the module docstring."""

CASES = [("X-TABLE-1", 1)]
UNUSED = [("X-TABLE-2", 2)]


def helper():
    """X-HELPER-1"""


@pytest.mark.parametrize("rule, n", CASES)
def test_something(rule, n):
    """X-TEST-1"""
    # X-COMMENT-1
    assert helper() is None
'''


@pytest.mark.parametrize(("rule", "covered"), [
    ("X-TEST-1", True), ("X-COMMENT-1", True), ("X-TABLE-1", True),
    ("X-DOC-1", False), ("X-HELPER-1", False), ("X-TABLE-2", False),
])
def test_only_a_test_function_and_its_cases_cite_a_rule(rule: str, covered: bool) -> None:
    assert cited(rule, (exercising_text(SOURCE),)) is covered
