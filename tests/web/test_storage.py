"""The game store on both backends (a SQLite file and a private PostgreSQL server): every
method, group commit, schema migrations from the first, unversioned schema on, and the
damaged rows and files it must survive or refuse with one clear line."""

from __future__ import annotations

import asyncio
import shutil
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

from salon.core.errors import ConfigError
from salon.web import migrations
from salon.web.storage import (
    ACCOUNTS,
    METADATA,
    BrokenRecord,
    Database,
    GameRecord,
    SeatRecord,
    Stale,
    Storage,
    StorageError,
)

T = TypeVar("T")

HEAD = ScriptDirectory(str(migrations.SCRIPTS)).get_current_head() or ""
"""The newest revision, which the store migrates a database to (one head: the history is a line)."""

FIRST_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, game TEXT NOT NULL, title TEXT NOT NULL, "
    "config TEXT NOT NULL, seed BIGINT NOT NULL, created DOUBLE PRECISION NOT NULL, over INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS seats (game_id TEXT NOT NULL, seat INTEGER NOT NULL, kind TEXT NOT NULL, "
    "bot TEXT, name TEXT NOT NULL, token_hash TEXT, PRIMARY KEY (game_id, seat))",
    "CREATE TABLE IF NOT EXISTS actions (game_id TEXT NOT NULL, n INTEGER NOT NULL, action TEXT NOT NULL, "
    "PRIMARY KEY (game_id, n))",
)
"""The schema as salon wrote it before the schema carried a version."""


class Store:
    """A started :class:`Storage` driven from synchronous test code."""

    def __init__(self, url: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.storage = Storage(url)
        self.loop.run_until_complete(self.storage.start())

    def __call__(self, job: Callable[[Database], T]) -> T:
        return self.loop.run_until_complete(self.storage.run(job))

    def close(self) -> None:
        if not self.loop.is_closed():
            self.loop.run_until_complete(self.storage.close())
            self.loop.close()


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    s = Store(db_url)
    yield s
    s.close()


def engine_of(url: str) -> sa.Engine:
    """A plain engine on the same database, to write what the store would never write."""
    return sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))


def raw(url: str, *statements: str, **params: Any) -> None:
    engine = engine_of(url)
    with engine.begin() as conn:
        for statement in statements:
            conn.execute(sa.text(statement), params)
    engine.dispose()


def game(game_id: str, created: float = 1.0, seed: int = 7, **extra: Any) -> GameRecord:
    seats = [SeatRecord(0, "human", None, ""), SeatRecord(1, "bot", "random", "random"),
             SeatRecord(2, "automaton", None, "the house")]
    return GameRecord(game_id, "demo", f"table {game_id}", {"players": 2}, seed, created, seats, **extra)


def creating(rec: GameRecord) -> Callable[[Database], None]:
    """The job that stores ``rec``."""
    return lambda db: db.create_game(rec)


def loading(game_id: str) -> Callable[[Database], GameRecord | BrokenRecord | None]:
    """The job that reads the game ``game_id`` back."""
    return lambda db: db.load(game_id)


def stored(store: Store, game_id: str) -> GameRecord:
    """The game ``game_id`` as read back, which must be whole."""
    rec = store(loading(game_id))
    assert isinstance(rec, GameRecord)
    return rec


def test_a_game_round_trips_with_every_field(store: Store, db_url: str) -> None:
    rec = game("g1", seed=2**200, creator="c0ffee", options={"turn_timer": 60}, actions=["a", "b"], undos=3)
    rec.seats[0].undos = 2
    huge = game("g2", created=2.0, seed=2**256)
    store(lambda db: db.create_game(rec))
    store(lambda db: db.create_game(huge))
    assert store(lambda db: db.load("g1")) == rec
    assert store(lambda db: db.load("g2")) == huge
    assert store(lambda db: db.load("nope")) is None
    assert store(lambda db: db.unfinished()) == [rec, huge]
    store.close()
    again = Store(db_url)  # what was acknowledged is there after reopening
    try:
        assert again(lambda db: db.load("g1")) == rec
    finally:
        again.close()


