"""Fitting the learned bots' models from self-play shards: ``salon train``.

The value model learns the correction to the hand evaluation (final margin minus
``evaluate``), the win model the chance of finishing first, the policy model and the action
table the acting bot's choice (salon.bots.model says why).

* The value is whichever of a ridge regression (of each of PENALTIES) and a small perceptron
  (VALUE_HIDDEN units) comes closest to the validation games' corrections (one training game
  in five), never chosen on positions of the games it fits, whose margins it would have seen.
  A final margin is one noisy number for every position of its game: a few thousand games are
  too few for a perceptron not to learn them by heart (a 64-unit one was worse than the hand
  evaluation on held-out games), tens of thousands may not be; the validation games decide.
  No correction at all is one of the choices: where nothing does better on the validation
  games than the hand evaluation alone, the model adds nothing.
* The win model is a logistic regression of finishing first (a final margin of 0 or more) on
  the position's vector and its hand evaluation, its penalty chosen on the validation games
  (log loss): a search that plays for the win (``win``) reads it at its leaves instead of the
  logistic of the margin over its spread.
* The policy is a scikit-learn perceptron (one ReLU layer, Adam, L2 penalty, early stopping):
  a choice is a label of its own position, and there are many.  Where some of the shards'
  bots are searches, it is fitted on the searches' choices only (expert iteration: the
  policy learns what the search found, not what the look-ahead alone would play); the
  value is fitted on every position.
* The action table policy (salon.learn.table) is fitted on the same choices: a score per
  action and phase of the game, a play-out policy of microseconds.

The three models of the vector are exported to the numpy weights file that playing reads, with
the input's standardisation folded into the first layer and only the vector's columns that
varied in the data kept; the action table goes into the same file.

Positions are split by game: the games of one seed in ten (by the seed's hash) are held out,
never fitted, and the model card reports on them: the hand evaluation's error against the final
margins and the corrected evaluation's, and how often the policy's (and the action table's)
most likely legal action is the one the bot chose.  The errors are also told apart by the phase
of the game (early, middle, late: thirds of its progress), since a position's value is much
surer near the end than at the start: per phase the hand evaluation's bias, the spread of the
final margin around it (fitted on the training games) and how well the chance of finishing
first that the spread gives (salon.core.evaluation.win_chance) predicts the held-out results,
beside the win model's.  The value's correction is marked for use only in the phases where it
beat the hand evaluation on the held-out games (the card's ``value_phases``), the win model
only where its log loss beat the hand chance's (``win_phases``).
"""

from __future__ import annotations

import hashlib
import json
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from salon.bots.model import Mlp, Win
from salon.core.errors import ConfigError, DataError
from salon.core.evaluation import PHASE_BOUNDS, PHASES, WIN_SLOPE
from salon.learn import selfplay
from salon.learn import table as action_table

HELD_OUT = 10
"""One game in this many is held out of the fit (by its seed's hash)."""
VALIDATION = 5
"""One training game in this many chooses the value's penalty."""
PENALTIES = (1.0, 10.0, 100.0, 1e3, 1e4, 1e5, 1e6)
"""The value's L2 penalties tried (on standardised columns), besides no correction."""
VALUE_HIDDEN = (32,)
"""The hidden units of the value perceptrons tried beside the ridge regressions."""
WIN_PENALTIES = (1e-6, 1e-5, 1e-4, 1e-3)
"""The win model's inverse L2 penalties tried (scikit-learn's ``C``): strong ones, since every
position of a game shares its result, and a weak penalty learns the games by heart (on 1,000
solo games C = 0.01 gave held-out positions a log loss of 1.37, twice a coin's)."""
UNPENALISED = 100.0
"""The hand evaluation's column is multiplied by this in the win model's fit, which divides
its coefficient's penalty by its square: the penalty shrinks what the vector adds, not the
hand evaluation's own say."""


