"""The heuristic bot: a short look-ahead over the acting seat's own decisions, scored by a
per-game static evaluation.

Shared search, game-specific knowledge (docs/architecture.md, "Bots").  The search below knows
only the protocol: ``legal_actions``, ``apply``, ``clone``, ``current_player`` and
``is_over``.  What a position is worth is asked of the game's
:class:`~salon.core.evaluation.Evaluation`, which its plug-in names and the bot loads on the
first decision of a game (:func:`~salon.core.evaluation.evaluation_of`).  This keeps this
file free of game names (no table of games to edit when a game is added), keeps the rules
engine free of bot code, and costs nothing for programs that never create a bot.

The search.  For each legal action of the current decision the bot applies it to a copy of
the game and keeps deciding for the same seat while that seat is still to move: the rest of
its turn (target, rent or sell, bonus ...).  At each such node every action is applied and
scored statically; the best ``width`` children are searched further, and so is every child
whose static score equals its parent's (a choice such as ``main:tailor`` has no effect of its
own until its sub-decisions are made, so its worth can only be seen by looking through it).
A line ends when another seat decides, the game ends, the evaluation's ``same_turn`` says the
turn is over (so that a seat moving twice in a row does not make the search run on into its
next turn) or the node budget is spent; its value is the static evaluation there.

Before searching, the game replaces what the seat cannot know (other seats' secrets, bag and
deck order, the random generator) with a sample (:meth:`Game.determinize`), so that the
look-ahead never profits from hidden information.  Ties between equally valued actions are
broken with the bot's own seeded generator: a bot is reproducible for its seed.

Play-outs.  A static score at the end of the turn cannot see what a decision does to the
turns after it: which cards a hand holds for the last round, in which order they are
played, and what the other seats do in between.  Where the evaluation's ``plan_at`` marks a
decision as such, the bot keeps the ``keep`` actions its look-ahead values most, plays each
of them out in ``samples`` worlds consistent with what the seat knows (perfect-information
Monte Carlo; the same worlds for every action, so that the luck of the samples does not
decide the comparison), with the plain look-ahead deciding for every seat, until the
evaluation's ``horizon`` says the decision's reach has ended, and takes the action whose final
static value is best on average.  A game may, for example, mark the decisions of its last
round, whose play-outs end in the final scoring: there the value is the exact result.
"""

from __future__ import annotations

import math
from typing import Any

from salon.bots.base import Bot
from salon.core.evaluation import Evaluation, evaluation_of
from salon.core.game import Game
from salon.core.rng import BaseRng

DECISION_SECONDS = 0.005
"""The seconds of CPU a decision of the Normal level takes, about: measured over whole
2-player games of each bundled title against itself on the compiled engine, a decision with
a choice takes 2 to 4 ms on average, depending on the title, and 40 ms at most; with the
widest parameters a server takes (salon.web.bot_policy), under a third of a second."""


