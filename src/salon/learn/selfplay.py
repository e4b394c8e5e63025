"""Self-play records: positions from games between chosen bots, kept for fitting models.

Each recorded position is a decision of a seat with more than one legal action (a forced
move teaches nothing): the seat's observation vector (the game's encoding, the learning
environments' vectors), its legal actions and the acting bot's choice as indices of the
action table, the hand evaluation of the position for the seat, the search's value of each
action it weighed where the bot is a search, the seat's final margin and rank, and how far
into the game the position is (its progress, 0 to 1: the game's evaluation's ``progress``
where it declares one, else the decision's share of the game's decisions), so that what is
fitted or reported can be told apart by the phase of the game.  Every ``every``-th decision
of a game is kept (neighbouring positions say nearly the same).

The records go to ``.npz`` shards of a folder, a shard a batch of games, written as the games
finish (a run cut short keeps the shards it wrote), each with its layout: the file format,
the encoding's and the action table's versions, the game's config, the bots and the seeds.
A run into a folder that holds shards of the same layout plays only the seeds they lack, so
that a long run stopped (or sharded across machines, by seed ranges) is resumed by running it
again; shards of another layout in the folder are refused rather than mixed.
Vectors are stored as float16: the encodings keep their numbers small, and the data is
dominated by them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

import salon.parallel as parallel
from salon.bots.base import BotSpec, bot_seed
from salon.bots.model import actions_version, config_key, encoding_of
from salon.bots.search import SearchBot
from salon.core.errors import ConfigError
from salon.core.evaluation import evaluation_of
from salon.core.game import Game, game_class

FORMAT = 1
"""The shards' layout: a reader refuses another."""
WEIGHED = 6
"""The most search values kept per position (the search weighs ``keep`` + ``widen`` actions)."""


@dataclass(frozen=True)
class Job:
    game: str
    config: dict[str, Any]
    bots: tuple[BotSpec, ...]
    """The bot of every seat that decides (automated seats play by their rules)."""
    seed: int
    every: int


@dataclass(frozen=True)
class Record:
    """One game's kept positions as arrays of equal length, and its result."""

    seed: int
    observations: npt.NDArray[np.float16]
    legal: list[list[int]]
    chosen: npt.NDArray[np.int32]
    seats: npt.NDArray[np.int8]
    evaluations: npt.NDArray[np.float32]
    weighed: npt.NDArray[np.int32]
    """(positions, WEIGHED) action indices the search weighed, -1 where fewer."""
    values: npt.NDArray[np.float32]
    progress: npt.NDArray[np.float32]
    """How far into the game each position is, from 0 (the start) to 1 (the end)."""
    margins: tuple[float, ...]
    """Every seat's final margin (its score minus the best other)."""
    ranks: tuple[float, ...]
    """Every seat's final rank value: +1 first down to -1 last (shared places share)."""


def new_game(job: Job) -> Game:
    return game_class(job.game).new(job.config, job.seed)


def play(job: Job) -> Record:
    """One self-play game with its kept positions."""
    game = new_game(job)
    players = [s for s in range(game.num_players) if s not in game.description.automated_seats]
    if len(job.bots) != len(players):
        raise ConfigError(f"{len(players)} seats decide in this game: give {len(players)} bots, not {len(job.bots)}")
    bots = {s: spec.make(bot_seed(job.seed, s)) for s, spec in zip(players, job.bots, strict=True)}
    encoding = encoding_of(game)
    evaluation = evaluation_of(game)
    index = {t: i for i, t in enumerate(game.description.action_space)}
    vectors: list[npt.NDArray[np.float32]] = []
    legal: list[list[int]] = []
    chosen: list[int] = []
    seats: list[int] = []
    evaluations: list[float] = []
    weighed: list[list[tuple[int, float]]] = []
    progress: list[float] = []
    decision = 0
    while not game.is_over():
        seat = game.current_player()
        assert seat is not None
        actions = game.legal_actions()
        bot = bots[seat]
        action = bot.choose(game)
        if len(actions) > 1:
            if decision % job.every == 0:
                vectors.append(encoding.vector(game, seat))
                legal.append([index[a] for a in actions])
                chosen.append(index[action])
                seats.append(seat)
                evaluations.append(evaluation.evaluate(game, seat))
                weighed.append([(index[e.action], e.value) for e in bot.estimates][:WEIGHED]
                               if isinstance(bot, SearchBot) else [])
                progress.append(evaluation.progress(game) if evaluation.progress is not None else decision)
            decision += 1
        game.apply(action)
    result = game.result()
    if evaluation.progress is None:  # the decision's index: its share of the game's, now they are counted
        progress = [p / decision for p in progress]
    size = encoding.size
    pairs = np.full((len(weighed), WEIGHED), -1, dtype=np.int32)
    values = np.zeros((len(weighed), WEIGHED), dtype=np.float32)
    for i, row in enumerate(weighed):
        for j, (a, v) in enumerate(row):
            pairs[i, j], values[i, j] = a, v
    return Record(job.seed, np.array(vectors, dtype=np.float16).reshape(len(vectors), size), legal,
                  np.array(chosen, dtype=np.int32), np.array(seats, dtype=np.int8),
                  np.array(evaluations, dtype=np.float32), pairs, values, np.array(progress, dtype=np.float32),
                  tuple(result.margins()), tuple(result.rank_values()))


