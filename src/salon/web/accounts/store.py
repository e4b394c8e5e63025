"""The statements of accounts, their sessions, their links' tokens and their seats: each a
function of the storage thread's :class:`~salon.web.storage.Database`, run by
:meth:`Accounts.run` inside a job's transaction, so that a change and the letter it sends
(salon.web.accounts.letters) commit together or not at all.

Sessions and tokens are secrets the server hands out once and stores as SHA-256 hashes only:
256 random bits need no slow hash, and a copy of the database neither signs anyone in nor
follows anyone's link."""

from __future__ import annotations

import hashlib
import json
import secrets
from typing import Any

import regex
import sqlalchemy as sa

from salon.web.accounts.account import Account
from salon.web.errors import Refused
from salon.web.names import likeness
from salon.web.storage import ACCOUNT_SESSIONS, ACCOUNT_TOKENS, ACCOUNTS, GAMES, IN_PLAY, SEATS, Database
from salon.web.storage.schema import (
    BLOCKS,
    CHAT,
    CHAT_MUTED,
    FOLLOWS,
    MAIL_OFF,
    MAIL_TOKENS,
    OUTBOX,
    PASSKEY_CHALLENGES,
    PASSKEYS,
    PUSH_OFF,
    PUSH_SUBSCRIPTIONS,
    RATINGS,
)

HANDLE_LIMIT = 40
HANDLE_GAP = regex.compile(r"[^\p{L}\p{N}_-]+")
"""What a handle keeps of a name: letters and digits of every script, ``_`` and ``-``."""
KNOWN_KEPT = 16
"""The address keys an account remembers as having signed in to it (salon.web.accounts.throttle)."""
LISTED_SEATS = 200
"""The most seats of an account listed, the newest tables first."""


def secret() -> str:
    """A new session's cookie or link's token: 256 random bits."""
    return secrets.token_urlsafe(32)


def digest(secret_: str) -> str:
    """What a session or token is stored as."""
    return hashlib.sha256(secret_.encode()).hexdigest()


def suspended() -> Refused:
    """The refusal of a sign-in, with the right password or passkey, to a suspended account."""
    return Refused("suspended", "this account is suspended by the server's operator")


def account_of(row: Any, session: str = "") -> Account:
    return Account(row.id, row.name, row.email, bool(row.verified), row.lang, float(row.created), session)


def by_email(db: Database, email: str) -> Any:
    """The account row of a normalised address, or None."""
    return db.conn.execute(sa.select(ACCOUNTS).where(ACCOUNTS.c.email == email)).first()


def by_id(db: Database, account: str) -> Any:
    return db.conn.execute(sa.select(ACCOUNTS).where(ACCOUNTS.c.id == account)).first()


def create(db: Database, name: str, email: str, password_hash: str, lang: str, now: float) -> str:
    """A new, unverified account: its id (random, as a table's), with a handle of its own."""
    account = secrets.token_urlsafe(12)
    db.conn.execute(ACCOUNTS.insert().values(id=account, name=name, email=email, verified=False,
                                             password_hash=password_hash, lang=lang, created=now,
                                             handle=free_handle(db, name)))
    return account


def handle_of(name: str) -> str:
    """The handle a name suggests: its look-alike key (salon.web.names.likeness), each run of
    what is neither a letter, a digit, ``_`` nor ``-`` made one ``-``; ``player`` for none."""
    return HANDLE_GAP.sub("-", likeness(name)).strip("-")[:HANDLE_LIMIT] or "player"


def free_handle(db: Database, name: str) -> str:
    """A handle for a new account named ``name``: the one its name suggests, else that with
    the first free number (``ann-2``).  A handle never changes with the name, so that the
    links to a profile keep working."""
    base = handle_of(name)
    taken = set(db.conn.scalars(sa.select(ACCOUNTS.c.handle).where(
        sa.or_(ACCOUNTS.c.handle == base, ACCOUNTS.c.handle.like(f"{base}-%")))))
    if base not in taken:
        return base
    return next(f"{base}-{n}" for n in range(2, len(taken) + 3) if f"{base}-{n}" not in taken)


def by_handle(db: Database, handle: str) -> Any:
    """The account row of a handle (as typed: its case and look-alikes do not matter), or None."""
    return db.conn.execute(sa.select(ACCOUNTS).where(ACCOUNTS.c.handle == handle_of(handle))).first()


