"""``salon strength``: one bot measured against another on paired seeds (salon.cli.strength)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from salon.bots.base import BotSpec
from salon.bots.sprt import Sprt, parse_bounds
from salon.cli import strength as strength_mod
from salon.cli.common import (
    LangOpt,
    check_game,
    check_lang,
    check_options,
    game_config,
    make_console,
    solo_players,
    wins_text,
)
from salon.cli.group import speaker
from salon.cli.options import GAME_HELP, EditionOpt, ExpansionsOpt, JsonOpt, PlayersOpt, SoloOpt
from salon.cli.progress import progress
from salon.core.game import Game, game_class
from salon.i18n import text

SPRT_VERDICTS = {"H1": "strength.sprt_accepted", "H0": "strength.sprt_rejected",
                 "inconclusive": "strength.sprt_inconclusive"}
"""The words of a sequential test's verdict, by the verdict of the JSON report."""


def strength(
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    bot: Annotated[str, typer.Option(help="The bot measured: a name, or a name with parameters "
                                          "(search:think=3, search:iterations=4:keep=3).")],
    against: Annotated[str, typer.Option(help="The bot in every other seat.")] = "heuristic",
    players: PlayersOpt = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Number of games (with --sprt, the most "
                                                                     "it plays).")] = 200,
    seed: Annotated[int, typer.Option(
        help="First seed; each seed is played once from every seat of the measured bot.")] = 0,
    workers: Annotated[int, typer.Option(min=1, help="Processes playing games at once.")] = 1,
    games_file: Annotated[Path | None, typer.Option(
        "--games-file", help="Append each finished game to this file as a JSON line, in the schedule's order, "
                             "after a first line naming the measurement; the same command run again plays "
                             "only the games the file lacks (a run cut short is resumed).")] = None,
    sprt: Annotated[str | None, typer.Option(
        metavar="ELO0,ELO1", help="Play until a sequential test (SPRT) tells whether the bot is at least ELO1 "
                                  "or at most ELO0 Elo stronger (e.g. 0,15); the verdict is checked after each "
                                  "seed's games.")] = None,
    alpha: Annotated[float, typer.Option(
        help="With --sprt: how often the test may find ELO1 when ELO0 holds.")] = 0.05,
    beta: Annotated[float, typer.Option(
        help="With --sprt: how often the test may find ELO0 when ELO1 holds.")] = 0.05,
    as_json: JsonOpt = False,
    expansions: ExpansionsOpt = None,
    solo: SoloOpt = False,
    edition: EditionOpt = None,
    lang: LangOpt = None,
) -> int:
    """Measure a bot against another: win rate, mean margin and Elo with 95% intervals (paired seeds, seats
    swapped), or until a sequential test decides (--sprt)."""
    lang = check_lang(lang)
    check_options(check_game(game), solo, edition, expansions, lang)
    n = solo_players(players, solo) or 2
    probe = game_class(game).new(game_config(n, expansions, solo, edition), 0)  # a bad option fails at once
    measured, other = BotSpec.parse(bot), BotSpec.parse(against)
    for spec in (measured, other):
        spec.check(probe)
    match = strength_mod.Match(game, measured, other, n, expansions, solo, edition)
    test = (Sprt(*parse_bounds(sprt), alpha=alpha, beta=beta, opponents=strength_mod.opponents(match))
            if sprt is not None else None)
    console = make_console()
    outcomes = _play(console, match, games, seed, workers, games_file, test, as_json, lang)
    data = strength_mod.report(match, outcomes, seed, test)
    if as_json:
        print(json.dumps(data))
        return 0
    _print(console, data, probe, match, lang)
    return 0


def _play(console: Console, match: strength_mod.Match, games: int, seed: int, workers: int,
          games_file: Path | None, test: Sprt | None, as_json: bool, lang: str) -> list[strength_mod.Outcome]:
    """The match's games, with their progress (salon.cli.progress), each appended to ``games_file``
    as it ends; those an earlier run of the same measurement left there are not played again."""
    earlier = strength_mod.resume(games_file, match, seed) if games_file is not None else []
    with progress(console, text("strength.progress", lang), games, quiet=as_json,
                  done=min(len(earlier), games)) as advance:
        sink = games_file.open("a", encoding="utf-8") if games_file is not None else None

        def done(outcome: strength_mod.Outcome) -> None:
            advance()
            if sink is not None:
                sink.write(json.dumps(dataclasses.asdict(outcome)) + "\n")
                sink.flush()

        try:
            return strength_mod.run(match, games, seed, workers, done, test, earlier)
        finally:
            if sink is not None:
                sink.close()


def _print(console: Console, data: dict[str, Any], probe: Game, match: strength_mod.Match, lang: str) -> None:
    """The report in words: the result with its intervals, the Elo, and the sequential test's verdict."""
    say = speaker(lang)
    low, high = data["win_rate_95"]
    automatic = probe.description.automated_seats
    # in the solo mode the measured bot plays the game's own opponent, whatever --against says
    key, opponent = (("strength.result_solo", ", ".join(text(f"player.{a}", lang) for a in automatic.values()))
                     if match.solo and automatic else ("strength.result", str(match.against)))
    console.print(say(key, bot=str(match.bot), against=opponent, opponent=opponent, game=match.game,
                       players=match.players,
                       games=data["games"], wins=wins_text(data["wins"]), rate=f"{100 * data['win_rate']:.1f}",
                       low=f"{100 * low:.1f}", high=f"{100 * high:.1f}", margin=f"{data['mean_margin']:+.1f}",
                       margin_low=f"{data['mean_margin_95'][0]:+.1f}", margin_high=f"{data['mean_margin_95'][1]:+.1f}",
                       ms=data["ms_per_decision"]))
    elo, elo_low, elo_high = (f"{round(x):+d}" for x in (data["elo"], *data["elo_95"]))
    console.print(say("strength.elo", elo=elo, low=elo_low, high=elo_high))
    if "sprt" in data:
        test_data = data["sprt"]
        console.print(say(SPRT_VERDICTS[test_data["verdict"]], elo0=f"{test_data['elo0']:g}",
                           elo1=f"{test_data['elo1']:g}", elo0_signed=f"{test_data['elo0']:+g}",
                           elo1_signed=f"{test_data['elo1']:+g}", games=data["games"],
                           llr=f"{test_data['llr']:.2f}", lower=f"{test_data['bounds'][0]:.2f}",
                           upper=f"{test_data['bounds'][1]:.2f}"))