def test_seats_are_taken_left_and_handed_over(store: Store) -> None:
    store(lambda db: db.create_game(game("g")))
    assert store(lambda db: db.take_seat("g", 0, "Ann", "h1"))
    assert not store(lambda db: db.take_seat("g", 0, "Bob", "h2")), "taken already"
    assert not store(lambda db: db.take_seat("g", 1, "Bob", "h2")), "a bot's seat"
    assert not store(lambda db: db.leave_seat("g", 0, "h2")), "not Bob's seat"
    assert store(lambda db: db.leave_seat("g", 0, "h1"))
    assert not store(lambda db: db.leave_seat("g", 0, "h1")), "left already"
    assert stored(store, "g").seats[0] == SeatRecord(0, "human", None, "", None)
    assert store(lambda db: db.take_seat("g", 0, "Bob", "h2"))
    assert store(lambda db: db.set_seat("g", 0, "bot", "greedy", "greedy", None))
    assert not store(lambda db: db.set_seat("g", 9, "bot", "greedy", "greedy", None))
    loaded = store(lambda db: db.load("g"))
    assert isinstance(loaded, GameRecord)
    assert loaded.seats[0] == SeatRecord(0, "bot", "greedy", "greedy", None)


def test_actions_are_appended_truncated_and_finish_the_game(store: Store) -> None:
    store(lambda db: db.create_game(game("g")))
    store(lambda db: db.append("g", 0, "a0", False, 0))
    with pytest.raises(StorageError):
        store(lambda db: db.append("g", 0, "again", False, 1))
    store(lambda db: db.append("g", 2, "a2", False, 1))
    with pytest.raises(StorageError):
        store(lambda db: db.append_many("g", 1, ["a1", "a2 again"], False, 2))  # all or nothing
    store(lambda db: db.truncate("g", 1))
    assert stored(store, "g").actions == ["a0"]
    store(lambda db: db.append_many("g", 1, ["a1", "a2", "a3"], False, 2))
    store(lambda db: db.undo("g", 3, None, 3))
    store(lambda db: db.undo("g", 2, 0, 4))
    undone = store(lambda db: db.load("g"))
    assert isinstance(undone, GameRecord)
    assert undone.actions == ["a0", "a1"] and undone.undos == 1 and [s.undos for s in undone.seats] == [1, 0, 0]
    store(lambda db: db.append_many("g", 2, [], False, 5))
    store(lambda db: db.append("g", 2, "last", True, 6))
    loaded = store(lambda db: db.load("g"))
    assert isinstance(loaded, GameRecord)
    assert loaded.actions == ["a0", "a1", "last"] and loaded.over and not loaded.ended and loaded.writes == 7
    tail = store(lambda db: db.load("g", since=2))  # what a reader holding the first two lacks
    assert isinstance(tail, GameRecord) and tail.actions == ["last"] and tail.writes == 7
    assert store(lambda db: db.unfinished()) == []
    assert store(lambda db: db.finished_ids(10)) == ["g"]


def test_a_write_after_a_version_another_process_moved_on_from_is_stale_and_changes_nothing(store: Store) -> None:
    """Every write of a game's actions names how many writes it follows; a writer that missed
    one (another process acted or undid meanwhile) gets Stale and the rows stay as they were."""
    store(lambda db: db.create_game(game("g")))
    store(lambda db: db.append_many("g", 0, ["a0", "a1"], False, 0))
    store(lambda db: db.undo("g", 1, None, 1))
    store(lambda db: db.append("g", 1, "b1", False, 2))  # as many rows as before the undo: the count cannot tell
    for late in (lambda db: db.append("g", 2, "late", False, 1), lambda db: db.undo("g", 1, None, 2),
                 lambda db: db.append_many("g", 2, [], True, 0)):
        with pytest.raises(Stale, match="changed by another process"):
            store(late)
    loaded = store(lambda db: db.load("g"))
    assert isinstance(loaded, GameRecord)
    assert loaded.actions == ["a0", "b1"] and loaded.writes == 3 and loaded.undos == 1 and not loaded.over