@dataclass(frozen=True)
class Data:
    """The positions of a set of shards, one row each."""

    meta: dict[str, Any]
    observations: npt.NDArray[np.float16]
    masks: npt.NDArray[np.bool_]
    chosen: npt.NDArray[np.int32]
    evaluations: npt.NDArray[np.float32]
    margins: npt.NDArray[np.float32]
    progress: npt.NDArray[np.float32]
    """How far into its game each position is, 0 to 1 (selfplay's ``progress``)."""
    searched: npt.NDArray[np.bool_]
    """Whether the choice was a search's (it weighed actions in sampled worlds)."""
    held_out: npt.NDArray[np.bool_]
    validation: npt.NDArray[np.bool_]
    games: int


def _split(seed: int) -> tuple[bool, bool]:
    """Whether a game is held out, and whether it is a validation game (by its seed's hash)."""
    digest = hashlib.sha256(str(seed).encode()).digest()
    held = digest[0] % HELD_OUT == 0
    return held, not held and digest[1] % VALIDATION == 0


def load(folders: Sequence[Path], per_game: int | None = None) -> Data:
    """Every shard of ``folders``, with at most ``per_game`` positions of each game (all when
    None); DataError for an unreadable shard, ConfigError for shards of different games,
    configs or layouts (they cannot be fitted together)."""
    missing = [str(f) for f in folders if not f.exists()]
    if missing:
        raise ConfigError(f"no such folder or file: {', '.join(missing)}")
    paths = sorted(p for folder in folders for p in (folder.glob("shard-*.npz") if folder.is_dir() else [folder]))
    if not paths:
        raise ConfigError(f"no self-play shards (shard-*.npz) in {', '.join(map(str, folders))}: "
                          "make some with salon selfplay")
    kinds = ("observations", "masks", "chosen", "evaluations", "margins", "progress", "searched", "held",
             "validation")
    parts: dict[str, list[Any]] = {k: [] for k in kinds}
    meta: dict[str, Any] | None = None
    games = 0
    for path in paths:
        try:
            with np.load(path, allow_pickle=False) as shard:
                found = json.loads(str(shard["meta"]))
                if found.get("format") != selfplay.FORMAT:
                    raise ValueError(f"format {found.get('format')!r}, this salon reads {selfplay.FORMAT}")
                key = {k: found[k] for k in ("game", "config", "encoding", "actions", "size", "table")}
                if meta is None:
                    meta = key
                elif key != meta:
                    raise ConfigError(f"{path}: another game, config or layout than the first shard's; "
                                      "fit each config on its own shards")
                table = int(found["table"])
                rows = _thin(shard["games"], per_game)
                parts["observations"].append(shard["observations"][rows])
                parts["masks"].append(np.unpackbits(shard["masks"][rows], axis=1, count=table).astype(bool))
                parts["chosen"].append(shard["chosen"][rows])
                parts["evaluations"].append(shard["evaluations"][rows])
                parts["margins"].append(shard["margins"][rows])
                progress = shard["progress"] if "progress" in shard.files else _order(shard["games"])
                parts["progress"].append(progress[rows])
                parts["searched"].append(shard["weighed"][rows, 0] >= 0)
                seeds = np.array(found["seeds"])
                split = np.array([_split(int(s)) for s in seeds], dtype=bool).reshape(len(seeds), 2)
                parts["held"].append(split[shard["games"][rows], 0])
                parts["validation"].append(split[shard["games"][rows], 1])
                games += len(seeds)
        except (OSError, ValueError, KeyError, TypeError) as e:
            raise DataError(f"{path}: not a salon self-play shard ({e})") from None
    assert meta is not None
    joined = {k: np.concatenate(parts[k]) for k in kinds}
    return Data(meta, joined["observations"], joined["masks"], joined["chosen"], joined["evaluations"],
                joined["margins"], joined["progress"], joined["searched"], joined["held"], joined["validation"],
                games)


def _thin(games: npt.NDArray[np.int32], most: int | None) -> npt.NDArray[np.intp]:
    """The rows of a shard to keep: at most ``most`` positions of each game, evenly spread over
    the game's positions, in their order.  The positions of one game share its result, so a
    few dozen of each carry most of what it teaches, and tens of thousands of games fit in
    memory (every position of 6,000 two-player Rococo games does not: 6 GB of observations)."""
    every = np.arange(len(games))
    if most is None:
        return every
    kept = []
    for game in np.unique(games):
        rows = every[games == game]
        if len(rows) > most:
            rows = rows[np.linspace(0, len(rows) - 1, most).round().astype(np.intp)]
        kept.append(rows)
    return np.sort(np.concatenate(kept))


