"""``salon replay``: the full-screen viewer at 80×24, driven through Textual's pilot, steps
move by move and jumps turn by turn and round by round through a saved game of bots, the
board and the position's place following; ``--verify`` (and a pipe) print the verified
record's final scoring with the seats' bots; a corrupt file is one line of error."""

from __future__ import annotations

import asyncio
import io
import json
from pathlib import Path

import pytest
from rich.console import Console
from textual.widgets import Static

from salon.cli.commands.replay import record_labels
from salon.cli.panes import Pane
from salon.cli.replay_view import Replay, ReplayApp
from salon.cli.support import support
from salon.core import record
from salon.landmarks import following
from tests.cli.conftest import Run


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A whole game of two random bots, saved by ``salon play``."""
    from typer.testing import CliRunner

    from salon.cli.main import app

    path = tmp_path_factory.mktemp("replay") / "game.json"
    result = CliRunner().invoke(app, ["play", "rococo", "--bots", "random,random", "--seed", "8", "--save", str(path)],
                                env={"COLUMNS": "100", "LC_ALL": "C"})
    assert result.exit_code == 0, result.output
    return path


def _text(app: ReplayApp, pane: str) -> str:
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(app.query_one(f"#{pane}", Pane).content)
    return console.export_text()


def _where(app: ReplayApp) -> str:
    return str(app.query_one("#where", Static).render())


@pytest.mark.heavy
def test_the_viewer_steps_and_jumps(saved: Path) -> None:
    loaded = record.load_saved(saved)
    replay = Replay.of(loaded.game, record_labels(loaded, "en"), support("rococo"), "en")
    app = ReplayApp(replay)
    total = len(loaded.game.history)

    async def drive() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            assert _where(app).startswith(f"Move 0/{total} · round 1 · turn of Player ")
            assert "Setup" in str(app.query_one("#move", Pane).border_title)
            await pilot.press("right", "right", "left")
            assert app.step == 1 and _where(app).startswith(f"Move 1/{total} · round 1")
            assert "Move 1" in str(app.query_one("#move", Pane).border_title)
            turn = following(replay.marks.turns, 1)
            await pilot.press("down")
            assert turn is not None and app.step == turn
            await pilot.press("pagedown")
            assert app.step == replay.marks.rounds[1]
            assert "round 2" in _where(app) and "round 2 of 7" in _text(app, "board")
            await pilot.press("up")
            assert app.step < replay.marks.rounds[1] and "round 1 of 7" in _text(app, "board")
            await pilot.press("tab")
            assert str(app.query_one("#board", Pane).border_title) == "Board · cards of Player 1 (random)"
            await pilot.press("end")
            assert _where(app) == f"Move {total}/{total} · round 7 · game over"
            assert "Final scoring" in _text(app, "board") and "Player 2 (random)" in _text(app, "board")
            await pilot.press("q")

    asyncio.run(drive())


def test_verify_prints_the_final_scoring(run: Run, saved: Path) -> None:
    result = run("replay", str(saved), "--verify")
    assert result.exit_code == 0, result.output
    assert "a valid rococo record, seed 8" in " ".join(result.stdout.split())
    assert "Final scoring" in result.stdout and "Player 2 (random)" in result.stdout
    assert run("replay", str(saved)).stdout == result.stdout  # no terminal: the same


def test_a_corrupt_file_is_one_line_of_error(run: Run, saved: Path, tmp_path: Path) -> None:
    data = json.loads(saved.read_text())
    data["actions"] = data["actions"][:-1]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    result = run("replay", str(bad))
    assert result.exit_code == 1
    assert result.stderr == "error: This saved game is damaged or was edited: its checksum does not match.\n"
