"""``salon play``: bot games to the end, human input, hot seat, saving and loading."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from rich.text import Text

from salon.cli.rococo.view import RococoView
from salon.core import record
from salon.rococo.game import Rococo
from tests.cli.conftest import Run

DRAFT = "1\n1\n1\n"
"""The three picks of a first hand, the first three cards: a card picked leaves the numbers."""
JEWELS_ROW = re.compile(r"^\s*jewelry\s+\d+\s+\d+", re.MULTILINE)
"""The jewels step's row of the final scoring table (two players)."""


def test_bots_play_a_whole_game_and_the_breakdown_is_shown(run: Run) -> None:
    result = run("play", "rococo", "--bots", "random,random", "--seed", "1")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Seed 1" in out
    assert "Final scoring" in out
    for step in ("money", "hall majorities", "fireworks majority", "statues", "ownership markers", "total",
                 "money left (tie-break)"):
        assert step in out
    assert re.search(r"(Winner|Shared win): Player", out)
    assert not JEWELS_ROW.search(out)
    assert result.stderr == ""


def test_bots_play_a_whole_game_with_all_expansions(run: Run) -> None:
    result = run("play", "rococo", "--bots", "random,random", "--seed", "3", "--expansions", "all")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Expansions: Jewelry Box, Noble, Festive, Exquisite" in out
    assert "Jeweler board" in out
    scoring = out[out.index("Final scoring"):]
    assert JEWELS_ROW.search(scoring), scoring
    for step in ("money", "employees", "hall majorities", "ownership markers", "total"):
        assert step in scoring
    assert re.search(r"(Winner|Shared win): Player", out)
    assert result.stderr == ""


