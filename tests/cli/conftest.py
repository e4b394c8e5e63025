"""Runs the ``salon`` command in-process, as the console script does."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from typer.testing import CliRunner, Result

from salon.cli.main import app

Run = Callable[..., Result]


@pytest.fixture
def run() -> Run:
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None) -> Result:
        return runner.invoke(app, list(args), input=input, env={"COLUMNS": "100"})

    return invoke
