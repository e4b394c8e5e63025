"""``salon simulate`` and ``salon bench``: JSON shapes, reproducibility, the human-readable tables."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Self

import pytest

from salon.cli import bench as bench_mod
from salon.cli.common import wins_text
from salon.core.events import Event
from salon.core.plugins import Plugin, plugins
from tests.bots.test_heuristic import Counters
from tests.cli.conftest import Run


def _last_json(output: str) -> dict[str, Any]:
    last: dict[str, Any] = json.loads(output.strip().splitlines()[-1])
    return last


def test_simulate_json(run: Run) -> None:
    result = run("simulate", "rococo", "--games", "3", "--players", "3", "--json")
    assert result.exit_code == 0, result.output
    data = _last_json(result.stdout)
    assert data["games"] == 3
    assert data["errors"] == 0
    assert data["invariant_violations"] == 0
    assert len(data["wins"]) == len(data["mean_score"]) == 3
    assert abs(sum(data["wins"]) - 3) < 1e-9
    assert data["mean_decisions"] > 100


class Planted(Counters):
    """A game whose every state breaks an invariant, counting the checks."""

    name = "test-planted"
    checks: list[bool] = []

    def violations(self, before: Self | None = None, events: Sequence[Event] = ()) -> list[str]:
        self.checks.append(before is not None)
        return ["planted violation"]


def test_simulate_runs_the_invariants_after_every_action(run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every action's change is checked (salon.core.game.Game.violations), each violation
    counted and quoted."""
    monkeypatch.setitem(plugins(), Planted.name, Plugin(Planted.name, "tests.cli.test_simulate_bench:Planted"))
    Planted.checks.clear()
    # one process, so that the planted checks are counted here
    result = run("simulate", Planted.name, "--games", "2", "--json", "--workers", "1")
    assert result.exit_code == 1
    data = _last_json(result.stdout)
    assert data["errors"] == 0
    decisions = round(data["mean_decisions"] * data["games"])
    assert data["invariant_violations"] == len(Planted.checks) == decisions and all(Planted.checks)
    assert "planted violation" in data["violation_examples"][0]


def test_simulate_with_all_expansions(run: Run) -> None:
    result = run("simulate", "rococo", "--games", "3", "--expansions", "all", "--json")
    assert result.exit_code == 0, result.output
    data = _last_json(result.stdout)
    assert data["expansions"] == ["jewelry_box", "noble", "festive", "exquisite"]
    assert data["completed"] == 3
    assert data["errors"] == 0, data["error_examples"]
    assert data["invariant_violations"] == 0, data["violation_examples"]
    plain = _last_json(run("simulate", "rococo", "--games", "1", "--json").stdout)
    assert plain["expansions"] == []


def test_simulate_is_reproducible_and_seeds_follow_each_other(run: Run) -> None:
    both = _last_json(run("simulate", "rococo", "--games", "2", "--seed", "40", "--json").stdout)
    again = _last_json(run("simulate", "rococo", "--games", "2", "--seed", "40", "--json").stdout)
    first = _last_json(run("simulate", "rococo", "--games", "1", "--seed", "40", "--json").stdout)
    second = _last_json(run("simulate", "rococo", "--games", "1", "--seed", "41", "--json").stdout)
    assert both["mean_score"] == again["mean_score"]
    for seat in range(2):
        assert abs(both["mean_score"][seat] - (first["mean_score"][seat] + second["mean_score"][seat]) / 2) < 1e-3


def test_simulate_table(run: Run) -> None:
    result = run("simulate", "rococo", "--games", "2", "--bots", "random,random")
    assert result.exit_code == 0, result.output
    assert "Mean score" in result.stdout
    assert "errors 0 · invariant violations 0" in result.stdout


@pytest.mark.slow
def test_bench_json_shape(run: Run) -> None:
    result = run("bench", "rococo", "--json", "--seconds", "0.2")
    assert result.exit_code == 0, result.output
    data = _last_json(result.stdout)
    assert set(data["players"]) == {"2", "3", "4", "5"}
    for row in data["players"].values():
        assert row["games_per_s"] > 0
        assert row["decisions_per_s"] > 0
    assert data["heuristic_ms_per_decision"] > 0
    reference = data["reference"]  # OpenSpiel is installed with the tests (the rl extra)
    assert reference["game"] == "openspiel hearts" and reference["decisions_per_s"] > 0
    # Rococo at Hearts' 4 players, in turns with Hearts: the ratio is a median of whole turns
    assert reference["players"] == 4 and reference["ratio"] > 0 and reference["turns"] >= 1
    assert data["config"]["edition"] == "deluxe" and data["config"]["solo"] is False
    assert "players" not in data["config"]  # bench plays every player count


