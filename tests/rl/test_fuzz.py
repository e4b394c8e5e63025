"""Seeded random play of every fuzz config (tests/rl/configs.py: every player count, mode,
edition and set of expansions, with the other options drawn) through the three learning
environments.  Each environment first meets its ecosystem's own checker (PettingZoo's
``api_test``, Gymnasium's ``check_env``, OpenSpiel's ``random_sim_test`` serializing and
reading back the state at every step), then plays a whole game of random legal actions in
which every observation must fit its space and every mask be the engine's legal actions.

The quick tier plays a few configs; the slow tier plays them all."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

import salon.rl as rl
from salon.core.game import game_class
from salon.rococo.models import EXPANSIONS
from tests.rl.configs import config_id, fuzz_configs, option_values

QUICK = {"rococo": 23, "necklace": 7}
"""The quick tier plays every 23rd Rococo config (2, 3 and 4 players, and a solo game) and
every 7th Necklace config (every player count)."""


def _cases() -> list[Any]:
    cases = []
    for name in ("rococo", "necklace"):
        for k, config in enumerate(fuzz_configs(name)):
            marks = () if k % QUICK[name] == 0 else (pytest.mark.slow,)
            cases.append(pytest.param(name, config, k, marks=marks, id=f"{name}-{config_id(config)}"))
    return cases


def _legal(env_game: Any, actions: rl.ActionTable) -> list[int]:
    return sorted(actions.index(text) for text in env_game.legal_actions())


def check_aec(name: str, config: dict[str, Any], seed: int) -> None:
    from pettingzoo.test import api_test

    env = rl.env(name, **config)
    env.reset(seed=seed)  # api_test's unseeded resets draw their games from here on
    for agent in env.possible_agents:
        env.action_space(agent).seed(seed)
    api_test(env, num_cycles=10_000)
    env.reset(seed=seed)
    draw = np.random.default_rng(seed)
    for agent in env.agent_iter():
        obs, _reward, terminated, truncated, info = env.last()
        assert info == {} and env.observation_space(agent).contains(obs)
        if terminated or truncated:
            env.step(None)
            continue
        assert list(np.flatnonzero(obs["action_mask"])) == _legal(env.game, env.salon.actions)
        env.step(int(draw.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.game.is_over()


def check_gym(name: str, config: dict[str, Any], seed: int) -> None:
    from gymnasium.utils.env_checker import check_env

    check_env(rl.gym_env(name, opponents=["random"], seat=None, **config), skip_render_check=True)
    env = rl.gym_env(name, opponents=["random"], seat=None, **config)
    obs, _info = env.reset(seed=seed)
    draw = np.random.default_rng(seed)
    terminated = False
    while not terminated:
        assert env.observation_space.contains(obs)
        assert list(np.flatnonzero(obs["action_mask"])) == _legal(env.game, env.salon.actions)
        obs, _reward, terminated, truncated, _info = env.step(int(draw.choice(np.flatnonzero(obs["action_mask"]))))
        assert not truncated
    assert env.game.is_over()


def check_openspiel(name: str, config: dict[str, Any], seed: int) -> None:
    import pyspiel

    from salon.rl.openspiel import register, short_name

    register()
    rest = {k: v for k, v in config.items() if k != "players"}
    game = pyspiel.load_game(short_name(name), {"players": config["players"], "config": json.dumps(rest)})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    state = game.new_initial_state()
    draw = np.random.default_rng(seed)
    while not state.is_terminal():
        if not state.is_chance_node():
            for player in range(game.num_players()):
                assert len(state.observation_tensor(player)) == game.observation_tensor_size()
            assert state.legal_actions() == _legal(state.game, state.salon_spec.actions)
        state.apply_action(int(draw.choice(state.legal_actions())))


@pytest.mark.parametrize("name", ["rococo", "necklace"])
def test_the_fuzz_configs_take_every_value_of_every_option(name: str) -> None:
    """Each option of the game's description takes each of its values in some fuzz config
    (a default by being left out), and Rococo's player counts meet every set of expansions."""
    configs = fuzz_configs(name)
    for option, values in option_values(name).items():
        taken = {json.dumps(c.get(option, game_class(name).describe().options[option].get("default"))) for c in configs}
        assert taken == {json.dumps(v) for v in values}, option
    if name == "rococo":
        met = {(c["players"], c.get("solo", False), tuple(c.get("expansions", ()))) for c in configs}
        assert len(met) == 5 * 2**len(EXPANSIONS)


@pytest.mark.parametrize("name, config, seed", _cases())
@pytest.mark.heavy
def test_random_play_through_every_environment(name: str, config: dict[str, Any], seed: int) -> None:
    check_aec(name, config, seed)
    check_gym(name, config, seed)
    check_openspiel(name, config, seed)
