"""``salon bench``: the engine's and the bots' speed, or the learning environments' (salon.cli.bench)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table

from salon.cli import bench as bench_mod
from salon.cli.common import LangOpt, check_game, check_lang, check_options, expansions_text, make_console
from salon.cli.group import describe_engine, speaker
from salon.cli.options import GAME_HELP, EditionOpt, ExpansionsOpt, JsonOpt, SoloOpt, WorkersOpt
from salon.i18n import count
from salon.parallel import check_workers


def bench(
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    seconds: Annotated[float, typer.Option(
        min=0.0, help="Time box per player count (random play) and for the heuristic bot.")] = 3.0,
    as_json: JsonOpt = False,
    expansions: ExpansionsOpt = None,
    solo: SoloOpt = False,
    edition: EditionOpt = None,
    secret_seeds: Annotated[bool, typer.Option(
        "--secret-seeds", help="Seed every game and bot secretly (the keyed generator, as a server does).")] = False,
    workers: WorkersOpt = None,
    rl: Annotated[bool, typer.Option(
        "--rl", help="Measure the learning environments instead: the PettingZoo AEC environment's steps/s (vector "
        "and mask at every step) against the engine's decisions/s, on a fixed set of seeded random games.")] = False,
    lang: LangOpt = None,
) -> int:
    """Measure random play (games/s, decisions/s per player count), the heuristic's think time, the search's speed."""
    lang = check_lang(lang)
    say = speaker(lang)
    check_options(check_game(game), solo, edition, expansions, lang)
    check_workers(workers)
    console = make_console()
    if rl:
        return _bench_rl(console, game, as_json, expansions, solo, edition, lang)
    stages = bench_mod.stages(game, expansions, solo, edition)
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), console=console,
                  transient=True, disable=as_json or not console.is_terminal) as progress:
        task = progress.add_task(_stage_text(stages[0], say), total=len(stages))

        def step(stage: str) -> None:
            following = stages.index(stage) + 1
            progress.update(task, advance=1, description=_stage_text(stages[min(following, len(stages) - 1)], say))

        data = bench_mod.bench(game, seconds, expansions, solo, edition, secret_seeds, workers, step)
    if as_json:
        print(json.dumps(data))
        return 0
    if data["expansions"]:
        console.print(say("ui.expansions", names=expansions_text(data["expansions"], lang)))
    if solo:
        console.print(say("bench.solo"))
    if secret_seeds:
        console.print(say("bench.secret"))
    if edition is not None:
        console.print(say("ui.edition", edition=say(f"edition.{edition.strip()}")))
    console.print(say("bench.engine", engine=describe_engine(lang)))
    _print(console, game, data, say)
    return 0


def _print(console: Console, game: str, data: dict[str, Any], say: Callable[..., str]) -> None:
    """The measures in words: random play per player count, then the bots' and the workers' speed."""
    table = Table(title=say("bench.title", game=game), title_justify="left")
    for key in ("players", "games", "decisions"):
        table.add_column(say("bench.col_" + key), justify="right")
    for n, row in data["players"].items():
        table.add_row(n, f"{row['games_per_s']:.1f}", f"{row['decisions_per_s']:.0f}")
    console.print(table)
    reference = data["reference"]
    if reference is not None:  # at 4 players, Hearts' count, where the game has it
        console.print(say("bench.reference", decisions=f"{reference['decisions_per_s']:.0f}", game=game,
                          players=reference["players"], ratio=f"{reference['ratio']:.2f}"))
    console.print(say("bench.evaluate", us=f"{data['evaluate_us_per_call']:.1f}"))
    console.print(say("bench.heuristic", ms=f"{data['heuristic_ms_per_decision']:.2f}"))
    console.print(say("bench.search", worlds=f"{data['search']['worlds_per_s']:.1f}",
                       play_outs=f"{data['search']['play_outs_per_s']:.1f}"))
    speed = data["parallel"]
    console.print(say("bench.parallel", workers=speed["workers"], parallel=f"{speed['parallel_games_per_s']:.1f}",
                       serial=f"{speed['serial_games_per_s']:.1f}", players=speed["players"],
                       speedup=f"{speed['speedup']:.2f}"))


def _bench_rl(console: Console, game: str, as_json: bool, expansions: str | None, solo: bool,
              edition: str | None, lang: str) -> int:
    """``bench --rl``: the learning environments' report (salon.cli.bench.rl_bench)."""
    say = speaker(lang)
    lines = bench_mod.rl_lines(game, expansions, solo, edition)

    def stage_text(i: int) -> str:
        name, players = lines[min(i, len(lines) - 1)]
        return say("bench.stage_rl", game=name, players=players)

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), console=console,
                  transient=True, disable=as_json or not console.is_terminal) as progress:
        task = progress.add_task(stage_text(0), total=len(lines))
        ended = [0]

        def step(stage: str) -> None:
            ended[0] += 1
            progress.update(task, advance=1, description=stage_text(ended[0]))

        data = bench_mod.rl_bench(game, bench_mod.RL_GAMES, expansions, solo, edition, step)
    if as_json:
        print(json.dumps(data))
        return 0
    table = Table(title=say("bench.rl_title"), title_justify="left")
    for key in ("game", "players", "engine", "aec", "ratio"):
        table.add_column(say("bench.col_" + key), justify="left" if key == "game" else "right")
    for row in data["lines"]:
        table.add_row(row["game"], str(row["players"]), f"{row['engine_decisions_per_s']:.0f}",
                      f"{row['aec_steps_per_s']:.0f}", f"{row['ratio']:.2f}")
    if data["expansions"]:
        console.print(say("ui.expansions", names=expansions_text(data["expansions"], lang)))
    if solo:
        console.print(say("bench.solo"))
    if edition is not None:
        console.print(say("ui.edition", edition=say(f"edition.{edition.strip()}")))
    console.print(table)
    games = count("bench.rl_games", data["games_per_line"], lang)
    console.print(say("bench.rl_note", games=games, seeds=data["seeds"]))
    return 0


def _stage_text(stage: str, say: Callable[..., str]) -> str:
    """What ``bench`` is measuring, for its progress bar."""
    kind, _, players = stage.partition(":")
    return say("bench.stage_" + kind, players=players)