def test_ended_and_quarantined_games_are_listed_where_they_belong(store: Store) -> None:
    for i in range(6):
        store(creating(game(f"g{i}", created=float(i))))
    store(lambda db: db.append("g1", 0, "x", True, 0))
    assert store(lambda db: db.end_game("g2"))
    assert not store(lambda db: db.end_game("g1")), "a finished game stays finished"
    assert not store(lambda db: db.end_game("g2")), "ended already"
    store(lambda db: db.append("g3", 0, "x", True, 0))
    store(lambda db: db.append("g4", 0, "x", True, 0))
    store(lambda db: db.quarantine("g4", "cannot be replayed"))
    store(lambda db: db.quarantine("g5", "the rules changed"))
    ended = store(lambda db: db.load("g2"))
    assert isinstance(ended, GameRecord) and ended.over and ended.ended
    assert [r.id for r in store(lambda db: db.unfinished())] == ["g0"]
    assert store(lambda db: db.finished_ids(10)) == ["g3", "g2", "g1"]
    assert store(lambda db: db.finished_ids(2)) == ["g3", "g2"]
    assert store(lambda db: db.finished_ids(2, 2)) == ["g1"]
    assert store(lambda db: db.broken_games(10)) == [("g5", "the rules changed"), ("g4", "cannot be replayed")]
    assert store(lambda db: db.broken_games(1)) == [("g5", "the rules changed")]
    assert store(lambda db: db.load("g4")) == BrokenRecord("g4", "cannot be replayed", quarantined=True)


def test_a_damaged_row_costs_only_its_own_game(store: Store, db_url: str) -> None:
    damage = {
        "config": "UPDATE games SET config = '[1, 2]' WHERE id = :id",
        "config not JSON": "UPDATE games SET config = '{oops' WHERE id = :id",
        "seed": "UPDATE games SET seed = '12abc' WHERE id = :id",
        "options": "UPDATE games SET options = 'not json' WHERE id = :id",
        "actions": "DELETE FROM actions WHERE game_id = :id AND n = 0",
        "seats": "DELETE FROM seats WHERE game_id = :id AND seat = 1",
    }
    for i, name in enumerate(["sound", *damage, "also sound"]):
        store(creating(game(name, created=float(i), actions=["a", "b"])))
    for name, statement in damage.items():
        raw(db_url, statement, id=name)
    loaded = store(lambda db: db.unfinished())
    assert [r.id for r in loaded] == ["sound", *damage, "also sound"]
    assert isinstance(loaded[0], GameRecord) and isinstance(loaded[-1], GameRecord)
    for rec, name in zip(loaded[1:-1], damage):
        assert isinstance(rec, BrokenRecord) and f"cannot read its {name.split()[0]}" in rec.reason, rec
        assert store(loading(name)) == rec


def test_a_row_the_driver_cannot_fetch_costs_only_its_own_game(tmp_path: Path) -> None:
    """Text that is not UTF-8 fails in the middle of SQLite's fetch, not in the checks."""
    url = f"sqlite:///{tmp_path / 'salon.db'}"
    store = Store(url)
    try:
        for i, name in enumerate(["sound", "bytes", "undecodable", "also sound"]):
            store(creating(game(name, created=float(i), actions=["a"])))
        raw(url, "UPDATE actions SET action = X'00ff' WHERE game_id = 'bytes'",
            "UPDATE seats SET name = CAST(X'ff' AS TEXT) WHERE game_id = 'undecodable'")
        loaded = store(lambda db: db.unfinished())
        assert [type(r) for r in loaded] == [GameRecord, BrokenRecord, BrokenRecord, GameRecord]
        broken = [r for r in loaded if isinstance(r, BrokenRecord)]
        assert "not all text" in broken[0].reason and "cannot read its rows" in broken[1].reason
        assert store(lambda db: db.load("undecodable")) == loaded[2]
    finally:
        store.close()


