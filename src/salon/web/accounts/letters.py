"""The letters of the accounts, posted to the outbox (salon.web.mail) in the job of the change
that causes them, so that a letter goes if and only if its change committed.  Its links lead
to the browser's pages (``#/verify/TOKEN``, ``#/reset/TOKEN``): a token in a URL's fragment
never reaches a server's log nor another site's ``Referer``.

No address gets more than :data:`PER_ADDRESS` letters an hour, whoever asks: nobody can bury an
inbox under sign-ups or resets, and a letter past the rate is not posted, without a word to
the asker (who would otherwise learn whether the address has an account).
"""

from __future__ import annotations

import hashlib
from typing import Any

from salon.web import quota
from salon.web.mail import Letter, MailSettings, post
from salon.web.storage import Database

PER_ADDRESS = 5
"""Letters one address may be sent in an hour."""
HOUR = 3600.0
RESET_MINUTES = 30
"""How long a password reset's link works."""


def _within_rate(db: Database, address: str, now: float) -> bool:
    key = hashlib.sha256(f"letter {address}".encode()).hexdigest()[:32]
    return quota.hit(db, [quota.Hit("letter", key, PER_ADDRESS, HOUR)], now) is None


def _send(db: Database, to: str, kind: str, row: Any, fields: dict[str, str | int], now: float) -> None:
    if _within_rate(db, to, now):
        post(db, Letter(to, kind, row.lang, {"name": row.name, **fields}, account=row.id), now)


def verify(db: Database, mail: MailSettings, row: Any, to: str, token: str, now: float) -> None:
    """The link that verifies ``to`` for the account of ``row`` (its own address at sign-up,
    a new one it changes to)."""
    _send(db, to, "verify", row, {"link": mail.link(f"/#/verify/{token}")}, now)


def reset(db: Database, mail: MailSettings, row: Any, token: str, now: float) -> None:
    """The link that sets a new password, to the account's address."""
    _send(db, row.email, "reset", row, {"link": mail.link(f"/#/reset/{token}"), "minutes": RESET_MINUTES}, now)


def registered(db: Database, mail: MailSettings, row: Any, now: float) -> None:
    """Someone signed up with the address of an account (the owner, who forgot, or someone
    else): told to its owner instead of a second account, with the way to a new password."""
    _send(db, row.email, "registered", row, {"link": mail.link("/#/reset")}, now)


def changed(db: Database, row: Any, address: str, now: float) -> None:
    """The account's address is ``address`` now: told to the address it had (``row``'s)."""
    _send(db, row.email, "email_changed", row, {"address": address}, now)
