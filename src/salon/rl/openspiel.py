"""Every installed game with an observation encoding as an OpenSpiel Python game
(``python_salon_<name>``), so that OpenSpiel's own algorithms (its IS-MCTS bot,
``evaluate_bots``) play it.

The games are imperfect-information games with *sampled* chance: the engine draws from its
own seeded generator inside ``apply`` (a game is its seed and its actions), so no chance node
is exposed; each new initial state takes the next seed from the ``seed`` parameter on.  Players
are the seats a learner may take (an automated seat plays inside the engine); actions are the
indices of the game's action table; the observation tensor is the game's encoding of what the
player is shown, and its string is that observation as JSON.  ``resample_from_infostate``
re-samples what the player cannot see with the game's own ``determinize`` hook, which IS-MCTS
asks for at every iteration.  Parameters: ``players``, ``seed`` and ``config`` (the game's other
options as JSON, e.g. ``{"expansions": "all"}``).  Returns are the final score margins.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from salon.bots.heuristic import hooks_for
from salon.core.game import Game, game_names
from salon.core.plugins import plugin
from salon.core.rng import Rng, derive_seed
from salon.rl.table import Spec, rewards, spec

MAX_UTILITY = 1000.0
"""A bound on any score margin, which OpenSpiel asks of a game."""
MAX_LENGTH = 100_000
"""A bound on the number of decisions of any game (``salon simulate`` counts a longer one as stuck)."""


def short_name(game: str) -> str:
    return f"python_salon_{game}"


def _spec(game: str, params: dict[str, Any]) -> Spec:
    config = json.loads(params.get("config") or "{}")
    config["players"] = int(params["players"])
    return spec(game, config)


class SalonOpenSpielGame(pyspiel.Game):  # type: ignore[misc]
    """One salon game and config as an OpenSpiel game."""

    def __init__(self, game: str, game_type: Any, params: dict[str, Any] | None = None) -> None:
        full = {"players": 2, "seed": 0, "config": "", **(params or {})}
        self.salon: Spec = _spec(game, full)
        self.next_seed = int(full["seed"])
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.salon.actions), max_chance_outcomes=0,
            num_players=len(self.salon.players), min_utility=-MAX_UTILITY, max_utility=MAX_UTILITY,
            utility_sum=None, max_game_length=MAX_LENGTH)
        super().__init__(game_type, info, full)

    def new_initial_state(self) -> SalonOpenSpielState:
        seed = self.next_seed
        self.next_seed += 1
        return SalonOpenSpielState(self, self.salon.new(seed))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SalonObserver:
        return SalonObserver(self.salon)


class _Shared:
    """What every state of one OpenSpiel game shares and never changes: OpenSpiel clones a
    Python state by deep-copying its attributes, and this one it need not copy."""

    def __init__(self, salon: Spec) -> None:
        self.spec = salon
        self.players = salon.players
        self.player_of = {s: i for i, s in enumerate(self.players)}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class _Engine:
    """The salon game of a state, copied by its own cheap :meth:`Game.clone` when OpenSpiel
    clones the state."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(self.game.clone())


class SalonOpenSpielState(pyspiel.State):  # type: ignore[misc]
    """A game in progress; player ``i`` is the ``i``-th seat a learner may take."""

    def __init__(self, game: SalonOpenSpielGame, salon_game: Game) -> None:
        super().__init__(game)
        self.shared = _Shared(game.salon)
        self.engine = _Engine(salon_game)

    @property
    def game(self) -> Game:
        return self.engine.game

    @property
    def salon_spec(self) -> Spec:
        return self.shared.spec

    @property
    def players(self) -> list[int]:
        return self.shared.players

    @property
    def player_of(self) -> dict[int, int]:
        return self.shared.player_of

    def current_player(self) -> int:
        seat = self.game.current_player()
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else self.player_of[seat]

    def _legal_actions(self, player: int) -> list[int]:
        if self.game.is_over() or self.game.current_player() != self.players[player]:
            return []
        table = self.salon_spec.actions
        return sorted(table.index(t) for t in self.game.legal_actions())

    def _apply_action(self, action: int) -> None:
        self.game.apply(self.salon_spec.actions.text(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.salon_spec.actions.text(action)

    def is_terminal(self) -> bool:
        return self.game.is_over()

    def returns(self) -> list[float]:
        if not self.game.is_over():
            return [0.0] * len(self.players)
        final = rewards(self.game.result(), "margin")
        return [final[s] for s in self.players]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SalonOpenSpielState:
        """A copy in which what ``player_id`` cannot see is drawn anew (the game's determinize
        hook), seeded from the sampler's draw."""
        hooks = hooks_for(self.game)
        draw = probability_sampler() if callable(probability_sampler) else np.random.random()
        rng = Rng(derive_seed(int(draw * 2**53), 0x15))
        world = hooks.determinize(self.game, self.players[player_id], rng) if hooks.determinize else self.game.clone()
        return SalonOpenSpielState(self.get_game(), world)

    def __str__(self) -> str:
        return json.dumps(self.game.observe(None), sort_keys=True)


class SalonObserver:
    """OpenSpiel's Python observer: the player's encoded observation and its JSON."""

    def __init__(self, salon: Spec) -> None:
        self.salon = salon
        self.tensor = np.zeros(salon.encoding.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SalonOpenSpielState, player: int) -> None:
        seat = self.salon.players[player]
        self.tensor[:] = self.salon.encoding.vector(state.game, seat)

    def string_from(self, state: SalonOpenSpielState, player: int) -> str:
        return json.dumps(state.game.observe(self.salon.players[player]), sort_keys=True)


def _game_class(game: str, game_type: Any) -> type[SalonOpenSpielGame]:
    """The class OpenSpiel builds ``game`` with: a class, not a function, because a Python
    function held by OpenSpiel's registry aborts the interpreter when it exits."""

    def __init__(self: SalonOpenSpielGame, params: dict[str, Any] | None = None) -> None:
        SalonOpenSpielGame.__init__(self, game, game_type, params)

    return type(f"Salon{game.title()}Game", (SalonOpenSpielGame,), {"__init__": __init__})


def _game_type(game: str) -> Any:
    counts = spec(game, {}).description.players
    return pyspiel.GameType(
        short_name=short_name(game), long_name=f"salon {game} (Python)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts), min_num_players=min(counts),
        provides_information_state_string=False, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={"players": 2, "seed": 0, "config": ""})


def register() -> list[str]:
    """Register every installed game that declares an encoding (once); their short names."""
    names = []
    registered = set(pyspiel.registered_names())
    for game in game_names():
        found = plugin(game)
        if found is None or found.encoding is None:
            continue
        name = short_name(game)
        if name not in registered:
            game_type = _game_type(game)
            pyspiel.register_game(game_type, _game_class(game, game_type))
        names.append(name)
    return names


__all__ = ["SalonOpenSpielGame", "SalonOpenSpielState", "register", "short_name"]
