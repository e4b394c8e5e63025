"""The sender: a round every few seconds in every server process, and at once after the
process committed a letter due at once (a sign-up's link: its reader is waiting for it).  A
round claims the letters that are due (salon.web.mail.claims), pushes those of the kinds pushed
too to their account's browsers (salon.web.push), submits each to the SMTP server with
aiosmtplib and records how it went; and posts the daily digests (salon.web.mail.digest).

The rounds of several processes share one outbox: each letter is claimed by one round at a
time, under a lease, and its outcome recorded only while the claim holds.  A letter the SMTP
server refuses for a while (a 4xx, a lost connection, a timeout) is tried again later, each
wait twice the last, up to a most number of tries; one it refuses for good (a 5xx to its
recipient or its text) fails at once.  A letter that fails is logged once, with the reason.
Without an SMTP server (mail off) the rounds push what is pushed and tidy the outbox: the
other letters wait unsent and expire.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Sequence
from typing import NamedTuple

import aiosmtplib

from salon.web.mail.claims import Claimed, claim, finish, release, settle
from salon.web.mail.digest import LOOK_EVERY, post_digests
from salon.web.mail.render import compose, notice_of
from salon.web.mail.settings import MailSettings, Smtp
from salon.web.push import Pusher
from salon.web.storage import Storage, StorageError
from salon.web.storage.connection import one_line
from salon.web.storage.schema import FAILED, SENT

log = logging.getLogger("salon.web")

ROUND_EVERY = 5.0
"""Seconds between two rounds of a process."""
BATCH = 10
"""The most letters a round claims."""
SEND_TIMEOUT = 30.0
"""Seconds one letter's submission may take, connection included: BATCH of them take at most
half the claims' lease (salon.web.mail.claims.LEASE)."""
STOP_WAIT = 2.0
"""Seconds a stopping process lets the letter under way finish, before it is cut short."""


class Tried(NamedTuple):
    """A letter a round tried, and the state it was left in (``waiting``: tried again later)."""

    letter_id: str
    state: str


