"""The learning environments: PettingZoo's and Gymnasium's own checkers, OpenSpiel's random
simulation test and IS-MCTS, the action table, and that a seat's vector carries nothing the
seat may not see."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from salon.bots.base import make_bot
from salon.core.engine import StepGame
from salon.core.errors import ConfigError, EncodingError
from salon.core.rng import Rng
from salon.rl import env, gym_env, layout_table, spec
from tests.rl.declared import declared_vector


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


def test_no_agent_is_handed_the_seed() -> None:
    """Everything the agents receive besides their observations (infos, rewards) names
    nothing secret: no seed (which rebuilds the whole deal), in either environment."""
    e = env("necklace", players=2)
    e.reset(seed=424242)
    received: list[object] = []
    for _agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        received.append(info)
        e.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
    assert all(info == {} for info in received)
    g = gym_env("rococo", opponents=["random"])
    _, info = g.reset(seed=424242)
    assert info == {"seat": 0}
    _, _, _, _, info = g.step(int(np.flatnonzero(g.action_masks())[0]))
    assert info == {}


def test_an_agent_is_handed_nothing_beside_its_vector_that_could_rebuild_the_deal() -> None:
    """The seed that dealt the game would rebuild every hidden card: the infos an agent is
    handed are empty, so nothing but its vector reaches it, and the vector is the same in a
    world whose secrets were drawn anew (see the next tests)."""
    e = env("necklace", players=2)
    e.reset(seed=77)
    assert all(info == {} for info in e.infos.values())
    for agent in e.agent_iter(max_iter=20):
        assert e.last()[4] == {}
        e.step(int(np.flatnonzero(e.observe(agent)["action_mask"])[0]))


def test_aec_illegal_actions_raise_or_lose() -> None:
    from salon.core.errors import ActionError

    e = env("necklace", players=3)
    e.reset(seed=4)
    illegal = int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"] == 0)[0])
    with pytest.raises(ActionError):
        e.step(illegal)
    e = env("necklace", players=3, illegal="lose")
    e.reset(seed=4)
    offender = e.agent_selection
    e.step(illegal)
    assert all(e.terminations.values())
    assert e.rewards == {a: (-1.0 if a == offender else 0.0) for a in e.possible_agents}
    with pytest.raises(ConfigError, match="illegal"):
        env("necklace", players=2, illegal="forgive")


def test_gym_illegal_actions_lose_or_raise_and_episodes_are_truncated() -> None:
    from salon.core.errors import ActionError

    g = gym_env("necklace", opponents=["random"], illegal="lose")
    obs, _ = g.reset(seed=2)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = g.step(illegal)
    assert (reward, terminated, truncated, info) == (-1.0, True, False, {"illegal": True})
    g = gym_env("necklace", opponents=["random"], illegal="raise")
    g.reset(seed=2)
    with pytest.raises(ActionError):
        g.step(illegal)
    g = gym_env("necklace", opponents=["random"], max_steps=3)
    g.reset(seed=2)
    ends = [g.step(illegal)[2:4] for _ in range(3)]
    assert ends == [(False, False), (False, False), (False, True)]
    with pytest.raises(ConfigError, match="max_steps"):
        gym_env("necklace", max_steps=0)


def test_gymnasium_registry_and_vector_envs() -> None:
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    made = gymnasium.make("salon/Necklace-v0", players=3, opponents=["random"])
    assert made.spec is not None and made.spec.id == "salon/Necklace-v0"
    check_env(made.unwrapped, skip_render_check=True)
    envs = gymnasium.make_vec("salon/Rococo-v0", num_envs=2, vectorization_mode="sync")
    obs, info = envs.reset(seed=5)
    assert obs["observation"].shape[0] == 2 and list(info["seat"]) == [0, 0]
    actions = [int(np.flatnonzero(mask)[0]) for mask in obs["action_mask"]]
    envs.step(np.array(actions))
    envs.close()


def test_aec_state_is_every_seats_vector() -> None:
    e = env("rococo", players=3)
    e.reset(seed=6)
    state = e.state()
    assert e.state_space.contains(state)
    size = e.salon.encoding.size
    for i, agent in enumerate(e.possible_agents):
        assert np.array_equal(state[i * size:(i + 1) * size], e.observe(agent)["observation"])


def test_the_version_tells_the_editions_apart() -> None:
    assert env("rococo", players=3).version != env("rococo", players=3, edition="2013").version
    assert env("rococo", players=3).version == env("rococo", players=3, edition="deluxe").version


def test_gym_illegal_action_changes_nothing() -> None:
    g = gym_env("necklace", opponents=["random", "random"], seat=None)
    obs, info = g.reset(seed=2)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    again, reward, terminated, _, step_info = g.step(illegal)
    assert step_info == {"illegal": True} and reward < 0 and not terminated
    assert np.array_equal(again["observation"], obs["observation"])


@pytest.mark.slow
@pytest.mark.parametrize(("name", "params"), [
    ("python_salon_rococo", {"players": 2}), ("python_salon_necklace", {"players": 2}),
    ("python_salon_rococo", {"players": 3, "config": '{"expansions": "all"}'}),
    ("python_salon_rococo", {"players": 2, "config": '{"edition": "2013"}', "returns": "rank"}),
    ("python_salon_necklace", {"players": 4, "returns": "rank"})])
def test_openspiel_random_simulation_with_serialization(name: str, params: dict[str, object]) -> None:
    """OpenSpiel's own checker, states serialized and read back at every step."""
    import pyspiel

    from salon.rl.openspiel import register

    assert set(register()) == {"python_salon_rococo", "python_salon_necklace"}
    pyspiel.random_sim_test(pyspiel.load_game(name, params), num_sims=1, serialize=True, verbose=False)


