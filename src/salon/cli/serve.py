"""``salon serve``: the game server for playing in a browser (lobby, online play, bots)."""

from __future__ import annotations

from typing import Annotated

import typer

from salon.web.guard import Limits
from salon.web.storage import describe

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def serve(
    host: Annotated[str, typer.Option(
        help="Address to listen on; the default accepts this computer only. "
             "0.0.0.0 lets other computers of your network join.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    db: Annotated[str | None, typer.Option(
        help="Where games are stored: sqlite:///FILE, or postgresql://USER:PASSWORD@HOST/DB. "
             "Default: salon.db in your data directory.")] = None,
    bot_delay: Annotated[float, typer.Option(
        min=0.0, help="Seconds a bot waits before each of its actions, so that people can follow.")] = 0.6,
    allow_bot_tables: Annotated[bool, typer.Option(
        help="Let tables have bots only (always allowed when listening on this computer only).")] = False,
    max_tables: Annotated[int, typer.Option(min=1, help="Most unfinished tables in all.")] = Limits.max_tables,
    max_tables_per_client: Annotated[int, typer.Option(
        min=1, help="Most unfinished tables one address may create.")] = Limits.max_tables_per_client,
    max_spectators: Annotated[int, typer.Option(
        min=0, help="Most spectators watching one table.")] = Limits.max_spectators,
    max_connections_per_client: Annotated[int, typer.Option(
        min=1, help="Most live connections from one address.")] = Limits.max_connections_per_client,
    create_rate: Annotated[str, typer.Option(
        help="How many tables one address may create, e.g. 20/hour.")] = Limits.create_rate,
    join_rate: Annotated[str, typer.Option(
        help="How many seats one address may take, e.g. 60/hour.")] = Limits.join_rate,
    request_timeout: Annotated[float, typer.Option(
        min=0.1, help="Seconds a client has to send a whole request; then its connection is closed.")] = 5.0,
) -> int:
    """Serve the browser client: create and join games, play online against people and bots."""
    from limits import parse

    from salon.web import server  # the web stack loads only for this command

    for option, rate in (("--create-rate", create_rate), ("--join-rate", join_rate)):
        try:
            parse(rate)
        except ValueError:
            raise typer.BadParameter(f"{rate!r} is not a rate such as 20/hour or 5/minute",
                                     param_hint=f"'{option}'") from None
    limits = Limits(max_tables=max_tables, max_tables_per_client=max_tables_per_client,
                    max_spectators=max_spectators, max_connections_per_client=max_connections_per_client,
                    create_rate=create_rate, join_rate=join_rate,
                    allow_bot_tables=allow_bot_tables or host in LOOPBACK)

    server.check_port(host, port)
    server.check_database(db)
    url = server.url_of(host, port)
    typer.echo(f"salon: open {url} in your browser (games are stored in {describe(db)}); Ctrl+C stops the server.")
    if host not in LOOPBACK:
        typer.echo(f"salon: listening on {host}: other computers can reach this server.")
    server.run(host, port, db, bot_delay, limits, request_timeout)
    return 0
