"""The build of salon: pyproject.toml holds the metadata; this adds the compiled engine.

With ``SALON_COMPILE=1`` the build compiles the engine's modules (salon/compiled.py lists them)
with mypyc into a package of their own, ``salon_compiled``, never beside their sources, with a
manifest of the digest, size and modification time of every source it compiled; salon loads them
only while those sources are unchanged.  Without it the build is pure Python, and fast: the
editable install of the tests.
"""

import importlib.util
import json
import os
import sys
from pathlib import Path
from types import ModuleType

from setuptools import setup
from setuptools.command.build_ext import build_ext

SRC = Path(__file__).parent / "src"


def _compiled() -> ModuleType:
    """salon/compiled.py on its own: importing salon would choose an engine."""
    spec = importlib.util.spec_from_file_location("_salon_compiled_build", SRC / "salon" / "compiled.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


class BuildOutsideSources(build_ext):
    """Builds the compiled modules into salon_compiled/ (even ``--inplace``), then its manifest."""

    def get_ext_fullpath(self, ext_name: str) -> str:
        return os.path.join(self.build_lib, COMPILED.DIST, self.get_ext_filename(ext_name))

    def run(self) -> None:
        super().run()
        if COMPILED.sources(SRC) != SOURCES:
            sys.exit("setup.py: sources changed while they were compiled: build again")
        manifest = {"suffix": self.get_ext_filename("x")[1:], "sources": SOURCES, "stats": STATS,
                    "files": {ext.name: self.get_ext_filename(ext.name) for ext in self.extensions}}
        path = Path(self.build_lib) / COMPILED.DIST / COMPILED.MANIFEST
        path.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", "utf-8")

    def get_outputs(self) -> list[str]:
        return [*super().get_outputs(), os.path.join(self.build_lib, COMPILED.DIST, COMPILED.MANIFEST)]


if os.environ.get("SALON_COMPILE") == "1":
    from mypyc.build import mypycify

    COMPILED = _compiled()
    SOURCES = COMPILED.sources(SRC)  # before mypyc reads them
    STATS = COMPILED.stats(SRC)
    paths = [str(path.relative_to(Path(__file__).parent)) for path in COMPILED.compilable(SRC).values()]
    # one C file a module, compiled in parallel; pyproject.toml's mypy config, whose unused
    # sections (those of the tests and the learning tools) are no error here
    setup(ext_modules=mypycify(["--no-warn-unused-configs", *paths], group_name="salon_engine", multi_file=True),
          cmdclass={"build_ext": BuildOutsideSources},
          options={"build_ext": {"parallel": os.cpu_count() or 1}})
else:
    setup()
