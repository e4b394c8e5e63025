"""OpenSpiel deals every episode afresh by its own chance sampling, so that its seeding repeats
a run; a fixed ``seed`` parameter still deals one game; and the documented ``evaluate_bots``
recipe repeats itself, the IS-MCTS bot drawing its worlds from its own generator."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python import rl_environment  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from salon.rl.openspiel import SEED_BYTES, ISMCTSBot, register  # noqa: E402

PAGE = Path(__file__).resolve().parents[2] / "docs" / "researchers.md"


def _game(params: dict[str, Any]) -> Any:
    register()
    return pyspiel.load_game("python_salon_necklace", {"players": 2, **params})


def _deals(game: Any, seed: int | None, episodes: int) -> list[tuple[int, str]]:
    """The seed the engine dealt and player 0's first observation, for each episode of an
    ``rl_environment`` whose chance sampler has ``seed`` (None: its default sampler)."""
    sampler = None if seed is None else rl_environment.ChanceEventSampler(seed)
    env = rl_environment.Environment(game, chance_event_sampler=sampler)
    deals = []
    for _ in range(episodes):
        env.reset()
        state = env.get_state
        deals.append((state.game.seed, state.observation_string(0)))
    return deals


def test_every_rl_environment_episode_is_a_fresh_deal_that_its_seed_repeats() -> None:
    """``rl_environment`` resets the game by OpenSpiel's chance sampling: two episodes, two
    deals (the player sees other cards), with its default sampler or a seeded one, and the
    same two again from a sampler of the same seed."""
    game = _game({})
    (first, second) = _deals(game, None, 2)
    assert first[0] != second[0] and first[1] != second[1]
    deals = _deals(game, 3, 2)
    assert deals[0][0] != deals[1][0] and deals[0][1] != deals[1][1]
    assert _deals(game, 3, 2) == deals
    assert _deals(game, 4, 2) != deals


def test_a_fixed_seed_parameter_deals_one_game() -> None:
    game = _game({"seed": 5})
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert game.max_chance_outcomes() == 0
    (first, second) = _deals(game, 3, 2)
    assert first == second and first[0] == 5
    assert str(game.new_initial_state()) == str(_game({}).new_initial_state({"seed": 5}))


def test_chance_draws_the_seed_a_byte_at_a_time_and_no_player_sees_it() -> None:
    """Each of the chance nodes draws one byte of the seed, every value alike; meanwhile the
    players see nothing (a zero vector, ``null``); then the engine deals that seed's game."""
    game = _game({})
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    state = game.new_initial_state()
    drawn = [7, 0, 255, 1, 2, 3, 4, 200]
    assert len(drawn) == SEED_BYTES
    for byte in drawn:
        assert state.is_chance_node() and not state.is_terminal()
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == list(range(256)) and sum(p for _, p in outcomes) == pytest.approx(1.0)
        assert state.observation_string(0) == "null" and not any(state.observation_tensor(1))
        state.apply_action(byte)
    seed = int.from_bytes(bytes(drawn), "little")
    assert not state.is_chance_node() and state.game.seed == seed
    assert str(state) == str(game.new_initial_state({"seed": seed}))
    again = game.deserialize_state(state.serialize())
    assert again.history() == state.history() and str(again) == str(state)


def _recipe() -> str:
    blocks: list[str] = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)
    (block,) = [b for b in blocks if "evaluate_bots" in b]
    return block


@pytest.mark.slow
def test_the_documented_evaluate_bots_recipe_repeats(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/researchers.md's IS-MCTS game, run twice: the same deal, the same moves, the same
    result (its one generator draws them all)."""
    runs = []
    for _ in range(2):
        namespace: dict[str, Any] = {"__name__": "researchers"}
        exec(compile(_recipe(), "docs/researchers.md", "exec"), namespace)
        runs.append((namespace["state"].history(), capsys.readouterr().out))
    assert runs[0] == runs[1]
    assert len(runs[0][0]) > SEED_BYTES


@pytest.mark.heavy
def test_the_ismcts_bot_draws_its_worlds_from_its_own_generator() -> None:
    """Two IS-MCTS bots of one seed search a position alike, visit for visit (their policies
    are their visit counts): their worlds come from their generators, not from a sampler
    seeded at random."""
    game = _game({"returns": "rank"})
    state = game.new_initial_state({"seed": 9})
    for _ in range(6):
        state.apply_action(state.legal_actions()[0])
    while len(state.legal_actions()) < 3:  # a real choice, which the worlds' roll-outs weigh
        state.apply_action(state.legal_actions()[0])

    def policy() -> list[tuple[int, float]]:
        rs = np.random.RandomState(1)
        bot = ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, max_simulations=40, random_state=rs,
                        final_policy_type=ismcts.ISMCTSFinalPolicyType.NORMALIZED_VISITED_COUNT,
                        use_observation_string=True, allow_inconsistent_action_sets=True)
        found: list[tuple[int, float]] = bot.get_policy(state)
        return found

    assert policy() == policy()
