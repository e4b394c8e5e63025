"""``salon regret``: a set of positions scored once by a reference search, and the mean regret
of bots on it (salon.learn.regret): a screen of variants in minutes, before games confirm it."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console

from salon import parallel
from salon.bots.base import BotSpec
from salon.cli.common import LangOpt, check_lang, checked_config, make_console
from salon.cli.group import speaker
from salon.cli.options import BRIEF_GAME_HELP, BriefEditionOpt, BriefExpansionsOpt, JsonOpt, WorkersOpt
from salon.cli.progress import progress
from salon.core.game import game_class
from salon.i18n import text
from salon.learn import regret as sets

T = TypeVar("T")

regret = typer.Typer(name="regret", no_args_is_help=True, add_completion=False,
                     help="Positions scored once by an expensive reference search, and bots' mean regret on them.")


@regret.command("build")
def build(
    game: Annotated[str, typer.Argument(help=BRIEF_GAME_HELP)],
    out: Annotated[Path, typer.Option(help="The file the set is written to (JSON lines), each position as soon as "
                                           "it is scored: a build stopped half-way resumes from it.")],
    positions: Annotated[int, typer.Option("--positions", "-n", min=1, help="Positions: one a game.")] = 300,
    seed: Annotated[int, typer.Option(help="The first game's seed; position i comes from seed + i.")] = 800_000,
    players: Annotated[int | None, typer.Option("--players", "-p", help="Seats at each game (default 2).")] = None,
    generator: Annotated[str, typer.Option(help="The bot of every seat in the games the positions come from.")]
    = sets.GENERATOR,
    reference: Annotated[str, typer.Option(help="The search that scores every legal action (no halving).")]
    = sets.REFERENCE,
    workers: WorkersOpt = None,
    expansions: BriefExpansionsOpt = None,
    solo: Annotated[bool, typer.Option("--solo", help="The solo mode.")] = False,
    edition: BriefEditionOpt = None,
    lang: LangOpt = None,
) -> int:
    """Draw one decision from each of a run of games and score every legal action there with a reference search."""
    lang = check_lang(lang)
    cls, config = checked_config(game, players, solo, edition, expansions, lang)
    parallel.check_workers(workers)
    probe = cls.new(config, seed)
    spec = BotSpec.parse(generator)
    spec.check(probe)
    judge = sets.reference_of(reference)
    console = make_console()
    have = sets.empty(game, config, spec, judge).resume(out)
    if have:
        console.print(speaker(lang)("regret.resumed", file=str(out), done=len(have)))

    def scored(position: sets.Position, advance: Callable[[Any], None]) -> None:
        sets.append(out, position)
        advance(position)

    found = _progress(console, False, text("regret.building", lang), positions, lambda advance: sets.build(
        game, config, spec, judge, positions, seed, workers, partial(scored, advance=advance), have),
        sum(seed <= p.seed < seed + positions for p in have))
    found.save(out)
    console.print(speaker(lang)("regret.built", positions=len(found.positions), file=str(out),
                                worlds=min(p.worlds for p in found.positions)))
    return 0


@regret.command("score")
def score(
    file: Annotated[Path, typer.Argument(help="A regret set written by `salon regret build`.")],
    bots: Annotated[list[str], typer.Option("--bot", "-b", help="A bot to score; give it again for more, each "
                                                                "then compared with the first.")],
    workers: WorkersOpt = None,
    as_json: JsonOpt = False,
    lang: LangOpt = None,
) -> int:
    """Each bot's mean regret on the set's positions (in the reference's unit), how often it chose a best action,
    and, from the second bot on, its difference from the first, position by position."""
    lang = check_lang(lang)
    parallel.check_workers(workers)
    regrets = sets.RegretSet.load(file)
    specs = [BotSpec.parse(b) for b in bots]
    probe = game_class(regrets.game).new(regrets.config, 0)
    for spec in specs:
        spec.check(probe)
    console = make_console()
    scored = {str(spec): _progress(console, as_json, text("regret.scoring", lang, bot=str(spec)),
                                   len(regrets.positions), partial(sets.score, regrets, spec, workers))
              for spec in specs}
    data = sets.report(regrets, scored)
    if as_json:
        print(json.dumps(data))
    else:
        _print(console, data, lang)
    return 0


def _progress(console: Console, quiet: bool, what: str, total: int, work: Callable[[Callable[[Any], None]], T],
              done: int = 0) -> T:
    """``work`` with its progress (salon.cli.progress), from ``done`` of ``total``, advanced by
    each result it reports."""
    with progress(console, what, total, quiet, done) as advance:
        return work(lambda _: advance())


def _print(console: Console, data: dict[str, Any], lang: str) -> None:
    say = speaker(lang)
    unit = data["unit"]
    console.print(say("regret.set", positions=data["positions"], reference=data["reference"], worlds=data["worlds"],
                      unit=say(f"regret.unit_{unit}")))
    scale = 100 if unit == "win" else 1
    for row in data["bots"]:
        low, high = row["mean_regret_95"]
        console.print(say("regret.bot", bot=row["bot"], mean=f"{scale * row['mean_regret']:.2f}",
                          low=f"{scale * low:.2f}", high=f"{scale * high:.2f}",
                          best=f"{100 * row['best_share']:.0f}", ms=row["ms_per_decision"]))
        if "against_first" in row:
            diff, d_low, d_high = (f"{scale * x:+.2f}" for x in row["against_first"])
            console.print(say("regret.against_first", diff=diff, low=d_low, high=d_high))
