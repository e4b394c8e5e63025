"""A policy trained by reinforcement learning as a salon bot: ``ppo``.

Why it is here: a ladder needs anchors that share none of the salon bots' judgement.  This
bot has no look-ahead and no hand-written evaluation; it is the greedy policy of sb3-contrib's
MaskablePPO, trained from nothing but the game's observation vector, its legal-action mask
and the final margin, against the random bot (``python -m tools.train_maskable_ppo --export``).
It plays the action its network rates highest among the legal ones, the way the recipe
evaluates it, so it is deterministic and needs no generator.

The network runs here in numpy from the exported weights (``models/ppo/*.npz``), so playing
needs neither torch nor the learning libraries.  Its input is what the Gymnasium
environment gave it: the legal-action mask over the action table, then the seat's
observation vector (salon.rl.single's Dict space flattened in its sorted key order), then
tanh hidden layers and a linear head of one logit per action of the table.  A file is bound,
as the learned models are (salon.bots.model), to the encoding's layout, the action table and
the config it was trained on.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from salon.bots.base import Bot
from salon.bots.model import MODELS, Array, Mlp, action_index, check, config_key, encoding_of, layers_of
from salon.core.errors import ConfigError, DataError
from salon.core.game import Game
from salon.core.plugins import folder

FORMAT = 1
"""The exported policies' own file layout: a reader refuses another."""


@dataclass(frozen=True)
class Policy:
    """One game and config's exported policy network."""

    game: str
    config: str
    encoding: str
    actions: str
    net: Mlp
    card: dict[str, Any]

    def logits(self, mask: Array, vector: Array) -> Array:
        return self.net(np.concatenate((mask, vector)))


def read(path: Path) -> Policy:
    """The policy of an exported file; DataError for a file that is not one."""
    try:
        with np.load(path, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            if meta.get("format") != FORMAT:
                raise ValueError(f"format {meta.get('format')!r}, this salon reads format {FORMAT}")
            net = Mlp(layers_of(data, "", int(meta["layers"])), tanh=True)
            return Policy(meta["game"], meta["config"], meta["encoding"], meta["actions"], net, meta.get("card", {}))
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise DataError(f"{path}: not an exported salon policy ({e})") from None


def shipped() -> list[Path]:
    """The exported policies shipped with salon."""
    return sorted((Path(str(folder(MODELS))) / "ppo").glob("*.npz"))


@lru_cache(maxsize=1)
def _shipped() -> tuple[Policy, ...]:
    return tuple(read(path) for path in shipped())


_CHECKED: dict[tuple[str, str], Policy] = {}
"""The policies found and checked, by title and config: kept by the process, not by the bot,
which is sent to other processes and back (salon.bots.base.Bot)."""


def policy_for(game: Game) -> Policy:
    """The shipped policy of ``game``'s title and config, checked against its layout;
    ConfigError naming the trained configs where there is none."""
    config = config_key(game)
    found = _CHECKED.get((game.name, config))
    if found is not None:
        return found
    for policy in _shipped():
        if policy.game == game.name and policy.config == config:
            check(policy, game, f"the shipped ppo policy of {game.name}")
            _CHECKED[game.name, config] = policy
            return policy
    trained = ", ".join(sorted({f"{p.game} ({json.loads(p.config).get('players', '?')} players)"
                                for p in _shipped()})) or "none"
    raise ConfigError(f"the ppo bot has no policy trained for this {game.name} config; trained: {trained}",
                      "error.bot_config", {"name": "ppo", "game": game.name, "trained": trained})


class PpoBot(Bot):
    """The greedy MaskablePPO policy: the legal action of the highest logit."""

    name = "ppo"
    instant = True

    def check_game(self, game: Game) -> None:
        policy_for(game)

    def choose(self, game: Game) -> str:
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        policy = policy_for(game)
        seat = game.current_player()
        assert seat is not None
        index = action_index(game)
        columns = np.array([index[a] for a in legal])
        mask = np.zeros(len(index), dtype=np.float32)
        mask[columns] = 1.0
        logits = policy.logits(mask, encoding_of(game).vector(game, seat))
        return legal[int(np.argmax(logits[columns]))]
