"""``salon strength``: paired seeds with the seats swapped, the report in words and as JSON,
each game in the games file and a run resumed from it, the solo mode against the game's own
opponent, the Elo and the sequential test that stops the games at its verdict, one-line errors."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import Result

from salon.bots.base import BotSpec
from salon.bots.sprt import Sprt
from salon.cli import strength as strength_mod

from .conftest import Run


@pytest.mark.slow
def test_seats_are_swapped_on_each_seed(run: Run, tmp_path: Path) -> None:
    games = tmp_path / "games.jsonl"
    result = run("strength", "necklace", "--bot", "heuristic:width=1", "--against", "random", "--games", "4",
                 "--seed", "7", "--games-file", str(games), "--json")
    assert result.exit_code == 0, result.stdout
    data = json.loads(result.stdout.splitlines()[-1])
    assert data["games"] == 4 and data["against"] == "random" and data["players"] == 2
    assert data["win_rate_95"][0] <= data["win_rate"] <= data["win_rate_95"][1]
    header, *played = [json.loads(line) for line in games.read_text().splitlines()]
    assert header["measurement"]["bot"] == "heuristic:width=1" and header["measurement"]["seed"] == 7
    assert [(g["seed"], g["seat"]) for g in played] == [(7, 0), (7, 1), (8, 0), (8, 1)]
    assert sum(g["win"] for g in played) == data["wins"]
    assert data["elo_95"][0] <= data["elo"] <= data["elo_95"][1] and "sprt" not in data


def test_the_solo_mode_names_the_games_own_opponent(run: Run) -> None:
    """R-SOLO-*: the measured bot plays Madame du Barry, not the bot of ``--against``."""
    en = run("strength", "rococo", "--bot", "random", "--solo", "--games", "1")
    assert en.exit_code == 0 and "random against Madame du Barry, rococo solo, 1 games" in en.stdout, en.stdout
    fr = run("strength", "rococo", "--bot", "random", "--solo", "--games", "1", "--lang", "fr")
    assert fr.exit_code == 0 and "random contre Madame du Barry, rococo en solo" in fr.stdout, fr.stdout


@pytest.mark.slow
def test_two_player_report_in_words(run: Run) -> None:
    result = run("strength", "necklace", "--bot", "random", "--games", "2")
    assert result.exit_code == 0 and "random against heuristic, necklace, 2 players, 2 games (seats swapped)" \
        in result.stdout, result.stdout


def test_an_unknown_bot_is_one_line_error(run: Run) -> None:
    result = run("strength", "rococo", "--bot", "nobody", "--games", "1")
    assert result.exit_code != 0 and "Traceback" not in result.stdout + result.stderr
    assert "nobody" in result.stdout + result.stderr


@pytest.mark.slow
def test_the_sprt_stops_the_games_once_it_decides(run: Run, tmp_path: Path) -> None:
    games = tmp_path / "games.jsonl"
    result = run("strength", "necklace", "--bot", "heuristic:width=1", "--against", "random", "--games", "20",
                 "--sprt", "0,200", "--games-file", str(games), "--json")
    assert result.exit_code == 0, result.stdout
    data = json.loads(result.stdout.splitlines()[-1])
    assert data["sprt"]["verdict"] == "H1" and data["sprt"]["llr"] >= data["sprt"]["bounds"][1]
    assert data["games"] < 20 and data["games"] % 2 == 0  # whole seeds, each from both seats
    assert len(games.read_text().splitlines()) == 1 + data["games"]  # the header, then the games
    assert data["elo_95"][0] <= data["elo"] <= data["elo_95"][1] and data["elo_95"][0] > 0


def test_a_run_cut_at_the_cap_is_inconclusive(run: Run) -> None:
    words = run("strength", "rococo", "--bot", "random", "--solo", "--games", "2", "--sprt", "0,15")
    assert words.exit_code == 0, words.stdout
    assert "SPRT (0, 15): inconclusive after 2 games, LLR" in words.stdout and "Elo difference" in words.stdout
    data = json.loads(run("strength", "rococo", "--bot", "random", "--solo", "--games", "2", "--sprt", "0,15",
                          "--alpha", "0.1", "--json").stdout.splitlines()[-1])
    assert data["games"] == 2 and data["sprt"]["verdict"] == "inconclusive"
    assert {k: data["sprt"][k] for k in ("elo0", "elo1", "alpha", "beta")} == \
        {"elo0": 0, "elo1": 15, "alpha": 0.1, "beta": 0.05}
    assert data["sprt"]["bounds"][0] < data["sprt"]["llr"] < data["sprt"]["bounds"][1]


def test_the_test_counts_whole_seeds_and_stops_at_its_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each seed's block of games updates the test once, in the schedule's order, and no
    game is played after the verdict (here every game is a win, played by no bot at all)."""
    played: list[tuple[int, int]] = []

    def win(match: strength_mod.Match, seed: int, seat: int) -> strength_mod.Outcome:
        played.append((seed, seat))
        return strength_mod.Outcome(seed, seat, 1.0, 1.0, 1, 0.0)

    monkeypatch.setattr(strength_mod, "play", win)
    match = strength_mod.Match("necklace", BotSpec.parse("random"), BotSpec.parse("random"), 3)
    test = Sprt(0, 50, opponents=strength_mod.opponents(match))
    outcomes = strength_mod.run(match, 300, 0, 1, test=test)
    assert test.state().verdict == "H1" and len(outcomes) == len(played) == 3 * test.blocks < 300
    assert played[:4] == [(0, 0), (0, 1), (0, 2), (1, 0)]
    data = strength_mod.report(match, outcomes, 0, test)
    assert data["sprt"]["verdict"] == "H1" and data["elo"] > 50


