"""The commands for The Queen's Necklace: ``play`` with bots to the final table and with two
humans at one terminal, ``simulate``, ``bench`` and ``replay``, each
with the same options and JSON keys as for Rococo."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from salon.core import record
from salon.necklace.game import Necklace
from tests.cli.conftest import Run

CARD_ID = re.compile(r"\bC\d{3}\b")


def _last_json(output: str) -> dict[str, Any]:
    last: dict[str, Any] = json.loads(output.strip().splitlines()[-1])
    return last


# --- play


def test_bots_play_a_whole_game_to_the_final_table(run: Run) -> None:
    result = run("play", "necklace", "--bots", "random,random,random", "--seed", "1")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Seats: Player 1 (random), Player 2 (random), Player 3 (random)" in out
    for sale in (1, 2, 3):
        assert f"Jewel sale {sale} of 3: everyone presents grey cards in secret" in out
        assert f"Sale {sale}: the presentations are revealed, column by column" in out
        assert f"Sale {sale}: rarity and prices" in out
    assert "The game is over after the last sale" in out
    assert "The Queen's Necklace · game over after" in out
    scoring = out[out.index("Final scoring"):]
    for step in ("first sale", "second sale", "third sale", "Necklace bounties", "total"):
        assert step in scoring, step
    assert "money left" not in scoring
    shared = re.search(r"(Winner|Shared win): Player", out)
    assert shared
    # QN-END-3 is told where leaders tie, not under a game with one winner
    told = "The rules break no tie: tied leaders share the win." in " ".join(scoring.split())
    assert told == (shared.group(1) == "Shared win")
    assert "Your hand" not in out  # nobody's hand is shown when only bots play
    assert result.stderr == ""


@pytest.mark.slow
def test_heuristic_bots_play_four_player_games(run: Run, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = run("play", "necklace", "--players", "4", "--bots", "heuristic,random,random,random", "--seed", "2",
                 "--save", str(save))
    assert result.exit_code == 0, result.output
    assert "Player 1 (heuristic)" in result.stdout
    game = record.load(save)
    assert game.is_over() and game.num_players == 4
    final = " ".join(result.stdout[result.stdout.index("Final scoring"):].split())
    totals = re.search(r"total((?: -?\d+){4})", final)
    assert totals is not None
    assert [int(x) for x in totals.group(1).split()] == list(game.result().scores)


@pytest.mark.slow
def test_a_human_against_a_bot_sees_the_board_and_the_options(run: Run, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = run("play", "necklace", "--bots", "human,random", "--seed", "5", "--save", str(save),
                 input="1\n2\ndone\n" * 14)
    assert result.exit_code == 0, result.output
    out = result.stdout
    for part in ("Fashion and rarity", "Market", "Price ladder", "Players", "Your hand (", "Player 1, your decision",
                 "Influence phase: play influence cards", "Card purchase: buy market cards"):
        assert part in out, part
    assert re.search(r"1\. buy:C\d{3} +Buy C\d{3} ", out)
    assert "Input ended: game stopped." in out
    assert "Traceback" not in result.output
    assert len(record.load(save).history) > 20


def test_commands_and_refusals_speak_the_necklace(run: Run) -> None:
    result = run("play", "necklace", "--bots", "human,random", "--seed", "10", "--players", "2",
                 input="help\npass\nbuy:C999\nnonsense\nquit\nyes\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    assert "its action text (such as " in out and "main:tailor" not in out
    for typed in ("pass", "buy:C999", "nonsense"):
        assert f"'{typed}' is not one of your choices now: type a number from 1 to" in out
    assert "seat 0" not in out and "QN-" not in out
    assert "Game stopped." in out


def _policy(game: Necklace) -> str:
    """Plays no influence card (so that no hand is ever shown), buys the first card it can,
    presents every gem card, passes every reaction."""
    legal = game.legal_actions()
    kind = game.decision()["kind"]
    if kind == "buy":
        return legal[0]
    if kind == "present":
        return next((a for a in legal if a.count(":") == 1 and game.s.ds.cards[
            game.s.ds.card_index[a[8:]]].kind_name == "gem"), "done")
    if kind == "forger_discard":
        return legal[0]
    return "done" if "done" in legal else "pass"


@pytest.mark.slow
def test_hot_seat_keeps_hands_and_presentations_secret(run: Run) -> None:
    """Two humans share the terminal up to the moment the second one is about to commit the
    first sale's presentation: the part of the output each one sees after taking the
    terminal never names a card the other holds unless it was on display in the market, and
    never the other's presentation."""
    seed = 3
    game = Necklace.new({"players": 2}, seed)
    public: set[str] = set()
    actions: list[str] = []
    presenters: list[int] = []

    def seen_on_display() -> None:
        public.update(e["card"]["id"] for e in game.observe(None)["market"] if e is not None)

    seen_on_display()
    while True:
        d = game.decision()
        if d["kind"] == "present" and d["seat"] not in presenters:
            presenters.append(d["seat"])
        action = _policy(game)
        if len(presenters) == 2 and action == "done":
            break  # the second presenter stops here, before committing
        actions.append(action)
        game.apply(action)
        seen_on_display()
    first, second = presenters
    presented = [c for cards in game.observe(first)["players"][first]["presenting"]["lots"].values() for c in cards]
    assert presented
    secret = {seat: {game.s.ds.cards[c].id for c in game.s.hands[seat]} - public for seat in range(2)}
    assert secret[0] and secret[1]

    result = run("play", "necklace", "--bots", "human,human", "--seed", str(seed),
                 input="".join(f"\n{a}\n" for a in actions))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Input ended: game stopped." in out
    # the output up to the first handover belongs to the first seat, then to each seat named
    parts = re.split(r"Pass the terminal to Player (\d) and press Enter", out)
    owners = [Necklace.new({"players": 2}, seed).current_player(), *(int(n) - 1 for n in parts[1::2])]
    segments = parts[0::2]
    assert len(segments) > 10
    for owner, segment in zip(owners, segments, strict=True):
        assert owner is not None
        other = 1 - owner
        leaked = set(CARD_ID.findall(segment)) & secret[other]
        assert not leaked, (owner, leaked)
    last = segments[-1]
    assert owners[-1] == second
    assert "Your presentation for sale 1 so far, secret until everyone has committed" in last
    assert "the presentations, column by column" not in last
    assert not set(presented) & set(CARD_ID.findall(last)) - public
    assert f"Player {first + 1} has prepared a presentation" in out


