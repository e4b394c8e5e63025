"""The accounts one follows: following and unfollowing, and the list of them with whether each
is online and the listed tables in play where they sit.

An account is online when one of its sessions was seen lately.  A session's ``seen`` is
written at most once every :data:`~salon.web.accounts.sessions.TOUCH_AFTER` seconds (five
minutes), so "lately" is that and a minute more: a player whose page asks the server
something every minute never looks offline between two writes.  Only listed tables are
named, as in the lobby: a private table is reached by its link alone (docs/server.md).
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from salon.web.accounts.sessions import TOUCH_AFTER
from salon.web.players.visibility import seen_by
from salon.web.storage import ACCOUNT_SESSIONS, ACCOUNTS, GAMES, IN_PLAY, SEATS, Database
from salon.web.storage.schema import FOLLOWS

ONLINE_WITHIN = TOUCH_AFTER + 60.0
"""Seconds since a session was last seen within which its account counts as online."""
MOST_FOLLOWED = 500
"""The most accounts one account follows: its friends list is read whole."""
TABLES_LISTED = 100
"""The most tables the friends list names, the newest first."""


def is_following(db: Database, account: str, followed: str) -> bool:
    return db.conn.execute(sa.select(FOLLOWS.c.at).where(FOLLOWS.c.account == account,
                                                         FOLLOWS.c.followed == followed)).first() is not None


def follow(db: Database, account: str, followed: str, now: float) -> bool:
    """``account`` follows ``followed`` (again: no change); False when it follows too many already."""
    if is_following(db, account, followed):
        return True
    count = db.conn.scalar(sa.select(sa.func.count()).select_from(FOLLOWS).where(FOLLOWS.c.account == account))
    if (count or 0) >= MOST_FOLLOWED:
        return False
    db.conn.execute(FOLLOWS.insert().values(account=account, followed=followed, at=now))
    return True


def unfollow(db: Database, account: str, followed: str) -> None:
    db.conn.execute(FOLLOWS.delete().where(FOLLOWS.c.account == account, FOLLOWS.c.followed == followed))


def followed(db: Database, account: str, now: float) -> list[dict[str, Any]]:
    """The accounts ``account`` follows that it may see, by name: each one's handle, name,
    whether it is online, and its listed tables in play."""
    rows = db.conn.execute(
        sa.select(ACCOUNTS.c.id, ACCOUNTS.c.handle, ACCOUNTS.c.name)
        .join(FOLLOWS, FOLLOWS.c.followed == ACCOUNTS.c.id)
        .where(FOLLOWS.c.account == account, seen_by(account))
        .order_by(ACCOUNTS.c.name, ACCOUNTS.c.handle)).all()
    ids = [r.id for r in rows]
    online = set(db.conn.scalars(sa.select(ACCOUNT_SESSIONS.c.account).distinct().where(
        ACCOUNT_SESSIONS.c.account.in_(ids), ACCOUNT_SESSIONS.c.seen >= now - ONLINE_WITHIN))) if ids else set()
    tables = _tables(db, ids)
    return [{"handle": r.handle, "name": r.name, "online": r.id in online, "tables": tables.get(r.id, [])}
            for r in rows]


def _tables(db: Database, accounts: list[str]) -> dict[str, list[dict[str, Any]]]:
    """The listed tables in play where each of ``accounts`` sits, the newest first, with their
    free seats for a person."""
    if not accounts:
        return {}
    free = SEATS.alias("free")
    free_seats = (sa.select(sa.func.count()).where(free.c.game_id == GAMES.c.id, free.c.kind == "human",
                                                   free.c.token_hash.is_(None)).scalar_subquery())
    rows = db.conn.execute(
        sa.select(SEATS.c.account, GAMES.c.id, GAMES.c.title, GAMES.c.game, free_seats.label("free"))
        .join(GAMES, GAMES.c.id == SEATS.c.game_id)
        .where(SEATS.c.account.in_(accounts), IN_PLAY, GAMES.c.listed)
        .order_by(GAMES.c.created.desc(), GAMES.c.id).limit(TABLES_LISTED)).all()
    tables: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        shown = tables.setdefault(r.account, [])
        if all(t["id"] != r.id for t in shown):
            shown.append({"id": r.id, "title": r.title, "game": r.game, "free": r.free})
    return tables
