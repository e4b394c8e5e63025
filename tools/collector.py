"""What tuning the garbage collector (salon.parallel.tune_collector) gives the engine and the
bots: random games, a heuristic bot's game and a search decision, timed in CPU seconds under
CPython's default thresholds and under the tuned ones in turn, in one process, round after
round, so that a machine whose speed changes from one minute to the next slows both alike.

    .venv/bin/python -m tools.collector            # five configs, six rounds each
    .venv/bin/python -m tools.collector --rounds 10 --json
"""

from __future__ import annotations

import argparse
import gc
import json
import time
from collections.abc import Callable
from typing import Any

from salon.bots.base import make_bot
from salon.bots.heuristic import HeuristicBot
from salon.cli.bench import _random_game
from salon.cli.common import game_config
from salon.core.game import Game, game_class
from salon.parallel import COLLECTOR_THRESHOLD

DEFAULT = (700, 10, 10)
"""CPython's own thresholds."""
TUNED = (COLLECTOR_THRESHOLD, 10, 10)
CONFIGS = {
    "Rococo, 4 players": ("rococo", 4, None, False, 40),
    "Rococo, 2 players": ("rococo", 2, None, False, 30),
    "Rococo solo": ("rococo", 1, None, True, 21),
    "Rococo solo, Jewelry Box": ("rococo", 1, "jewelry_box", True, 21),
    "The Queen's Necklace, 2 players": ("necklace", 2, None, False, 10),
}
"""Per line: the game, its players, expansions and solo mode, and the heuristic's moves before
the search's position (then on to the first position with four choices or more)."""
SEARCH = "search:iterations=4:keep=6:halving=1:turns=2:win=1"
SEED = 947950


def _played(name: str, config: dict[str, Any], seed: int, moves: int) -> Game:
    """The game of ``seed`` after ``moves`` of the heuristic bot's (or at its end)."""
    game = game_class(name).new(config, seed)
    bot = HeuristicBot(1)
    for _ in range(moves):
        if game.is_over():
            break
        game.apply(bot.choose(game))
    return game


def _jobs(name: str, config: dict[str, Any], moves: int) -> dict[str, Callable[[], object]]:
    position = _played(name, config, SEED, moves)
    bot = HeuristicBot(2)
    while len(position.legal_actions()) < 4:
        position.apply(bot.choose(position))
    search = make_bot(SEARCH, seed=5)
    search.choose(position)  # its first decision loads what the search keeps for later ones
    return {
        "random play (30 games)": lambda: [_random_game((name, config, i)) for i in range(30)],
        "the heuristic bot (a game)": lambda: _played(name, config, 3, 10**6),
        "the search (a decision, 4 worlds a round)": lambda: search.choose(position),
    }


def _seconds(job: Callable[[], object], thresholds: tuple[int, int, int]) -> float:
    gc.set_threshold(*thresholds)
    gc.collect()
    start = time.process_time()
    job()
    return time.process_time() - start


def measure(rounds: int) -> list[dict[str, Any]]:
    """Per config and job: the mean CPU seconds under each setting, and their ratio."""
    before = gc.get_threshold()
    lines = []
    try:
        for label, (name, players, expansions, solo, moves) in CONFIGS.items():
            config = game_config(players, expansions, solo, None)
            for job, run in _jobs(name, config, moves).items():
                default = tuned = 0.0
                for _ in range(rounds):
                    default += _seconds(run, DEFAULT)
                    tuned += _seconds(run, TUNED)
                lines.append({"config": label, "job": job, "default_s": round(default / rounds, 4),
                              "tuned_s": round(tuned / rounds, 4), "speedup": round(default / tuned, 2)})
    finally:
        gc.set_threshold(*before)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=6, help="rounds of each setting (default 6)")
    parser.add_argument("--json", action="store_true", help="the figures as JSON")
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds: give 1 or more")
    for line in measure(args.rounds):
        print(json.dumps(line) if args.json else
              f"{line['config']:33} {line['job']:43} {line['default_s']:8.4f} s -> {line['tuned_s']:8.4f} s "
              f"({line['speedup']:.2f}x)", flush=True)


if __name__ == "__main__":
    main()
