"""Bad input ends with one ``error:`` line on stderr and a non-zero status, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from salon.cli.main import COMMANDS, app
from tests.cli.conftest import Run

BAD = {
    "unknown option": ["play", "rococo", "--frobnicate"],
    "too many players": ["play", "rococo", "--players", "6", "--bots", "random"],
    "too few players": ["simulate", "rococo", "--players", "1", "--games", "1"],
    "players not a number": ["play", "rococo", "--players", "many"],
    "unknown bot": ["play", "rococo", "--bots", "random,grandmaster"],
    "human in a simulation": ["simulate", "rococo", "--bots", "human,random", "--games", "1"],
    "bots and players disagree": ["play", "rococo", "--players", "3", "--bots", "random,random"],
    "empty bot name": ["simulate", "rococo", "--bots", "random,,random"],
    "unknown game": ["play", "chess"],
    "unknown game to simulate": ["simulate", "go", "--games", "1"],
    "unknown game to bench": ["bench", "checkers"],
    "unknown command": ["dance"],
    "missing game": ["play"],
    "unknown language": ["play", "rococo", "--lang", "tlh"],
    "no games": ["simulate", "rococo", "--games", "0"],
    "missing save file": ["replay", "/nonexistent/record.json"],
    "missing file to load": ["play", "rococo", "--load", "/nonexistent/record.json"],
    "unknown expansion to play": ["play", "rococo", "--bots", "random,random", "--expansions", "bogus"],
    "unknown expansion to simulate": ["simulate", "rococo", "--games", "1", "--expansions", "bogus"],
    "unknown expansion to bench": ["bench", "rococo", "--seconds", "0", "--expansions", "bogus"],
    "one unknown expansion among good ones": ["simulate", "rococo", "--games", "1", "--expansions", "noble,bogus"],
    "expansions not a list": ["simulate", "rococo", "--games", "1", "--expansions", "noble;festive"],
    "solo with three players": ["play", "rococo", "--solo", "--players", "3"],
    "solo with two bots": ["play", "rococo", "--solo", "--bots", "random,random"],
    "solo simulation with two players": ["simulate", "rococo", "--solo", "--players", "2", "--games", "1"],
    "one player without solo": ["play", "rococo", "--players", "1", "--bots", "random"],
    "unknown edition to play": ["play", "rococo", "--edition", "1999"],
    "unknown edition to simulate": ["simulate", "rococo", "--edition", "1999", "--games", "1"],
    "unknown edition to bench": ["bench", "rococo", "--edition", "1999", "--seconds", "0"],
    "2013 edition solo": ["play", "rococo", "--edition", "2013", "--solo"],
    "2013 edition solo simulation": ["simulate", "rococo", "--edition", "2013", "--solo", "--games", "1"],
    "2013 edition with expansions": ["simulate", "rococo", "--edition", "2013", "--expansions", "noble",
                                     "--games", "1"],
    "2013 edition solo bench": ["bench", "rococo", "--edition", "2013", "--solo", "--seconds", "0"],
}


@pytest.mark.parametrize("args", list(BAD.values()), ids=list(BAD))
def test_bad_input_gives_one_error_line(run: Run, args: list[str]) -> None:
    result = run(*args)
    assert result.exit_code != 0
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")


@pytest.mark.parametrize("content", ["", "not json", '{"format": "salon-record", "version": 1}', "[1, 2]"])
def test_unreadable_save_file(run: Run, tmp_path: Path, content: str) -> None:
    path = tmp_path / "broken.json"
    path.write_text(content)
    for args in (["replay", str(path)], ["play", "rococo", "--load", str(path)]):
        result = run(*args)
        assert result.exit_code == 1
        assert len(result.stderr.splitlines()) == 1
        assert result.stderr.startswith("error: ")


def test_binary_save_file(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "binary.json"
    path.write_bytes(b"\xff\xfe\x00\x81")
    result = run("replay", str(path))
    assert result.exit_code == 1
    assert result.stderr.startswith("error: ")


def test_load_with_wrong_player_count(run: Run, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    run("play", "rococo", "--bots", "human,random", "--seed", "1", "--save", str(save), input="1\n")
    result = run("play", "rococo", "--load", str(save), "--players", "3")
    assert result.exit_code == 1
    assert result.stderr.startswith("error: ")
    assert "2-player game" in result.stderr


def test_seed_with_load_is_refused(run: Run, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    run("play", "rococo", "--bots", "human,random", "--seed", "1", "--save", str(save), input="1\n")
    result = run("play", "rococo", "--load", str(save), "--seed", "2")
    assert result.exit_code == 1
    assert result.stderr.startswith("error: --seed and --load")


def test_unknown_expansion_is_named(run: Run) -> None:
    result = run("simulate", "rococo", "--games", "1", "--expansions", "bogus")
    assert result.stderr.startswith("error: There is no expansion “bogus”; choose from jewelry_box,")


def test_expansions_with_load_is_refused(run: Run, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    run("play", "rococo", "--bots", "human,random", "--seed", "1", "--save", str(save), input="1\n")
    result = run("play", "rococo", "--load", str(save), "--expansions", "all")
    assert result.exit_code == 1
    assert result.stderr.startswith("error: --expansions and --load")


@pytest.mark.heavy
def test_help_is_not_an_error(run: Run) -> None:
    for args in ([], ["--help"], ["play", "--help"], ["simulate", "--help"], ["replay", "--help"],
                 ["bench", "--help"]):
        result = run(*args)
        assert result.exit_code == 0, args
        assert "Usage" in result.stdout
        assert result.stderr == ""


def test_the_help_lists_every_command_once_by_its_first_paragraph_on_one_line(run: Run) -> None:
    """Commands are loaded only when called for (salon.cli.main); the list still has them all,
    each help joined so that rich wraps it rather than the docstring's line breaks."""
    listed = CliRunner().invoke(app, ["--help"], env={"COLUMNS": "400", "LC_ALL": "C"}).stdout
    lines = [line.strip("│ ") for line in listed.splitlines()]
    for name in COMMANDS:
        assert sum(line.startswith(f"{name} ") for line in lines) == 1, name
    assert any("action text. At a terminal the game is laid out" in line for line in lines)
    assert run("plya").stderr == "error: No such command 'plya'. Did you mean 'play', 'replay'?\n"


