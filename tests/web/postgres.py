"""The tests' private PostgreSQL server (tools.pgserver), and the database URLs of both backends.

The server is started once per test process (each pytest-xdist worker has its own), and every
test gets a schema of its own on it; the server and its folder are removed when the session
ends.  Without PostgreSQL (scripts/postgres-deps installs it) the tests that need it skip, or
fail under CI=true, where they must run.
"""

from __future__ import annotations

import os
import pwd
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

import pytest

from tools.pgserver import SYSTEM_USER, PostgresServer, bin_dir


def missing(reason: str) -> NoReturn:
    """End the test: a failure where every test must run (CI), else a skip that says why."""
    if os.environ.get("CI") == "true":
        pytest.fail(reason, pytrace=False)
    pytest.skip(reason)


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
