"""Which kinds of letters each account has turned off, and the one-click unsubscribe links.

An account's preferences as a whole are the accounts' business; the mail keeps only what a
letter's link can change without them: ``mail_off`` holds each (account, kind) turned off,
which the account's settings read and write through :func:`wants` and :func:`set_wants`.

A link's token is a random 128-bit text stored in ``mail_tokens`` with the one account and
kind it turns off, and does nothing else: it is single-purpose, so it is kept as it is (one
per account and kind, the same in every letter of that kind), unlike the seats' tokens,
which are kept hashed since each holds a seat.
"""

from __future__ import annotations

import secrets

import sqlalchemy as sa

from salon.web.mail.outbox import KINDS, insert_or_skip
from salon.web.storage import Database
from salon.web.storage.schema import MAIL_OFF, MAIL_TOKENS


def optional(kind: str) -> None:
    """Refuse a kind an account cannot turn off (a letter about the account itself, such as a
    password reset, is always sent)."""
    if kind not in KINDS or not KINDS[kind].optional:
        raise ValueError(f"letters of kind {kind!r} cannot be turned off")


def wants(db: Database, account: str, kind: str) -> bool:
    """Whether ``account`` wants letters of ``kind`` (every account wants every kind until it
    turns one off)."""
    return db.conn.execute(sa.select(MAIL_OFF.c.kind).where(
        MAIL_OFF.c.account == account, MAIL_OFF.c.kind == kind)).first() is None


def set_wants(db: Database, account: str, kind: str, wanted: bool) -> None:
    """Turn letters of ``kind`` on or off for ``account``, in the caller's transaction."""
    optional(kind)
    if wanted:
        db.conn.execute(MAIL_OFF.delete().where(MAIL_OFF.c.account == account, MAIL_OFF.c.kind == kind))
    else:
        db.conn.execute(insert_or_skip(db, MAIL_OFF).values(account=account, kind=kind))


def token_for(db: Database, account: str, kind: str) -> str:
    """The token of the link that turns ``kind`` off for ``account``, made on first need (two
    processes making one at once keep the first)."""
    optional(kind)
    db.conn.execute(insert_or_skip(db, MAIL_TOKENS).values(token=secrets.token_urlsafe(16), account=account,
                                                           kind=kind))
    token: str = db.conn.execute(sa.select(MAIL_TOKENS.c.token).where(
        MAIL_TOKENS.c.account == account, MAIL_TOKENS.c.kind == kind)).scalar_one()
    return token


def unsubscribe(db: Database, token: str) -> str | None:
    """Turn off what ``token`` names; the kind turned off, or None for a token that names
    nothing."""
    row = db.conn.execute(sa.select(MAIL_TOKENS.c.account, MAIL_TOKENS.c.kind).where(
        MAIL_TOKENS.c.token == token)).first()
    if row is None:
        return None
    set_wants(db, row.account, row.kind, False)
    kind: str = row.kind
    return kind
