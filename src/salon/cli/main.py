"""The ``salon`` command: play, simulate, replay and bench.

Every mistake a user can make (a bad option, an unknown game or bot, an unreadable save
file) ends with one line ``error: ...`` on stderr and a non-zero exit status, never with a
traceback or a usage box: the command group runs click in non-standalone mode and turns
every exception into that line (see :class:`SalonGroup`).
"""

from __future__ import annotations

import dataclasses
import importlib.metadata
import json
import secrets
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text
from typer._click.exceptions import NoArgsIsHelpError
from typer.core import TyperGroup
from typer.exceptions import TyperException

from salon.bots import fit as fit_mod
from salon.bots.base import bot_seed, check_bot, make_bot
from salon.bots.sprt import Sprt, parse_bounds
from salon.cli import bench as bench_mod
from salon.cli import learning
from salon.cli import simulate as simulate_mod
from salon.cli import strength as strength_mod
from salon.cli.common import (
    DEFAULT_BOT,
    HUMAN,
    SIMULATE_BOT,
    LangOpt,
    breakdown_table,
    check_game,
    check_lang,
    check_options,
    check_players,
    config_lines,
    config_solo,
    expansions_text,
    game_config,
    seat_bots,
    seat_labels,
    seat_names,
    solo_players,
    winners_line,
)
from salon.cli.ladder import ladder
from salon.cli.play import Seat, Session, position_problem, read_position, save_problem, saved_players
from salon.cli.support import support
from salon.cli.tournament import AddressOpt, BackendOpt, WorkersOpt, tournament
from salon.compiled import ENGINE
from salon.core import record
from salon.core.errors import ConfigError, PositionError, SalonError
from salon.core.game import game_class, game_names
from salon.i18n import count, has, languages, system_language, text
from salon.parallel import check_backend, check_workers

BOT_DELAY = 0.2
"""Seconds of pause after a bot's action while a human watches at a terminal."""


def fail(message: str, code: int = 1) -> None:
    """Print one error line on stderr and exit."""
    line = " ".join(str(message).split())
    sys.stderr.write(f"error: {line}\n")
    sys.stderr.flush()
    sys.exit(code)


EXTRAS = {
    "fastapi": "server", "starlette": "server", "uvicorn": "server", "websockets": "server", "sqlalchemy": "server",
    "alembic": "server", "psycopg": "server", "limits": "server", "pebble": "server", "regex": "server",
    "textual": "tui",
    "numpy": "rl", "gymnasium": "rl", "pettingzoo": "rl", "pyspiel": "rl", "open_spiel": "rl", "ray": "rl",
}
"""The modules that only an extra of salon installs (pyproject.toml), by the extra: salon itself
needs none of them, so a command that does names the extra to install."""

INSTEAD = {"tui": "; or play line by line with --plain"}
"""What a command can do without an extra, where it can."""


def needs_extra(e: BaseException) -> str | None:
    """What to install for a module found missing, when an extra of salon brings it."""
    if not isinstance(e, ModuleNotFoundError):
        return None
    module = (e.name or "").partition(".")[0]
    if (extra := EXTRAS.get(module)) is None:
        return None
    return f"this needs {module}, which comes with salon's {extra} extra: pip install 'salon[{extra}]'" + \
        INSTEAD.get(extra, "")


def speaker(lang: str) -> Callable[..., str]:
    """The texts of a report command in ``lang`` (its ``--lang``, else the locale's)."""
    return lambda key, **fields: text(key, lang, **fields)


def worded(e: SalonError, args: Sequence[str] | None) -> str:
    """A user's mistake (a refused config or option, a bad save file...) in the language of
    the command's ``--lang`` (else the locale's) where the catalogs word its key, else the
    English message."""
    given = list(sys.argv[1:] if args is None else args)
    lang = next((given[i + 1] for i, a in enumerate(given[:-1]) if a == "--lang"), None)
    lang = next((a.partition("=")[2] for a in given if a.startswith("--lang=")), lang)
    lang = lang if lang in languages() else system_language()
    return text(e.key, lang, **e.fields) if e.key and has(e.key, lang) else str(e)


