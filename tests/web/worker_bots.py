"""Bots and jobs for the tests of the server's bots in its worker processes (salon.web.jobs),
importable by the workers; and a run that sends every bot a server plays through them,
``python -m tests.web.worker_bots``, which a test starts with the engine it asks for (the
workers are forked from a server process that the pool starts once per process, with its
environment: ``SALON_PURE`` cannot change for them within one process).

The run plays each bot twice in the workers, from the first decision with a choice of each
game: once as a server makes it, then once more as it came back, at the seat's next
decision with a choice.  Its moves must be legal, and the very moves of a twin of it that
plays the same decisions here (the bot that comes back is the one that left, its generator
moved on).  It prints one line a bot and game, ``ok`` or what failed, and exits with 1 if
anything did."""

from __future__ import annotations

import asyncio
import sys

import salon.compiled
from salon.bots.base import BOTS, LEVELS, Bot, bot_seed, make_bot
from salon.bots.search import SearchBot
from salon.core.game import SECRET_SEEDS, Game, game_class
from salon.web import jobs
from salon.web.compute import Compute

GAMES = ("rococo", "necklace")
"""Both titles, in 2-player games: the ppo bot has weights for these configs."""
QUICK = {"search": "search:iterations=1", "search-v1": "search-v1:iterations=1",
         "learned": "learned:iterations=1", "ismcts": "ismcts:simulations=2"}
"""Specs of the bots with parameters that make a decision quick, by name; the others are
played as the lobby names them."""
SEED = SECRET_SEEDS.start + 2024
"""A secret game seed, as a server gives every game: the bots' keyed generators travel too."""
DEADLINE = 600.0
"""A deadline no job reaches (a bound, not a measurement)."""


class FailingBot(Bot):
    """A bot whose every decision raises, in the worker that runs it: a bot's defect."""

    name = "failing"

    @property
    def cost(self) -> float:
        return 0.01

    def choose(self, game: Game) -> str:
        raise RuntimeError("this bot fails at every decision")


def engine() -> bool:
    """Whether the process runs the compiled engine (a job: the workers')."""
    return salon.compiled.ENGINE.compiled


def specs() -> list[str]:
    """Every bot of :data:`BOTS` and every level, the searches with quick parameters."""
    return [QUICK.get(name, name) for name in sorted({*BOTS, *LEVELS})]


def bot_of(spec: str, seat: int) -> Bot:
    """The bot of ``spec`` for ``seat``, as a server makes it; the levels that search for
    seconds (Hard, Expert) search one world, which changes nothing of what travels."""
    bot = make_bot(spec, bot_seed(SEED, seat))
    # type(), not isinstance(): the compiled subclasses of an ABC share its caches, which can mislead isinstance()
    if spec in LEVELS and type(bot) is SearchBot:
        bot.iterations = 1
    return bot


def next_choice(game: Game, seat: int | None = None) -> Game:
    """``game`` played on, with its first legal actions, to the next decision with a choice (of
    ``seat``'s, if given); the game over if none comes."""
    while not game.is_over():
        legal = game.legal_actions()
        if len(legal) > 1 and (seat is None or game.current_player() == seat):
            return game
        game.apply(legal[0])
    return game


def checked(game: Game, moves: list[str]) -> str:
    """What is wrong with ``moves`` made in ``game`` (which it plays them in), or nothing."""
    if not moves:
        return "no move"
    for move in moves:
        if move not in game.legal_actions():
            return f"illegal move {move!r}"
        game.apply(move)
    return ""


async def plays_twice(compute: Compute, name: str, spec: str) -> str:
    """What went wrong when the bot of ``spec`` played in the workers, twice, or nothing."""
    game = next_choice(game_class(name).new({"players": 2}, SEED))
    seat = game.current_player()
    assert seat is not None
    bot, twin = bot_of(spec, seat), bot_of(spec, seat)
    bot.check_game(game)
    for turn in ("first", "second"):
        sent = type(bot)
        moves, bot = await compute.run(name, jobs.bot_moves, (game.clone(), bot, seat), DEADLINE, cost=bot.cost)
        if wrong := checked(game.clone(), moves):
            return f"{turn} move: {wrong}"
        if type(bot) is not sent:
            return f"{turn} move: {sent.__name__} came back as {type(bot).__name__}"
        if moves != (here := jobs.bot_moves(game, twin, seat)[0]):
            return f"{turn} move: {moves} in the worker, {here} by its twin that stayed here"
        if next_choice(game, seat).is_over():
            return "the game ended before the second move"
    return ""


async def play_every_bot() -> bool:
    """Play every bot in both games in the workers; print what happened; whether all went well."""
    compute = Compute(workers=2)
    try:
        workers_compiled = await compute.run("engine", engine, (), DEADLINE)
        print(f"engine: {'compiled' if workers_compiled else 'pure'} in the workers", flush=True)
        failures = 0
        for name in GAMES:
            for spec in specs():
                try:
                    wrong = await plays_twice(compute, name, spec)
                except Exception as e:  # the run reports every bot's failure
                    wrong = f"{type(e).__name__}: {e}"
                failures += bool(wrong)
                print(f"{name} {spec}: {wrong or 'ok'}", flush=True)
        return not failures
    finally:
        await compute.stop()


if __name__ == "__main__":
    sys.exit(0 if asyncio.run(play_every_bot()) else 1)
