"""A rated pool of bots: ``salon ladder``.

Why a ladder: ``salon strength`` sets one bot against one other, and a tournament rates
whoever enters it against each other only, so a figure moves whenever the bots it was
measured against change.  A ladder places every bot of a pool on one scale that holds
anchors whose strength does not move when the salon bots do: the random bot, the search bot
frozen under the name ``search-v1``, OpenSpiel's IS-MCTS (``ismcts``, which knows nothing of
the salon bots' look-ahead and evaluation) and, in the solo mode, the game's own opponent
(Madame du Barry in Rococo), whose rules never change.

The ladder: every pair of the pool plays ``games`` games on the seeds ``seed``, ``seed + 1``,
... (every pair is dealt the same games), each seed twice with the seats swapped: the
tournament's rotation of two entrants (salon.cli.tournament.schedule).  With more than two
players the pair's two bots take the seats alternately, so each sits every seat equally
often, and the copies of one bot in a game are rated as the tournament rates them.  The games
are taken round by round (every pair's first game, then every pair's second, ...) and rated
in that order with the tournament's Plackett-Luce rating, so that no pair's games all come
before another's; the order is the schedule's, so a ladder is the same for a seed whatever
the workers or the backend.

The solo ladder (``--solo``): every bot plays ``games`` solo games on the same seeds; each is
rated as a game of two entrants, the bot and the game's own opponent, who stands on the
ladder with them.

A row gives the rating (mu), its uncertainty (sigma), the ordinal ``mu - 3 sigma`` (a rating
the bot is very likely above; the ladder's order), the games played, the share won (a shared
first place counts as its share; with copies, the game is won when a copy wins) with its 95%
Wilson interval, and the mean margin (the bot's best score minus the best score of the other
bot).  ``pairings`` gives the same for each pair, from its first bot's side: in the solo mode
each bot's record against the game's opponent.
"""

from __future__ import annotations

import dataclasses
import itertools
import statistics
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from salon import parallel
from salon.bots.base import BotSpec
from salon.cli.common import game_config
from salon.cli.strength import wilson
from salon.cli.tournament import Played, Tournament, bot_specs, play, rate, schedule
from salon.core.errors import ConfigError
from salon.core.game import Game, game_class

DEFAULT_POOL = ("random", "ppo", "easy", "normal", "search-v1:iterations=3", "ismcts:simulations=50")
"""The pool without ``--pool``, weakest first as far as known; a member whose extra is not
installed (``ismcts`` needs the rl extra) or that cannot play the ladder's config (``ppo`` has
policies for some configs only) is left out."""
LEFT_OUT = ("error.bot_extra", "error.bot_config")
"""Why a member of the default pool may be left out."""

Job = tuple[Tournament, int, int, tuple[int, ...]]


class SoloTournament(Tournament):
    """The solo games of a ladder, played by the tournament's :func:`play`: the line-up names
    a bot for every seat, and the game's own opponent plays its seat inside the engine, so the
    bot made for that seat is never asked."""

    def config(self) -> dict[str, Any]:
        return game_config(1, self.expansions, True, self.edition)


@dataclass(frozen=True)
class Ladder:
    game: str
    pool: tuple[BotSpec, ...]
    players: int = 2
    solo: bool = False
    expansions: str | None = None
    edition: str | None = None

    def tournament(self) -> Tournament:
        """The pool as the tournament's entrants: a line-up's numbers are places in the pool."""
        if self.solo:
            return SoloTournament(self.game, self.pool, 1, self.expansions, self.edition)
        return Tournament(self.game, self.pool, self.players, self.expansions, self.edition)

    def opponent(self) -> str | None:
        """The game's own opponent as an entrant (``madame-du-barry``), in the solo mode."""
        if not self.solo:
            return None
        automated = game_class(self.game).describe(self.tournament().config()).automated_seats
        return "-".join(sorted(set(automated.values()))).replace("_", "-")

    def total(self, games: int) -> int:
        """How many games the ladder plays: ``games`` for each pair, or for each bot in the solo mode."""
        k = len(self.pool)
        return k * games if self.solo else k * (k - 1) // 2 * games

    def command(self, games: int, seed: int) -> str:
        """The command that plays this ladder again."""
        parts = ["salon ladder", self.game, "--pool", ",".join(map(str, self.pool))]
        parts += ["--solo"] if self.solo else ["--players", str(self.players)]
        parts += ["--games", str(games), "--seed", str(seed)]
        parts += ["--expansions", self.expansions] if self.expansions is not None else []
        parts += ["--edition", self.edition] if self.edition is not None else []
        return " ".join(parts)


