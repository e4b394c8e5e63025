"""Layers point one way (docs/architecture.md principle 12): core ← games ← bots, rl ← cli, web.

Every import of every module under src/salon, those inside functions included, is checked
against its layer: the core imports only the core; a game imports the core and itself, never
another game; the bots and the learning environments import the core (and the environments
the bots, which play a learner's opponents), never a game, which they reach through its
plug-in; the texts (i18n) and the process pools (parallel) import only the core; the log's
wording, which the front ends share, words each game it knows; the front ends may import
everything below them.  What a game names for a shared layer (its evaluation, its vector
layout, its views) are ``"module:attribute"`` references that the shared layer loads
(salon.core.plugins), not imports."""

from __future__ import annotations

import ast
from pathlib import Path

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


def test_imports_point_down_the_layers() -> None:
    offenders = []
    files = sorted(SRC.rglob("*.py"))
    for path in files:
        unit = _unit(path)
        if unit in FRONT_ENDS or unit == "__init__":
            continue
        assert unit in ALLOWED, f"{path.relative_to(SRC)}: the package {unit!r} has no layer in this test"
        for line, name in _imports(path.read_text(encoding="utf-8"), _package(path)):
            target = name.split(".")[1] if "." in name else "salon"
            if target not in ALLOWED[unit]:
                offenders.append(f"{path.relative_to(SRC)}:{line} imports {name} "
                                 f"({unit} may import {', '.join(sorted(ALLOWED[unit]))})")
    assert offenders == []
    assert len(files) > 100 and GAMES == {"rococo", "necklace"}, "the scan found the modules and the games"


def test_the_scan_sees_imports_inside_functions_and_relative_ones() -> None:
    source = "def f():\n    from salon.rococo.game import Rococo\n\nfrom . import base\nfrom ..core import game\n"
    assert [name for _, name in _imports(source, "salon.bots")] == ["salon.bots", "salon.core", "salon.rococo.game"]