# --- simulate


def test_simulate_json_has_the_keys_of_rococo_and_no_errors(run: Run) -> None:
    result = run("simulate", "necklace", "--games", "5", "--players", "4", "--json")
    assert result.exit_code == 0, result.output
    data = _last_json(result.stdout)
    rococo = _last_json(run("simulate", "rococo", "--games", "1", "--json").stdout)
    assert set(data) == set(rococo)
    assert data["game"] == "necklace" and data["players"] == 4 and data["bots"] == ["random"] * 4
    assert data["games"] == data["completed"] == 5
    assert data["errors"] == 0, data["error_examples"]
    assert data["invariant_violations"] == 0, data["violation_examples"]
    assert len(data["wins"]) == len(data["win_rate"]) == len(data["mean_score"]) == 4
    assert abs(sum(data["wins"]) - 5) < 1e-9
    assert data["mean_decisions"] > 50


def test_simulate_table(run: Run) -> None:
    result = run("simulate", "necklace", "--games", "3", "--bots", "random,random")
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    assert "3 games of necklace, 2 players" in out
    assert "The rules break no tie: tied leaders share the win." in out
    assert "errors 0 · invariant violations 0" in out


# --- bench


@pytest.mark.slow
def test_bench_json_shape(run: Run) -> None:
    result = run("bench", "necklace", "--json", "--seconds", "0.1")
    assert result.exit_code == 0, result.output
    data = _last_json(result.stdout)
    rococo = _last_json(run("bench", "rococo", "--json", "--seconds", "0").stdout)
    assert set(data) == set(rococo)
    assert data["game"] == "necklace" and data["expansions"] == []
    assert set(data["players"]) == {"2", "3", "4"}
    for row in data["players"].values():
        assert set(row) == {"games_per_s", "decisions_per_s"}
        assert row["games_per_s"] > 0 and row["decisions_per_s"] > 0
    assert data["heuristic_ms_per_decision"] > 0


@pytest.mark.heavy
def test_bench_table(run: Run) -> None:
    result = run("bench", "necklace", "--seconds", "0.05")
    assert result.exit_code == 0, result.output
    assert "Benchmark: necklace" in result.stdout and "Decisions/s" in result.stdout


# --- replay


@pytest.mark.heavy
def test_saved_game_is_verified_by_replay(run: Run, tmp_path: Path) -> None:
    save = tmp_path / "necklace.json"
    assert run("play", "necklace", "--bots", "random,random", "--seed", "6", "--save", str(save)).exit_code == 0
    result = run("replay", str(save))
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    assert "a valid necklace record, seed 6" in out
    assert "Final scoring" in out and "third sale" in out and "money left" not in out
    assert re.search(r"(Winner|Shared win): Player", out)
    as_json = _last_json(run("replay", str(save), "--json").stdout)
    assert as_json["game"] == "necklace" and as_json["over"] is True
    assert as_json["result"]["scores"] == list(record.load(save).result().scores)
    assert as_json["config"]["players"] == 2


@pytest.mark.slow
def test_unfinished_game_replays_and_continues(run: Run, tmp_path: Path) -> None:
    save = tmp_path / "necklace.json"
    run("play", "necklace", "--bots", "human,random", "--seed", "7", "--save", str(save), input="1\n" * 15)
    result = run("replay", str(save))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Unfinished game" in out
    assert "The Queen's Necklace · turn" in out and "Fashion and rarity" in out
    assert "Your hand" not in out
    as_json = _last_json(run("replay", str(save), "--json").stdout)
    assert as_json["over"] is False and as_json["decision"]["kind"]
    before = len(record.load(save).history)
    resumed = run("play", "necklace", "--load", str(save), "--bots", "random,random", "--save", str(save))
    assert resumed.exit_code == 0, resumed.output
    assert f"Resuming the saved game: {before} actions so far" in resumed.stdout
    assert record.load(save).is_over()


def test_tampered_necklace_record_fails_with_one_line(run: Run, tmp_path: Path) -> None:
    save = tmp_path / "necklace.json"
    assert run("play", "necklace", "--bots", "random,random", "--seed", "9", "--save", str(save)).exit_code == 0
    data = json.loads(save.read_text())
    data["actions"][3] = "alchemist:C001:ruby"  # no sale is under way
    save.write_text(json.dumps(data))
    result = run("replay", str(save))
    assert result.exit_code == 1
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: ")


BAD = {
    "five players": ["play", "necklace", "--players", "5", "--bots", "random"],
    "one player": ["simulate", "necklace", "--players", "1", "--games", "1"],
    "expansions": ["simulate", "necklace", "--games", "1", "--expansions", "noble"],
    "solo": ["play", "necklace", "--solo"],
    "edition": ["bench", "necklace", "--edition", "2013", "--seconds", "0"],
}


@pytest.mark.parametrize("args", list(BAD.values()), ids=list(BAD))
def test_options_the_necklace_lacks_give_one_error_line(run: Run, args: list[str]) -> None:
    result = run(*args)
    assert result.exit_code != 0
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
