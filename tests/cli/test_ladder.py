"""``salon ladder``: every pair on the same seeds with the seats swapped, round by round; the
report rates every bot, the stronger on top, the same for any number of workers; the solo
ladder puts the game's own opponent on it; a pool member that cannot be made is one line."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from salon.bots.base import BotSpec
from salon.cli import ladder as ladder_mod
from salon.core.game import game_class
from tests.test_docs import hooks

from .conftest import Run

CHEAP = "heuristic:width=1:budget=50"
"""A quick bot that beats the random one."""


def test_every_pair_plays_the_same_seeds_with_the_seats_swapped_round_by_round() -> None:
    pool = tuple(map(BotSpec.parse, ("random", "easy", CHEAP)))
    jobs = ladder_mod.jobs(ladder_mod.Ladder("necklace", pool), 4, 10)
    assert [index for _, index, _, _ in jobs] == list(range(12)) and ladder_mod.Ladder("necklace", pool).total(4) == 12
    pairs = [tuple(sorted(set(lineup))) for *_, lineup in jobs]
    assert pairs == [(0, 1), (0, 2), (1, 2)] * 4
    for pair in set(pairs):
        games = [(seed, lineup) for (*_, seed, lineup), p in zip(jobs, pairs, strict=True) if p == pair]
        assert [seed for seed, _ in games] == [10, 10, 11, 11]
        for (_, first), (_, second) in (games[:2], games[2:]):
            assert first == second[::-1]
    four = ladder_mod.jobs(ladder_mod.Ladder("necklace", pool, players=4), 2, 10)
    for *_, lineup in four:  # the pair's two bots sit alternately
        assert lineup[0] != lineup[1] and lineup == lineup[:2] * 2


@pytest.mark.heavy
def test_a_ladder_rates_every_bot_the_stronger_on_top_whatever_the_workers(run: Run, tmp_path: Path) -> None:
    args = ["ladder", "rococo", "--pool", f"random,{CHEAP}", "--games", "2", "--seed", "3"]
    one = run(*args, "--workers", "1", "--out", str(tmp_path / "one.json"))
    assert one.exit_code == 0, one.output
    assert "Rating" in one.output and "one.json" in one.output
    two = run(*args, "--workers", "2", "--out", str(tmp_path / "two.json"))
    assert two.exit_code == 0, two.output
    report = json.loads((tmp_path / "one.json").read_text())
    assert json.loads((tmp_path / "two.json").read_text()) == report
    assert [r["bot"] for r in report["rows"]] == [CHEAP, "random"]
    assert [r["games"] for r in report["rows"]] == [2, 2]
    assert report["rows"][0]["ordinal"] > report["rows"][1]["ordinal"]
    assert report["pairings"] == [{"a": "random", "b": CHEAP, "games": 2, "a_win_share": 0.0,
                                   "a_win_share_95": [0.0, 0.6576], "a_mean_margin": report["rows"][1]["mean_margin"]}]
    assert report["complete"] and report["games_per_pairing"] == 2 and report["pool"] == ["random", CHEAP]


@pytest.mark.heavy
def test_the_solo_ladder_puts_madame_du_barry_on_it(run: Run, tmp_path: Path) -> None:
    out = tmp_path / "solo.json"
    result = run("ladder", "rococo", "--solo", "--pool", "random,easy", "--games", "1", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "Madame du Barry" in result.output
    report = json.loads(out.read_text())
    assert report["opponent"] == "madame-du-barry" and report["players"] == 1
    assert {r["bot"]: r["games"] for r in report["rows"]} == {"random": 1, "easy": 1, "madame-du-barry": 2}
    assert [(p["a"], p["b"], p["games"]) for p in report["pairings"]] == [
        ("random", "madame-du-barry", 1), ("easy", "madame-du-barry", 1)]
    madame = next(r for r in report["rows"] if r["bot"] == "madame-du-barry")
    assert madame["win_share"] == pytest.approx(1 - sum(p["a_win_share"] for p in report["pairings"]) / 2)


@pytest.mark.parametrize("args, message", [
    (["--pool", "random,nobody"], "nobody"),
    (["--pool", "random,search-v1:depth=3"], "depth"),
    (["--pool", "random,random"], "each bot once"),
    (["--pool", "random"], "two bots"),
    (["--pool", "random,easy", "--workers", "0"], "--workers"),
    (["--pool", "random,easy", "--players", "9"], "players"),
    (["--pool", "random,easy", "--out", "nowhere/l.json"], "no folder"),
    (["--pool", "random,ppo", "--players", "3"], "no policy trained for this necklace config"),
])
def test_a_bad_ladder_is_one_line(run: Run, args: list[str], message: str, tmp_path: Path) -> None:
    result = run("ladder", "necklace", "--games", "1", "--out", str(tmp_path / "l.json"), *args)
    assert result.exit_code != 0
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and message in lines[0], result.output
    assert not (tmp_path / "l.json").exists()


def test_without_the_rl_extra_ismcts_is_named_or_left_out(run: Run, monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    for module in ("salon.rl.ismcts_bot", "salon.rl.openspiel"):
        monkeypatch.delitem(sys.modules, module, raising=False)
    result = run("ladder", "necklace", "--pool", "random,ismcts", "--out", str(tmp_path / "l.json"))
    assert result.exit_code == 1
    assert result.stderr == ("error: The bot “ismcts” needs pyspiel, which comes with salon's rl extra: "
                             "pip install 'salon[rl]'.\n")
    two = game_class("necklace").new({"players": 2}, 0)
    assert [str(b) for b in ladder_mod.pool_of(None, two)] == [b for b in ladder_mod.DEFAULT_POOL
                                                             if not b.startswith("ismcts")]


def test_the_default_pool_leaves_out_a_policy_not_trained_for_the_config() -> None:
    """The ppo bot's policies are of 2-player games (salon.bots.ppo): it stands on their
    ladders only."""
    assert "ppo" in map(str, ladder_mod.pool_of(None, game_class("rococo").new({"players": 2}, 0)))
    for config in ({"players": 3}, {"players": 1, "solo": True}, {"players": 2, "expansions": "jewelry_box"}):
        pool = [str(b) for b in ladder_mod.pool_of(None, game_class("rococo").new(config, 0))]
        assert "ppo" not in pool and "random" in pool, config


def test_the_docs_read_a_ladder_report_as_a_table() -> None:
    """docs/data/ladder-rococo-2p.json, written by ``salon ladder --out``, is a table of the
    bots' page; a table it has not is refused with its name."""
    module = hooks()
    written = module.render("<!-- table: ladder-rococo-2p.rows -->\n<!-- /table -->\n")
    assert "| `normal` |" in written and "rating − 3σ" in written
    with pytest.raises(module.TableError, match="ladder-rococo-2p.nothing"):
        module.render("<!-- table: ladder-rococo-2p.nothing -->\n<!-- /table -->\n")
