"""How much stronger one bot is than another, in Elo, and a sequential test that stops as
soon as the games played tell which of two strengths is the more likely (as Stockfish's
fishtest does).

The unit sample is one *block*: every game of one seed, the measured bot once in each of its
seats (one game in the solo mode), scored by the measured bot's mean win share over the block.
Games on one seed are correlated (the same deal favours the same seat), so counting each game
as a sample of its own would understate the spread; a block's mean carries that correlation
(fishtest's pentanomial idea, for paired games).

The win share maps to Elo by the logistic model: a bot ``elo`` points stronger than each of
``opponents`` equal opponents takes the first place with the chance
``1 / (1 + opponents * 10 ** (-elo / 400))``.  Against one opponent that is the usual Elo
formula; against several it is the Bradley-Terry (Plackett-Luce) chance of the first place,
so a bot's first places at a table of four have an Elo too.

The sequential probability ratio test weighs H0 (the bot is ``elo0`` stronger) against H1 (it
is ``elo1`` stronger) by the generalized likelihood ratio of the block scores as they came
(Owen's empirical likelihood, which fishtest's pentanomial test computes too): under each
hypothesis, the distribution over the scores seen that is the likeliest for the blocks among
those whose mean is the hypothesis's expected block score ``s``; the LLR is the log of the
ratio of the two likelihoods.  Such a distribution gives each score seen ``n_i`` times the
weight ``n_i / (N (1 + lam (a_i - s)))``, with the one ``lam`` that makes their mean ``s``.
For games that are won or lost it is the exact test of a biased coin.  The normal
approximation this module used before (``N (s1 - s0) (2 m - s0 - s1) / (2 v)``, with ``m``
and ``v`` the blocks' mean and variance) holds only near the two hypotheses and with many
games: at this project's tens of games it decided on five straight losses, or on a score far
above both hypotheses whose spread happened to be small.  The test accepts H1 once the LLR
reaches ``log((1 - beta) / alpha)`` and H0 once it falls to ``log(beta / (1 - alpha))``, so it
errs towards H1 in about ``alpha`` of the runs where H0 holds, and towards H0 in about
``beta`` of those where H1 holds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from salon.core.errors import ConfigError

CHI2_95 = 3.841459
"""The 95% quantile of the chi-square distribution of one degree of freedom: a mean is in the
95% interval while twice the log of its likelihood ratio to the likeliest stays below it."""

SCORE_EDGE = 1e-3
"""How close to 0 or 1 a win share is taken for its Elo: a share of exactly 0 or 1 has no
finite Elo, so a bot that wins every game is given the Elo of 999 wins in 1000 games."""

EDGE_WEIGHT = 1e-3
"""The weight of a virtual block at each end of the win share, 0 and 1, in the likelihoods of
the test and the interval (fishtest's regularisation): blocks that all scored alike have a
likeliest distribution of every mean between 0 and 1, which a test of a mean other than theirs
needs, and a thousandth of a block changes no verdict."""

HALVINGS = 100
"""How many times :func:`_log_likelihood` halves the range of ``lam``: a range no wider than
a few thousand comes down to far below a float's precision."""


def expected_score(elo: float, opponents: int = 1) -> float:
    """The expected win share of a bot ``elo`` points stronger than each of ``opponents``
    equal opponents: 1/2 against one equal opponent, 1/4 at a table of four equals."""
    return 1.0 / (1.0 + opponents * math.pow(10.0, -elo / 400.0))


def elo_of(score: float, opponents: int = 1) -> float:
    """The Elo difference whose expected win share is ``score`` (the inverse of
    :func:`expected_score`), the share held ``SCORE_EDGE`` away from 0 and 1."""
    share = min(max(score, SCORE_EDGE), 1.0 - SCORE_EDGE)
    return 400.0 * math.log10(opponents * share / (1.0 - share))


@dataclass(frozen=True)
class SprtState:
    """Where a sequential test stands: its LLR, its bounds (lower, upper), and the verdict
    ("H1": at least ``elo1``; "H0": at most ``elo0``; None: no verdict yet)."""

    llr: float
    lower: float
    upper: float
    verdict: str | None


class Sprt:
    """A sequential test of ``elo0`` against ``elo1`` at the error rates ``alpha`` (accepting
    H1 when H0 holds) and ``beta`` (accepting H0 when H1 holds), fed one block score at a time.

    ``opponents`` is the number of opponents the win share is taken against (one in a
    two-player or solo game, ``players - 1`` at a larger table).  The running mean and sum of
    squared deviations (Welford) keep each update constant in time, however long the test.
    (A plain class: its counters are set in ``__init__``, which a compiled dataclass's
    fields outside ``__init__`` are not.)"""

    def __init__(self, elo0: float, elo1: float, alpha: float = 0.05, beta: float = 0.05,
                 opponents: int = 1) -> None:
        check_bounds(elo0, elo1)
        check_rates(alpha, beta)
        self.elo0 = elo0
        self.elo1 = elo1
        self.alpha = alpha
        self.beta = beta
        self.opponents = opponents
        self.blocks = 0
        self.scores: dict[float, int] = {}
        """How many blocks scored each block score seen."""

    def update(self, block_score: float) -> None:
        """Count one more block, scored by the measured bot's mean win share in it."""
        self.blocks += 1
        self.scores[block_score] = self.scores.get(block_score, 0) + 1

    def bounds(self) -> tuple[float, float]:
        """The LLR at or below which H0 is accepted, and at or above which H1 is."""
        return math.log(self.beta / (1.0 - self.alpha)), math.log((1.0 - self.beta) / self.alpha)

    def llr(self) -> float:
        """The log-likelihood ratio of H1 to H0 over the blocks so far (0 before the first)."""
        if self.blocks == 0:
            return 0.0
        counts = _regularised(self.scores)
        s0 = expected_score(self.elo0, self.opponents)
        s1 = expected_score(self.elo1, self.opponents)
        return _log_likelihood(counts, s1) - _log_likelihood(counts, s0)

    def state(self) -> SprtState:
        lower, upper = self.bounds()
        llr = self.llr()
        verdict = "H1" if llr >= upper else "H0" if llr <= lower else None
        return SprtState(llr, lower, upper, verdict)


def _regularised(scores: dict[float, int]) -> dict[float, float]:
    """The block scores' counts with :data:`EDGE_WEIGHT` added at 0 and 1."""
    counts = {0.0: EDGE_WEIGHT, 1.0: EDGE_WEIGHT}
    for score, n in scores.items():
        counts[score] = counts.get(score, 0.0) + float(n)
    return counts


def _log_likelihood(counts: dict[float, float], mean: float) -> float:
    """The log-likelihood, up to a constant the same for every ``mean``, of the blocks (each
    score with its count) under the likeliest distribution over their scores whose mean is
    ``mean`` (strictly between 0 and 1, with both ends among the scores).  The weight of score
    ``a`` is ``n / (N (1 + lam (a - mean)))``, and the weights' mean is ``mean`` where
    ``sum(n (a - mean) / (1 + lam (a - mean)))`` is 0: that sum falls as ``lam`` grows, from
    far above 0 to far below it across the range where every weight is positive, so ``lam`` is
    found by halving that range."""
    low, high = -1.0 / (1.0 - mean), 1.0 / mean
    lam = 0.0
    for _ in range(HALVINGS):
        lam = (low + high) / 2.0
        slope = 0.0
        for score, n in counts.items():
            slope += n * (score - mean) / (1.0 + lam * (score - mean))
        if slope > 0.0:
            low = lam
        else:
            high = lam
    found = 0.0
    for score, n in counts.items():
        found -= n * math.log(1.0 + lam * (score - mean))
    return found


def check_bounds(elo0: float, elo1: float) -> None:
    """Refuse bounds no test can tell apart: both finite, ``elo1`` above ``elo0``."""
    if not (math.isfinite(elo0) and math.isfinite(elo1)):
        spec = f"{elo0:g},{elo1:g}"
        raise ConfigError(f"--sprt {spec!r}: give two finite Elo numbers ELO0,ELO1, such as 0,15",
                          "error.sprt_spec", {"spec": spec})
    if elo1 <= elo0:
        raise ConfigError(f"--sprt {elo0:g},{elo1:g}: ELO1 ({elo1:g}) must be greater than ELO0 ({elo0:g})",
                          "error.sprt_order", {"elo0": f"{elo0:g}", "elo1": f"{elo1:g}"})


def check_rates(alpha: float, beta: float) -> None:
    """Refuse error rates no test can keep: each strictly between 0 and 1, and together
    below 1 (at ``alpha + beta = 1`` both bounds are 0, and a verdict either way is a coin's)."""
    for name, rate in (("alpha", alpha), ("beta", beta)):
        if not 0.0 < rate < 1.0:
            raise ConfigError(f"--{name} {rate:g}: give an error rate between 0 and 1, such as 0.05",
                              "error.sprt_rate", {"name": name, "value": f"{rate:g}"})
    if alpha + beta >= 1.0:
        raise ConfigError(f"--alpha {alpha:g} and --beta {beta:g} add up to 1 or more: give smaller error rates",
                          "error.sprt_rates", {"alpha": f"{alpha:g}", "beta": f"{beta:g}"})


def parse_bounds(spec: str) -> tuple[float, float]:
    """The (elo0, elo1) of an option text such as ``"0,15"``: two numbers, the second the
    greater."""
    try:
        elo0, elo1 = (float(part) for part in spec.split(","))
    except ValueError:
        raise ConfigError(f"--sprt {spec!r}: give two finite Elo numbers ELO0,ELO1, such as 0,15", "error.sprt_spec",
                          {"spec": spec}) from None
    check_bounds(elo0, elo1)
    return elo0, elo1


def elo_interval(block_scores: list[float], opponents: int = 1) -> tuple[float, float, float]:
    """The Elo of the mean block score, and the ends of its 95% interval: the means whose
    likelihood, weighed as the test weighs it (:func:`_log_likelihood`), is within the
    chi-square bound of the likeliest, each end turned into Elo.  Blocks that all scored alike
    still get an interval as wide as their number warrants (five lost games reach a win share
    of 32%); no blocks at all give the widest interval there is."""
    count = len(block_scores)
    if count == 0:
        return 0.0, elo_of(0.0, opponents), elo_of(1.0, opponents)
    scores: dict[float, int] = {}
    for score in block_scores:
        scores[score] = scores.get(score, 0) + 1
    counts = _regularised(scores)
    total = centre = 0.0
    for score, n in counts.items():
        total += n
        centre += n * score
    centre /= total
    mean = sum(block_scores) / count
    return (elo_of(mean, opponents), elo_of(_end(counts, centre, SCORE_EDGE), opponents),
            elo_of(_end(counts, centre, 1.0 - SCORE_EDGE), opponents))


def _end(counts: dict[float, float], centre: float, edge: float) -> float:
    """The end of the 95% interval between the likeliest mean ``centre`` and ``edge`` (held
    ``SCORE_EDGE`` from 0 or 1, as the Elo is): the mean where the log-likelihood has fallen
    by half the chi-square bound, found by halving; ``edge`` when it never falls that far."""
    if -_log_likelihood(counts, edge) <= CHI2_95 / 2.0:
        return edge
    inside, outside = centre, edge
    for _ in range(HALVINGS):
        middle = (inside + outside) / 2.0
        if -_log_likelihood(counts, middle) <= CHI2_95 / 2.0:
            inside = middle
        else:
            outside = middle
    return (inside + outside) / 2.0
