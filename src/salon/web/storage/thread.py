"""The thread that owns the database connection, and the other processes' news.

The event loop hands :class:`Storage` jobs and awaits their results.  Jobs that queue up while
a commit is under way are committed together (group commit), so a synchronous commit per
action stays cheap under load.  Each job runs inside its own savepoint: one failing job (a
duplicate action number after a race, say) leaves the others of its batch intact.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import secrets
import threading
from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar

import psycopg

from salon.web.storage.connection import one_line
from salon.web.storage.database import CHANNEL, CHAT_NEWS, Database, Stale, StorageError
from salon.web.storage.records import Appended
from salon.web.storage.urls import is_postgres

T = TypeVar("T")

log = logging.getLogger("salon.web")

BATCH = 256
"""The most jobs committed in one transaction."""
LISTEN_WAKE = 0.5
"""Seconds the listening thread waits for a notification before it looks whether to stop."""
RELISTEN_AFTER = 1.0
"""Seconds between two attempts to listen again after the listening connection was lost."""


def _settle(loop: asyncio.AbstractEventLoop, tried: asyncio.Future[None]) -> None:
    """Tell the event loop that the first attempt to listen has ended (once)."""
    def done() -> None:
        if not tried.done():
            tried.set_result(None)

    if not tried.done():
        loop.call_soon_threadsafe(done)


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
        self._said: Callable[[str, int], None] | None = None
        self._posted: Callable[[], None] | None = None

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

    def on_chat(self, said: Callable[[str, int], None]) -> None:
        """Call ``said(game_id, message_id)`` on the event loop whenever another process has
        stored a chat message (salon.web.chat); messages stored while the notifications were
        cut are not told, and reach their readers with the chat's history when they connect."""
        self._said = said

    def on_letter(self, posted: Callable[[], None]) -> None:
        """Call ``posted()`` on the event loop after a commit that wrote a letter due at once
        (salon.web.mail.outbox), so that the sender sends it now rather than at its next round:
        a sign-up's link arrives while its reader waits for it."""
        self._posted = posted

    def _tell_renewed(self) -> None:
        loop, renewed = self._loop, self._renewed
        if loop is not None and renewed is not None:
            loop.call_soon_threadsafe(renewed)

    async def listen(self, changed: Callable[[str | None, Appended | None], None]) -> None:
        """Call ``changed(game_id, appended)`` on the event loop whenever another process has
        written a game (``appended``: what, if it only appended actions), and ``changed(None,
        None)`` when notifications may have been missed (the listening connection was lost,
        and is back).  Only PostgreSQL is shared by several processes.  Returns once the first
        attempt to listen has ended: what is read afterwards cannot miss a later write's news
        (if that attempt failed, the thread tries again, and the server's rounds catch up)."""
        url = self.url
        if not is_postgres(url) or self._listening is not None:
            return
        loop = asyncio.get_running_loop()
        tried: asyncio.Future[None] = loop.create_future()
        conninfo = f"postgresql://{url.split('://', 1)[1]}"
        self._listening = threading.Thread(target=self._listen, args=(conninfo, changed, loop, tried),
                                           name="salon-listen", daemon=True)
        self._listening.start()
        await tried

    def _listen(self, conninfo: str, changed: Callable[[str | None, Appended | None], None],
                loop: asyncio.AbstractEventLoop, tried: asyncio.Future[None]) -> None:
        lost = False
        while not self._closing.is_set():
            try:
                with psycopg.connect(conninfo, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    if lost:
                        loop.call_soon_threadsafe(changed, None, None)
                    _settle(loop, tried)
                    while not self._closing.is_set():
                        for note in conn.notifies(timeout=LISTEN_WAKE):
                            self._heard(loop, note.payload, changed)
            except psycopg.Error as e:
                if not lost:
                    log.warning("storage: listening to the other processes: %s", one_line(e))
                lost = True
                _settle(loop, tried)
                self._closing.wait(RELISTEN_AFTER)
        _settle(loop, tried)

    def _heard(self, loop: asyncio.AbstractEventLoop, payload: str,
               changed: Callable[[str | None, Appended | None], None]) -> None:
        origin, _, told = payload.partition(" ")
        game_id, _, news = told.partition(" ")
        if origin == self.origin:
            return
        if news.startswith(CHAT_NEWS):
            self._tell_said(loop, game_id, news.removeprefix(CHAT_NEWS))
        else:
            loop.call_soon_threadsafe(changed, game_id, Appended.parse(news) if news else None)

    def _tell_said(self, loop: asyncio.AbstractEventLoop, game_id: str, message: str) -> None:
        said = self._said
        if said is not None and message.isdigit():
            loop.call_soon_threadsafe(said, game_id, int(message))

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
                        results.append((None, StorageError(f"{type(e).__name__}: {one_line(e)}")))
                    run("RELEASE SAVEPOINT job")
        except Exception as e:  # the commit failed or the connection is gone: every job of the batch fails alike
            results = [(None, StorageError(f"the database did not commit: {type(e).__name__}: {one_line(e)}"))]
            results *= len(batch)
        for (_, fut, _), (value, error) in zip(batch, results, strict=True):
            self._resolve(fut, value, error)
        if db.posted and self._posted is not None and self._loop is not None:
            self._loop.call_soon_threadsafe(self._posted)
        db.posted = False
