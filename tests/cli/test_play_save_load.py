"""``salon play``: a saved game continues with the seats it had, a save path is checked before
the game starts, and what a player types is answered in the player's words."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from salon.core import record
from tests.cli.conftest import Run

UP_TO_HANDOFF = "1\n2\n3\n"
"""Player 1's three picks of the first hand with seed 2; then the terminal goes to Player 2."""


def _saved(run: Run, path: Path, bots: str, seed: int, input: str) -> dict[str, Any]:
    result = run("play", "rococo", "--bots", bots, "--seed", str(seed), "--save", str(path), "--delay", "0",
                 input=input)
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def _resign(data: dict[str, Any]) -> str:
    """The record with its checksum recomputed, as a deliberate editor would."""
    data["checksum"] = record._checksum({k: v for k, v in data.items() if k != "checksum"})
    return json.dumps(data)


# --- who sat where


def test_hot_seat_game_reloads_with_both_humans(run: Run, tmp_path: Path) -> None:
    save = tmp_path / "hot.json"
    data = _saved(run, save, "human,human", 2, UP_TO_HANDOFF + "\nquit\n")
    assert data["seats"] == ["human", "human"]
    result = run("play", "rococo", "--load", str(save), input="quit\n")
    assert result.exit_code == 0, result.output
    assert "Seats: Player 1, Player 2\n" in result.stdout
    assert "heuristic" not in result.stdout
    assert "Player 2, your decision" in result.stdout


def test_human_in_the_second_seat_keeps_it(run: Run, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    _saved(run, save, "random,human", 3, "quit\n")
    result = run("play", "rococo", "--load", str(save), input="quit\n")
    assert result.exit_code == 0, result.output
    assert "Seats: Player 1 (random), Player 2\n" in result.stdout
    assert "Player 2, your decision" in result.stdout
    assert "Player 1, your decision" not in result.stdout


def test_bots_option_overrides_the_saved_seats(run: Run, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    _saved(run, save, "random,human", 3, "quit\n")
    result = run("play", "rococo", "--load", str(save), "--bots", "human,random", input="quit\n")
    assert result.exit_code == 0, result.output
    assert "Seats: Player 1, Player 2 (random)\n" in result.stdout
    assert record.load_saved(save).seats == ("human", "random")
    wrong = run("play", "rococo", "--load", str(save), "--bots", "human,random,random")
    assert wrong.exit_code == 1
    assert wrong.stderr == "error: --bots names 3 seats, but the game has 2 players.\n"


def test_a_record_without_seats_still_loads_with_the_default_seats(run: Run, tmp_path: Path) -> None:
    save = tmp_path / "old.json"
    data = _saved(run, save, "random,human", 3, "quit\n")
    del data["seats"]
    data["version"] = 1
    save.write_text(_resign(data))
    assert record.load_saved(save).seats is None
    result = run("play", "rococo", "--load", str(save), input="quit\n")
    assert result.exit_code == 0, result.output
    assert "Seats: Player 1, Player 2 (heuristic)\n" in result.stdout
    assert json.loads(save.read_text())["seats"] == ["human", "heuristic"]


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        (["random", "grandmaster"], "its seat list names 'grandmaster' for seat 2, which is neither 'human' nor a bot"),
        (["human"], "The seat list of this saved game names 1 seats; its game has 2."),
        (["human", ""], "its seat list names '' for seat 2"),
    ],
)
def test_an_edited_seat_list_is_refused(run: Run, tmp_path: Path, seats: list[str], message: str) -> None:
    save = tmp_path / "game.json"
    data = _saved(run, save, "random,human", 3, "quit\n")
    data["seats"] = seats
    save.write_text(json.dumps(data))
    unsigned = run("play", "rococo", "--load", str(save))
    assert unsigned.exit_code == 1
    assert unsigned.stderr == "error: This saved game is damaged or was edited: its checksum does not match.\n"
    save.write_text(_resign(data))
    resigned = run("play", "rococo", "--load", str(save))
    assert resigned.exit_code == 1
    assert len(resigned.stderr.splitlines()) == 1 and message in resigned.stderr, resigned.stderr
    assert "Seed" not in resigned.stdout


