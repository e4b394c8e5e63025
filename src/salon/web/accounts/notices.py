"""What an account is told away from the table, and how: each kind of notice by mail and by
push, and the daily digest in place of a letter per turn.

Each choice is kept by what it governs: the mail's (salon.web.mail.prefs, which a letter's
unsubscribe link writes too), push's (salon.web.push.store), and the account's own digest
(salon.web.mail.digest); here they are read and written together, for the account's
settings.  A digest turned off by its letter's unsubscribe link is off, and turning the digest
on again turns its letters back on.
"""

from __future__ import annotations

from dataclasses import dataclass

from salon.web.accounts import store
from salon.web.mail import prefs as mail
from salon.web.push import PUSH_KINDS
from salon.web.push import store as push
from salon.web.storage import Database

DIGEST = "digest"
"""The digest's kind of letter (salon.web.mail.outbox.KINDS)."""


@dataclass(frozen=True)
class Choices:
    """Per kind of notice (:data:`~salon.web.push.PUSH_KINDS`), whether it comes by mail and
    by push; whether the turns come in a daily digest; the browsers subscribed."""

    mail: dict[str, bool]
    push: dict[str, bool]
    digest: bool
    devices: int


def choices(db: Database, account: str) -> Choices:
    row = store.by_id(db, account)
    digest = row is not None and bool(row.digest) and mail.wants(db, account, DIGEST)
    return Choices({k: mail.wants(db, account, k) for k in PUSH_KINDS},
                   {k: push.wants(db, account, k) for k in PUSH_KINDS}, digest, push.devices(db, account))


def choose(db: Database, account: str, channel: str, kind: str, on: bool) -> None:
    """Turn notices of ``kind`` on or off on ``channel`` ("mail" or "push")."""
    (mail.set_wants if channel == "mail" else push.set_wants)(db, account, kind, on)


def set_digest(db: Database, account: str, on: bool) -> None:
    """Tell the account its turns once a day (``on``), or by a letter each."""
    store.change(db, account, digest=on)
    if on:
        mail.set_wants(db, account, DIGEST, True)
