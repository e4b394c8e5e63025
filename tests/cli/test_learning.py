"""``salon selfplay`` and ``salon train``: a run from the command line end to end, its report
in words and as JSON, and one-line errors for what a user can get wrong."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import Run


@pytest.mark.heavy
def test_selfplay_then_train_from_the_command_line(run: Run, tmp_path: Path) -> None:
    shards = tmp_path / "shards"
    played = run("selfplay", "necklace", "--bots", "random", "--games", "24", "--every", "3", "--shard", "12",
                 "--workers", "1", "--out", str(shards))
    assert played.exit_code == 0, played.stdout
    assert "24 games" in played.stdout and "in 2 shards" in played.stdout
    more = run("selfplay", "necklace", "--bots", "random", "--games", "30", "--every", "3", "--shard", "12",
               "--workers", "1", "--out", str(shards))
    assert more.exit_code == 0, more.stdout
    assert f"{shards} holds 24 of these games already" in " ".join(more.stdout.split())
    assert "6 games" in more.stdout
    weights = tmp_path / "necklace.npz"
    fitted = run("train", str(shards), "--out", str(weights), "--hidden", "4", "--epochs", "2", "--json")
    assert fitted.exit_code == 0, fitted.stdout
    report = json.loads(fitted.stdout.splitlines()[-1])
    assert report["written"] == [str(weights)] and weights.is_file()
    assert report["games"] == 30 and report["held_out_positions"] > 0
    worded = run("train", str(shards), "--out", str(weights), "--hidden", "4", "--epochs", "2", "--lang", "fr")
    assert worded.exit_code == 0 and "Erreur de l'évaluation corrigée" in worded.stdout, worded.stdout
    assert "Premier choix de la table d'actions" in worded.stdout
    before = weights.read_bytes()
    tabled = run("train", str(shards), "--table-into", str(weights), "--json")
    assert tabled.exit_code == 0, tabled.stdout
    assert json.loads(tabled.stdout.splitlines()[-1])["written"] == [str(weights)] and weights.read_bytes() != before


def test_mistakes_are_one_line_errors(run: Run, tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    (tmp_path / "junk").mkdir()
    (tmp_path / "junk" / "shard-1.npz").write_bytes(b"junk")
    cases = [
        (("selfplay", "rococo", "--bots", "random,random,random", "--games", "1"), "give 2 bots"),
        (("selfplay", "rococo", "--bots", "nobody", "--games", "1"), "nobody"),
        (("selfplay", "necklace", "--bots", "random", "--games", "1", "--out", str(tmp_path / "junk")),
         "not a salon self-play shard"),
        (("train", str(tmp_path / "empty"), "--out", str(tmp_path / "w.npz")), "no self-play shards"),
        (("train", str(tmp_path / "missing"), "--out", str(tmp_path / "w.npz")), "no such folder"),
        (("train", str(tmp_path / "junk"), "--out", str(tmp_path / "w.npz")), "not a salon self-play shard"),
        (("train", str(tmp_path / "empty")), "--ship"),
        (("train", str(tmp_path / "empty"), "--table-into", str(tmp_path / "none.npz")), "no such weights file"),
        (("train", str(tmp_path / "junk"), "--table-into", str(tmp_path / "junk" / "shard-1.npz")),
         "not a salon self-play shard"),
    ]
    for args, expected in cases:
        result = run(*args)
        out = result.stdout + (result.stderr or "")
        assert result.exit_code != 0 and "Traceback" not in out and expected in out, (args, out)
