"""The learning environments: PettingZoo's and Gymnasium's own checkers, OpenSpiel's random
simulation test and IS-MCTS, the action table, and that a seat's vector carries nothing the
seat may not see."""

from __future__ import annotations

import numpy as np
import pytest

from salon.bots.base import make_bot
from salon.bots.heuristic import hooks_for
from salon.core.errors import ConfigError
from salon.core.rng import Rng
from salon.rl import env, gym_env, layout_table, spec
from salon.rl.encoding import EncodingError


def test_pettingzoo_api() -> None:
    from pettingzoo.test import api_test

    api_test(env("necklace", players=3), num_cycles=60)
    api_test(env("rococo", players=2, expansions=["noble"]), num_cycles=40)
    api_test(env("rococo", players=1, solo=True), num_cycles=40)


def test_solo_automaton_is_no_agent() -> None:
    e = env("rococo", players=1, solo=True)
    e.reset(seed=3)
    assert e.possible_agents == ["player_0"]


def test_aec_plays_a_game_to_the_end_with_rank_rewards() -> None:
    e = env("necklace", players=2, reward="rank")
    e.reset(seed=5)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        e.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0])
    assert e.render() is not None


def test_gymnasium_check_env() -> None:
    from gymnasium.utils.env_checker import check_env

    check_env(gym_env("necklace", opponents=["random"]), skip_render_check=True)
    check_env(gym_env("rococo", opponents=["random"]), skip_render_check=True)


def test_gym_illegal_action_changes_nothing() -> None:
    g = gym_env("necklace", opponents=["random", "random"], seat=None)
    obs, info = g.reset(seed=2)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    again, reward, terminated, _, step_info = g.step(illegal)
    assert step_info == {"illegal": True} and reward < 0 and not terminated
    assert np.array_equal(again["observation"], obs["observation"])


def test_openspiel_random_simulation_and_ismcts() -> None:
    import pyspiel
    from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts
    from open_spiel.python.bots import uniform_random

    from salon.rl.openspiel import register

    assert set(register()) == {"python_salon_rococo", "python_salon_necklace"}
    for name in ("python_salon_rococo", "python_salon_necklace"):
        pyspiel.random_sim_test(pyspiel.load_game(name, {"players": 2}), num_sims=1, serialize=False,
                                verbose=False)

    class Ismcts(ismcts.ISMCTSBot):  # type: ignore[misc]
        """OpenSpiel's Python IS-MCTS keeps no state between moves to restart."""

        def restart_at(self, state: object) -> None:
            return None

    game = pyspiel.load_game("python_salon_necklace", {"players": 2, "seed": 7})
    rs = np.random.RandomState(0)
    bots = [Ismcts(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, max_simulations=2, random_state=rs,
                   use_observation_string=True), uniform_random.UniformRandomBot(1, rs)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rs)
    assert returns[0] == -returns[1]


def test_action_table_both_ways_and_versioned() -> None:
    s = spec("rococo", {"players": 4})
    assert len(s.actions) == len(set(s.actions.texts))
    for i in (0, 17, len(s.actions) - 1):
        assert s.actions.index(s.actions.text(i)) == i
    assert s.version == spec("rococo", {"players": 4}).version
    assert s.version != spec("rococo", {"players": 3}).version
    with pytest.raises(ConfigError):
        s.actions.text(len(s.actions))


@pytest.mark.parametrize("name, config", [("rococo", {"players": 4, "expansions": "all"}),
                                          ("rococo", {"players": 3, "edition": "2013"}),
                                          ("necklace", {"players": 4})])
def test_vector_depends_only_on_what_the_seat_sees(name: str, config: dict[str, object]) -> None:
    """Every observation of a random game fits the declared encoding, and a world in which
    everything seat 0 cannot see is drawn anew (the bots' determinize hook: other hands, deck
    and bag order) gives seat 0 the same vector though the game differs."""
    s = spec(name, config)
    game = s.new(11)
    bot = make_bot("random", 11)
    differed = 0
    step = 0
    while not game.is_over():
        seat = game.current_player()
        assert seat is not None
        vector = s.observation(game, seat)["observation"]
        assert vector.shape == (s.encoding.size,)
        if step % 25 == 0:
            hooks = hooks_for(game)
            assert hooks.determinize is not None
            world = hooks.determinize(game, seat, Rng(step + 1))
            assert np.array_equal(s.observation(world, seat)["observation"], vector)
            differed += world.state_hash() != game.state_hash()
        game.apply(bot.choose(game))
        step += 1
    assert differed > 0