class HeuristicBot(Bot):
    """Chooses the action whose look-ahead through the rest of its turn scores best, or, where
    the game marks the decision for it, whose play-outs score best.

    ``width`` is how many of a node's best-scoring children are searched further one level
    below the root (the root's children are all searched), ``deep_width`` the same deeper
    down; ``budget`` caps the actions applied per decision, so that the think time stays
    bounded however wide a position is.  ``samples`` is the number of worlds each of the
    ``keep`` best actions is played out in (0: no play-outs; ``keep`` 0: every action).
    ``temperature`` (in the evaluation's points; 0: off) makes the choice a draw among the
    actions in proportion to ``exp(value / temperature)`` instead of the best: the Easy level,
    and self-play that visits positions the bot's own best play never reaches.
    """

    name = "heuristic"

    def __init__(self, seed: int = 0, width: int = 2, deep_width: int = 1, budget: int = 1200,
                 samples: int = 3, keep: int = 3, temperature: float = 0.0) -> None:
        super().__init__(seed)
        if temperature < 0:
            raise ValueError("the temperature must not be negative")
        self.width = width
        self.deep_width = deep_width
        self.budget = budget
        self.samples = samples
        self.keep = keep
        self.temperature = temperature
        self.policy = HeuristicBot(seed, width, deep_width, budget, samples=0) if samples else None
        """Decides for every seat inside the play-outs (the look-ahead alone: no play-out within one)."""
        self.nodes = 0
        """Actions applied while making the last decision (for measurements)."""
        self.values: dict[str, float] = {}
        """Each action's value at the last decision: its look-ahead value, or its mean play-out
        value where the decision was played out (for measurements and tests)."""

    @property
    def cost(self) -> float:
        return DECISION_SECONDS

    def choose(self, game: Game) -> str:
        legal = game.legal_actions()
        self.nodes = 0
        if len(legal) == 1:
            return legal[0]
        seat = game.current_player()
        assert seat is not None, "choose() needs a game that is not over"
        evaluation = evaluation_of(game)
        root = world(game, seat, self.rng)
        search = _Search(self, root, seat, evaluation)
        values: dict[str, float] = {}
        for action in legal:
            child = root.clone()
            child.apply(action)
            search.nodes += 1
            values[action] = search.value(child, 1, None)
        self.nodes = search.nodes
        if self.policy is not None and evaluation.plan_at is not None and evaluation.horizon is not None \
                and evaluation.plan_at(game):
            ranked = sorted(legal, key=lambda a: -values[a])  # stable: ties keep the legal order
            worlds = [world(game, seat, self.rng) for _ in range(self.samples)]
            values = self._play_outs(worlds, ranked[:self.keep] if self.keep else ranked, evaluation, seat)
        self.values = values
        best: list[str] = []
        best_value = float("-inf")
        for action, value in values.items():
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value > best_value - 1e-9:
                best.append(action)
        chosen = best[0] if len(best) == 1 else self.rng.choice(best)
        return self._drawn(values) if self.temperature > 0 else chosen

    def _drawn(self, values: dict[str, float]) -> str:
        """An action drawn in proportion to ``exp(value / temperature)`` with the bot's seeded
        generator: an action two points worse than the best is chosen ``exp(-2 / temperature)``
        times as often."""
        top = max(values.values())
        weights = [(a, math.exp((v - top) / self.temperature)) for a, v in values.items()]
        total = sum(w for _, w in weights)
        draw = self.rng.below(1 << 53) / (1 << 53) * total
        for action, weight in weights:
            draw -= weight
            if draw < 0:
                return action
        return weights[-1][0]

    def _play_outs(self, worlds: list[Game], actions: list[str], evaluation: Evaluation[Any],
                   seat: int) -> dict[str, float]:
        """Each of ``actions``' mean final static value over ``worlds`` (the decision's
        determinized samples), played on by the look-ahead policy to the evaluation's horizon."""
        assert self.policy is not None and evaluation.horizon is not None
        values: dict[str, float] = {}
        for action in actions:
            total = 0.0
            for sample in worlds:
                node = sample.clone()
                node.apply(action)
                while not node.is_over() and evaluation.horizon(sample, node):
                    node.apply(self.policy.choose(node))
                total += evaluation.evaluate(node, seat)
            values[action] = total / len(worlds)
        return values


class _Search:
    """One decision's look-ahead: the root position, the deciding seat and the node count."""

    def __init__(self, bot: HeuristicBot, root: Game, seat: int, evaluation: Evaluation[Any]) -> None:
        self.bot = bot
        self.root = root
        self.seat = seat
        self.evaluate = evaluation.evaluate
        self.same_turn = evaluation.same_turn
        self.nodes = 0

    def _open(self, game: Game) -> bool:
        """Whether the search may still decide at ``game`` for the seat."""
        return (not game.is_over() and game.current_player() == self.seat and self.nodes < self.bot.budget
                and (self.same_turn is None or self.same_turn(self.root, game)))

    def value(self, game: Game, depth: int, known: float | None) -> float:
        """The value for the seat of the best line found from ``game`` (which the search owns
        and may change), whose static value ``known`` the caller may already have."""
        while self._open(game):
            legal = game.legal_actions()
            if len(legal) > 1:
                break
            game.apply(legal[0])  # a forced step: no choice to weigh
            self.nodes += 1
            known = None
        if known is None:
            known = self.evaluate(game, self.seat)
        if not self._open(game):
            return known
        scored: list[tuple[float, int, Game]] = []
        legal = game.legal_actions()
        last = len(legal) - 1
        for i, action in enumerate(legal):
            child = game.clone() if i < last else game  # the search owns ``game``: the last child needs no copy
            child.apply(action)
            scored.append((self.evaluate(child, self.seat), i, child))
        self.nodes += len(scored)
        scored.sort(key=lambda x: (-x[0], x[1]))
        width = self.bot.width if depth <= 1 else self.bot.deep_width
        best = float("-inf")
        for rank, (value, _, child) in enumerate(scored):
            if rank < width or abs(value - known) < 1e-9:
                best = max(best, self.value(child, depth + 1, value))
        return best


def world(game: Game, seat: int, rng: BaseRng) -> Game:
    """A copy of ``game`` consistent with what ``seat`` knows, to search in: the game's own
    sample (:meth:`Game.determinize`), or a clone where the game re-samples nothing."""
    sampled = game.determinize(seat, rng)
    return game.clone() if sampled is None else sampled
