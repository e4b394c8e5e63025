"""``salon serve``: the game server for playing in a browser (lobby, online play, bots)."""

from __future__ import annotations

from typing import Annotated

import typer

from salon.web.storage import describe

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def serve(
    host: Annotated[str, typer.Option(
        help="Address to listen on; the default accepts this computer only. "
             "0.0.0.0 lets other computers of your network join.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    db: Annotated[str | None, typer.Option(
        help="Where games are stored: sqlite:///FILE, or postgresql://USER:PASSWORD@HOST/DB "
             "(needs psycopg). Default: salon.db in your data directory.")] = None,
    bot_delay: Annotated[float, typer.Option(
        min=0.0, help="Seconds a bot waits before each of its actions, so that people can follow.")] = 0.6,
) -> int:
    """Serve the browser client: create and join games, play online against people and bots."""
    from salon.web import server  # the web stack loads only for this command

    server.check_port(host, port)
    server.check_database(db)
    url = server.url_of(host, port)
    typer.echo(f"salon: open {url} in your browser (games are stored in {describe(db)}); Ctrl+C stops the server.")
    if host not in LOOPBACK:
        typer.echo(f"salon: listening on {host}: other computers can reach this server.")
    server.run(host, port, db, bot_delay)
    return 0