def test_layout_table_covers_the_vector() -> None:
    s = spec("rococo", {"players": 3, "expansions": "all"})
    rows = s.encoding.rows()
    assert rows[0].offset == 0
    assert all(a.offset + a.size == b.offset for a, b in zip(rows, rows[1:]))
    assert rows[-1].offset + rows[-1].size == s.encoding.size
    assert "`.board.guests.<key>`" in layout_table("rococo", {"players": 3, "expansions": "all"})


def test_encoding_is_strict() -> None:
    s = spec("necklace", {"players": 2})
    observation = s.new(0).observe(0)
    observation["surprise"] = 1
    with pytest.raises(EncodingError, match="surprise"):
        s.encoding.encode(observation, 0)


def test_bad_input_is_one_clear_error() -> None:
    with pytest.raises(ConfigError, match="unknown game"):
        env("chess")
    with pytest.raises(ConfigError, match="reward"):
        env("necklace", players=2, reward="elo")
    with pytest.raises(ConfigError, match="opponents"):
        gym_env("necklace", opponents=["random", "random"], players=4)


DIRECT_CONFIGS = [{"players": 2}, {"players": 3}, {"players": 4}, {"players": 5},
                  {"players": 4, "expansions": "all"}, {"players": 2, "expansions": "jewelry_box"},
                  {"players": 3, "expansions": "noble,festive"}, {"players": 5, "expansions": "all"},
                  {"players": 1, "solo": True}, {"players": 1, "solo": True, "expansions": "all"},
                  {"players": 3, "edition": "2013"}, {"players": 2, "edition": "2013"}]


NECKLACE_CONFIGS = [{"players": 2}, {"players": 3}, {"players": 4},
                    {"players": 2, "conceal_holders": False, "queen_on_amber": False, "bankers_stack": False},
                    {"players": 3, "cardinal_refill_at_once": False, "cardinal_when_due": True,
                     "forger_names_amber": False, "favorite_on_leader": False},
                    {"players": 4, "third_merchant_in_last_six": True, "queen_active_player": False,
                     "forger_victim_chooses": False, "alchemist_any_column": False, "start_player": 2},
                    {"players": 4, "conceal_holders": False, "cardinal_when_due": True, "bankers_stack": False}]


def _ids(config: dict[str, object]) -> str:
    return ",".join(f"{k}={v}" for k, v in config.items())


@pytest.mark.parametrize("name, config", [("rococo", c) for c in DIRECT_CONFIGS]
                         + [("necklace", c) for c in NECKLACE_CONFIGS],
                         ids=lambda v: v if isinstance(v, str) else _ids(v))
def test_direct_encoder_matches_the_declaration_on_every_step(name: str, config: dict[str, object]) -> None:
    """A game's direct encoder (written from the state; Rococo's keeps what each seat was last
    shown and the parts all seats share) gives exactly the reference encoder's vector of
    ``observe(seat)`` at every step of seeded random games: for the seat to act (as the AEC
    environment asks), for seats drawn at random (stale memories), and with three games
    interleaved on one encoder."""
    s = spec(name, config)
    direct = s.encoding.direct
    assert direct is not None
    draw = np.random.default_rng(len(str(config)))
    games = [s.new(seed) for seed in (3, 4, 5)]
    bots = [make_bot("random", seed) for seed in (3, 4, 5)]
    steps = 0
    while not all(g.is_over() for g in games):
        for g, bot in zip(games, bots):
            if g.is_over():
                continue
            seat = g.current_player()
            assert seat is not None
            seats = [seat, int(draw.integers(g.num_players))]
            if steps % 7 == 0:
                seats += range(g.num_players)
            for viewer in seats:
                reference = s.encoding.encode(g.observe(viewer), viewer)
                assert np.array_equal(direct(g, viewer), reference), (name, config, steps, viewer, g.s.stack[-1:])
            g.apply(bot.choose(g))
        steps += 1
    for g in games:  # the final position too, from every seat
        for viewer in range(g.num_players):
            assert np.array_equal(direct(g, viewer), s.encoding.encode(g.observe(viewer), viewer))


