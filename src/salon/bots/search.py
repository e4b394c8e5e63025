"""The search bot: the heuristic bot, plus determinized Monte Carlo rollouts at the decisions
that shape more than one turn.

Why.  The heuristic bot looks no further than the end of its turn and scores the position
statically.  That suits a decision whose effect shows by then, but not one that sets up
several turns, such as choosing the cards to play in a whole round: how good a hand
is depends on how its cards will be played, in which order, around the other seats' moves.
At such decisions (the game's ``plan_at`` hook says which) this bot samples ``samples``
worlds consistent with what the seat knows (the ``determinize`` hook), plays each action in
every world to the end of the game's ``horizon`` (the end of that round, say), with the
heuristic bot deciding for every seat, and takes the action whose final static value is best
on average (perfect-information Monte Carlo).  The same worlds serve every action, so that
the comparison is not drowned by the luck of the samples.  Everywhere else it is the
heuristic bot.

Hidden information: a rollout starts from a determinized copy, and every decision in it is
the heuristic bot's, which determinizes again for the seat that decides; no rollout sees the
real secrets.  A game without ``plan_at`` and ``horizon`` hooks gets the heuristic bot.
"""

from __future__ import annotations

from salon.bots.base import Bot, register_bot
from salon.bots.heuristic import GameHooks, HeuristicBot, hooks_for
from salon.core.game import Game


class SearchBot(Bot):
    """The heuristic bot, with ``samples`` rollouts per action at the decisions a game marks
    for planning.  Slower than the heuristic bot by the rollouts (``samples`` rollouts per
    action, each as long as the horizon)."""

    name = "search"

    def __init__(self, seed: int = 0, samples: int = 4) -> None:
        super().__init__(seed)
        self.samples = samples
        self.policy = HeuristicBot(seed)
        """Decides where nothing is planned, and for every seat inside the rollouts."""
        self.values: dict[str, float] = {}
        """Each action's mean rollout value at the last planned decision (for measurements)."""

    def choose(self, game: Game) -> str:
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        hooks = hooks_for(game)
        if hooks.plan_at is None or hooks.horizon is None or hooks.determinize is None or not hooks.plan_at(game):
            return self.policy.choose(game)
        seat = game.current_player()
        assert seat is not None, "choose() needs a game that is not over"
        worlds = [hooks.determinize(game, seat, self.rng) for _ in range(self.samples)]
        best: list[str] = []
        best_value = float("-inf")
        self.values = {}
        for action in legal:
            value = sum(self._rollout(world, action, hooks, seat) for world in worlds) / len(worlds)
            self.values[action] = value
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value > best_value - 1e-9:
                best.append(action)
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def _rollout(self, world: Game, action: str, hooks: GameHooks, seat: int) -> float:
        """``action`` played in a copy of ``world``, then the heuristic bot to the horizon."""
        assert hooks.horizon is not None
        node = world.clone()
        node.apply(action)
        while not node.is_over() and hooks.horizon(world, node):
            node.apply(self.policy.choose(node))
        return hooks.evaluate(node, seat)


register_bot("search", SearchBot)
