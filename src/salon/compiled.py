"""Which engine runs: the modules that mypyc compiled, or their pure-Python sources.

The compiled modules never sit beside their sources, where an extension module would shadow an
edited ``.py``: the build (setup.py with ``SALON_COMPILE=1``) puts them in a package of their own,
``salon_compiled``, with a manifest of the SHA-256 of every source it compiled and of its size and
modification time.  At import, salon loads them only when the sources on disk are exactly those of
the manifest: a source whose size and modification time are still those the build recorded is
taken as unchanged without being read, as Python trusts its own bytecode caches, and any other is
hashed, so that importing salon reads no source unless one was touched since the build.  Compiled
modules call one another directly, not through their Python modules, so a single edited, added or
removed source makes the whole set stale and salon runs pure.  ``SALON_PURE=1`` asks for the pure modules
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
- in the hot paths, a list item is added to as ``a[i] = a[i] + x`` (``a[i] += x`` compiles to
  the interpreter's generic addition), sums are plain loops (the builtin ``sum`` is called
  through the interpreter), and a class built often is a plain class (a dataclass's generated
  constructor runs interpreted);
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
    "salon.core.vector_code": "writes the encodings' Python text once per layout; the text runs interpreted",
    "salon.core.tutorial": "reads and plays a few scripted moves: nothing compiled code would speed up",
    "salon.rococo.components": "loads the data files once, through pydantic models: nothing compiled code would "
                               "speed up",
    "salon.rococo.models": "defines pydantic models, which mypyc cannot compile",
    "salon.rococo.config": "defines pydantic models, which mypyc cannot compile",
    "salon.rococo.observation": "declares TypedDicts, whose annotations the schemas are written from at run time",
    "salon.necklace.components": "loads the data files once, through pydantic models: nothing compiled code would "
                                 "speed up",
    "salon.necklace.models": "defines pydantic models, which mypyc cannot compile",
    "salon.necklace.config": "defines pydantic models, which mypyc cannot compile",
    "salon.necklace.observation": "declares TypedDicts, whose annotations the schemas are written from at run time",
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
    """The modules to compile, by name, with their sources: ``root`` holds the salon package.
    Every import of salon lists them, so the walk skips the bytecode caches."""
    modules: dict[str, Path] = {}
    for package in PACKAGES:
        top = root / package.replace(".", "/")
        for folder, dirs, files in os.walk(top):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            prefix = ".".join((package, *Path(folder).relative_to(top).parts))
            for file in files:
                name = f"{prefix}.{file[:-3]}"
                if file.endswith(".py") and file != "__init__.py" and name not in LEFT_PURE:
                    modules[name] = Path(folder, file)
    return dict(sorted(modules.items()))


def sources(root: Path) -> dict[str, str]:
    """The digest of every source to compile, by module: what a build records and a run checks."""
    return {name: source_digest(path) for name, path in compilable(root).items()}


def stats(root: Path) -> dict[str, list[int]]:
    """The size and modification time (ns) of every source to compile, by module: what a build
    records beside the digests, so that a run reads only the sources touched since."""
    found: dict[str, list[int]] = {}
    for name, path in compilable(root).items():
        st = path.stat()
        found[name] = [st.st_size, st.st_mtime_ns]
    return found


def changed(recorded: Mapping[str, str], recorded_stats: Mapping[str, list[int]], root: Path) -> list[str]:
    """The modules whose sources differ from those a build recorded, the added and removed ones
    too, in order: a source is hashed only where its size or modification time is not the one
    recorded (a build that recorded none has every source hashed)."""
    now = compilable(root)
    found = set(recorded) ^ set(now)
    for name, path in now.items():
        if name in recorded:
            st = path.stat()
            if recorded_stats.get(name) != [st.st_size, st.st_mtime_ns] and source_digest(path) != recorded[name]:
                found.add(name)
    return sorted(found)


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
    stale = changed(manifest["sources"], manifest.get("stats", {}), root)
    if stale:
        return Engine(False, "stale", stale[0]), {}
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