class Sender:
    """The mail rounds of one process (started and stopped with it, like its housekeeping)."""

    def __init__(self, storage: Storage, settings: MailSettings) -> None:
        self.storage = storage
        self.settings = settings
        self.pusher = Pusher(storage, settings.contact)
        self._next_digests = 0.0  # when this process looks for digests to post next
        self._task: asyncio.Task[None] | None = None
        self._stop = asyncio.Event()
        self._wake = asyncio.Event()
        self._unreachable = False  # the SMTP server could not be reached: said once, until it answers
        storage.on_letter(self.wake)

    def start(self) -> None:
        self._stop = asyncio.Event()  # bound to this loop (an app may be served by several in turn)
        self._wake = asyncio.Event()
        self._task = asyncio.get_running_loop().create_task(self._every_round())

    async def stop(self) -> None:
        """Stop the rounds: the letter under way is given :data:`STOP_WAIT` seconds, and the
        letters claimed but not tried are given back."""
        self._stop.set()
        self._wake.set()
        if self._task is not None:
            _, running = await asyncio.wait({self._task}, timeout=STOP_WAIT)
            for task in running:
                task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    def wake(self) -> None:
        """Start the next round now (on the event loop): a letter due at once was posted."""
        self._wake.set()

    async def _every_round(self) -> None:
        """A round every ROUND_EVERY seconds or when woken, and the next at once after one that
        claimed a whole batch: a queue drains at the SMTP server's pace, not a batch a round."""
        failing = full = False
        while not self._stop.is_set():
            if not full:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), ROUND_EVERY)
                self._wake.clear()
            if self._stop.is_set():
                return
            try:
                full = len(await self.round(time.time())) >= BATCH
            except Exception as e:
                if not failing:
                    log.warning("mail: no round: %s", e, exc_info=not isinstance(e, StorageError))
                failing, full = True, False
            else:
                failing = False

    async def round(self, now: float) -> list[Tried]:
        """One round at ``now`` (seconds since the epoch, which the processes share): post the
        digests due, claim the letters due, push and send each and record it; the letters
        tried.  Without an SMTP server, only the letters pushed are claimed."""
        smtp = self.settings.smtp
        if smtp is not None and now >= self._next_digests:
            self._next_digests = now + LOOK_EVERY
            try:
                await self.storage.run(lambda db: post_digests(db, self.settings, now), alone=True)
            except StorageError as e:  # the next look posts them
                log.warning("mail: no digests: %s", e)
        claim_id = secrets.token_hex(8)
        claimed = await self.storage.run(lambda db: claim(db, now, claim_id, BATCH, smtp is not None), alone=True)
        tried: list[Tried] = []
        try:
            for letter in claimed:
                if self._stop.is_set():
                    break
                tried.append(await self._deliver(smtp, letter, claim_id, now))
        finally:
            await self._release([c.row.id for c in claimed[len(tried):]], claim_id)
        return tried

    async def _deliver(self, smtp: Smtp | None, letter: Claimed, claim_id: str, now: float) -> Tried:
        """Push the letter to its account's browsers, then mail it, or record it pushed alone."""
        row = letter.row
        if letter.push:
            try:
                notice = notice_of(letter, self.settings)
            except Exception as e:  # the mail, if any, is still sent
                log.warning("push: letter %s cannot be worded: %s: %s", row.id, type(e).__name__, e)
            else:
                await self.pusher.send(letter.push, notice)
        if smtp is not None and letter.no_mail is None:
            return await self._send(smtp, letter, claim_id, now)
        reason = f"pushed alone: {letter.no_mail or 'mail is off'}"
        await self.storage.run(lambda db: finish(db, row.id, claim_id, now, SENT, reason))
        return Tried(row.id, SENT)

    async def _send(self, smtp: Smtp, letter: Claimed, claim_id: str, now: float) -> Tried:
        """Submit one letter and record how it went."""
        error, permanent = await self._submit(smtp, letter, now)
        row = letter.row
        state = await self.storage.run(lambda db: settle(db, row, claim_id, now, error, permanent))
        if state is None:
            log.warning("mail: letter %s was tried after its claim lapsed: it may have been sent twice", row.id)
        elif state == FAILED:
            log.warning("mail: letter %s (%s) failed after %d tries: %s", row.id, row.kind, row.tries + 1, error)
        return Tried(row.id, state or "lapsed")

    async def _submit(self, smtp: Smtp, letter: Claimed, now: float) -> tuple[str | None, bool]:
        """Hand the letter to the SMTP server: (None, False) once it accepted it, else why not
        and whether for good."""
        try:
            message = compose(letter, self.settings, now)
        except Exception as e:  # a letter that cannot be written never will be
            return f"cannot be written: {type(e).__name__}: {e}", True
        try:
            async with asyncio.timeout(SEND_TIMEOUT):
                await aiosmtplib.send(message, **smtp.connection())
        except aiosmtplib.SMTPRecipientsRefused as e:
            return "; ".join(_reason(r) for r in e.recipients), all(r.code >= 500 for r in e.recipients)
        except (aiosmtplib.SMTPRecipientRefused, aiosmtplib.SMTPDataError) as e:
            return _reason(e), e.code >= 500
        except (aiosmtplib.SMTPException, OSError, TimeoutError) as e:
            reason = _reason(e)
            if not self._unreachable:
                log.warning("mail: the SMTP server %s:%d: %s; letters wait and are tried again", smtp.host, smtp.port,
                            reason)
            self._unreachable = True
            return reason, False
        if self._unreachable:
            log.warning("mail: the SMTP server %s:%d accepts letters again", smtp.host, smtp.port)
        self._unreachable = False
        return None, False

    async def _release(self, letter_ids: Sequence[str], claim_id: str) -> None:
        if letter_ids:
            try:
                await self.storage.run(lambda db: release(db, letter_ids, claim_id))
            except StorageError as e:  # their lease lapses anyway
                log.warning("mail: %s", e)


def _reason(error: Exception) -> str:
    """Why a submission failed, on one line: the SMTP server's answer when it gave one."""
    if isinstance(error, aiosmtplib.SMTPResponseException):
        return f"{error.code} {' '.join(error.message.split())}"
    return one_line(error) if str(error) else type(error).__name__
