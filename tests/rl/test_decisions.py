"""Every decision the rules can ask has a place in the observation vector, a published schema
and actions in the action table, in every config; and two decisions that random play seldom
reaches, or reaches under an option only, play through every environment: R-EXQ-4's sending
away, which an Exquisite garment asks now and then, and A-3's removal a person makes for
Madame du Barry (``mdb_exam_removal="human"``).

The decision kinds are the engine's: those its step registry (each game's
``rules/registry.py``, filled by the rules modules) can dispatch, which are all the frames a
game can wait on, whether or not a random game happens to reach them."""

from __future__ import annotations

import importlib
import json
from typing import Any

import numpy as np
import pytest

import salon.rl as rl
from salon.core.game import game_class
from salon.core.plugins import load, plugin
from salon.core.steps import Steps
from salon.core.vectors import Encoding, Record, Token
from tests.rl.configs import base_configs, config_id, fuzz_configs

QUICK_EVERY = 7
"""The quick tier checks every 7th config of the fuzz list (both games' player counts, the
solo mode and several sets of expansions); the slow tier checks them all."""


def registry(name: str) -> Steps[Any]:
    """The step registry of game ``name``, once its engine (which imports every rules module,
    each registering its steps) is loaded."""
    game_class(name)
    steps: Steps[Any] = importlib.import_module(f"salon.{name}.rules.registry").STEPS
    return steps


def decision_kinds(name: str) -> set[str]:
    """Every decision kind the rules of ``name`` can ask."""
    return set(registry(name).decisions)


def kind_field(encoding: Encoding) -> tuple[int, Token]:
    """The offset and the field of ``.decision.kind`` in a layout."""
    assert isinstance(encoding.root, Record)
    decision = dict(encoding.root.fields)["decision"]
    assert isinstance(decision, Record)
    kind = dict(decision.fields)["kind"]
    assert isinstance(kind, Token)
    (offset,) = [row.offset for row in encoding.rows() if row.path == ".decision.kind"]
    return offset, kind


def _layout_cases() -> list[Any]:
    cases = []
    for name in ("rococo", "necklace"):
        for k, config in enumerate(fuzz_configs(name)):
            marks = () if k % QUICK_EVERY == 0 else (pytest.mark.slow,)
            cases.append(pytest.param(name, config, marks=marks, id=f"{name}-{config_id(config)}"))
    return cases


@pytest.mark.parametrize("name, config", _layout_cases())
def test_every_decision_kind_of_the_rules_has_its_place_in_the_layout(name: str, config: dict[str, Any]) -> None:
    """An observation of each decision kind the rules can ask, as the deciding seat sees it,
    encodes with that kind's one-hot set: a decision kind the rules gain and the layout does
    not declare fails here for every config, however rare the decision is in play."""
    engine = game_class(name)
    declared = plugin(name)
    assert declared is not None and declared.encoding is not None
    encoding = load(declared.encoding)(engine.parse_config(config))
    offset, field = kind_field(encoding)
    game = engine.new(config, 0)
    seat = game.current_player()
    assert seat is not None
    kinds = decision_kinds(name)
    assert kinds and kinds <= set(field.vocabulary)
    for kind in sorted(kinds):
        observation = dict(game.observe(seat))
        observation["decision"] = {"seat": seat, "kind": kind}
        vector = encoding.encode(observation, seat)
        assert vector[offset + field.vocabulary.index(kind)] == 1.0, kind


@pytest.mark.parametrize("name", ["rococo", "necklace"])
def test_every_decision_kind_of_the_rules_has_a_published_schema(name: str) -> None:
    """The description's decision schemas are those of the rules' decisions, no fewer (a
    front end meets every one of them) and no more."""
    assert set(game_class(name).describe().schema["decisions"]) == decision_kinds(name)