def _order(games: npt.NDArray[np.int32]) -> npt.NDArray[np.float32]:
    """The progress of the positions of a shard written before shards recorded it: each
    position's place among its game's kept positions (stored in play order) over their count,
    which is the share of the game's decisions played before it, to within ``--every``."""
    counts = np.bincount(games)
    rows = np.argsort(games, kind="stable")
    starts = np.cumsum(counts) - counts
    place = np.empty(len(games), dtype=np.int64)
    place[rows] = np.arange(len(games)) - np.repeat(starts, counts)
    return (place / counts[games]).astype(np.float32)


def _export(layers: Sequence[tuple[Any, Any]], mean: npt.NDArray[np.float32], scale: npt.NDArray[np.float32],
            out_scale: float = 1.0) -> list[tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]]:
    """An sklearn fit's layers with the input standardisation folded into the first, so that
    the model reads raw vector columns."""
    weights = [(np.asarray(w, dtype=np.float64), np.asarray(b, dtype=np.float64)) for w, b in layers]
    w0, b0 = weights[0]
    weights[0] = (w0 / scale[:, None], b0 - (mean / scale) @ w0)
    return [(w.astype(np.float32), b.astype(np.float32)) for w, b in weights]


@dataclass(frozen=True)
class _Inputs:
    """The training positions' vectors, standardised on the columns that varied."""

    columns: npt.NDArray[np.int32]
    mean: npt.NDArray[np.float32]
    scale: npt.NDArray[np.float32]
    x: npt.NDArray[np.float32]
    validation: npt.NDArray[np.bool_]
    """The rows of validation games, which choose each model's size and penalty."""


def _inputs(data: Data) -> _Inputs:
    train = ~data.held_out
    x_train = data.observations[train].astype(np.float32)
    spread = x_train.std(axis=0)
    columns = np.flatnonzero(spread > 0).astype(np.int32)
    x_train = x_train[:, columns]
    mean = x_train.mean(axis=0)
    scale = np.maximum(spread[columns], 1e-3)
    return _Inputs(columns, mean, scale, (x_train - mean) / scale, data.validation[train])


def fit(data: Data, hidden: int = 64, epochs: int = 40, l2: float = 1e-3, seed: int = 0) -> dict[str, Any]:
    """The value, win and policy fits of ``data``, exported, with the held-out report and the
    phases each of the value's correction and the win model is to be used in."""
    try:
        from scipy.linalg import LinAlgWarning
        from sklearn.exceptions import ConvergenceWarning
    except ImportError:
        raise ConfigError("salon train needs scikit-learn: pip install 'salon[train]'") from None
    train = ~data.held_out
    if train.sum() < 50 or data.held_out.sum() < 10:
        raise ConfigError(f"{len(data.chosen)} positions of {data.games} games are too few to fit and to "
                          "check the fit: play more self-play games")
    inputs = _inputs(data)
    with warnings.catch_warnings():
        # a small penalty on many columns is ill-conditioned (the validation games judge it),
        # and a fit stopped at --epochs is what was asked for
        warnings.simplefilter("ignore", LinAlgWarning)
        warnings.simplefilter("ignore", ConvergenceWarning)
        value, value_model = _fit_value(inputs, (data.margins - data.evaluations)[train], epochs, seed)
        win, win_evaluation, win_penalty = _fit_win(inputs, data.evaluations[train], data.margins[train] >= 0)
        policy = _fit_policy(data, inputs, hidden, epochs, l2, seed)
    tabled = fit_table(data)
    columns = inputs.columns
    policy_layers = _export(list(zip(policy.coefs_, policy.intercepts_, strict=True)), inputs.mean, inputs.scale)
    classes = np.asarray(policy.classes_, dtype=np.int32)
    corrector, chance = Mlp(tuple(value)), Win(Mlp(tuple(win)), win_evaluation)
    report_ = {**report(data, columns, corrector, Mlp(tuple(policy_layers)), classes, chance),
               "table_top1": tabled["top1"]}
    return {"columns": columns, "value": value, "policy": policy_layers, "classes": classes, "win": win,
            "table": tabled,
            "report": report_, "value_phases": value_phases(data, columns, corrector),
            "win_phases": [row["phase"] for row in report_["phases"]
                           if row["positions"] and row["win_log_loss"] < row["log_loss"]],
            "value_model": value_model, "win_evaluation": win_evaluation, "win_penalty": win_penalty,
            "policy_epochs": int(policy.n_iter_)}


