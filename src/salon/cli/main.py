"""The ``salon`` command: the command group, assembled from one module a command
(salon.cli.commands) with what the group gives them all (salon.cli.group: one error line
for every mistake, the version)."""

from __future__ import annotations

import typer
from rich.markup import escape

from salon.cli.commands.bench import bench
from salon.cli.commands.fit import fit
from salon.cli.commands.ladder import ladder
from salon.cli.commands.learn import learn
from salon.cli.commands.play import play
from salon.cli.commands.regret import regret
from salon.cli.commands.replay import replay
from salon.cli.commands.selfplay import selfplay
from salon.cli.commands.simulate import simulate
from salon.cli.commands.strength import strength
from salon.cli.commands.tournament import tournament
from salon.cli.commands.train import train
from salon.cli.group import SalonGroup, VersionOpt, fail, needs_extra
from salon.core.game import game_names

app = typer.Typer(
    cls=SalonGroup,
    name="salon",
    help="The court games of salon at the terminal (" + ", ".join(game_names()) + "): play against bots or "
         "friends, simulate bot games, replay and verify saved games, measure the engines' speed.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _options(version: VersionOpt = False) -> None:
    """The options of ``salon`` itself, before any command."""


def _add_serve() -> None:
    """``salon serve`` and ``salon admin``; without the server extra, commands of those names
    that say how to install it (their options are unknown then, and so accepted)."""
    try:
        from salon.cli.commands.admin import admin
        from salon.cli.commands.serve import serve
    except ModuleNotFoundError as e:
        if (problem := needs_extra(e)) is None:
            raise
        for name, what in (("serve", "Serve the browser client"), ("admin", "The operator's tools")):
            @app.command(name, help=f"{what}: {escape(problem)}.",
                         context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
            def unavailable() -> None:
                fail(problem)
    else:
        app.command()(serve)
        app.add_typer(admin)


app.command()(play)
app.command()(learn)
app.command()(simulate)
app.command()(strength)
app.command()(fit)
app.command()(replay)
app.command()(bench)
_add_serve()
app.command()(tournament)
app.command()(selfplay)
app.command()(train)
app.command()(ladder)
app.add_typer(regret)
