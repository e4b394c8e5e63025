"""What clients have spent, counted in the database, so that every server process on it sees
the same counts: unfinished tables (in all and per creating address), the hits of the rate
limits within their moving windows, live connections per address and spectators per table;
and which seats' players are connected, to whichever process.

Each count and the write it allows are one job of the storage thread (salon.web.storage),
taken in turn by every process: a transaction-level advisory lock on what is counted makes a
second process wait until the first has committed, so that a cap is never exceeded by two
processes counting at once.  A SQLite file has one process and one writer.

A connection is stored with its process's database session (``Database.holder``).  Only the
connections of sessions still open are counted: a process that ends, however it ends, closes
its session, and its connections stop counting at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import sqlalchemy as sa

from salon.web.storage import CONNECTIONS, GAMES, IN_PLAY, RATE_HITS, SEATS, SESSIONS, Database, lock_key


@dataclass(frozen=True, order=True)
class Hit:
    """One more request of ``kind`` from ``key``, of which ``most`` are allowed per ``seconds``."""

    kind: str
    key: str
    most: int
    seconds: float


def _in_turn(db: Database, what: str) -> None:
    """Count ``what`` alone until the transaction ends (the other processes wait)."""
    if db.engine.dialect.name == "postgresql":
        db.conn.execute(sa.select(sa.func.pg_advisory_xact_lock(lock_key(what))))


def hit(db: Database, hits: Sequence[Hit], now: float) -> Hit | None:
    """Count every hit if each is within its rate, else none: the first beyond its rate.
    ``now`` is in seconds since the epoch, which the server processes share."""
    hits = sorted(hits)  # every process takes the locks in one order: no process waits on another in a cycle
    for h in hits:
        _in_turn(db, f"rate {h.kind} {h.key}")
        db.conn.execute(RATE_HITS.delete().where(RATE_HITS.c.kind == h.kind, RATE_HITS.c.key == h.key,
                                                 RATE_HITS.c.until <= now))
    for h in hits:
        counted = db.conn.execute(sa.select(sa.func.count()).select_from(RATE_HITS).where(
            RATE_HITS.c.kind == h.kind, RATE_HITS.c.key == h.key)).scalar_one()
        if counted >= h.most:
            return h
    db.conn.execute(RATE_HITS.insert(), [{"kind": h.kind, "key": h.key, "until": now + h.seconds} for h in hits])
    return None


def forget_expired(db: Database, now: float) -> int:
    """Drop the hits out of every window (those of a key hit again are dropped then anyway, but
    a key that never comes back would stay for good); how many were dropped."""
    return db.conn.execute(RATE_HITS.delete().where(RATE_HITS.c.until <= now)).rowcount


def forget_gone(db: Database) -> int:
    """Drop the connections of processes that have ended (they count no more, but a process
    killed leaves its rows behind); how many were dropped.  A SQLite file has one process,
    which dropped the rows of its predecessor when it opened the file."""
    if db.engine.dialect.name != "postgresql":
        return 0
    return db.conn.execute(CONNECTIONS.delete().where(CONNECTIONS.c.holder.not_in(SESSIONS))).rowcount


@dataclass(frozen=True)
class TableCaps:
    """The most unfinished tables in all, per creating address and per creating network."""

    most: int
    per_client: int
    per_network: int


def tables_full(db: Database, client: str, network: str, caps: TableCaps) -> tuple[str, int] | None:
    """Why one more table may not be created, with the count: ``server_full`` past the cap in
    all, ``too_many_tables`` past ``client``'s, ``network_full`` past ``network``'s; None if it
    may (the caller creates it in the same job, before the other processes count again)."""
    _in_turn(db, "tables")
    tables = db.conn.execute(sa.select(sa.func.count()).select_from(GAMES).where(IN_PLAY)).scalar_one()
    if tables >= caps.most:
        return "server_full", tables
    for code, column, key, most in (("too_many_tables", GAMES.c.creator, client, caps.per_client),
                                    ("network_full", GAMES.c.network, network, caps.per_network)):
        counted = db.conn.execute(sa.select(sa.func.count()).select_from(GAMES).where(
            IN_PLAY, column == key)).scalar_one()
        if counted >= most:
            return code, counted
    return None


def attend(db: Database, now: float) -> None:
    """Store ``now`` as the time a person was last at each table in play where a seated
    person is connected (to any process)."""
    seated = sa.select(CONNECTIONS.c.game_id).distinct().where(CONNECTIONS.c.seat.is_not(None))
    if db.engine.dialect.name == "postgresql":
        seated = seated.where(CONNECTIONS.c.holder.in_(SESSIONS))
    # the few seated tables read first, then each found by its id: not every game in play
    game_ids = list(db.conn.scalars(seated))
    if game_ids:
        db.conn.execute(GAMES.update().where(GAMES.c.id.in_(game_ids), IN_PLAY).values(attended=now))


def deserted(db: Database, since: float) -> list[str]:
    """The live tables in play with a seat for a person where no seated person has been
    connected since ``since`` (a table of bots alone ends by itself; a table that lasts days
    is played by people who come and go, and keeps its seats for them)."""
    people = sa.select(SEATS.c.game_id).where(SEATS.c.kind == "human")
    return list(db.conn.execute(sa.select(GAMES.c.id).where(
        IN_PLAY, GAMES.c.pace_days.is_(None), GAMES.c.id.in_(people),
        sa.func.coalesce(GAMES.c.attended, GAMES.c.created) < since)).scalars())


def _count(db: Database, where: sa.ColumnElement[bool]) -> int:
    query = sa.select(sa.func.count()).select_from(CONNECTIONS).where(where)
    if db.engine.dialect.name == "postgresql":
        query = query.where(CONNECTIONS.c.holder.in_(SESSIONS))
    counted: int = db.conn.execute(query).scalar_one()
    return counted


def connect(db: Database, ticket: str, client: str, most: int) -> int | None:
    """Count a new connection of ``client`` under ``ticket``; the count if it already has
    ``most`` live ones (and the connection is not counted)."""
    _in_turn(db, f"client {client}")
    counted = _count(db, CONNECTIONS.c.client == client)
    if counted >= most:
        return counted
    db.conn.execute(CONNECTIONS.insert().values(ticket=ticket, holder=db.holder, client=client))
    return None


def watch(db: Database, ticket: str | None, game_id: str, most: int) -> int | None:
    """Count the connection of ``ticket`` as a spectator of the table; the count if the table
    already has ``most`` (and it is not counted).  A connection without a ticket (one the
    server made itself) is only checked."""
    _in_turn(db, f"watch {game_id}")
    counted = _count(db, sa.and_(CONNECTIONS.c.game_id == game_id, CONNECTIONS.c.seat.is_(None)))
    if counted >= most:
        return counted
    if ticket is not None:
        db.conn.execute(CONNECTIONS.update().where(CONNECTIONS.c.ticket == ticket).values(game_id=game_id))
    return None


def sit(db: Database, ticket: str, game_id: str, seat: int, now: float) -> None:
    """Store that the connection of ``ticket`` plays the table's seat (its player is online),
    and that its player looked at the table ``now`` (seconds since the epoch: the letters of
    turns wait for it, salon.web.tables.notices)."""
    db.conn.execute(CONNECTIONS.update().where(CONNECTIONS.c.ticket == ticket).values(game_id=game_id, seat=seat))
    db.conn.execute(SEATS.update().where(SEATS.c.game_id == game_id, SEATS.c.seat == seat).values(seen=now))


def seated_elsewhere(db: Database) -> dict[str, set[int]]:
    """The seats, per table, whose players are connected to the other processes."""
    seated: dict[str, set[int]] = {}
    rows = db.conn.execute(sa.select(CONNECTIONS.c.game_id, CONNECTIONS.c.seat).distinct().where(
        CONNECTIONS.c.seat.is_not(None), CONNECTIONS.c.holder != db.holder, CONNECTIONS.c.holder.in_(SESSIONS)))
    for game_id, seat in rows:
        seated.setdefault(game_id, set()).add(seat)
    return seated


def disconnect(db: Database, ticket: str) -> None:
    db.conn.execute(CONNECTIONS.delete().where(CONNECTIONS.c.ticket == ticket))
