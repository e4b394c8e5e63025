"""Several ``salon serve`` processes on one PostgreSQL database behind nginx, on this machine:
the deployment of docs/server.md ("Several processes behind a proxy"), which its test
(tests/web/test_deployment.py) and the load check's ``--processes`` (tools.load) run.

nginx runs in the foreground, unprivileged, with a prefix of its own in a temporary folder
(its config, pid, log and buffers), listening on a free loopback port, from the very config
that hosts use (salon/web/deploy/nginx.conf, read from the installed package) with its
upstream rewritten to the processes' ports.
Each process listens on a free loopback port of its own, believes ``X-Forwarded-For`` from
127.0.0.1 only (``--proxy``), and names itself to PostgreSQL (``application_name``
salon-N), so that ``pg_stat_activity`` tells which process holds which connection, and
which process plays which table's bots (their advisory locks).  A process runs in a process
group of its own, so that killing it ends the workers it started, as a service manager
would.
"""

from __future__ import annotations

import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from types import TracebackType

TEMPLATE = resources.files("salon.web") / "deploy" / "nginx.conf"
"""The nginx config of a deployment, which the package ships for hosts (docs/server.md shows it)."""
UNPRIVILEGED = "nobody"
"""The user nginx runs as when the cluster is started by root."""
START_TIMEOUT = 60.0
"""Seconds a process, or nginx, has to answer its first request."""
STOP_TIMEOUT = 20.0
"""Seconds a process has to stop on SIGTERM before it is killed."""
BACKEND_HEADER = "X-Salon-Backend"
"""The response header by which the cluster's nginx names the process it passed a request to
(``address:port``): the load check tells a spectator on the actor's process from one on another."""
MAIN_CONFIG = """\
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{ worker_connections 8192; }}
http {{
    access_log off;
    add_header {header} $upstream_addr always;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    include {folder}/salon.conf;
}}
"""
"""What a host's /etc/nginx/nginx.conf gives the site's config: here, every path in the folder,
and the BACKEND_HEADER of every response."""
_UPSTREAM_SERVER = re.compile(r"^(\s*)server \S+:\d+(.*;)$", re.MULTILINE)


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def salon_command() -> list[str]:
    """How to run this installation's ``salon``: its script, else ``python -m salon``."""
    salon = Path(sys.executable).with_name("salon")
    return [str(salon)] if salon.exists() else [sys.executable, "-m", "salon"]


def nginx_binary() -> str | None:
    """nginx, which Debian installs to /usr/sbin (off an unprivileged user's PATH)."""
    return shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")


def nginx_config(template: str, ports: Sequence[int], listen: int) -> str:
    """The site's config for processes on loopback ``ports``, listening on loopback ``listen``:
    the template's upstream servers replaced by these (with the first one's options)."""
    servers = list(_UPSTREAM_SERVER.finditer(template))
    if not servers:
        raise ValueError("the nginx config lists no upstream server")
    indent, options = servers[0].group(1), servers[0].group(2)
    lines = "\n".join(f"{indent}server 127.0.0.1:{port}{options}" for port in ports)
    config = template[:servers[0].start()] + lines + template[servers[-1].end():]
    config, listens = re.subn(r"^(\s*)listen \d+;$", rf"\g<1>listen 127.0.0.1:{listen};", config, flags=re.MULTILINE)
    if listens != 1:
        raise ValueError("the nginx config must have one plain `listen PORT;`")
    return config


def with_application_name(db: str, name: str) -> str:
    """The PostgreSQL URL with the connections' ``application_name``."""
    return f"{db}{'&' if '?' in db else '?'}application_name={name}"


