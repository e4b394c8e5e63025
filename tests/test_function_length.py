"""No function of salon runs over a screen: a longer one is split where its parts have names
of their own (docstrings count, they are read with the code)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import salon

LONGEST = 80
"""The most lines a function may take, its docstring included."""


@pytest.mark.heavy
def test_no_function_runs_over_a_screen() -> None:
    root = Path(salon.__file__).parent
    long = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno is not None:
                lines = node.end_lineno - node.lineno + 1
                if lines > LONGEST:
                    long.append(f"{path.relative_to(root)}:{node.lineno} {node.name} ({lines} lines)")
    assert long == []


def test_the_servers_modules_and_classes_are_read_in_one_sitting() -> None:
    """The server is many concerns (docs/architecture.md, "The game server"): each in a module
    of at most 500 lines, with no class over 300."""
    web = Path(salon.__file__).parent / "web"
    large = []
    for path in sorted(web.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        if len(source.splitlines()) > 500:
            large.append(f"{path.relative_to(web)} ({len(source.splitlines())} lines)")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None and node.end_lineno - node.lineno >= 300:
                large.append(f"{path.relative_to(web)}:{node.lineno} class {node.name}")
    assert large == []
