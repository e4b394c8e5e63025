"""One connection to the game store: opened (SQLite, one process per file; PostgreSQL,
shared), migrated to the newest schema, and named by its database session, under which this
process's live connections are stored."""

from __future__ import annotations

import fcntl
import logging
import os
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import URL, Connection, Engine

from salon.core.errors import ConfigError
from salon.web import migrations
from salon.web.storage.schema import CONNECTIONS, OWN_SESSION, SESSIONS, lock_key
from salon.web.storage.urls import default_path, describe, is_postgres

log = logging.getLogger("salon.web")


def one_line(error: BaseException) -> str:
    """A driver's message on one line (psycopg's span several, with hints)."""
    orig = getattr(error, "orig", None) or error
    return "; ".join(line.strip() for line in str(orig).splitlines() if line.strip()) or type(orig).__name__


class _Migrated:
    """The newest schema of a database in memory, migrated once per process and copied into
    each new one by SQLite's backup (a tenth of a millisecond, where running every migration
    takes 70 ms): a process that serves many databases in memory, as the test suite does by
    the hundred, migrates one."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._schema: sqlite3.Connection | None = None

    def fill(self, empty: sqlite3.Connection, migrate: Callable[[], None]) -> None:
        """Bring ``empty`` (the connection of a new database in memory) to the newest schema,
        by ``migrate()`` the first time and by a copy of what it made after."""
        with self._lock:
            if self._schema is None:
                migrate()
                schema = sqlite3.connect(":memory:", check_same_thread=False)
                empty.backup(schema)
                self._schema = schema
            else:
                self._schema.backup(empty)


IN_MEMORY = _Migrated()


class Connected:
    """One connection with the statements of the game store.

    ``url``: None (the default SQLite file), a file path, ``sqlite:///relative.db``,
    ``sqlite:////absolute.db``, ``sqlite://`` (in memory), or ``postgresql://...``.
    Opening migrates the schema to the newest revision.  Every method runs on the thread
    that created the object.
    """

    def __init__(self, url: str | None, origin: str = "") -> None:
        self.origin = origin
        """Who writes through this connection, in the notifications (Storage.listen)."""
        self.holder = "local"
        """The name of the connection's database session, under which the live connections of
        this process are stored (salon.web.quota): on PostgreSQL its server process and
        start, gone when this process ends however it ends; a SQLite file has one process."""
        self.renewed: Callable[[], None] | None = None
        """Told when the connection was lost and opened again: a new session, which holds none
        of the old one's locks (the leases)."""
        self.posted = False
        """Whether a job of the transaction under way posted a letter due at once
        (salon.web.mail.outbox): the storage tells the sender after the commit."""
        self._moved_from: str | None = None
        if is_postgres(url):
            self.engine, where, verb = self._postgres(url), describe(url), "connect to"
            self.holder = ""
            sa.event.listen(self.engine, "connect", self._new_session)
        else:
            self.engine = self._sqlite(self._sqlite_path(url))
            where, verb = self.engine.url.database or "(memory)", "open the database"
        self._lock: int | None = None
        try:
            self.conn = self.engine.connect()
            if self.engine.dialect.name == "sqlite" and self.engine.url.database:
                self._lock = self._hold_sqlite_file(self.engine.url.database)
                self._check_sqlite_file(where)
            if self.engine.dialect.name == "sqlite" and not self.engine.url.database:
                raw = cast(sqlite3.Connection, self.conn.connection.driver_connection)
                IN_MEMORY.fill(raw, lambda: self._migrate(where))
            else:
                self._migrate(where)
            self._forget_ended_connections()
        except sa.exc.SQLAlchemyError as e:
            self._dispose()
            raise ConfigError(f"cannot {verb} {where}: {one_line(e)}") from None
        except ConfigError:
            self._dispose()
            raise

    @staticmethod
    def _sqlite_path(url: str | None) -> str | None:
        """The file a URL names; None for a database in memory."""
        if url is None:
            return str(default_path())
        if url in ("sqlite://", "sqlite:///:memory:", ":memory:"):
            return None
        if url.startswith("sqlite:///"):
            return url[len("sqlite:///"):]
        if "://" in url:
            raise ConfigError(f"unsupported database URL {describe(url)!r}; use sqlite:///FILE or postgresql://...")
        return url

    @staticmethod
    def _sqlite(path: str | None) -> Engine:
        if path is not None:
            file = Path(path).expanduser()
            try:
                file.parent.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                raise ConfigError(f"cannot open the database {path}: {e.strerror or e}") from None
            path = str(file)
        engine = sa.create_engine(URL.create("sqlite", database=path), poolclass=sa.pool.StaticPool)

        @sa.event.listens_for(engine, "connect")
        def pragmas(dbapi: Any, _record: Any) -> None:
            # SQLAlchemy emits BEGIN itself (below): the sqlite3 module's own transaction
            # handling would commit before every savepoint
            dbapi.isolation_level = None
            dbapi.execute("PRAGMA busy_timeout = 5000")
            if path is not None:
                dbapi.execute("PRAGMA journal_mode = WAL")
            dbapi.execute("PRAGMA synchronous = FULL")  # a commit reaches the disk before the action is acknowledged

        @sa.event.listens_for(engine, "begin")
        def begin(conn: Connection) -> None:
            conn.exec_driver_sql("BEGIN")

        return engine

    @staticmethod
    def _postgres(url: str) -> Engine:
        return sa.create_engine(f"postgresql+psycopg://{url.split('://', 1)[1]}", poolclass=sa.pool.StaticPool)

    @staticmethod
    def _hold_sqlite_file(path: str) -> int:
        """Lock the file for this process, or refuse it with one line.  A server keeps its
        games' order, seats and connections in its own memory, so a second process on the same
        file would accept actions the first never sees; the lock (released by the system when
        the process ends, however it ends) makes that a clear refusal instead."""
        fd = os.open(path, os.O_RDONLY)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise ConfigError(f"the database {path} is in use by another salon process: a SQLite database is "
                              "served by one process at a time (stop the other one, or use another file)") from None
        return fd

    def _check_sqlite_file(self, where: str) -> None:
        """Refuse a damaged file (a truncated copy, say) at once, with one line, rather than
        fail on the first game read from its missing pages.  The check reads the whole file:
        a few milliseconds per megabyte, once per start."""
        verdict = self.conn.exec_driver_sql("PRAGMA quick_check(1)").scalar()
        self.conn.rollback()
        if verdict != "ok":
            detail = " ".join(str(verdict).split())
            raise ConfigError(f"cannot open the database {where}: the file is damaged ({detail})")

    def _migrate(self, where: str) -> None:
        """Bring the schema to the newest revision, in one transaction.  A database written
        before the schema carried a version is recognised by its tables and stamped first."""
        config = Config()
        config.set_main_option("script_location", str(migrations.SCRIPTS))
        config.attributes["connection"] = self.conn
        script = ScriptDirectory.from_config(config)
        known = {rev.revision for rev in script.walk_revisions()}
        with self.conn.begin():
            if self.engine.dialect.name == "postgresql":  # processes starting together migrate one at a time
                self.conn.execute(sa.select(sa.func.pg_advisory_xact_lock(lock_key("salon schema"))))
            current = MigrationContext.configure(self.conn).get_current_revision()
            if current is None and sa.inspect(self.conn).has_table("games"):
                command.stamp(config, migrations.LEGACY)
            elif current is not None and current not in known:
                raise ConfigError(f"the database {where} has schema revision {current}, newer than this salon "
                                  f"knows (up to {script.get_current_head()}): upgrade salon")
            command.upgrade(config, "head")

    def _forget_ended_connections(self) -> None:
        """Drop the connections stored by processes that have ended (on SQLite, by the one
        process before this one): they count no more, and need not be kept."""
        with self.conn.begin():
            if self.engine.dialect.name == "postgresql":
                self.conn.execute(CONNECTIONS.delete().where(CONNECTIONS.c.holder.not_in(SESSIONS)))
            else:
                self.conn.execute(CONNECTIONS.delete())

    def _new_session(self, dbapi: Any, _record: Any) -> None:
        """A connection to PostgreSQL was opened (again, after the last one was lost): the new
        session's name; the connections stored under the old one move to it at the next
        transaction (resume), and the old one's locks are gone (``renewed``)."""
        with dbapi.cursor() as cursor:  # the connection is not yet SQLAlchemy's: a statement of its own
            cursor.execute(str(OWN_SESSION.compile(self.engine, compile_kwargs={"literal_binds": True})))
            (holder,) = cursor.fetchone()
        dbapi.rollback()
        if self.holder:
            self._moved_from = self.holder
            if self.renewed is not None:
                self.renewed()
        self.holder = holder

    def resume(self) -> None:
        """Begin a transaction (Storage calls it first in each): after the session was
        renewed, this process's connections are stored under the new one."""
        if self._moved_from is not None:
            self.conn.execute(CONNECTIONS.update().where(CONNECTIONS.c.holder == self._moved_from)
                              .values(holder=self.holder))
            self._moved_from = None

    def close(self) -> None:
        if self.engine.dialect.name == "postgresql":
            try:
                with self.conn.begin():  # no rows left behind (a session's end alone stops them counting)
                    self.conn.execute(CONNECTIONS.delete().where(CONNECTIONS.c.holder == self.holder))
            except sa.exc.SQLAlchemyError as e:  # the session is gone already, and its connections with it
                log.warning("storage: %s", one_line(e))
        self.conn.close()
        self._dispose()

    def _dispose(self) -> None:
        self.engine.dispose()
        if self._lock is not None:
            os.close(self._lock)
            self._lock = None
