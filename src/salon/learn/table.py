"""The action table policy: a linear softmax over the simplest features an action has, which
of the game's actions it is and in which phase of the game it is taken.

Why so plain.  A play-out policy decides thousands of times a decision of the search
(salon.bots.search, ``table``), so its cost is what it buys: the perceptron policy over the
observation vector takes 65 to 110 µs, mostly the vector itself, where the look-ahead takes a
millisecond or two.  A score per action and phase needs nothing of the position but its phase:
the play-out's choice is the legal action of the highest score, about 3 µs.  What it cannot
know (which card is worth taking *here*) it gives up; in two-player Rococo's games the many
more worlds did not make up for it (docs/bots.md, "Screening a variant").

The fit is the conditional logit of the bot's choices among each position's legal actions:
score ``w[phase, action]``, the softmax over the legal actions only, an L2 penalty (of
PENALTIES, chosen by the validation games' log likelihood), by L-BFGS (scipy).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from salon.core.evaluation import PHASES

PENALTIES = (0.01, 0.1, 1.0, 10.0)
"""The L2 penalties tried (on the scores; the log likelihood is summed over positions)."""


@dataclass(frozen=True)
class Choices:
    """Positions as the fit sees them: each one's phase (an index of PHASES), its legal
    actions (a mask over the action table) and the action chosen."""

    phases: npt.NDArray[np.intp]
    masks: npt.NDArray[np.bool_]
    chosen: npt.NDArray[np.int32]

    def rows(self, kept: npt.NDArray[np.bool_]) -> Choices:
        return Choices(self.phases[kept], self.masks[kept], self.chosen[kept])


@dataclass(frozen=True)
class _Legal:
    """The legal actions of every position in one flat list, position by position (a decision
    has a handful of the table's hundreds of actions): each entry's score index (phase by
    action), where each position's entries start, whose entry each is, and the chosen ones."""

    keys: npt.NDArray[np.intp]
    starts: npt.NDArray[np.intp]
    owner: npt.NDArray[np.intp]
    chosen: npt.NDArray[np.intp]

    @staticmethod
    def of(choices: Choices) -> _Legal:
        owner, actions = np.nonzero(choices.masks)
        size = choices.masks.shape[1]
        starts = np.searchsorted(owner, np.arange(len(choices.chosen)))
        chosen = np.flatnonzero(actions == choices.chosen[owner])
        return _Legal(choices.phases[owner] * size + actions, starts, owner, chosen)


def _loss(scores: npt.NDArray[np.float64], legal: _Legal, penalty: float) -> tuple[float, npt.NDArray[np.float64]]:
    """The penalised negative log likelihood of the choices, and its gradient by score."""
    logits = scores[legal.keys]
    logits -= np.maximum.reduceat(logits, legal.starts)[legal.owner]
    weights = np.exp(logits)
    total = np.add.reduceat(weights, legal.starts)
    nll = float(np.sum(np.log(total)) - np.sum(logits[legal.chosen]))
    share = weights / total[legal.owner]
    share[legal.chosen] -= 1.0
    gradient = np.bincount(legal.keys, weights=share, minlength=len(scores))
    return nll + 0.5 * penalty * float(np.sum(scores ** 2)), gradient + penalty * scores


def _fit(choices: Choices, size: int, penalty: float) -> npt.NDArray[np.float64]:
    from scipy.optimize import minimize

    start = np.zeros(len(PHASES) * size)
    found = minimize(_loss, start, args=(_Legal.of(choices), penalty), jac=True, method="L-BFGS-B",
                     options={"maxiter": 500})
    return np.asarray(found.x, dtype=np.float64).reshape(len(PHASES), size)


def log_likelihood(table: npt.NDArray[np.float64], choices: Choices) -> float:
    """The mean log likelihood of the choices under ``table`` (unpenalised)."""
    nll, _ = _loss(table.ravel().astype(np.float64), _Legal.of(choices), 0.0)
    return -nll / max(1, len(choices.chosen))


def agreement(table: npt.NDArray[np.floating], choices: Choices) -> float:
    """How often the legal action of the highest score is the one chosen."""
    logits = np.where(choices.masks, table[choices.phases], -np.inf)
    return float(np.mean(logits.argmax(axis=1) == choices.chosen)) if len(choices.chosen) else 0.0


def fit(choices: Choices, validation: npt.NDArray[np.bool_]) -> tuple[npt.NDArray[np.float32], float]:
    """The table (phases by actions) fitted on every position of ``choices``, with the penalty
    (of PENALTIES) whose fit on the other positions gave the ``validation`` ones the highest
    likelihood."""
    size = choices.masks.shape[1]
    if validation.any() and (~validation).any():
        fitted, judged = choices.rows(~validation), choices.rows(validation)
        penalty = max(PENALTIES, key=lambda p: log_likelihood(_fit(fitted, size, p), judged))
    else:
        penalty = PENALTIES[1]
    return _fit(choices, size, penalty).astype(np.float32), penalty
