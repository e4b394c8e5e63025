"""The wheel ships every file of the salon package and nothing else: every module, every model
file the bots load (``salon/bots/models/**/*.npz``), every data file the engines read, the
catalogs and the browser client; and none of the repository's tools (tools/), which the tests
and scripts/ use beside salon.

The wheel is built pure (``SALON_COMPILE=0``) from a copy of the sources in a temporary
folder, so that nothing of an earlier build (setuptools' build/ keeps the files of the last
one) finds its way into it, with the build backend installed in this Python (pyproject.toml's
[build-system], which scripts/setup installs where it compiles the engine)."""

from __future__ import annotations

import importlib.metadata
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from salon.core.plugins import plugins

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "salon"
BUILT_FROM = ("pyproject.toml", "setup.py", "README.md", "LICENSE", "NOTICE")
"""What the build reads besides src/: the metadata, the build script and the files it names."""
LEFT_BEHIND = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
"""What a source tree holds that is no file of the package."""

pytestmark = pytest.mark.slow


def _backend_missing() -> str | None:
    """Why this Python cannot build salon, if it cannot: a requirement of [build-system] that
    is not installed at a version it admits (mypy is only needed to compile)."""
    with (ROOT / "pyproject.toml").open("rb") as f:
        requires = tomllib.load(f)["build-system"]["requires"]
    for requirement in map(Requirement, requires):
        if requirement.name != "setuptools":
            continue
        try:
            version = importlib.metadata.version(requirement.name)
        except importlib.metadata.PackageNotFoundError:
            version = None
        if version is None or not requirement.specifier.contains(version):
            return f"the build backend is not installed (found {version}): pip install '{requirement}'"
    return None


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    """The files of a freshly built pure wheel."""
    if (why := _backend_missing()) is not None:
        pytest.skip(why)
    source = tmp_path_factory.mktemp("source")
    for name in BUILT_FROM:
        shutil.copy2(ROOT / name, source / name)
    shutil.copytree(ROOT / "src", source / "src", ignore=LEFT_BEHIND)
    out = tmp_path_factory.mktemp("wheel")
    env = {**os.environ, "SALON_COMPILE": "0"}
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                            "--wheel-dir", str(out), str(source)], env=env, capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stdout + built.stderr
    [path] = out.glob("salon-*.whl")
    with zipfile.ZipFile(path) as archive:
        return {name for name in archive.namelist() if not name.endswith("/")}


def _package_files() -> set[str]:
    """Every file of the package's sources, as the wheel names it."""
    found = set()
    for path in PACKAGE.rglob("*"):
        parts = path.relative_to(PACKAGE.parent).parts
        if path.is_file() and "__pycache__" not in parts and path.suffix != ".pyc":
            found.add("/".join(parts))
    return found


def test_the_wheel_holds_every_model_and_data_file(wheel: set[str]) -> None:
    models = {f"salon/{path.relative_to(PACKAGE).as_posix()}" for path in (PACKAGE / "bots" / "models").rglob("*.npz")}
    assert any("/ppo/" in name for name in models), "the ppo bot's policies are among the models"
    games = [p.engine.partition(":")[0].rpartition(".")[0] for p in plugins().values()]
    bundled = [package for package in games if package.startswith("salon.")]
    data = set()
    for package in bundled:
        folder = PACKAGE.parent.joinpath(*package.split("."), "data")
        data |= {f"{package.replace('.', '/')}/data/{path.name}" for path in folder.iterdir() if path.is_file()}
    assert bundled and len(data) > 2 * len(bundled), "the bundled games' data files are found"
    assert models - wheel == set()
    assert data - wheel == set()


def test_the_wheel_holds_the_package_and_nothing_else(wheel: set[str]) -> None:
    top = {name.split("/")[0] for name in wheel}
    assert {name for name in top if not name.endswith(".dist-info")} == {"salon"}
    assert "tools" not in top
    shipped = {name for name in wheel if name.startswith("salon/")}
    assert _package_files() - shipped == set(), "every file of the package ships"
    assert shipped - _package_files() == set(), "nothing ships that is no file of the package"
