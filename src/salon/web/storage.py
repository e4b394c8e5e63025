"""Durable game records for the server: SQLite by default, PostgreSQL by URL.

A game is stored as its record (``salon.core.record``): the game's name, config and seed,
its seats, and the list of accepted actions, one row per action.  The server appends an
action and waits for the commit before it acknowledges it, so a crash never loses an
accepted action; on restart every unfinished game is rebuilt by replaying its actions.

The statements are SQLAlchemy Core, so that one text serves both databases; the schema
carries its Alembic revision and is moved forward on opening (``salon.web.migrations``).

One thread owns the database connection (:class:`Storage`): the event loop hands it jobs
and awaits their results.  Jobs that queue up while a commit is under way are committed
together (group commit), so a synchronous commit per action stays cheap under load.  Each
job runs inside its own savepoint: one failing job (a duplicate action number after a race,
say) leaves the others of its batch intact.
"""

from __future__ import annotations

import asyncio
import fcntl
import hashlib
import json
import logging
import os
import queue
import re
import secrets
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple, TypeGuard, TypeVar

import psycopg
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import URL, Connection, Engine, make_url

from salon.core.errors import ConfigError
from salon.web import migrations

T = TypeVar("T")

log = logging.getLogger("salon.web")

BATCH = 256
"""The most jobs committed in one transaction."""

POSTGRES_SCHEMES = ("postgresql", "postgres", "postgresql+psycopg")

CHANNEL = "salon_games"
"""The PostgreSQL notification channel on which a process tells the others which game it wrote."""
LISTEN_WAKE = 0.5
"""Seconds the listening thread waits for a notification before it looks whether to stop."""
NOTIFY_LIMIT = 7900
"""The longest notification PostgreSQL takes (8,000 bytes), less a margin: a longer write is
announced by the game's id alone."""
RELISTEN_AFTER = 1.0
"""Seconds between two attempts to listen again after the listening connection was lost."""

UNFINISHED, FINISHED, ENDED = 0, 1, 2
"""The values of ``games.over``: in play, played to its end, ended early by its players."""

# The tables as the newest revision leaves them: the migrations build them, these describe them
# (tests/web/test_storage.py checks that the two agree).
METADATA = sa.MetaData()
GAMES = sa.Table(
    "games", METADATA,
    sa.Column("id", sa.Text, primary_key=True),
    sa.Column("game", sa.Text, nullable=False),
    sa.Column("title", sa.Text, nullable=False),
    sa.Column("config", sa.Text, nullable=False),
    sa.Column("seed", sa.Text, nullable=False),  # decimal digits: seeds go up to 2**256
    sa.Column("created", sa.Double, nullable=False),
    sa.Column("over", sa.Integer, nullable=False),
    sa.Column("creator", sa.Text),
    sa.Column("options", sa.Text, nullable=False, server_default="{}"),
    sa.Column("broken", sa.Text),
    sa.Column("undos", sa.Integer, nullable=False, server_default="0"),
    sa.Column("listed", sa.Boolean, nullable=False, server_default=sa.true()),
    sa.Column("writes", sa.Integer, nullable=False, server_default="0"),
    sa.Column("network", sa.Text),  # an opaque hash of the network it was created from
    sa.Column("attended", sa.Double),  # when a seated person was last known connected (seconds since the epoch)
    sa.Index("games_by_over", "over", "created"),
)
SEATS = sa.Table(
    "seats", METADATA,
    sa.Column("game_id", sa.Text, primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.Text, nullable=False),
    sa.Column("bot", sa.Text),
    sa.Column("name", sa.Text, nullable=False),
    sa.Column("token_hash", sa.Text),
    sa.Column("undos", sa.Integer, nullable=False, server_default="0"),
    sa.Column("hints", sa.Integer, nullable=False, server_default="0"),
)
ACTIONS = sa.Table(
    "actions", METADATA,
    sa.Column("game_id", sa.Text, primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),
    sa.Column("action", sa.Text, nullable=False),
)
RATE_HITS = sa.Table(
    "rate_hits", METADATA,
    sa.Column("kind", sa.Text, nullable=False),
    sa.Column("key", sa.Text, nullable=False),
    sa.Column("until", sa.Double, nullable=False),  # when the hit leaves its window (seconds since the epoch)
    sa.Index("rate_hits_by_key", "kind", "key", "until"),
    sa.Index("rate_hits_by_until", "until"),
)
CONNECTIONS = sa.Table(
    "connections", METADATA,
    sa.Column("ticket", sa.Text, primary_key=True),
    sa.Column("holder", sa.Text, nullable=False),  # the database session of the process serving it
    sa.Column("client", sa.Text, nullable=False),
    sa.Column("game_id", sa.Text),  # the table it watches or plays at
    sa.Column("seat", sa.Integer),  # the seat it plays; none for a spectator
    sa.Index("connections_by_client", "client"),
    sa.Index("connections_by_game", "game_id"),
)

