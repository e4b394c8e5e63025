"""Blocks: the accounts an account keeps from itself.  A blocked account's chat messages never
reach the blocker (salon.web.chat.service), it cannot sit at a table where the blocker holds a
seat (salon.web.tables.seats), and neither can invite the other (:func:`between`).

Each function is a statement, or a few, run on the storage thread inside its caller's job.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa

from salon.web.storage import ACCOUNTS, Database
from salon.web.storage.schema import BLOCKS

MOST = 1000
"""The most accounts one account may block: enough for anyone, bounded for the server."""


def between(db: Database, a: str, b: str) -> bool:
    """Whether either of the accounts ``a`` and ``b`` blocked the other: then neither may
    invite the other to a table."""
    return db.conn.execute(sa.select(BLOCKS.c.account).where(sa.or_(
        sa.and_(BLOCKS.c.account == a, BLOCKS.c.blocked == b),
        sa.and_(BLOCKS.c.account == b, BLOCKS.c.blocked == a)))).first() is not None


def blocked_by_any(db: Database, account: str, holders: Sequence[str]) -> bool:
    """Whether one of the accounts ``holders`` (those seated at a table) blocked ``account``."""
    if not holders:
        return False
    return db.conn.execute(sa.select(BLOCKS.c.account).where(
        BLOCKS.c.blocked == account, BLOCKS.c.account.in_(holders))).first() is not None


def blockers_of(db: Database, account: str | None) -> set[str]:
    """The accounts that blocked ``account`` (none for a guest, whom nobody can block)."""
    if account is None:
        return set()
    return set(db.conn.scalars(sa.select(BLOCKS.c.account).where(BLOCKS.c.blocked == account)))


def listed(db: Database, account: str) -> Sequence[Any]:
    """The accounts ``account`` blocked, the latest first: each one's handle, name and when."""
    return db.conn.execute(
        sa.select(ACCOUNTS.c.handle, ACCOUNTS.c.name, BLOCKS.c.at)
        .select_from(BLOCKS.join(ACCOUNTS, ACCOUNTS.c.id == BLOCKS.c.blocked))
        .where(BLOCKS.c.account == account).order_by(BLOCKS.c.at.desc(), ACCOUNTS.c.handle)).all()


def count(db: Database, account: str) -> int:
    counted: int = db.conn.execute(sa.select(sa.func.count()).select_from(BLOCKS).where(
        BLOCKS.c.account == account)).scalar_one()
    return counted


def block(db: Database, account: str, other: str, at: float) -> float:
    """``account`` blocks ``other``: since when (blocking again keeps the first time)."""
    found = db.conn.execute(sa.select(BLOCKS.c.at).where(BLOCKS.c.account == account,
                                                           BLOCKS.c.blocked == other)).scalar()
    if found is not None:
        return float(found)
    db.conn.execute(BLOCKS.insert().values(account=account, blocked=other, at=at))
    return at


def unblock(db: Database, account: str, other: str) -> bool:
    """``account`` no longer blocks ``other``; False if it did not."""
    return db.conn.execute(BLOCKS.delete().where(BLOCKS.c.account == account, BLOCKS.c.blocked == other)
                           ).rowcount == 1
