"""``salon tournament`` and the parallel runs of ``salon simulate``: the same report for any
number of workers and on Ray, balanced line-ups, ratings, files, one-line errors."""

from __future__ import annotations

import csv
import gc
import json
from collections import Counter
from pathlib import Path

import pytest

from salon import parallel
from salon.bots.base import BotSpec
from salon.cli import simulate as simulate_mod
from salon.cli import tournament as tournament_mod

from .conftest import Run

RANDOM = BotSpec.parse("random")
SIMULATION = ("necklace", 3, 2, [RANDOM, RANDOM], 40)
CHEAP = BotSpec.parse("heuristic:width=1:budget=50")
"""A quick bot to set against the random one."""


def first_threshold(_job: int) -> int:
    """The collector's first threshold in the process that runs the job."""
    return gc.get_threshold()[0]


def _without_time(report: simulate_mod.Report) -> dict[str, object]:
    data = report.to_json()
    del data["seconds"], data["games_per_s"]
    return data


def test_simulate_in_processes_reports_as_serially() -> None:
    name, games, players, bots, seed = SIMULATION
    serial = simulate_mod.simulate(name, games, players, bots, seed, workers=1)
    assert serial.completed == games
    assert _without_time(simulate_mod.simulate(name, games, players, bots, seed, workers=2)) == _without_time(serial)


def test_line_ups_are_balanced() -> None:
    t = tournament_mod.Tournament("rococo", tuple(map(BotSpec.parse, ("random", "heuristic", "search"))), 4)
    jobs = tournament_mod.schedule(t, 12, 5)
    for seat in range(4):
        assert Counter(lineup[seat] for *_, lineup in jobs) == {0: 4, 1: 4, 2: 4}
    assert [seed for _, _, seed, _ in jobs] == [5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8]
    assert jobs == tournament_mod.schedule(t, 12, 5)


@pytest.mark.slow
def test_tournament_rates_and_writes_files(run: Run, tmp_path: Path) -> None:
    args = ["tournament", "necklace", "--bots", f"random,{CHEAP}", "--players", "2", "--games", "2", "--seed", "3"]
    one = run(*args, "--workers", "1", "--json-file", str(tmp_path / "t.json"), "--csv-file", str(tmp_path / "t.csv"))
    assert one.exit_code == 0, one.output
    assert "Rating" in one.output and "random" in one.output
    two = run(*args, "--workers", "2", "--json")
    assert two.exit_code == 0, two.output
    report = json.loads((tmp_path / "t.json").read_text())
    assert json.loads(two.output.strip().splitlines()[-1]) == report
    assert {r["entrant"] for r in report["ratings"]} == {"random", str(CHEAP)}
    assert sum(r["seats_played"] for r in report["ratings"]) == 4
    for r in report["ratings"]:
        assert sum(r["place_shares"]) == pytest.approx(1.0)
    rows = list(csv.DictReader((tmp_path / "t.csv").open()))
    assert [r["entrant"] for r in rows] == [r["entrant"] for r in report["ratings"]]


@pytest.mark.parametrize("args, message", [
    (["--bots", "random,nobody"], "nobody"),
    (["--bots", "random,random"], "each bot once"),
    (["--bots", "random", "--workers", "0"], "--workers"),
    (["--bots", "random", "--backend", "spark"], "--backend"),
    (["--bots", "random", "--players", "9"], "players"),
])
def test_tournament_bad_input_is_one_line(run: Run, args: list[str], message: str) -> None:
    result = run("tournament", "necklace", "--games", "1", *args)
    assert result.exit_code != 0
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and message in lines[0]


def test_simulate_bad_workers_is_one_line(run: Run) -> None:
    result = run("simulate", "necklace", "--games", "1", "--workers", "0")
    assert result.exit_code != 0
    assert result.output.strip().startswith("error:") and "--workers" in result.output


@pytest.mark.slow
def test_ray_gives_the_same_reports() -> None:
    """A local Ray instance (one CPU: one worker process to start) plays two tiny runs exactly
    as they play here, each task with the collector tuned for games: Ray's worker processes are
    not salon's, so each task tunes its own (one instance for both checks: it takes seconds to
    start)."""
    ray = pytest.importorskip("ray", reason="Ray is part of the rl extra")
    name, _, players, bots, seed = SIMULATION
    t = tournament_mod.Tournament("necklace", (RANDOM, CHEAP), 2)
    try:
        on_ray = simulate_mod.simulate(name, 2, players, bots, seed, workers=1, backend="ray")
        rated = tournament_mod.run(t, 2, 1, 1, "ray")
        thresholds = parallel.run(first_threshold, [0, 1], workers=1, backend="ray")
    finally:
        ray.shutdown()
    assert thresholds == [parallel.COLLECTOR_THRESHOLD] * 2
    assert _without_time(on_ray) == _without_time(simulate_mod.simulate(name, 2, players, bots, seed))
    assert rated == tournament_mod.run(t, 2, 1, 1)