IN_PLAY = sa.and_(GAMES.c.over == UNFINISHED, GAMES.c.broken.is_(None))
"""The games in play: unfinished and not quarantined."""
GAME_COLUMNS = (GAMES.c.id, GAMES.c.game, GAMES.c.title, GAMES.c.config, GAMES.c.seed, GAMES.c.created,
                GAMES.c.over, GAMES.c.creator, GAMES.c.options, GAMES.c.undos, GAMES.c.listed, GAMES.c.writes)
"""What a :class:`GameRecord` is made of (``broken`` leads to a :class:`BrokenRecord` instead)."""


@dataclass
class SeatRecord:
    seat: int
    kind: str  # "human", "bot" or "automaton" (a seat the game plays by itself)
    bot: str | None
    name: str
    token_hash: str | None = None
    undos: int = 0
    """Undos of this seat's private actions, which only this seat saw (see ``GameRecord.undos``)."""
    hints: int = 0
    """How many hints the seat's player asked for (the others are shown it)."""


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
    """No longer played: finished, or ended early (``ended``)."""
    ended: bool = False
    """Ended early by its players rather than played to its end."""
    creator: str | None = None
    """An opaque hash of whoever created the game, as the server chose to store it."""
    options: dict[str, Any] = field(default_factory=dict)
    """The table's server options (a turn timer, say), as opposed to the game's config."""
    undos: int = 0
    """Undos of public actions.  The versions the server shows count undos, so that no version
    is shown twice; the counts are stored so that this holds across a restart."""
    listed: bool = True
    """Shown in the lobby; a private table is not."""
    writes: int = 0
    """How many times its actions were written (an action, several at once, or an undo): every
    write names the count it follows (:class:`Stale`)."""
    network: str | None = None
    """An opaque hash of the network it was created from (salon.web.guard.network_key): stored
    to be counted, never read back."""


@dataclass
class BrokenRecord:
    """A stored game that cannot be turned into a :class:`GameRecord` (a damaged row, or one
    quarantined earlier), so that it costs only itself and not the games stored beside it."""

    id: str
    reason: str
    quarantined: bool = False
    """Set aside already (:meth:`Database.quarantine`), rather than found damaged just now."""


def default_path() -> Path:
    """The SQLite file in the user's data directory (XDG_DATA_HOME, else ~/.local/share)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "salon" / "salon.db"


def is_postgres(url: str | None) -> TypeGuard[str]:
    return url is not None and url.split("://", 1)[0] in POSTGRES_SCHEMES


def describe(url: str | None) -> str:
    """The database a URL names, for the server's start-up line (a password is left out)."""
    if url is None:
        return str(default_path())
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        return f"{scheme}://…@{rest.rsplit('@', 1)[1]}"
    return url


def password_of(url: str) -> str | None:
    """The password a database URL carries, if any."""
    try:
        return make_url(url).password if "://" in url else None
    except sa.exc.ArgumentError:
        return None


