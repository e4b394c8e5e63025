"""How many passwords may be guessed, and by whom, without ever locking an account's owner out.

Each failed check of a password (a sign-in, or the password a change asks for) is counted
three times, in the rate hits every process shares (salon.web.quota's table):

* per address and account (``pair``): :data:`PAIR_MOST` in :data:`WINDOW`, then that address
  waits for that account: a guesser at one address gets a handful of tries an hour;
* per address (``address``): :data:`ADDRESS_MOST` in :data:`WINDOW` over every account, then
  that address waits for any account: one address cannot try one password on many accounts;
* per account, from addresses it does not know (``account``): :data:`ACCOUNT_MOST` in
  :data:`ACCOUNT_WINDOW`, then strange addresses wait for that account: many addresses
  together get no more guesses than a few.

The owner is never the one locked out: the addresses that have signed in to an account, or
proved they read its mail (a password reset), are *known* to it (the last
salon.web.accounts.store.KNOWN_KEPT of them), and neither count in nor wait for the account's
own counter.  A stranger's failures fill the stranger's pair and address counters and the
account's counter for strangers; the owner, at a known address, meets only their own pair's
counter, which only their own mistakes fill (and a success empties).  An owner at a new
address during an attack waits, or proves they read the account's mail with a reset, which
makes the address known.

An attempt is counted before its password is checked and taken back if it succeeds, so that
parallel requests cannot all pass a counter before any failure is in it; the counters of a
key are taken in turn (a transaction lock on PostgreSQL).  An address without an account is
counted and throttled exactly as one with an account that knows no address, so that the
throttling tells nobody whether an address has an account.

A passkey's sign-in (salon.web.accounts.passkeys) names no account until its credential is
checked: a failed one counts in its address's counter only (:func:`attempt_from`), the one a
password's failures fill too.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import sqlalchemy as sa

from salon.web.storage import RATE_HITS, Database, lock_key

WINDOW = 15 * 60.0
PAIR_MOST = 5
ADDRESS_MOST = 20
ACCOUNT_WINDOW = 3600.0
ACCOUNT_MOST = 20


@dataclass(frozen=True)
class Counter:
    kind: str
    key: str
    most: int
    window: float


@dataclass(frozen=True)
class Attempt:
    """An attempt counted as a failure until it succeeds: the rows it added (kind, key, until),
    and the key of its address and account ("" for a passkey's, which names no account)."""

    rows: tuple[tuple[str, str, float], ...]
    pair: str


def _key(*parts: str) -> str:
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:32]


def counters(email: str, client: str, known: bool) -> list[Counter]:
    """The counters an attempt on ``email`` from ``client`` (an address key) meets; ``known``:
    whether the address is known to the account."""
    found = [Counter("signin-pair", _key(email, client), PAIR_MOST, WINDOW),
             Counter("signin-address", client, ADDRESS_MOST, WINDOW)]
    if not known:
        found.append(Counter("signin-account", _key("account", email), ACCOUNT_MOST, ACCOUNT_WINDOW))
    return found


def attempt(db: Database, email: str, client: str, known: bool, now: float) -> Attempt | float:
    """Count an attempt on ``email`` from ``client`` as a failure, or the seconds to wait if one
    of its counters is full (and it is not counted)."""
    return _count(db, counters(email, client, known), _key(email, client), now)


def attempt_from(db: Database, client: str, now: float) -> Attempt | float:
    """Count a passkey's attempt from ``client`` as a failure of its address, or the seconds to
    wait if the address's counter is full."""
    return _count(db, [Counter("signin-address", client, ADDRESS_MOST, WINDOW)], "", now)


def _count(db: Database, counted: list[Counter], pair: str, now: float) -> Attempt | float:
    found = sorted(counted, key=lambda c: (c.kind, c.key))
    if db.engine.dialect.name == "postgresql":
        for c in found:  # in one order in every process: none waits on another in a cycle
            db.conn.execute(sa.select(sa.func.pg_advisory_xact_lock(lock_key(f"rate {c.kind} {c.key}"))))
    for c in found:
        untils: list[float] = list(db.conn.execute(sa.select(RATE_HITS.c.until).where(
            RATE_HITS.c.kind == c.kind, RATE_HITS.c.key == c.key, RATE_HITS.c.until > now)
            .order_by(RATE_HITS.c.until)).scalars())
        if len(untils) >= c.most:
            return max(1.0, float(untils[len(untils) - c.most]) - now)
    rows = tuple((c.kind, c.key, now + c.window) for c in found)
    db.conn.execute(RATE_HITS.insert(), [{"kind": k, "key": key, "until": until} for k, key, until in rows])
    return Attempt(rows, pair)


def succeeded(db: Database, done: Attempt) -> None:
    """The attempt's password was right: it is no failure, and the failures of its address on
    its account are forgiven (the owner's own typos)."""
    for kind, key, until in done.rows:
        db.conn.execute(RATE_HITS.delete().where(RATE_HITS.c.kind == kind, RATE_HITS.c.key == key,
                                                 RATE_HITS.c.until == until))
    db.conn.execute(RATE_HITS.delete().where(RATE_HITS.c.kind == "signin-pair", RATE_HITS.c.key == done.pair))


def forgive(db: Database, email: str, client: str) -> None:
    """``client`` proved it reads ``email``'s mail: its failures on the account are forgiven."""
    db.conn.execute(RATE_HITS.delete().where(RATE_HITS.c.kind == "signin-pair", RATE_HITS.c.key == _key(email, client)))
