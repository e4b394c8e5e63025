"""A private PostgreSQL server in a temporary folder: for the tests, and for the load check of
several server processes (tools.cluster), which need a database that nothing else uses.

The server is Debian's PostgreSQL (scripts/postgres-deps installs it): ``initdb`` with trust
authentication in a fresh folder under /tmp, then ``pg_ctl start`` listening on a unix socket
in that folder only, so that no port is shared with anything.  PostgreSQL refuses to run as
root; run by root, it is started as the ``postgres`` system user, which owns the folder.
Each user of the server gets a schema of its own in one database (``search_path`` in its URL:
a schema takes a millisecond where a database takes a fifth of a second); ``stop`` removes the
server and its folder.
"""

from __future__ import annotations

import itertools
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import psycopg

SUPERUSER = "postgres"
"""The role initdb creates, whoever runs it."""
SYSTEM_USER = "postgres"
"""The system user of Debian's package, which a server started by root runs as."""
DATABASE = "salon"
"""The database that holds the schemas."""


def bin_dir() -> Path | None:
    """The newest installed server's binaries: Debian keeps them off PATH, one folder per version."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"),
                   key=lambda p: [int(n) for n in p.parts[-3].split(".") if n.isdigit()])
    if found:
        return found[-1].parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


class PostgresServer:
    def __init__(self, binaries: Path) -> None:
        self.binaries = binaries
        self.folder = Path(tempfile.mkdtemp(prefix="salon-pg-"))  # short: a socket path has at most 107 bytes
        self.data = self.folder / "data"
        self._names = itertools.count(1)

    def _run(self, *args: str) -> None:
        """Run a server binary as the server's user, with its output kept for a failure's message."""
        command = [str(self.binaries / args[0]), *args[1:]]
        if os.geteuid() == 0:
            command = ["runuser", "-u", SYSTEM_USER, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            log = self.folder / "server.log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(f"{' '.join(args[:2])} failed:\n{done.stdout}{done.stderr}{tail}")

    def start(self, max_connections: int = 100) -> None:
        """``max_connections``: PostgreSQL's own (each server process holds a few)."""
        if os.geteuid() == 0:
            shutil.chown(self.folder, SYSTEM_USER, SYSTEM_USER)
        self._run("initdb", "--pgdata", str(self.data), "--username", SUPERUSER, "--auth", "trust",
                  "--encoding", "UTF8", "--locale", "C", "--no-sync", "--no-instructions")
        options = (f"-k {self.folder} -c listen_addresses='' -c fsync=off -c full_page_writes=off"
                   f" -c max_connections={max_connections}")
        self._run("pg_ctl", "start", "--pgdata", str(self.data), "--wait", "--log", str(self.folder / "server.log"),
                  "-o", options)
        with self.connect("postgres") as conn:
            conn.execute(f"CREATE DATABASE {DATABASE}")

    def stop(self) -> None:
        try:
            if (self.data / "postmaster.pid").exists():
                self._run("pg_ctl", "stop", "--pgdata", str(self.data), "--mode", "immediate", "--wait")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def connect(self, database: str = DATABASE) -> psycopg.Connection[Any]:
        return psycopg.connect(host=str(self.folder), user=SUPERUSER, dbname=database, autocommit=True)

    def create_schema(self) -> str:
        """The URL of a new empty schema, which is all its connections see."""
        name = f"test_{next(self._names)}"
        with self.connect(DATABASE) as conn:
            conn.execute(f"CREATE SCHEMA {name}")
        return f"postgresql://{SUPERUSER}@/{DATABASE}?host={self.folder}&options=-csearch_path%3D{name}"
