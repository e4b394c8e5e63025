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

In the same transaction a round finds how each letter goes: by mail unless mail is off, its
account turned its kind off, or (a "your turn") the account reads its turns in the daily
digest; and, for a kind pushed too (salon.web.push.PUSH_KINDS) on its first try, to the
account's browsers, unless it turned that kind off on push.  A letter that goes neither way is
dropped; one pushed alone is recorded as sent once pushed.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

import sqlalchemy as sa

from salon.web.mail.digest import in_digest
from salon.web.mail.outbox import CHECKS, KINDS, OutboxRow, row_of
from salon.web.mail.prefs import token_for, wants
from salon.web.push import PUSH_KINDS, Subscription
from salon.web.push import store as push
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
    letter that has none: one about the account itself, or for no account, or not mailed);
    ``no_mail``: why it is not mailed but pushed alone (None: it is mailed); ``push``: the
    browsers it is pushed to (salon.web.push), on its first try only."""

    row: OutboxRow
    unsubscribe: str | None
    no_mail: str | None = None
    push: tuple[Subscription, ...] = ()


def claim(db: Database, now: float, claim_id: str, most: int, mail_on: bool = True) -> list[Claimed]:
    """Claim up to ``most`` letters due at ``now``, oldest due first, for the round
    ``claim_id``, dropping (or failing) those no longer to send, by mail nor by push.  Without
    mail (``mail_on`` false) only the letters that are pushed too are claimed; the others wait.
    On PostgreSQL the rows are taken with ``FOR UPDATE SKIP LOCKED`` and the claim re-checks
    each row's state, so that two processes claiming at once never both claim one letter."""
    tidy(db, now)
    free = sa.and_(OUTBOX.c.state == WAITING, sa.or_(OUTBOX.c.lease.is_(None), OUTBOX.c.lease <= now))
    due = sa.select(OUTBOX.c.id).where(free, OUTBOX.c.due <= now).order_by(OUTBOX.c.due, OUTBOX.c.id).limit(most)
    if not mail_on:
        due = due.where(OUTBOX.c.kind.in_(PUSH_KINDS))
    rows = db.conn.execute(OUTBOX.update().where(OUTBOX.c.id.in_(due.with_for_update(skip_locked=True)), free)
                           .values(claim=claim_id, lease=now + LEASE).returning(*OUTBOX.c)).all()
    claimed = []
    for letter in sorted((row_of(r) for r in rows), key=lambda r: (r.created, r.id)):
        verdict = _unwanted(db, letter)
        no_mail: str | None = None
        pushed: tuple[Subscription, ...] = ()
        if verdict is None:
            no_mail, pushed = _no_mail(db, letter, mail_on), _pushed_to(db, letter)
            if no_mail is not None and not pushed:
                verdict = DROPPED, no_mail
        if verdict is not None:
            finish(db, letter.id, claim_id, now, *verdict)
            continue
        token = None
        if no_mail is None and KINDS[letter.kind].optional and letter.account is not None:
            token = token_for(db, letter.account, letter.kind)
        claimed.append(Claimed(letter, token, no_mail, pushed))
    return claimed


def _no_mail(db: Database, letter: OutboxRow, mail_on: bool) -> str | None:
    """Why the letter is not to be mailed, or None: mail is off, its account turned its kind
    off, or the account is told its turns by the daily digest (salon.web.mail.digest)."""
    if not mail_on:
        return "mail is off"
    if letter.account is None or not KINDS[letter.kind].optional:
        return None
    if not wants(db, letter.account, letter.kind):
        return "turned off"
    if letter.kind == "your_turn" and in_digest(db, letter.account):
        return "told in the daily digest"
    return None


def _pushed_to(db: Database, letter: OutboxRow) -> tuple[Subscription, ...]:
    """The browsers the letter is pushed to: its account's, for a kind pushed that the account
    has not turned off on push, on the letter's first try (a retry is the mail's alone)."""
    if letter.kind not in PUSH_KINDS or letter.account is None or letter.tries > 0:
        return ()
    if not push.wants(db, letter.account, letter.kind):
        return ()
    return tuple(push.subscriptions(db, letter.account))


def _unwanted(db: Database, letter: OutboxRow) -> tuple[str, str] | None:
    """Why the letter is not to be sent at all (the state it ends in, and the reason), or None:
    its kind is gone, a check of its kind says no, or a check fails."""
    kind = KINDS.get(letter.kind)
    if kind is None:
        return FAILED, f"no kind of letter {letter.kind!r}"
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


def finish(db: Database, letter_id: str, claim_id: str, now: float, state: str, reason: str) -> None:
    """End the letter in ``state`` for ``reason``, while the round ``claim_id`` holds it."""
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
