"""``salon strength``: paired seeds with the seats swapped, the report in words and as JSON,
each game in the games file, the solo mode against the game's own opponent, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

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