def test_openspiel_games_do_not_change_as_they_are_used() -> None:
    """Which deal a state gets depends on the seed asked for, never on earlier calls; a
    serialized state reads back as itself."""
    import pyspiel

    from salon.rl.openspiel import register

    register()
    game = pyspiel.load_game("python_salon_rococo", {"players": 2, "seed": 4})
    first = str(game.new_initial_state())
    game.observation_tensor_shape()
    game.new_initial_state()
    assert str(game.new_initial_state()) == first
    assert str(game.new_initial_state({"seed": 4})) == first != str(game.new_initial_state({"seed": 5}))
    state = game.new_initial_state()
    for _ in range(12):
        state.apply_action(state.legal_actions()[-1])
    again = game.deserialize_state(state.serialize())
    assert again.history() == state.history() and str(again) == str(state)
    assert again.observation_tensor(0) == state.observation_tensor(0)


def test_openspiel_has_no_perfect_recall_information_state_and_says_so() -> None:
    import pyspiel

    from salon.rl.openspiel import register

    register()
    game = pyspiel.load_game("python_salon_necklace", {"players": 2})
    kind = game.get_type()
    assert not kind.provides_information_state_string and not kind.provides_information_state_tensor
    state = game.new_initial_state({"seed": 0})
    with pytest.raises(NotImplementedError, match="no perfect-recall information state"):
        state.information_state_string(0)
    with pytest.raises(NotImplementedError, match="no perfect-recall information state"):
        state.information_state_tensor(0)
    assert state.observation_string(0) and len(state.observation_tensor(0)) == game.observation_tensor_size()


def test_openspiel_resampling_keeps_the_history_and_the_players_view() -> None:
    import pyspiel

    from salon.rl.openspiel import register

    register()
    game = pyspiel.load_game("python_salon_rococo", {"players": 3})
    state = game.new_initial_state()
    for _ in range(20):
        state.apply_action(state.legal_actions()[0])
    player = state.current_player()
    resampled = state.resample_from_infostate(player, lambda: 0.25)
    assert resampled.history() == state.history() and resampled.move_number() == state.move_number() == 20
    assert resampled.observation_string(player) == state.observation_string(player)
    assert resampled.legal_actions() == state.legal_actions()


@pytest.mark.parametrize(("players", "returns", "utility"), [(2, "margin", "ZERO_SUM"), (3, "margin", "GENERAL_SUM"),
                                                             (4, "rank", "ZERO_SUM")])
def test_openspiel_returns_and_their_sum(players: int, returns: str, utility: str) -> None:
    import pyspiel

    from salon.rl.openspiel import register

    register()
    game = pyspiel.load_game("python_salon_necklace", {"players": players, "returns": returns})
    assert game.get_type().utility == getattr(pyspiel.GameType.Utility, utility)
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    final = state.returns()
    assert game.min_utility() <= min(final) <= max(final) <= game.max_utility()
    if utility == "ZERO_SUM":
        assert sum(final) == pytest.approx(0.0) and game.utility_sum() == 0.0


