"""The statements of passkeys (salon.web.accounts.passkeys): the accounts' WebAuthn credentials
and the challenges of the ceremonies under way, each a function of the storage thread's
:class:`~salon.web.storage.Database` as salon.web.accounts.store's are.

A ceremony's challenge is kept under the hash of the opaque token its browser was given with
the options, never under the token itself, so that a copy of the database finishes no
ceremony; it is taken (deleted) by the request that finishes the ceremony, whatever that
request's fate, so that it answers once."""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa

from salon.web.accounts.store import digest
from salon.web.storage import Database
from salon.web.storage.schema import PASSKEY_CHALLENGES, PASSKEYS


def of_account(db: Database, account: str) -> list[Any]:
    """The account's passkeys, the oldest first."""
    return list(db.conn.execute(sa.select(PASSKEYS).where(PASSKEYS.c.account == account)
                                .order_by(PASSKEYS.c.created, PASSKEYS.c.id)))


def by_id(db: Database, credential: str) -> Any:
    """The passkey of that credential id (base64url), or None."""
    return db.conn.execute(sa.select(PASSKEYS).where(PASSKEYS.c.id == credential)).first()


def add(db: Database, credential: str, account: str, public_key: str, sign_count: int, transports: list[str],
        label: str, now: float) -> None:
    db.conn.execute(PASSKEYS.insert().values(id=credential, account=account, public_key=public_key,
                                             sign_count=sign_count, transports=json.dumps(transports), label=label,
                                             created=now, used=None))


def used(db: Database, credential: str, was: int, count: int, now: float) -> bool:
    """Record a sign-in with the passkey and its authenticator's new signature count, if the
    count is still ``was`` (one statement: of two sign-ins that read the same count, one only
    passes); whether it was."""
    done = db.conn.execute(PASSKEYS.update().where(PASSKEYS.c.id == credential, PASSKEYS.c.sign_count == was)
                           .values(sign_count=count, used=now))
    return done.rowcount == 1


def remove(db: Database, account: str, credential: str) -> bool:
    """Delete the account's passkey; whether it had it."""
    return db.conn.execute(PASSKEYS.delete().where(PASSKEYS.c.account == account,
                                                   PASSKEYS.c.id == credential)).rowcount == 1


def transports(row: Any) -> list[str]:
    """The ways its authenticator said it is reached ("internal", "usb", "hybrid"...)."""
    try:
        found = json.loads(row.transports)
    except (TypeError, ValueError):
        return []
    return [t for t in found if isinstance(t, str)] if isinstance(found, list) else []


# --- the ceremonies' challenges


def begin(db: Database, token: str, purpose: str, account: str | None, challenge: str, expires: float,
          now: float) -> None:
    """Keep a ceremony's ``challenge`` (base64url) under its ``token``'s hash until ``expires``;
    a new registration of an account ends its earlier one, and the expired challenges go."""
    db.conn.execute(PASSKEY_CHALLENGES.delete().where(PASSKEY_CHALLENGES.c.expires <= now))
    if account is not None:
        db.conn.execute(PASSKEY_CHALLENGES.delete().where(PASSKEY_CHALLENGES.c.account == account,
                                                          PASSKEY_CHALLENGES.c.purpose == purpose))
    db.conn.execute(PASSKEY_CHALLENGES.insert().values(hash=digest(token), account=account, purpose=purpose,
                                                       challenge=challenge, expires=expires))


def take(db: Database, token: str, purpose: str, account: str | None, now: float) -> str | None:
    """The challenge (base64url) of the ceremony of ``token`` for ``purpose`` and ``account``,
    if it is neither expired nor taken, and taken now (deleted, by one statement, so that two
    requests cannot both take it); else None."""
    mine = PASSKEY_CHALLENGES.c.hash == digest(token)
    row = db.conn.execute(sa.select(PASSKEY_CHALLENGES).where(mine)).first()
    if row is None or db.conn.execute(PASSKEY_CHALLENGES.delete().where(mine)).rowcount != 1:
        return None
    if row.purpose != purpose or row.account != account or row.expires <= now:
        return None
    challenge: str = row.challenge
    return challenge
