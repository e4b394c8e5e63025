"""The garbage collector tuned for playing games (salon.parallel.tune_collector): in salon's
own processes, its worker processes and the command line (in Ray's tasks:
tests/cli/test_tournament.py, whose Ray instance checks it)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest
from typer.testing import CliRunner

from salon import parallel
from salon.cli.main import app
from salon.parallel import COLLECTOR_THRESHOLD, tune_collector

DEFAULT = (700, 10, 10)
"""CPython's own thresholds."""


@pytest.fixture
def untuned() -> Iterator[None]:
    """The collector at CPython's defaults for the test, and as it was afterwards."""
    before = gc.get_threshold()
    gc.set_threshold(*DEFAULT)
    yield
    gc.set_threshold(*before)


def first_threshold(_job: int) -> int:
    return gc.get_threshold()[0]


def test_only_the_first_threshold_is_raised(untuned: None) -> None:
    tune_collector()
    assert gc.get_threshold() == (COLLECTOR_THRESHOLD, 10, 10)


def test_a_higher_first_threshold_is_kept(untuned: None) -> None:
    gc.set_threshold(COLLECTOR_THRESHOLD * 5, 20, 30)
    tune_collector()
    assert gc.get_threshold() == (COLLECTOR_THRESHOLD * 5, 20, 30)


def test_the_worker_processes_of_a_run_tune_it(untuned: None) -> None:
    assert parallel.run(first_threshold, [0, 1, 2, 3], workers=2) == [COLLECTOR_THRESHOLD] * 4


def test_the_command_line_tunes_it(untuned: None) -> None:
    result = CliRunner().invoke(app, ["simulate", "rococo", "--games", "0"])
    assert gc.get_threshold()[0] == COLLECTOR_THRESHOLD, result.output


@pytest.mark.heavy
def test_the_measuring_tool_times_each_job_under_both_settings_and_restores_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from tools import collector
    monkeypatch.setattr(collector, "CONFIGS", {"necklace": ("necklace", 2, None, False, 10)})
    before = gc.get_threshold()
    lines = collector.measure(1)
    assert gc.get_threshold() == before
    assert [line["config"] for line in lines] == ["necklace"] * 3  # random play, a heuristic game, a search
    assert all(line["default_s"] > 0 and line["tuned_s"] > 0 for line in lines)