def with_password(url: str | None, file: Path) -> str:
    """A PostgreSQL URL with the password read from the first line of ``file``, so that the
    password needs to be neither on the command line nor in the environment."""
    if not is_postgres(url):
        raise ConfigError("--db-password-file is for a PostgreSQL database: give --db postgresql://USER@HOST/DB too")
    try:
        password = file.read_text(encoding="utf-8").splitlines()[0] if file.stat().st_size else ""
    except (OSError, UnicodeDecodeError) as e:
        raise ConfigError(f"cannot read the password file {file}: {e}") from None
    if not password:
        raise ConfigError(f"the password file {file} is empty")
    return make_url(url).set(password=password).render_as_string(hide_password=False)


def _one_line(error: BaseException) -> str:
    """A driver's message on one line (psycopg's span several, with hints)."""
    orig = getattr(error, "orig", None) or error
    return "; ".join(line.strip() for line in str(orig).splitlines() if line.strip()) or type(orig).__name__


class Database:
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
            self._migrate(where)
            self._forget_ended_connections()
        except sa.exc.SQLAlchemyError as e:
            self._dispose()
            raise ConfigError(f"cannot {verb} {where}: {_one_line(e)}") from None
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
            cursor.execute(str(_OWN_SESSION.compile(self.engine, compile_kwargs={"literal_binds": True})))
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
                log.warning("storage: %s", _one_line(e))
        self.conn.close()
        self._dispose()

    def _dispose(self) -> None:
        self.engine.dispose()
        if self._lock is not None:
            os.close(self._lock)
            self._lock = None

    # --- writing

    def create_game(self, rec: GameRecord) -> None:
        over = ENDED if rec.ended else FINISHED if rec.over else UNFINISHED
        self.conn.execute(GAMES.insert().values(
            id=rec.id, game=rec.game, title=rec.title, config=json.dumps(rec.config, sort_keys=True),
            seed=str(rec.seed), created=rec.created, over=over, creator=rec.creator, network=rec.network,
            options=json.dumps(rec.options, sort_keys=True), undos=rec.undos, listed=rec.listed,
            writes=rec.writes, attended=rec.created))
        if rec.seats:
            self.conn.execute(SEATS.insert(), [
                {"game_id": rec.id, "seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name,
                 "token_hash": s.token_hash, "undos": s.undos, "hints": s.hints} for s in rec.seats])
        if rec.actions:
            self.conn.execute(ACTIONS.insert(), [{"game_id": rec.id, "n": n, "action": a}
                                                 for n, a in enumerate(rec.actions)])
        self._changed(rec.id)

    def take_seat(self, game_id: str, seat: int, name: str, token_hash: str,
                  options: dict[str, Any] | None = None) -> bool:
        """Give a free human seat its token, and the table its new ``options`` if given (the
        first person seated hosts it); False if someone took the seat first."""
        result = self.conn.execute(SEATS.update().where(
            SEATS.c.game_id == game_id, SEATS.c.seat == seat, SEATS.c.kind == "human",
            SEATS.c.token_hash.is_(None)).values(name=name, token_hash=token_hash))
        self._changed(game_id)
        if result.rowcount == 1 and options is not None:
            self.set_options(game_id, options)
        return result.rowcount == 1

    def leave_seat(self, game_id: str, seat: int, token_hash: str) -> bool:
        """Free the human seat that ``token_hash`` holds; False if it holds no longer (left or
        replaced meanwhile)."""
        result = self.conn.execute(SEATS.update().where(
            SEATS.c.game_id == game_id, SEATS.c.seat == seat, SEATS.c.kind == "human",
            SEATS.c.token_hash == token_hash).values(name="", token_hash=None))
        self._changed(game_id)
        return result.rowcount == 1

    def set_seat(self, game_id: str, seat: int, kind: str, bot: str | None, name: str,
                 token_hash: str | None) -> bool:
        """Rewrite a seat whoever holds it (a seat handed to a bot, say); False if there is no
        such seat."""
        result = self.conn.execute(SEATS.update().where(SEATS.c.game_id == game_id, SEATS.c.seat == seat).values(
            kind=kind, bot=bot, name=name, token_hash=token_hash))
        self._changed(game_id)
        return result.rowcount == 1

    def set_options(self, game_id: str, options: dict[str, Any]) -> None:
        """Rewrite a table's server options (its host, its seats left during the game)."""
        self.conn.execute(GAMES.update().where(GAMES.c.id == game_id).values(
            options=json.dumps(options, sort_keys=True)))
        self._changed(game_id)

    def _changed(self, game_id: str, appended: Appended | None = None) -> None:
        """Tell the other server processes on this database that the game's rows changed, and
        what was ``appended`` if that is all (then a process that holds the game as it was
        needs not read it).  PostgreSQL delivers the notification at commit, and drops it
        with a job rolled back to its savepoint; a SQLite file has one process
        (``_hold_sqlite_file``)."""
        if self.engine.dialect.name == "postgresql":
            payload = f"{self.origin} {game_id}"
            news = "" if appended is None else appended.text()
            if len(payload) + len(news) < NOTIFY_LIMIT:
                payload = f"{payload} {news}".rstrip()
            self.conn.execute(sa.select(sa.func.pg_notify(CHANNEL, payload)))

    def _claim(self, game_id: str, writes: int) -> None:
        """Count one more write of the game's actions if ``writes`` were counted so far, else
        raise :class:`Stale`.  The one statement checks and takes the game's row: a second
        writer waits for the first to commit, then finds the count moved on, so that two
        processes can never both write after the same version."""
        claimed = self.conn.execute(GAMES.update().where(GAMES.c.id == game_id, GAMES.c.writes == writes)
                                    .values(writes=writes + 1))
        if claimed.rowcount != 1:
            raise Stale(game_id)

    def append(self, game_id: str, n: int, action: str, over: bool, writes: int) -> None:
        """Store action number ``n`` (0-based); a second action with the same number fails."""
        self.append_many(game_id, n, [action], over, writes)

    def append_many(self, game_id: str, first_n: int, actions: Sequence[str], over: bool, writes: int) -> None:
        """Store actions numbered from ``first_n`` on, all or (in the job's savepoint) none,
        after the game's ``writes`` earlier writes (:meth:`_claim`)."""
        self._claim(game_id, writes)
        if actions:
            self.conn.execute(ACTIONS.insert(), [{"game_id": game_id, "n": first_n + i, "action": a}
                                                 for i, a in enumerate(actions)])
        if over:
            self.conn.execute(GAMES.update().where(GAMES.c.id == game_id).values(over=FINISHED))
        self._changed(game_id, Appended(writes + 1, first_n, list(actions)))

    def truncate(self, game_id: str, length: int) -> None:
        """Keep the first ``length`` actions (an undo)."""
        self.conn.execute(ACTIONS.delete().where(ACTIONS.c.game_id == game_id, ACTIONS.c.n >= length))

    def undo(self, game_id: str, length: int, by: int | None, writes: int) -> None:
        """Take back the actions from number ``length`` on and count the undo: for seat ``by``
        alone when only that seat saw them (its private actions), else for the game.  Only
        after the game's ``writes`` earlier writes (:meth:`_claim`)."""
        self._claim(game_id, writes)
        self._changed(game_id)
        self.truncate(game_id, length)
        if by is None:
            self.conn.execute(GAMES.update().where(GAMES.c.id == game_id).values(undos=GAMES.c.undos + 1))
        else:
            self.conn.execute(SEATS.update().where(SEATS.c.game_id == game_id, SEATS.c.seat == by)
                              .values(undos=SEATS.c.undos + 1))

    def count_hint(self, game_id: str, seat: int) -> None:
        """One more hint asked for by the player of ``seat``."""
        self.conn.execute(SEATS.update().where(SEATS.c.game_id == game_id, SEATS.c.seat == seat)
                          .values(hints=SEATS.c.hints + 1))
        self._changed(game_id)

    def end_game(self, game_id: str) -> bool:
        """End an unfinished game early (its players abandoned it); False if it was not in play."""
        result = self.conn.execute(GAMES.update().where(GAMES.c.id == game_id, GAMES.c.over == UNFINISHED)
                                   .values(over=ENDED))
        self._changed(game_id)
        return result.rowcount == 1

    def quarantine(self, game_id: str, reason: str) -> None:
        """Set a game aside for good (it cannot be replayed, say): it is no longer restored
        or listed, and loading it gives a :class:`BrokenRecord` with ``reason``."""
        self.conn.execute(GAMES.update().where(GAMES.c.id == game_id).values(broken=reason))
        self._changed(game_id)

    def lease(self, name: str) -> bool:
        """Whether this process may do the work of ``name`` (a game's id: play its bots):
        on PostgreSQL, a lock on the name that one connection holds at a time (taken once
        more by the connection holding it), and lets go of when its process ends, however
        it ends (the connection closes); a SQLite file has one process."""
        if self.engine.dialect.name != "postgresql":
            return True
        return bool(self.conn.execute(sa.select(sa.func.pg_try_advisory_lock(lock_key(name)))).scalar())

    def let_go(self, name: str) -> None:
        """Give the lease of ``name`` back once (the game is over, the hint given): each
        held lock takes a slot of the server's shared lock table."""
        if self.engine.dialect.name == "postgresql":
            self.conn.execute(sa.select(sa.func.pg_advisory_unlock(lock_key(name))))

    # --- reading

    def load(self, game_id: str, since: int = 0) -> GameRecord | BrokenRecord | None:
        """The game's record; with ``since``, its actions from number ``since`` on only (for
        a reader that holds the others)."""
        row = self.conn.execute(sa.select(GAMES.c.broken).where(GAMES.c.id == game_id)).first()
        if row is None:
            return None
        if row.broken is not None:
            return BrokenRecord(game_id, row.broken, quarantined=True)
        return self._read_alone(game_id, since)

    def holds_seat(self, game_id: str, token_hash: str) -> bool:
        """Whether a token of that hash holds a seat of the game."""
        return self.conn.execute(sa.select(SEATS.c.seat).where(
            SEATS.c.game_id == game_id, SEATS.c.token_hash == token_hash)).first() is not None

    def unfinished(self) -> list[GameRecord | BrokenRecord]:
        """Every game in play, oldest first (quarantined games left out)."""
        try:
            with self.conn.begin_nested():
                return self._read(IN_PLAY)
        except sa.exc.DBAPIError:
            # a row the driver cannot even fetch: read game by game, so it costs only its game
            return [self._read_alone(game_id) for game_id in self.unfinished_ids()]

    def writes_in_play(self) -> dict[str, int]:
        """How many writes of its actions each game in play has taken."""
        return {game_id: writes for game_id, writes in self.conn.execute(
            sa.select(GAMES.c.id, GAMES.c.writes).where(IN_PLAY))}

    def unfinished_ids(self) -> list[str]:
        """The games in play, oldest first (quarantined games left out)."""
        return list(self.conn.scalars(sa.select(GAMES.c.id).where(IN_PLAY).order_by(GAMES.c.created, GAMES.c.id)))

    def finished_ids(self, limit: int, offset: int = 0) -> list[str]:
        """Listed games no longer in play (finished or ended early), newest first, a page at a time."""
        return list(self.conn.scalars(
            sa.select(GAMES.c.id).where(GAMES.c.over.in_((FINISHED, ENDED)), GAMES.c.broken.is_(None), GAMES.c.listed)
            .order_by(GAMES.c.created.desc(), GAMES.c.id).limit(limit).offset(offset)))

    def broken_games(self, limit: int) -> list[tuple[str, str]]:
        """Quarantined games as (id, reason), newest first."""
        rows = self.conn.execute(sa.select(GAMES.c.id, GAMES.c.broken).where(GAMES.c.broken.is_not(None))
                                 .order_by(GAMES.c.created.desc(), GAMES.c.id).limit(limit))
        return [(r.id, r.broken) for r in rows]

    def _read_alone(self, game_id: str, since: int = 0) -> GameRecord | BrokenRecord:
        try:
            with self.conn.begin_nested():
                return self._read(GAMES.c.id == game_id, since)[0]
        except sa.exc.DBAPIError as e:
            return BrokenRecord(game_id, f"cannot read its rows: {_one_line(e)}")

    def _read(self, where: sa.ColumnElement[bool], since: int = 0) -> list[GameRecord | BrokenRecord]:
        """The games that ``where`` selects, in three queries whatever their number, with
        their actions from number ``since`` on."""
        rows = self.conn.execute(sa.select(*GAME_COLUMNS).where(where).order_by(GAMES.c.created, GAMES.c.id)).all()
        seat_rows: dict[str, list[Any]] = {}
        for r in self.conn.execute(sa.select(SEATS).join(GAMES, GAMES.c.id == SEATS.c.game_id).where(where)
                                   .order_by(SEATS.c.game_id, SEATS.c.seat)).all():
            seat_rows.setdefault(r.game_id, []).append(r)
        action_rows: dict[str, list[Any]] = {}
        for r in self.conn.execute(sa.select(ACTIONS).join(GAMES, GAMES.c.id == ACTIONS.c.game_id)
                                   .where(where, ACTIONS.c.n >= since).order_by(ACTIONS.c.game_id, ACTIONS.c.n)).all():
            action_rows.setdefault(r.game_id, []).append(r)
        return [_record(r, seat_rows.get(r.id, []), action_rows.get(r.id, []), since) for r in rows]


