"""Learned models of a position, read from weights files: what a seat's observation says its
final margin will be, and which of its legal actions a strong player would choose.

Why these two.  The hand-written evaluation (salon.core.evaluation) already estimates the
final margin; what it misses is learned from the margins self-play games ended with: the
value model predicts the *correction* to the hand evaluation (``final margin - evaluate``),
so that an untrained or weak model leaves the evaluation as it was and a good one sharpens
it.  The policy model is a prior over the game's action table, fitted on the choices of a
stronger bot (a search), so that a search built on it weighs the moves the stronger bot
would play (expert iteration).

Both are small multilayer perceptrons (ReLU hidden layers) evaluated here in numpy, so that
playing needs no learning library; ``salon train`` (salon.learn.train) fits them.  The input
is the observation vector of the game's encoding (``Plugin.encoding``, the learning
environments' vectors), restricted to the columns that varied in the training data, with the
standardisation folded into the first layer.  A weights file is bound to the encoding's
layout and the action table it was fitted on: a file whose versions differ from the game's is
refused, never read with its numbers in the wrong places.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from salon.core.errors import ConfigError, DataError
from salon.core.evaluation import PHASES, evaluation_of, phase
from salon.core.game import Game
from salon.core.plugins import folder, load, plugin
from salon.core.vectors import Encoding

FORMAT = 1
"""The weights files' own layout: a reader refuses another."""
MODELS = "salon.bots:models"
"""The package folder of the shipped weights (one ``.npz`` file a game and config)."""

Array = npt.NDArray[np.float32]


def actions_version(texts: Sequence[str]) -> str:
    """A hash of an action table: equal versions number the actions alike."""
    return hashlib.sha256("\n".join(texts).encode()).hexdigest()[:16]


_ENCODINGS: dict[tuple[str, str], Encoding] = {}
_INDEXES: dict[tuple[str, str], dict[str, int]] = {}


def config_key(game: Game) -> str:
    """The game's whole config (every default included) as canonical JSON: the key a model is
    looked up by, since any option may change the layout or the meaning of its numbers."""
    return json.dumps(game.config_json(), sort_keys=True)


def encoding_of(game: Game) -> Encoding:
    """The observation encoding of ``game``'s title and config (built once per config)."""
    key = (game.name, config_key(game))
    found = _ENCODINGS.get(key)
    if found is None:
        declared = plugin(game.name)
        if declared is None or declared.encoding is None:
            raise ConfigError(f"{game.name} declares no observation encoding: no model can read its positions")
        found = _ENCODINGS[key] = load(declared.encoding)(type(game).parse_config(game.config_json()))
    return found


@dataclass(frozen=True)
class Mlp:
    """A perceptron: ReLU (or tanh) after every layer but the last."""

    layers: tuple[tuple[Array, Array], ...]
    tanh: bool = False

    def __call__(self, x: Array) -> Array:
        for i, (w, b) in enumerate(self.layers):
            x = x @ w + b
            if i < len(self.layers) - 1:
                if self.tanh:
                    np.tanh(x, out=x)
                else:
                    np.maximum(x, 0, out=x)
        return x


@dataclass(frozen=True)
class Win:
    """The learned chance of finishing first: a logistic of the position's vector (``layer``,
    one linear output) and of the hand evaluation (times ``evaluation``)."""

    layer: Mlp
    evaluation: float

    def chances(self, x: Array, evaluations: npt.NDArray[np.float32]) -> npt.NDArray[np.float64]:
        """The chance of each row of ``x`` (the model's columns) at its hand evaluation."""
        logits = self.layer(x)[:, 0].astype(np.float64) + self.evaluation * evaluations.astype(np.float64)
        return 0.5 * (1.0 + np.tanh(0.5 * logits))


def layers_of(data: Any, prefix: str, count: int) -> tuple[tuple[Array, Array], ...]:
    """The ``count`` layers of a weights archive: arrays ``{prefix}w{i}`` and ``{prefix}b{i}``."""
    return tuple((data[f"{prefix}w{i}"].astype(np.float32), data[f"{prefix}b{i}"].astype(np.float32))
                 for i in range(count))


