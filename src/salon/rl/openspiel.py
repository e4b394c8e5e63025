"""Every installed game with an observation encoding as an OpenSpiel Python game
(``python_salon_<name>``), so that OpenSpiel's own algorithms (its IS-MCTS bot,
``evaluate_bots``, ``rl_environment``) play it.

The games are imperfect-information games whose chance is all in their seed: the engine
draws from its own generator inside ``apply`` (a game is its seed and its actions).  So
OpenSpiel's chance picks the seed, and nothing else: a state of the default game (``seed``
-1) begins with :data:`SEED_BYTES` chance nodes, each drawing one byte of the seed uniformly,
after which the engine deals that seed's game.  OpenSpiel's own sampling (``rl_environment``'s
chance sampler, ``evaluate_bots``' generator) therefore decides each deal: every episode is
a fresh one out of 2**64, and a seeded run deals the same ones again.  No player observes
the bytes (they are chance's actions; while they are drawn a player's observation is zeros,
or ``null`` as text), and every later draw of the engine follows from them, unseen, as a
shuffled deck follows from the shuffle.

A fixed ``seed`` parameter (0 and up) makes the game deterministic instead: no chance nodes,
and ``new_initial_state()`` deals that seed's game every time.  ``new_initial_state({"seed":
n})`` deals the game of seed ``n`` in either case.  Which deal a call gives never depends on
earlier calls: the game object never changes.  A state serializes as OpenSpiel's Python games
do (its history, and its engine pickled).

Players are the seats a learner may take (an automated seat plays inside the engine);
actions are the indices of the game's action table; the observation tensor is the game's
encoding of what the player is shown, and its string is that observation as JSON.  There is
no perfect-recall information state: the type says so, and ``information_state_string`` and
``information_state_tensor`` raise (``rl_environment`` then reads the observation, as it does
for any game without one).  ``resample_from_infostate`` re-samples what the player cannot see
with the game's own :meth:`~salon.core.game.Game.determinize` and keeps the state's history.

Parameters: ``players``, ``seed`` (-1, the default: dealt by chance; else that seed's deal),
``config`` (the game's other options as JSON, e.g. ``{"expansions": "all"}``; the game keeps
it with its commas and equals signs percent-encoded, so that its string reads back) and
``returns``: ``margin`` (the final score margin over the best other seat, the default;
zero-sum with two players) or ``rank`` (+1 first to -1 last, zero-sum).  :class:`ISMCTSBot`
is OpenSpiel's IS-MCTS bot with the ``restart_at`` that ``evaluate_bots`` asks of every bot,
drawing its worlds from its own ``random_state``.
"""

from __future__ import annotations

import json
import urllib.parse
from collections.abc import Callable
from functools import cache
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

from salon.core.errors import ConfigError, SalonError
from salon.core.game import SEEDS, Game, game_class, game_names, game_seed
from salon.core.plugins import plugin
from salon.core.rng import Rng, derive_seed
from salon.rl.table import REWARDS, Spec, rewards, spec

DEALT_BY_CHANCE = -1
"""The ``seed`` that leaves the deal to OpenSpiel's chance nodes."""
SEED_BYTES = (SEEDS - 1).bit_length() // 8
"""The chance nodes of a deal, one byte of the seed each: every seed of the fast generator
(2**64 deals), while a node lists only 256 outcomes."""
DEFAULTS = {"players": 2, "seed": DEALT_BY_CHANCE, "config": "", "returns": "margin"}
"""The games' parameters and their defaults."""


def short_name(game: str) -> str:
    return f"python_salon_{game}"


@cache
def _spec(game: str, config: str) -> Spec:
    """The spec of ``game`` with ``config`` (canonical JSON): built once, shared by every
    OpenSpiel game and state of that config, and rebuilt from these two strings when a
    serialized state is read back."""
    return spec(game, json.loads(config))


def _options(params: dict[str, Any]) -> dict[str, Any]:
    """The game's options of the ``config`` parameter: JSON, or JSON as a game's string carries
    it (:func:`_carried`)."""
    try:
        config = json.loads(urllib.parse.unquote(params.get("config") or "{}"))
    except json.JSONDecodeError as e:
        raise ConfigError(f"config: not JSON ({e})") from None
    if not isinstance(config, dict):
        raise ConfigError("config: give the game's options as a JSON object")
    return config


def _carried(options: dict[str, Any]) -> str:
    """The ``config`` parameter as the game keeps it: canonical JSON with its commas and equals
    signs percent-encoded, since a game's string (``str(game)``, which
    ``pyspiel.serialize_game_and_state`` writes and reads back) splits its parameters there."""
    return urllib.parse.quote(json.dumps(options, sort_keys=True, separators=(",", ":")), safe='{}[]":')