class SalonGroup(TyperGroup):
    """The command group that never shows a traceback or a usage box for a user's mistake."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True, windows_expand_args: bool = True,
             **extra: Any) -> Any:
        try:
            rv = super().main(args=args, prog_name=prog_name or "salon", complete_var=complete_var,
                              standalone_mode=False, windows_expand_args=windows_expand_args, **extra)
        except NoArgsIsHelpError as e:
            # the rich help formatter has already printed the help; the plain one returns it
            if e.format_message().strip():
                sys.stdout.write(e.format_message() + "\n")
            sys.exit(0)
        except TyperException as e:
            fail(e.format_message(), e.exit_code or 2)
        except typer.Abort:
            fail("aborted")
        except SalonError as e:
            fail(worded(e, args))
        except KeyboardInterrupt:
            fail(text("ui.interrupted"), 130)
        except Exception as e:  # a missing extra, or a defect, still reported as one line
            fail(needs_extra(e) or f"unexpected {type(e).__name__}: {e}")
        sys.exit(rv if isinstance(rv, int) else 0)


app = typer.Typer(
    cls=SalonGroup,
    name="salon",
    help="The court games of salon at the terminal (" + ", ".join(game_names()) + "): play against bots or "
         "friends, simulate bot games, replay and verify saved games, measure the engines' speed.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def describe_engine(lang: str) -> str:
    """Which engine runs, the compiled one or the pure twin, and why (salon.compiled)."""
    return text(f"engine.{ENGINE.why}", lang, module=ENGINE.module)


def _show_version(shown: bool) -> None:
    if shown:
        lang = system_language()
        print(text("ui.version", lang, version=importlib.metadata.version("salon"), engine=describe_engine(lang)))
        raise typer.Exit()


VersionOpt = Annotated[bool, typer.Option(
    "--version", callback=_show_version, is_eager=True,
    help="Print the version and which engine runs (compiled, or pure Python and why), then exit.")]


@app.callback()
def _options(version: VersionOpt = False) -> None:
    """The options of ``salon`` itself, before any command."""


GAME_HELP = "The game to play; available: " + ", ".join(game_names()) + "."


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


def _console() -> Console:
    return Console(highlight=False)


@app.command()
def play(
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    players: PlayersOpt = None,
    bots: Annotated[str | None, typer.Option(
        "--bots", "-b",
        help="One name per seat, comma-separated: 'human' or a bot (random, heuristic, ...). "
             "Default: seat 1 human, the others heuristic. "
             "Several human seats share the terminal (hot seat). With --solo: the one player's name.")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the game (default: random; it is printed).")] = None,
    save: Annotated[Path | None, typer.Option(
        help="Write the game record to this file after every action and at the end "
             "(a new file, an empty one or a salon record).")] = None,
    load: Annotated[Path | None, typer.Option(
        help="Continue the game saved in this file, with its seats unless --bots gives them anew; "
             "it is saved to the same file unless --save names another.")] = None,
    lang: LangOpt = None,
    delay: Annotated[float, typer.Option(
        min=0.0, help="Seconds to pause after each bot action while a human plays at a terminal.")] = BOT_DELAY,
    expansions: ExpansionsOpt = None,
    solo: SoloOpt = False,
    edition: EditionOpt = None,
    position: Annotated[Path | None, typer.Option(
        help="Start from the position in this file (docs/positions.md): a puzzle, a tutorial, a bug "
             "report, or one written by --save-position.")] = None,
    save_position: Annotated[Path | None, typer.Option(
        help="Write the position to this file after every action and when the game stops, to start "
             "from it again with --position (a new file, an empty one or a position).")] = None,
    plain: Annotated[bool, typer.Option(
        "--plain", help="Line by line, without the full-screen layout (for screen readers; also when the "
                        "output is no terminal).")] = False,
) -> int:
    """Play a game in the terminal: humans type an option number or an action text.  At a
    terminal the game is laid out full-screen (board, players, journal, choices); --plain, a
    pipe or a game of bots alone prints it line by line."""
    cls = check_game(game)
    lang = check_lang(lang)
    check_options(cls, solo, edition, expansions, lang)
    sup = support(game)
    if save is not None and (problem := save_problem(save)) is not None:
        raise typer.BadParameter(problem, param_hint="'--save'")
    if save_position is not None and (problem := position_problem(save_position)) is not None:
        raise typer.BadParameter(problem, param_hint="'--save-position'")
    keep_saving = load is not None and save is None
    if position is not None:
        for given, option in ((load is not None, "--load"), (save is not None, "--save"), (seed is not None, "--seed"),
                              (expansions is not None, "--expansions"), (solo, "--solo"),
                              (edition is not None, "--edition")):
            if given:
                raise ConfigError(f"{option} and --position exclude each other: a position holds its own settings "
                                  "and has no record to replay (--save-position writes positions)")
        try:
            g = read_position(cls, position)
        except PositionError as e:
            raise typer.BadParameter(str(e), param_hint="'--position'") from None
        automatic = g.description.automated_seats
        seated = g.num_players - len(automatic)
        if players is not None and players != seated:
            raise ConfigError(f"{position} is a {seated}-player position; --players {players} does not match")
        n, names = seat_bots(bots, seated, [HUMAN, DEFAULT_BOT], allow_human=True, solo=config_solo(g))
    elif load is not None:
        for given, option in ((seed is not None, "--seed"), (expansions is not None, "--expansions"),
                              (solo, "--solo"), (edition is not None, "--edition")):
            if given:
                raise ConfigError(f"{option} and --load exclude each other: a saved game keeps its own settings")
        saved = record.load_saved(load)
        g = saved.game
        if g.name != game:
            raise ConfigError(f"{load} holds a game of {g.name}, not {game}")
        automatic = g.description.automated_seats
        seated = g.num_players - len(automatic)
        if players is not None and players != seated:
            raise ConfigError(f"{load} is a {seated}-player game; --players {players} does not match")
        if bots is None and saved.seats is not None:
            n, names = seated, saved_players(load, saved.seats, automatic)
        else:
            n, names = seat_bots(bots, seated, [HUMAN, DEFAULT_BOT], allow_human=True, solo=config_solo(g))
        if keep_saving:
            if (problem := save_problem(load)) is not None:
                raise typer.BadParameter(f"{problem}; continuing the game saves to it (give --save to save "
                                         "elsewhere)", param_hint="'--load'")
            save = load
    else:
        players = solo_players(players, solo)
        n, names = seat_bots(bots, players, [HUMAN, DEFAULT_BOT], allow_human=True, solo=solo)
        check_players(cls, n, solo, lang)
        g = cls.new(game_config(n, expansions, solo, edition), secrets.randbelow(2**31) if seed is None else seed)
        automatic = g.description.automated_seats
    if sup.view is None:
        raise ConfigError(f"the terminal client cannot show {game} yet")
    console = _console()
    every = seat_names(g.num_players, names, automatic)
    labels = seat_labels(every, automatic, lang)
    seats = [Seat(labels[s], None if b == HUMAN or s in automatic else make_bot(b, bot_seed(g.seed, s)), b,
                  automatic=s in automatic) for s, b in enumerate(every)]
    opening = [text("ui.seed", lang, seed=g.seed), text("ui.seats", lang, seats=", ".join(labels)),
               *config_lines(g, labels, automatic, lang)]
    if load is not None:
        opening.append(text("ui.resume", lang, actions=len(g.history)))
    if keep_saving:
        opening.append(text("ui.keep_saving", lang, path=save))
    view = sup.view(g, lang, labels)
    if not plain and console.is_terminal and any(s.bot is None and not s.automatic for s in seats):
        from salon.cli import tui  # the full-screen layout needs the tui extra

        return tui.play(opening, g, seats, view, console, lang, save, delay, sup, save_position)
    for line in opening:  # plain: the seats' labels, the options
        console.print(line, markup=False)
    session = Session(g, seats, view, console, lang, save, delay if console.is_terminal else 0.0, sup, save_position)
    return session.run()


@app.command()
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
    n, names = seat_bots(bots, solo_players(players, solo), [SIMULATE_BOT], allow_human=False, solo=solo)
    check_players(check_game(game), n, solo, lang)
    console = _console()
    show_progress = not as_json and console.is_terminal
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=console, disable=not show_progress, transient=True) as progress:
        task = progress.add_task(say("simulate.progress"), total=games)
        report = simulate_mod.simulate(game, games, n, names, seed, lambda: progress.advance(task), expansions,
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
                          f"{data['mean_score'][s]:.2f}", _wins_text(data["wins"][s]),
                          f"{100 * data['win_rate'][s]:.1f}%")
        console.print(table)
        if report.tie_rule is not None:
            console.print(say(report.tie_rule))
        console.print(say("simulate.summary", decisions=data["mean_decisions"], errors=report.errors,
                           violations=report.invariant_violations, rate=data["games_per_s"]))
        for example in report.error_examples + report.violation_examples:
            console.print(f"  {example}", markup=False)
    return 1 if report.errors or report.invariant_violations else 0


@app.command()
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
        "--games-file", help="Append each finished game to this file as a JSON line, in the schedule's order "
                             "(a run cut short keeps the games it finished).")] = None,
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
    say = speaker(lang)
    check_options(check_game(game), solo, edition, expansions, lang)
    n = solo_players(players, solo) or 2
    probe = game_class(game).new(game_config(n, expansions, solo, edition), 0)  # a bad option fails at once
    for spec in (bot, against):
        check_bot(spec, probe)
    match = strength_mod.Match(game, bot, against, n, expansions, solo, edition)
    test = (Sprt(*parse_bounds(sprt), alpha=alpha, beta=beta, opponents=strength_mod.opponents(match))
            if sprt is not None else None)
    console = _console()
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=console, disable=as_json or not console.is_terminal, transient=True) as progress:
        task = progress.add_task(say("strength.progress"), total=games)
        sink = games_file.open("a", encoding="utf-8") if games_file is not None else None

        def done(outcome: strength_mod.Outcome) -> None:
            progress.advance(task)
            if sink is not None:
                sink.write(json.dumps(dataclasses.asdict(outcome)) + "\n")
                sink.flush()

        try:
            outcomes = strength_mod.run(match, games, seed, workers, done, test)
        finally:
            if sink is not None:
                sink.close()
    data = strength_mod.report(match, outcomes, seed, test)
    if as_json:
        print(json.dumps(data))
        return 0
    low, high = data["win_rate_95"]
    automatic = probe.description.automated_seats
    # in the solo mode the measured bot plays the game's own opponent, whatever --against says
    key, opponent = (("strength.result_solo", ", ".join(text(f"player.{a}", lang) for a in automatic.values()))
                     if solo and automatic else ("strength.result", against))
    console.print(say(key, bot=bot, against=opponent, opponent=opponent, game=game, players=n, games=data["games"],
                       wins=_wins_text(data["wins"]), rate=f"{100 * data['win_rate']:.1f}",
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
    return 0


@app.command()
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
    check_bot(bot)
    config = game_config(n, expansions, solo, edition)
    fitted = fit_mod.fitted_for(game_class(game).new(config, seed))
    names = [w.strip() for w in weights.split(",")] if weights else None
    if names is not None:
        fit_mod.check_names(fitted, names)
    console = _console()
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=console, disable=as_json or not console.is_terminal, transient=True) as progress:
        task = progress.add_task(say("fit.progress"), total=games)
        samples = fit_mod.record(game, config, range(seed, seed + games), bot, every, lambda: progress.advance(task))
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
    console.print(say("fit.title", game=game, games=games, positions=len(samples)))
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
    return 0


SPRT_VERDICTS = {"H1": "strength.sprt_accepted", "H0": "strength.sprt_rejected",
                 "inconclusive": "strength.sprt_inconclusive"}
"""The words of a sequential test's verdict, by the verdict of the JSON report."""


