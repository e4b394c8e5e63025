"""The options several commands share, each with its help text.

The help texts of a game's options are asked of the games themselves (their player counts,
and which of them has an option, in the option's own words), so that a new game's options
show without a word changed here.  The rating commands (``tournament``, ``ladder``) and
``selfplay`` word the game, the expansions and the edition more briefly; their options are
the ``Brief`` ones.  The language's option is ``salon.cli.common.LangOpt``.
"""

from __future__ import annotations

from typing import Annotated

import typer

from salon.cli.common import check_game
from salon.core.game import game_names

GAME_HELP = "The game to play; available: " + ", ".join(game_names()) + "."
BRIEF_GAME_HELP = "The game; available: " + ", ".join(game_names()) + "."


def _players_help() -> str:
    """The player counts of every game, asked of the games themselves."""
    counts = []
    for name in game_names():
        n = check_game(name).describe().players
        counts.append(f"{name}: {n[0]} to {n[-1]}")
    return f"Number of players ({'; '.join(counts)})."


def _games_with(key: str) -> str:
    """Which games have the config option ``key``, each with the option's own description."""
    found = []
    for name in game_names():
        option = check_game(name).describe().options.get(key)
        if option is not None:
            found.append(f"{name}: {option.get('description', key)}")
    return "; ".join(found) or "no game has it"


PlayersOpt = Annotated[int | None, typer.Option("--players", "-p", help=_players_help())]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print the result as one JSON object on the last line.")]
ExpansionsOpt = Annotated[str | None, typer.Option(
    "--expansions", "-x",
    help=f"Expansions to play with, comma-separated, or 'all' ({_games_with('expansions')}).")]
SoloOpt = Annotated[bool, typer.Option(
    "--solo", help=f"The solo mode: one player against the game's own opponent ({_games_with('solo')}).")]
EditionOpt = Annotated[str | None, typer.Option(
    "--edition", help=f"The edition of the rules ({_games_with('edition')}).")]

BriefExpansionsOpt = Annotated[str | None, typer.Option("--expansions", "-x",
                                                        help="Expansions, comma-separated, or 'all'.")]
BriefEditionOpt = Annotated[str | None, typer.Option(help="The edition of the rules.")]

WorkersOpt = Annotated[int | None, typer.Option(
    help="Processes playing games at once (default: one per core); with --backend ray, Ray tasks in flight.")]
BackendOpt = Annotated[str, typer.Option(help="Where the games run: local (processes on this machine) or ray.")]
AddressOpt = Annotated[str | None, typer.Option(
    help="The Ray cluster's address, with --backend ray (every machine needs salon installed); without it "
         "Ray starts on this machine.")]