def _fit_value(inputs: _Inputs, target: npt.NDArray[np.float32], epochs: int,
               seed: int) -> tuple[list[tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]], str]:
    """The value's correction: the candidate (no correction, a ridge regression of each of
    PENALTIES, a perceptron of each of VALUE_HIDDEN units) whose fit on the other training
    games comes closest to the validation games' corrections, fitted again on every training
    game; with its name ("none", "ridge:P", "mlp:H")."""
    from sklearn.linear_model import Ridge
    from sklearn.neural_network import MLPRegressor

    def model(name: str) -> Any:
        kind, _, size = name.partition(":")
        if kind == "ridge":
            return Ridge(alpha=float(size))
        return MLPRegressor(hidden_layer_sizes=(int(size),), alpha=1e-3, batch_size=256, max_iter=epochs,
                            early_stopping=True, n_iter_no_change=3, random_state=seed)

    validation, x = inputs.validation, inputs.x
    names = ["none", *(f"ridge:{p:g}" for p in PENALTIES), *(f"mlp:{h}" for h in VALUE_HIDDEN)]

    def error(name: str) -> float:
        if name == "none":
            return float(np.mean(target[validation] ** 2))
        fitted = model(name).fit(x[~validation], target[~validation])
        return float(np.mean((fitted.predict(x[validation]) - target[validation]) ** 2))

    chosen = min(names, key=error) if validation.any() and (~validation).any() else "none"
    if chosen == "none":
        return [(np.zeros((len(inputs.columns), 1), dtype=np.float32), np.zeros(1, dtype=np.float32))], chosen
    fitted = model(chosen).fit(x, target)
    if chosen.startswith("ridge"):
        return _export([(fitted.coef_[:, None], np.array([fitted.intercept_]))], inputs.mean, inputs.scale), chosen
    return _export(list(zip(fitted.coefs_, fitted.intercepts_, strict=True)), inputs.mean, inputs.scale), chosen


def _fit_win(inputs: _Inputs, evaluations: npt.NDArray[np.float32], won: npt.NDArray[np.bool_]
             ) -> tuple[list[tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]], float, float]:
    """The learned win value: a logistic regression of finishing first (a final margin of 0 or
    more) on the position's vector and its hand evaluation, whose penalty (of WIN_PENALTIES)
    gives the validation games the least log loss (the hand evaluation all but unpenalised:
    UNPENALISED); exported as one layer over the columns and the hand evaluation's own weight,
    with the penalty chosen."""
    from sklearn.linear_model import LogisticRegression

    validation = inputs.validation
    scale = max(float(evaluations.std()), 1e-3) / UNPENALISED
    x = np.concatenate([inputs.x, (evaluations / scale)[:, None]], axis=1)

    def model(c: float) -> Any:
        return LogisticRegression(C=c, max_iter=500)

    def loss(c: float) -> float:
        fitted = model(c).fit(x[~validation], won[~validation])
        return _log_loss(fitted.predict_proba(x[validation])[:, 1], won[validation])

    if len(np.unique(won)) < 2:
        raise ConfigError("every game of the data ended alike for the seats recorded: nothing to learn "
                          "a chance of winning from; play more self-play games")
    both = len(np.unique(won[~validation])) == 2 and validation.any()
    penalty = min(WIN_PENALTIES, key=loss) if both else WIN_PENALTIES[0]
    fitted = model(penalty).fit(x, won)
    weights = fitted.coef_[0]
    layers = _export([(weights[:-1, None], np.array(fitted.intercept_))], inputs.mean, inputs.scale)
    return layers, float(weights[-1] / scale), penalty


