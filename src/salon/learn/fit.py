"""Weights of a static evaluation fitted against the final margins of self-play: ``salon fit``.

Why.  Most weights of an evaluation are judgements, tuned in measured games.  Some are
predictions: what the turns an opponent still has will bring it, for instance.  Those can be
learned from records: let a bot play, keep positions along the way, and choose the weights
with which the evaluation's margin at each position comes closest (least squares) to the
margin the game ended with.  The fitted weights are data, not code: a game keeps them in a
file of its data package with the command that fitted them, so anyone can fit them again on
other games (and see how far the estimate is off on games it was not fitted on).

How.  A game's evaluation module reads its fitted weights (:class:`salon.core.weights.Fitted`,
which its evaluation names) and keeps each as a module global of the same name, which the
evaluation reads at every call.
The fit measures each weight's effect on every position by a finite difference (exact for
weights that enter the evaluation linearly, as a product with a count does) and takes one
least-squares step (Gauss–Newton) from the present values.  Positions are recorded for every
seat that decides (not for a game's automated seats), each with its own final margin.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import Any

from salon.bots.base import BotSpec, bot_seed
from salon.core.errors import ConfigError
from salon.core.evaluation import evaluation_of
from salon.core.game import Game, game_class
from salon.core.weights import Fitted

STEP = 1e-3
"""Relative size of the finite difference (of a weight's magnitude, at least 1)."""
FLAT = 1e-9
"""A weight whose effect stays below this on every position does not act in these games."""


def fitted_for(game: Game) -> Fitted:
    """The fitted weights of ``game``'s evaluation (salon.core.evaluation)."""
    fitted = evaluation_of(game).weights
    if fitted is None:
        raise ConfigError(f"{game.name}: its evaluation has no fitted weights", "error.fit_none", {"game": game.name})
    return fitted


def check_names(fitted: Fitted, names: list[str]) -> None:
    """Refuse a weight that is not among the game's fitted weights."""
    known = fitted.weights()
    for n in names:
        if n not in known:
            raise ConfigError(f"unknown weight {n!r}; the fitted weights are: {', '.join(known)}",
                              "error.fit_weight", {"weight": n, "known": ", ".join(known)})


@dataclass(frozen=True)
class Sample:
    """A recorded position, the seat it is valued for and that seat's final margin."""

    game: Game
    seat: int
    final: float


def record(name: str, config: dict[str, Any], seeds: Iterable[int], bot: BotSpec, every: int,
           done: Callable[[], None] | None = None) -> list[Sample]:
    """Positions of self-play games by ``bot`` (every seat that decides), every ``every``-th
    decision of each game, with each deciding seat's final margin."""
    samples: list[Sample] = []
    for seed in seeds:
        game = game_class(name).new(config, seed)
        automatic = game.description.automated_seats
        seats = [s for s in range(game.num_players) if s not in automatic]
        bots = {s: bot.make(bot_seed(seed, s)) for s in seats}
        kept: list[Game] = []
        k = 0
        while not game.is_over():
            mover = game.current_player()
            assert mover is not None
            if k % every == 0:
                kept.append(game.clone())
            game.apply(bots[mover].choose(game))
            k += 1
        scores = game.result().scores
        for s in seats:
            final = scores[s] - max(v for q, v in enumerate(scores) if q != s)
            samples.extend(Sample(g, s, final) for g in kept)
        if done:
            done()
    return samples


@dataclass(frozen=True)
class Error:
    """How far the evaluation's margins are from the final ones: mean and mean absolute."""

    mean: float
    mean_abs: float


@dataclass(frozen=True)
class Fit:
    """A fit's outcome: the weights before and after (those without effect in the games left
    out of ``after``), and the error with each."""

    before: dict[str, float]
    after: dict[str, float]
    flat: list[str]
    error_before: Error
    error_after: Error


def fit(fitted: Fitted, samples: list[Sample], names: list[str] | None = None,
        start: dict[str, float] | None = None) -> Fit:
    """One least-squares step of the weights ``names`` (all of the game's by default) towards
    the final margins of ``samples``, from the data file's weights (or ``start``); the
    module's weights are left as they were."""
    if not samples:
        raise ConfigError("no positions to fit on")
    module = import_module(fitted.module)
    start = fitted.weights() | (start or {})
    check_names(fitted, names or [])
    names = list(names or start)
    present = {n: float(getattr(module, n)) for n in start}
    evaluate = evaluation_of(samples[0].game).evaluate
    try:
        for n, v in start.items():
            setattr(module, n, v)
        base = [evaluate(x.game, x.seat) for x in samples]
        residual = [x.final - b for x, b in zip(samples, base)]
        columns: list[list[float]] = []
        kept: list[str] = []
        flat: list[str] = []
        for n in names:
            h = STEP * max(1.0, abs(start[n]))
            setattr(module, n, start[n] + h)
            column = [(evaluate(x.game, x.seat) - b) / h for x, b in zip(samples, base)]
            setattr(module, n, start[n])
            if max(map(abs, column)) < FLAT:
                flat.append(n)
            else:
                kept.append(n)
                columns.append(column)
        if not kept:
            raise ConfigError(f"none of the weights {', '.join(names)} acts in these games", "error.fit_flat",
                              {"weights": ", ".join(names)})
        step = _least_squares(columns, residual, kept)
        after = dict(start)
        for n, d in zip(kept, step):
            after[n] = start[n] + d
        for n, v in after.items():
            setattr(module, n, v)
        error_after = _error([x.final - evaluate(x.game, x.seat) for x in samples])
    finally:
        for n, v in present.items():
            setattr(module, n, v)
    return Fit(start, {n: after[n] for n in kept}, flat, _error(residual), error_after)


def _error(residual: list[float]) -> Error:
    return Error(statistics.fmean(residual), statistics.fmean(map(abs, residual)))


def _least_squares(columns: list[list[float]], target: list[float], names: list[str]) -> list[float]:
    """The coefficients minimising the squared distance of the columns' combination from
    ``target``, by the normal equations (a handful of weights: Gaussian elimination with
    partial pivoting is enough)."""
    k = len(columns)
    a = [[sum(p * q for p, q in zip(columns[i], columns[j])) for j in range(k)]
         + [sum(p * t for p, t in zip(columns[i], target))] for i in range(k)]
    for c in range(k):
        pivot = max(range(c, k), key=lambda r: abs(a[r][c]))
        if abs(a[pivot][c]) < 1e-12 * max(1.0, max(abs(a[r][r]) for r in range(k))):
            raise ConfigError(f"the weights {', '.join(names)} cannot be told apart in these games; "
                              "fit fewer of them (--weights) or on more games", "error.fit_apart",
                              {"weights": ", ".join(names)})
        a[c], a[pivot] = a[pivot], a[c]
        for r in range(k):
            if r != c:
                f = a[r][c] / a[c][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c])]
    return [a[i][k] / a[i][i] for i in range(k)]


def _rounded(error: Error) -> dict[str, float]:
    return {"mean": round(error.mean, 2), "mean_abs": round(error.mean_abs, 2)}


def write(fitted: Fitted, result: Fit, command: str, games: int, positions: int, out: Path | None = None) -> Path:
    """Keep the fitted weights in the game's data file (or ``out``), each with how it was fitted:
    the command, the games, the weights fitted together and the errors before and after.  The
    weights left out of the fit keep their values and their own record."""
    loaded = fitted.read()
    weights = {k: float(v) for k, v in loaded["weights"].items()}
    weights.update({n: round(v, 4) for n, v in result.after.items()})
    loaded["weights"] = weights
    how = {"command": command, "games": games, "positions": positions,
           "error_before": _rounded(result.error_before), "error_after": _rounded(result.error_after),
           "together": list(result.after)}
    loaded["fitted"] = dict(loaded.get("fitted") or {}) | {n: how for n in result.after}
    path = out or fitted.file()
    try:
        path.write_text(json.dumps(loaded, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    except OSError as e:
        raise ConfigError(f"cannot write {path}: {e.strerror or e}", "error.fit_write",
                          {"path": str(path), "reason": str(e.strerror or e)}) from None
    return path