def _wins_text(wins: float) -> str:
    """A seat's wins: a whole number, or with two decimals when shared first places split a win."""
    return str(round(wins)) if abs(wins - round(wins)) < 1e-9 else f"{wins:.2f}"


def record_labels(saved: record.Saved, lang: str) -> list[str]:
    """The seats of a record labelled as its seat list names them ("Player 2 (heuristic)"); a
    record without one (a version 1 record, an older server's) has "Player 2"."""
    g = saved.game
    automatic = g.description.automated_seats
    names = list(saved.seats) if saved.seats is not None else seat_names(
        g.num_players, [HUMAN] * g.num_players, automatic)
    return seat_labels(names, automatic, lang)


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(
        help="A game record: written by 'salon play --save', or a finished game's record from a salon server.")],
    verify: Annotated[bool, typer.Option(
        "--verify", help="Only verify the record, then print its final scoring (or where it stands).")] = False,
    plain: Annotated[bool, typer.Option(
        "--plain", help="Print as --verify does, without the full-screen viewer (also when the output is no "
                        "terminal).")] = False,
    as_json: JsonOpt = False,
    lang: LangOpt = None,
) -> int:
    """Step through a recorded game move by move, turn by turn and round by round, every seat's
    cards shown (at a terminal); with --verify, --plain, --json or no terminal, verify the record
    by replaying it and print its final scoring (or where it stands)."""
    lang = check_lang(lang)
    saved = record.load_saved(file)
    g = saved.game
    sup = support(g.name)
    automatic = g.description.automated_seats
    labels = record_labels(saved, lang)
    if not (verify or plain or as_json) and sup.view is not None and _console().is_terminal:
        from salon.cli import replay_view  # the full-screen viewer needs the tui extra

        replay_view.view(g, labels, sup, lang)
        return 0
    over = g.is_over()
    if as_json:
        print(json.dumps({
            "file": str(file),
            "game": g.name,
            "seed": g.seed,
            "config": g.config_json(),
            "actions": len(g.history),
            "state_hash": g.state_hash(),
            "over": over,
            "result": g.result().to_json() if over else None,
            "current_player": g.current_player(),
            "decision": None if over else g.decision(),
        }))
        return 0
    console = _console()
    console.print(text("replay.verified", lang, path=file, game=g.name, seed=g.seed, actions=len(g.history)),
                  markup=False)
    for line in config_lines(g, labels, automatic, lang):
        console.print(line, markup=False)
    if over:
        result = g.result()
        console.print(breakdown_table(g, sup, labels, lang))
        console.print(Text(winners_line(result, labels, lang), style="bold"))
        return 0
    seat = g.current_player()
    console.print(text("ui.unfinished", lang, actions=len(g.history), player=labels[seat or 0],
                       kind=g.decision().get("kind", "")), markup=False)
    if sup.view is not None:
        console.print(sup.view(g, lang, labels).standing())
    return 0


