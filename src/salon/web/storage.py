"""Durable game records for the server: SQLite by default, PostgreSQL by URL.

A game is stored as its record (``salon.core.record``): the game's name, config and seed,
its seats, and the list of accepted actions, one row per action.  The server appends an
action and waits for the commit before it acknowledges it, so a crash never loses an
accepted action; on restart every unfinished game is rebuilt by replaying its actions.

One thread owns the database connection (:class:`Storage`): the event loop hands it jobs
and awaits their results.  Jobs that queue up while a commit is under way are committed
together (group commit), so a synchronous commit per action stays cheap under load.  Each
job runs inside its own savepoint: one failing job (a duplicate action number after a race,
say) leaves the others of its batch intact.
"""

from __future__ import annotations

import asyncio
import json
import os
import queue
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from salon.core.errors import ConfigError

T = TypeVar("T")

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, game TEXT NOT NULL, title TEXT NOT NULL, "
    "config TEXT NOT NULL, seed BIGINT NOT NULL, created DOUBLE PRECISION NOT NULL, over INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS seats (game_id TEXT NOT NULL, seat INTEGER NOT NULL, kind TEXT NOT NULL, "
    "bot TEXT, name TEXT NOT NULL, token_hash TEXT, PRIMARY KEY (game_id, seat))",
    "CREATE TABLE IF NOT EXISTS actions (game_id TEXT NOT NULL, n INTEGER NOT NULL, action TEXT NOT NULL, "
    "PRIMARY KEY (game_id, n))",
)

BATCH = 256
"""The most jobs committed in one transaction."""


@dataclass
class SeatRecord:
    seat: int
    kind: str  # "human", "bot" or "automaton" (a seat the game plays by itself)
    bot: str | None
    name: str
    token_hash: str | None = None


@dataclass
class GameRecord:
    id: str
    game: str
    title: str
    config: dict[str, Any]
    seed: int
    created: float
    seats: list[SeatRecord]
    actions: list[str] = field(default_factory=list)
    over: bool = False


def default_path() -> Path:
    """The SQLite file in the user's data directory (XDG_DATA_HOME, else ~/.local/share)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "salon" / "salon.db"


def describe(url: str | None) -> str:
    """The database a URL names, for the server's start-up line (a password is left out)."""
    if url is None:
        return str(default_path())
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        return f"{scheme}://…@{rest.rsplit('@', 1)[1]}"
    return url


