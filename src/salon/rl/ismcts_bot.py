"""OpenSpiel's IS-MCTS as a salon bot: ``ismcts``, ``ismcts:simulations=50``.

Why it is here: a ladder needs anchors whose strength owes nothing to the salon bots' own
look-ahead and evaluation, so that a change to those cannot move the yardstick with the
measured bot.  This bot knows no more of a game than its rules: OpenSpiel's Information Set
Monte Carlo Tree Search (Cowling, Powley and Whitehouse) with random roll-outs to the
end of the game, on the game's registration ``python_salon_<game>`` (salon.rl.openspiel).

At each decision with a choice, the OpenSpiel state is rooted at a copy of the game that
:meth:`~salon.core.game.Game.determinize` draws for the deciding seat, so the search never
holds what the seat cannot see, and every one of the ``simulations`` runs in a world drawn
anew from that copy in the same way (the state's ``resample_from_infostate``).  The tree's
nodes are keyed by the acting player's observation (the games provide no perfect-recall
information state), and the most visited action is played.  Returns are ranks (+1 first, -1
last), the scale UCT's exploration constant of 2 is meant for.  All the search's randomness
comes from one generator seeded, at each decision, from the bot's own: the bot is
deterministic for its seed.  It needs the rl extra (``pip install 'salon[rl]'``).
"""

from __future__ import annotations

import json
from functools import cache

import numpy as np
import pyspiel
from open_spiel.python.algorithms.mcts import RandomRolloutEvaluator

from salon.bots.base import Bot
from salon.core.game import Game
from salon.core.rng import Rng, derive_seed
from salon.rl.openspiel import ISMCTSBot, SalonOpenSpielGame, SalonOpenSpielState, register, short_name

UCT_C = 2.0
"""UCT's exploration constant, for returns between -1 and 1 (OpenSpiel's examples use it)."""
ROOT_KEY = 0x157C
"""The stream of a decision's seed that draws the copy the search is rooted at."""
SIMULATION_SECONDS = 0.01
"""The seconds of CPU a simulation takes, about: timed over the first 30 decisions of a
2-player game of each bundled title with 50 simulations each, and over the first 3 with 400,
it took 7 to 8.5 ms, depending on the title, on the compiled engine, and up to 10 ms on the
pure one; the roll-outs, to the end of the game, are longest in these first decisions."""


class ISMCTSPlayer(Bot):
    """IS-MCTS with ``simulations`` simulations a decision, each ending in one random roll-out."""

    name = "ismcts"

    def __init__(self, seed: int = 0, simulations: int = 200) -> None:
        super().__init__(seed)
        if simulations < 1:
            raise ValueError("the search needs at least one simulation")
        self.simulations = simulations

    @property
    def cost(self) -> float:
        return self.simulations * SIMULATION_SECONDS

    def choose(self, game: Game) -> str:
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = game.current_player()
        assert seat is not None  # a choice is asked of a game in progress only
        decision_seed = self.rng.below(1 << 32)
        world = game.determinize(seat, Rng(derive_seed(decision_seed, ROOT_KEY))) or game.clone()
        spiel = _spiel_game(game.name, json.dumps(game.config_json(), sort_keys=True))
        random_state = np.random.RandomState(decision_seed)
        # nodes keyed by observations, which lack perfect recall, may meet other legal actions
        search = ISMCTSBot(spiel, RandomRolloutEvaluator(1, random_state), UCT_C, self.simulations,
                           random_state=random_state, use_observation_string=True,
                           allow_inconsistent_action_sets=True)
        action = search.step(SalonOpenSpielState(spiel, world))
        return spiel.salon.actions.text(int(action))


@cache
def _spiel_game(name: str, config: str) -> SalonOpenSpielGame:
    """The registered OpenSpiel game of title ``name`` and ``config`` (as JSON), with rank
    returns: kept by the process, not by the bot, which is sent to other processes and back
    (salon.bots.base.Bot) and could not take it along (its class is made when registered)."""
    register()
    settings = json.loads(config)
    players = settings.pop("players")
    game: SalonOpenSpielGame = pyspiel.load_game(short_name(name), {
        "players": players, "config": json.dumps(settings, sort_keys=True), "returns": "rank"})
    return game
