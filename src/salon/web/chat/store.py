"""The chat's statements: messages, the chats an account muted, and reports.  Each runs on the
storage thread (salon.web.storage) inside the job that calls it."""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa

from salon.web.storage import ACCOUNTS, Database
from salon.web.storage.schema import BLOCKS, CHAT, CHAT_MUTED, REPORTS

HISTORY = 100
"""The latest messages of a channel a reader is given when it connects."""
CONTEXT = 10
"""The messages around a reported one that its report keeps."""

LINE = sa.select(CHAT, ACCOUNTS.c.handle).select_from(CHAT.outerjoin(ACCOUNTS, ACCOUNTS.c.id == CHAT.c.account))
"""A message with its author's handle (None for a guest's, or an account deleted since)."""


def add(db: Database, game_id: str, channel: str, account: str | None, seat: int | None, name: str,
        text: str, at: float) -> Any:
    """Store a message and announce it to the other processes (Database.said): its row."""
    message = db.conn.execute(CHAT.insert().returning(CHAT.c.id).values(
        game_id=game_id, channel=channel, account=account, seat=seat, name=name, text=text, at=at)).scalar_one()
    db.said(game_id, message)
    return one(db, message)


def one(db: Database, message: int) -> Any:
    """The row of a message (with its author's handle), or None."""
    return db.conn.execute(LINE.where(CHAT.c.id == message)).first()


def history(db: Database, game_id: str, channel: str, reader: str | None) -> Sequence[Any]:
    """The channel's latest messages, oldest first, but those of the accounts ``reader`` blocked."""
    query = LINE.where(CHAT.c.game_id == game_id, CHAT.c.channel == channel)
    if reader is not None:
        blocked = sa.select(BLOCKS.c.blocked).where(BLOCKS.c.account == reader)
        query = query.where(sa.or_(CHAT.c.account.is_(None), CHAT.c.account.not_in(blocked)))
    return db.conn.execute(query.order_by(CHAT.c.id.desc()).limit(HISTORY)).all()[::-1]


def around(db: Database, row: Any) -> list[Any]:
    """The reported message ``row`` and up to :data:`CONTEXT` others of its channel nearest to
    it, in order: those before it first, since they are what it answered."""
    same = (CHAT.c.game_id == row.game_id, CHAT.c.channel == row.channel)
    before = db.conn.execute(LINE.where(*same, CHAT.c.id < row.id).order_by(CHAT.c.id.desc())
                             .limit(CONTEXT)).all()[::-1]
    after = db.conn.execute(LINE.where(*same, CHAT.c.id > row.id).order_by(CHAT.c.id).limit(CONTEXT)).all()
    kept = min(len(before), max(CONTEXT // 2, CONTEXT - len(after)))
    return [*before[len(before) - kept:], row, *after[:CONTEXT - kept]]


def muted(db: Database, game_id: str) -> set[str]:
    """The accounts that muted the table's chat."""
    return set(db.conn.scalars(sa.select(CHAT_MUTED.c.account).where(CHAT_MUTED.c.game_id == game_id)))


def is_muted(db: Database, game_id: str, account: str | None) -> bool:
    return account is not None and db.conn.execute(sa.select(CHAT_MUTED.c.account).where(
        CHAT_MUTED.c.game_id == game_id, CHAT_MUTED.c.account == account)).first() is not None


def set_muted(db: Database, game_id: str, account: str, on: bool) -> None:
    db.conn.execute(CHAT_MUTED.delete().where(CHAT_MUTED.c.game_id == game_id, CHAT_MUTED.c.account == account))
    if on:
        db.conn.execute(CHAT_MUTED.insert().values(game_id=game_id, account=account))


def report(db: Database, reporter: str, account: str | None, game_id: str | None, message: int | None,
           text: str, context: dict[str, Any], at: float) -> str:
    """Store a report for the server's operator, open: its id.  The id starts with ``r``: the
    operator types it after ``salon admin handle``, where one starting with ``-`` would be
    read as an option."""
    report_id = "r" + secrets.token_urlsafe(12)
    db.conn.execute(REPORTS.insert().values(id=report_id, reporter=reporter, account=account, game_id=game_id,
                                            message=message, text=text, context=json.dumps(context), at=at,
                                            state="open"))
    return report_id
