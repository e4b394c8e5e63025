"""``salon play``: a game in the terminal for any mix of people and bots.

A game comes from one of three places, each with the options it allows: a new game from its
options, a saved record (``--load``, which keeps its own settings and is saved to again) or a
position (``--position``, which holds its own settings and has no record).  Then the seats
are made and the session runs (salon.cli.play), full-screen where a person plays at a
terminal, else line by line.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated

import typer

from salon.bots.base import BotSpec, bot_seed
from salon.cli.common import (
    DEFAULT_BOT,
    HUMAN,
    LangOpt,
    check_game,
    check_lang,
    check_options,
    check_players,
    config_lines,
    config_solo,
    game_config,
    make_console,
    player_name,
    seat_labels,
    seat_names,
    seat_players,
    solo_players,
)
from salon.cli.files import position_problem, read_position, save_problem, saved_players
from salon.cli.options import GAME_HELP, EditionOpt, ExpansionsOpt, PlayersOpt, SoloOpt
from salon.cli.play import Seat, Session
from salon.cli.preferences import from_options
from salon.cli.support import GameSupport, GameView, support
from salon.core import record
from salon.core.choices import Preferences
from salon.core.errors import ConfigError, PositionError
from salon.core.game import Game
from salon.i18n import text

BOT_DELAY = 0.2
"""Seconds of pause after a bot's action while a human watches at a terminal."""

BotsOpt = Annotated[str | None, typer.Option(
    "--bots", "-b",
    help="One name per seat, comma-separated: 'human' or a bot (random, heuristic, ...). "
         "Default: seat 1 human, the others heuristic. "
         "Several human seats share the terminal (hot seat). With --solo: the one player's name.")]
SeedOpt = Annotated[int | None, typer.Option(help="Seed of the game (default: random; it is printed).")]
SaveOpt = Annotated[Path | None, typer.Option(
    help="Write the game record to this file after every action and at the end "
         "(a new file, an empty one or a salon record).")]
LoadOpt = Annotated[Path | None, typer.Option(
    help="Continue the game saved in this file, with its seats unless --bots gives them anew; "
         "it is saved to the same file unless --save names another.")]
DelayOpt = Annotated[float, typer.Option(
    min=0.0, help="Seconds to pause after each bot action while a human plays at a terminal.")]
PositionOpt = Annotated[Path | None, typer.Option(
    help="Start from the position in this file (docs/positions.md): a puzzle, a tutorial, a bug "
         "report, or one written by --save-position.")]
SavePositionOpt = Annotated[Path | None, typer.Option(
    help="Write the position to this file after every action and when the game stops, to start "
         "from it again with --position (a new file, an empty one or a position).")]
AutoOpt = Annotated[str | None, typer.Option(
    "--auto", help="What the game answers for the people playing, comma-separated: free (use a bonus that only "
                   "gains), pass (pass or be done when that is the only choice), or none. Default: free,pass. A "
                   "decision whose every choice comes to the same is always taken; 'settings' changes this in play.")]
ConfirmOpt = Annotated[bool, typer.Option(
    "--confirm", help="Ask before playing a move that cannot be taken back.")]
PlainOpt = Annotated[bool, typer.Option(
    "--plain", help="Line by line, without the full-screen layout (for screen readers; also when the "
                    "output is no terminal).")]


def play(
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    players: PlayersOpt = None,
    bots: BotsOpt = None,
    seed: SeedOpt = None,
    save: SaveOpt = None,
    load: LoadOpt = None,
    lang: LangOpt = None,
    delay: DelayOpt = BOT_DELAY,
    expansions: ExpansionsOpt = None,
    solo: SoloOpt = False,
    edition: EditionOpt = None,
    position: PositionOpt = None,
    save_position: SavePositionOpt = None,
    plain: PlainOpt = False,
    auto: AutoOpt = None,
    confirm: ConfirmOpt = False,
) -> int:
    """Play a game in the terminal: humans type an option number or an action text.  At a
    terminal the game is laid out full-screen (board, players, journal, choices); --plain, a
    pipe or a game of bots alone prints it line by line."""
    cls = check_game(game)
    lang = check_lang(lang)
    check_options(cls, solo, edition, expansions, lang)
    sup = support(game)
    _check_targets(save, save_position)
    prefs = _preferences(auto, confirm)
    keep_saving = load is not None and save is None
    if position is not None:
        _exclusive("--position", "a position holds its own settings and has no record to replay (--save-position "
                   "writes positions)", ((load is not None, "--load"), (save is not None, "--save"),
                                         (seed is not None, "--seed"), (expansions is not None, "--expansions"),
                                         (solo, "--solo"), (edition is not None, "--edition")))
        g, playing = _from_position(cls, position, players, bots)
    elif load is not None:
        _exclusive("--load", "a saved game keeps its own settings",
                   ((seed is not None, "--seed"), (expansions is not None, "--expansions"), (solo, "--solo"),
                    (edition is not None, "--edition")))
        g, playing = _from_record(game, load, players, bots)
        if keep_saving:
            save = _saving_to(load)
    else:
        g, playing = _new_game(cls, players, bots, seed, expansions, solo, edition, lang)
    if sup.view is None:
        raise ConfigError(f"the terminal client cannot show {game} yet")
    seats, labels = _seats(g, playing, lang, prefs)
    opening = _opening(g, labels, lang, resumed=load is not None, kept=save if keep_saving else None)
    return _run(g, seats, sup.view(g, lang, labels), opening, sup, lang, save, delay, save_position, plain)


