"""``salon learn``: a game's tutorial at the terminal, then a real game against a bot.

Without a game it lists every tutorial there is; with one, it plays the game's first tutorial
(or the one named) step by step (salon.cli.learn) and, at its end, offers the game it hands over
to: the learner against the tutorial's bot (Easy), in the full-screen client.
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape

from salon.cli.common import LangOpt, bot_word, check_game, check_lang, make_console, seat_label
from salon.cli.learn import LessonSession, lesson_text
from salon.cli.options import BRIEF_GAME_HELP
from salon.cli.support import support
from salon.core.errors import ConfigError
from salon.core.game import game_names
from salon.core.tutorial import Tutorial, tutorial, tutorials
from salon.i18n import text

TutorialArg = Annotated[str | None, typer.Argument(help="The tutorial (default: the game's first).")]
ThenOpt = Annotated[bool, typer.Option(
    "--then/--no-then", help="At the end, play a real game against the tutorial's bot (asked first).")]


def learn(
    game: Annotated[str | None, typer.Argument(help=BRIEF_GAME_HELP + " Without it: the tutorials there are.")] = None,
    name: TutorialArg = None,
    lang: LangOpt = None,
    then: ThenOpt = True,
) -> int:
    """Learn a game by playing: a short scripted game in which each step says what to do and
    why, and only the taught move is taken (type its number; 'rules' shows the rules it
    applies, 'board' the whole board, 'quit' stops)."""
    lang = check_lang(lang)
    console = make_console()
    if game is None:
        for each in game_names():
            for found in tutorials(each).values():
                console.print(f"salon learn {each} {found.name}: {escape(lesson_text(found.key('title'), lang))}")
        return 0
    check_game(game)
    found = _tutorial(game, name)
    view = support(game).view
    if view is None:
        raise ConfigError(f"the terminal client cannot show {game} yet")
    game_now = found.new_game()
    automatic = game_now.description.automated_seats
    labels = [text(f"player.{automatic[s]}", lang) if s in automatic
              else seat_label(s, None if s == found.seat else found.bot, lang) for s in range(game_now.num_players)]
    session = LessonSession(found, lambda lesson: view(lesson.game, lang, labels), lang, console, input)
    if not session.run():
        return 0
    console.print(f"[bold]{escape(lesson_text(found.key('done'), lang))}[/]")
    if then and _yes(text("learn.then", lang, bot=bot_word(found.bot, lang))):
        return _handover(found, lang)
    return 0


def _tutorial(game: str, name: str | None) -> Tutorial:
    """The tutorial asked for, else the game's first; a game without one is refused."""
    every = tutorials(game)
    if not every:
        raise ConfigError(f"{game} has no tutorial")
    return tutorial(game, name) if name is not None else next(iter(every.values()))


def _yes(question: str) -> bool:
    try:
        return input(question + " ").strip().lower() in ("", "y", "yes", "o", "oui", "j", "ja", "т", "так")
    except EOFError:
        return False


def _handover(found: Tutorial, lang: str) -> int:
    """The real game: the learner's seat a person's, the others the tutorial's bot."""
    from salon.cli.commands.play import play

    config = found.then or found.start.get("config") or {}
    solo = bool(config.get("solo"))
    players = int(config.get("players", 1 if solo else 2))
    bots = ",".join("human" if s == found.seat else found.bot for s in range(players))
    return play(found.game, players=players, bots=bots, lang=lang, solo=solo,
                expansions=",".join(config.get("expansions", ())) or None)
