"""No function of the core, the engines or the bots runs over a screen: a longer one is split
where its parts have names of their own (docstrings count, they are read with the code)."""

from __future__ import annotations

import ast
from pathlib import Path

import salon

PACKAGES = ("core", "rococo", "necklace", "bots")
LONGEST = 80
"""The most lines a function may take, its docstring included."""


def test_no_function_runs_over_a_screen() -> None:
    root = Path(salon.__file__).parent
    long = []
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno is not None:
                    lines = node.end_lineno - node.lineno + 1
                    if lines > LONGEST:
                        long.append(f"{path.relative_to(root)}:{node.lineno} {node.name} ({lines} lines)")
    assert long == []