@pytest.mark.parametrize("name", ["rococo", "necklace"])
def test_direct_vectors_are_fresh_and_checked(name: str) -> None:
    """A vector handed out is the caller's (changing it changes no later one); the layout
    version is the declaration's; :meth:`Encoding.check` compares both encoders."""
    s = spec(name, {"players": 4})
    assert s.encoding.direct is not None
    assert s.encoding.version == s.encoding.version and len(s.encoding.version) == 16
    game = s.new(1)
    seat = game.current_player()
    assert seat is not None
    first = s.encoding.vector(game, seat)
    first[:] = 7.0
    again = s.encoding.check(game, seat)
    assert np.array_equal(s.encoding.vector(game, seat), again)
    assert not np.array_equal(first, again)


@pytest.mark.parametrize("name, key", [("rococo", "start_player"), ("necklace", "active")])
def test_direct_encoder_leaves_the_unplaceable_to_the_reference(name: str, key: str) -> None:
    """A state the direct encoder cannot place (a start player or an active seat that is no
    seat) goes to the reference encoder, which refuses it as it always did; the encoder is
    right again for a right state."""
    s = spec(name, {"players": 2})
    game = s.new(0)
    seat = game.current_player()
    assert seat is not None
    before = s.encoding.vector(game, seat)
    right = getattr(game.s, key)
    setattr(game.s, key, 9)
    with pytest.raises(EncodingError, match=key):
        s.encoding.vector(game, seat)
    setattr(game.s, key, right)
    assert np.array_equal(s.encoding.vector(game, seat), before)


def test_action_mask_is_fresh_each_time() -> None:
    s = spec("necklace", {"players": 2})
    game = s.new(0)
    legal = game.legal_actions()
    mask = s.actions.mask(legal)
    assert sorted(np.flatnonzero(mask)) == sorted(s.actions.index(a) for a in legal)
    mask[:] = 0
    assert s.actions.mask(legal).sum() == len(legal)


def test_rl_bench_is_deterministic_in_its_counts() -> None:
    from salon.cli import bench as bench_mod

    seen: list[str] = []
    data = bench_mod.rl_bench("rococo", 2, step=seen.append)
    assert seen == [f"rl:{g}:{n}" for g, n in bench_mod.rl_lines("rococo")]
    assert seen[:2] == ["rl:rococo:4", "rl:rococo:2"] and "rl:necklace:4" in seen
    again = bench_mod.rl_bench("rococo", 2)
    for line, other in zip(data["lines"], again["lines"]):
        assert (line["decisions"], line["steps"]) == (other["decisions"], other["steps"]) != (0, 0)
        assert line["ratio"] > 0


def test_bench_rl_command(monkeypatch: pytest.MonkeyPatch) -> None:
    """``salon bench GAME --rl``: the JSON report and the table, with its note."""
    import json

    from typer.testing import CliRunner

    from salon.cli import bench as bench_mod
    from salon.cli.main import app

    monkeypatch.setattr(bench_mod, "RL_GAMES", 1)
    env = {"COLUMNS": "120", "LC_ALL": "C"}
    result = CliRunner().invoke(app, ["bench", "rococo", "--rl", "--json"], env=env)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout.strip().splitlines()[-1])
    assert [(line["game"], line["players"]) for line in data["lines"]] == bench_mod.rl_lines("rococo")
    assert data["games_per_line"] == 1 and data["seeds"] == "0-0"
    assert {"engine_decisions_per_s", "aec_steps_per_s", "ratio", "loop_ratio"} <= set(data["lines"][0])
    table = CliRunner().invoke(app, ["bench", "necklace", "--rl"], env=env)
    assert table.exit_code == 0, table.output
    assert "AEC steps/s" in table.stdout and "Random legal actions, 1 game per line" in table.stdout
    assert "necklace" in table.stdout and "rococo" in table.stdout
