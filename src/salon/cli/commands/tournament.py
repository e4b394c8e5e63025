"""``salon tournament``: bot kinds rated against each other (salon.cli.tournament)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from salon import parallel
from salon.cli.common import LangOpt, check_game, check_lang, game_config, make_console
from salon.cli.options import BRIEF_GAME_HELP, AddressOpt, BackendOpt, BriefEditionOpt, BriefExpansionsOpt, WorkersOpt
from salon.cli.progress import progress
from salon.cli.tournament import Tournament, bot_specs, run, write_csv
from salon.core.errors import ConfigError
from salon.core.game import game_class
from salon.i18n import text


def tournament(
    game: Annotated[str, typer.Argument(help=BRIEF_GAME_HELP)],
    bots: Annotated[str, typer.Option("--bots", "-b", help="The entrants: bot specs, comma-separated "
                                                           "(random,heuristic,search:iterations=4).")],
    players: Annotated[int, typer.Option("--players", "-p", help="Seats at each game.")] = 4,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Number of games.")] = 400,
    seed: Annotated[int, typer.Option(help="The tournament's seed: its deals and its line-ups.")] = 0,
    workers: WorkersOpt = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    json_file: Annotated[Path | None, typer.Option("--json-file", help="Write the report here as JSON.")] = None,
    csv_file: Annotated[Path | None, typer.Option("--csv-file", help="Write the rating table here as CSV.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as one JSON object.")] = False,
    expansions: BriefExpansionsOpt = None,
    edition: BriefEditionOpt = None,
    lang: LangOpt = None,
) -> int:
    """Rate bot kinds against each other: balanced rotations, parallel games, Plackett-Luce ratings."""
    lang = check_lang(lang)
    check_game(game)
    parallel.check_workers(workers)
    parallel.check_backend(backend, address)
    config = game_config(players, expansions, False, edition)
    counts = game_class(game).describe(config).players
    if players not in counts:
        raise ConfigError(f"--players {players}: {game} is played by {counts[0]} to {counts[-1]} players")
    entrants = bot_specs(bots, "--bots", "an entrant fills several seats by itself when needed",
                         game_class(game).new(config, seed))
    t = Tournament(game, entrants, players, expansions, edition)
    console = make_console()
    with progress(console, text("tournament.progress", lang), games, quiet=as_json) as advance:
        data = run(t, games, seed, workers, backend, address, lambda _: advance())
    if json_file is not None:
        json_file.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    if csv_file is not None:
        write_csv(csv_file, data["ratings"], players)
    if as_json:
        print(json.dumps(data))
        return 0
    table = Table(title=text("tournament.title", lang, game=game, games=games, players=players, seed=seed),
                  title_justify="left")
    columns = [text(f"tournament.col_{key}", lang) for key in ("entrant", "rating", "uncertainty", "wins")]
    for column in (*columns, *(text("tournament.col_place", lang, n=i + 1) for i in range(players))):
        table.add_column(column, justify="left" if column == columns[0] else "right")
    for r in data["ratings"]:
        table.add_row(r["entrant"], f"{r['rating']:.2f}", f"{r['uncertainty']:.2f}",
                      f"{100 * r['win_share']:.1f}%", *(f"{100 * v:.1f}%" for v in r["place_shares"]))
    console.print(table)
    return 0
