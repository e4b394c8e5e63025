"""The statements of Web Push, each a function of the storage thread's
:class:`~salon.web.storage.Database` run inside a job's transaction: each account's
subscriptions, and the kinds of notices it has turned off on push (``push_off``, as
``mail_off`` is for mail: every account wants every kind until it turns one off)."""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite

from salon.web.push.keys import insert_or_skip
from salon.web.push.subscription import Subscription
from salon.web.storage import Database
from salon.web.storage.schema import PUSH_OFF, PUSH_SUBSCRIPTIONS

PUSH_KINDS = ("your_turn", "reminder", "game_over", "invitation")
"""The kinds of letters (salon.web.mail.outbox.KINDS) that are pushed too."""
MOST_DEVICES = 10
"""The subscriptions an account keeps: a new one beyond them ends the one subscribed longest ago."""


def subscribe(db: Database, account: str, sub: Subscription, label: str, now: float) -> None:
    """Keep ``sub`` for ``account``: an endpoint subscribed before (by this account or another
    one signed in on the same browser) is the account's now, with its new keys."""
    dialect = postgresql if db.engine.dialect.name == "postgresql" else sqlite
    values = {"account": account, "p256dh": sub.p256dh, "auth": sub.auth, "created": now, "label": label}
    db.conn.execute(dialect.insert(PUSH_SUBSCRIPTIONS).values(endpoint=sub.endpoint, **values)
                    .on_conflict_do_update(index_elements=[PUSH_SUBSCRIPTIONS.c.endpoint], set_=values))
    older = (sa.select(PUSH_SUBSCRIPTIONS.c.endpoint).where(PUSH_SUBSCRIPTIONS.c.account == account)
             .order_by(PUSH_SUBSCRIPTIONS.c.created.desc(), PUSH_SUBSCRIPTIONS.c.endpoint).offset(MOST_DEVICES))
    forget(db, list(db.conn.execute(older).scalars()))


def unsubscribe(db: Database, account: str, endpoint: str) -> None:
    db.conn.execute(PUSH_SUBSCRIPTIONS.delete().where(PUSH_SUBSCRIPTIONS.c.account == account,
                                                      PUSH_SUBSCRIPTIONS.c.endpoint == endpoint))


def subscriptions(db: Database, account: str) -> list[Subscription]:
    """The account's subscriptions, the latest first."""
    rows = db.conn.execute(sa.select(PUSH_SUBSCRIPTIONS).where(PUSH_SUBSCRIPTIONS.c.account == account)
                           .order_by(PUSH_SUBSCRIPTIONS.c.created.desc()))
    return [Subscription(r.endpoint, r.p256dh, r.auth) for r in rows]


def devices(db: Database, account: str) -> int:
    """How many subscriptions the account has."""
    counted = db.conn.execute(sa.select(sa.func.count()).select_from(PUSH_SUBSCRIPTIONS)
                              .where(PUSH_SUBSCRIPTIONS.c.account == account)).scalar()
    return int(counted or 0)


def forget(db: Database, endpoints: Sequence[str]) -> None:
    """Delete the subscriptions of ``endpoints`` (their push service says they are gone)."""
    if endpoints:
        db.conn.execute(PUSH_SUBSCRIPTIONS.delete().where(PUSH_SUBSCRIPTIONS.c.endpoint.in_(endpoints)))


def wants(db: Database, account: str, kind: str) -> bool:
    """Whether ``account`` wants notices of ``kind`` pushed."""
    return db.conn.execute(sa.select(PUSH_OFF.c.kind).where(
        PUSH_OFF.c.account == account, PUSH_OFF.c.kind == kind)).first() is None


def set_wants(db: Database, account: str, kind: str, wanted: bool) -> None:
    """Turn pushed notices of ``kind`` on or off for ``account`` (ValueError for a kind never pushed)."""
    if kind not in PUSH_KINDS:
        raise ValueError(f"notices of kind {kind!r} are not pushed")
    if wanted:
        db.conn.execute(PUSH_OFF.delete().where(PUSH_OFF.c.account == account, PUSH_OFF.c.kind == kind))
    else:
        db.conn.execute(insert_or_skip(db, PUSH_OFF).values(account=account, kind=kind))
