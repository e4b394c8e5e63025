"""The mail as the server shows it: the one-click unsubscribe a mail program posts (no body, no
cookie, no JSON), every kind of letter worded in every language, ``salon serve``'s mail
options, and the app that starts its sender with the server."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from salon.i18n import languages
from salon.web import server
from salon.web.app import create_app
from salon.web.caps import UNLIMITED
from salon.web.mail import KINDS, MAIL_OFF, MailSettings, Smtp, sender, wants
from salon.web.mail.claims import Claimed
from salon.web.mail.outbox import OutboxRow
from salon.web.mail.render import body_of, compose, duration
from tests.cli.conftest import Run, run
from tests.web.helpers import poll
from tests.web.smtp_inbox import NOW, SITE, Inbox, Mailroom, inbox, letter, outbox, posting, settings
from tests.web.test_mail import no_checks

__all__ = ["inbox", "no_checks", "run"]  # the fixtures, used by name (no_checks: the letters of no table)


def unsubscribe_path(inbox: Inbox) -> str:
    """The path and query of the last letter's one-click link."""
    header = str(inbox.received[-1]["List-Unsubscribe"]).strip()
    assert header.startswith(f"<{SITE}api/mail/unsubscribe?token=") and header.endswith(">")
    return "/" + header[len(SITE) + 1:-1]


def test_a_mail_program_unsubscribes_with_one_post(tmp_path: Path, inbox: tuple[Inbox, int]) -> None:
    handler, port = inbox
    url = f"sqlite:///{tmp_path / 'salon.db'}"

    async def send(*kinds: str) -> list[tuple[str, str]]:
        async with Mailroom(url, port) as room:
            await room.run(posting(*(letter(kind) for kind in kinds), now=NOW + len(kinds)))
            await room.sender.round(NOW + 60 + len(kinds))
            return [(r.kind, r.state) for r in await room.run(outbox)]

    asyncio.run(send("reminder"))
    path = unsubscribe_path(handler)
    with TestClient(create_app(url, limits=UNLIMITED)) as client:
        response = client.post(path)  # no body, no cookie, no Origin, no Content-Type
        assert (response.status_code, response.json()) == (200, {"kind": "reminder"})
        again = client.post(path, content=b"List-Unsubscribe=One-Click",
                            headers={"Content-Type": "application/x-www-form-urlencoded",
                                     "Origin": "https://mail.example.net"})
        assert (again.status_code, again.json()) == (200, {"kind": "reminder"})
        bad = client.post("/api/mail/unsubscribe?token=nothing-at-all")
        assert bad.status_code == 404 and bad.json()["error"]["code"] == "bad_unsubscribe"
        assert client.post("/api/mail/unsubscribe").json()["error"]["code"] == "bad_request"
        assert client.get(path).status_code == 405
        other = client.post("/api/lobby", content=b"x", headers={"Origin": "https://mail.example.net"})
        assert other.json()["error"]["code"] == "bad_origin"  # every other change keeps its guard

    assert sorted(asyncio.run(send("reminder", "your_turn"))) == [
        ("reminder", "dropped"), ("reminder", "sent"), ("your_turn", "sent")]
    assert [m["Subject"] for m in handler.received] == ["Le salon bleu is waiting for your move",
                                                       "Your turn at Le salon bleu"]

    async def still() -> tuple[bool, bool]:
        async with Mailroom(url, port) as room:
            return (await room.run(lambda db: wants(db, "acc1", "reminder")),
                    await room.run(lambda db: wants(db, "acc1", "your_turn")))

    assert asyncio.run(still()) == (False, True)


@pytest.mark.parametrize("lang", languages())
def test_every_kind_is_worded_in_every_language(lang: str) -> None:
    for kind in KINDS:
        row = OutboxRow("id1", "ada@example.org", kind, lang, {**letter(kind).fields, "left": 5 * 3600}, "acc1",
                        None, None, NOW, 0)
        mail = compose(Claimed(row, "tok" if KINDS[kind].optional else None), settings(25), NOW)
        text = body_of(Claimed(row, "tok"), settings(25))
        for words in (str(mail["Subject"]), text):
            assert "{" not in words and f"{kind}." not in words and "letter." not in words, (lang, kind, words)
        assert "Ada" in text and SITE in text, (lang, kind)
    assert [duration(s, "en") for s in (30, 60, 7199, 7200, 86400 * 2 - 1, 86400 * 2)] == [
        "1 minute", "1 minute", "119 minutes", "2 hours", "47 hours", "2 days"]
    assert [duration(86400 * n, "uk") for n in (2, 5, 21)] == ["2 дні", "5 днів", "21 день"]
    assert duration(7200, "xx") == "2 hours"