def change(db: Database, account: str, **values: Any) -> None:
    db.conn.execute(ACCOUNTS.update().where(ACCOUNTS.c.id == account).values(**values))


def known(row: Any) -> list[str]:
    """The address keys that signed in to the account, the latest last."""
    try:
        found = json.loads(row.known)
    except (TypeError, ValueError):
        return []
    return [k for k in found if isinstance(k, str)] if isinstance(found, list) else []


def remember(db: Database, row: Any, client: str) -> None:
    """``client`` (an address key) signed in to the account, or proved it reads its mail."""
    kept = [k for k in known(row) if k != client][-(KNOWN_KEPT - 1):] + [client]
    change(db, row.id, known=json.dumps(kept))


# --- sessions


def open_session(db: Database, cookie: str, account: str, now: float, label: str) -> None:
    """A new session of ``account`` with the cookie ``cookie`` (stored as its hash only)."""
    db.conn.execute(ACCOUNT_SESSIONS.insert().values(hash=digest(cookie), account=account, created=now, seen=now,
                                                     label=label))


def session_of(db: Database, session: str) -> Any:
    """The session of that hash with its account's row (``seen`` is the session's), or None."""
    return db.conn.execute(sa.select(ACCOUNTS, ACCOUNT_SESSIONS.c.seen, ACCOUNT_SESSIONS.c.hash.label("session"))
                           .join(ACCOUNT_SESSIONS, ACCOUNT_SESSIONS.c.account == ACCOUNTS.c.id)
                           .where(ACCOUNT_SESSIONS.c.hash == session, ACCOUNTS.c.suspended.is_(False))).first()


def seen(db: Database, session: str, now: float) -> None:
    db.conn.execute(ACCOUNT_SESSIONS.update().where(ACCOUNT_SESSIONS.c.hash == session).values(seen=now))


def close(db: Database, session: str) -> None:
    db.conn.execute(ACCOUNT_SESSIONS.delete().where(ACCOUNT_SESSIONS.c.hash == session))


def close_all(db: Database, account: str, but: str | None = None) -> None:
    """End every session of ``account`` (but the one of hash ``but``)."""
    db.conn.execute(ACCOUNT_SESSIONS.delete().where(ACCOUNT_SESSIONS.c.account == account,
                                                    ACCOUNT_SESSIONS.c.hash != (but or "")))


def sessions(db: Database, account: str) -> list[Any]:
    """The account's sessions, the latest seen first."""
    return list(db.conn.execute(sa.select(ACCOUNT_SESSIONS).where(ACCOUNT_SESSIONS.c.account == account)
                                .order_by(ACCOUNT_SESSIONS.c.seen.desc())))


def prune(db: Database, idle_since: float, now: float) -> None:
    """Forget the sessions idle since before ``idle_since`` and the tokens expired by ``now``
    (they answer as unknown ones anyway)."""
    db.conn.execute(ACCOUNT_SESSIONS.delete().where(ACCOUNT_SESSIONS.c.seen < idle_since))
    db.conn.execute(ACCOUNT_TOKENS.delete().where(ACCOUNT_TOKENS.c.expires < now))


# --- the links' tokens


def issue(db: Database, account: str, purpose: str, address: str, expires: float) -> str:
    """A new link's token for ``purpose`` ("verify", "reset"), sent to ``address``; the
    account's earlier tokens for it stop working."""
    db.conn.execute(ACCOUNT_TOKENS.delete().where(ACCOUNT_TOKENS.c.account == account,
                                                  ACCOUNT_TOKENS.c.purpose == purpose))
    token = secret()
    db.conn.execute(ACCOUNT_TOKENS.insert().values(hash=digest(token), account=account, purpose=purpose,
                                                   address=address, expires=expires, used=False))
    return token


def use(db: Database, token: str, purpose: str, now: float) -> Any:
    """The row of a token for ``purpose`` that is neither used nor expired, marked used now (by
    one statement, so that two requests cannot both use it), or None."""
    used = db.conn.execute(ACCOUNT_TOKENS.update().where(
        ACCOUNT_TOKENS.c.hash == digest(token), ACCOUNT_TOKENS.c.purpose == purpose,
        ACCOUNT_TOKENS.c.used.is_(False), ACCOUNT_TOKENS.c.expires > now).values(used=True))
    if used.rowcount != 1:
        return None
    return db.conn.execute(sa.select(ACCOUNT_TOKENS).where(ACCOUNT_TOKENS.c.hash == digest(token))).first()


