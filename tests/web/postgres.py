"""A private PostgreSQL server for the tests, and the database URLs of both backends.

The server is Debian's PostgreSQL (scripts/postgres-deps installs it), started once per test
process (each pytest-xdist worker has its own) in a fresh folder under /tmp: ``initdb`` with
trust authentication, then ``pg_ctl start`` listening on a unix socket in that folder only,
so that no port is shared with anything.  PostgreSQL refuses to run as root; a root test run
starts it as the ``postgres`` system user, which owns the folder.  Every test gets a schema
of its own in one database (``search_path`` in its URL: a schema takes a millisecond where a
database takes a fifth of a second); the server and its folder are removed when the session
ends.

Without PostgreSQL the tests that need it skip, or fail under CI=true, where they must run.
"""

from __future__ import annotations

import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NoReturn

import psycopg
import pytest

SUPERUSER = "postgres"
"""The role initdb creates, whoever runs it."""
SYSTEM_USER = "postgres"
"""The system user of Debian's package, which a root test run starts the server as."""
DATABASE = "salon"
"""The database that holds the tests' schemas."""


def bin_dir() -> Path | None:
    """The newest installed server's binaries: Debian keeps them off PATH, one folder per version."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"),
                   key=lambda p: [int(n) for n in p.parts[-3].split(".") if n.isdigit()])
    if found:
        return found[-1].parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def missing(reason: str) -> NoReturn:
    """End the test: a failure where every test must run (CI), else a skip that says why."""
    if os.environ.get("CI") == "true":
        pytest.fail(reason, pytrace=False)
    pytest.skip(reason)


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

    def start(self) -> None:
        if os.geteuid() == 0:
            shutil.chown(self.folder, SYSTEM_USER, SYSTEM_USER)
        self._run("initdb", "--pgdata", str(self.data), "--username", SUPERUSER, "--auth", "trust",
                  "--encoding", "UTF8", "--locale", "C", "--no-sync", "--no-instructions")
        options = f"-k {self.folder} -c listen_addresses='' -c fsync=off -c full_page_writes=off"
        self._run("pg_ctl", "start", "--pgdata", str(self.data), "--wait", "--log", str(self.folder / "server.log"),
                  "-o", options)
        with self._connect("postgres") as conn:
            conn.execute(f"CREATE DATABASE {DATABASE}")

    def stop(self) -> None:
        try:
            if (self.data / "postmaster.pid").exists():
                self._run("pg_ctl", "stop", "--pgdata", str(self.data), "--mode", "immediate", "--wait")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def _connect(self, database: str) -> psycopg.Connection[Any]:
        return psycopg.connect(host=str(self.folder), user=SUPERUSER, dbname=database, autocommit=True)

    def create_schema(self) -> str:
        """The URL of a new empty schema, which is all its connections see."""
        name = f"test_{next(self._names)}"
        with self._connect(DATABASE) as conn:
            conn.execute(f"CREATE SCHEMA {name}")
        return f"postgresql://{SUPERUSER}@/{DATABASE}?host={self.folder}&options=-csearch_path%3D{name}"


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    binaries = bin_dir()
    if binaries is None:
        missing("PostgreSQL's server is not installed: run scripts/postgres-deps as root")
    if os.geteuid() == 0:
        try:
            pwd.getpwnam(SYSTEM_USER)
        except KeyError:
            missing(f"PostgreSQL refuses to run as root, and there is no {SYSTEM_USER!r} user to run it as")
    server = PostgresServer(binaries)
    try:
        server.start()
        yield server
    finally:
        server.stop()


@pytest.fixture
def postgres_url(postgres: PostgresServer) -> str:
    """A fresh, empty schema on the private server."""
    return postgres.create_schema()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database of each backend: a SQLite file, and a PostgreSQL schema."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'salon.db'}"
    url: str = request.getfixturevalue("postgres_url")
    return url