def test_the_version_loads_neither_the_web_stack_nor_the_bots() -> None:
    """``salon --version`` and the commands that need neither start without importing them."""
    probe = ("import sys\nfrom salon.cli.main import app\n"
             "try:\n    app(['--version'])\nexcept SystemExit:\n    pass\n"
             "print(sorted(m for m in ('sqlalchemy', 'fastapi', 'numpy', 'salon.web', 'salon.bots.search') "
             "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines()[-1] == "[]", out.stdout


@pytest.mark.parametrize("args", [["--help"], ["serve", "--help"], ["admin", "--help"]])
@pytest.mark.heavy
def test_the_help_does_not_load_the_web_stack(args: list[str]) -> None:
    """The server's commands load the web stack as they run, not to show their help, so that
    ``salon --help``, which loads every command, starts as quickly as the others."""
    probe = (f"import sys\nfrom salon.cli.main import app\ntry:\n    app({args!r})\nexcept SystemExit:\n    pass\n"
             "print(sorted(m for m in ('sqlalchemy', 'alembic', 'fastapi', 'limits', 'salon.web.guard') "
             "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert "Usage: salon" in out.stdout and out.stdout.splitlines()[-1] == "[]", out.stdout


def test_solo_with_another_player_count_is_named(run: Run) -> None:
    result = run("play", "rococo", "--solo", "--players", "3")
    assert result.stderr == "error: --solo is a game of one player; leave out --players 3.\n"


def test_options_a_game_lacks_are_named(run: Run) -> None:
    """--solo and --edition are Rococo's: for another game the option itself is named."""
    for command in (["play"], ["simulate"], ["bench", "--seconds", "0.01"]):
        solo = run(*command, "necklace", "--solo")
        assert solo.exit_code == 1 and solo.stderr == "error: --solo: The Queen's Necklace has no solo mode\n"
        edition = run(*command, "necklace", "--edition", "2013")
        assert edition.exit_code == 1
        assert edition.stderr == "error: --edition: The Queen's Necklace has a single edition\n"


def test_unknown_edition_is_named(run: Run) -> None:
    result = run("play", "rococo", "--edition", "1999")
    assert result.stderr == "error: edition: choose one of deluxe, 2013.\n"


def test_2013_edition_refuses_solo_and_expansions_in_the_players_words(run: Run) -> None:
    """D-2, as the engine's config refuses it, worded from the catalogs."""
    for args, why in ((["--solo"], "has no solo mode."),
                      (["--expansions", "jewelry_box"], "has no expansions: they belong to the Deluxe Edition.")):
        result = run("play", "rococo", "--edition", "2013", *args)
        assert result.exit_code == 1
        assert result.stderr == f"error: The 2013 edition {why}\n"


def test_solo_and_edition_with_load_are_refused(run: Run, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    run("play", "rococo", "--bots", "human,random", "--seed", "1", "--save", str(save), input="1\n")
    for option in (["--solo"], ["--edition", "2013"]):
        result = run("play", "rococo", "--load", str(save), *option)
        assert result.exit_code == 1
        assert result.stderr.startswith(f"error: {option[0]} and --load exclude each other")
