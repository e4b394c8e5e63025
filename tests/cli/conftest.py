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
        # the C locale speaks English, whatever the locale of the machine running the tests
        return runner.invoke(app, list(args), input=input, env={"COLUMNS": "100", "LC_ALL": "C"})

    return invoke