def lock_key(name: str) -> int:
    """The advisory lock of a name (a game's id, say): 64 bits of its hash, as PostgreSQL's signed bigint."""
    return int.from_bytes(hashlib.blake2b(name.encode(), digest_size=8).digest(), "big", signed=True)


_ACTIVITY = sa.table("pg_stat_activity", sa.column("pid"), sa.column("backend_start"))
SESSIONS = sa.select(sa.cast(_ACTIVITY.c.pid, sa.Text) + "@"
                     + sa.cast(sa.func.extract("epoch", _ACTIVITY.c.backend_start), sa.Text))
"""The names of PostgreSQL's open sessions: each one's server process and when it started (a
process id alone may be given again to a later session)."""
_OWN_SESSION = SESSIONS.where(_ACTIVITY.c.pid == sa.func.pg_backend_pid())
"""The name of the asking session."""


def _record(row: Any, seat_rows: list[Any], action_rows: list[Any], since: int = 0) -> GameRecord | BrokenRecord:
    """A game's rows checked and decoded, or why they cannot be."""
    try:
        config = _json_object(row.config, "config")
        options = _json_object(row.options, "options")
        if not isinstance(row.seed, str) or not re.fullmatch(r"-?[0-9]{1,100}", row.seed):  # 2**256: 78 digits
            raise ValueError(f"cannot read its seed {row.seed!r}: not an integer")
        if [s.seat for s in seat_rows] != list(range(len(seat_rows))):
            raise ValueError("cannot read its seats: not numbered 0, 1, 2...")
        if [a.n for a in action_rows] != list(range(since, since + len(action_rows))):
            raise ValueError("cannot read its actions: not numbered 0, 1, 2...")
        text = (str, type(None))
        for s in seat_rows:
            if not (isinstance(s.kind, str) and isinstance(s.name, str) and isinstance(s.bot, text)
                    and isinstance(s.token_hash, text) and isinstance(s.undos, int) and isinstance(s.hints, int)):
                raise ValueError(f"cannot read its seat {s.seat}")
        moves = [a.action for a in action_rows]
        if not all(isinstance(a, str) for a in moves):
            raise ValueError("cannot read its actions: not all text")
        if not isinstance(row.undos, int):
            raise ValueError(f"cannot read its count of undos {row.undos!r}")
        if row.listed not in (True, False):
            raise ValueError(f"cannot read whether it is listed ({row.listed!r})")
        if not isinstance(row.writes, int):
            raise ValueError(f"cannot read its count of writes {row.writes!r}")
        return GameRecord(row.id, row.game, row.title, config, int(row.seed), float(row.created),
                          [SeatRecord(s.seat, s.kind, s.bot, s.name, s.token_hash, s.undos, s.hints)
                           for s in seat_rows],
                          moves, row.over in (FINISHED, ENDED), row.over == ENDED, row.creator, options, row.undos,
                          bool(row.listed), row.writes)
    except (ValueError, TypeError) as e:
        return BrokenRecord(row.id, str(e))


