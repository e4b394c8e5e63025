"""Bot-against-bot games with every invariant checked after every action.

Game ``i`` uses seed ``seed + i`` and its bots are seeded from it, so a run is reproducible
and a failing game can be replayed alone; the games may run in several processes or on a
Ray cluster (salon.parallel) and are merged in their order, so the report is the same.  An
exception inside a game is counted as an error and the run goes on with the next game.  A
seat the game plays by itself (the solo opponent) needs no bot: it is reported under its own
name, with its scores and wins like any seat.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from salon import parallel
from salon.bots.base import BotSpec, bot_seed
from salon.cli.common import config_edition, config_expansions, game_config, seat_names
from salon.cli.support import support
from salon.core.game import game_class
from salon.i18n import text
from salon.parallel import check_backend, check_workers

MAX_DECISIONS = 100_000
"""A game still running after this many decisions is stuck: it counts as an error."""
EXAMPLES = 5
"""How many errors and violations the report quotes."""


@dataclass
class Report:
    game: str
    players: int
    """The players the bots play (the automatic seats not counted)."""
    bots: list[str]
    """The bot of every seat (its spec's text); an automatic seat's own name."""
    seed: int
    expansions: list[str] = field(default_factory=list)
    edition: str | None = None
    automatic: dict[int, str] = field(default_factory=dict)
    tie_rule: str | None = None
    config: dict[str, Any] = field(default_factory=dict)
    """The full config every game played (edition, solo mode, rulings' options ...)."""
    games: int = 0
    completed: int = 0
    errors: int = 0
    invariant_violations: int = 0
    decisions: int = 0
    seconds: float = 0.0
    score_sum: list[int] = field(default_factory=list)
    wins: list[float] = field(default_factory=list)
    error_examples: list[str] = field(default_factory=list)
    violation_examples: list[str] = field(default_factory=list)

    def labels(self) -> list[str]:
        """The seat column of the table: the seat number, or an automatic seat's name."""
        return [text(f"player.{self.automatic[s]}") if s in self.automatic else str(s + 1)
                for s in range(len(self.bots))]

    def to_json(self) -> dict[str, Any]:
        done = max(self.completed, 1)
        return {
            "game": self.game,
            "players": self.players,
            "bots": self.bots,
            "seed": self.seed,
            "expansions": self.expansions,
            "config": self.config,
            "games": self.games,
            "completed": self.completed,
            "errors": self.errors,
            "invariant_violations": self.invariant_violations,
            "wins": [round(w, 6) for w in self.wins],
            "win_rate": [round(w / done, 6) for w in self.wins],
            "mean_score": [round(s / done, 4) for s in self.score_sum],
            "mean_decisions": round(self.decisions / max(self.games, 1), 2),
            "seconds": round(self.seconds, 3),
            "games_per_s": round(self.games / self.seconds, 2) if self.seconds else None,
            "error_examples": self.error_examples,
            "violation_examples": self.violation_examples,
        }


class _Broken(Exception):
    """A game that cannot go on (no legal action before the end, or no end at all)."""


@dataclass(frozen=True)
class Table:
    """What every game of a run shares: the game, its config and the bot of every seat."""

    name: str
    config: dict[str, Any]
    bots: tuple[BotSpec | None, ...]
    """The bot of every seat; None for a seat the game plays itself."""


@dataclass(frozen=True)
class Outcome:
    """One game's share of the report, merged in the games' order."""

    index: int
    seed: int
    decisions: int
    scores: tuple[int, ...] | None = None
    winners: tuple[int, ...] = ()
    error: str | None = None
    violations: tuple[str, ...] = ()


def play_game(job: tuple[Table, int, int]) -> Outcome:
    """Game ``index`` of a run, played with seed ``game_seed``, every invariant checked after
    every action; a module-level function, so that worker processes can run it."""
    table, index, game_seed = job
    cls = game_class(table.name)
    violations: list[str] = []
    decisions = 0
    try:
        game = cls.new(table.config, game_seed)
        seat_bots = {s: b.make(bot_seed(game_seed, s)) for s, b in enumerate(table.bots) if b is not None}
        while not game.is_over():
            if not game.legal_actions():
                violations.append(f"no legal action at decision {decisions + 1} before the end")
                raise _Broken(violations[-1])
            if decisions >= MAX_DECISIONS:
                raise _Broken(f"no end after {MAX_DECISIONS} decisions")
            seat = game.current_player()
            assert seat is not None
            action = seat_bots[seat].choose(game)
            before = game.clone()
            events = game.apply(action)
            decisions += 1
            found = game.violations(before, events)
            violations += [f"after decision {decisions} ({action}): {v}" for v in found]
        result = game.result()
        return Outcome(index, game_seed, decisions, tuple(result.scores), tuple(result.winners),
                       violations=tuple(violations))
    except Exception as e:  # any failure of one game is reported; the run goes on
        detail = f"{type(e).__name__}: {e}" if not isinstance(e, _Broken) else str(e)
        return Outcome(index, game_seed, decisions, error=f"decision {decisions + 1}: {detail}",
                       violations=tuple(violations))


def merge(report: Report, o: Outcome) -> None:
    """Add one game's outcome to the report (in the games' order, so that sums and quoted
    examples are the same however the games were spread over workers)."""
    report.games += 1
    if o.error is None and o.scores is not None:
        report.completed += 1
        for s, score in enumerate(o.scores):
            report.score_sum[s] += score
        for w in o.winners:
            report.wins[w] += 1 / len(o.winners)
    else:
        report.errors += 1
        if len(report.error_examples) < EXAMPLES:
            report.error_examples.append(f"game {o.index} (seed {o.seed}), {o.error}")
    report.decisions += o.decisions
    report.invariant_violations += len(o.violations)
    for v in o.violations[: max(0, EXAMPLES - len(report.violation_examples))]:
        report.violation_examples.append(f"game {o.index} (seed {o.seed}) {v}")


def simulate(name: str, games: int, players: int, bots: list[BotSpec], seed: int,
             advance: Callable[[], None] = lambda: None, expansions: str | None = None, solo: bool = False,
             edition: str | None = None, workers: int | None = 1, backend: str = "local",
             address: str | None = None) -> Report:
    """``bots`` names the bot of every player seat, the automatic seats left out.  The games
    are played by ``workers`` processes (None: one per core) or on a Ray cluster
    (salon.parallel); the report is the same for any number of them but for its time."""
    workers = check_workers(workers)
    check_backend(backend, address)
    cls = game_class(name)
    sup = support(name)
    config = game_config(players, expansions, solo, edition)
    first = cls.new(config, seed)  # a bad config fails the run, not every game
    automatic = first.description.automated_seats
    every = seat_names(first.num_players, [str(b) for b in bots], automatic)
    seats = first.num_players
    report = Report(name, players, every, seed, config_expansions(first), config_edition(first), automatic,
                    sup.tie_rule(first), first.config_json(), score_sum=[0] * seats,
                    wins=[0.0] * seats)
    given = iter(bots)
    table = Table(name, config, tuple(None if s in automatic else next(given) for s in range(seats)))
    jobs = [(table, i, seed + i) for i in range(games)]
    start = time.perf_counter()

    def done(outcome: Outcome) -> None:
        merge(report, outcome)
        advance()

    parallel.run(play_game, jobs, workers, backend, address, done)
    report.seconds = time.perf_counter() - start
    return report
