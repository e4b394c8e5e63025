"""``salon serve``: the game server for playing in a browser (lobby, online play, bots).

It needs the server extra, which salon.cli.main looks for before it offers the command; the
web stack itself is imported only when the command runs, so that ``salon --help`` lists the
command without loading it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from salon.web.caps import Limits

if TYPE_CHECKING:
    from salon.web.guard import Proxies

LOOPBACK = ("127.0.0.1", "localhost", "::1")

HostOpt = Annotated[str, typer.Option(
    help="Address to listen on; the default accepts this computer only. "
         "0.0.0.0 lets other computers of your network join.")]
PortOpt = Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")]
DbOpt = Annotated[str | None, typer.Option(
    envvar="SALON_DB_URL", show_envvar=True,
    help="Where games are stored: sqlite:///FILE, or postgresql://USER@HOST/DB. Default: salon.db in your "
         "data directory. Give a password in SALON_DB_URL, --db-password-file or libpq's PGPASSFILE, "
         "not on the command line, where every user of the computer can read it.")]
DbPasswordFileOpt = Annotated[Path | None, typer.Option(
    exists=True, dir_okay=False, readable=True,
    help="A file holding the PostgreSQL password (its first line), added to --db.")]
BotDelayOpt = Annotated[float, typer.Option(
    min=0.0, help="Seconds a bot waits before each of its actions, so that people can follow.")]
AllowBotTablesOpt = Annotated[bool, typer.Option(
    help="Let tables have bots only: each keeps a worker busy for nobody until its game ends. Always "
         "allowed on a server for this computer only (listening on it, with no --proxy).")]
AllowBotParametersOpt = Annotated[bool, typer.Option(
    help="Let tables have bots with parameters (search:think=5), each within its bound: one such bot "
         "can hold a worker for --max-bot-think seconds a move, and a table of them every worker. Always "
         "allowed on a server for this computer only (listening on it, with no --proxy).")]
MaxTablesOpt = Annotated[int, typer.Option(min=1, help="Most unfinished tables in all.")]
MaxTablesPerClientOpt = Annotated[int, typer.Option(
    min=1, help="Most unfinished tables one address may create.")]
MaxTablesPerNetworkOpt = Annotated[int, typer.Option(
    min=1, help="Most unfinished tables the addresses of one network (an IPv4 /24, an IPv6 /48) may create.")]
AbandonAfterOpt = Annotated[float, typer.Option(
    min=1.0, help="Minutes an unfinished table may go with no seated person connected before it is ended, "
                  "so that its place counts for nobody.")]
MaxSpectatorsOpt = Annotated[int, typer.Option(min=0, help="Most spectators watching one table.")]
MaxConnectionsPerClientOpt = Annotated[int, typer.Option(min=1, help="Most live connections from one address.")]
CreateRateOpt = Annotated[str, typer.Option(help="How many tables one address may create, e.g. 20/hour.")]
JoinRateOpt = Annotated[str, typer.Option(help="How many seats one address may take, e.g. 60/hour.")]
RequestTimeoutOpt = Annotated[float, typer.Option(
    min=0.1, help="Seconds a client has to send a whole request, or to read a response it holds up; "
                  "then its connection is closed.")]
WorkersOpt = Annotated[int | None, typer.Option(
    min=1, help="Processes that think for the bots, the hints and the replays. Default: one per core but "
                "one, two at least (one is kept for quick jobs).")]
MaxBotThinkOpt = Annotated[float, typer.Option(
    min=0.01, help="The longest think time a bot with parameters (search:think=N) may be given. Such bots "
                   "are offered by a server for this computer only, or with --allow-bot-parameters; "
                   "others offer the levels.")]
HintRateOpt = Annotated[str, typer.Option(
    help="How many hints one seat, and one address, may ask for, e.g. 10/minute.")]
ReplayRateOpt = Annotated[str, typer.Option(help="How many replay steps one address may ask for, e.g. 120/minute.")]
SessionDaysOpt = Annotated[float, typer.Option(
    min=0.01, help="Days a signed-in session lasts without a request; then its player signs in again.")]
ProxyOpt = Annotated[list[str] | None, typer.Option(
    help="The address (or network) of a reverse proxy in front of the server: only its X-Forwarded-For "
         "is believed, and clients are counted by the address it forwards. Repeat for several. Default: "
         "none, every client is counted by its own address.")]
AllowedHostOpt = Annotated[list[str] | None, typer.Option(
    help="A name the server answers to besides what --host implies (the public name behind a proxy, "
         "say; *.example.org for a whole domain). Requests naming other hosts are refused, against "
         "DNS rebinding. Repeat for several.")]
SmtpHostOpt = Annotated[str | None, typer.Option(
    help="The SMTP server that sends the server's letters (a player's turn, an account's links). Without it "
         "mail is off: letters wait unsent, and expire after a day.")]
SmtpPortOpt = Annotated[int | None, typer.Option(
    min=1, max=65535, help="The SMTP server's port. Default: 465 with --smtp-tls, else 587.")]
SmtpUserOpt = Annotated[str | None, typer.Option(help="Who to sign in to the SMTP server as.")]
SmtpPasswordFileOpt = Annotated[Path | None, typer.Option(
    exists=True, dir_okay=False, readable=True,
    help="A file holding the SMTP password (its first line): never on the command line.")]
SmtpStartTlsOpt = Annotated[bool, typer.Option(
    "--smtp-starttls/--smtp-tls",
    help="STARTTLS (required, unless the SMTP server is on this computer), or TLS from the first byte.")]
MailFromOpt = Annotated[str | None, typer.Option(help="The address letters come from (needed with --smtp-host).")]
SiteUrlOpt = Annotated[str | None, typer.Option(
    help="The server's public address, where the letters' links point, e.g. https://salon.example.org/. "
         "Default: the address it listens on.")]


def serve(
    ctx: typer.Context,
    host: HostOpt = "127.0.0.1",
    port: PortOpt = 8000,
    db: DbOpt = None,
    db_password_file: DbPasswordFileOpt = None,
    bot_delay: BotDelayOpt = 0.6,
    allow_bot_tables: AllowBotTablesOpt = False,
    allow_bot_parameters: AllowBotParametersOpt = False,
    max_tables: MaxTablesOpt = Limits.max_tables,
    max_tables_per_client: MaxTablesPerClientOpt = Limits.max_tables_per_client,
    max_tables_per_network: MaxTablesPerNetworkOpt = Limits.max_tables_per_network,
    abandon_after: AbandonAfterOpt = Limits.abandon_after / 60,
    max_spectators: MaxSpectatorsOpt = Limits.max_spectators,
    max_connections_per_client: MaxConnectionsPerClientOpt = Limits.max_connections_per_client,
    create_rate: CreateRateOpt = Limits.create_rate,
    join_rate: JoinRateOpt = Limits.join_rate,
    request_timeout: RequestTimeoutOpt = 5.0,
    workers: WorkersOpt = None,
    max_bot_think: MaxBotThinkOpt = Limits.max_bot_think,
    hint_rate: HintRateOpt = Limits.hint_rate,
    replay_rate: ReplayRateOpt = Limits.replay_rate,
    session_days: SessionDaysOpt = Limits.session_idle / 86400,
    proxy: ProxyOpt = None,
    allowed_host: AllowedHostOpt = None,
    smtp_host: SmtpHostOpt = None,
    smtp_port: SmtpPortOpt = None,
    smtp_user: SmtpUserOpt = None,
    smtp_password_file: SmtpPasswordFileOpt = None,
    smtp_starttls: SmtpStartTlsOpt = True,
    mail_from: MailFromOpt = None,
    site_url: SiteUrlOpt = None,
) -> int:
    """Serve the browser client: create and join games, play online against people and bots."""
    from salon.web import server  # the web stack loads only for this command
    from salon.web.guard import Hosts
    from salon.web.mail import MailSettings
    from salon.web.storage import describe

    _check_rates(create_rate=create_rate, join_rate=join_rate, hint_rate=hint_rate, replay_rate=replay_rate)
    proxies = _proxies(proxy)
    local = for_this_computer(host, proxies)
    limits = Limits(max_tables=max_tables, max_tables_per_client=max_tables_per_client,
                    max_tables_per_network=max_tables_per_network, abandon_after=abandon_after * 60,
                    max_spectators=max_spectators, max_connections_per_client=max_connections_per_client,
                    create_rate=create_rate, join_rate=join_rate, allow_bot_tables=allow_bot_tables or local,
                    custom_bots=allow_bot_parameters or local, max_bot_think=max_bot_think, hint_rate=hint_rate,
                    replay_rate=replay_rate, session_idle=session_days * 86400, push_on_loopback=local)
    db = _database(ctx, db, db_password_file)
    server.check_port(host, port)
    server.check_database(db)
    mail = MailSettings.from_options(site_url or server.url_of(host, port), smtp_host, smtp_port, smtp_user,
                                     smtp_password_file, not smtp_starttls, mail_from)
    _announce(server.url_of(host, port), describe(db), host, proxies, local)
    typer.echo(f"salon: {mail.describe()}")
    server.run(host, port, db, bot_delay, limits, request_timeout, proxies=proxies,
               hosts=Hosts.listening_on(host, allowed_host or []), workers=workers, mail=mail)
    return 0


def _check_rates(**rates: str) -> None:
    """Refuse a rate that is none, by its option (``create_rate`` is ``--create-rate``)."""
    from limits import parse

    for name, rate in rates.items():
        try:
            parse(rate)
        except ValueError:
            raise typer.BadParameter(f"{rate!r} is not a rate such as 20/hour or 5/minute",
                                     param_hint=f"'--{name.replace('_', '-')}'") from None


def _proxies(proxy: list[str] | None) -> Proxies:
    """The proxies ``--proxy`` names, each an address or a network."""
    from salon.web.guard import Proxies

    try:
        return Proxies.parse(proxy or [])
    except ValueError as e:
        raise typer.BadParameter(str(e), param_hint="'--proxy'") from None


def _database(ctx: typer.Context, db: str | None, password_file: Path | None) -> str | None:
    """The database's URL with the password of ``--db-password-file``; a password given on the
    command line is taken with a warning, since every user of the computer can read it there."""
    from salon.web.storage import password_of, with_password

    if password_file is not None:
        return with_password(db, password_file)
    if db is not None and password_of(db) and on_command_line(ctx, "db"):
        typer.echo("salon: warning: the database password on the command line can be read by every user of this "
                   "computer; give it in SALON_DB_URL or --db-password-file instead.", err=True)
    return db


def _announce(url: str, stored: str, host: str, proxies: Proxies, local: bool) -> None:
    """Where to open the lobby, where games are stored, and whether other computers can reach it."""
    typer.echo(f"salon: open {url} in your browser (games are stored in {stored}); Ctrl+C stops the server.")
    if not local:
        typer.echo(f"salon: {'behind a proxy' if proxies.networks else f'listening on {host}'}: other computers "
                   "can reach this server, which plays the levels only and tables with a person.")


def for_this_computer(host: str, proxies: Proxies) -> bool:
    """Whether only this computer's users can reach the server, so that it may trust them
    with every bot: it listens on a loopback address and no proxy passes others' requests to
    it (behind nginx it listens on 127.0.0.1, yet serves the whole Internet)."""
    return host in LOOPBACK and not proxies.networks


def on_command_line(ctx: typer.Context, parameter: str) -> bool:
    """Whether the running command's ``parameter`` came from its arguments (which every user
    of the computer may read) rather than the environment."""
    source = ctx.get_parameter_source(parameter)
    return source is not None and source.name == "COMMANDLINE"