@app.command()
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
    console = _console()
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
    table = Table(title=say("bench.title", game=game), title_justify="left")
    for key in ("players", "games", "decisions"):
        table.add_column(say("bench.col_" + key), justify="right")
    for n, row in data["players"].items():
        table.add_row(n, f"{row['games_per_s']:.1f}", f"{row['decisions_per_s']:.0f}")
    if data["expansions"]:
        console.print(say("ui.expansions", names=expansions_text(data["expansions"], lang)))
    if solo:
        console.print(say("bench.solo"))
    if secret_seeds:
        console.print(say("bench.secret"))
    if edition is not None:
        console.print(say("ui.edition", edition=say(f"edition.{edition.strip()}")))
    console.print(say("bench.engine", engine=describe_engine(lang)))
    console.print(table)
    reference = data["reference"]
    if reference is not None:  # the row of 4 players, Hearts' count, where the game has one
        players = "4" if "4" in data["players"] else list(data["players"])[-1]
        ratio = data["players"][players]["decisions_per_s"] / reference["decisions_per_s"]
        console.print(say("bench.reference", decisions=f"{reference['decisions_per_s']:.0f}", game=game,
                          players=players, ratio=f"{ratio:.2f}"))
    console.print(say("bench.evaluate", us=f"{data['evaluate_us_per_call']:.1f}"))
    console.print(say("bench.heuristic", ms=f"{data['heuristic_ms_per_decision']:.2f}"))
    console.print(say("bench.search", worlds=f"{data['search']['worlds_per_s']:.1f}",
                       play_outs=f"{data['search']['play_outs_per_s']:.1f}"))
    speed = data["parallel"]
    console.print(say("bench.parallel", workers=speed["workers"], parallel=f"{speed['parallel_games_per_s']:.1f}",
                       serial=f"{speed['serial_games_per_s']:.1f}", players=speed["players"],
                       speedup=f"{speed['speedup']:.2f}"))
    return 0


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


def _add_serve() -> None:
    """``salon serve``; without the server extra, a command of that name that says how to
    install it (its options are unknown then, and so accepted)."""
    try:
        from salon.cli.serve import serve
    except ModuleNotFoundError as e:
        if (problem := needs_extra(e)) is None:
            raise

        @app.command("serve", help=f"Serve the browser client: {escape(problem)}.",
                     context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
        def unavailable() -> None:
            fail(problem)
    else:
        app.command()(serve)


_add_serve()
app.command()(tournament)
app.command()(learning.selfplay)
app.command()(learning.train)
app.command()(ladder)