def test_the_app_keeps_the_mail_settings_and_sends_with_the_server(
        tmp_path: Path, inbox: tuple[Inbox, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """The sender's own rounds, here a hundredth of a second apart, send what was posted before
    the server started: the test waits for the letter, never for a time."""
    monkeypatch.setattr(sender, "ROUND_EVERY", 0.01)
    handler, port = inbox
    url = f"sqlite:///{tmp_path / 'salon.db'}"

    async def post_now() -> None:
        async with Mailroom(url, port) as room:
            await room.run(posting(letter("verify"), now=time.time()))

    asyncio.run(post_now())
    with TestClient(create_app(url, limits=UNLIMITED, mail=settings(port))) as client:
        assert client.app.state.mail.on and client.app.state.mail.site_url == SITE  # type: ignore[attr-defined]
        poll(lambda: bool(handler.received), "the letter posted before the server started")
    assert [m["Subject"] for m in handler.received] == ["Confirm your address for Salon"]
    with TestClient(create_app("sqlite://", limits=UNLIMITED)) as client:
        assert client.app.state.mail == MAIL_OFF and not MAIL_OFF.on  # type: ignore[attr-defined]


def test_a_letter_due_at_once_is_sent_when_posted_not_at_the_next_round(
        tmp_path: Path, inbox: tuple[Inbox, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """A sign-up's link is sent as soon as its change commits: with the rounds a day apart, it
    still arrives; a turn's letter posted before it still waits its minute."""
    monkeypatch.setattr(sender, "ROUND_EVERY", 86400.0)
    handler, port = inbox
    app = create_app(f"sqlite:///{tmp_path / 'salon.db'}", limits=UNLIMITED, mail=settings(port))
    with TestClient(app) as client:
        storage, portal = app.state.hub.storage, client.portal
        assert portal is not None
        portal.call(storage.run, posting(letter("your_turn"), now=time.time()))
        portal.call(storage.run, posting(letter("verify", to="bea@example.org"), now=time.time()))
        poll(lambda: bool(handler.received), "the letter due at once")
    assert [m["To"] for m in handler.received] == ["bea@example.org"]


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """What ``server.run`` would have been given (nothing is started, nothing is opened)."""
    seen: dict[str, Any] = {}
    monkeypatch.setattr(server, "check_port", lambda host, port: None)
    monkeypatch.setattr(server, "check_database", lambda db: None)
    monkeypatch.setattr(server, "run", lambda *args, **extra: seen.update(extra))
    return seen


def test_serve_without_smtp_says_mail_is_off(run: Run, started: dict[str, Any]) -> None:
    result = run("serve", "--port", "8123")
    assert result.exit_code == 0, result.output
    assert started["mail"] == MailSettings(site_url="http://127.0.0.1:8123/")
    assert [line for line in result.output.splitlines() if "mail" in line] == [
        "salon: mail is off (no --smtp-host): letters wait unsent, and expire after a day."]


def test_serve_takes_the_smtp_password_from_a_file_only(run: Run, started: dict[str, Any], tmp_path: Path) -> None:
    secret = tmp_path / "smtp-password"
    secret.write_text("s3cret\n")
    result = run("serve", "--smtp-host", "smtp.example.org", "--smtp-user", "salon", "--smtp-password-file",
                 str(secret), "--mail-from", "salon@example.org", "--site-url", SITE)
    assert result.exit_code == 0, result.output
    mail = started["mail"]
    assert mail == MailSettings(Smtp("smtp.example.org", 587, "salon", "s3cret"), "salon@example.org", SITE)
    assert "s3cret" not in result.output and "s3cret" not in repr(mail)
    assert mail.smtp.connection()["start_tls"] is True  # across a network, STARTTLS or nothing
    tls = run("serve", "--smtp-host", "smtp.example.org", "--smtp-tls", "--mail-from", "salon@example.org")
    assert started["mail"].smtp == Smtp("smtp.example.org", 465, tls=True), tls.output
    assert started["mail"].smtp.connection()["use_tls"] is True
    assert Smtp("127.0.0.1", 1025).connection()["start_tls"] is None  # a development inbox offers none


@pytest.mark.parametrize("arguments, complaint", [
    (["--smtp-host", "smtp.example.org"], "--mail-from"),
    (["--mail-from", "salon@example.org"], "need --smtp-host"),
    (["--smtp-host", "smtp.example.org", "--mail-from", "x@y", "--smtp-user", "u"], "go together"),
    (["--site-url", "salon.example.org"], "--site-url"),
    (["--smtp-password", "s3cret"], "No such option"),
])
def test_serve_refuses_mail_options_that_do_not_go_together(run: Run, started: dict[str, Any],
                                                            arguments: list[str], complaint: str) -> None:
    result = run("serve", *arguments)
    assert result.exit_code != 0 and complaint in result.output and "mail" not in started
