"""The README's recipes for researchers run as written: every Python block of its section for
researchers is executed, in a fresh namespace, in the order it stands."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def blocks() -> list[str]:
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## For researchers"):]
    section = section[:section.find("\n## ", 1) if "\n## " in section[1:] else len(section)]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def test_the_section_has_recipes() -> None:
    assert len(blocks()) >= 2


@pytest.mark.parametrize("number", range(len(blocks())))
def test_a_recipe_runs_as_written(number: int, capsys: pytest.CaptureFixture[str]) -> None:
    code = blocks()[number]
    exec(compile(code, f"README.md (researchers' block {number + 1})", "exec"), {"__name__": "readme"})
    assert capsys.readouterr().out  # each recipe prints what it shows
