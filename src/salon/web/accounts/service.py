"""The accounts of one server process, assembled: its sessions, its sign-ups and links, its
changes to an account and its passkeys, sharing the hub's storage and tables, the mail's
settings and the clock through :class:`Accounts`."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from limits import parse

from salon.web import quota
from salon.web.accounts import store, throttle
from salon.web.accounts.enrolment import Enrolment
from salon.web.accounts.holidays import Holidays
from salon.web.accounts.passkeys import Passkeys
from salon.web.accounts.passwords import Passwords
from salon.web.accounts.profile import Profile
from salon.web.accounts.sessions import Sessions
from salon.web.errors import Refused
from salon.web.mail import MailSettings
from salon.web.storage import Database, StorageError

if TYPE_CHECKING:
    from salon.web.tables.hub import Hub

T = TypeVar("T")

log = logging.getLogger("salon.web")


@dataclass(frozen=True)
class Proven:
    """A password checked right (Accounts.prove): the account's row, the attempt to take back
    from the throttle's counters, and the password's new hash if its parameters were older."""

    row: Any
    attempt: throttle.Attempt
    newer: str | None

    def accept(self, db: Database) -> None:
        """In the job of the change the password allowed: no failure is left counted."""
        throttle.succeeded(db, self.attempt)
        if self.newer is not None:
            store.change(db, self.row.id, password_hash=self.newer)


class Accounts:
    """The accounts of one server process (see salon.web.accounts).  ``clock`` gives seconds
    since the epoch, which every process shares: sessions' and links' ages, the throttle's
    windows (tests give a clock of their own)."""

    def __init__(self, hub: Hub, mail: MailSettings, clock: Callable[[], float] = time.time) -> None:
        self.hub = hub
        self.mail = mail
        self.clock = clock
        self.passwords = Passwords()
        self.sessions = Sessions(self)
        self.enrolment = Enrolment(self)
        self.profile = Profile(self)
        self.passkeys = Passkeys(self)
        self.holidays = Holidays(self)

    @property
    def idle(self) -> float:
        """Seconds a session lasts without a request (salon.web.guard.Limits.session_idle)."""
        return self.hub.limits.session_idle

    async def run(self, job: Callable[[Database], T]) -> T:
        """A job on the storage thread, in a transaction of its own (the throttle's and the
        letters' counts hold their locks until it ends); Refused ``storage`` if the database
        refuses it."""
        try:
            return await self.hub.storage.run(job, alone=True)
        except StorageError as e:
            log.error("storage: %s", e)
            raise Refused("storage", "the database refused the change; nothing changed, try again") from None

    async def prove(self, email: str, password: str, client: str, wrong: Refused) -> Proven:
        """The row of the verified account of ``email`` if ``password`` is its password, else
        ``wrong``; the same work and the same answer whether the address has an account or
        not (salon.web.accounts.passwords.DUMMY), throttled (salon.web.accounts.throttle)."""
        now = self.clock()

        def start(db: Database) -> tuple[Any, throttle.Attempt | float]:
            row = store.by_email(db, email)
            known = row is not None and client in store.known(row)
            return row, throttle.attempt(db, email, client, known, now)

        row, attempt = await self.run(start)
        if not isinstance(attempt, throttle.Attempt):
            raise Refused("rate_limited", f"too many wrong passwords from your address; try again in "
                                          f"{round(attempt)} s", seconds=round(attempt))
        good, newer = await self.passwords.check(password, row.password_hash if row is not None else None)
        if not good or not row.verified:
            raise wrong
        if row.suspended:
            raise store.suspended()
        return Proven(row, attempt, newer)

    async def asked_for_letter(self, client: str) -> None:
        """Count a request that sends a letter (a sign-up, a reset) from ``client``, refused
        past the server's rate (salon.web.guard.Limits.letter_rate)."""
        rate = parse(self.hub.limits.letter_rate)
        hit = quota.Hit("letters", client, rate.amount, rate.get_expiry())
        now = self.clock()
        if await self.run(lambda db: quota.hit(db, [hit], now)) is not None:
            raise Refused("rate_limited", f"too many sign-ups and resets from your address (at most {rate}); "
                                          "try again later")