def test_openspiel_rl_environment_reads_the_observation() -> None:
    from open_spiel.python import rl_environment

    from salon.rl.openspiel import register

    register()
    env = rl_environment.Environment("python_salon_necklace", players=2)
    step = env.reset()
    assert len(step.observations["info_state"][0]) == env.observation_spec()["info_state"][0]


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
    everything seat 0 cannot see is drawn anew (``Game.determinize``: other hands, deck and
    bag order) gives seat 0 the same vector though the game differs."""
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
            world = game.determinize(seat, Rng(step + 1))
            assert world is not None
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


@pytest.mark.parametrize("change, refusal", [
    (lambda o: o.update(surprise=1), "observation: undeclared key 'surprise'"),
    (lambda o: o.update(turn="3"), r"observation.turn: '3' is not a number"),
    (lambda o: o.update(phase="tea"), r"observation.phase: 'tea' is not one of the 6 declared values"),
    (lambda o: o["players"].append(o["players"][0]), r"observation.players: 3 entries for 2 seats"),
    (lambda o: o["players"][1].update(delayed_sales=["nothing"]), r"observation.players\[1\].delayed_sales: 'nothing'"),
    (lambda o: o["players"][0].update(seen={"7": []}), r"observation.players\[0\].seen: undeclared key '7'"),
    (lambda o: o["market"].extend([None] * 20), r"observation.market: \d+ items, at most \d+ declared"),
    (lambda o: o.update(last_sale_rarity={"opal": 1}), r"observation.last_sale_rarity: undeclared key 'opal'"),
    (lambda o: o.update(fashion="all"), r"observation.fashion: 'all' is not a list"),
])
def test_encoding_is_strict(change: Callable[[dict[str, Any]], None], refusal: str) -> None:
    """What the declaration does not allow is refused, naming where it lies, never dropped."""
    s = spec("necklace", {"players": 2})
    observation = dict(s.new(0).observe(0))
    change(observation)
    with pytest.raises(EncodingError, match=refusal):
        s.encoding.encode(observation, 0)


def test_bad_input_is_one_clear_error() -> None:
    with pytest.raises(ConfigError, match="unknown game"):
        env("chess")
    with pytest.raises(ConfigError, match="reward"):
        env("necklace", players=2, reward="elo")
    with pytest.raises(ConfigError, match="opponents"):
        gym_env("necklace", opponents=["random", "random"], players=4)


ROCOCO_CONFIGS = [{"players": 2}, {"players": 3}, {"players": 4}, {"players": 5},
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


@pytest.mark.slow
@pytest.mark.parametrize("name, config", [("rococo", c) for c in ROCOCO_CONFIGS]
                         + [("necklace", c) for c in NECKLACE_CONFIGS],
                         ids=lambda v: v if isinstance(v, str) else _ids(v))
def test_the_vector_is_what_the_layout_says_of_the_observation_on_every_step(name: str,
                                                                             config: dict[str, object]) -> None:
    """The environments' vector of a seat is the declared layout read plainly over
    ``observe(seat)`` (tests/rl/declared.py), at every step of seeded random games: for the
    seat to act (as the AEC environment asks), for a seat drawn at random, now and then for
    every seat, and at the end from every seat."""
    s = spec(name, config)
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
                vector = s.observation(g, viewer)["observation"]
                assert np.array_equal(vector, declared_vector(s.encoding, g.observe(viewer), viewer)), \
                    (name, config, steps, viewer)
            g.apply(bot.choose(g))
        steps += 1
    for g in games:  # the final position too, from every seat
        for viewer in range(g.num_players):
            assert np.array_equal(s.encoding.vector(g, viewer), declared_vector(s.encoding, g.observe(viewer), viewer))


@pytest.mark.parametrize("name", ["rococo", "necklace"])
def test_vectors_are_fresh(name: str) -> None:
    """A vector handed out is the caller's (changing it changes no later one); the layout
    version is a hash of the declaration."""
    s = spec(name, {"players": 4})
    assert len(s.encoding.version) == 16 and s.encoding.version == spec(name, {"players": 4}).encoding.version
    game = s.new(1)
    seat = game.current_player()
    assert seat is not None
    first = s.encoding.vector(game, seat)
    first[:] = 7.0
    again = s.encoding.vector(game, seat)
    assert not np.array_equal(first, again)
    assert np.array_equal(again, declared_vector(s.encoding, game.observe(seat), seat))


@pytest.mark.parametrize("name, key", [("rococo", "start_player"), ("necklace", "active")])
def test_an_observation_the_layout_cannot_place_is_refused_by_its_path(name: str, key: str) -> None:
    """A state whose observation does not fit the declaration (a start player or an active
    seat that is no seat) is refused, naming the value's path; the vector is right again for
    a right state."""
    s = spec(name, {"players": 2})
    game = s.new(0)
    assert isinstance(game, StepGame)
    seat = game.current_player()
    assert seat is not None
    before = s.encoding.vector(game, seat)
    right = getattr(game.s, key)
    setattr(game.s, key, 9)
    with pytest.raises(EncodingError, match=f"observation.{key}: 9 is not a seat"):
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


@pytest.mark.slow
def test_rl_bench_is_deterministic_in_its_counts() -> None:
    from salon.cli import bench as bench_mod

    seen: list[str] = []
    data = bench_mod.rl_bench("rococo", 2, step=seen.append)
    assert seen == [f"rl:{g}:{n}" for g, n in bench_mod.rl_lines("rococo")]
    assert seen[:2] == ["rl:rococo:4", "rl:rococo:2"] and "rl:necklace:4" in seen
    again = bench_mod.rl_bench("rococo", 2)
    for line, other in zip(data["lines"], again["lines"]):
        assert (line["decisions"], line["steps"]) == (other["decisions"], other["steps"]) != (0, 0)
        assert line["decisions"] == line["steps"]  # the same games on both sides
        assert line["ratio"] > 0


@pytest.mark.heavy
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
