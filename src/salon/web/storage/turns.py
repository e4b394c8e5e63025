"""Where it is each account's turn, and the clocks of tables that last days, read from the
database for every table, held in memory by a process or not: an account's games ("My
games"), the decisions whose time is nearly or wholly out, and the clocks a holiday moves.

A table's turn is stored with every write that changes it (``games.turn_seat``,
``turn_since``: Database.set_turn), so these are queries, never replays.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa

from salon.web.storage.database import Database
from salon.web.storage.schema import ACCOUNTS, ENDED, FINISHED, GAMES, SEATS, UNFINISHED

GAME_OF_ACCOUNT = (GAMES.c.id, GAMES.c.game, GAMES.c.title, GAMES.c.over, GAMES.c.created, GAMES.c.pace_days,
                   GAMES.c.turn_seat, GAMES.c.turn_since, SEATS.c.seat, SEATS.c.token_hash, SEATS.c.invited,
                   ACCOUNTS.c.holiday_since)


def account_games(db: Database, account: str, address: str | None, finished: int) -> list[Any]:
    """The tables in play where ``account`` holds a seat or where a free seat is kept for its
    verified ``address``, and its ``finished`` latest tables played to their end or ended:
    each row a table and the seat (the holiday of whoever decides, for the clock)."""
    holder = ACCOUNTS.alias("decider")
    decider = SEATS.alias("deciding")
    mine = SEATS.c.account == account
    if address is not None:
        mine = sa.or_(mine, sa.and_(SEATS.c.invited == address, SEATS.c.token_hash.is_(None)))
    query = (sa.select(*GAME_OF_ACCOUNT[:-1], holder.c.holiday_since)
             .join(SEATS, SEATS.c.game_id == GAMES.c.id)
             .outerjoin(decider, sa.and_(decider.c.game_id == GAMES.c.id, decider.c.seat == GAMES.c.turn_seat))
             .outerjoin(holder, holder.c.id == decider.c.account)
             .where(mine, GAMES.c.broken.is_(None)))
    playing = db.conn.execute(query.where(GAMES.c.over == UNFINISHED, SEATS.c.kind == "human")
                              .order_by(GAMES.c.turn_since)).all()
    done = db.conn.execute(query.where(GAMES.c.over.in_((FINISHED, ENDED)))
                           .order_by(GAMES.c.created.desc()).limit(finished)).all()
    return [*playing, *done]


def players(db: Database, game_ids: list[str]) -> dict[str, list[str]]:
    """The names at each table, seat by seat."""
    named: dict[str, list[str]] = {}
    for r in db.conn.execute(sa.select(SEATS.c.game_id, SEATS.c.name).where(SEATS.c.game_id.in_(game_ids))
                             .order_by(SEATS.c.game_id, SEATS.c.seat)):
        named.setdefault(r.game_id, []).append(r.name)
    return named


def turns(db: Database, account: str) -> list[tuple[str, float]]:
    """The tables in play whose decision is a seat ``account`` holds, as (id, since when),
    the longest waiting first."""
    rows = db.conn.execute(sa.select(GAMES.c.id, GAMES.c.turn_since).join(
        SEATS, sa.and_(SEATS.c.game_id == GAMES.c.id, SEATS.c.seat == GAMES.c.turn_seat)).where(
        SEATS.c.account == account, SEATS.c.kind == "human", GAMES.c.over == UNFINISHED, GAMES.c.broken.is_(None))
        .order_by(GAMES.c.turn_since, GAMES.c.id))
    return [(r.id, float(r.turn_since or 0.0)) for r in rows]


def nearly_due(db: Database, now: float, share_left: float, day: float, paces: Sequence[int]) -> list[Any]:
    """The decisions at tables that last days (of ``paces`` days a move) with ``share_left``
    of their time or less left by ``now``, holidays aside (a holiday only ever gives more): each row's table, its title,
    pace, writes, the count of writes at its last reminder, the deciding seat, since when it
    decides and the holiday of its account.  A table waiting for players has no clock yet."""
    free = SEATS.alias("free")
    waiting = sa.select(free.c.seat).where(free.c.game_id == GAMES.c.id, free.c.kind == "human",
                                           free.c.token_hash.is_(None)).exists()
    due = sa.or_(*(sa.and_(GAMES.c.pace_days == days, GAMES.c.over == UNFINISHED,
                           GAMES.c.turn_since <= now - days * day * (1 - share_left))
                   for days in paces))  # one range of the index games_by_pace per pace
    return list(db.conn.execute(
        sa.select(GAMES.c.id, GAMES.c.title, GAMES.c.pace_days, GAMES.c.writes, GAMES.c.reminded,
                  GAMES.c.turn_seat, GAMES.c.turn_since, ACCOUNTS.c.holiday_since)
        .join(SEATS, sa.and_(SEATS.c.game_id == GAMES.c.id, SEATS.c.seat == GAMES.c.turn_seat))
        .outerjoin(ACCOUNTS, ACCOUNTS.c.id == SEATS.c.account)
        .where(due, GAMES.c.broken.is_(None), SEATS.c.kind == "human", SEATS.c.token_hash.is_not(None),
               ~waiting)).all())


def mark_reminded(db: Database, game_id: str, writes: int) -> bool:
    """Record that the decision at ``writes`` writes was reminded; False if it already was
    (by another process) or the table has moved on."""
    result = db.conn.execute(GAMES.update().where(
        GAMES.c.id == game_id, GAMES.c.writes == writes,
        sa.or_(GAMES.c.reminded.is_(None), GAMES.c.reminded != writes)).values(reminded=writes))
    return result.rowcount == 1


def holiday_over(db: Database, account: str, since: float, now: float) -> dict[str, float]:
    """Move on, by the part of the holiday from ``since`` to ``now`` that fell within each
    decision, the clocks of the tables that last days where ``account`` decides; the tables,
    with the time each decision now runs from."""
    rows = db.conn.execute(sa.select(GAMES.c.id, GAMES.c.turn_since).join(
        SEATS, sa.and_(SEATS.c.game_id == GAMES.c.id, SEATS.c.seat == GAMES.c.turn_seat)).where(
        SEATS.c.account == account, GAMES.c.over == UNFINISHED, GAMES.c.pace_days.is_not(None))).all()
    moved = {}
    for r in rows:
        start = float(r.turn_since or 0.0)
        moved[r.id] = start + max(0.0, now - max(start, since))
        db.conn.execute(GAMES.update().where(GAMES.c.id == r.id).values(turn_since=moved[r.id]))
    return moved