def fit_table(data: Data) -> dict[str, Any]:
    """The action table policy of ``data`` (salon.learn.table), fitted on the same choices as
    the policy: its scores, its penalty, the games and how often its first legal action is the
    bot's choice on the held-out games."""
    try:
        import scipy  # noqa: F401
    except ImportError:
        raise ConfigError("salon train needs scipy: pip install 'salon[train]'") from None
    taught, choices = _taught(data), _choices(data)
    fitted = ~data.held_out & taught
    scores, penalty = action_table.fit(choices.rows(fitted), data.validation[fitted])
    return {"scores": scores, "penalty": penalty, "games": data.games,
            "top1": round(action_table.agreement(scores, choices.rows(data.held_out & taught)), 4)}


def _taught(data: Data) -> npt.NDArray[np.bool_]:
    """The positions whose choices the policies learn: the searches' where there are any."""
    return data.searched if data.searched.any() else np.ones(len(data.chosen), dtype=bool)


def _choices(data: Data) -> action_table.Choices:
    return action_table.Choices(phase_of(data.progress), data.masks, data.chosen)


def _fit_policy(data: Data, inputs: _Inputs, hidden: int, epochs: int, l2: float, seed: int) -> Any:
    """The policy: a perceptron of the bot's choices, the searches' only where there are any."""
    from sklearn.neural_network import MLPClassifier

    train = ~data.held_out
    taught = _taught(data)[train]
    return MLPClassifier(hidden_layer_sizes=(hidden,), alpha=l2, batch_size=256, max_iter=epochs,
                         early_stopping=True, n_iter_no_change=5, random_state=seed
                         ).fit(inputs.x[taught], data.chosen[train][taught])


def report(data: Data, columns: npt.NDArray[np.int32], value: Mlp, policy: Mlp,
           classes: npt.NDArray[np.int32], win: Win) -> dict[str, Any]:
    """The held-out games' errors: the hand evaluation's and the corrected one's (root mean
    square against the final margin), the hand and learned chances of winning, overall and by
    phase of the game (:func:`phases`), and how often the policy's most likely legal action is
    the bot's choice, beside how often a random legal one would be."""
    held = data.held_out
    x = data.observations[held][:, columns].astype(np.float32)
    stage, hand, corrected = _held_errors(data, columns, value)
    logits = policy(x)
    if logits.shape[1] == 1:
        logits = np.concatenate([np.zeros_like(logits), logits], axis=1)
    full = np.full((len(x), data.masks.shape[1]), -np.inf, dtype=np.float32)
    full[:, classes] = logits
    full[~data.masks[held]] = -np.inf
    chosen = data.chosen[held]
    # the policy is judged on the choices it was fitted to: the searches' where there are any
    judged = np.isfinite(full).any(axis=1) & (data.searched[held] if data.searched.any() else True)
    agree = float(np.mean(full[judged].argmax(axis=1) == chosen[judged])) if judged.any() else 0.0
    legal = data.masks[held][judged].sum(axis=1)
    return {"held_out_positions": int(held.sum()), "fitted_positions": int((~held).sum()),
            "games": data.games,
            "hand_rmse": round(_rms(hand), 3), "corrected_rmse": round(_rms(corrected), 3),
            "policy_top1": round(agree, 4), "policy_positions": int(judged.sum()),
            "uniform_top1": round(float(np.mean(1.0 / legal)), 4) if len(legal) else 0.0,
            "phases": phases(data, stage, hand, corrected, win.chances(x, data.evaluations[held]))}


def phase_of(progress: npt.NDArray[np.float32]) -> npt.NDArray[np.intp]:
    """Each position's phase, as an index of PHASES."""
    return np.digitize(progress, PHASE_BOUNDS)


def _rms(errors: npt.NDArray[np.float64]) -> float:
    return float(np.sqrt(np.mean(errors ** 2)))


