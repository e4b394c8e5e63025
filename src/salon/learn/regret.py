"""A regret set: positions scored once by an expensive reference search, on which a variant of
a bot is screened in minutes by its mean regret, before games (``salon strength --sprt``)
confirm what the screen suggests.

Why.  Games tell strength apart only by the hundred: a game's result mixes dozens of
decisions with the luck of the deal.  A decision's regret is the reference's value of its best
action minus the value of the action chosen, in the reference's unit (with ``win=1`` the
chance of finishing first, else the game's points); every variant is asked the very same
positions, so two variants are compared position by position, and a change that moves the
mean regret is seen on a few hundred decisions at a fraction of a game's cost.

The positions.  Game ``seed + i`` is played by the generating bots; one of its decisions with
more than one legal action, drawn uniformly from the game's own seed, becomes position ``i``:
its seed, the actions that lead to it (the game replays them exactly), the deciding seat, and
every legal action's value by the reference, a search (salon.bots.search) that plays every
legal action in the same sampled worlds (``keep`` is widened to them all; halving would leave
some actions with fewer worlds, so it is refused).  The set is a JSON-lines file: a header
with its format, game, config, generator and reference, then a position a line.
"""

from __future__ import annotations

import json
import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import salon.parallel as parallel
from salon.bots.base import BotSpec, bot_seed
from salon.bots.search import SearchBot
from salon.core.errors import ConfigError, SalonError
from salon.core.game import Game, game_class
from salon.core.rng import derive_seed

FORMAT = 1
"""The file's layout: a reader refuses another."""
REFERENCE = "search:iterations=32:turns=2:win=1"
"""The default reference: every legal action in 32 sampled worlds, play-outs through two more
of the seat's turns, judged by the chance of finishing first."""
GENERATOR = "heuristic:temperature=0.5:samples=0"
"""The default bots of the games the positions come from: the look-ahead with softmax noise,
so that the positions are those a sound player meets, and varied."""
Z95 = 1.959964
TIE = 1e-9
"""Values this close count as equal (the best action shared)."""


@dataclass(frozen=True)
class Position:
    """One decision and the reference's value of every legal action there."""

    seed: int
    history: tuple[str, ...]
    """The actions from the game's start to the decision."""
    seat: int
    values: dict[str, float]
    worlds: int
    """How many worlds the reference played every action in."""

    def regret(self, action: str) -> float:
        """What choosing ``action`` gives up against the reference's best."""
        if action not in self.values:
            raise SalonError(f"the action {action!r} is not one of the position's legal actions")
        return max(self.values.values()) - self.values[action]