def test_a_version_1_record_holds_no_seat_list(run: Run, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    data = _saved(run, save, "random,human", 3, "quit\n")
    data["version"] = 1
    save.write_text(_resign(data))
    result = run("replay", str(save))
    assert result.stderr == "error: This saved game is damaged (seats).\n"


def test_a_solo_game_reloads_with_madame_in_her_seat(run: Run, tmp_path: Path) -> None:
    save = tmp_path / "solo.json"
    run("play", "rococo", "--solo", "--seed", "7", "--save", str(save), input="1\n" * 5)
    seats = record.load_saved(save).seats
    assert seats is not None and seats[0] == "human" and len(seats) == 2
    result = run("play", "rococo", "--load", str(save), input="quit\n")
    assert result.exit_code == 0, result.output
    assert "Seats: Player 1, Madame du Barry\n" in result.stdout
    two = run("play", "rococo", "--load", str(save), "--bots", "human,human")
    assert two.exit_code == 1
    assert two.stderr == ("error: A solo game has one player against the game's own opponent: --bots takes "
                          "one name, not 2.\n")


# --- continuing a loaded game saves it


def test_a_loaded_game_keeps_saving_to_its_file(run: Run, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    _saved(run, save, "human,random", 4, "1\n")
    before = len(record.load(save).history)
    result = run("play", "rococo", "--load", str(save), "--delay", "0", input="1\n1\nquit\n")
    assert result.exit_code == 0, result.output
    assert " ".join(result.stdout.split()).count(f"The game is saved to {save} as it goes on") == 1
    assert len(record.load(save).history) > before
    elsewhere = tmp_path / "other.json"
    moved = run("play", "rococo", "--load", str(save), "--save", str(elsewhere), input="1\nquit\n")
    assert "as it goes on" not in moved.stdout
    assert len(record.load(elsewhere).history) > len(record.load(save).history)


# --- the save path is checked before the game starts


@pytest.mark.parametrize(
    ("where", "message"),
    [
        ("folder", "is a folder; give the path of a file"),
        ("missing/x.json", "there is no folder"),
        ("notes.txt", "exists and is not a salon game record"),
    ],
)
def test_a_bad_save_path_is_refused_before_the_game_starts(run: Run, tmp_path: Path, where: str,
                                                           message: str) -> None:
    (tmp_path / "folder").mkdir()
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    result = run("play", "rococo", "--seed", "1", "--save", str(tmp_path / where), input="1\n")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("error: Invalid value for '--save': ")
    assert message in result.stderr and len(result.stderr.splitlines()) == 1
    assert notes.read_text() == "my notes\n"


def test_an_empty_file_or_a_record_may_be_overwritten(run: Run, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    save.write_text("")
    _saved(run, save, "human,random", 5, "1\n")
    _saved(run, save, "human,random", 6, "1\n")
    assert record.load(save).seed == 6


# --- the prompts


def test_quit_at_the_handoff_stops_the_game(run: Run, tmp_path: Path) -> None:
    save = tmp_path / "hot.json"
    result = run("play", "rococo", "--bots", "human,human", "--seed", "2", "--save", str(save),
                 input=UP_TO_HANDOFF + "quit\n1\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.index("Pass the terminal to Player 2") < out.index("Game stopped.")
    assert "Player 2, your decision" not in out
    assert len(record.load(save).history) == 3


def test_a_single_option_is_asked_for_plainly(run: Run) -> None:
    # with seed 2 the tenth decision of Player 1 plays the only card left in hand (S11, S12 and S13
    # taken into it: each pick leaves the numbers)
    result = run("play", "rococo", "--bots", "human,random", "--seed", "2", "--delay", "0",
                 input="1\n1\n1\n" + "1\n" * 6 + "nonsense\nquit\n")
    out = " ".join(result.stdout.split())
    assert "'nonsense' is not your choice now: type 1, the action text shown, or a command" in out
    assert "from 1 to 1" not in out


def test_what_is_not_a_choice_is_answered_without_engine_terms(run: Run) -> None:
    typed = ["hire:E05", "bonus:thread", "play:S99", "nonsense", "99"]
    result = run("play", "rococo", "--bots", "human,random", "--seed", "8", input="\n".join([*typed, "quit", ""]))
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    for text in typed:
        assert f"'{text}' is not one of your choices now: type a number from 1 to 5, an action text shown in the " \
               "list, or a command (help, rules, why, undo, board, log, hint, settings, quit)." in out, text
    for jargon in ("seat 0", "decision now", "PROTOCOL", "R-", "Not allowed"):
        assert jargon not in out, jargon


def test_solo_with_two_entries_speaks_of_the_solo_mode(run: Run) -> None:
    for command in ("play", "simulate"):
        result = run(command, "rococo", "--bots", "heuristic,heuristic", "--solo")
        assert result.exit_code == 1
        assert result.stderr == ("error: A solo game has one player against the game's own opponent: --bots "
                                 "takes one name, not 2.\n")


def test_a_negative_delay_is_refused(run: Run) -> None:
    result = run("play", "rococo", "--seed", "1", "--delay", "-1")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("error: Invalid value for '--delay': ")