def _config(params: dict[str, Any]) -> str:
    """The salon config of the game's parameters, as canonical JSON."""
    return json.dumps({**_options(params), "players": int(params["players"])}, sort_keys=True)


def _seed(given: Any, default: int) -> int:
    """The seed a ``new_initial_state`` argument or the ``seed`` parameter names (a mapping or
    JSON text), else ``default``: a game's seed, or :data:`DEALT_BY_CHANCE`."""
    if given is None or given == "":
        return default
    found = json.loads(given) if isinstance(given, str) else dict(given)
    seed = found.get("seed", default)
    return seed if seed == DEALT_BY_CHANCE and not isinstance(seed, bool) else game_seed(seed)


class SalonOpenSpielGame(pyspiel.Game):  # type: ignore[misc]
    """One salon game and config as an OpenSpiel game (immutable: see the module's docstring)."""

    def __init__(self, game: str, params: dict[str, Any] | None = None) -> None:
        full = {**DEFAULTS, **(params or {})}
        full["config"] = _carried(_options(full))
        if full["returns"] not in REWARDS:
            raise ConfigError(f"returns={full['returns']!r}: choose {' or '.join(REWARDS)}")
        self.name = game
        self.config = _config(full)
        self.salon: Spec = _spec(game, self.config)
        self.seed = _seed(full, DEALT_BY_CHANCE)
        self.returns_kind = str(full["returns"])
        players = len(self.salon.players)
        zero_sum = self.returns_kind == "rank" or players == 2
        limits = self.salon.description.limits  # from the rules, not measured
        low, high = limits.scores
        bound = 1.0 if self.returns_kind == "rank" else float(high - low)  # a margin's widest
        chance = self.seed == DEALT_BY_CHANCE
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.salon.actions), max_chance_outcomes=256 if chance else 0,
            num_players=players, min_utility=-bound, max_utility=bound,
            utility_sum=0.0 if zero_sum else None, max_game_length=limits.decisions)
        super().__init__(_game_type(game, zero_sum, chance), info, full)

    def new_initial_state(self, params: Any = None) -> SalonOpenSpielState:
        """The game of ``params["seed"]``, else of the ``seed`` parameter; a state of chance
        nodes that draw the seed where that is -1."""
        seed = _seed(params, self.seed)
        return SalonOpenSpielState(self, None if seed == DEALT_BY_CHANCE else self.salon.new(seed))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SalonObserver:
        """The player's own observation, the only one the games provide."""
        wanted = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if wanted.perfect_recall:
            raise NotImplementedError(f"{short_name(self.name)} provides no perfect-recall information state "
                                      "(its game type says so): use the observation")
        if not wanted.public_info or wanted.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise NotImplementedError(f"{short_name(self.name)} provides only the player's own observation")
        return SalonObserver(self.salon)


class _Shared:
    """What every state of one OpenSpiel game shares and never changes: OpenSpiel clones a
    Python state by deep-copying its attributes, and this one it need not copy; pickled (a
    serialized state), it is its game's name, config and returns, from which it is rebuilt."""

    def __init__(self, game: str, config: str, returns: str) -> None:
        self.key = (game, config, returns)
        self.spec = _spec(game, config)
        self.returns = returns
        self.players = self.spec.players
        self.player_of = {s: i for i, s in enumerate(self.players)}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[type[_Shared], tuple[str, str, str]]:
        return _Shared, self.key