@dataclass(frozen=True)
class RegretSet:
    """The positions of one game config, scored by one reference."""

    game: str
    config: dict[str, Any]
    generator: str
    reference: str
    unit: str
    """What the values are: ``win`` (the chance of finishing first) or ``points`` (the margin)."""
    positions: list[Position] = field(default_factory=list)

    def replay(self, position: Position) -> Game:
        """The game at ``position``, replayed from its seed; SalonError where the file's actions
        do not replay to a decision of its seat (a file edited or of another engine)."""
        game = replay(self.game, self.config, position.seed, position.history)
        if game.current_player() != position.seat or set(game.legal_actions()) != set(position.values):
            raise SalonError(f"the position of seed {position.seed} does not replay to its decision: "
                             "the file was edited, or made by another version of the rules")
        return game

    def header(self) -> str:
        """The file's first line: what every position of it shares."""
        return json.dumps({"format": FORMAT, "game": self.game, "config": self.config, "generator": self.generator,
                           "reference": self.reference, "unit": self.unit})

    def save(self, path: Path) -> None:
        """The whole set, its positions in the order of their seeds."""
        lines = [self.header(), *(line(p) for p in sorted(self.positions, key=lambda p: p.seed))]
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")

    def resume(self, path: Path) -> list[Position]:
        """The positions ``path`` already holds of this set, to build only the others; a file
        begun with this set's header where there is none.  ConfigError for a file of another
        game, config, generator or reference, which is left as it was."""
        if not path.exists():
            try:
                path.write_text(self.header() + "\n", encoding="utf-8")
            except OSError as e:
                raise ConfigError(f"{path}: cannot be written ({e.strerror})") from None
            return []
        held = RegretSet.load(path)
        if held.header() != self.header():
            raise ConfigError(f"{path} holds a regret set of another game, config, generator or reference "
                              f"({held.game}, generator {held.generator}, reference {held.reference}): "
                              "give another --out, or remove it")
        return held.positions

    @staticmethod
    def load(path: Path) -> RegretSet:
        """The set in ``path``; ConfigError for a file that is missing, not a regret set, or of
        another format."""
        try:
            header, *rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
            if header.get("format") != FORMAT:
                raise ConfigError(f"{path}: a regret set of format {header.get('format')!r}; this version "
                                  f"reads format {FORMAT}")
            positions = [Position(int(r["seed"]), tuple(str(a) for a in r["history"]), int(r["seat"]),
                                  {str(a): float(v) for a, v in r["values"].items()}, int(r["worlds"]))
                         for r in rows]
            return RegretSet(str(header["game"]), dict(header["config"]), str(header["generator"]),
                             str(header["reference"]), str(header["unit"]), positions)
        except OSError as e:
            raise ConfigError(f"{path}: cannot be read ({e.strerror})") from None
        except (ValueError, KeyError, TypeError, AttributeError) as e:
            raise ConfigError(f"{path}: not a regret set ({type(e).__name__}: {e})") from None


def line(position: Position) -> str:
    """One position as a line of the file."""
    return json.dumps({"seed": position.seed, "history": list(position.history), "seat": position.seat,
                       "values": position.values, "worlds": position.worlds})


def append(path: Path, position: Position) -> None:
    """Add one position to the end of a set's file, as soon as it is scored, so that a build
    stopped half-way keeps what it scored (:meth:`RegretSet.resume`)."""
    with path.open("a", encoding="utf-8") as f:
        f.write(line(position) + "\n")


def replay(game: str, config: dict[str, Any], seed: int, history: Sequence[str]) -> Game:
    """The game of ``seed`` after ``history``."""
    played = game_class(game).new(config, seed)
    for action in history:
        played.apply(action)
    return played


def reference_of(text: str) -> BotSpec:
    """The reference's spec, refused unless it is a search that plays every action in every
    world (no halving)."""
    spec = BotSpec.parse(text)
    bot = spec.make()
    if not isinstance(bot, SearchBot) or bot.halving:
        raise ConfigError(f"the reference {text!r} must be a search without halving (search:iterations=16:...), "
                          "which plays every legal action in the same worlds")
    return spec


@dataclass(frozen=True)
class BuildJob:
    game: str
    config: dict[str, Any]
    generator: BotSpec
    reference: BotSpec
    seed: int


def build_one(job: BuildJob) -> Position:
    """Play the game of ``job.seed``, draw one of its decisions, and score it."""
    game = game_class(job.game).new(job.config, job.seed)
    deciding = [s for s in range(game.num_players) if s not in game.description.automated_seats]
    bots = {s: job.generator.make(bot_seed(job.seed, s)) for s in deciding}
    history: list[str] = []
    choices: list[int] = []
    while not game.is_over():
        seat = game.current_player()
        assert seat is not None
        if len(game.legal_actions()) > 1:
            choices.append(len(history))
        action = bots[seat].choose(game)
        history.append(action)
        game.apply(action)
    if not choices:
        raise SalonError(f"the game of seed {job.seed} had no decision with a choice")
    at = random.Random(derive_seed(job.seed, 0x2E6)).choice(choices)
    position = replay(job.game, job.config, job.seed, history[:at])
    legal = position.legal_actions()
    spec = job.reference
    reference = BotSpec(spec.name, (*spec.params, ("keep", len(legal))), spec.text).make(derive_seed(job.seed, 0x2EF))
    assert isinstance(reference, SearchBot)
    values = {e.action: e.value for e in reference.analyse(position)}
    seat = position.current_player()
    assert seat is not None
    return Position(job.seed, tuple(history[:at]), seat, {a: values[a] for a in legal}, reference.worlds)


