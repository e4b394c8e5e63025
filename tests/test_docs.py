"""The rules references live in the repository (docs/spec/), and the rule coverage counts only
citations in the tests that exercise a rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.coverage import cited, exercising_text

REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "docs" / "spec"
SHARED = REPO.parent / "shared" / "spec"


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
