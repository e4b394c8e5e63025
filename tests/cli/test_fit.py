"""``salon fit``: a report of the fitted weights, the data file written only when asked,
one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

from .conftest import Run


def test_a_fit_reports_and_writes_only_when_asked(run: Run, tmp_path: Path) -> None:
    out = tmp_path / "fitted.json"
    shown = run("fit", "rococo", "--solo", "--games", "1", "--bot", "random", "--every", "6", "--out", str(out))
    assert shown.exit_code == 0, shown.stdout
    assert "MADAME_TURN_FADE" in shown.stdout and "Nothing written" in shown.stdout and not out.exists()
    written = run("fit", "rococo", "--solo", "--games", "1", "--bot", "random", "--every", "6", "--write",
                  "--out", str(out), "--json")
    assert written.exit_code == 0, written.stdout
    data = json.loads(written.stdout.splitlines()[-1])
    assert data["command"] == "salon fit rococo --games 1 --seed 0 --solo --bot random --every 6"
    assert data["written"] == str(out)
    kept = json.loads(out.read_text(encoding="utf-8"))
    assert data["no_effect"] == ["MADAME_TURN_JB", "MADAME_TURN_FADE_JB"]
    assert {k: kept["weights"][k] for k in data["after"]} == {k: round(v, 4) for k, v in data["after"].items()}
    assert all(kept["fitted"][k]["command"] == data["command"] for k in data["after"])


def test_mistakes_are_one_line_errors(run: Run) -> None:
    for args, words in ((("necklace",), "no fitted weights"),
                        (("rococo", "--solo", "--weights", "NOPE"), "no fitted weight “NOPE”"),
                        (("rococo", "--solo", "--bot", "nobody"), "nobody"),
                        (("rococo", "--bot", "random", "--lang", "de"), "wirkt in diesen Partien keines")):
        result = run("fit", *args, "--games", "1")
        output = result.stdout + result.stderr
        assert result.exit_code != 0 and "Traceback" not in output and words in output, output