def empty(game: str, config: dict[str, Any], generator: BotSpec, reference: BotSpec) -> RegretSet:
    """The set these games and this reference make, with no position yet."""
    judge = reference.make()
    assert isinstance(judge, SearchBot)
    return RegretSet(game, config, str(generator), str(reference), "win" if judge.win else "points")


def build(game: str, config: dict[str, Any], generator: BotSpec, reference: BotSpec, positions: int,
          seed: int, workers: int | None = None, done: Callable[[Position], None] | None = None,
          have: Sequence[Position] = ()) -> RegretSet:
    """A regret set of ``positions`` positions from the games of seeds ``seed`` on, played by
    ``generator`` in every seat that decides; the positions of ``have`` (scored before, by a
    build that stopped or of other seeds) are kept, and their games not played again."""
    known = {p.seed for p in have}
    jobs = [BuildJob(game, config, generator, reference, s) for s in range(seed, seed + positions) if s not in known]
    found = parallel.run(build_one, jobs, workers, done=done)
    return replace(empty(game, config, generator, reference),
                   positions=sorted([*have, *found], key=lambda p: p.seed))


@dataclass(frozen=True)
class ScoreJob:
    regrets: RegretSet
    position: Position
    bot: BotSpec


@dataclass(frozen=True)
class Choice:
    """A bot's choice at one position: its regret and the seconds it took."""

    action: str
    regret: float
    seconds: float


def score_one(job: ScoreJob) -> Choice:
    """The bot's choice at the position, seeded from the position's game and seat."""
    game = job.regrets.replay(job.position)
    bot = job.bot.make(bot_seed(job.position.seed, job.position.seat))
    start = time.perf_counter()
    action = bot.choose(game)
    return Choice(action, job.position.regret(action), time.perf_counter() - start)


def score(regrets: RegretSet, bot: BotSpec, workers: int | None = None,
          done: Callable[[Choice], None] | None = None) -> list[Choice]:
    """The bot's choice at every position of the set, in the set's order."""
    probe = game_class(regrets.game).new(regrets.config, 0)
    bot.check(probe)
    jobs = [ScoreJob(replace(regrets, positions=[]), p, bot) for p in regrets.positions]
    return parallel.run(score_one, jobs, workers, done=done)


def interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``values`` with its 95% interval (normal approximation)."""
    mean = statistics.fmean(values) if values else 0.0
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, mean - half, mean + half


def report(regrets: RegretSet, scored: dict[str, list[Choice]]) -> dict[str, Any]:
    """Each bot's mean regret with its 95% interval, how often it chose a best action, and its
    time a decision; with two bots or more, each one's regret less the first one's, position
    by position (a negative difference: fewer regrets than the first)."""
    bots = []
    first: list[Choice] | None = None
    for name, choices in scored.items():
        regrets_of = [c.regret for c in choices]
        mean, low, high = interval(regrets_of)
        row: dict[str, Any] = {
            "bot": name, "positions": len(choices), "mean_regret": round(mean, 4),
            "mean_regret_95": [round(low, 4), round(high, 4)],
            "best_share": round(sum(r <= TIE for r in regrets_of) / len(choices), 4) if choices else None,
            "ms_per_decision": round(1000 * statistics.fmean(c.seconds for c in choices), 1) if choices else None,
        }
        if first is not None:
            diff, diff_low, diff_high = interval([c.regret - f.regret for c, f in zip(choices, first, strict=True)])
            row["against_first"] = [round(diff, 4), round(diff_low, 4), round(diff_high, 4)]
        first = first if first is not None else choices
        bots.append(row)
    worlds = [p.worlds for p in regrets.positions]
    return {"game": regrets.game, "config": regrets.config, "reference": regrets.reference, "unit": regrets.unit,
            "generator": regrets.generator, "positions": len(regrets.positions),
            "worlds": min(worlds) if worlds else 0, "bots": bots}