class Database:
    """A DB-API connection with the statements of the game store.

    ``url``: None (the default SQLite file), a file path, ``sqlite:///relative.db``,
    ``sqlite:////absolute.db``, ``sqlite://`` (in memory), or ``postgresql://...`` (needs
    the ``psycopg`` package).  Every method runs on the thread that created the object.
    """

    def __init__(self, url: str | None) -> None:
        self.postgres = False
        if url is not None and url.split("://", 1)[0] in ("postgresql", "postgres", "postgresql+psycopg"):
            self.conn = self._postgres(url)
            self.postgres = True
        else:
            self.conn = self._sqlite(self._sqlite_path(url))
        for statement in SCHEMA:
            self.execute(statement)
        self.commit()

    @staticmethod
    def _sqlite_path(url: str | None) -> str:
        if url is None:
            return str(default_path())
        if url in ("sqlite://", "sqlite:///:memory:", ":memory:"):
            return ":memory:"
        if url.startswith("sqlite:///"):
            return url[len("sqlite:///"):]
        if "://" in url:
            raise ConfigError(f"unsupported database URL {describe(url)!r}; use sqlite:///FILE or postgresql://...")
        return url

    @staticmethod
    def _sqlite(path: str) -> sqlite3.Connection:
        try:
            if path != ":memory:":
                Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
                path = str(Path(path).expanduser())
            conn = sqlite3.connect(path, isolation_level=None, check_same_thread=True)
            conn.execute("PRAGMA busy_timeout = 5000")
            if path != ":memory:":
                conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = FULL")  # a commit reaches the disk before the action is acknowledged
        except (sqlite3.Error, OSError) as e:
            raise ConfigError(f"cannot open the database {path}: {e}") from None
        return conn

    @staticmethod
    def _postgres(url: str) -> Any:
        try:
            import psycopg  # type: ignore[import-not-found]
        except ImportError:
            raise ConfigError("a PostgreSQL URL needs the psycopg package: pip install 'psycopg[binary]'") from None
        try:
            return psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://", 1), autocommit=False)
        except psycopg.Error as e:
            raise ConfigError(f"cannot connect to {describe(url)}: {e}") from None

    # --- plumbing

    def execute(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        if self.postgres:
            sql = sql.replace("?", "%s")
        cur = self.conn.cursor()
        cur.execute(sql, params)
        return cur

    def begin(self) -> None:
        if not self.postgres:  # psycopg opens a transaction by itself
            self.conn.execute("BEGIN")

    def commit(self) -> None:
        if self.postgres or self.conn.in_transaction:
            self.conn.commit()

    def rollback(self) -> None:
        if self.postgres or self.conn.in_transaction:
            self.conn.rollback()

    def close(self) -> None:
        self.conn.close()

    # --- the game store

    def create_game(self, rec: GameRecord) -> None:
        self.execute("INSERT INTO games (id, game, title, config, seed, created, over) VALUES (?, ?, ?, ?, ?, ?, ?)",
                     (rec.id, rec.game, rec.title, json.dumps(rec.config, sort_keys=True), rec.seed, rec.created,
                      int(rec.over)))
        for s in rec.seats:
            self.execute("INSERT INTO seats (game_id, seat, kind, bot, name, token_hash) VALUES (?, ?, ?, ?, ?, ?)",
                         (rec.id, s.seat, s.kind, s.bot, s.name, s.token_hash))

    def take_seat(self, game_id: str, seat: int, name: str, token_hash: str) -> bool:
        """Give a free human seat its token; False if someone took it first."""
        cur = self.execute("UPDATE seats SET name = ?, token_hash = ? WHERE game_id = ? AND seat = ? "
                           "AND kind = 'human' AND token_hash IS NULL", (name, token_hash, game_id, seat))
        return cur.rowcount == 1

    def append(self, game_id: str, n: int, action: str, over: bool) -> None:
        """Store action number ``n`` (0-based); a second action with the same number fails."""
        self.execute("INSERT INTO actions (game_id, n, action) VALUES (?, ?, ?)", (game_id, n, action))
        if over:
            self.execute("UPDATE games SET over = 1 WHERE id = ?", (game_id,))

    def truncate(self, game_id: str, length: int) -> None:
        """Keep the first ``length`` actions (an undo)."""
        self.execute("DELETE FROM actions WHERE game_id = ? AND n >= ?", (game_id, length))

    def load(self, game_id: str) -> GameRecord | None:
        row = self.execute("SELECT id, game, title, config, seed, created, over FROM games WHERE id = ?",
                           (game_id,)).fetchone()
        return None if row is None else self._record(row)

    def unfinished(self) -> list[GameRecord]:
        rows = self.execute("SELECT id, game, title, config, seed, created, over FROM games WHERE over = 0 "
                            "ORDER BY created").fetchall()
        return [self._record(r) for r in rows]

    def finished_ids(self, limit: int) -> list[str]:
        rows = self.execute("SELECT id FROM games WHERE over = 1 ORDER BY created DESC LIMIT ?", (limit,)).fetchall()
        return [r[0] for r in rows]

    def _record(self, row: tuple[Any, ...]) -> GameRecord:
        game_id = row[0]
        seats = [SeatRecord(*r) for r in self.execute(
            "SELECT seat, kind, bot, name, token_hash FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))]
        actions = [r[0] for r in self.execute(
            "SELECT action FROM actions WHERE game_id = ? ORDER BY n", (game_id,))]
        return GameRecord(game_id, row[1], row[2], json.loads(row[3]), int(row[4]), float(row[5]), seats, actions,
                          bool(row[6]))


class StorageError(Exception):
    """The database refused or lost a write; the request that caused it changed nothing."""


class Storage:
    """The database behind one thread; ``await storage.run(job)`` runs ``job(db)`` there and
    returns once the job's transaction is committed."""

    def __init__(self, url: str | None) -> None:
        self.url = url
        self._jobs: queue.Queue[tuple[Callable[[Database], Any], asyncio.Future[Any]] | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    async def start(self) -> None:
        """Open the database on the storage thread (ConfigError if it cannot be opened)."""
        self._loop = asyncio.get_running_loop()
        opened: asyncio.Future[BaseException | None] = self._loop.create_future()
        self._thread = threading.Thread(target=self._main, args=(opened,), name="salon-storage", daemon=True)
        self._thread.start()
        error = await opened
        if error is not None:
            raise error

    async def run(self, job: Callable[[Database], T]) -> T:
        if self._loop is None:
            raise StorageError("the storage is not started")
        fut: asyncio.Future[T] = self._loop.create_future()
        self._jobs.put((job, fut))
        return await fut

    async def close(self) -> None:
        if self._thread is not None:
            self._jobs.put(None)
            await asyncio.to_thread(self._thread.join)
            self._thread = None

    def _resolve(self, fut: asyncio.Future[Any], value: Any, error: BaseException | None) -> None:
        def done() -> None:
            if fut.done():
                return
            if error is not None:
                fut.set_exception(error)
            else:
                fut.set_result(value)

        assert self._loop is not None
        self._loop.call_soon_threadsafe(done)

    def _main(self, opened: asyncio.Future[BaseException | None]) -> None:
        try:
            db = Database(self.url)
        except BaseException as e:  # reported to start()
            self._resolve(opened, e, None)
            return
        self._resolve(opened, None, None)
        try:
            while True:
                first = self._jobs.get()
                if first is None:
                    return
                batch = [first]
                stop = False
                while len(batch) < BATCH:
                    try:
                        job = self._jobs.get_nowait()
                    except queue.Empty:
                        break
                    if job is None:
                        stop = True
                        break
                    batch.append(job)
                self._commit(db, batch)
                if stop:
                    return
        finally:
            db.close()

    def _commit(self, db: Database, batch: list[tuple[Callable[[Database], Any], asyncio.Future[Any]]]) -> None:
        results: list[tuple[Any, BaseException | None]] = []
        try:
            db.begin()
            for i, (job, _) in enumerate(batch):
                db.execute(f"SAVEPOINT job{i}")
                try:
                    results.append((job(db), None))
                    db.execute(f"RELEASE SAVEPOINT job{i}")
                except Exception as e:
                    db.execute(f"ROLLBACK TO SAVEPOINT job{i}")
                    db.execute(f"RELEASE SAVEPOINT job{i}")
                    results.append((None, StorageError(f"{type(e).__name__}: {e}")))
            db.commit()
        except Exception as e:
            try:
                db.rollback()
            except Exception:  # the connection is gone; every job of the batch fails alike
                pass
            results = [(None, StorageError(f"the database did not commit: {type(e).__name__}: {e}"))] * len(batch)
        for (_, fut), (value, error) in zip(batch, results):
            self._resolve(fut, value, error)
