"""How strong one bot is against another: ``salon strength``.

Game ``i`` uses the seed ``seed + i // players`` and seats the measured bot at ``i % players``
(every other seat is the opponent bot), so each seed is played once from every seat: the
luck of the deal and of the seat weighs the same on both sides (paired seeds, seats
swapped).  In the solo mode the measured bot plays the game's own opponent.  A game is won
when the measured bot is among the winners (a shared first place counts as its share), its
margin is its score minus the best other score.  The report gives the win rate with its
95% Wilson interval, the mean margin with its 95% interval, the Elo difference with its 95%
interval (salon.bots.sprt: each seed's block of games one sample), and the measured bot's
think time.  With a sequential test (SPRT) the games stop as soon as it decides.  Games run
in ``workers`` processes; the figures do not depend on their number.

A games file holds the measurement it belongs to on its first line, then a line for each
finished game in the schedule's order, so that a run cut short (a time limit, a closed
terminal) is resumed by the same command: it plays only the games the file lacks and reports
on all of them, as if it had never stopped.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import statistics
import time
import typing
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from salon.bots.base import BotSpec, bot_seed
from salon.bots.sprt import Sprt, elo_interval
from salon.cli.common import game_config
from salon.core.errors import SalonError
from salon.core.game import game_class
from salon.parallel import tune_collector

Z95 = 1.959964


@dataclass(frozen=True)
class Match:
    game: str
    bot: BotSpec
    against: BotSpec
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
    bots = {s: (match.bot if s == seat else match.against).make(bot_seed(seed, s))
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


class GamesFileError(SalonError):
    """A games file that a run cannot resume (another measurement's, or not one at all): why,
    on one line; the file is left as it was."""


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


def block_size(match: Match) -> int:
    """The games of one seed: one from each seat of the measured bot (one in the solo mode)."""
    return 1 if match.solo else match.players


def opponents(match: Match) -> int:
    """The opponents a game's win share is taken against, for its Elo: the game's own
    opponent in the solo mode, every other seat otherwise."""
    return 1 if match.solo else match.players - 1


def block_scores(match: Match, outcomes: list[Outcome]) -> list[float]:
    """The measured bot's mean win share on each seed, in the schedule's order (a run cut
    inside a seed's block counts the games it played there as that seed's block)."""
    size = block_size(match)
    return [statistics.fmean(o.win for o in outcomes[i:i + size]) for i in range(0, len(outcomes), size)]


def _games(match: Match, games: int, seed: int, workers: int, start: int) -> Generator[Outcome, None, None]:
    """The games of the schedule from its ``start``-th as each is known, in the schedule's
    order; closing the iterator early cancels the games not yet begun (those under way are
    let finish)."""
    jobs = schedule(match, games, seed)[start:]
    if workers <= 1:
        yield from map(_play, jobs)
        return
    pool = ProcessPoolExecutor(workers, initializer=tune_collector)
    try:
        yield from pool.map(_play, jobs, chunksize=1)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def run(match: Match, games: int, seed: int, workers: int,
        progress: Callable[[Outcome], None] | None = None, test: Sprt | None = None,
        earlier: Sequence[Outcome] = ()) -> list[Outcome]:
    """Every game of the schedule, in the schedule's order; with a sequential ``test``, each
    seed's finished block updates it, and the run stops at its verdict (``games`` is then
    the most it plays).  The ``earlier`` games, the schedule's first ones played by a run cut
    short, count as if just played (``progress`` hears of the new ones only), so that a
    resumed run reports, and stops, where one that never stopped would have."""
    size = block_size(match)
    earlier = earlier[:games]
    outcomes: list[Outcome] = []
    results = _games(match, games, seed, workers, len(earlier))
    try:
        for o in itertools.chain(earlier, results):
            outcomes.append(o)
            if progress and len(outcomes) > len(earlier):
                progress(o)
            if test is not None and len(outcomes) % size == 0:
                test.update(statistics.fmean(x.win for x in outcomes[-size:]))
                if test.state().verdict is not None:
                    break
    finally:
        results.close()
    return outcomes


def games_file_header(match: Match, seed: int) -> dict[str, Any]:
    """The first line of a games file: the measurement its games belong to."""
    return {"measurement": {"game": match.game, "bot": str(match.bot), "against": str(match.against),
                            "players": match.players, "expansions": match.expansions, "solo": match.solo,
                            "edition": match.edition, "seed": seed}}


def _outcome(line: str) -> Outcome:
    """One game's line, or ValueError where it is not one (a number of the wrong kind too)."""
    data = json.loads(line)
    kinds = typing.get_type_hints(Outcome)
    if not isinstance(data, dict) or data.keys() != kinds.keys():
        raise ValueError("not a game's line")
    for key, kind in kinds.items():
        allowed = (int, float) if kind is float else (kind,)
        if isinstance(data[key], bool) or not isinstance(data[key], allowed):
            raise ValueError(f"{key} is not a number of its kind")
    return Outcome(**data)