@pytest.mark.slow
def test_expansions_are_kept_in_the_record(run: Run, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = run("play", "rococo", "--bots", "random,random", "--seed", "4", "--expansions", "jewelry_box, festive",
                 "--save", str(save))
    assert result.exit_code == 0, result.output
    assert record.load(save).config.expansions == ("jewelry_box", "festive")
    replayed = run("replay", str(save))
    assert replayed.exit_code == 0, replayed.output
    assert "Expansions: Jewelry Box, Festive" in replayed.stdout
    assert JEWELS_ROW.search(replayed.stdout)


def test_three_bots_with_players_option(run: Run) -> None:
    result = run("play", "rococo", "--players", "3", "--bots", "random", "--seed", "4")
    assert result.exit_code == 0, result.output
    assert "Player 3 (random)" in result.stdout
    assert "Final scoring" in result.stdout


@pytest.mark.heavy
def test_human_answers_then_end_of_input_stops_cleanly(run: Run, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = run("play", "rococo", "--bots", "human,random", "--seed", "5", "--save", str(save),
                 input=DRAFT + "1\n" * 37)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Player 1, your decision" in out
    assert "Your hand" in out
    assert "Input ended: game stopped." in out
    assert f"Saved to {save}" in out
    assert "Traceback" not in result.output
    game = record.load(save)
    assert len(game.history) > 40  # the bot's actions are saved too


@pytest.mark.heavy
def test_saved_record_is_verified_by_replay(run: Run, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    assert run("play", "rococo", "--bots", "random,random", "--seed", "2", "--save", str(save)).exit_code == 0
    result = run("replay", str(save))
    assert result.exit_code == 0, result.output
    assert "a valid rococo record, seed 2" in " ".join(result.stdout.split())
    assert "Final scoring" in result.stdout
    as_json = json.loads(run("replay", str(save), "--json").stdout.strip().splitlines()[-1])
    assert as_json["over"] is True
    assert as_json["result"]["scores"] == list(record.load(save).result().scores)


@pytest.mark.heavy
def test_tampered_record_fails_replay_with_one_line(run: Run, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    assert run("play", "rococo", "--bots", "random,random", "--seed", "3", "--save", str(save)).exit_code == 0
    data = json.loads(save.read_text())
    data["actions"][5], data["actions"][6] = data["actions"][6], data["actions"][5]
    save.write_text(json.dumps(data))
    result = run("replay", str(save))
    assert result.exit_code == 1
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("error: ")
    assert "Traceback" not in result.output


def test_unfinished_record_shows_where_it_stands(run: Run, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    run("play", "rococo", "--bots", "human,random", "--seed", "6", "--save", str(save), input="1\n" * 10)
    result = run("replay", str(save))
    assert result.exit_code == 0, result.output
    assert "Unfinished game" in result.stdout
    assert "round 1 of 7" in result.stdout


@pytest.mark.slow
def test_loaded_game_continues_with_new_seats(run: Run, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    run("play", "rococo", "--bots", "human,random", "--seed", "7", "--save", str(save), input="1\n" * 12)
    before = len(record.load(save).history)
    result = run("play", "rococo", "--load", str(save), "--bots", "random,random", "--save", str(save))
    assert result.exit_code == 0, result.output
    assert f"Resuming the saved game: {before} actions so far" in result.stdout
    assert "Final scoring" in result.stdout
    finished = record.load(save)
    assert finished.is_over()
    assert len(finished.history) > before


def test_commands_and_wrong_input(run: Run) -> None:
    result = run("play", "rococo", "--bots", "human,random", "--seed", "8",
                 input="help\nboard\nlog\n99\nnonsense\nplay:E99\npick:ZZZ\nquit\nyes\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Commands: help" in out
    for typed in ("99", "nonsense", "play:E99", "pick:ZZZ"):
        assert f"'{typed}' is not one of your choices now" in out
    assert "Game stopped." in out


def test_action_text_is_accepted(run: Run) -> None:
    result = run("play", "rococo", "--bots", "human,random", "--seed", "9", "--players", "2",
                 input="pick:S11\n")
    assert result.exit_code == 0, result.output
    assert "Player 1 takes S11 Master start card into hand" in result.stdout


def _own_cards(seat: int) -> list[str]:
    return [f"S{seat + 1}{k}" for k in range(1, 6)]


def test_hot_seat_hides_the_other_hand_until_handover(run: Run) -> None:
    result = run("play", "rococo", "--bots", "human,human", "--seed", "11", input=(DRAFT + "1\n") * 3)
    assert result.exit_code == 0, result.output
    out = result.stdout
    first = re.search(r"Player (\d), your decision", out)
    assert first is not None
    other = 1 - (int(first.group(1)) - 1)
    handover = out.index(f"Pass the terminal to Player {other + 1}")
    before = out[:handover]
    for card in _own_cards(other):
        assert card not in before
    after = out[handover:]
    assert any(card in after for card in _own_cards(other))


def test_hot_seat_keeps_each_specialized_apprentice_secret(run: Run) -> None:
    seed = 11
    game = Rococo.new({"players": 2, "expansions": "jewelry_box"}, seed)
    secret = [game.observe(seat)["players"][seat]["specialist"]["card"] for seat in range(2)]
    result = run("play", "rococo", "--bots", "human,human", "--seed", str(seed), "--expansions", "jewelry_box",
                 input=(DRAFT + "1\n") * 3)
    assert result.exit_code == 0, result.output
    out = result.stdout
    first = re.search(r"Player (\d), your decision", out)
    assert first is not None
    seat = int(first.group(1)) - 1
    handover = out.index(f"Pass the terminal to Player {2 - seat}")
    before, after = out[:handover], out[handover:]
    assert f"Your specialized apprentice: {secret[seat]}" in before
    assert secret[1 - seat] not in before
    assert f"Your specialized apprentice: {secret[1 - seat]}" in after


# --- the solo mode and the 2013 edition

DELUXE_WORDS = re.compile(r"(?<!:)\b(thread|kitchen|pink|orange)\b|Queen's favour", re.IGNORECASE)
"""Deluxe words the 2013 edition says otherwise; an action text such as ``bonus:thread`` is the
engine's vocabulary, typed as it is, and stays."""


def test_solo_game_with_a_bot_runs_to_the_end_and_tells_madames_turns(run: Run) -> None:
    result = run("play", "rococo", "--solo", "--bots", "random", "--seed", "2")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Seats: Player 1 (random), Madame du Barry" in out
    assert "Solo mode against Madame du Barry" in out
    assert re.search(r"Madame du Barry reveals D\d\d \((win|acquire|tailor|hire|finance) ", out)
    assert "for the placement" in out
    assert "Madame du Barry, the automatic opponent" in out
    scoring = " ".join(out[out.index("Final scoring"):].split())
    assert "Madame du Barry's resource tiles" in scoring
    assert "Madame du Barry wins every tie" in scoring
    assert re.search(r"Winner: (Player 1 \(random\)|Madame du Barry)", out)
    assert result.stderr == ""


@pytest.mark.slow
def test_solo_game_with_the_jewelry_box_and_the_heuristic_bot(run: Run) -> None:
    result = run("play", "rococo", "--solo", "--bots", "heuristic", "--seed", "3", "--expansions", "jewelry_box")
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    assert "Expansions: Jewelry Box" in out and "Solo mode against Madame du Barry" in out
    assert "Madame du Barry covers exam task" in out
    assert "jewelry" in out[out.index("Final scoring"):]


@pytest.mark.heavy
def test_solo_human_sees_madames_turns_right_before_the_next_decision(run: Run) -> None:
    result = run("play", "rococo", "--solo", "--seed", "5", input=DRAFT + "1\n" * 57)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Seats: Player 1, Madame du Barry" in out
    assert "Pass the terminal" not in out
    blocks = out.split("Since your last decision")[1:]
    assert blocks
    shown = [block.split("your decision")[0] for block in blocks]
    assert any(re.search(r"Madame du Barry reveals D\d\d \(", part) for part in shown)
    # her turns appear only in these blocks, never before the board that follows the action
    assert out.count("Madame du Barry reveals") == sum(part.count("Madame du Barry reveals") for part in shown)


@pytest.mark.slow
def test_solo_record_replays_with_madame(run: Run, tmp_path: Path) -> None:
    save = tmp_path / "solo.json"
    assert run("play", "rococo", "--solo", "--bots", "random", "--seed", "6", "--save", str(save)).exit_code == 0
    result = run("replay", str(save))
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    assert "Solo mode against Madame du Barry" in out
    assert "Madame du Barry's resource tiles" in out and "Madame du Barry wins every tie" in out
    as_json = json.loads(run("replay", str(save), "--json").stdout.strip().splitlines()[-1])
    assert as_json["config"]["solo"] is True
    assert len(as_json["result"]["scores"]) == 2


@pytest.mark.heavy
def test_unfinished_solo_game_continues_with_another_player(run: Run, tmp_path: Path) -> None:
    save = tmp_path / "solo.json"
    run("play", "rococo", "--solo", "--seed", "7", "--save", str(save), input="1\n" * 15)
    unfinished = run("replay", str(save))
    assert "Madame du Barry, the automatic opponent" in unfinished.stdout
    result = run("play", "rococo", "--load", str(save), "--bots", "random", "--save", str(save))
    assert result.exit_code == 0, result.output
    assert "Seats: Player 1 (random), Madame du Barry" in result.stdout
    assert record.load(save).is_over()


@pytest.mark.heavy
def test_2013_edition_game_speaks_its_own_words(run: Run) -> None:
    result = run("play", "rococo", "--edition", "2013", "--players", "3", "--bots", "human,random,random",
                 "--seed", "8", input="board\n" + "1\n" * 40)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Edition: the original 2013 edition" in out
    for word in ("Wool", "upper fountain", "lower basin", "Favour card"):
        assert word in out, word
    assert not DELUXE_WORDS.search(out), DELUXE_WORDS.search(out)
    rows = re.findall(r"^Player ([23]) \(random\)\s+\d+\s+\d+\s+\d+\s+(\S+)", out, re.MULTILINE)
    assert rows and all(vp == "?" for _, vp in rows)


@pytest.mark.slow
def test_2013_edition_game_to_the_end_shows_every_score(run: Run, tmp_path: Path) -> None:
    save = tmp_path / "2013.json"
    result = run("play", "rococo", "--edition", "2013", "--players", "4", "--bots", "random", "--seed", "9",
                 "--save", str(save))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert not DELUXE_WORDS.search(out), DELUXE_WORDS.search(out)
    scoring = out[out.index("Final scoring"):]
    assert "Favour card" in scoring and "money left (tie-break)" in scoring
    scores = record.load(save).result().scores
    final_board = out[out.rindex("\nPlayers"):out.index("Final scoring")]
    rows = re.findall(r"^Player (\d) \(random\)\s+\d+\s+\d+\s+\d+\s+(\S+)", final_board, re.MULTILINE)
    assert [int(vp) for _, vp in rows] == list(scores)
    replayed = run("replay", str(save))
    assert "Edition: the original 2013 edition" in replayed.stdout


@pytest.mark.slow
def test_a_hint_shows_the_searchs_best_choices_and_the_others_are_told(run: Run) -> None:
    """``hint`` lists the search's best choices with their estimates in points; in a hot-seat
    game the next player learns, at the hand-over, that a hint was asked for."""
    result = run("play", "rococo", "--bots", "human,human", "--seed", "11", input="hint\n1\n\n2\n3\n1\n1\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    assert "Hint for Player 1: the search's best choices" in out
    shown = re.findall(r"(\d)\. option \d+: (pick:S\d+) \(Take .*?\): "
                       r"(about [\d.]+ VP (?:ahead of|behind) the best opponent|level)", out)
    assert [rank for rank, _, _ in shown] == ["1", "2", "3", "4", "5"], out  # the five picks: six candidates kept
    handover = out.index("Pass the terminal to Player 2")
    assert out.index("Player 1 asked for a hint", handover) > out.index("Since your last decision", handover)


def test_plain_tells_each_opponent_move_once(run: Run, tmp_path: Path) -> None:
    """``--plain`` with bots: every line of the log that the human may see is printed once,
    whether it is the human's own action (told as it happens) or a bot's (told in the recap
    right above the human's next decision, not as it happens as well)."""
    save = tmp_path / "game.json"
    result = run("play", "rococo", "--bots", "human,random,random", "--seed", "8", "--delay", "0", "--plain",
                 "--save", str(save), input=DRAFT + "1\n" * 9 + "quit\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    history = record.load(save).history
    # the log as the human sees it, action by action, from the same game replayed
    g = Rococo.new({"players": 3}, 8)
    view = RococoView(g, "en", ["Player 1", "Player 2 (random)", "Player 3 (random)"])
    told: list[str] = []
    for action in history:
        events = g.apply(action)
        told += [" ".join(Text.from_markup(line).plain.split()) for line in view.log([e.view(0) for e in events])]
    bots = [line for line in told if line.startswith("Player 2 (random)") or line.startswith("Player 3 (random)")]
    assert len(bots) > 10
    for line in set(told):
        expected = sum(other.count(line) for other in told)  # a line may be part of a longer one
        assert out.count(line) == expected, (line, out.count(line), expected)
