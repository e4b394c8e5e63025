"""The players' levels: Easy, Normal, Hard and Expert, as the lobby and ``--bots`` name them.

* Easy: the look-ahead's values, but a choice drawn among the actions in proportion to
  ``exp(value / temperature)``: it mostly plays a sound move and often a merely decent one,
  as a beginner does, rather than a random one.
* Normal: the heuristic bot (salon.bots.heuristic).
* Hard: the search bot's second design (salon.bots.search.SECOND: six candidates by
  Sequential Halving, two turns ahead, the chance of winning) with one second a decision.
* Expert: the same with five seconds a decision and eight candidates.

``search-v1`` is no level: it is the search bot's first design under a name that keeps it
(one second, three actions kept, evenly spread worlds, one turn ahead, the margin), a fixed
entrant of ``salon ladder`` that later search bots are rated against.
"""

from __future__ import annotations

from salon.bots.base import Bot
from salon.bots.heuristic import HeuristicBot
from salon.bots.search import SECOND, SearchBot


class EasyBot(HeuristicBot):
    """The look-ahead without play-outs, choosing at random weighted by its values:
    ``temperature`` is in the game's unit (points), so that an action two points worse than
    the best is chosen ``exp(-2 / temperature)`` times as often (salon.bots.heuristic)."""

    name = "easy"

    def __init__(self, seed: int = 0, temperature: float = 4.0) -> None:
        if temperature <= 0:
            raise ValueError("the temperature must be positive")
        super().__init__(seed, samples=0, temperature=temperature)


def hard(seed: int = 0) -> Bot:
    return SearchBot(seed, think=1.0, win=1, **SECOND)


def expert(seed: int = 0) -> Bot:
    return SearchBot(seed, think=5.0, win=1, **{**SECOND, "keep": 8})


def search_v1(seed: int = 0, think: float = 1.0, iterations: int | None = None, keep: int = 3) -> Bot:
    """``search-v1``: the search bot with these defaults, whatever ``search``'s become."""
    return SearchBot(seed, think, iterations, keep, halving=0, turns=1, win=0, rivals=0.0)
