"""The progress of a long command (salon.cli.progress): away from a terminal, a line on
standard error at each tenth of the work, counted from what a resumed run had done; none
when the report is JSON; at a terminal, a bar and no such lines."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from salon.cli.progress import progress


def run(console: Console, total: int, steps: int, quiet: bool = False, done: int = 0) -> None:
    with progress(console, "Playing", total, quiet, done) as advance:
        for _ in range(steps):
            advance()


def test_a_run_away_from_a_terminal_says_how_far_it_is_at_each_tenth(capsys: pytest.CaptureFixture[str]) -> None:
    run(Console(file=io.StringIO(), force_terminal=False), 20, 20)
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines() == [f"Playing: {k} / 20" for k in range(2, 21, 2)]


def test_a_resumed_run_counts_from_what_was_done(capsys: pytest.CaptureFixture[str]) -> None:
    run(Console(file=io.StringIO(), force_terminal=False), 300, 5, done=117)
    assert capsys.readouterr().err.splitlines() == ["Playing: 120 / 300"]


def test_a_json_report_and_a_terminal_get_no_lines(capsys: pytest.CaptureFixture[str]) -> None:
    run(Console(file=io.StringIO(), force_terminal=False), 10, 10, quiet=True)
    screen = io.StringIO()
    run(Console(file=screen, force_terminal=True), 10, 10)
    assert capsys.readouterr().err == ""
    assert "Playing" in screen.getvalue(), "the bar, drawn at the terminal"