def wait_until_up(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    """Until ``url`` answers; RuntimeError with the log's end if the process ends or never answers."""
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        if process.poll() is not None or time.monotonic() > deadline:
            tail = log.read_text(errors="replace")[-3000:] if log.exists() else ""
            state = "ended" if process.returncode is not None else "did not answer"
            raise RuntimeError(f"the process of {url} {state}:\n{tail}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.05)


@dataclass
class Backend:
    """One ``salon serve`` process."""

    index: int
    port: int
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def name(self) -> str:
        """Its ``application_name`` at PostgreSQL."""
        return f"salon-{self.index}"

    @property
    def alive(self) -> bool:
        return self.process.poll() is None


class Cluster:
    """``processes`` servers on the PostgreSQL database ``db`` and nginx in front of them, in
    ``folder`` (the processes' logs).  ``options``: more ``salon serve`` options (the
    caps of a load check, say).  A context manager: everything it started ends on exit."""

    def __init__(self, db: str, processes: int, folder: Path, bot_delay: float = 0.6,
                 options: Sequence[str] = ()) -> None:
        self.db, self.processes, self.folder = db, processes, folder
        self.bot_delay, self.options = bot_delay, list(options)
        self.backends: list[Backend] = []
        self.nginx: subprocess.Popen[bytes] | None = None
        self.prefix: Path | None = None
        """nginx's folder: its config, pid, log and buffers."""
        self.port = 0

    @property
    def url(self) -> str:
        """Where clients connect: nginx."""
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> Cluster:
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()

    def start(self) -> None:
        """Start the processes together (the first to open the database creates or migrates
        its tables, the others wait for it), then nginx once each answers."""
        binary = nginx_binary()
        if binary is None:
            raise RuntimeError("nginx is not installed: run scripts/nginx-deps as root")
        for index in range(1, self.processes + 1):
            self._start_process(index)
        for backend in self.backends:
            wait_until_up(f"{backend.url}/api/meta", backend.process, backend.log)
        self._start_nginx(binary)

    def _start_process(self, index: int) -> None:
        port = free_port()
        log = self.folder / f"salon-{index}.log"
        command = [*salon_command(), "serve", "--port", str(port), "--proxy", "127.0.0.1",
                   "--db", with_application_name(self.db, f"salon-{index}"),
                   "--bot-delay", str(self.bot_delay), *self.options]
        with log.open("wb") as out:
            process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        self.backends.append(Backend(index, port, process, log))

    def _start_nginx(self, binary: str) -> None:
        # a folder of its own: where root runs the cluster, the unprivileged user must reach it
        self.prefix = prefix = Path(tempfile.mkdtemp(prefix="salon-nginx-"))
        self.port = free_port()
        (prefix / "salon.conf").write_text(nginx_config(TEMPLATE.read_text(), [b.port for b in self.backends],
                                                        self.port))
        (prefix / "nginx.conf").write_text(MAIN_CONFIG.format(folder=prefix, header=BACKEND_HEADER))
        user = None
        if os.geteuid() == 0:  # nginx's master would stay root: run it all as an unprivileged user
            user = pwd.getpwnam(UNPRIVILEGED)
            for path in [prefix, *prefix.iterdir()]:
                os.chown(path, user.pw_uid, user.pw_gid)
        log = prefix / "stderr.log"  # where nginx tells why it cannot start
        with log.open("wb") as out:
            self.nginx = subprocess.Popen(
                [binary, "-p", str(prefix), "-c", str(prefix / "nginx.conf"), "-g", "daemon off;"],
                stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
                user=user.pw_uid if user else None, group=user.pw_gid if user else None,
                extra_groups=[] if user else None)
        wait_until_up(f"{self.url}/api/meta", self.nginx, log)

    def backend_named(self, name: str) -> Backend:
        """The process of an ``application_name``."""
        return next(b for b in self.backends if b.name == name)

    def kill(self, backend: Backend) -> None:
        """``kill -9`` the process (and the workers it started), as a crash would end it."""
        os.killpg(backend.process.pid, signal.SIGKILL)
        backend.process.wait()

    def stop(self) -> None:
        """Stop nginx and every process: SIGTERM, then SIGKILL for any that lingers."""
        if self.nginx is not None:
            if self.nginx.poll() is None:
                self.nginx.terminate()  # its fast stop: open WebSockets would hold up a graceful one
            _end(self.nginx)
        for backend in self.backends:
            if backend.alive:
                backend.process.terminate()
        for backend in self.backends:
            _end(backend.process)
        if self.prefix is not None:
            shutil.rmtree(self.prefix, ignore_errors=True)


def _end(process: subprocess.Popen[bytes]) -> None:
    """Wait for the signalled process to end, then end its whole group (its workers, or one
    that lingers) with SIGKILL."""
    if process.poll() is None:
        try:
            process.wait(STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            pass
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait()