@dataclass(frozen=True)
class Model:
    """One game and config's learned value and policy."""

    game: str
    config: str
    """The config it was fitted on (:func:`config_key`)."""
    encoding: str
    """The encoding's layout version it reads."""
    actions: str
    """The action table's version its policy indexes."""
    columns: npt.NDArray[np.int32]
    """The vector's columns the models read."""
    value: Mlp
    policy: Mlp
    classes: npt.NDArray[np.int32]
    """The action-table index of each policy output."""
    card: dict[str, Any]
    """How the weights were made: data, command, held-out errors (the model card)."""
    win: Win | None = None
    """The learned chance of finishing first (None in files fitted before it was learned)."""
    table: Array | None = None
    """The action table policy, a score per phase of the game and action (salon.learn.table;
    None in files fitted before it was)."""

    def features(self, game: Game, seat: int) -> Array:
        vector: Array = encoding_of(game).vector(game, seat)
        return vector[self.columns]

    def trusted(self, game: Game, kind: str) -> bool:
        """Whether the card trusts its ``kind`` ("value", "win") at this phase of the game: it
        did better than the hand evaluation there on held-out games (the card's
        ``{kind}_phases``; a card without them, or a game that tells no progress, everywhere)."""
        phases = self.card.get(f"{kind}_phases")
        progress = evaluation_of(game).progress
        return phases is None or progress is None or phase(progress(game)) in phases

    def correction(self, game: Game, seat: int) -> float:
        """What the value model adds to the hand evaluation for ``seat``: nothing in a phase of
        the game where it was no better than the hand evaluation (:meth:`trusted`)."""
        if not self.trusted(game, "value"):
            return 0.0
        return float(self.value(self.features(game, seat))[0])

    def chance(self, game: Game, seat: int, evaluation: float) -> float | None:
        """``seat``'s learned chance of finishing first at its hand ``evaluation``; None where
        the model has no win model or it is not trusted at this phase (:meth:`trusted`)."""
        if self.win is None or not self.trusted(game, "win"):
            return None
        row = self.features(game, seat)[None, :]
        return float(self.win.chances(row, np.array([evaluation], dtype=np.float32))[0])

    def priors(self, game: Game, seat: int, legal: Sequence[str]) -> dict[str, float]:
        """The policy's probability of each legal action (one it never saw chosen gets a small
        share, below every action it did see chosen)."""
        logits = self.policy(self.features(game, seat))
        if len(self.classes) == 2 and len(logits) == 1:  # a two-class fit has one logistic output
            logits = np.array([0.0, logits[0]], dtype=np.float32)
        index = action_index(game)
        by_class = {int(c): float(z) for c, z in zip(self.classes, logits, strict=True)}
        low = min(by_class.values())
        scores = np.array([by_class.get(index[a], low - 5.0) for a in legal], dtype=np.float64)
        weights = np.exp(scores - scores.max())
        total = float(weights.sum())
        return {a: float(w) / total for a, w in zip(legal, weights, strict=True)}


class Playout:
    """A model's policy bound to one game config, deciding as a play-out's bot does: its most
    likely legal action, from the logits alone, in tens of microseconds where the look-ahead
    takes a millisecond or two (salon.bots.search, ``fast``).  An action the policy never saw
    chosen ranks below every one it did (the first legal action where it saw none)."""

    def __init__(self, model: Model, game: Game) -> None:
        self.model = model
        self.encoding = encoding_of(game)
        outputs = {int(c): i for i, c in enumerate(model.classes)}
        self.output = {a: outputs.get(i, -1) for a, i in action_index(game).items()}
        """Each action text's place among the policy's outputs, -1 where it has none."""

    def choose(self, game: Game) -> str:
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = game.current_player()
        assert seat is not None
        logits = self.model.policy(self.encoding.vector(game, seat)[self.model.columns]).tolist()
        if len(logits) == 1:  # a two-class fit has one logistic output
            logits = [0.0, logits[0]]
        best, top = legal[0], -math.inf
        for action in legal:
            k = self.output[action]
            if k >= 0 and logits[k] > top:
                best, top = action, logits[k]
        return best


