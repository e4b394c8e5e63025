"""Which engine runs: the modules that mypyc compiled, or their pure-Python sources.

The compiled modules never sit beside their sources, where an extension module would shadow an
edited ``.py``: the build (setup.py with ``SALON_COMPILE=1``) puts them in a package of their own,
``salon_compiled``, with a manifest of the SHA-256 of every source it compiled.  At import, salon
loads them only when the sources on disk are exactly those of the manifest.  Compiled modules call
one another directly, not through their Python modules, so a single edited, added or removed
source makes the whole set stale and salon runs pure.  ``SALON_PURE=1`` asks for the pure modules
whatever is installed: the pure twin, which plays the same games.

What compiled code asks of the sources it is compiled from:

- a class that other code may extend (a plug-in's game, a test's scripted generator) is marked
  ``@mypyc_attr(allow_interpreted_subclasses=True)``: Game, StepGame, BaseRng, Bot; any other
  compiled class is final for Python code;
- no compiled class is an ``abc.ABC`` (its abstract methods are marked all the same): compiled
  subclasses of an ABC share their base's cache of ``isinstance`` answers, so that once a game
  of Rococo was found to be a Game, it was found to be a Necklace too;
- a public entry point that receives what a user or a file gave (a seed, a seat, a stored
  generator) takes ``object`` and checks it, so that a wrong type gets the worded error and not
  the bare TypeError of a typed argument (nor True taken for 1);
- objects are made through their constructors (a compiled ``Cls.__new__`` runs ``__init__``),
  and pickled through ``__reduce__``;
- class constants are ``ClassVar``; an int is made a float explicitly where a float is kept, and
  a sum of floats starts from ``0.0``;
- an exception caught under a name is caught under that name as one type only (compiled code
  gives the name the type of its first ``except`` clause).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
from collections.abc import Mapping, Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import NamedTuple

PACKAGES = ("salon.core", "salon.rococo", "salon.necklace", "salon.bots")
"""The packages whose modules are compiled."""

LEFT_PURE = {
    "salon.core.data": "defines pydantic models, which mypyc cannot compile",
    "salon.core.options": "subclasses pydantic's errors and validates with pydantic models",
    "salon.core.evaluation": "a generic frozen dataclass, whose compiled class Python cannot create; it only names "
                             "the plug-ins' evaluation functions",
    "salon.core.record": "defines pydantic models, which mypyc cannot compile",
    "salon.core.vectors": "numpy's arrays gain nothing from compiled Python",
    "salon.rococo.components": "defines pydantic models, which mypyc cannot compile",
    "salon.rococo.config": "defines pydantic models, which mypyc cannot compile",
    "salon.necklace.components": "defines pydantic models, which mypyc cannot compile",
    "salon.necklace.config": "defines pydantic models, which mypyc cannot compile",
}
"""The modules of those packages that stay pure, and why.  Packages' ``__init__`` stay pure too:
they are empty, and a pure package keeps its data files where importlib.resources finds them."""

DIST = "salon_compiled"
"""The package the build puts the compiled modules in, beside salon."""

MANIFEST = "manifest.json"


class Engine(NamedTuple):
    compiled: bool
    why: str
    """``compiled``, else why salon runs pure: ``asked`` (SALON_PURE), ``not_built``,
    ``other_python`` (built for another Python) or ``stale`` (``module``'s source changed)."""
    module: str = ""


def source_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def compilable(root: Path) -> dict[str, Path]:
    """The modules to compile, by name, with their sources: ``root`` holds the salon package."""
    modules: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((root / package.replace(".", "/")).rglob("*.py")):
            name = ".".join(path.relative_to(root).with_suffix("").parts)
            if path.stem != "__init__" and name not in LEFT_PURE:
                modules[name] = path
    return modules


def sources(root: Path) -> dict[str, str]:
    """The digest of every source to compile, by module: what a build records and a run checks."""
    return {name: source_digest(path) for name, path in compilable(root).items()}


class _CompiledFinder(MetaPathFinder):
    """Finds the compiled modules of the manifest, and the shared library they all live in."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
                  ) -> ModuleSpec | None:
        file = self.files.get(fullname)
        return None if file is None else importlib.util.spec_from_file_location(fullname, file)


def choose(dist: Path | None, root: Path, environ: Mapping[str, str]) -> tuple[Engine, dict[str, Path]]:
    """The engine to run, with the compiled modules' files by name: ``dist`` is the installed
    salon_compiled (None if none is), ``root`` holds the salon package whose sources run."""
    if environ.get("SALON_PURE", "") not in ("", "0"):
        return Engine(False, "asked"), {}
    try:
        manifest = json.loads((dist / MANIFEST).read_text("utf-8")) if dist is not None else None
    except (OSError, ValueError):
        manifest = None
    if manifest is None:
        return Engine(False, "not_built"), {}
    if manifest["suffix"] not in EXTENSION_SUFFIXES:
        return Engine(False, "other_python"), {}
    recorded: dict[str, str] = manifest["sources"]
    changed = sorted(set(recorded.items()) ^ set(sources(root).items()))
    if changed:
        return Engine(False, "stale", changed[0][0]), {}
    assert dist is not None
    return Engine(True, "compiled"), {name: dist / file for name, file in manifest["files"].items()}


def _installed() -> Path | None:
    spec = importlib.util.find_spec(DIST)
    locations = spec.submodule_search_locations if spec is not None else None
    return Path(next(iter(locations))) if locations else None


ENGINE, _files = choose(_installed(), Path(__file__).parent.parent, os.environ)
"""The engine of this process, chosen once, when salon is first imported."""
if ENGINE.compiled:
    sys.meta_path.insert(0, _CompiledFinder(_files))
