"""``salon strength``: paired seeds with the seats swapped, the report in words and as JSON,
each game in the games file, the solo mode against the game's own opponent, the Elo and the
sequential test that stops the games at its verdict, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

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
    played = [json.loads(line) for line in games.read_text().splitlines()]
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
    assert len(games.read_text().splitlines()) == data["games"]
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
