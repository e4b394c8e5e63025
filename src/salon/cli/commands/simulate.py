"""``salon simulate``: bot games with every invariant checked after every action (salon.cli.simulate)."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.table import Table

from salon.cli import simulate as simulate_mod
from salon.cli.common import (
    SIMULATE_BOT,
    LangOpt,
    check_game,
    check_lang,
    check_options,
    check_players,
    expansions_text,
    make_console,
    seat_bots,
    solo_players,
    wins_text,
)
from salon.cli.group import speaker
from salon.cli.options import (
    GAME_HELP,
    AddressOpt,
    BackendOpt,
    EditionOpt,
    ExpansionsOpt,
    JsonOpt,
    PlayersOpt,
    SoloOpt,
    WorkersOpt,
)
from salon.cli.progress import progress
from salon.parallel import check_backend, check_workers


def simulate(
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Number of games.")] = 100,
    players: PlayersOpt = None,
    bots: Annotated[str | None, typer.Option(
        "--bots", "-b", help="One bot name per seat, comma-separated, or one name for all (default: random).")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the first game; game i uses seed + i.")] = 0,
    as_json: JsonOpt = False,
    expansions: ExpansionsOpt = None,
    solo: SoloOpt = False,
    edition: EditionOpt = None,
    workers: WorkersOpt = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    lang: LangOpt = None,
) -> int:
    """Play bot games, checking every invariant after every action; exit 1 on any error or violation."""
    lang = check_lang(lang)
    say = speaker(lang)
    check_options(check_game(game), solo, edition, expansions, lang)
    check_workers(workers)
    check_backend(backend, address)
    n, seated = seat_bots(bots, solo_players(players, solo), [SIMULATE_BOT], solo=solo)
    check_players(check_game(game), n, solo, lang)
    console = make_console()
    with progress(console, say("simulate.progress"), games, quiet=as_json) as advance:
        report = simulate_mod.simulate(game, games, n, seated, seed, advance, expansions,
                                       solo, edition, workers, backend, address)
    data = report.to_json()
    if as_json:
        print(json.dumps(data))
    else:
        title = "simulate.title_solo" if solo else "simulate.title"
        console.print(say(title, game=game, games=games, players=n, first=seed, last=seed + games - 1))
        if report.expansions:
            console.print(say("ui.expansions", names=expansions_text(report.expansions, lang)))
        if report.edition is not None:
            console.print(say("ui.edition", edition=say(f"edition.{report.edition}")))
        table = Table()
        for key in ("seat", "bot", "mean", "wins", "rate"):
            table.add_column(say("simulate.col_" + key), justify="left" if key in ("seat", "bot") else "right")
        for s, (label, bot) in enumerate(zip(report.labels(), report.bots, strict=True)):
            table.add_row(label, say("simulate.automatic") if s in report.automatic else bot,
                          f"{data['mean_score'][s]:.2f}", wins_text(data["wins"][s]),
                          f"{100 * data['win_rate'][s]:.1f}%")
        console.print(table)
        if report.tie_rule is not None:
            console.print(say(report.tie_rule))
        console.print(say("simulate.summary", decisions=data["mean_decisions"], errors=report.errors,
                           violations=report.invariant_violations, rate=data["games_per_s"]))
        for example in report.error_examples + report.violation_examples:
            console.print(f"  {example}", markup=False)
    return 1 if report.errors or report.invariant_violations else 0