def resume(path: Path, match: Match, seed: int) -> list[Outcome]:
    """The games an earlier run of this measurement left in ``path``, after which new ones
    can be appended: a new or empty file gets the header line; a line cut off by a run
    killed as it wrote is dropped.  A file of another measurement, or of anything else, is
    refused whole (GamesFileError, one line) and left as it was."""
    try:
        raw = path.read_bytes() if path.exists() else b""
        if not raw.strip():
            path.write_text(json.dumps(games_file_header(match, seed)) + "\n", "utf-8")
            return []
    except OSError as e:
        raise GamesFileError(f"{path}: {e.strerror or e}") from None
    complete = raw[:raw.rfind(b"\n") + 1]
    lines = complete.decode("utf-8", errors="replace").splitlines()
    try:
        header = json.loads(lines[0]) if lines else None
    except ValueError:
        header = None
    want = games_file_header(match, seed)["measurement"]
    if not isinstance(header, dict) or not isinstance(header.get("measurement"), dict):
        raise GamesFileError(f"{path} is not a games file of salon strength: give another --games-file")
    if header["measurement"] != want:
        differ = ", ".join(f"{key} {header['measurement'].get(key)!r}, not {value!r}"
                           for key, value in want.items() if header["measurement"].get(key) != value)
        raise GamesFileError(f"{path} holds the games of another measurement ({differ}): "
                             "give another --games-file, or the options that wrote it")
    outcomes: list[Outcome] = []
    for number, line in enumerate(lines[1:], start=2):
        try:
            outcomes.append(_outcome(line))
        except (ValueError, TypeError):
            raise GamesFileError(f"{path}, line {number}: not a game of salon strength") from None
    expected = [(s, seat) for _, s, seat in schedule(match, len(outcomes), seed)]
    if [(o.seed, o.seat) for o in outcomes] != expected:
        raise GamesFileError(f"{path}: its games are not the first {len(outcomes)} of this measurement's schedule")
    if len(complete) < len(raw):
        os.truncate(path, len(complete))
    return outcomes


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + Z95 ** 2 / (2 * n)) / (1 + Z95 ** 2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / (1 + Z95 ** 2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _tenths(elo: float) -> float:
    """An Elo rounded to tenths, never -0.0 (an even score a rounding error below 0)."""
    return round(elo, 1) + 0.0


def sprt_report(test: Sprt) -> dict[str, Any]:
    """A sequential test's figures, its verdict "inconclusive" where the games ran out first."""
    state = test.state()
    return {"elo0": test.elo0, "elo1": test.elo1, "alpha": test.alpha, "beta": test.beta,
            "llr": round(state.llr, 4), "bounds": [round(state.lower, 4), round(state.upper, 4)],
            "verdict": state.verdict or "inconclusive"}


def report(match: Match, outcomes: list[Outcome], seed: int, test: Sprt | None = None) -> dict[str, Any]:
    n = len(outcomes)
    wins = sum(o.win for o in outcomes)
    margins = [o.margin for o in outcomes]
    mean = statistics.fmean(margins) if margins else 0.0
    half = Z95 * statistics.stdev(margins) / math.sqrt(n) if n > 1 else 0.0
    low, high = wilson(wins, n)
    elo, elo_low, elo_high = elo_interval(block_scores(match, outcomes), opponents(match))
    decisions = sum(o.decisions for o in outcomes)
    data = {
        "game": match.game, "bot": str(match.bot), "against": str(match.against), "players": match.players,
        "expansions": match.expansions, "solo": match.solo, "edition": match.edition, "seed": seed,
        "games": n, "wins": wins, "win_rate": round(wins / n, 4) if n else None,
        "win_rate_95": [round(low, 4), round(high, 4)],
        "mean_margin": round(mean, 2), "mean_margin_95": [round(mean - half, 2), round(mean + half, 2)],
        "elo": _tenths(elo), "elo_95": [_tenths(elo_low), _tenths(elo_high)],
        "ms_per_decision": round(1000 * sum(o.thinking for o in outcomes) / decisions, 1) if decisions else None,
    }
    if test is not None:
        data["sprt"] = sprt_report(test)
    return data
