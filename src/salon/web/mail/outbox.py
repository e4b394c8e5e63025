"""Posting a letter, in the transaction of the change that causes it, and the checks by which
other modules say at send time whether a letter is still wanted.

A letter is a row of the ``outbox`` table written by :func:`post` inside the caller's storage
job (salon.web.storage.Storage.run): the move that makes it someone's turn, the sign-up.  It
is committed with that change or rolled back with it, so a letter exists if and only if its
cause does; the sender (salon.web.mail.sender) finds it there, in whichever process.

Whether a letter is still wanted when its time comes is for the module that posts it to say:
it registers a check for its kind with :func:`still_wanted`, a decorator (or a plain call,
``still_wanted("your_turn")(check)``); every check of a kind is asked, in the job that claims
the letter, and the letter is dropped unsent when one of them says no.  A "your turn" letter
waits a minute after the move (:data:`KINDS`), so that its check can see whether the player
has the table open or has moved meanwhile.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite

from salon.web.storage import Database
from salon.web.storage.schema import OUTBOX


@dataclass(frozen=True)
class Kind:
    """What a kind of letter is: ``optional``, a letter an account may turn off (its letters
    carry the one-click unsubscribe link), else one about the account itself (its address,
    its password) that is always sent; ``wait``, the seconds a letter waits after its posting
    before it is checked and sent."""

    optional: bool
    wait: float = 0.0


KINDS: dict[str, Kind] = {
    "verify": Kind(optional=False),
    "reset": Kind(optional=False),
    "registered": Kind(optional=False),
    "email_changed": Kind(optional=False),
    "your_turn": Kind(optional=True, wait=60.0),
    "reminder": Kind(optional=True),
    "game_over": Kind(optional=True),
    "invitation": Kind(optional=True),
    "digest": Kind(optional=True),
}
"""Every kind of letter, each with its texts in the ``mail`` catalogs (``<kind>.subject``,
``<kind>.body``; a kind that is pushed too, ``<kind>.push``, salon.web.push.PUSH_KINDS).  A
digest lists an account's turns once a day (salon.web.mail.digest), and its ``dedupe`` key
names the account and the day."""


@dataclass(frozen=True)
class Letter:
    """A letter to post: its address, its kind and language, the ``fields`` its text needs (a
    link, a name, a table's title; ``left``, a count of seconds, is worded as a duration), the
    ``account`` it is for (its unsubscribe link and preferences), the table it is about, and a
    ``dedupe`` key: while a letter with the key waits, a second one posted with it is dropped."""

    to: str
    kind: str
    lang: str
    fields: Mapping[str, str | int]
    account: str | None = None
    game_id: str | None = None
    dedupe: str | None = None


@dataclass(frozen=True)
class OutboxRow:
    """A posted letter as the checks and the sender read it back."""

    id: str
    to: str
    kind: str
    lang: str
    fields: dict[str, str | int]
    account: str | None
    game_id: str | None
    dedupe: str | None
    created: float
    tries: int


Check = Callable[[Database, OutboxRow], bool]
CHECKS: dict[str, list[Check]] = {}
"""The checks registered for each kind (:func:`still_wanted`)."""


def still_wanted(kind: str) -> Callable[[Check], Check]:
    """Register the decorated ``check(db, row)`` for the letters of ``kind``: asked in the
    sending job's transaction, it returns whether the letter is still to be sent (False drops
    it).  It reads what it needs through ``db`` and changes nothing."""
    if kind not in KINDS:
        raise ValueError(f"no kind of letter {kind!r}")

    def register(check: Check) -> Check:
        CHECKS.setdefault(kind, []).append(check)
        return check

    return register


def post(db: Database, letter: Letter, now: float) -> None:
    """Write ``letter`` to the outbox in the caller's transaction, due ``now`` (seconds since
    the epoch) plus its kind's wait; dropped if a letter with its ``dedupe`` key waits.  A
    letter whose kind or address is none is a programming error (ValueError)."""
    kind = KINDS.get(letter.kind)
    if kind is None:
        raise ValueError(f"no kind of letter {letter.kind!r}")
    if "@" not in letter.to or any(c.isspace() or not c.isprintable() for c in letter.to):
        raise ValueError(f"not an address: {letter.to!r}")
    row = {"id": secrets.token_hex(12), "address": letter.to, "kind": letter.kind, "lang": letter.lang,
           "fields": json.dumps(dict(letter.fields), sort_keys=True), "account": letter.account,
           "game_id": letter.game_id, "dedupe": letter.dedupe, "created": now, "due": now + kind.wait}
    db.conn.execute(insert_or_skip(db, OUTBOX).values(**row))
    db.posted = db.posted or not kind.wait


def insert_or_skip(db: Database, table: sa.Table) -> Any:
    """An INSERT that skips a row clashing with a unique key (a waiting letter's ``dedupe``, a
    second token), in one statement whatever another process writes at the same time."""
    dialect = postgresql if db.engine.dialect.name == "postgresql" else sqlite
    return dialect.insert(table).on_conflict_do_nothing()


def row_of(r: Any) -> OutboxRow:
    """A letter from its row of ``outbox``."""
    return OutboxRow(id=r.id, to=r.address, kind=r.kind, lang=r.lang, fields=json.loads(r.fields),
                     account=r.account, game_id=r.game_id, dedupe=r.dedupe, created=r.created, tries=r.tries)
