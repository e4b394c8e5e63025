"""Sending a notice to an account's browsers through their push services (pywebpush's
asynchronous API, over aiohttp).

A push service that answers 404 or 410 says the subscription is gone (the browser
unsubscribed, or its user blocked the site): it is deleted.  Any other failure (a refusal, a
timeout, a service out of reach) is logged and left alone: the next notice tries again, and a
notice missed is no loss that a retry would make good (the letter, when there is one, is
what is retried).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Literal
from urllib.parse import urlsplit

import aiohttp
from py_vapid import Vapid
from pywebpush import WebPushException, webpush_async

from salon.web.push.keys import VapidKeys, server_keys
from salon.web.push.store import forget
from salon.web.push.subscription import Subscription
from salon.web.storage import Storage, StorageError

log = logging.getLogger("salon.web")

TTL = 86400
"""Seconds a push service keeps a notice for a browser that is offline: a day, as long as
the outbox keeps a letter (salon.web.mail.claims.EXPIRE_AFTER)."""
PUSH_TIMEOUT = 10.0
"""Seconds one push service may take to accept a notice."""
GONE = (404, 410)
"""A push service's answers for a subscription that exists no more (RFC 8030)."""

Outcome = Literal["delivered", "gone", "failed"]


@dataclass(frozen=True)
class Notice:
    """What a browser shows: ``title`` and ``body``; ``url``, the page a click opens; ``tag``,
    which a later notice of the same tag replaces on the screen (one per table)."""

    title: str
    body: str
    url: str
    tag: str

    def payload(self) -> str:
        """The message's JSON, which the service worker reads (static/sw.js)."""
        return json.dumps(asdict(self), ensure_ascii=False)


class Pusher:
    """The pushing of one server process: its VAPID key pair, read (or made) once, and the
    contact its messages name (``sub``: a ``mailto:`` or the server's address), which a push
    service may use to reach its operator."""

    def __init__(self, storage: Storage, contact: str) -> None:
        self.storage = storage
        self.contact = contact
        self._keys: VapidKeys | None = None

    async def keys(self) -> VapidKeys:
        """The server's key pair (salon.web.push.keys), the same in every process."""
        if self._keys is None:
            now = time.time()
            self._keys = await self.storage.run(lambda db: server_keys(db, now), alone=True)
        return self._keys

    async def send(self, subscriptions: Sequence[Subscription], notice: Notice) -> list[Outcome]:
        """Push ``notice`` to each subscription at once; how each went, the ones gone deleted."""
        signer = (await self.keys()).signer()
        async with aiohttp.ClientSession() as session:
            outcomes = await asyncio.gather(*(self._one(session, signer, s, notice) for s in subscriptions))
        gone = [s.endpoint for s, outcome in zip(subscriptions, outcomes, strict=True) if outcome == "gone"]
        if gone:
            try:
                await self.storage.run(lambda db: forget(db, gone))
            except StorageError as e:  # they answer "gone" again next time
                log.warning("push: %s", e)
        return list(outcomes)

    async def _one(self, session: aiohttp.ClientSession, signer: Vapid, sub: Subscription,
                   notice: Notice) -> Outcome:
        service = urlsplit(sub.endpoint).netloc
        try:
            async with asyncio.timeout(PUSH_TIMEOUT):
                await webpush_async(sub.info(), notice.payload(), vapid_private_key=signer,
                                    vapid_claims={"sub": self.contact}, ttl=TTL, timeout=PUSH_TIMEOUT,
                                    aiohttp_session=session)
        except WebPushException as e:
            if e.status_code in GONE:
                return "gone"
            log.warning("push: %s refused a notice (%s); left for the next one", service, e.status_code)
        except (aiohttp.ClientError, OSError, TimeoutError) as e:
            log.warning("push: %s could not be reached (%s); left for the next one", service,
                        type(e).__name__)
        else:
            return "delivered"
        return "failed"
