"""Running the game server with uvicorn (``salon serve``).

Connections are bounded in time as well as number: a request must arrive whole within
``request_timeout`` seconds and a response the client does not read is dropped after as long
(salon.web.deadline), an idle keep-alive connection is closed after a few seconds, a
WebSocket whose peer stops answering pings is closed, and the process may open as many
descriptors as its hard limit allows.  ``X-Forwarded-For`` is believed from the named
proxies only, and requests naming another host than the server's are refused
(salon.web.guard.Hosts).  A connection dropped for what its client did is one line of the
log, never a traceback (salon.web.drops).  On SIGTERM or Ctrl+C the server stops taking connections, gives
open requests a few seconds, stops its workers and closes the database.
"""

from __future__ import annotations

import errno
import resource
import socket
import sys

import uvicorn

from salon.core.errors import ConfigError
from salon.web import drops
from salon.web.app import create_app
from salon.web.caps import Limits
from salon.web.deadline import with_deadline
from salon.web.guard import NO_PROXIES, Hosts, Proxies
from salon.web.mail import MAIL_OFF, MailSettings
from salon.web.storage import Database

WS_MAX_SIZE = 64 * 1024
"""The largest WebSocket message a client may send (an action is a few dozen bytes)."""
GRACEFUL_SHUTDOWN = 3
"""Seconds open requests are given to finish when the server is stopped."""


def check_port(host: str, port: int) -> None:
    """Refuse a port that is taken with a clear message instead of a bind traceback."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError as e:
            if e.errno == errno.EADDRINUSE:
                raise ConfigError(f"port {port} on {host} is in use; choose another with --port") from None
            raise ConfigError(f"cannot listen on {host}:{port}: {e.strerror or e}") from None


def check_database(db: str | None) -> None:
    """Open (and create) the database once, so a bad URL or path ends with one clear line."""
    Database(db).close()


def url_of(host: str, port: int) -> str:
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def _more_descriptors() -> None:
    """Raise the soft limit of open files to the hard one: each connection is a descriptor,
    and the common soft limit of 1024 would cap the players of a busy server."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def run(host: str, port: int, db: str | None, bot_delay: float, limits: Limits | None = None,
        request_timeout: float = 5.0, log_level: str = "warning", proxies: Proxies = NO_PROXIES,
        hosts: Hosts | None = None, workers: int | None = None, mail: MailSettings = MAIL_OFF) -> None:
    """Serve until interrupted.  The database is opened (and every unfinished game restored)
    before the first request is accepted.  ``proxies``: whose ``X-Forwarded-For`` is believed;
    ``hosts``: the names answered to (by default what ``host`` implies); ``workers``: the
    processes that think for the bots (salon.web.compute); ``mail``: how letters are sent
    (salon.web.mail)."""
    limits = limits or Limits()
    check_port(host, port)
    check_database(db)
    _more_descriptors()
    drops.install()
    # the storage thread hands each commit back to the event loop: a short GIL switch interval
    # keeps it from waiting up to the default 5 ms for the loop's thread to let go
    sys.setswitchinterval(0.0005)
    app = create_app(db, bot_delay, limits=limits, workers=workers, hosts=hosts or Hosts.listening_on(host),
                     mail=mail)
    # no per-message compression: a state message is a few kilobytes, and compressing every
    # one costs more server time than the bandwidth it saves on any network a game runs on
    config = uvicorn.Config(app, host=host, port=port, log_level=log_level, access_log=False,
                            http=with_deadline(request_timeout, limits.max_connections_per_client, proxies),
                            timeout_keep_alive=5, ws_max_size=WS_MAX_SIZE, ws_per_message_deflate=False,
                            ws_ping_interval=20.0, ws_ping_timeout=20.0, lifespan="on",
                            proxy_headers=bool(proxies.networks),
                            forwarded_allow_ips=[str(n) for n in proxies.networks],
                            timeout_graceful_shutdown=GRACEFUL_SHUTDOWN)
    uvicorn.Server(config).run()
