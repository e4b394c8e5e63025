"""salon without an extra (pyproject.toml): the ``salon`` command still starts, and a command
that needs a missing extra ends with one error line naming the extra to install."""

from __future__ import annotations

import importlib
import sys

import pytest
from typer.testing import CliRunner

from tests.cli.conftest import Run


def missing(monkeypatch: pytest.MonkeyPatch, *modules: str) -> None:
    """Make ``modules`` unimportable, as where their extra is not installed."""
    for module in modules:
        monkeypatch.setitem(sys.modules, module, None)


def test_bench_rl_names_the_rl_extra(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    missing(monkeypatch, "numpy")
    result = run("bench", "rococo", "--rl")
    assert result.exit_code == 1
    assert result.stderr == "error: this needs numpy, which comes with salon's rl extra: pip install 'salon[rl]'\n"


def test_serve_without_the_server_extra_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """``salon`` is loaded afresh without the web stack: ``serve`` is still listed and says
    what to install, whatever options it is given."""
    for name in ("salon.cli.main", "salon.cli.commands.serve", "salon.web.guard", "salon.web.storage"):
        package, _, module = name.rpartition(".")
        monkeypatch.setattr(importlib.import_module(package), module, sys.modules.get(name), raising=False)
        monkeypatch.delitem(sys.modules, name, raising=False)
    missing(monkeypatch, "limits", "sqlalchemy", "alembic")
    app = importlib.import_module("salon.cli.main").app
    runner = CliRunner()
    listed = runner.invoke(app, ["--help"], env={"COLUMNS": "200"})
    assert listed.exit_code == 0
    assert "pip install 'salon[server]'" in listed.output
    result = runner.invoke(app, ["serve", "--port", "8080"])
    assert result.exit_code == 1
    assert result.stderr.startswith("error: this needs ")
    assert result.stderr.endswith("which comes with salon's server extra: pip install 'salon[server]'\n")


def test_a_missing_module_of_no_extra_is_a_defect(monkeypatch: pytest.MonkeyPatch) -> None:
    from salon.cli.group import needs_extra

    assert needs_extra(ModuleNotFoundError("No module named 'nowhere'", name="nowhere")) is None
    assert needs_extra(ValueError("textual")) is None
    assert "--plain" in (needs_extra(ModuleNotFoundError(name="textual")) or "")