class _Engine:
    """The salon game of a state, copied by its own cheap :meth:`Game.clone` when OpenSpiel
    clones the state, and pickled as its snapshot (:meth:`Game.to_snapshot`), which both
    engines, compiled and pure, read alike."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(self.game.clone())

    def __reduce__(self) -> tuple[Callable[[str, dict[str, Any]], _Engine], tuple[str, dict[str, Any]]]:
        return _restore, (self.game.name, self.game.to_snapshot())


def _restore(name: str, snapshot: dict[str, Any]) -> _Engine:
    return _Engine(game_class(name).from_snapshot(snapshot))


class SalonOpenSpielState(pyspiel.State):  # type: ignore[misc]
    """A game in progress; player ``i`` is the ``i``-th seat a learner may take.  Without a
    salon game it is being dealt: chance draws the seed's bytes, then the engine deals."""

    def __init__(self, game: SalonOpenSpielGame, salon_game: Game | None) -> None:
        super().__init__(game)
        self.shared = _Shared(game.name, game.config, game.returns_kind)
        self.engine: _Engine | None = None if salon_game is None else _Engine(salon_game)
        self.seed_bytes: list[int] = []
        """The bytes of the seed chance has drawn (all of them, once the game is dealt)."""

    @property
    def game(self) -> Game:
        if self.engine is None:
            raise SalonError("the game is being dealt: chance draws its seed first")
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
        if self.engine is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self.game.current_player()
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else self.player_of[seat]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next byte of the seed, each value alike."""
        return [(b, 1 / 256) for b in range(256)] if self.engine is None else []

    def _legal_actions(self, player: int) -> list[int]:
        if self.engine is None or self.game.is_over() or self.game.current_player() != self.players[player]:
            return []
        table = self.salon_spec.actions
        return sorted(table.index(t) for t in self.game.legal_actions())

    def _apply_action(self, action: int) -> None:
        if self.engine is not None:
            self.game.apply(self.salon_spec.actions.text(action))
            return
        self.seed_bytes.append(int(action))
        if len(self.seed_bytes) == SEED_BYTES:
            self.engine = _Engine(self.salon_spec.new(int.from_bytes(bytes(self.seed_bytes), "little")))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {len(self.seed_bytes) + 1} of {SEED_BYTES}: {action}"
        return self.salon_spec.actions.text(action)

    def is_terminal(self) -> bool:
        return self.engine is not None and self.game.is_over()

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * len(self.players)
        final = rewards(self.game.result(), self.shared.returns)
        return [final[s] for s in self.players]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SalonOpenSpielState:
        """A copy, with this state's history, in which what ``player_id`` cannot see is drawn
        anew (:meth:`Game.determinize`), seeded from the sampler's draw."""
        draw = probability_sampler() if callable(probability_sampler) else np.random.random()
        rng = Rng(derive_seed(int(draw * 2**53), 0x15))
        world = self.game.determinize(self.players[player_id], rng) or self.game.clone()
        resampled: SalonOpenSpielState = self.clone()
        resampled.engine = _Engine(world)
        return resampled

    def __str__(self) -> str:
        if self.engine is None:
            return f"dealing: {len(self.seed_bytes)} of {SEED_BYTES} seed bytes drawn"
        return json.dumps(self.game.observe(None), sort_keys=True)


class SalonObserver:
    """OpenSpiel's Python observer: the player's encoded observation and its JSON (while the
    game is being dealt, when nothing is shown yet: zeros and ``null``)."""

    def __init__(self, salon: Spec) -> None:
        self.salon = salon
        self.tensor = np.zeros(salon.encoding.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SalonOpenSpielState, player: int) -> None:
        if state.engine is None:
            self.tensor[:] = 0.0
            return
        seat = self.salon.players[player]
        self.tensor[:] = self.salon.encoding.vector(state.game, seat)

    def string_from(self, state: SalonOpenSpielState, player: int) -> str:
        if state.engine is None:
            return json.dumps(None)
        return json.dumps(state.game.observe(self.salon.players[player]), sort_keys=True)


class ISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's Python IS-MCTS bot with ``restart_at``, which ``evaluate_bots`` calls on
    every bot first and OpenSpiel's own lacks: the bot keeps nothing between its moves, so
    there is nothing to restart.  It draws its worlds from its own ``random_state`` (unless
    ``set_resampler`` gives another way), where OpenSpiel's draws them from a sampler seeded
    at random: so one seeded generator repeats a whole search, and an ``evaluate_bots`` run."""

    def restart_at(self, state: Any) -> None:
        return None

    def resample_from_infostate(self, state: Any) -> Any:
        if self._resampler_cb:
            return self._resampler_cb(state, state.current_player())
        return state.resample_from_infostate(state.current_player(), self._random_state.uniform)


def _game_class(game: str) -> type[SalonOpenSpielGame]:
    """The class OpenSpiel builds ``game`` with: a class, not a function, because a Python
    function held by OpenSpiel's registry aborts the interpreter when it exits."""

    def __init__(self: SalonOpenSpielGame, params: dict[str, Any] | None = None) -> None:
        SalonOpenSpielGame.__init__(self, game, params)

    return type(f"Salon{game.title()}Game", (SalonOpenSpielGame,), {"__init__": __init__})


def _game_type(game: str, zero_sum: bool = False, chance: bool = True) -> Any:
    """The game type: registered general-sum and dealt by chance; zero-sum for a game whose
    returns are (two players' margins, or ranks), deterministic for a game of a fixed seed."""
    counts = spec(game, {}).description.players
    mode = pyspiel.GameType.ChanceMode
    return pyspiel.GameType(
        short_name=short_name(game), long_name=f"salon {game} (Python)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=mode.EXPLICIT_STOCHASTIC if chance else mode.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts), min_num_players=min(counts),
        provides_information_state_string=False, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=DEFAULTS)


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
            pyspiel.register_game(_game_type(game), _game_class(game))
        names.append(name)
    return names


__all__ = ["ISMCTSBot", "SalonOpenSpielGame", "SalonOpenSpielState", "register", "short_name"]