def layout(game: Game, bots: Sequence[BotSpec]) -> dict[str, Any]:
    """What a shard's numbers mean: checked by the reader against the game it fits."""
    return {"format": FORMAT, "game": game.name, "config": config_key(game),
            "encoding": encoding_of(game).version, "actions": actions_version(game.description.action_space),
            "size": encoding_of(game).size, "table": len(game.description.action_space), "bots": [str(b) for b in bots]}


def write_shard(path: Path, meta: dict[str, Any], records: Sequence[Record]) -> None:
    """One shard of ``records``: positions stacked, each tagged with its game's index."""
    game = np.concatenate([np.full(len(r.chosen), i, dtype=np.int32) for i, r in enumerate(records)])
    table = int(meta["table"])
    masks = np.zeros((len(game), table), dtype=bool)
    row = 0
    for r in records:
        for actions in r.legal:
            masks[row, actions] = True
            row += 1
    seats = np.concatenate([r.seats for r in records]).astype(np.int64)
    margins = np.array([r.margins[s] for r in records for s in r.seats], dtype=np.float32)
    ranks = np.array([r.ranks[s] for r in records for s in r.seats], dtype=np.float32)
    shard = {**meta, "seeds": [r.seed for r in records]}
    tmp = path.with_suffix(".part.npz")
    np.savez_compressed(
        tmp, meta=np.array(json.dumps(shard)), observations=np.concatenate([r.observations for r in records]),
        masks=np.packbits(masks, axis=1), chosen=np.concatenate([r.chosen for r in records]), seats=seats,
        evaluations=np.concatenate([r.evaluations for r in records]),
        weighed=np.concatenate([r.weighed for r in records]), values=np.concatenate([r.values for r in records]),
        margins=margins, ranks=ranks, progress=np.concatenate([r.progress for r in records]), games=game)
    tmp.rename(path)


def recorded(out: Path, meta: dict[str, Any]) -> set[int]:
    """The seeds of the games the shards in ``out`` hold (none for a missing folder); a shard
    of another layout than ``meta`` (another game, config, encoding or bots) is refused."""
    seeds: set[int] = set()
    for path in sorted(out.glob("shard-*.npz")) if out.is_dir() else []:
        if path.name.endswith(".part.npz"):
            continue  # cut short while it was written: its games are played again
        try:
            with np.load(path) as data:
                shard = json.loads(str(data["meta"]))
        except (OSError, ValueError, KeyError) as e:  # json's errors are ValueErrors
            raise ConfigError(f"{path} is not a salon self-play shard ({type(e).__name__}): give another --out") \
                from None
        if {key: shard.get(key) for key in meta} != meta:
            raise ConfigError(f"{path} holds positions of another layout (game, config, encoding or bots): "
                              "give another --out")
        seeds.update(int(s) for s in shard["seeds"])
    return seeds


def remaining(game: str, config: dict[str, Any], bots: Sequence[BotSpec], games: int, seed: int,
              out: Path) -> list[int]:
    """The seeds of the ``games`` from ``seed`` on that ``out``'s shards do not hold yet."""
    done = recorded(out, layout(game_class(game).new(config, seed), bots))
    return [seed + i for i in range(games) if seed + i not in done]


def run(game: str, config: dict[str, Any], bots: Sequence[BotSpec], games: int, seed: int, out: Path, every: int = 2,
        shard: int = 50, workers: int | None = None, backend: str = "local", address: str | None = None,
        done: Callable[[Record], None] | None = None) -> list[Path]:
    """``games`` self-play games from ``seed`` on, less those ``out`` holds already, written
    to shards of ``shard`` games in ``out``; the new shards' paths."""
    if every < 1 or shard < 1:
        raise ConfigError("--every and --shard are counts: 1 or more")
    probe = game_class(game).new(config, seed)
    meta = layout(probe, bots)
    jobs = [Job(game, config, tuple(bots), s, every) for s in remaining(game, config, bots, games, seed, out)]
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    batch: list[Record] = []

    def finished(record: Record) -> None:
        batch.append(record)
        if done is not None:
            done(record)
        if len(batch) == shard:
            flush()

    def flush() -> None:
        if batch:
            path = out / f"shard-{batch[0].seed:08d}.npz"
            write_shard(path, meta, batch)
            written.append(path)
            batch.clear()

    try:
        for record in parallel.each(play, jobs, workers, backend, address):
            finished(record)
    finally:
        flush()
    return written