@pytest.mark.parametrize("name", ["rococo", "necklace"])
def test_every_action_family_a_decision_offers_is_in_an_action_table(name: str) -> None:
    """Each family of actions a decision may offer (``Steps.families``) is in the action table
    of a config with every component (each edition and mode, every expansion): a decision whose
    actions no table holds cannot be taken through the environments."""
    widest = [c for c in base_configs(name) if len(c.get("expansions", [])) in (0, 4)]
    offered = {text.split(":")[0] for config in widest for text in game_class(name).describe(config).action_space}
    families = {(kind, family) for kind, (found, _rule) in registry(name).families.items() for family in found}
    assert {(kind, family) for kind, family in families if family not in offered} == set()


def _aec_actions(config: dict[str, Any], seed: int) -> tuple[list[int], list[str]]:
    """A PettingZoo AEC game of ``config`` from ``seed``, each action drawn by numpy's generator
    of ``seed`` among the legal ones: the actions and the decision kind each answered."""
    env = rl.env("rococo", **config)
    env.reset(seed=seed)
    draw = np.random.default_rng(seed)
    actions: list[int] = []
    kinds: list[str] = []
    for _agent in env.agent_iter():
        obs, _reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        assert env.observation_space(_agent).contains(obs)
        kinds.append(env.game.decision()["kind"])
        actions.append(int(draw.choice(np.flatnonzero(obs["action_mask"]))))
        env.step(actions[-1])
    assert env.game.is_over()
    return actions, kinds


def _openspiel_replay(config: dict[str, Any], seed: int, actions: list[int], kind: str) -> int:
    """The same game through OpenSpiel (its player ``i`` is the AEC's ``player_i``): every
    player's observation at every step; how many decisions of ``kind`` it met."""
    import pyspiel

    from salon.rl.openspiel import register, short_name

    register()
    players = config["players"]
    rest = {k: v for k, v in config.items() if k != "players"}
    game = pyspiel.load_game(short_name("rococo"), {"players": players, "config": json.dumps(rest)})
    state = game.new_initial_state({"seed": seed})
    met = 0
    for action in actions:
        met += state.game.decision()["kind"] == kind
        for player in range(game.num_players()):
            assert len(state.observation_tensor(player)) == game.observation_tensor_size()
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.is_terminal()
    return met


EXQUISITE: dict[str, Any] = {"players": 3, "expansions": "exquisite"}
REMOVAL: dict[str, Any] = {"players": 1, "solo": True, "expansions": "jewelry_box", "mdb_exam_removal": "human"}


def test_the_exquisite_send_away_decision_is_observed_in_every_environment() -> None:
    """R-EXQ-4: the 3-player Exquisite game of seed 24, random legal actions drawn by
    ``numpy.random.default_rng(24)``, asks to send a card away at its step 198; the AEC
    environment and OpenSpiel (the same actions) observe it and play on to the end."""
    actions, kinds = _aec_actions(EXQUISITE, 24)
    assert kinds[198] == "exq_send"
    assert _openspiel_replay(EXQUISITE, 24, actions, "exq_send") == kinds.count("exq_send") >= 1


def test_the_removal_made_for_madame_du_barry_is_observed_in_every_environment() -> None:
    """A-3 with ``mdb_exam_removal="human"``: the player removes an employee from Madame du
    Barry's staff after her exam.  The solo game of seed 0, random legal actions drawn by
    ``numpy.random.default_rng(0)``, asks it at step 22; the AEC environment, Gymnasium (the
    solo player is its learner: the same game and draws) and OpenSpiel play it to the end."""
    actions, kinds = _aec_actions(REMOVAL, 0)
    assert kinds[22] == "mdb_remove"
    gym = rl.gym_env("rococo", **REMOVAL)
    obs, _info = gym.reset(seed=0)
    draw = np.random.default_rng(0)
    terminated = False
    for step, action in enumerate(actions):
        assert not terminated and gym.observation_space.contains(obs)
        assert gym.game.decision()["kind"] == kinds[step]
        assert int(draw.choice(np.flatnonzero(obs["action_mask"]))) == action
        obs, _reward, terminated, _truncated, _info = gym.step(action)
    assert terminated
    assert _openspiel_replay(REMOVAL, 0, actions, "mdb_remove") == kinds.count("mdb_remove") >= 1
