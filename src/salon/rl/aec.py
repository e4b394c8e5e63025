"""A game as a PettingZoo AEC environment: the agents ``player_0`` ... take the seats in
order (an automated seat such as Madame du Barry plays inside the engine and is no agent),
act by indices of the game's fixed action table and observe ``{"observation": vector,
"action_mask": mask}`` (salon.rl.table).  Rewards come at the end only.

An agent is handed nothing but its observation, its reward and an empty ``info``: the game's
seed, which fixes every deal and draw, stays with whoever called ``reset``.  ``state()`` is
every seat's vector side by side, for a centralized critic (it holds every seat's secrets).
An illegal action raises (``illegal="raise"``, the default), or, as in PettingZoo's classic
games, ends the game with -1 for the agent that made it and 0 for the others (``"lose"``)."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from salon.core.errors import ActionError, ConfigError
from salon.core.game import SEEDS, Game
from salon.core.vectors import Vector
from salon.rl.table import BOUND, Spec, check_illegal, check_reward, render_public, rewards, spec

ILLEGAL_POLICIES = ("raise", "lose")

AgentID = str


class SalonAECEnv(AECEnv[AgentID, dict[str, Any], int]):  # type: ignore[misc]
    """One game and config; ``reset(seed)`` starts the game of that seed (a seed drawn from
    the environment's generator when None).  :attr:`salon` holds the game's action
    table (``salon.actions.text(i)``, ``salon.actions.index(text)``) and observation encoding."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, game: str, config: dict[str, Any], reward: str = "margin",
                 render_mode: str | None = None, illegal: str = "raise") -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ConfigError(f"render mode {render_mode!r}: choose ansi or human")
        self.salon: Spec = spec(game, config)
        self.reward_kind = check_reward(reward)
        self.illegal = check_illegal(illegal, ILLEGAL_POLICIES)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"salon_{game}_v0"}
        self.seat_of = {f"player_{i}": s for i, s in enumerate(self.salon.players)}
        self.agent_of = {s: a for a, s in self.seat_of.items()}
        self.possible_agents = list(self.seat_of)
        self._texts = self.salon.actions.texts
        size = self.salon.encoding.size
        space = spaces.Dict({
            "observation": spaces.Box(-BOUND, BOUND, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (len(self.salon.actions),), np.int8),
        })
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(len(self.salon.actions)) for a in self.possible_agents}
        self.state_space = spaces.Box(-BOUND, BOUND, (size * len(self.possible_agents),), np.float32)
        self.game: Game | None = None
        self.rng: np.random.Generator | None = None

    @property
    def version(self) -> str:
        """The action table's and the observation layout's versions (salon.rl.table.Spec)."""
        return self.salon.version

    def observation_space(self, agent: AgentID) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: AgentID) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None or self.rng is None:
            self.rng, _ = seeding.np_random(seed)
        game_seed = seed if seed is not None else int(self.rng.integers(SEEDS // 2))
        self.game = self.salon.new(game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[AgentID, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        assert self.game is not None
        seat = self.game.current_player()
        if seat is not None:
            self.agent_selection = self.agent_of[seat]
        elif not self.agent_selection or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]

    def observe(self, agent: AgentID) -> dict[str, Any]:
        assert self.game is not None, "reset the environment first"
        return self.salon.observation(self.game, self.seat_of[agent])

    def state(self) -> Vector:
        """Every agent's observation vector, in the agents' order: the whole game, for a
        centralized critic (never for an agent to act on)."""
        assert self.game is not None, "reset the environment first"
        return np.concatenate([self.salon.encoding.vector(self.game, s) for s in self.seat_of.values()])

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        assert game is not None, "reset the environment first"
        if action is None:
            raise ConfigError(f"{agent} must act: give an index of the action table")
        texts = self._texts
        text = texts[action] if type(action) is int and 0 <= action < len(texts) else self.salon.actions.text(action)
        try:
            game.apply(text)
        except ActionError:
            if self.illegal == "raise":
                raise
            self._lose(agent)
            return
        self._cumulative_rewards[agent] = 0.0
        # the rewards stay the zeros of reset() until the end: no rewards to hand out before
        if game.is_over():
            final = rewards(game.result(), self.reward_kind)
            self.rewards = {a: final[self.seat_of[a]] for a in self.agents}
            for a in self.agents:
                self.terminations[a] = True
            self._accumulate_rewards()
        else:
            seat = game.current_player()
            if seat is not None:
                self.agent_selection = self.agent_of[seat]
            else:
                self._select()
        if self.render_mode == "human":
            self.render()

    def _lose(self, agent: AgentID) -> None:
        """The game ends on ``agent``'s illegal action: -1 for it, 0 for the others."""
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: -1.0 if a == agent else 0.0 for a in self.agents}
        for a in self.agents:
            self.terminations[a] = True
        self.infos[agent] = {"illegal": True}
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The public view of the game (what a spectator sees) as text."""
        return render_public(self.game, self.render_mode)

    def close(self) -> None:
        self.game = None