def test_a_batch_commits_together_and_a_failing_job_spoils_only_itself(store: Store) -> None:
    store(lambda db: db.create_game(game("g")))
    gate, holding = threading.Event(), threading.Event()
    transactions: list[object] = []

    def job(work: Callable[[Database], Any]) -> Callable[[Database], Any]:
        def run(db: Database) -> Any:
            transactions.append(db.conn.get_transaction())
            return work(db)
        return run

    def boom(db: Database) -> None:
        db.append("g", 5, "lost with its job", False, 1)
        raise ValueError("a defect")

    def hold(db: Database) -> bool:
        holding.set()
        return gate.wait(60)

    async def scenario() -> list[Any]:
        # the storage thread waits in a batch of its own while the others queue up behind it
        first = asyncio.ensure_future(store.storage.run(hold))
        assert await asyncio.to_thread(holding.wait, 60)
        batch = [store.storage.run(job(work)) for work in (
            lambda db: db.append("g", 0, "a0", False, 0),
            lambda db: db.append("g", 0, "duplicate", False, 1),
            boom,
            lambda db: db.append("g", 1, "a1", False, 1),
            lambda db: db.append_many("g", 2, ["a2", "a3"], True, 2),
        )]
        gathered = asyncio.gather(*batch, return_exceptions=True)
        await asyncio.sleep(0)  # let every job reach the queue
        gate.set()
        assert await first
        return await gathered

    results = store.loop.run_until_complete(scenario())
    assert [type(r) for r in results] == [type(None), StorageError, StorageError, type(None), type(None)]
    assert "a defect" in str(results[2])
    assert len(transactions) == 5 and all(t is transactions[0] for t in transactions), "one transaction"
    loaded = store(lambda db: db.load("g"))
    assert isinstance(loaded, GameRecord)
    assert loaded.actions == ["a0", "a1", "a2", "a3"] and loaded.over


def drift(db: Database) -> list[Any]:
    """How the migrated schema differs from the tables the store describes."""
    return list(compare_metadata(MigrationContext.configure(db.conn), METADATA))


@pytest.mark.heavy
def test_the_migrated_schema_is_the_one_the_store_describes(store: Store) -> None:
    assert store(drift) == []


def test_each_database_in_memory_has_the_newest_schema_and_its_own_rows() -> None:
    """After the first, a database in memory is a copy of the schema the first was migrated
    to (salon.web.storage.connection.IN_MEMORY), not of its rows."""
    first, second = Store("sqlite://"), Store("sqlite://")
    try:
        first(lambda db: db.create_game(game("only-in-the-first")))
        for store in (first, second):
            assert store(drift) == []
            assert store(lambda db: db.conn.exec_driver_sql("SELECT version_num FROM alembic_version").all()) == [
                (HEAD,)]
        assert second(lambda db: db.unfinished()) == []
        assert [g.id for g in first(lambda db: db.unfinished())] == ["only-in-the-first"]
    finally:
        first.close()
        second.close()


def test_a_database_of_the_first_schema_is_stamped_and_migrated(db_url: str) -> None:
    raw(db_url, *FIRST_SCHEMA)
    raw(db_url, "INSERT INTO games VALUES ('old', 'demo', 'an old table', '{\"players\": 2}', :seed, 5.5, 0)",
        "INSERT INTO games VALUES ('done', 'demo', 'a finished one', '{}', 1, 6.5, 1)",
        "INSERT INTO seats VALUES ('old', 0, 'human', NULL, 'Ann', 'h1')",
        "INSERT INTO seats VALUES ('old', 1, 'bot', 'random', 'random', NULL)",
        "INSERT INTO actions VALUES ('old', 0, 'a0')", "INSERT INTO actions VALUES ('old', 1, 'a1')",
        seed=2**62)
    store = Store(db_url)
    try:
        assert store(lambda db: db.unfinished()) == [GameRecord(
            "old", "demo", "an old table", {"players": 2}, 2**62, 5.5,
            [SeatRecord(0, "human", None, "Ann", "h1"), SeatRecord(1, "bot", "random", "random")], ["a0", "a1"])]
        assert store(lambda db: db.finished_ids(5)) == ["done"]
        store(lambda db: db.create_game(game("new", seed=2**255)))
        assert stored(store, "new").seed == 2**255
        assert store(drift) == []
        assert store(lambda db: db.conn.exec_driver_sql("SELECT version_num FROM alembic_version").all()) == [
            (HEAD,)]
    finally:
        store.close()


