"""The researchers' recipes run as written: every Python block of docs/researchers.md is
executed, in a fresh namespace, in the order it stands."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parents[2] / "docs" / "researchers.md"


def blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)


def test_the_page_has_recipes() -> None:
    assert len(blocks()) >= 2


@pytest.mark.slow
@pytest.mark.parametrize("number", range(len(blocks())))
def test_a_recipe_runs_as_written(number: int, capsys: pytest.CaptureFixture[str]) -> None:
    code = blocks()[number]
    exec(compile(code, f"docs/researchers.md (block {number + 1})", "exec"), {"__name__": "researchers"})
    assert capsys.readouterr().out  # each recipe prints what it shows
