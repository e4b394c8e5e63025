"""The sender's statements: claiming the letters that are due, recording how each try went,
and the outbox's tidying.

A round claims its letters in one transaction: it marks each with its own claim and a lease
(``outbox.claim``, ``outbox.lease``), which no other round takes until the lease lapses, and
asks in the same transaction whether each letter is still wanted.  Sending happens outside
any transaction; each letter's outcome is then recorded by a statement that holds only while
the claim is still the round's own.  A process that dies mid-round leaves its letters
claimed until their lease lapses, then any process claims them again: so every letter is
sent once, except when a process dies (or loses its database) after the SMTP server
accepted the letter and before the commit that records it, when it is sent again, under the
same Message-ID.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

import sqlalchemy as sa

from salon.web.mail.outbox import CHECKS, KINDS, OutboxRow, row_of
from salon.web.mail.prefs import token_for, wants
from salon.web.storage import Database
from salon.web.storage.connection import one_line
from salon.web.storage.schema import DROPPED, FAILED, OUTBOX, SENT, WAITING

log = logging.getLogger("salon.web")

LEASE = 600.0
"""Seconds a round holds the letters it claimed; a round tries them all within half of it
(salon.web.mail.sender: BATCH letters of at most SEND_TIMEOUT seconds each)."""
FIRST_RETRY = 60.0
"""Seconds before the second try of a letter; each later one waits twice as long..."""
LONGEST_WAIT = 3600.0
"""...up to this."""
MOST_TRIES = 8
"""Tries before a letter is given up (failed): about two hours of tries."""
EXPIRE_AFTER = 86400.0
"""Seconds after its posting a letter is dropped unsent (a day-old "your turn" is noise):
letters posted while no process sends mail do not pile up, nor go out late."""
KEEP_FINISHED = 7 * 86400.0
"""Seconds a letter sent, failed or dropped is kept (to look into), then deleted."""


@dataclass(frozen=True)
class Claimed:
    """A letter a round holds, with the token of its one-click unsubscribe link (None for a
    letter that has none: one about the account itself, or for no account)."""

    row: OutboxRow
    unsubscribe: str | None


def claim(db: Database, now: float, claim_id: str, most: int) -> list[Claimed]:
    """Claim up to ``most`` letters due at ``now``, oldest due first, for the round
    ``claim_id``, dropping (or failing) those no longer to send.  On PostgreSQL the rows are
    taken with ``FOR UPDATE SKIP LOCKED`` and the claim re-checks each row's state, so that two
    processes claiming at once never both claim one letter."""
    tidy(db, now)
    free = sa.and_(OUTBOX.c.state == WAITING, sa.or_(OUTBOX.c.lease.is_(None), OUTBOX.c.lease <= now))
    due = sa.select(OUTBOX.c.id).where(free, OUTBOX.c.due <= now).order_by(OUTBOX.c.due, OUTBOX.c.id).limit(most)
    rows = db.conn.execute(OUTBOX.update().where(OUTBOX.c.id.in_(due.with_for_update(skip_locked=True)), free)
                           .values(claim=claim_id, lease=now + LEASE).returning(*OUTBOX.c)).all()
    claimed = []
    for letter in sorted((row_of(r) for r in rows), key=lambda r: (r.created, r.id)):
        verdict = _unwanted(db, letter)
        if verdict is not None:
            _finish(db, letter.id, claim_id, now, *verdict)
            continue
        token = None
        if KINDS[letter.kind].optional and letter.account is not None:
            token = token_for(db, letter.account, letter.kind)
        claimed.append(Claimed(letter, token))
    return claimed


def _unwanted(db: Database, letter: OutboxRow) -> tuple[str, str] | None:
    """Why the letter is not to be sent (the state it ends in, and the reason), or None: its
    kind is gone, its account turned it off, a check of its kind says no, or a check fails."""
    kind = KINDS.get(letter.kind)
    if kind is None:
        return FAILED, f"no kind of letter {letter.kind!r}"
    if kind.optional and letter.account is not None and not wants(db, letter.account, letter.kind):
        return DROPPED, "turned off"
    for check in CHECKS.get(letter.kind, []):
        try:
            with db.conn.begin_nested():  # a check that fails spoils nothing of the round's transaction
                wanted = check(db, letter)
        except Exception as e:
            return FAILED, f"its check failed: {type(e).__name__}: {one_line(e)}"
        if not wanted:
            return DROPPED, "no longer wanted"
    return None


def retry_after(tries: int) -> float:
    """Seconds to wait after a letter's ``tries``-th failed try: doubling, capped."""
    return min(FIRST_RETRY * 2.0 ** (tries - 1), LONGEST_WAIT)


def settle(db: Database, letter: OutboxRow, claim_id: str, now: float, error: str | None = None,
           permanent: bool = False) -> str | None:
    """Record a try of the letter: sent (no ``error``), or failed for good (``permanent``, or
    its last try), or to be tried again after :func:`retry_after`; the state it is left in, or
    None if the round's claim had lapsed (another round holds it now)."""
    tries = letter.tries + 1
    mine = sa.and_(OUTBOX.c.id == letter.id, OUTBOX.c.claim == claim_id, OUTBOX.c.state == WAITING)
    if error is None:
        state, values = SENT, {"state": SENT, "finished": now, "reason": None}
    elif permanent or tries >= MOST_TRIES:
        state, values = FAILED, {"state": FAILED, "finished": now, "reason": error}
    else:
        state, values = WAITING, {"due": now + retry_after(tries), "reason": error}
    updated = db.conn.execute(OUTBOX.update().where(mine).values(tries=tries, claim=None, lease=None, **values))
    return state if updated.rowcount == 1 else None


def _finish(db: Database, letter_id: str, claim_id: str, now: float, state: str, reason: str) -> None:
    db.conn.execute(OUTBOX.update().where(OUTBOX.c.id == letter_id, OUTBOX.c.claim == claim_id).values(
        state=state, finished=now, reason=reason, claim=None, lease=None))
    log.log(logging.WARNING if state == FAILED else logging.DEBUG, "mail: letter %s %s: %s", letter_id, state,
            reason)


def release(db: Database, letter_ids: Sequence[str], claim_id: str) -> None:
    """Give back letters the round claimed and did not try (it was stopped): claimable at once."""
    db.conn.execute(OUTBOX.update().where(OUTBOX.c.id.in_(letter_ids), OUTBOX.c.claim == claim_id)
                    .values(claim=None, lease=None))


def tidy(db: Database, now: float) -> None:
    """Drop the letters waiting (and not held) since :data:`EXPIRE_AFTER` before ``now``, and
    delete those finished :data:`KEEP_FINISHED` before it."""
    db.conn.execute(OUTBOX.update().where(
        OUTBOX.c.state == WAITING, OUTBOX.c.created <= now - EXPIRE_AFTER,
        sa.or_(OUTBOX.c.lease.is_(None), OUTBOX.c.lease <= now)).values(
        state=DROPPED, finished=now, reason="expired", claim=None, lease=None))
    db.conn.execute(OUTBOX.delete().where(OUTBOX.c.finished <= now - KEEP_FINISHED))
