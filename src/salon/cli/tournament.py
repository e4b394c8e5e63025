"""Rated tournaments between bot kinds, which ``salon tournament`` runs (salon.cli.commands.tournament).

The entrants (bot specs) are seated in balanced rotations: the games come in blocks of one
seed each, as many games as there are entrants; within a block the line-up (the entrants in
an order drawn from the tournament's seed, repeated to fill the seats) is rotated one seat
each game, so every entrant sits every seat equally often on the same deal.  The games run
in parallel (salon.parallel) and are rated in their order with openskill's Plackett-Luce
model from the final ranking (a shared place is a tie), so a tournament is reproducible for a
seed whatever the workers or backend.  Where an entrant fills several seats of one game, each
copy is rated as a player of its own and the entrant takes the mean of the copies' ratings.
The table gives each entrant's rating (mu), its uncertainty (sigma), its share of wins (a
shared first place counts as its share) and of each place.
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from salon import parallel
from salon.bots.base import BotSpec, bot_seed
from salon.cli.common import game_config
from salon.core.errors import ConfigError, SalonError
from salon.core.game import Game, game_class
from salon.core.rng import Rng, derive_seed

ROTATION_KEY = 0x70E5
"""The stream of the tournament's seed that orders each block's line-up."""


@dataclass(frozen=True)
class Tournament:
    game: str
    entrants: tuple[BotSpec, ...]
    players: int
    expansions: str | None = None
    edition: str | None = None

    def config(self) -> dict[str, Any]:
        return game_config(self.players, self.expansions, False, self.edition)


@dataclass(frozen=True)
class Played:
    """One game: the entrant of every seat and the result."""

    index: int
    seed: int
    lineup: tuple[int, ...]
    scores: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]
    winners: tuple[int, ...]


class GameFailed(SalonError):
    """A game of the tournament broke off (a bot's defect): which one, on one line."""


def schedule(t: Tournament, games: int, seed: int) -> list[tuple[Tournament, int, int, tuple[int, ...]]]:
    """Every game's (tournament, index, seed, entrant index of every seat)."""
    k = len(t.entrants)
    jobs = []
    order: list[int] = []
    for i in range(games):
        block, turn = divmod(i, k)
        if turn == 0:
            rng = Rng(derive_seed(seed + block, ROTATION_KEY))
            order = list(range(k))
            rng.shuffle(order)
        lineup = tuple(order[(turn + s) % k] for s in range(t.players))
        jobs.append((t, i, seed + block, lineup))
    return jobs


def play(job: tuple[Tournament, int, int, tuple[int, ...]]) -> Played:
    """One game of the schedule (a module-level function, for worker processes)."""
    t, index, seed, lineup = job
    try:
        game = game_class(t.game).new(t.config(), seed)
        bots = [t.entrants[e].make(bot_seed(seed, s)) for s, e in enumerate(lineup)]
        while not game.is_over():
            seat = game.current_player()
            assert seat is not None
            game.apply(bots[seat].choose(game))
        result = game.result()
    except Exception as e:
        raise GameFailed(f"game {index} (seed {seed}) broke off: {type(e).__name__}: {e}") from None
    return Played(index, seed, lineup, tuple(result.scores), tuple(tuple(g) for g in result.ranking),
                  tuple(result.winners))


def rate(entrants: Sequence[str], players: int, played: list[Played]) -> list[dict[str, Any]]:
    """Every entrant's rating after the games in their order, with its win and place shares:
    ``entrants`` are the names its rows give, in the order the line-ups number them."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    k = len(entrants)
    ratings = [model.rating(name=name) for name in entrants]
    appearances = [0] * k
    wins = [0.0] * k
    places = [[0.0] * players for _ in range(k)]
    for p in played:
        place_of: dict[int, int] = {}
        spanned: dict[int, list[int]] = {}
        at = 0
        for group in p.ranking:
            for s in group:
                place_of[s] = at
                spanned[s] = list(range(at, at + len(group)))
            at += len(group)
        seats = range(len(p.lineup))
        teams = [[model.rating(mu=ratings[p.lineup[s]].mu, sigma=ratings[p.lineup[s]].sigma)] for s in seats]
        rated = model.rate(teams, ranks=[place_of[s] for s in seats])
        for e in set(p.lineup):
            copies = [rated[s][0] for s in seats if p.lineup[s] == e]
            ratings[e] = model.rating(mu=sum(c.mu for c in copies) / len(copies),
                                      sigma=sum(c.sigma for c in copies) / len(copies), name=entrants[e])
        for s in seats:
            e = p.lineup[s]
            appearances[e] += 1
            if s in p.winners:
                wins[e] += 1 / len(p.winners)
            for place in spanned[s]:
                places[e][place] += 1 / len(spanned[s])
    rows = []
    for e in sorted(range(k), key=lambda e: (-round(ratings[e].mu, 3), entrants[e])):
        name = entrants[e]
        n = max(appearances[e], 1)
        rows.append({
            "entrant": name, "rating": round(ratings[e].mu, 3), "uncertainty": round(ratings[e].sigma, 3),
            "ordinal": round(ratings[e].ordinal(), 3), "seats_played": appearances[e],
            "win_share": round(wins[e] / n, 4),
            "place_shares": [round(v / n, 4) for v in places[e]],
        })
    return rows


def run(t: Tournament, games: int, seed: int, workers: int | None = 1, backend: str = "local",
        address: str | None = None, done: Any = None) -> dict[str, Any]:
    """Play and rate a tournament: its report as JSON-ready data."""
    played = parallel.run(play, schedule(t, games, seed), workers, backend, address, done)
    names = [str(e) for e in t.entrants]
    return {
        "game": t.game, "entrants": names, "players": t.players, "games": games, "seed": seed,
        "config": game_class(t.game).new(t.config(), seed).config_json(),
        "ratings": rate(names, t.players, played),
        "results": [{"seed": p.seed, "lineup": [names[e] for e in p.lineup], "scores": list(p.scores)}
                    for p in played],
    }


def write_csv(path: Path, rows: list[dict[str, Any]], players: int) -> None:
    with path.open("w", newline="", encoding="utf-8") as f:
        out = csv.writer(f)
        out.writerow(["entrant", "rating", "uncertainty", "ordinal", "seats_played", "win_share",
                      *(f"place_{i + 1}" for i in range(players))])
        for r in rows:
            out.writerow([r["entrant"], r["rating"], r["uncertainty"], r["ordinal"], r["seats_played"],
                          r["win_share"], *r["place_shares"]])


def bot_specs(given: str, option: str, why_once: str, game: Game) -> tuple[BotSpec, ...]:
    """The bots of a comma-separated option, each spec read here once and checked as able to
    play ``game``'s config, and each given once (why it must be once, in the option's terms)."""
    specs = []
    for text in (b.strip() for b in given.split(",")):
        if not text:
            raise ConfigError(f"{option}: an empty bot name")
        spec = BotSpec.parse(text)
        spec.check(game)
        specs.append(spec)
    if len({str(spec) for spec in specs}) != len(specs):
        raise ConfigError(f"{option}: each bot once ({why_once})")
    return tuple(specs)
