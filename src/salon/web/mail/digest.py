"""The daily digest: an account that asks for it (``accounts.digest``) gets no letter for each
of its turns, but at most one letter a day that lists the tables waiting for its move; its
turns are still pushed one by one (salon.web.mail.claims leaves such a "your turn" letter to
push alone).

Each process looks every :data:`LOOK_EVERY` seconds, in the sender's round, for the accounts
with a turn waiting since at least :data:`WAITED` (a move answered at once is in no digest)
and no digest yet on that day (UTC), and posts one digest letter each.  The letter's
``dedupe`` key names the account and the day, and a digest is posted only while the outbox
holds none of that key in any state (it keeps a finished letter for days): two processes
looking at once are one after the other on PostgreSQL (an advisory lock held by the look's
transaction), and in one process on SQLite.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa

from salon.web.mail.outbox import Letter, post
from salon.web.mail.settings import MailSettings
from salon.web.storage import ACCOUNTS, GAMES, IN_PLAY, SEATS, Database, lock_key
from salon.web.storage.schema import MAIL_OFF, OUTBOX

KIND = "digest"
LOOK_EVERY = 600.0
"""Seconds between two looks of a process for digests to post."""
WAITED = 3600.0
"""Seconds a turn has waited before a digest lists it."""


def in_digest(db: Database, account: str) -> bool:
    """Whether ``account`` is told its turns by the daily digest rather than one by one."""
    return bool(db.conn.execute(sa.select(ACCOUNTS.c.digest).where(ACCOUNTS.c.id == account)).scalar())


def post_digests(db: Database, settings: MailSettings, now: float) -> int:
    """Post the digests due at ``now`` (see the module's docstring); how many."""
    if db.engine.dialect.name == "postgresql":
        db.conn.execute(sa.select(sa.func.pg_advisory_xact_lock(lock_key("salon digests"))))
    day = datetime.fromtimestamp(now, UTC).date().isoformat()
    posted = set(db.conn.execute(sa.select(OUTBOX.c.dedupe).where(
        OUTBOX.c.kind == KIND, OUTBOX.c.dedupe.like(f"{KIND} % {day}"))).scalars())
    by_account: dict[str, list[Any]] = {}
    for turn in _turns(db, now):
        by_account.setdefault(turn.account, []).append(turn)
    count = 0
    for account, turns in by_account.items():
        key = f"{KIND} {account} {day}"
        if key not in posted:
            first = turns[0]
            fields = {"name": first.name, "tables": _listed(turns, settings), "link": settings.link("/")}
            post(db, Letter(first.email, KIND, first.lang, fields, account, dedupe=key), now)
            count += 1
    return count


def _turns(db: Database, now: float) -> Iterable[Any]:
    """The turns a digest lists at ``now``: each account's (of those that want digests) at the
    tables in play where it has decided for :data:`WAITED`, the oldest first."""
    turned_off = sa.select(MAIL_OFF.c.kind).where(MAIL_OFF.c.account == ACCOUNTS.c.id, MAIL_OFF.c.kind == KIND)
    return db.conn.execute(
        sa.select(ACCOUNTS.c.id.label("account"), ACCOUNTS.c.name, ACCOUNTS.c.email, ACCOUNTS.c.lang,
                  GAMES.c.id.label("game_id"), GAMES.c.title)
        .join(SEATS, SEATS.c.account == ACCOUNTS.c.id)
        .join(GAMES, sa.and_(GAMES.c.id == SEATS.c.game_id, GAMES.c.turn_seat == SEATS.c.seat))
        .where(ACCOUNTS.c.digest.is_(True), ACCOUNTS.c.verified.is_(True), IN_PLAY, SEATS.c.kind == "human",
               GAMES.c.turn_since <= now - WAITED, ~turned_off.exists())
        .order_by(ACCOUNTS.c.id, GAMES.c.turn_since, GAMES.c.id))


def _listed(turns: list[Any], settings: MailSettings) -> str:
    """The digest's list of tables: one line each, its title and its link."""
    return "\n".join(f"• {t.title}: {settings.link(f'/#/game/{t.game_id}')}" for t in turns)
