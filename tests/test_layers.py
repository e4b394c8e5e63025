"""Layers point one way (docs/architecture.md principle 12): core ← games ← bots, rl ← cli, web.

Every import of every module under src/salon, those inside functions included, is checked
against its layer: the core imports only the core; a game imports the core and itself, never
another game; the bots and the learning environments import the core (and the environments
the bots, which play a learner's opponents), never a game, which they reach through its
plug-in; the texts (i18n) and the process pools (parallel) import only the core; the log's
wording, which the front ends share, words each game it knows; the front ends may import
everything below them.  A string that names a module of salon (a reference loaded later,
``"salon.rl.ismcts_bot:ISMCTSPlayer"``) is a dependency as much as an import, and is held to
the same layers: a game names no front end, the bots name no learning environment.  What a
layer brings for a game or for the bots, it registers from its own side, in an entry-point
group (salon.core.plugins)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from salon.core.plugins import plugins

SRC = Path(__file__).resolve().parents[1] / "src" / "salon"
GAMES = frozenset(p.engine.split(".")[1] for p in plugins().values())
"""The packages of the bundled games (from their plug-ins' engines)."""
FRONT_ENDS = frozenset(("cli", "web", "__main__"))
"""What may import every layer: the terminal client and the server, and ``python -m salon``."""
ALLOWED = {
    "core": {"core"},
    "i18n": {"core", "i18n"},
    "parallel": {"core", "parallel"},
    "landmarks": {"core", "landmarks"},  # where a replay's turns and rounds begin, for both front ends
    "compiled": {"compiled"},  # which engine runs: it imports nothing of salon
    "bots": {"core", "bots"},
    "learn": {"core", "bots", "parallel", "learn"},
    "rl": {"core", "rl", "bots"},
    "wording": {"core", "i18n", "wording", *GAMES},
    **{game: {"core", game} for game in GAMES},
}
"""The packages (or top-level modules) each layer below the front ends may import."""
NAMED = {
    "compiled.py": {"core", "bots", *GAMES},
}
"""The modules that name, beyond what their layer may import, packages they never import, and
why: salon/compiled.py lists the packages the build compiles with mypyc."""
MODULE = re.compile(r"\bsalon(?:\.[A-Za-z_]\w*)+")
"""A module's dotted name inside a string (``"salon.web.adapters.rococo:ADAPTER"``)."""


def _unit(path: Path) -> str:
    """The package (or top-level module) of salon a file belongs to."""
    return path.relative_to(SRC).parts[0].removesuffix(".py")


def _package(path: Path) -> str:
    """The package a file's relative imports start from."""
    module = ".".join(("salon", *path.relative_to(SRC).with_suffix("").parts))
    return module.removesuffix(".__init__") if path.name == "__init__.py" else module.rsplit(".", 1)[0]


def _imports(source: str, package: str) -> list[tuple[int, str]]:
    """Every module of salon that ``source`` (of a module in ``package``) imports, with its
    line, wherever the import stands."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the module's package, up one per further dot
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([node.module] if node.module else []))
            found.append((node.lineno, base))
    return [(line, name) for line, name in found if name == "salon" or name.startswith("salon.")]


def code_strings(tree: ast.AST) -> list[tuple[int, str]]:
    """The string constants of a module that are not docstrings (which cite modules freely),
    with their lines."""
    docstrings = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant):
            docstrings.add(id(body[0].value))
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            docstrings.add(id(node.value))  # an attribute's docstring
    return [(n.lineno, n.value) for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and id(n) not in docstrings]


def _named(source: str) -> list[tuple[int, str]]:
    """Every module of salon that a string of ``source`` names, with its line: a reference
    loaded later (``"salon.rl.ismcts_bot:ISMCTSPlayer"``), a package whose files are read."""
    found = [(line, name) for line, text in code_strings(ast.parse(source)) for name in MODULE.findall(text)]
    return sorted((line, name) for line, name in found if _is_unit(name.split(".")[1]))


def _is_unit(name: str) -> bool:
    """Whether ``name`` is a package or top-level module of salon (``salon.games``, an
    entry-point group, is none)."""
    return (SRC / name / "__init__.py").is_file() or (SRC / f"{name}.py").is_file()


def _dependencies(path: Path) -> list[tuple[int, str, str]]:
    """What a module depends on, with its line and how: its imports and the modules its
    strings name."""
    source = path.read_text(encoding="utf-8")
    return ([(line, "imports", name) for line, name in _imports(source, _package(path))]
            + [(line, "names", name) for line, name in _named(source)])


@pytest.mark.heavy
def test_dependencies_point_down_the_layers() -> None:
    offenders = []
    files = sorted(SRC.rglob("*.py"))
    for path in files:
        unit = _unit(path)
        if unit in FRONT_ENDS or unit == "__init__":
            continue
        assert unit in ALLOWED, f"{path.relative_to(SRC)}: the package {unit!r} has no layer in this test"
        for line, how, name in _dependencies(path):
            target = name.split(".")[1] if "." in name else "salon"
            allowed = ALLOWED[unit] | (NAMED.get(path.relative_to(SRC).as_posix(), set()) if how == "names" else set())
            if target not in allowed:
                offenders.append(f"{path.relative_to(SRC)}:{line} {how} {name} "
                                 f"({unit} may {how.removesuffix('s')} {', '.join(sorted(allowed))})")
    assert offenders == []
    assert len(files) > 100 and GAMES == {"rococo", "necklace"}, "the scan found the modules and the games"


def test_the_scan_sees_imports_inside_functions_and_relative_ones() -> None:
    source = "def f():\n    from salon.rococo.game import Rococo\n\nfrom . import base\nfrom ..core import game\n"
    assert [name for _, name in _imports(source, "salon.bots")] == ["salon.bots", "salon.core", "salon.rococo.game"]


def test_the_scan_sees_modules_named_in_strings_but_not_in_docstrings() -> None:
    source = ('"""Cites salon.web freely."""\nPART = "salon.web.adapters.nim:ADAPTER"\n'
              'GROUP = "salon.games"\nFILES = ("salon.rococo", "data/")\n')
    assert _named(source) == [(2, "salon.web.adapters.nim"), (4, "salon.rococo")]
