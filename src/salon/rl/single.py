"""A game as a Gymnasium environment for one learner: the other seats are played by bots
(salon.bots) between the learner's decisions, an automated seat by the engine itself.  The
observation and the action indices are those of the AEC environment (salon.rl.table); the
reward comes at the end.  ``action_masks()`` gives the mask for masking algorithms
(sb3-contrib's MaskablePPO).

An illegal action changes nothing and costs :data:`ILLEGAL_REWARD` (``illegal="penalize"``,
the default), so that a learner without masks learns to avoid it; or it ends the episode
with that reward (``"lose"``, PettingZoo's classic games' rule), or raises (``"raise"``).  An
episode is truncated after ``max_steps`` of the learner's steps, illegal ones included
(:data:`MAX_STEPS` by default, far beyond any game played by its rules).  The reset ``info``
names the learner's seat and nothing else: the game's seed, which fixes every deal and draw,
stays with whoever called ``reset``."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from salon.bots.base import Bot, BotSpec, bot_seed
from salon.core.errors import ActionError, ConfigError
from salon.core.game import SEEDS, Game
from salon.rl.table import BOUND, Spec, check_illegal, check_reward, render_public, rewards, spec

ILLEGAL_REWARD = -1.0
ILLEGAL_POLICIES = ("penalize", "lose", "raise")
MAX_STEPS = 5000
"""The default truncation, in the learner's steps: random legal play took at most 170 of a
seat's decisions in 30 games of each player count of both games, so only a learner stuck on
illegal actions meets it."""


class SalonGymEnv(gym.Env[dict[str, Any], Any]):
    """The learner plays ``seat`` (None: a seat drawn at each reset) against ``opponents``:
    one bot spec per other player seat, or one for all, each read once here.  :attr:`salon` holds the game's action
    table (``salon.actions.text(i)``, ``salon.actions.index(text)``) and observation encoding."""

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(self, game: str, config: dict[str, Any], opponents: list[str], reward: str = "margin",
                 seat: int | None = 0, render_mode: str | None = None, illegal: str = "penalize",
                 max_steps: int = MAX_STEPS) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ConfigError(f"render mode {render_mode!r}: choose ansi or human")
        self.salon: Spec = spec(game, config)
        self.reward_kind = check_reward(reward)
        self.illegal = check_illegal(illegal, ILLEGAL_POLICIES)
        if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
            raise ConfigError(f"max_steps={max_steps!r}: give a positive number of steps")
        self.max_steps = max_steps
        self.steps = 0
        self.render_mode = render_mode
        players = self.salon.players
        if seat is not None and seat not in players:
            raise ConfigError(f"seat {seat!r}: the learner may take seat {', '.join(map(str, players))}")
        if not opponents or len(opponents) not in (1, len(players) - 1):
            raise ConfigError(f"opponents: give one bot for all or one for each of the {len(players) - 1} "
                              "other seats")
        self.opponents = [BotSpec.parse(bot) for bot in opponents]
        self.seat = seat
        self.learner = players[0] if seat is None else seat
        size = self.salon.encoding.size
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(-BOUND, BOUND, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (len(self.salon.actions),), np.int8),
        })
        self.action_space: spaces.Space[Any] = spaces.Discrete(len(self.salon.actions))
        self.game: Game | None = None
        self.bots: dict[int, Bot] = {}

    @property
    def version(self) -> str:
        return self.salon.version

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(SEEDS // 2))
        players = self.salon.players
        self.learner = int(self.np_random.choice(players)) if self.seat is None else self.seat
        self.game = self.salon.new(game_seed)
        others = [s for s in players if s != self.learner]
        self.bots = {s: self.opponents[0 if len(self.opponents) == 1 else i].make(bot_seed(game_seed, s))
                     for i, s in enumerate(others)}
        self.steps = 0
        self._play_others()
        return self._observation(), {"seat": self.learner}

    def _play_others(self) -> None:
        game = self.game
        assert game is not None
        while not game.is_over() and game.current_player() != self.learner:
            seat = game.current_player()
            assert seat is not None
            game.apply(self.bots[seat].choose(game))

    def _observation(self) -> dict[str, Any]:
        assert self.game is not None
        return self.salon.observation(self.game, self.learner)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, as booleans over the action table."""
        assert self.game is not None, "reset the environment first"
        mask: npt.NDArray[np.bool_] = self._observation()["action_mask"].astype(bool)
        return mask

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        game = self.game
        assert game is not None, "reset the environment first"
        self.steps += 1
        truncated = self.steps >= self.max_steps
        try:
            game.apply(self.salon.actions.text(action))
        except ActionError:
            if self.illegal == "raise":
                raise
            return self._observation(), ILLEGAL_REWARD, self.illegal == "lose", truncated, {"illegal": True}
        self._play_others()
        over = game.is_over()
        reward = rewards(game.result(), self.reward_kind)[self.learner] if over else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, over, truncated and not over, {}

    def render(self) -> str | None:
        """The public view of the game (what a spectator sees) as text."""
        return render_public(self.game, self.render_mode)