@pytest.mark.slow
def test_json_reports_say_which_rules_were_played(run: Run) -> None:
    """A result file tells the edition, the solo mode and every option apart."""
    edition = _last_json(run("simulate", "rococo", "--games", "1", "--players", "3", "--edition", "2013",
                             "--json").stdout)
    solo = _last_json(run("simulate", "rococo", "--games", "1", "--solo", "--json").stdout)
    plain = _last_json(run("simulate", "rococo", "--games", "1", "--json").stdout)
    assert edition["config"]["edition"] == "2013" and edition["config"]["players"] == 3
    assert solo["config"]["solo"] is True and plain["config"]["solo"] is False
    assert plain["config"]["edition"] == "deluxe" and plain["config"]["solo_two_player_rules"] is True
    bench = _last_json(run("bench", "rococo", "--json", "--seconds", "0.02", "--edition", "2013").stdout)
    assert bench["config"]["edition"] == "2013"


@pytest.mark.slow
def test_bench_with_all_expansions_keeps_its_shape(run: Run) -> None:
    plain = _last_json(run("bench", "rococo", "--json", "--seconds", "0.05").stdout)
    result = run("bench", "rococo", "--json", "--seconds", "0.05", "--expansions", "all")
    assert result.exit_code == 0, result.output
    data = _last_json(result.stdout)
    assert set(data) == set(plain)
    assert set(data["players"]) == set(plain["players"]) == {"2", "3", "4", "5"}
    assert data["expansions"] == ["jewelry_box", "noble", "festive", "exquisite"]
    assert plain["expansions"] == []
    for row in data["players"].values():
        assert set(row) == {"games_per_s", "decisions_per_s"}
        assert row["games_per_s"] > 0


@pytest.mark.slow
def test_bench_with_secret_seeds_keeps_its_shape(run: Run) -> None:
    plain = _last_json(run("bench", "necklace", "--json", "--seconds", "0.01").stdout)
    result = run("bench", "necklace", "--json", "--seconds", "0.01", "--secret-seeds")
    assert result.exit_code == 0, result.output
    data = _last_json(result.stdout)
    assert set(data) == set(plain) and set(data["players"]) == set(plain["players"])
    assert data["secret_seeds"] is True and plain["secret_seeds"] is False
    assert all(row["games_per_s"] > 0 for row in data["players"].values())
    table = run("bench", "necklace", "--seconds", "0.01", "--secret-seeds")
    assert table.exit_code == 0, table.output
    assert "Secret seeds" in table.stdout


@pytest.mark.slow
def test_bench_table(run: Run) -> None:
    result = run("bench", "rococo", "--seconds", "0.05")
    assert result.exit_code == 0, result.output
    assert "Decisions/s" in result.stdout
    assert "Heuristic bot" in result.stdout
    assert "games/s against" in result.stdout and "a speed-up of" in result.stdout
    out = " ".join(result.stdout.split())
    assert "OpenSpiel's C++ Hearts, 4 players, in the same loop" in out and "(rococo at 4 players:" in out
    german = run("bench", "rococo", "--seconds", "0.05", "--lang", "de")
    assert "Partien/s gegenüber" in german.stdout and "Entscheidungen/s" in german.stdout, german.stdout


def test_simulate_solo_json(run: Run) -> None:
    plain = _last_json(run("simulate", "rococo", "--games", "1", "--json").stdout)
    result = run("simulate", "rococo", "--solo", "--games", "3", "--json")
    assert result.exit_code == 0, result.output
    data = _last_json(result.stdout)
    assert set(data) == set(plain)
    assert data["completed"] == 3
    assert data["errors"] == 0, data["error_examples"]
    assert data["invariant_violations"] == 0, data["violation_examples"]
    assert data["players"] == 1
    assert data["bots"] == ["random", "madame_du_barry"]
    assert len(data["wins"]) == len(data["win_rate"]) == len(data["mean_score"]) == 2
    assert abs(sum(data["wins"]) - 3) < 1e-9


