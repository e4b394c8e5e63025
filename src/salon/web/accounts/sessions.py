"""Signing in and out, and the sessions a person holds.

A session is an opaque random cookie (:data:`COOKIE`, 256 bits) that the server stores as its
SHA-256 hash only, with its account, when it began, when it was last seen and what its browser
is.  Signing in always opens a new session and ends the one the request came with, so that a
cookie planted or read before the sign-in is worth nothing after it.  A session ends after
``session_idle`` without a request (salon.web.guard.Limits: two weeks by default, since a
game can last that long between moves), when its owner ends it from another (each is listed
to its owner, and revocable), signs out everywhere or changes the password, and when the
account goes.  Every request finds its session in the database, so an ended session is
refused at its next request, whatever process serves it.  A request's session that is
unknown, ended or idle too long makes it a signed-out one (salon.web.api.deps.Person), never
an error of the server.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from salon.web.accounts import store
from salon.web.accounts.account import Account, normalise_address
from salon.web.errors import Refused
from salon.web.storage import Database

if TYPE_CHECKING:
    from salon.web.accounts.service import Accounts

COOKIE = "salon_session"
"""The session cookie's name."""
LONGEST_COOKIE = 100
"""A cookie longer than any the server hands out is no session (43 characters)."""
TOUCH_AFTER = 300.0
"""Seconds between two writes of a session's ``seen``: the list of sessions tells when each was
last seen to within five minutes, and a busy session writes once in that time."""


@dataclass(frozen=True)
class Found:
    """A request's signed-in person, and whether the session was seen anew (its cookie's age
    starts again)."""

    account: Account
    renewed: bool


@dataclass(frozen=True)
class SessionRow:
    """A session as its owner is shown it."""

    id: str
    """Not the session's hash: a hash of it, enough to name it and useless as a cookie."""
    label: str
    created: float
    seen: float
    current: bool


def public_id(session: str) -> str:
    return hashlib.sha256(f"session {session}".encode()).hexdigest()[:16]


class Sessions:
    def __init__(self, accounts: Accounts) -> None:
        self.accounts = accounts

    async def person(self, cookie: str | None) -> Found | None:
        """The signed-in person whose session ``cookie`` is, if it is one, not idle too long,
        of a verified account; a session idle too long is ended."""
        if not cookie or len(cookie) > LONGEST_COOKIE:
            return None
        session = store.digest(cookie)
        now = self.accounts.clock()
        idle = self.accounts.idle

        def find(db: Database) -> Found | None:
            row = store.session_of(db, session)
            if row is None:
                return None
            if row.seen + idle <= now:
                store.close(db, session)
                return None
            if not row.verified:
                return None
            renewed = row.seen + TOUCH_AFTER <= now
            if renewed:
                store.seen(db, session, now)
            return Found(store.account_of(row, session), renewed)

        return await self.accounts.run(find)

    async def sign_in(self, email: str, password: str, client: str, old: str | None,
                      label: str) -> tuple[Account, str]:
        """The account of ``email`` signed in with its ``password`` from ``client`` (an address
        key): the account and the new session's cookie; ``old`` (the cookie the request came
        with) is ended.  Refused ``bad_credentials`` alike for an address without an account,
        a wrong password and an address not verified yet (so that nobody learns which
        addresses have accounts); ``rate_limited`` past the throttle's counters."""
        proven = await self.accounts.prove(
            normalise_address(email), password, client,
            Refused("bad_credentials", "wrong address or password, or an address not verified yet"))
        now = self.accounts.clock()
        cookie = store.secret()

        def open_(db: Database) -> None:
            proven.accept(db)
            if old:
                store.close(db, store.digest(old))
            store.open_session(db, cookie, proven.row.id, now, label)
            store.remember(db, proven.row, client)
            store.prune(db, now - self.accounts.idle, now)

        await self.accounts.run(open_)
        return store.account_of(proven.row, store.digest(cookie)), cookie

    async def sign_out(self, account: Account) -> None:
        await self.accounts.run(lambda db: store.close(db, account.session))

    async def sign_out_everywhere(self, account: Account) -> None:
        await self.accounts.run(lambda db: store.close_all(db, account.id))

    async def listed(self, account: Account) -> list[SessionRow]:
        """The account's sessions, the latest seen first, the asking one marked ``current``."""
        rows = await self.accounts.run(lambda db: store.sessions(db, account.id))
        return [self._shown(r, account) for r in rows]

    @staticmethod
    def _shown(row: Any, account: Account) -> SessionRow:
        return SessionRow(public_id(row.hash), row.label, float(row.created), float(row.seen),
                          row.hash == account.session)

    async def revoke(self, account: Account, shown: str) -> None:
        """End the account's session listed as ``shown``; Refused ``not_found`` if it has none."""

        def end(db: Database) -> bool:
            for row in store.sessions(db, account.id):
                if public_id(row.hash) == shown:
                    store.close(db, row.hash)
                    return True
            return False

        if not await self.accounts.run(end):
            raise Refused("not_found", "no such session of your account")