class TablePlayout:
    """A model's action table policy bound to one game config, deciding as a play-out's bot
    does: the legal action of the highest score at the phase the game is in (the first of
    equals), in microseconds (salon.learn.table says what it gives up for them)."""

    def __init__(self, model: Model, game: Game, source: str) -> None:
        if model.table is None:
            raise ConfigError(f"{source}: its weights file has no action table policy: fit it again (salon train)")
        index = action_index(game)
        self.scores = [{a: float(row[i]) for a, i in index.items()} for row in model.table.tolist()]
        """Each phase's score of every action text."""
        self.progress = evaluation_of(game).progress

    def choose(self, game: Game) -> str:
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        stage = PHASES.index(phase(self.progress(game))) if self.progress is not None else 1
        return max(legal, key=self.scores[stage].__getitem__)


def action_index(game: Game) -> dict[str, int]:
    """The action table's index of every action text (built once per config)."""
    key = (game.name, config_key(game))
    found = _INDEXES.get(key)
    if found is None:
        found = _INDEXES[key] = {t: i for i, t in enumerate(game.description.action_space)}
    return found


def read(path: Path) -> Model:
    """The model of a weights file; DataError for a file that is not one or has another format."""
    try:
        with np.load(path, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            if meta.get("format") != FORMAT:
                raise ValueError(f"format {meta.get('format')!r}, this salon reads format {FORMAT}")

            def mlp(prefix: str) -> Mlp:
                return Mlp(layers_of(data, f"{prefix}_", int(meta[f"{prefix}_layers"])))

            win = Win(mlp("win"), float(meta["win_evaluation"])) if "win_layers" in meta else None
            table = data["table"].astype(np.float32) if "table" in data.files else None
            return Model(meta["game"], meta["config"], meta["encoding"], meta["actions"],
                         data["columns"].astype(np.int32), mlp("value"), mlp("policy"),
                         data["classes"].astype(np.int32), meta.get("card", {}), win, table)
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise DataError(f"{path}: not a salon weights file ({e})") from None


class Bound(Protocol):
    """What binds a weights file to a game: its title, config, layout and action table."""

    @property
    def game(self) -> str: ...
    @property
    def config(self) -> str: ...
    @property
    def encoding(self) -> str: ...
    @property
    def actions(self) -> str: ...


def check(model: Bound, game: Game, source: str) -> None:
    """Refuse weights fitted on another layout, action table or config than ``game``'s."""
    encoding = encoding_of(game).version
    actions = actions_version(game.description.action_space)
    if model.encoding != encoding or model.actions != actions:
        raise ConfigError(
            f"{source}: fitted on encoding {model.encoding} and action table {model.actions}, but this "
            f"{game.name} reads encoding {encoding} and action table {actions}: train it again (salon train)")
    if model.game != game.name or model.config != config_key(game):
        raise ConfigError(f"{source}: fitted on another game or config than this {game.name} game's")


def shipped() -> list[Path]:
    """The weights files shipped with salon."""
    return sorted(Path(str(folder(MODELS))).glob("*.npz"))


@lru_cache(maxsize=1)
def _shipped() -> tuple[Model, ...]:
    return tuple(read(path) for path in shipped())


def model_for(game: Game, generation: int = 0) -> Model | None:
    """The shipped model of ``game``'s title and config of ``generation`` (0: the latest),
    checked against its layout; None where none was trained for that config, ConfigError
    for a generation that config has not."""
    config = config_key(game)
    found = {int(m.card.get("generation", 1)): m for m in _shipped() if m.game == game.name and m.config == config}
    if not found:
        return None
    chosen = max(found) if generation == 0 else generation
    if chosen not in found:
        raise ConfigError(f"the models of this {game.name} config are of generations "
                          f"{', '.join(map(str, sorted(found)))}, not {generation}")
    check(found[chosen], game, f"the shipped model of {game.name}, generation {chosen}")
    return found[chosen]
