"""``salon regret``: a set built and bots scored on it, in words and as JSON; a reference
that would not play every action in the same worlds is refused in one line."""

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
