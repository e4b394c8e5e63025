"""What the learning environments share: a game's config from keyword options, its fixed
table of actions (index and text both ways, versioned), its observation encoding, and the
final rewards."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np
import numpy.typing as npt

from salon.core.errors import ConfigError
from salon.core.game import Description, Game, Result, game_class
from salon.core.plugins import load, plugin
from salon.core.vectors import Encoding, Vector

MASKS_KEPT = 4096
"""How many masks an action table keeps (:meth:`ActionTable.mask`): they are forgotten all at
once past that."""

BOUND = 1000.0
"""The observation vectors' bounds: the encodings scale every number well inside them."""

REWARDS = ("margin", "rank")
"""``margin``: the seat's final score minus the best other score (an automated seat's too);
``rank``: +1 for the first place down to -1 for the last, a shared place sharing the values
of the places it spans."""


def game_config(players: int | None = None, expansions: Sequence[str] | str | None = None,
                **options: Any) -> dict[str, Any]:
    """A config mapping from the environments' keyword arguments (the game validates it)."""
    config: dict[str, Any] = dict(options)
    if players is not None:
        config["players"] = players
    if expansions is not None:
        config["expansions"] = expansions if isinstance(expansions, str) else ",".join(expansions)
    return config


@dataclass(frozen=True)
class ActionTable:
    """Every action text of a game and config in the order of its description: index ``i``
    of a ``Discrete`` space is ``texts[i]``.  :attr:`version` hashes the table, so that a
    trained policy can check it reads the indices it was trained on."""

    texts: tuple[str, ...]

    @cached_property
    def _index(self) -> dict[str, int]:
        return {t: i for i, t in enumerate(self.texts)}

    def __len__(self) -> int:
        return len(self.texts)

    def index(self, text: str) -> int:
        found = self._index.get(text)
        if found is None:
            raise ConfigError(f"action {text!r} is not in this game's action table")
        return found

    def text(self, index: Any) -> str:
        i = int(index)
        if not 0 <= i < len(self.texts):
            raise ConfigError(f"action index {index!r}: the table has indices 0 to {len(self.texts) - 1}")
        return self.texts[i]

    @cached_property
    def _masks(self) -> dict[tuple[str, ...], npt.NDArray[np.int8]]:
        return {}

    def mask(self, legal: Sequence[str]) -> npt.NDArray[np.int8]:
        """1 at the index of each action of ``legal``, 0 elsewhere (a fresh array; the masks of
        the sets of legal actions met so far are kept, since a game offers the same sets
        again and again)."""
        key = tuple(legal)
        found = self._masks.get(key)
        if found is None:
            found = np.zeros(len(self.texts), dtype=np.int8)
            index = self._index
            for text in key:  # a handful of items: quicker one by one than by a fancy index
                found[index[text]] = 1
            if len(self._masks) >= MASKS_KEPT:
                self._masks.clear()
            self._masks[key] = found
        return found.copy()

    @cached_property
    def version(self) -> str:
        return hashlib.sha256("\n".join(self.texts).encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Spec:
    """One game with one config, as the environments see it."""

    name: str
    config: dict[str, Any]
    engine: type[Game]
    description: Description
    seats: int
    actions: ActionTable
    encoding: Encoding
    rules: str
    """A hash of the whole config, every default included: options that leave the layout as
    it is (an edition's rules) still change what the vector's numbers mean."""

    @property
    def players(self) -> list[int]:
        """The seats a learner or a bot takes: every seat but the automated ones."""
        return [s for s in range(self.seats) if s not in self.description.automated_seats]

    @property
    def version(self) -> str:
        """The action table's, the observation layout's and the rules' versions together."""
        return f"{self.actions.version}-{self.encoding.version}-{self.rules}"

    def new(self, seed: int) -> Game:
        return self.engine.new(self.config, seed)

    def observation(self, game: Game, seat: int) -> dict[str, Vector | npt.NDArray[np.int8]]:
        """The learner's observation: the vector and the mask of legal actions (all zero when
        it is not ``seat``'s decision)."""
        vector = self.encoding.vector(game, seat)
        if game.is_over() or game.current_player() != seat:
            return {"observation": vector, "action_mask": np.zeros(len(self.actions), dtype=np.int8)}
        return {"observation": vector, "action_mask": self.actions.mask(game.legal_actions())}


def spec(name: str, config: dict[str, Any]) -> Spec:
    """The :class:`Spec` of game ``name`` with ``config``; ConfigError for an unknown game, a
    bad config or a game that declares no observation encoding."""
    engine = game_class(name)
    parsed = engine.parse_config(config)
    found = plugin(name)
    if found is None or found.encoding is None:
        raise ConfigError(f"{name} declares no observation encoding: it has no learning environment")
    first = engine.new(config, 0)
    description = engine.describe(parsed)
    rules = hashlib.sha256(json.dumps(first.config_json(), sort_keys=True).encode()).hexdigest()[:16]
    return Spec(name, config, engine, description, first.num_players, ActionTable(description.action_space),
                load(found.encoding)(parsed), rules)


def rewards(result: Result, kind: str) -> list[float]:
    """Every seat's final reward of kind ``kind`` (:data:`REWARDS`)."""
    if kind == "margin":
        return result.margins()
    if kind == "rank":
        return result.rank_values()
    raise ConfigError(f"reward {kind!r}: choose {' or '.join(REWARDS)}")


def render_public(game: Game | None, mode: str | None) -> str | None:
    """The environments' ``render()``: the public view of the game (what a spectator sees) as
    JSON text, printed in the ``human`` mode and returned otherwise."""
    if game is None:
        return None
    text = json.dumps(game.observe(None), indent=1, sort_keys=True)
    if mode == "human":
        print(text)
        return None
    return text


def check_illegal(policy: str, allowed: Sequence[str]) -> str:
    if policy not in allowed:
        raise ConfigError(f"illegal={policy!r}: choose {' or '.join(allowed)}")
    return policy


def check_reward(kind: str) -> str:
    if kind not in REWARDS:
        raise ConfigError(f"reward {kind!r}: choose {' or '.join(REWARDS)}")
    return kind


def layout_table(name: str, config: dict[str, Any] | None = None) -> str:
    """The observation layout of game ``name`` with ``config`` as a Markdown table."""
    return spec(name, dict(config or {})).encoding.table()
