"""``salon regret``: a set built and bots scored on it, in words and as JSON; a build stopped
half-way resumes from its file; a reference that would not play every action in the same
worlds, or a file of another set, is refused in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from salon.learn.regret import RegretSet

from .conftest import Run


@pytest.mark.slow
def test_the_commands_build_a_set_and_score_bots_on_it(run: Run, tmp_path: Path) -> None:
    out, scored_set = tmp_path / "set.jsonl", tmp_path / "rococo.jsonl"
    built = run("regret", "build", "necklace", "--out", str(out), "-n", "2", "--generator", "random",
                "--reference", "search:iterations=1", "--workers", "1")
    assert built.exit_code == 0, built.output
    assert "2 positions" in built.output and str(out) in built.output.replace("\n", "")
    assert RegretSet.load(out).unit == "points"
    built = run("regret", "build", "rococo", "--out", str(scored_set), "-n", "3", "--reference",
                "search:iterations=1:win=1", "--workers", "1")
    assert built.exit_code == 0, built.output
    scored = run("regret", "score", str(scored_set), "--bot", "random", "--bot", "heuristic:samples=0",
                 "--workers", "1", "--json")
    assert scored.exit_code == 0, scored.output
    data = json.loads(scored.output.splitlines()[-1])
    assert [b["bot"] for b in data["bots"]] == ["random", "heuristic:samples=0"] and data["positions"] == 3
    assert all(b["mean_regret"] >= 0 for b in data["bots"]) and "against_first" in data["bots"][1]
    words = run("regret", "score", str(scored_set), "--bot", "random", "--workers", "1")
    assert words.exit_code == 0 and "mean regret" in words.output and "percentage points" in words.output
    refused = run("regret", "build", "rococo", "--out", str(out), "--reference", "search:halving=1")
    assert refused.exit_code != 0 and "without halving" in refused.output and "Traceback" not in refused.output


CHEAP = ("--generator", "random", "--reference", "search:iterations=1", "--workers", "1")


@pytest.mark.slow
def test_a_build_stopped_half_way_resumes_from_its_file(run: Run, tmp_path: Path) -> None:
    """The file gets each position as it is scored; a build run again on it scores only the
    positions it lacks, keeps those it holds as they are, and writes them in seed order; a
    file of another set is refused and left as it was."""
    whole, stopped = tmp_path / "whole.jsonl", tmp_path / "stopped.jsonl"
    assert run("regret", "build", "necklace", "--out", str(whole), "-n", "3", *CHEAP).exit_code == 0
    header, first, second, third = whole.read_text().splitlines()
    marked = json.loads(third)
    marked["values"] = {a: 0.5 for a in marked["values"]}  # what a build that stopped had scored
    stopped.write_text("\n".join([header, json.dumps(marked), first]) + "\n")
    resumed = run("regret", "build", "necklace", "--out", str(stopped), "-n", "3", *CHEAP)
    assert resumed.exit_code == 0, resumed.output
    said = " ".join(resumed.output.split())
    assert "holds 2 of these positions already" in said and "3 positions" in said
    assert stopped.read_text().splitlines() == [header, first, second, json.dumps(marked)]
    before = stopped.read_text()
    other = run("regret", "build", "necklace", "--out", str(stopped), "-n", "3", "--generator", "random",
                "--reference", "search:iterations=2", "--workers", "1")
    assert other.exit_code != 0 and "another game, config, generator or reference" in " ".join(other.output.split())
    assert "Traceback" not in other.output and stopped.read_text() == before
    nowhere = run("regret", "build", "necklace", "--out", str(tmp_path / "none" / "set.jsonl"), "-n", "1", *CHEAP)
    assert nowhere.exit_code != 0 and "cannot be written" in nowhere.output and "unexpected" not in nowhere.output
