"""The examples in the docstrings where a newcomer starts (the protocol, positions, the bots'
factory) run as written.  They are read from the sources, so that they run whether the engine
is compiled (whose functions doctest cannot look into) or pure, each docstring in the
namespace of its module."""

from __future__ import annotations

import ast
import doctest
import inspect
from importlib import import_module
from pathlib import Path

import pytest

import salon

SRC = Path(salon.__file__).parent.parent
MODULES = ("salon.core.game", "salon.bots")
"""The modules whose docstrings hold examples."""


def _docstrings(module: str) -> list[tuple[str, str, int]]:
    """Every docstring of ``module`` (its own, its classes', its functions' and methods'), with
    its qualified name and the line it starts on."""
    path = SRC / module.replace(".", "/")
    tree = ast.parse((path / "__init__.py" if path.is_dir() else path.with_suffix(".py")).read_text("utf-8"))
    found: list[tuple[str, str, int]] = []

    def visit(node: ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> None:
        doc = ast.get_docstring(node, clean=False)
        if doc is not None:
            found.append((name, doc, node.body[0].lineno))
        for child in node.body:
            if isinstance(child, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(child, f"{name}.{child.name}")

    visit(tree, module)
    return found


@pytest.mark.parametrize("module", MODULES)
def test_the_examples_run_as_written(module: str) -> None:
    namespace = vars(import_module(module))
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    examples = 0
    for name, doc, line in _docstrings(module):
        test = parser.get_doctest(inspect.cleandoc(doc), dict(namespace), name, module, line)
        examples += len(test.examples)
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert examples > 3, f"{module} holds no examples"
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples of {module} failed (output above)"
