"""Train a policy on one salon game against the random bot, and print its learning curve.

    pip install -e '.[rl]' 'sb3-contrib==2.9.2'      # brings stable-baselines3 and torch
    python -m tools.train_maskable_ppo --game necklace --steps 40000
    python -m tools.train_maskable_ppo --game necklace --steps 100000 --export necklace-2p.npz

The learner is sb3-contrib's MaskablePPO on salon's Gymnasium environment
(``salon.rl.gym_env``): the game's observation vector, its legal actions as the mask, the
final score margin over the opponent as the reward (divided by :data:`REWARD_SCALE`).
Before training and after every stage it plays ``--eval-games`` games on fixed evaluation
seeds against the random bot and prints its win rate and mean score margin, so the curve
shows whether it learns.  It is a recipe of the repository, not a part of salon, and kept
out of the test suite: it needs torch, which salon does not depend on, and minutes of CPU.

``--export`` writes the trained policy as the numpy weights file the ``ppo`` bot plays
(salon.bots.ppo): a ladder anchor that owes nothing to the salon bots' own look-ahead.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.wrappers import TransformReward
from sb3_contrib import MaskablePPO

import salon.rl as rl
from salon.bots import ppo
from salon.bots.model import actions_version, config_key
from salon.rl.single import SalonGymEnv

REWARD_SCALE = 100.0
"""Margins run to a few hundred points; PPO's value estimates learn better near -1..1."""
EVAL_SEEDS = 10_000
"""Evaluation games use seeds from here on, never met in training (which draws its own)."""


def evaluate(model: MaskablePPO, game: str, games: int) -> tuple[float, float]:
    """Win rate and mean margin of the greedy policy against the random bot."""
    env = rl.gym_env(game, opponents=["random"], reward="margin", seat=None)
    wins = 0.0
    margins = []
    for i in range(games):
        obs, _ = env.reset(seed=EVAL_SEEDS + i)
        done = False
        margin = 0.0
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, margin, done, _, _ = env.step(int(action))
        wins += margin > 0
        margins.append(margin)
    return wins / games, float(np.mean(margins))


def export(model: MaskablePPO, env: SalonGymEnv, path: str, card: dict[str, object]) -> None:
    """Write the greedy policy's layers for salon.bots.ppo: the features extractor
    concatenates the observation's parts in the Dict space's (sorted) key order, the mask
    first; then the policy's hidden layers (tanh) and its action head."""
    policy = model.policy
    space = env.observation_space
    assert isinstance(space, spaces.Dict) and list(space.spaces) == ["action_mask", "observation"]
    linear = [m for m in policy.mlp_extractor.policy_net if hasattr(m, "weight")] + [policy.action_net]
    game = env.salon.new(0)
    meta = {"format": ppo.FORMAT, "game": game.name, "config": config_key(game),
            "encoding": env.salon.encoding.version, "actions": actions_version(game.description.action_space),
            "layers": len(linear), "card": card}
    arrays: dict[str, Any] = {"meta": np.array(json.dumps(meta))}
    for i, layer in enumerate(linear):
        arrays[f"w{i}"] = layer.weight.detach().numpy().T.astype(np.float32)
        arrays[f"b{i}"] = layer.bias.detach().numpy().astype(np.float32)
    np.savez_compressed(path, **arrays)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="necklace")
    parser.add_argument("--steps", type=int, default=40_000, help="training steps in all")
    parser.add_argument("--stages", type=int, default=5, help="evaluations after the first")
    parser.add_argument("--eval-games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--export", help="write the trained policy here for the ppo bot (a .npz file)")
    args = parser.parse_args()
    env = TransformReward(rl.gym_env(args.game, opponents=["random"], seat=None), lambda r: float(r) / REWARD_SCALE)
    salon_env = env.unwrapped
    assert isinstance(salon_env, SalonGymEnv)
    print(f"{args.game}: action table {len(salon_env.salon.actions)} entries, observation "
          f"{salon_env.salon.encoding.size} numbers, version {salon_env.version}")
    model = MaskablePPO("MultiInputPolicy", env, n_steps=1024, batch_size=128, learning_rate=1e-3, gamma=1.0,
                        seed=args.seed, verbose=0)
    print("| steps | win rate vs random | mean margin | seconds |")
    print("|---:|---:|---:|---:|")
    start = time.perf_counter()
    rate, margin = evaluate(model, args.game, args.eval_games)
    print(f"| 0 | {rate:.2f} | {margin:+.1f} | 0 |", flush=True)
    per_stage = args.steps // args.stages
    for stage in range(1, args.stages + 1):
        model.learn(per_stage, reset_num_timesteps=False)
        rate, margin = evaluate(model, args.game, args.eval_games)
        print(f"| {stage * per_stage} | {rate:.2f} | {margin:+.1f} | {time.perf_counter() - start:.0f} |",
              flush=True)
    if args.export:
        card = {"command": "python -m tools.train_maskable_ppo " + " ".join(sys.argv[1:]),
                "steps": per_stage * args.stages, "opponent": "random",
                "eval_games": args.eval_games, "eval_win_rate": rate, "eval_margin": round(margin, 1)}
        export(model, salon_env, args.export, card)


if __name__ == "__main__":
    main()
