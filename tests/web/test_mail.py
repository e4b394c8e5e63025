"""The mail outbox and its sender against a real SMTP server (aiosmtpd), on both backends:
a letter posted in a committed change arrives once, in its language and with its headers; a
change rolled back sends nothing; a letter waits for its kind's wait and is not sent when no
longer wanted; two processes on one PostgreSQL database send each letter once; a sender
killed mid-send leaves its letter to the next once the lease lapses; an SMTP server that
refuses leads to retries, then failure.  Every round is given its time: no test waits for
the clock."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import subprocess
import sys
from collections.abc import Iterator

import pytest

from salon.web.mail import KINDS, Letter, MailSettings, OutboxRow, Smtp, set_wants, still_wanted
from salon.web.mail.claims import EXPIRE_AFTER, KEEP_FINISHED, LEASE, MOST_TRIES, retry_after
from salon.web.mail.outbox import CHECKS
from salon.web.storage import Database, StorageError
from tests.web.helpers import free_port
from tests.web.smtp_inbox import NOW, SENDER, Inbox, Mailroom, inbox, letter, outbox, posting

__all__ = ["inbox"]  # the fixture, used by name

WAIT = KINDS["your_turn"].wait


@pytest.fixture(autouse=True)
def no_checks() -> Iterator[None]:
    """Each test registers its own checks, which go when it ends."""
    saved = dict(CHECKS)
    CHECKS.clear()
    yield
    CHECKS.clear()
    CHECKS.update(saved)


def test_a_committed_letter_arrives_once_after_its_wait_in_its_language(db_url: str, inbox: tuple[Inbox, int]) -> None:
    handler, port = inbox

    async def scenario() -> None:
        async with Mailroom(db_url, port) as room:
            await room.run(posting(letter("your_turn", "fr")))
            assert await room.sender.round(NOW + WAIT - 1) == []  # its minute has not passed
            tried = await room.sender.round(NOW + WAIT)
            assert [t.state for t in tried] == ["sent"] and await room.states() == ["sent"]
            assert await room.sender.round(NOW + WAIT + 3600) == []

    asyncio.run(scenario())
    [mail] = handler.received
    assert mail["To"] == "ada@example.org" and mail["From"] == SENDER
    assert mail["Subject"] == "À vous de jouer à Le salon bleu"
    assert mail["Content-Language"] == "fr" and mail["Auto-Submitted"] == "auto-generated"
    assert mail["List-Unsubscribe"].strip().startswith("<https://salon.example.org/api/mail/unsubscribe?token=")
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert mail["Message-ID"].endswith("@example.org>")
    body = mail.get_body(("plain",))
    assert body is not None
    text = body.get_content()
    assert "Bonjour Ada," in text and "Temps restant pour jouer : 2 jours." in text
    assert "https://salon.example.org/t/1" in text and "{" not in text


def test_a_letter_about_the_account_itself_has_no_unsubscribe(db_url: str, inbox: tuple[Inbox, int]) -> None:
    handler, port = inbox

    async def scenario() -> None:
        async with Mailroom(db_url, port) as room:
            await room.run(posting(letter("reset", "uk")))
            await room.sender.round(NOW)

    asyncio.run(scenario())
    [mail] = handler.received
    assert mail["List-Unsubscribe"] is None and mail["Subject"] == "Виберіть новий пароль для Салону"
    body = mail.get_body(("plain",))
    assert body is not None and "впродовж 30 хв" in body.get_content()


def test_a_change_rolled_back_posts_no_letter(db_url: str, inbox: tuple[Inbox, int]) -> None:
    handler, port = inbox

    def move_that_fails(db: Database) -> None:
        posting(letter())(db)
        raise RuntimeError("the move was refused after all")

    async def scenario() -> None:
        async with Mailroom(db_url, port) as room:
            with pytest.raises(StorageError):
                await room.run(move_that_fails)
            assert await room.sender.round(NOW + WAIT) == [] and await room.states() == []

    asyncio.run(scenario())
    assert handler.received == []


def test_a_letter_with_the_key_of_a_waiting_one_is_dropped(db_url: str, inbox: tuple[Inbox, int]) -> None:
    handler, port = inbox

    async def scenario() -> None:
        async with Mailroom(db_url, port) as room:
            await room.run(posting(letter(dedupe="digest acc1"), letter(dedupe="digest acc1"), letter()))
            assert await room.states() == ["waiting", "waiting"]
            await room.sender.round(NOW + WAIT)
            await room.run(posting(letter(dedupe="digest acc1"), now=NOW + WAIT))  # the first is sent: a new one
            assert await room.states() == ["sent", "sent", "waiting"]

    asyncio.run(scenario())
    assert len(handler.received) == 2


def test_a_letter_no_longer_wanted_or_turned_off_is_not_sent(db_url: str, inbox: tuple[Inbox, int]) -> None:
    handler, port = inbox
    asked: list[OutboxRow] = []

    @still_wanted("your_turn")
    def player_away(db: Database, row: OutboxRow) -> bool:
        asked.append(row)
        return row.game_id != "open-table"  # its player has the table open

    @still_wanted("game_over")
    def broken(db: Database, row: OutboxRow) -> bool:
        raise LookupError("no such table")

    async def scenario() -> None:
        async with Mailroom(db_url, port) as room:
            await room.run(posting(letter(game_id="open-table"), letter(game_id="other"), letter("game_over"),
                                   letter("reminder", account="acc2")))
            await room.run(lambda db: set_wants(db, "acc2", "reminder", False))
            await room.sender.round(NOW + WAIT)
            rows = await room.run(outbox)
            assert sorted((r.kind, r.game_id or "", r.state, r.reason or "") for r in rows) == [
                ("game_over", "", "failed", "its check failed: LookupError: no such table"),
                ("reminder", "", "dropped", "turned off"),
                ("your_turn", "open-table", "dropped", "no longer wanted"), ("your_turn", "other", "sent", "")]

    asyncio.run(scenario())
    assert sorted(r.game_id or "" for r in asked) == ["open-table", "other"]
    assert asked[0].fields["table"] == "Le salon bleu"
    assert [m["Subject"] for m in handler.received] == ["Your turn at Le salon bleu"]


def test_posting_refuses_what_no_letter_can_be() -> None:
    with pytest.raises(ValueError, match="kind"):
        posting(Letter("ada@example.org", "newsletter", "en", {}))(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="address"):
        posting(letter(to="ada@example.org\r\nBcc: everyone@example.org"))(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="cannot be turned off"):
        set_wants(None, "acc1", "reset", False)  # type: ignore[arg-type]


def test_a_refusing_server_is_tried_again_with_back_off_then_given_up_once(
        db_url: str, inbox: tuple[Inbox, int], caplog: pytest.LogCaptureFixture) -> None:
    handler, port = inbox
    handler.refuse_data = "451 4.3.0 try again later"

    async def scenario() -> None:
        async with Mailroom(db_url, port) as room:
            await room.run(posting(letter("verify")))
            now = NOW
            for tries in range(1, MOST_TRIES):
                assert [t.state for t in await room.sender.round(now)] == ["waiting"]
                [row] = await room.run(outbox)
                assert (row.tries, row.due, row.reason) == (tries, now + retry_after(tries), handler.refuse_data)
                assert await room.sender.round(row.due - 1) == []  # not before its time
                now = row.due
            assert [t.state for t in await room.sender.round(now)] == ["failed"]
            [row] = await room.run(outbox)
            assert (row.state, row.tries, row.reason) == ("failed", MOST_TRIES, "451 4.3.0 try again later")
            assert await room.sender.round(now + LEASE) == []

    with caplog.at_level(logging.WARNING, "salon.web"):
        asyncio.run(scenario())
    assert handler.received == []
    assert [1 for r in caplog.records if "failed after" in r.getMessage()] == [1]
    assert [retry_after(n) for n in (1, 2, 3, 7, 20)] == [60, 120, 240, 3600, 3600]


@pytest.mark.parametrize("refusal", ["rcpt", "data"])
def test_a_letter_refused_for_good_fails_at_once(db_url: str, inbox: tuple[Inbox, int], refusal: str) -> None:
    handler, port = inbox
    setattr(handler, f"refuse_{refusal}", "550 5.1.1 no such mailbox")

    async def scenario() -> None:
        async with Mailroom(db_url, port) as room:
            await room.run(posting(letter("verify")))
            await room.sender.round(NOW)
            [row] = await room.run(outbox)
            assert (row.state, row.tries, row.reason) == ("failed", 1, "550 5.1.1 no such mailbox")

    asyncio.run(scenario())


def test_an_unreachable_server_is_said_once_and_its_letters_wait(
        db_url: str, inbox: tuple[Inbox, int], caplog: pytest.LogCaptureFixture) -> None:
    _, port = inbox

    async def scenario() -> None:
        async with Mailroom(db_url, port) as room:
            room.sender.settings = MailSettings(Smtp("127.0.0.1", free_port()), SENDER)  # nothing listens there
            await room.run(posting(letter("verify"), letter("reset")))
            await room.sender.round(NOW)
            assert [(r.state, r.tries) for r in await room.run(outbox)] == [("waiting", 1), ("waiting", 1)]

    with caplog.at_level(logging.WARNING, "salon.web"):
        asyncio.run(scenario())
    assert len([r for r in caplog.records if "letters wait" in r.getMessage()]) == 1


def test_letters_expire_unsent_and_finished_ones_are_deleted(db_url: str, inbox: tuple[Inbox, int]) -> None:
    handler, port = inbox

    async def scenario() -> None:
        async with Mailroom(db_url, port) as room:
            await room.run(posting(letter("verify")))
            await room.sender.round(NOW)
            await room.run(posting(letter("reset"), now=NOW + 1))
            await room.sender.round(NOW + 1 + EXPIRE_AFTER)  # nobody sent it for a day
            assert [(r.kind, r.state, r.reason) for r in await room.run(outbox)] == [
                ("verify", "sent", None), ("reset", "dropped", "expired")]
            await room.sender.round(NOW + 1 + EXPIRE_AFTER + KEEP_FINISHED)
            assert await room.run(outbox) == []

    asyncio.run(scenario())
    assert len(handler.received) == 1


def test_two_processes_on_one_postgresql_database_send_each_letter_once(
        postgres_url: str, inbox: tuple[Inbox, int]) -> None:
    handler, port = inbox
    letters = [letter("verify", to=f"player{n}@example.org") for n in range(45)]

    async def scenario() -> None:
        async with Mailroom(postgres_url, port) as one, Mailroom(postgres_url, port) as two:
            await one.run(posting(*letters))
            tried: list[str] = []
            for _ in range(10):
                rounds = await asyncio.gather(one.sender.round(NOW), two.sender.round(NOW))
                tried += [t.letter_id for r in rounds for t in r]
                if set(await one.states()) == {"sent"}:
                    break
            assert sorted(tried) == sorted(set(tried)) and len(tried) == len(letters)

    asyncio.run(scenario())
    assert sorted(m["To"] for m in handler.received) == sorted(one.to for one in letters)
    assert len({m["Message-ID"] for m in handler.received}) == len(letters)


CHILD = """
import asyncio, sys
from salon.web.mail import MailSettings, Sender, Smtp
from salon.web.storage import Storage