def usable(db: Database, token: str, purpose: str, now: float) -> bool:
    """Whether a token for ``purpose`` is neither used nor expired (:func:`use` makes sure)."""
    return db.conn.execute(sa.select(ACCOUNT_TOKENS.c.hash).where(
        ACCOUNT_TOKENS.c.hash == digest(token), ACCOUNT_TOKENS.c.purpose == purpose,
        ACCOUNT_TOKENS.c.used.is_(False), ACCOUNT_TOKENS.c.expires > now)).first() is not None


def drop_tokens(db: Database, account: str) -> None:
    db.conn.execute(ACCOUNT_TOKENS.delete().where(ACCOUNT_TOKENS.c.account == account))


# --- seats


def claim(db: Database, account: str, held: list[tuple[str, str]]) -> list[tuple[str, int]]:
    """The seats whose tokens ``held`` gives (table id, token), marked as ``account``'s: each
    held by no account yet, at a table where the account holds no other seat."""
    moved = []
    for game_id, token in held:
        seat = db.conn.execute(sa.select(SEATS.c.seat).where(
            SEATS.c.game_id == game_id, SEATS.c.token_hash == digest(token), SEATS.c.account.is_(None))).scalar()
        if seat is not None and db.account_seat(game_id, account) is None:
            db.conn.execute(SEATS.update().where(SEATS.c.game_id == game_id, SEATS.c.seat == seat)
                            .values(account=account))
            moved.append((game_id, seat))
    return moved


def seats(db: Database, account: str) -> list[tuple[str, int]]:
    """The seats ``account`` holds (table id, seat), the newest tables first."""
    rows = db.conn.execute(sa.select(SEATS.c.game_id, SEATS.c.seat).join(GAMES, GAMES.c.id == SEATS.c.game_id)
                           .where(SEATS.c.account == account, SEATS.c.token_hash.is_not(None))
                           .order_by(GAMES.c.created.desc()).limit(LISTED_SEATS))
    return [(r.game_id, r.seat) for r in rows]


def seats_in_play(db: Database, account: str) -> list[tuple[str, int]]:
    """The seats ``account`` holds at tables in play."""
    rows = db.conn.execute(sa.select(SEATS.c.game_id, SEATS.c.seat).join(GAMES, GAMES.c.id == SEATS.c.game_id)
                           .where(SEATS.c.account == account, IN_PLAY))
    return [(r.game_id, r.seat) for r in rows]


def delete(db: Database, account: str, shown_as: str) -> list[str]:
    """Delete the account, its sessions, tokens, letters, mail and push settings, push
    subscriptions, passkeys, ratings, blocks, follows and muted chats; the seats it still holds
    (at finished tables) keep their place in their games under the name ``shown_as``, no
    account's now, and so do its chat messages: the tables changed.  Its results and rating
    changes stay, under its id alone: the other players' ratings were made from them."""
    held = list(db.conn.execute(sa.select(SEATS).where(SEATS.c.account == account)))
    for s in held:  # rewritten as Database.set_seat does, which tells the other processes
        db.set_seat(s.game_id, s.seat, s.kind, s.bot, shown_as, s.token_hash)
    db.conn.execute(SEATS.update().where(SEATS.c.account == account).values(account=None))
    db.conn.execute(ACCOUNT_SESSIONS.delete().where(ACCOUNT_SESSIONS.c.account == account))
    drop_tokens(db, account)
    for table in (OUTBOX, MAIL_OFF, MAIL_TOKENS, PASSKEYS, PASSKEY_CHALLENGES, PUSH_SUBSCRIPTIONS, PUSH_OFF,
                  CHAT_MUTED, RATINGS):
        db.conn.execute(table.delete().where(table.c.account == account))
    db.conn.execute(BLOCKS.delete().where(sa.or_(BLOCKS.c.account == account, BLOCKS.c.blocked == account)))
    db.conn.execute(FOLLOWS.delete().where(sa.or_(FOLLOWS.c.account == account, FOLLOWS.c.followed == account)))
    db.conn.execute(CHAT.update().where(CHAT.c.account == account).values(account=None, name=shown_as))
    db.conn.execute(ACCOUNTS.delete().where(ACCOUNTS.c.id == account))
    return sorted({s.game_id for s in held})