def _json_object(text: Any, what: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except (ValueError, TypeError):
        raise ValueError(f"cannot read its {what}: not JSON") from None
    if not isinstance(value, dict):
        raise ValueError(f"cannot read its {what}: not a JSON object")
    return value


@dataclass(frozen=True)
class Appended:
    """A write that only appended actions to a game: the count of writes it made, the number
    of its first action, and the actions (in a notification, as JSON)."""

    writes: int
    first: int
    actions: list[str]

    def text(self) -> str:
        return json.dumps([self.writes, self.first, self.actions], separators=(",", ":"))

    @classmethod
    def parse(cls, text: str) -> Appended | None:
        """The write a notification tells of; None if it tells only which game changed."""
        try:
            writes, first, actions = json.loads(text)
        except (ValueError, TypeError):
            return None
        return cls(writes, first, actions)


class StorageError(Exception):
    """The database refused or lost a write; the request that caused it changed nothing."""


class Stale(StorageError):
    """The game's rows were written meanwhile by another process: the write was not made."""

    def __init__(self, game_id: str) -> None:
        super().__init__(f"game {game_id} was changed by another process")
        self.game_id = game_id


class _Job(NamedTuple):
    job: Callable[[Database], Any]
    fut: asyncio.Future[Any]
    alone: bool


class Storage:
    """The database behind one thread; ``await storage.run(job)`` runs ``job(db)`` there and
    returns once the job's transaction is committed."""

    def __init__(self, url: str | None) -> None:
        self.url = url
        self.origin = secrets.token_hex(8)
        """This process's name in the notifications: its own are not news to it."""
        self._listening: threading.Thread | None = None
        self._closing = threading.Event()
        self._jobs: queue.Queue[_Job | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._renewed: Callable[[], None] | None = None

    async def start(self) -> None:
        """Open the database on the storage thread (ConfigError if it cannot be opened)."""
        self._loop = asyncio.get_running_loop()
        opened: asyncio.Future[BaseException | None] = self._loop.create_future()
        self._thread = threading.Thread(target=self._main, args=(opened,), name="salon-storage", daemon=True)
        self._thread.start()
        error = await opened
        if error is not None:
            raise error

    async def run(self, job: Callable[[Database], T], alone: bool = False) -> T:
        """``alone``: in a transaction of its own, not committed together with other jobs.
        A job that takes locks until its transaction ends (salon.web.quota's counts) runs
        alone, so that it never waits holding the locks of the jobs of its batch: two
        processes' batches could otherwise each wait for the other."""
        if self._loop is None:
            raise StorageError("the storage is not open")
        fut: asyncio.Future[T] = self._loop.create_future()
        self._jobs.put(_Job(job, fut, alone))
        return await fut

    @property
    def shared(self) -> bool:
        """Whether other server processes may use the database too (PostgreSQL)."""
        return is_postgres(self.url)

    def on_new_session(self, renewed: Callable[[], None]) -> None:
        """Call ``renewed()`` on the event loop whenever the database connection was lost and
        opened again (a new session: the locks of the old one are gone)."""
        self._renewed = renewed

    def _tell_renewed(self) -> None:
        loop, renewed = self._loop, self._renewed
        if loop is not None and renewed is not None:
            loop.call_soon_threadsafe(renewed)

    def listen(self, changed: Callable[[str | None, Appended | None], None]) -> None:
        """Call ``changed(game_id, appended)`` on the event loop whenever another process has
        written a game (``appended``: what, if it only appended actions), and ``changed(None,
        None)`` when notifications may have been missed (the listening connection was lost,
        and is back).  Only PostgreSQL is shared by several processes."""
        url = self.url
        if not is_postgres(url) or self._listening is not None:
            return
        assert self._loop is not None
        conninfo = f"postgresql://{url.split('://', 1)[1]}"
        self._listening = threading.Thread(target=self._listen, args=(conninfo, changed, self._loop),
                                           name="salon-listen", daemon=True)
        self._listening.start()

    def _listen(self, conninfo: str, changed: Callable[[str | None, Appended | None], None],
                loop: asyncio.AbstractEventLoop) -> None:
        lost = False
        while not self._closing.is_set():
            try:
                with psycopg.connect(conninfo, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    if lost:
                        loop.call_soon_threadsafe(changed, None, None)
                    while not self._closing.is_set():
                        for note in conn.notifies(timeout=LISTEN_WAKE):
                            origin, _, told = note.payload.partition(" ")
                            game_id, _, news = told.partition(" ")
                            if origin != self.origin:
                                loop.call_soon_threadsafe(changed, game_id, Appended.parse(news) if news else None)
            except psycopg.Error as e:
                if not lost:
                    log.warning("storage: listening to the other processes: %s", _one_line(e))
                lost = True
                self._closing.wait(RELISTEN_AFTER)

    async def close(self) -> None:
        self._closing.set()
        if self._listening is not None:
            await asyncio.to_thread(self._listening.join)
            self._listening = None
        if self._thread is not None:
            self._jobs.put(None)
            await asyncio.to_thread(self._thread.join)
            self._thread = None
        self._loop = None  # a job sent now is refused, not left waiting for a thread that is gone

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
            db = Database(self.url, self.origin)
        except BaseException as e:  # reported to start()
            self._resolve(opened, e, None)
            return
        db.renewed = self._tell_renewed
        self._resolve(opened, None, None)
        try:
            held: _Job | None = None  # a job alone, taken from the queue while a batch was gathered
            while True:
                first = held or self._jobs.get()
                held = None
                if first is None:
                    return
                batch = [first]
                stop = False
                while not first.alone and len(batch) < BATCH:
                    try:
                        job = self._jobs.get_nowait()
                    except queue.Empty:
                        break
                    if job is None:
                        stop = True
                        break
                    if job.alone:
                        held = job
                        break
                    batch.append(job)
                self._commit(db, batch)
                if stop:
                    return
        finally:
            db.close()

    def _commit(self, db: Database, batch: list[_Job]) -> None:
        results: list[tuple[Any, BaseException | None]] = []
        run = db.conn.exec_driver_sql
        try:
            with db.conn.begin():
                db.resume()
                for job, _, _ in batch:
                    # plain statements, one name for all: SQLAlchemy's begin_nested() names and
                    # compiles a savepoint afresh each time, which halves the jobs committed per second
                    run("SAVEPOINT job")
                    try:
                        results.append((job(db), None))
                    except Stale as e:
                        run("ROLLBACK TO SAVEPOINT job")
                        results.append((None, e))
                    except Exception as e:
                        run("ROLLBACK TO SAVEPOINT job")
                        results.append((None, StorageError(f"{type(e).__name__}: {_one_line(e)}")))
                    run("RELEASE SAVEPOINT job")
        except Exception as e:  # the commit failed or the connection is gone: every job of the batch fails alike
            results = [(None, StorageError(f"the database did not commit: {type(e).__name__}: {_one_line(e)}"))]
            results *= len(batch)
        for (_, fut, _), (value, error) in zip(batch, results, strict=True):
            self._resolve(fut, value, error)