async def main(url, port, now):
    storage = Storage(url)
    await storage.start()
    await Sender(storage, MailSettings(Smtp("127.0.0.1", port), "salon@example.org")).round(now)

asyncio.run(main(sys.argv[1], int(sys.argv[2]), float(sys.argv[3])))
"""


@pytest.mark.heavy
def test_a_sender_killed_mid_send_leaves_its_letter_to_the_next_after_the_lease(
        db_url: str, inbox: tuple[Inbox, int]) -> None:
    handler, port = inbox

    async def post() -> None:
        async with Mailroom(db_url, port) as room:
            await room.run(posting(letter("verify")))

    asyncio.run(post())  # closed again: a SQLite file is one process's at a time
    handler.hold.set()
    child = subprocess.Popen([sys.executable, "-c", CHILD, db_url, str(port), str(NOW)], env=os.environ.copy())
    try:
        assert handler.entered.wait(60), "the child never reached DATA"
        os.kill(child.pid, signal.SIGKILL)
    finally:
        child.wait(60)
    handler.hold.clear()

    async def after() -> None:
        async with Mailroom(db_url, port) as room:
            [row] = await room.run(outbox)
            assert (row.state, row.lease) == ("waiting", NOW + LEASE)
            assert await room.sender.round(NOW + LEASE - 1) == []  # still the dead process's
            assert [t.state for t in await room.sender.round(NOW + LEASE)] == ["sent"]
            assert await room.sender.round(NOW + 2 * LEASE) == []

    asyncio.run(after())
    assert len(handler.received) == 1
