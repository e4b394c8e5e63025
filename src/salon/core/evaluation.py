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

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

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


def evaluation_of(game: Game) -> Evaluation[Any]:
    """The evaluation of ``game``'s title, named by its plug-in (imported on first use);
    ConfigError for a game that declares none."""
    found = plugin(game.name)
    evaluation = load(found.evaluation) if found is not None and found.evaluation is not None else None
    if not isinstance(evaluation, Evaluation):
        raise ConfigError(f"the bots cannot play {game.name!r}: its plug-in names no evaluation")
    return evaluation
