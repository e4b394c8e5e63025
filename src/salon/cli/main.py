"""The ``salon`` command: the command group, assembled from one module a command
(salon.cli.commands) with what the group gives them all (salon.cli.group: one error line
for every mistake, the version).

A command's module is imported only when that command is called for (or ``--help`` lists
them all): ``salon play`` and ``salon --version`` need not load the web stack, whose
import alone took a second."""

from __future__ import annotations

import importlib
from importlib.util import find_spec
from typing import Any

import typer
from rich.markup import escape
from typer._click import Command

from salon.cli.group import EXTRAS, LazyCommands, SalonGroup, VersionOpt, fail, needs_extra
from salon.core.game import game_names
from salon.parallel import tune_collector

COMMANDS = ("play", "learn", "simulate", "strength", "fit", "replay", "bench", "serve", "admin", "tournament",
            "selfplay", "train", "ladder", "regret")
"""The commands in the order ``--help`` lists them, each defined by the module of its name in
salon.cli.commands (a function of that name, or for ``admin`` and ``regret`` a group)."""

SERVER = {"serve": "Serve the browser client", "admin": "The operator's tools"}
"""The commands of the server extra, and the help each shows where the extra is missing."""


def _command(name: str) -> Command:
    """The click command ``name``; without the server extra, for ``serve`` and ``admin``, one
    that says how to install it (its options are unknown then, and so accepted).  The extra is
    looked for, not imported: these commands load the web stack only as they run."""
    if name in SERVER and (problem := _missing("server")) is not None:
        return _unavailable(name, problem)
    found = getattr(importlib.import_module(f"salon.cli.commands.{name}"), name)
    if isinstance(found, typer.Typer):
        command = typer.main.get_command(found)
    else:
        single = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
        single.command(name)(found)
        command = typer.main.get_command(single)
    # --help lists a command by its help's first paragraph, which keeps its docstring's line
    # breaks in rich markup: joined, rich wraps it to the terminal
    command.short_help = " ".join((command.help or "").split("\n\n")[0].split())
    return command


def _missing(extra: str) -> str | None:
    """What to install where a module that only ``extra`` brings cannot be found."""
    for module, of in EXTRAS.items():
        if of == extra and find_spec(module) is None:
            return needs_extra(ModuleNotFoundError(name=module))
    return None


def _unavailable(name: str, problem: str) -> Command:
    single = typer.Typer(add_completion=False, pretty_exceptions_enable=False)

    @single.command(name, help=f"{SERVER[name]}: {escape(problem)}.",
                    context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
    def unavailable() -> None:
        fail(problem)
    return typer.main.get_command(single)


class Salon(SalonGroup):
    """salon's own group: its commands loaded as they are called for."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.commands = LazyCommands(COMMANDS, _command)


app = typer.Typer(
    cls=Salon,
    name="salon",
    help="The court games of salon at the terminal (" + ", ".join(game_names()) + "): play against bots or "
         "friends, simulate bot games, replay and verify saved games, measure the engines' speed.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _options(version: VersionOpt = False) -> None:
    """The options of ``salon`` itself, before any command; and the garbage collector tuned
    for the games that most commands play or serve (salon.parallel.tune_collector)."""
    tune_collector()