def _check_targets(save: Path | None, save_position: Path | None) -> None:
    """Refuse a file to save to that is no record (or position) of salon, before anything is played."""
    if save is not None and (problem := save_problem(save)) is not None:
        raise typer.BadParameter(problem, param_hint="'--save'")
    if save_position is not None and (problem := position_problem(save_position)) is not None:
        raise typer.BadParameter(problem, param_hint="'--save-position'")


def _preferences(auto: str | None, confirm: bool) -> Preferences:
    """The preferences of every person at the table (salon.cli.preferences)."""
    try:
        return from_options(auto, confirm)
    except ValueError as e:
        raise typer.BadParameter(str(e), param_hint="'--auto'") from None


def _exclusive(option: str, why: str, others: Iterable[tuple[bool, str]]) -> None:
    """Refuse the first option given that ``option`` excludes, saying why."""
    for given, other in others:
        if given:
            raise ConfigError(f"{other} and {option} exclude each other: {why}")


def _from_position(cls: type[Game], position: Path, players: int | None, bots: str | None
                   ) -> tuple[Game, list[BotSpec | None]]:
    """The game of a position file, and who sits where (``--bots``, else a person and bots)."""
    try:
        g = read_position(cls, position)
    except PositionError as e:
        raise typer.BadParameter(str(e), param_hint="'--position'") from None
    seated = g.num_players - len(g.description.automated_seats)
    if players is not None and players != seated:
        raise ConfigError(f"{position} is a {seated}-player position; --players {players} does not match")
    _, playing = seat_players(bots, seated, [HUMAN, DEFAULT_BOT], solo=config_solo(g))
    return g, playing


def _from_record(game: str, load: Path, players: int | None, bots: str | None
                 ) -> tuple[Game, list[BotSpec | None]]:
    """The game of a saved record, and who sits where: ``--bots``, else the record's own seats."""
    saved = record.load_saved(load)
    g = saved.game
    if g.name != game:
        raise ConfigError(f"{load} holds a game of {g.name}, not {game}")
    automatic = g.description.automated_seats
    seated = g.num_players - len(automatic)
    if players is not None and players != seated:
        raise ConfigError(f"{load} is a {seated}-player game; --players {players} does not match")
    if bots is None and saved.seats is not None:
        return g, saved_players(load, saved.seats, automatic)
    _, playing = seat_players(bots, seated, [HUMAN, DEFAULT_BOT], solo=config_solo(g))
    return g, playing


def _saving_to(load: Path) -> Path:
    """The loaded file, which a continued game is saved to, once it is known to take a record."""
    if (problem := save_problem(load)) is not None:
        raise typer.BadParameter(f"{problem}; continuing the game saves to it (give --save to save "
                                 "elsewhere)", param_hint="'--load'")
    return load


def _new_game(cls: type[Game], players: int | None, bots: str | None, seed: int | None, expansions: str | None,
              solo: bool, edition: str | None, lang: str) -> tuple[Game, list[BotSpec | None]]:
    """A new game of the options (a random seed unless ``--seed``), and who sits where."""
    n, playing = seat_players(bots, solo_players(players, solo), [HUMAN, DEFAULT_BOT], solo=solo)
    check_players(cls, n, solo, lang)
    g = cls.new(game_config(n, expansions, solo, edition), secrets.randbelow(2**31) if seed is None else seed)
    return g, playing


def _seats(g: Game, players: list[BotSpec | None], lang: str, prefs: Preferences) -> tuple[list[Seat], list[str]]:
    """Every seat of the game, a person's (with ``prefs``), a bot's (seeded from the game's seed)
    or the game's own, with the labels the session shows."""
    automatic = g.description.automated_seats
    every = seat_names(g.num_players, [player_name(p) for p in players], automatic)
    labels = seat_labels(every, automatic, lang)
    given = iter(players)
    bots = [None if s in automatic else next(given) for s in range(g.num_players)]
    seats = [Seat(labels[s], None if b is None else b.make(bot_seed(g.seed, s)), every[s], automatic=s in automatic,
                  prefs=prefs) for s, b in enumerate(bots)]
    return seats, labels


def _opening(g: Game, labels: list[str], lang: str, resumed: bool, kept: Path | None) -> list[str]:
    """The lines a session opens with: the seed, the seats, the options, and whether the game
    continues a saved one (and is saved to it)."""
    opening = [text("ui.seed", lang, seed=g.seed), text("ui.seats", lang, seats=", ".join(labels)),
               *config_lines(g, labels, g.description.automated_seats, lang)]
    if resumed:
        opening.append(text("ui.resume", lang, actions=len(g.history)))
    if kept is not None:
        opening.append(text("ui.keep_saving", lang, path=kept))
    return opening


def _run(g: Game, seats: list[Seat], view: GameView, opening: list[str], sup: GameSupport, lang: str,
         save: Path | None, delay: float, save_position: Path | None, plain: bool) -> int:
    """The session: full-screen where a person plays at a terminal, else line by line."""
    console = make_console()
    if not plain and console.is_terminal and any(s.bot is None and not s.automatic for s in seats):
        from salon.cli import tui  # the full-screen layout needs the tui extra

        return tui.play(opening, g, seats, view, console, lang, save, delay, sup, save_position)
    for line in opening:  # plain: the seats' labels, the options
        console.print(line, markup=False)
    session = Session(g, seats, view, console, lang, save, delay if console.is_terminal else 0.0, sup, save_position)
    return session.run()