def jobs(ladder: Ladder, games: int, seed: int) -> list[Job]:
    """Every game of the ladder in its rating order: round by round, each pair (or each bot,
    in the solo mode) in the pool's order."""
    t = ladder.tournament()
    if ladder.solo:
        seats = game_class(ladder.game).new(t.config(), seed).num_players
        rounds = [[(seed + g, (b,) * seats) for b in range(len(ladder.pool))] for g in range(games)]
    else:
        pairs = list(itertools.combinations(range(len(ladder.pool)), 2))
        scheduled = [schedule(dataclasses.replace(t, entrants=(ladder.pool[a], ladder.pool[b])), games, seed)
                     for a, b in pairs]
        rounds = [[(s, tuple(pair[e] for e in lineup)) for pair, (*_, s, lineup) in
                   zip(pairs, (games_of_pair[g] for games_of_pair in scheduled), strict=True)]
                  for g in range(games)]
    ordered = [game for round_ in rounds for game in round_]
    return [(t, i, s, lineup) for i, (s, lineup) in enumerate(ordered)]


def _rated(ladder: Ladder, played: list[Played]) -> tuple[tuple[str, ...], list[Played]]:
    """The entrants' names and the games as the rating sees them: in the solo mode the game's
    own opponent is one more entrant, in its seats."""
    opponent = ladder.opponent()
    names = tuple(str(b) for b in ladder.pool)
    if opponent is None:
        return names, played
    k = len(ladder.pool)
    automated = game_class(ladder.game).describe(ladder.tournament().config()).automated_seats
    return (*names, opponent), [
        dataclasses.replace(p, lineup=tuple(k if s in automated else e for s, e in enumerate(p.lineup)))
        for p in played]


def _record(wins: float, margins: list[float]) -> dict[str, Any]:
    """Games, share won with its 95% interval, and mean margin."""
    n = len(margins)
    low, high = wilson(wins, n)
    return {"games": n, "win_share": round(wins / n, 4) if n else None, "win_share_95": [round(low, 4), round(high, 4)],
            "mean_margin": round(statistics.fmean(margins), 2) if n else None}


def report(ladder: Ladder, games: int, seed: int, played: list[Played]) -> dict[str, Any]:
    """The ladder's report as JSON-ready data, from the games played so far (in their order)."""
    entrants, rated = _rated(ladder, played)
    seats = max((len(p.lineup) for p in rated), default=ladder.players)
    ratings = {r["entrant"]: r for r in rate(entrants, seats, rated)}
    wins = [0.0] * len(entrants)
    margins: list[list[float]] = [[] for _ in entrants]
    pair_wins: dict[tuple[int, int], float] = {}
    pair_margins: dict[tuple[int, int], list[float]] = {}
    for p in rated:
        present = sorted(set(p.lineup))
        for e in present:
            mine = [s for s, held in enumerate(p.lineup) if held == e]
            wins[e] += sum(1 for s in mine if s in p.winners) / len(p.winners)
            margins[e].append(max(p.scores[s] for s in mine) -
                              max(v for s, v in enumerate(p.scores) if p.lineup[s] != e))
        a, b = present
        pair_wins[a, b] = pair_wins.get((a, b), 0.0) + sum(1 for s in p.winners if p.lineup[s] == a) / len(p.winners)
        pair_margins.setdefault((a, b), []).append(margins[a][-1])
    rows = []
    for e, name in enumerate(entrants):
        r = ratings[name]
        rows.append({"bot": name, "mu": r["rating"], "sigma": r["uncertainty"], "ordinal": r["ordinal"],
                     **_record(wins[e], margins[e])})
    rows.sort(key=lambda r: (-r["ordinal"], r["bot"]))
    pairings = []
    for (a, b), ms in sorted(pair_margins.items()):
        record = _record(pair_wins[a, b], ms)
        pairings.append({"a": entrants[a], "b": entrants[b], "games": record["games"],
                         "a_win_share": record["win_share"], "a_win_share_95": record["win_share_95"],
                         "a_mean_margin": record["mean_margin"]})
    return {
        "game": ladder.game, "players": ladder.players, "solo": ladder.solo,
        "expansions": ladder.expansions, "edition": ladder.edition, "seed": seed, "games_per_pairing": games,
        "pool": [str(b) for b in ladder.pool], "opponent": ladder.opponent(), "command": ladder.command(games, seed),
        "games_played": len(played), "complete": len(played) == ladder.total(games), "rows": rows, "pairings": pairings,
    }


def run(ladder: Ladder, games: int, seed: int, workers: int | None = 1, backend: str = "local",
        address: str | None = None, done: Callable[[Played], None] | None = None) -> dict[str, Any]:
    """Play and rate a ladder: its report; ``done`` is told of each game in the rating order."""
    return report(ladder, games, seed, parallel.run(play, jobs(ladder, games, seed), workers, backend, address, done))


def pool_of(given: str | None, game: Game) -> tuple[BotSpec, ...]:
    """The pool ``--pool`` names (every member checked: ConfigError for one that cannot be
    made or cannot play ``game``'s config), or the default pool less the members whose extra
    is not installed or that cannot play it; each spec read here once."""
    if given is None:
        pool = []
        for text in DEFAULT_POOL:
            try:
                spec = BotSpec.parse(text)
                spec.check(game)
            except ConfigError as e:
                if e.key not in LEFT_OUT:
                    raise
                continue
            pool.append(spec)
        return tuple(pool)
    return bot_specs(given, "--pool", "a bot's ratings are one row of the ladder", game)
