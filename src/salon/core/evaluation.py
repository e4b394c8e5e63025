"""What a game tells the bots about its positions: how much one is worth to a seat, and where
a look-ahead should stop.

The bots (salon.bots) are written once against the protocol; a position's worth is the only
game knowledge they need, and the game declares it here, as data: one :class:`Evaluation`
that its plug-in names (``evaluation="my_game.evaluation:EVALUATION"``), looked up by the
game's name the first time a bot meets the game (:func:`evaluation_of`).  What a seat cannot
see is re-sampled by the game itself (:meth:`Game.determinize`), since the learning
environments need it too.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, Generic, TypeVar

from salon.core.errors import ConfigError
from salon.core.game import Game
from salon.core.plugins import load, plugin
from salon.core.weights import Fitted

G = TypeVar("G", bound=Game)


@dataclass(frozen=True)
class Evaluation(Generic[G]):
    """One game's evaluation; only ``evaluate`` is required.  Without ``same_turn`` a
    look-ahead ends only when another seat decides; without ``plan_at`` and ``horizon``
    nothing is played out past the turn; without ``turn`` a search counts a turn whenever
    another seat decides."""

    evaluate: Callable[[G, int], float]
    """``evaluate(game, seat)``: how good the position is for ``seat`` (higher is better), in
    the game's own unit (for example expected final points ahead of the best opponent).  It
    must only use what ``seat`` may know."""
    same_turn: Callable[[G, G], bool] | None = None
    """``same_turn(root, node)``: whether ``node``, reached from ``root`` by the decisions of
    one seat, still belongs to the turn in which ``root`` is decided (a look-ahead looks no
    further than that turn)."""
    plan_at: Callable[[G], bool] | None = None
    """``plan_at(game)``: whether the current decision is worth playing out beyond the turn
    (it shapes several turns, and the horizon is near enough to reach)."""
    horizon: Callable[[G, G], bool] | None = None
    """``horizon(root, node)``: whether ``node``, reached from ``root`` by play, is still
    within what a decision played out at ``root`` shapes (the play-outs stop where it
    returns False)."""
    turn: Callable[[G], object] | None = None
    """``turn(game)``: a value that changes exactly when a new turn begins (a seat's reactions
    in another's turn belong to that turn), so that a search can count turns ahead."""
    weights: Fitted | None = None
    """The evaluation's weights fitted from self-play (``salon fit``), if it has any."""
    progress: Callable[[G], float] | None = None
    """``progress(game)``: how much of the game has been played, from 0 (the start) to 1 (the
    end), so that what is learned or reported about positions can be told apart by the phase
    of the game, and a search can tell how far the final result may still be from an estimate."""
    spread: Callable[[G], float] | None = None
    """``spread(game)``: how far, in the evaluation's unit, the final margin typically still is
    from ``evaluate`` at this position (the standard deviation of the difference, fitted from
    self-play): what turns a margin into a chance of winning (:func:`win_chance`)."""


PHASES: Final = ("early", "middle", "late")
"""The phases of a game by its ``progress``: before PHASE_BOUNDS[0], before PHASE_BOUNDS[1], the
rest; what is learned is reported, and trusted, phase by phase (salon.learn.train)."""
PHASE_BOUNDS: Final = (1 / 3, 2 / 3)


def phase(progress: float) -> str:
    """The phase of a position whose game has made ``progress``."""
    return PHASES[sum(1 for bound in PHASE_BOUNDS if progress >= bound)]


WIN_SLOPE: Final = 1.702
"""The logistic's slope that matches the normal distribution's: 1/(1 + exp(-1.702 x)) is
within 0.01 of Phi(x) everywhere."""


def win_chance(evaluation: Evaluation[Any], game: Game, seat: int) -> float:
    """``seat``'s chance of finishing first, from the evaluation's margin and how far the
    final margin may still be from it (``spread``): a margin of one spread ahead wins about
    84% of the time.  A finished game gives its result (1, 0.5 for a shared first place, 0);
    an evaluation without ``spread`` gives the margin's sign."""
    return chance(evaluation.evaluate(game, seat), spread_of(evaluation, game))


def spread_of(evaluation: Evaluation[Any], game: Game) -> float:
    """The evaluation's ``spread`` at this position: 0 once the game is over (its result is
    sure) or for an evaluation without one."""
    return evaluation.spread(game) if evaluation.spread is not None and not game.is_over() else 0.0


def chance(margin: float, spread: float) -> float:
    """The chance of finishing first at this estimated ``margin``, the final one typically
    ``spread`` away from it (:func:`win_chance`)."""
    if spread <= 0:
        return 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
    x = -WIN_SLOPE * margin / spread
    return 1.0 / (1.0 + math.exp(x)) if x < 700 else 0.0


def evaluation_of(game: Game) -> Evaluation[Any]:
    """The evaluation of ``game``'s title, named by its plug-in (imported on first use);
    ConfigError for a game that declares none."""
    found = plugin(game.name)
    evaluation = load(found.evaluation) if found is not None and found.evaluation is not None else None
    if not isinstance(evaluation, Evaluation):
        raise ConfigError(f"the bots cannot play {game.name!r}: its plug-in names no evaluation")
    return evaluation
