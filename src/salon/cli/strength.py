"""How strong one bot is against another: ``salon strength``.

Game ``i`` uses the seed ``seed + i // players`` and seats the measured bot at ``i % players``
(every other seat is the opponent bot), so each seed is played once from every seat: the
luck of the deal and of the seat weighs the same on both sides (paired seeds, seats
swapped).  In the solo mode the measured bot plays the game's own opponent.  A game is won
when the measured bot is among the winners (a shared first place counts as its share), its
margin is its score minus the best other score.  The report gives the win rate with its
95% Wilson interval, the mean margin with its 95% interval, and the measured bot's think
time.  Games run in ``workers`` processes; the figures do not depend on their number.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from salon.bots.base import bot_seed, make_bot
from salon.cli.common import game_config
from salon.core.errors import SalonError
from salon.core.game import game_class

Z95 = 1.959964


@dataclass(frozen=True)
class Match:
    game: str
    bot: str
    against: str
    players: int
    expansions: str | None = None
    solo: bool = False
    edition: str | None = None


@dataclass(frozen=True)
class Outcome:
    seed: int
    seat: int
    win: float
    margin: float
    decisions: int
    thinking: float


def play(match: Match, seed: int, seat: int) -> Outcome:
    """One game with the measured bot at ``seat``."""
    game = game_class(match.game).new(game_config(match.players, match.expansions, match.solo, match.edition), seed)
    automatic = game.description.automated_seats
    bots = {s: make_bot(match.bot if s == seat else match.against, bot_seed(seed, s))
            for s in range(game.num_players) if s not in automatic}
    decisions = 0
    thinking = 0.0
    while not game.is_over():
        mover = game.current_player()
        assert mover is not None
        start = time.perf_counter()
        action = bots[mover].choose(game)
        if mover == seat:
            thinking += time.perf_counter() - start
            decisions += 1
        game.apply(action)
    result = game.result()
    win = 1.0 / len(result.winners) if seat in result.winners else 0.0
    margin = result.scores[seat] - max(v for s, v in enumerate(result.scores) if s != seat)
    return Outcome(seed, seat, win, margin, decisions, thinking)


class GameFailed(SalonError):
    """A game of the measurement broke off (a bot's defect): which one, and why, on one line
    that crosses from a worker process intact."""


def _play(args: tuple[Match, int, int]) -> Outcome:
    match, seed, seat = args
    try:
        return play(match, seed, seat)
    except Exception as e:
        raise GameFailed(f"the game of seed {seed} with {match.bot} in seat {seat} broke off: "
                         f"{type(e).__name__}: {e}") from None


def schedule(match: Match, games: int, seed: int) -> list[tuple[Match, int, int]]:
    seats = 1 if match.solo else match.players
    return [(match, seed + i // seats, i % seats) for i in range(games)]


def run(match: Match, games: int, seed: int, workers: int,
        progress: Callable[[Outcome], None] | None = None) -> list[Outcome]:
    """Every game of the schedule, in the schedule's order."""
    jobs = schedule(match, games, seed)
    outcomes: list[Outcome] = []
    results: Iterator[Outcome]
    if workers <= 1:
        results = map(_play, jobs)
        for o in results:
            outcomes.append(o)
            if progress:
                progress(o)
        return outcomes
    with ProcessPoolExecutor(workers) as pool:
        for o in pool.map(_play, jobs, chunksize=1):
            outcomes.append(o)
            if progress:
                progress(o)
    return outcomes


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + Z95 ** 2 / (2 * n)) / (1 + Z95 ** 2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / (1 + Z95 ** 2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def report(match: Match, outcomes: list[Outcome], seed: int) -> dict[str, Any]:
    n = len(outcomes)
    wins = sum(o.win for o in outcomes)
    margins = [o.margin for o in outcomes]
    mean = statistics.fmean(margins) if margins else 0.0
    half = Z95 * statistics.stdev(margins) / math.sqrt(n) if n > 1 else 0.0
    low, high = wilson(wins, n)
    decisions = sum(o.decisions for o in outcomes)
    return {
        "game": match.game, "bot": match.bot, "against": match.against, "players": match.players,
        "expansions": match.expansions, "solo": match.solo, "edition": match.edition, "seed": seed,
        "games": n, "wins": wins, "win_rate": round(wins / n, 4) if n else None,
        "win_rate_95": [round(low, 4), round(high, 4)],
        "mean_margin": round(mean, 2), "mean_margin_95": [round(mean - half, 2), round(mean + half, 2)],
        "ms_per_decision": round(1000 * sum(o.thinking for o in outcomes) / decisions, 1) if decisions else None,
    }