def test_the_accounts_made_before_handles_get_them_from_their_names(db_url: str) -> None:
    engine = engine_of(db_url)
    with engine.begin() as conn:
        config = Config()
        config.set_main_option("script_location", str(migrations.SCRIPTS))
        config.attributes["connection"] = conn
        command.upgrade(config, "0012")
        for n, name in enumerate(("Ann", "ANN", "Ｂｅａ Fox!", "٭", "Ann 2", "ann")):
            conn.execute(sa.text("INSERT INTO accounts (id, name, email, password_hash, created) "
                                 "VALUES (:id, :name, :email, 'x', :created)"),
                         {"id": f"id{n}", "name": name, "email": f"{n}@example.org", "created": float(n)})
    engine.dispose()
    store = Store(db_url)
    try:
        rows = store(lambda db: db.conn.execute(sa.select(ACCOUNTS.c.id, ACCOUNTS.c.handle)
                                                .order_by(ACCOUNTS.c.created)).all())
        assert [handle for _, handle in rows] == ["ann", "ann-2", "bea-fox", "player", "ann-2-2", "ann-3"]
        assert store(drift) == []
    finally:
        store.close()


def test_a_newer_revision_is_refused_with_one_line(db_url: str) -> None:
    Database(db_url).close()
    raw(db_url, "UPDATE alembic_version SET version_num = '0999'")
    with pytest.raises(ConfigError) as refused:
        Database(db_url)
    message = str(refused.value)
    assert "0999" in message and HEAD in message and "\n" not in message


def test_a_file_that_is_no_database_is_refused_with_one_line(tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    junk.write_bytes(bytes(range(256)) * 64)
    with pytest.raises(ConfigError, match=r"^cannot open the database .*junk\.db: file is not a database$"):
        Database(f"sqlite:///{junk}")
    store = Storage(str(junk))
    with pytest.raises(ConfigError, match="file is not a database"):
        asyncio.run(store.start())


def test_a_truncated_database_is_refused_with_one_line(tmp_path: Path) -> None:
    whole = tmp_path / "whole.db"
    store = Store(f"sqlite:///{whole}")
    try:
        for i in range(40):
            store(creating(game(f"g{i}", created=float(i), actions=["x" * 200] * 20)))
    finally:
        store.close()
    cut = tmp_path / "cut.db"
    shutil.copy(whole, cut)
    with cut.open("r+b") as f:
        f.truncate(whole.stat().st_size // 2)
    Database(str(whole)).close()
    with pytest.raises(ConfigError, match=r"^cannot open the database .*cut\.db: [^\n]*$"):
        Database(str(cut))


def test_an_unreachable_server_is_refused_with_one_line(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"^cannot connect to postgresql://…@/salon\?host=.*: [^\n]+$"):
        Database(f"postgresql://nobody@/salon?host={tmp_path}")


def test_a_lost_connection_fails_its_batch_and_the_next_job_reconnects(postgres_url: str) -> None:
    store = Store(postgres_url)
    try:
        store(lambda db: db.create_game(game("g")))
        backend = store(lambda db: db.conn.exec_driver_sql("SELECT pg_backend_pid()").scalar())
        raw(postgres_url, f"SELECT pg_terminate_backend({backend})")  # as when the server restarts
        with pytest.raises(StorageError, match="did not commit"):
            store(lambda db: db.append("g", 0, "lost", False, 0))
        store(lambda db: db.append("g", 0, "a0", False, 0))
        assert stored(store, "g").actions == ["a0"]
    finally:
        store.close()


def test_a_second_process_on_one_sqlite_file_is_refused_with_one_line(tmp_path: Path) -> None:
    """A SQLite database is served by one process: a second opening of the file (another
    ``salon serve``) is refused while the first holds it, and welcome once it has let go."""
    file = tmp_path / "salon.db"
    first = Database(str(file))
    try:
        with pytest.raises(ConfigError, match=r"^the database .*salon\.db is in use by another salon process: [^\n]*$"):
            Database(f"sqlite:///{file}")
    finally:
        first.close()
    Database(str(file)).close()
