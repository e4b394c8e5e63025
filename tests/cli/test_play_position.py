"""``salon play --position`` starts from a position file and ``--save-position`` writes one; a
bad file is refused with one error line and exit status 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from salon.rococo.game import Rococo
from tests.cli.conftest import Run

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "positions"


def _one_error_line(run: Run, *args: str) -> str:
    result = run("play", *args, input="quit\n")
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    return lines[0]


def test_a_missing_file_is_refused(run: Run, tmp_path: Path) -> None:
    line = _one_error_line(run, "rococo", "--position", str(tmp_path / "none.json"))
    assert "there is no file" in line and "none.json" in line


def test_a_file_that_is_not_json_is_refused(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{round: 3")
    assert "bad.json is not JSON" in _one_error_line(run, "rococo", "--position", str(path))


def test_a_refused_position_names_its_constraint(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "r9.json"
    path.write_text(json.dumps({**Rococo.new({"players": 2}, 1).to_position(), "round": 9}))
    line = _one_error_line(run, "rococo", "--position", str(path))
    assert "round 9 does not exist: the game has 7 rounds" in line


def test_a_position_of_another_game_is_refused(run: Run) -> None:
    line = _one_error_line(run, "necklace", "--position", str(EXAMPLES / "rococo.json"))
    assert "a position of 'rococo', not of 'necklace'" in line


def test_a_position_excludes_the_options_of_a_new_game(run: Run) -> None:
    result = run("play", "rococo", "--position", str(EXAMPLES / "rococo.json"), "--seed", "3", input="quit\n")
    assert result.exit_code != 0
    assert "--seed and --position exclude each other" in result.output


@pytest.mark.parametrize("game", ["rococo", "necklace"])
def test_the_game_starts_from_the_position(run: Run, game: str) -> None:
    bots = {"rococo": "human,random", "necklace": "random,human,random"}[game]
    result = run("play", game, "--position", str(EXAMPLES / f"{game}.json"), "--bots", bots,
                 "--delay", "0", input="quit\n")
    assert result.exit_code == 0, result.output
    assert f"Player {1 if game == 'rococo' else 2}, your decision" in result.output


def test_save_position_writes_the_position_it_stops_at(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "here.json"
    result = run("play", "rococo", "--seed", "2", "--bots", "human,random", "--save-position", str(path),
                 "--delay", "0", input="1\nquit\n")
    assert result.exit_code == 0, result.output
    assert f"Saved to {path}" in result.output
    saved = json.loads(path.read_text())
    g = Rococo.new({"players": 2}, 2)
    g.apply(g.legal_actions()[0])
    assert saved == g.to_position()
    again = run("play", "rococo", "--position", str(path), "--bots", "human,random", "--delay", "0",
                input="quit\n")
    assert again.exit_code == 0, again.output


def test_save_position_will_not_overwrite_another_file(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("my notes")
    line = _one_error_line(run, "rococo", "--save-position", str(path))
    assert "is not a salon position" in line
    assert path.read_text() == "my notes"