@pytest.mark.parametrize("spec", ["15,0", "a"])
def test_a_bad_sprt_is_one_line_error(run: Run, spec: str) -> None:
    result = run("strength", "necklace", "--bot", "random", "--sprt", spec)
    output = result.stdout + result.stderr
    assert result.exit_code != 0 and "Traceback" not in output and len(output.strip().splitlines()) == 1
    assert f"--sprt {spec}" in output.replace("“", "").replace("”", "")


SOLO = ("strength", "rococo", "--bot", "random", "--solo", "--seed", "5", "--json")
"""A measurement of quick games, the same every time (the bots are seeded by the seed)."""


def _report(result: Result) -> dict[str, object]:
    assert result.exit_code == 0, result.stdout
    data = json.loads(result.stdout.splitlines()[-1])
    return {k: v for k, v in data.items() if k != "ms_per_decision"}


def test_a_run_cut_short_is_resumed_by_the_same_command(run: Run, tmp_path: Path) -> None:
    """The second run plays only the games the file lacks, and reports on all of them as a
    run that never stopped does."""
    games = tmp_path / "games.jsonl"
    assert _report(run(*SOLO, "--games", "2", "--games-file", str(games)))["games"] == 2
    resumed = _report(run(*SOLO, "--games", "5", "--games-file", str(games)))
    assert resumed == _report(run(*SOLO, "--games", "5"))
    lines = games.read_text().splitlines()
    assert len(lines) == 6 and [json.loads(line)["seed"] for line in lines[1:]] == [5, 6, 7, 8, 9]
    again = _report(run(*SOLO, "--games", "3", "--games-file", str(games)))  # nothing left to play
    assert again == _report(run(*SOLO, "--games", "3")) and games.read_text().splitlines() == lines


def test_a_line_cut_off_as_it_was_written_is_played_again(run: Run, tmp_path: Path) -> None:
    games = tmp_path / "games.jsonl"
    run(*SOLO, "--games", "2", "--games-file", str(games))
    whole = games.read_text()
    games.write_text(whole + '{"seed": 7, "se')
    assert _report(run(*SOLO, "--games", "3", "--games-file", str(games)))["games"] == 3
    lines = games.read_text().splitlines()
    assert games.read_text().startswith(whole) and len(lines) == 4 and json.loads(lines[3])["seed"] == 7


@pytest.mark.parametrize(("options", "tamper", "says"), [
    (("--bot", "heuristic"), None, "another measurement (bot 'random', not 'heuristic')"),
    (("--seed", "6"), None, "another measurement (seed 5, not 6)"),
    ((), lambda text: "notes\n", "is not a games file of salon strength"),
    ((), lambda text: text.replace('"win": ', '"win": "'), "line 2: not a game of salon strength"),
    ((), lambda text: text.replace('"seat": 0', '"seat": 1', 1), "not the first 2 of this measurement's"),
])
def test_a_file_the_run_cannot_resume_is_refused_and_left_alone(
        run: Run, tmp_path: Path, options: tuple[str, ...], tamper: Callable[[str], str] | None, says: str) -> None:
    games = tmp_path / "games.jsonl"
    run(*SOLO, "--games", "2", "--games-file", str(games))
    if tamper is not None:
        games.write_text(tamper(games.read_text()))
    before = games.read_bytes()
    result = run(*SOLO, "--games", "4", "--games-file", str(games), *options)
    output = result.stdout + result.stderr
    assert result.exit_code != 0 and "Traceback" not in output and says in output, output
    assert games.read_bytes() == before


def test_a_resumed_sequential_test_stops_where_the_uncut_one_did(monkeypatch: pytest.MonkeyPatch) -> None:
    """Earlier games that already decide the test are the whole report: none is played."""
    def never(match: strength_mod.Match, seed: int, seat: int) -> strength_mod.Outcome:
        raise AssertionError("a game was played after the verdict")

    monkeypatch.setattr(strength_mod, "play", never)
    match = strength_mod.Match("necklace", BotSpec.parse("random"), BotSpec.parse("random"), 2)
    earlier = [strength_mod.Outcome(s, seat, 1.0, 1.0, 1, 0.0) for _, s, seat in strength_mod.schedule(match, 200, 0)]
    test = Sprt(0, 50, opponents=1)
    outcomes = strength_mod.run(match, 300, 0, 1, test=test, earlier=earlier)
    assert test.state().verdict == "H1" and len(outcomes) == 2 * test.blocks < len(earlier)
