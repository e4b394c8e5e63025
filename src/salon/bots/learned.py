"""The learned search: the search bot (salon.bots.search) with what self-play taught it.

Two changes to the search, each from a learned model (salon.bots.model):

* the leaves: a play-out's end is worth the hand evaluation plus the value model's
  correction (times ``trust``), fitted against the final margins of self-play games, or with
  ``win`` the win model's chance of finishing first (fitted on the same games' results); a
  play-out that reached the end of the game is worth its exact result, which the hand
  evaluation gives there (the model was never fitted on finished games);
* the candidates: besides the look-ahead's ``keep`` best actions, the policy's ``widen`` most
  likely ones are weighed, the policy having been fitted on the choices of a search (expert
  iteration: each generation's search makes the next generation's data).

Everything else is the search's, the second design's parts included (``halving``, ``turns``,
``win``, ``confidence``): sampled worlds (the seat's information only), the look-ahead
deciding for every seat in the play-outs, the same budget.  A game and config for which no
model was trained is played by the plain search (``model`` is then None).  The shipped models
are listed in docs/bots.md with the commands that made them; ``generation`` picks one of them
(0: the latest).
"""

from __future__ import annotations

from typing import Any

from salon.bots.model import Model, model_for
from salon.bots.search import SearchBot
from salon.core.evaluation import Evaluation, chance, spread_of
from salon.core.game import Game


class LearnedBot(SearchBot):
    """The search with a learned leaf value and learned candidates."""

    name = "learned"

    def __init__(self, seed: int = 0, think: float = 1.0, iterations: int | None = None, keep: int = 3,
                 widen: int = 1, generation: int = 0, trust: float = 1.0, halving: int = 0, turns: int = 1,
                 win: int = 0, confidence: float = 1.0) -> None:
        super().__init__(seed, think, iterations, keep, halving, turns, win, confidence)
        if widen < 0 or generation < 0:
            raise ValueError("widen and generation are counts: 0 or more")
        if not 0 <= trust <= 1:
            raise ValueError("trust is the weight of the learned correction: between 0 and 1")
        self.widen = widen
        self.trust = trust
        self.generation = generation
        self.model: Model | None = None
        """The model of the game being played (None: the plain search's evaluation, or not
        looked up since the bot was unpickled)."""
        self._config: tuple[str, str] | None = None

    def __reduce__(self) -> tuple[type[SearchBot], tuple[()], dict[str, object]]:
        """Without its model too, which is a compiled frozen dataclass as well, which unpickling
        cannot fill (it sets each field, and the class refuses that)."""
        cls, args, state = super().__reduce__()
        return cls, args, {**state, "model": None, "_config": None}

    def check_game(self, game: Game) -> None:
        """Refuse a generation the game's config has no model of, or a model of another layout
        than the game's, before the first decision would."""
        self._model_of(game)

    def _model_of(self, game: Game) -> Model | None:
        key = (game.name, repr(game.config_json()))
        if key != self._config:
            self.model, self._config = model_for(game, self.generation), key
        return self.model

    def _candidates(self, game: Game, seat: int, ranked: list[str]) -> list[str]:
        kept = ranked[:self.keep]
        model = self._model_of(game)
        if model is None or not self.widen:
            return kept
        priors = model.priors(game, seat, ranked)
        likely = sorted(ranked, key=lambda a: -priors[a])  # stable: ties keep the look-ahead's order
        return kept + [a for a in likely[:self.widen] if a not in kept]

    def _leaf(self, node: Game, seat: int, evaluation: Evaluation[Any]) -> float:
        """The corrected margin; with ``win``, the win model's chance where its card trusts it,
        else the chance that the corrected margin gives."""
        model = self._model_of(node)
        if model is None or node.is_over():
            return super()._leaf(node, seat, evaluation)
        hand = evaluation.evaluate(node, seat)
        learned = model.chance(node, seat, hand) if self.win else None
        if learned is not None:  # the correction would go unused
            return learned
        margin = hand + self.trust * model.correction(node, seat) if self.trust else hand
        return chance(margin, spread_of(evaluation, node)) if self.win else margin