def test_simulate_solo_table_names_madame(run: Run) -> None:
    result = run("simulate", "rococo", "--solo", "--games", "2", "--bots", "random", "--expansions", "jewelry_box")
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    assert "2 games of rococo in the solo mode" in out
    assert "random" in out and "Madame du Barry │ automatic" in out
    assert "Madame du Barry wins every tie" in out
    assert "errors 0 · invariant violations 0" in out


def test_simulate_table_counts_whole_wins_without_decimals(run: Run) -> None:
    """A split first place (R-WIN-*) is the only way to a fractional win count."""
    out = " ".join(run("simulate", "rococo", "--solo", "--games", "2").stdout.split())
    assert "Madame du Barry │ automatic │" in out
    assert "│ 2 │ 100.0% │" in out and "│ 0 │ 0.0% │" in out
    assert wins_text(2.0) == "2"
    assert wins_text(1.5) == "1.50"  # two seats shared a first place


def test_simulate_2013_edition_json(run: Run) -> None:
    result = run("simulate", "rococo", "--edition", "2013", "--games", "3", "--players", "4", "--json")
    assert result.exit_code == 0, result.output
    data = _last_json(result.stdout)
    assert data["completed"] == 3
    assert data["errors"] == 0, data["error_examples"]
    assert data["invariant_violations"] == 0, data["violation_examples"]
    assert len(data["wins"]) == len(data["mean_score"]) == 4


def test_simulate_2013_edition_table(run: Run) -> None:
    result = run("simulate", "rococo", "--edition", "2013", "--games", "1")
    assert result.exit_code == 0, result.output
    assert "Edition: the original 2013 edition" in " ".join(result.stdout.split())


@pytest.mark.slow
def test_bench_solo_and_2013_keep_the_shape(run: Run) -> None:
    plain = _last_json(run("bench", "rococo", "--json", "--seconds", "0.05").stdout)
    solo = _last_json(run("bench", "rococo", "--json", "--seconds", "0.05", "--solo").stdout)
    assert set(solo) == set(plain)
    assert set(solo["players"]) == {"1"}
    assert solo["players"]["1"]["games_per_s"] > 0
    assert solo["heuristic_ms_per_decision"] is None or solo["heuristic_ms_per_decision"] > 0
    edition = _last_json(run("bench", "rococo", "--json", "--seconds", "0.05", "--edition", "2013").stdout)
    assert set(edition["players"]) == {"2", "3", "4", "5"}
    table = run("bench", "rococo", "--seconds", "0.05", "--solo")
    assert table.exit_code == 0, table.output
    assert "Solo mode" in table.stdout


@pytest.mark.heavy
def test_the_reference_takes_one_turn_at_least() -> None:
    """Without time to spend, the reference still plays one turn of whole games of each, and a
    solo game is set beside Hearts at its one player count."""
    solo = bench_mod.reference_play("rococo", 1, 0.0, solo=True)
    assert solo is not None and solo["players"] == 1 and solo["turns"] == 1 and solo["ratio"] > 0
    assert solo["games_per_s"] > 0 and solo["decisions_per_s"] > 0


@pytest.mark.heavy
def test_bench_tells_each_stage_as_it_ends_for_its_progress_bar() -> None:
    seen: list[str] = []
    bench_mod.bench("necklace", 0.01, step=seen.append)
    assert seen == bench_mod.stages("necklace") == ["random:2", "random:3", "random:4", "reference", "evaluate",
                                                    "heuristic", "search", "parallel"]


@pytest.mark.slow
def test_the_reports_speak_the_language_asked_for(run: Run) -> None:
    """simulate, strength and tournament word their reports through the catalogs, in the
    language of --lang (else the locale's; these tests run in the C locale, English)."""
    fr = run("simulate", "necklace", "--games", "2", "--workers", "1", "--lang", "fr")
    assert fr.exit_code == 0 and "2 parties de necklace, 2 joueurs, graines 0-1" in fr.stdout, fr.stdout
    uk = run("tournament", "necklace", "--bots", "random,heuristic:width=1", "--players", "2", "--games", "2",
             "--workers", "1", "--lang", "uk")
    assert uk.exit_code == 0 and "Учасник" in uk.stdout and "Рейтинг" in uk.stdout, uk.stdout