def _held_errors(data: Data, columns: npt.NDArray[np.int32],
                 value: Mlp) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """The held-out positions' phases, and their final margins less the hand evaluation and
    less the corrected one."""
    held = data.held_out
    x = data.observations[held][:, columns].astype(np.float32)
    hand = (data.margins[held] - data.evaluations[held]).astype(np.float64)
    return phase_of(data.progress[held]), hand, hand - value(x)[:, 0]


def value_phases(data: Data, columns: npt.NDArray[np.int32], value: Mlp) -> list[str]:
    """The phases in which the value's correction is to be used: those whose held-out positions
    the corrected evaluation fits better (a smaller root mean square error) than the hand one.
    A correction that helps on the whole can still hurt in a phase (early, where the final
    margin is far from anything a position tells), and a search exploits where it is wrong."""
    stage, hand, corrected = _held_errors(data, columns, value)
    return [name for i, name in enumerate(PHASES)
            if (stage == i).any() and _rms(corrected[stage == i]) < _rms(hand[stage == i])]


def phases(data: Data, stage: npt.NDArray[np.intp], hand: npt.NDArray[np.float64],
           corrected: npt.NDArray[np.float64], learned: npt.NDArray[np.float64]) -> list[dict[str, Any]]:
    """The held-out errors by phase (``stage``, ``hand`` and ``corrected`` of the held-out
    positions, as :func:`_held_errors` gives them): positions, the hand and corrected
    evaluations' root mean square errors, the hand evaluation's bias (the mean final margin
    less it), and the chance of finishing first (a margin of 0 or more) that it gives,
    ``sigmoid(WIN_SLOPE * evaluation / spread)``, judged by its log loss and Brier score, beside
    the ``learned`` chances' (the win model's).  The spread is fitted on the training games'
    positions of the phase (the root mean square of the final margin less the hand
    evaluation): what a search needs to turn a margin into a chance."""
    train = ~data.held_out
    fitted = (data.margins[train] - data.evaluations[train]).astype(np.float64)
    fitted_stage = phase_of(data.progress[train])
    evaluations = data.evaluations[data.held_out].astype(np.float64)
    won = data.margins[data.held_out] >= 0
    rows: list[dict[str, Any]] = []
    for i, name in enumerate(PHASES):
        spread = _rms(fitted[fitted_stage == i] if (fitted_stage == i).any() else fitted)
        here = stage == i
        if not here.any():
            rows.append({"phase": name, "positions": 0, "hand_rmse": None, "corrected_rmse": None,
                         "hand_bias": None, "spread": round(spread, 3), "log_loss": None, "brier": None,
                         "win_log_loss": None, "win_brier": None})
            continue
        rows.append({"phase": name, "positions": int(here.sum()), "hand_rmse": round(_rms(hand[here]), 3),
                     "corrected_rmse": round(_rms(corrected[here]), 3),
                     "hand_bias": round(float(np.mean(hand[here])), 3), "spread": round(spread, 3),
                     **_scores("", _chance(evaluations[here], spread), won[here]),
                     **_scores("win_", learned[here], won[here])})
    return rows


def _scores(prefix: str, chance: npt.NDArray[np.float64], won: npt.NDArray[np.bool_]) -> dict[str, float]:
    """The log loss and Brier score of chances of finishing first against what happened."""
    return {f"{prefix}log_loss": round(_log_loss(chance, won), 4),
            f"{prefix}brier": round(float(np.mean((chance - won) ** 2)), 4)}


def _log_loss(chance: npt.NDArray[np.float64], won: npt.NDArray[np.bool_]) -> float:
    sure = np.clip(np.where(won, chance, 1 - chance), 1e-15, 1.0)
    return float(-np.mean(np.log(sure)))


def _chance(evaluations: npt.NDArray[np.float64], spread: float) -> npt.NDArray[np.float64]:
    """The chance of finishing first at these evaluations (salon.core.evaluation.win_chance):
    the logistic, written with tanh so that it never overflows; the margin's sign where the
    spread is 0."""
    if spread <= 0:
        return np.where(evaluations > 0, 1.0, np.where(evaluations == 0, 0.5, 0.0))
    return 0.5 * (1.0 + np.tanh(0.5 * WIN_SLOPE * evaluations / spread))
