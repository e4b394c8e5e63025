"""What the mail tests share: a real SMTP server on this computer (aiosmtpd) that keeps what it
accepted, refuses on demand or holds a letter mid-send; a storage and a sender driven from the
test's own event loop; the outbox's rows."""

from __future__ import annotations

import asyncio
import email
import threading
from collections.abc import Callable, Iterator
from email.message import EmailMessage
from email.policy import default
from typing import Any, TypeVar

import pytest
import sqlalchemy as sa
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session

from salon.web.mail import Letter, MailSettings, Sender, Smtp, post
from salon.web.storage import Database, Storage
from salon.web.storage.schema import OUTBOX
from tests.web.helpers import free_port

T = TypeVar("T")

NOW = 4_000_000_000.0
"""The time the tests post at (seconds since the epoch, in 2096: no round of a server's own
clock finds their letters due or old): every round is given its own."""
SITE = "https://salon.example.org/"
SENDER = "salon@example.org"


class Inbox:
    """An SMTP server's handler: ``received`` what it accepted; ``refuse_data``/``refuse_rcpt``
    an answer to give instead (``451 ...``, ``550 ...``); ``hold`` set: the next letter's DATA
    is held, with ``entered`` set, until ``hold`` is cleared, and then refused."""

    def __init__(self) -> None:
        self.received: list[EmailMessage] = []
        self.refuse_data: str | None = None
        self.refuse_rcpt: str | None = None
        self.hold = threading.Event()
        self.entered = threading.Event()

    async def handle_RCPT(self, server: SMTP, session: Session, envelope: Envelope, address: str,
                          options: list[str]) -> str:
        if self.refuse_rcpt is not None:
            return self.refuse_rcpt
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        if self.hold.is_set():
            self.entered.set()
            while self.hold.is_set():
                await asyncio.sleep(0.01)
            return "421 closing"
        if self.refuse_data is not None:
            return self.refuse_data
        content = envelope.content if isinstance(envelope.content, bytes) else str(envelope.content).encode()
        message = email.message_from_bytes(content, policy=default)
        assert isinstance(message, EmailMessage)
        self.received.append(message)
        return "250 OK"


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, int]]:
    """A started SMTP server on 127.0.0.1 and its port."""
    handler = Inbox()
    port = free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    yield handler, port
    handler.hold.clear()
    controller.stop()


def settings(port: int) -> MailSettings:
    return MailSettings(Smtp("127.0.0.1", port), SENDER, SITE)


def letter(kind: str = "your_turn", lang: str = "en", account: str | None = "acc1", **extra: Any) -> Letter:
    fields: dict[str, str | int] = {"name": "Ada", "table": "Le salon bleu", "link": "https://salon.example.org/t/1",
                                    "left": 2 * 86400 + 5, "minutes": 30, "place": 2, "by": "Marie",
                                    "address": "new@example.org", "tables": "• Le salon bleu: https://salon.example.org/t/1"}
    return Letter(extra.pop("to", "ada@example.org"), kind, lang, fields, account, **extra)


def posting(*letters: Letter, now: float = NOW) -> Callable[[Database], None]:
    def job(db: Database) -> None:
        for one in letters:
            post(db, one, now)

    return job


def outbox(db: Database) -> list[Any]:
    """The outbox's rows, oldest first."""
    return list(db.conn.execute(sa.select(OUTBOX).order_by(OUTBOX.c.created, OUTBOX.c.id)).all())


class Mailroom:
    """A storage and a sender on it, on the event loop of the test's ``asyncio.run``."""

    def __init__(self, url: str, port: int) -> None:
        self.storage = Storage(url)
        self.sender = Sender(self.storage, settings(port))

    async def __aenter__(self) -> Mailroom:
        await self.storage.start()
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.storage.close()

    async def run(self, job: Callable[[Database], T]) -> T:
        return await self.storage.run(job)

    async def states(self) -> list[str]:
        return [r.state for r in await self.run(outbox)]
