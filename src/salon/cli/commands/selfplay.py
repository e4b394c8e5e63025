"""``salon selfplay``: positions of games between chosen bots recorded in shards (salon.learn.selfplay),
the data ``salon train`` fits the learned bot's models on."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from salon import parallel
from salon.bots.base import BotSpec
from salon.cli.common import LangOpt, check_lang, checked_config, make_console
from salon.cli.options import BRIEF_GAME_HELP, AddressOpt, BackendOpt, BriefEditionOpt, BriefExpansionsOpt, WorkersOpt
from salon.cli.progress import progress
from salon.core.errors import ConfigError
from salon.core.game import Game
from salon.i18n import text


def selfplay(
    game: Annotated[str, typer.Argument(help=BRIEF_GAME_HELP)],
    bots: Annotated[str, typer.Option("--bots", "-b", help="The bot of every seat that decides, comma-separated, "
                                                           "or one bot for all (normal, learned:iterations=2).")]
    = "normal",
    out: Annotated[Path | None, typer.Option(help="The folder of the shards (default: selfplay-GAME); the games "
                                                  "its shards hold already are not played again (a run resumed).")]
    = None,
    players: Annotated[int | None, typer.Option("--players", "-p", help="Seats at each game (default 2).")] = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option(help="The first game's seed; game i plays seed + i.")] = 100_000,
    every: Annotated[int, typer.Option(min=1, help="Keep every n-th decision of a game.")] = 2,
    shard: Annotated[int, typer.Option(min=1, help="Games a shard.")] = 50,
    workers: WorkersOpt = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    expansions: BriefExpansionsOpt = None,
    solo: Annotated[bool, typer.Option("--solo", help="The solo mode.")] = False,
    edition: BriefEditionOpt = None,
    lang: LangOpt = None,
) -> int:
    """Record self-play positions (observation, legal actions, choice, evaluation, final margin) in .npz shards."""
    lang = check_lang(lang)
    cls, config = checked_config(game, players, solo, edition, expansions, lang)
    parallel.check_workers(workers)
    parallel.check_backend(backend, address)
    specs = _specs(bots, cls.new(config, seed), lang)
    folder_out = out if out is not None else Path(f"selfplay-{game}")
    from salon.learn import selfplay as recording
    console = make_console()
    left = len(recording.remaining(game, config, specs, games, seed, folder_out))
    if left < games:
        console.print(text("selfplay.resumed", lang, done=games - left, folder=str(folder_out)))
    positions = 0
    with progress(console, text("selfplay.progress", lang), games, done=games - left) as advance:

        def done(record: recording.Record) -> None:
            nonlocal positions
            positions += len(record.chosen)
            advance()

        shards = recording.run(game, config, specs, games, seed, folder_out, every, shard, workers, backend, address,
                               done)
    console.print(text("selfplay.done", lang, games=left, positions=positions, shards=len(shards),
                       folder=str(folder_out)))
    return 0


def _specs(bots: str, probe: Game, lang: str) -> list[BotSpec]:
    """The bot of every seat that decides (one given for all, or one each), each spec read
    here once and able to play the config."""
    deciding = probe.num_players - len(probe.description.automated_seats)
    texts = [b.strip() for b in bots.split(",")]
    if len(texts) == 1:
        texts *= deciding
    if len(texts) != deciding:
        raise ConfigError(text("selfplay.bots", lang, n=deciding, given=len(texts)))
    specs = [BotSpec.parse(given) for given in texts]
    for spec in specs:
        spec.check(probe)
    return specs
