"""``salon fit``: an evaluation's fitted weights learnt from self-play (salon.learn.fit)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from salon.bots.base import BotSpec
from salon.cli.common import (
    LangOpt,
    check_game,
    check_lang,
    check_options,
    check_players,
    game_config,
    make_console,
    solo_players,
)
from salon.cli.group import speaker
from salon.cli.options import GAME_HELP, EditionOpt, ExpansionsOpt, JsonOpt, PlayersOpt, SoloOpt
from salon.cli.progress import progress
from salon.core.game import game_class
from salon.learn import fit as fit_mod


def fit(
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Number of self-play games.")] = 16,
    seed: Annotated[int, typer.Option(help="Seed of the first game; game i uses seed + i.")] = 0,
    bot: Annotated[str, typer.Option(help="The bot playing every seat that decides.")] = "heuristic",
    every: Annotated[int, typer.Option(min=1, help="Keep every n-th decision's position.")] = 4,
    weights: Annotated[str | None, typer.Option(
        help="The weights to fit, comma-separated (default: all of the game's fitted weights).")] = None,
    write: Annotated[bool, typer.Option("--write", help="Keep the fitted weights in the game's data file.")] = False,
    out: Annotated[Path | None, typer.Option(
        help="Write the data file here instead of into the game's data package (with --write).")] = None,
    players: PlayersOpt = None,
    as_json: JsonOpt = False,
    expansions: ExpansionsOpt = None,
    solo: SoloOpt = False,
    edition: EditionOpt = None,
    lang: LangOpt = None,
) -> int:
    """Learn the evaluation's fitted weights from self-play: least squares against the games' final margins."""
    lang = check_lang(lang)
    say = speaker(lang)
    check_options(check_game(game), solo, edition, expansions, lang)
    n = solo_players(players, solo) or 2
    check_players(check_game(game), n, solo, lang)
    spec = BotSpec.parse(bot)
    config = game_config(n, expansions, solo, edition)
    fitted = fit_mod.fitted_for(game_class(game).new(config, seed))
    names = [w.strip() for w in weights.split(",")] if weights else None
    if names is not None:
        fit_mod.check_names(fitted, names)
    console = make_console()
    with progress(console, say("fit.progress"), games, quiet=as_json) as advance:
        samples = fit_mod.record(game, config, range(seed, seed + games), spec, every, advance)
    result = fit_mod.fit(fitted, samples, names)
    given = [("--players", players if not solo else None), ("--solo", solo), ("--expansions", expansions),
             ("--edition", edition), ("--bot", bot if bot != "heuristic" else None),
             ("--every", every if every != 4 else None), ("--weights", weights)]
    command = " ".join([f"salon fit {game} --games {games} --seed {seed}"]
                       + [name if value is True else f"{name} {value}" for name, value in given if value])
    path = fit_mod.write(fitted, result, command, games, len(samples), out) if write else None
    if as_json:
        print(json.dumps({"command": command, "games": games, "positions": len(samples), "before": result.before,
                          "after": result.after, "no_effect": result.flat,
                          "error_before": dataclasses.asdict(result.error_before),
                          "error_after": dataclasses.asdict(result.error_after),
                          "written": str(path) if path else None}))
        return 0
    _print(console, game, games, len(samples), result, path, lang)
    return 0


def _print(console: Console, game: str, games: int, positions: int, result: fit_mod.Fit, path: Path | None,
           lang: str) -> None:
    """The fit in words: each weight now and fitted, the error before and after, and where it was written."""
    say = speaker(lang)
    console.print(say("fit.title", game=game, games=games, positions=positions))
    table = Table()
    for key in ("weight", "now", "fitted"):
        table.add_column(say("fit.col_" + key), justify="left" if key == "weight" else "right")
    for name, value in result.after.items():
        table.add_row(name, f"{result.before[name]:.4f}", f"{value:.4f}")
    console.print(table)
    for name in result.flat:
        console.print(say("fit.no_effect", weight=name))
    for key, error in (("fit.error_now", result.error_before), ("fit.error_fitted", result.error_after)):
        console.print(say(key, mean=f"{error.mean:+.2f}", mean_abs=f"{error.mean_abs:.2f}"))
    console.print(say("fit.written", path=str(path)) if path else say("fit.not_written"))
