"""Web Push end to end, against a push service of the test's own on 127.0.0.1: a browser's
subscription (a P-256 key pair and an auth secret, made as a browser makes them) posted over
the API, a letter posted to the outbox, and the sender's round, driven by the test at a time
of its choosing, pushing it; the push service's request is decrypted with the subscription's
private key (http_ece) and read.  A subscription the service says is gone is deleted; the
account's choices (a kind off on push or by mail, the daily digest) hold; mail off still
pushes; an account deleted leaves no subscription; a subscription that is no push service's is
refused; every process of a database signs with one VAPID key."""

from __future__ import annotations

import asyncio
import json
import secrets
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, get_args

import http_ece
import pytest
import sqlalchemy as sa
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from fastapi.testclient import TestClient
from py_vapid import Vapid02

from salon.web.accounts.account import device_label
from salon.web.api.push import NoticeKind
from salon.web.app import create_app
from salon.web.caps import UNLIMITED, Limits
from salon.web.mail import Letter, MailSettings, Sender, Smtp, post
from salon.web.mail.digest import WAITED, post_digests
from salon.web.mail.outbox import CHECKS
from salon.web.mail.sender import Tried
from salon.web.push import PUSH_KINDS, server_keys
from salon.web.push.keys import b64url
from salon.web.storage import ACCOUNTS, GAMES, SEATS, Database, Storage
from salon.web.storage.schema import OUTBOX
from tests.web.helpers import poll
from tests.web.smtp_inbox import NOW, SENDER, SITE, Inbox, inbox
from tests.web.test_accounts import PASSWORD, Browser, Server, error, serve, sign_up, table

__all__ = ["inbox"]  # the fixture, used by name

MAIL_OFF_HERE = MailSettings(site_url=SITE)
"""No SMTP server; links to the tests' public address."""
DUE = NOW + 60
"""When a "your turn" letter posted at NOW is due."""


@pytest.fixture(autouse=True)
def no_checks() -> Iterator[None]:
    """The letters here name tables that need not exist: the tables' own checks of whether a
    letter is still wanted (salon.web.tables.notices) are left out, and restored after."""
    saved = dict(CHECKS)
    CHECKS.clear()
    yield
    CHECKS.update(saved)


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class PushService:
    """A push service on 127.0.0.1: what was posted to it, and the status it answers for each
    path (201 unless told)."""

    port: int = 0
    received: list[Received] = field(default_factory=list)
    answers: dict[str, int] = field(default_factory=dict)

    def endpoint(self, name: str) -> str:
        return f"http://127.0.0.1:{self.port}/push/{name}"

    def to(self, name: str) -> list[Received]:
        return [r for r in self.received if r.path == f"/push/{name}"]


@pytest.fixture
def service() -> Iterator[PushService]:
    found = PushService()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802  (http.server's name)
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            found.received.append(Received(self.path, {k.lower(): v for k, v in self.headers.items()}, body))
            self.send_response(found.answers.get(self.path, 201))
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *_: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    found.port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield found
    server.shutdown()
    thread.join(10)


@dataclass
class Device:
    """A browser's side of a subscription: its P-256 key pair and auth secret, as
    ``PushManager.subscribe`` makes them, and the endpoint its push service gave it."""

    endpoint: str
    key: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth: bytes = field(default_factory=lambda: secrets.token_bytes(16))

    def subscription(self) -> dict[str, Any]:
        """What ``PushSubscription.toJSON()`` gives."""
        point = self.key.public_key().public_bytes(serialization.Encoding.X962,
                                                   serialization.PublicFormat.UncompressedPoint)
        return {"endpoint": self.endpoint, "expirationTime": None,
                "keys": {"p256dh": b64url(point), "auth": b64url(self.auth)}}

    def read(self, message: Received) -> dict[str, Any]:
        """The notice a push message carries, decrypted as the browser does."""
        assert message.headers["content-encoding"] == "aes128gcm"
        found: dict[str, Any] = json.loads(http_ece.decrypt(message.body, private_key=self.key,
                                                            auth_secret=self.auth, version="aes128gcm"))
        return found


@pytest.fixture
def server() -> Iterator[Server]:
    yield from serve()


def subscribed(server: Server, service: PushService, name: str = "ann") -> tuple[Browser, str, Device]:
    """A signed-up account (signed in) with one subscribed browser: the browser, its id, the device."""
    ann = server.browser()
    account = sign_up(server, ann)
    device = Device(service.endpoint(name))
    r = ann.post("/api/account/push", device.subscription())
    assert r.status_code == 201 and r.json() == {"ok": True}, r.text
    return ann, account["id"], device


def letter(account: str, kind: str = "your_turn", lang: str = "en", game_id: str = "g1") -> Letter:
    fields: dict[str, str | int] = {"name": "Ann", "table": "Le salon bleu", "left": 2 * 86400 + 5, "place": 2,
                                    "by": "Marie", "link": f"{SITE}#/game/{game_id}"}
    return Letter("ann@example.org", kind, lang, fields, account, game_id)


def posted(server: Server, *letters: Letter, now: float = NOW) -> None:
    def job(db: Database) -> None:
        for one in letters:
            post(db, one, now)

    server.run(job)


def round_at(server: Server, now: float, settings: MailSettings = MAIL_OFF_HERE) -> list[Tried]:
    """One round of a sender of the server's storage at ``now`` (the app's own rounds keep real
    time, when none of the tests' letters is due)."""
    sender = Sender(server.app.state.hub.storage, settings)
    tried: list[Tried] = server.client.portal.call(sender.round, now)  # type: ignore[union-attr]
    return tried


def outbox(server: Server) -> list[tuple[str, str, str | None]]:
    """(kind, state, reason) of each letter, oldest first, but the accounts' own (a sign-up's)."""
    rows = server.run(lambda db: db.conn.execute(sa.select(OUTBOX).where(OUTBOX.c.kind.in_(
        [*PUSH_KINDS, "digest"])).order_by(OUTBOX.c.created, OUTBOX.c.id)).all())
    return [(r.kind, r.state, r.reason) for r in rows]


# --- delivery


@pytest.mark.heavy
def test_a_notice_reaches_the_browser_encrypted_signed_and_in_the_letters_language_with_mail_off(
        server: Server, service: PushService) -> None:
    ann, account, device = subscribed(server, service)
    posted(server, letter(account, lang="fr"))
    assert round_at(server, DUE - 1) == [] and service.received == [], "not before its wait"
    assert [t.state for t in round_at(server, DUE)] == ["sent"]
    [message] = service.to("ann")
    assert device.read(message) == {"title": "À vous de jouer à Le salon bleu",
                                    "body": "Temps restant pour jouer : 2 jours.",
                                    "url": "https://salon.example.org/#/game/g1", "tag": "salon-g1"}
    assert message.headers["ttl"] == "86400"
    key = ann.get("/api/push/key").json()["key"]
    authorization = message.headers["authorization"]
    assert authorization.startswith("vapid t=") and authorization.endswith(f",k={key}")
    assert Vapid02.verify(authorization), "signed with the server's key"
    assert outbox(server) == [("your_turn", "sent", "pushed alone: mail is off")]
    assert round_at(server, DUE + 3600) == [] and len(service.received) == 1


@pytest.mark.heavy
def test_the_servers_own_rounds_push_with_mail_off(server: Server, service: PushService) -> None:
    """The one test of the app's own sender pushing: it pushes a letter due at once when it is
    posted; the test waits for the push, never for a time."""
    _, account, device = subscribed(server, service)
    posted(server, letter(account, "invitation"), now=time.time())
    poll(lambda: bool(service.to("ann")), "the push", pause=0.1)
    assert device.read(service.to("ann")[0])["title"] == "Marie invites you to Le salon bleu"


@pytest.mark.heavy
def test_every_kind_pushed_is_worded_in_every_language(server: Server, service: PushService) -> None:
    _, account, device = subscribed(server, service)
    for n, lang in enumerate(("en", "fr", "de", "uk")):
        posted(server, *(letter(account, kind, lang, f"g{n}{kind}") for kind in PUSH_KINDS))
    round_at(server, DUE)
    round_at(server, DUE)  # a round claims ten letters at most
    notices = [device.read(m) for m in service.to("ann")]
    assert len(notices) == 16
    for notice in notices:
        assert "{" not in notice["title"] + notice["body"] and ".push" not in notice["body"], notice
        assert notice["url"].startswith(f"{SITE}#/game/g") and notice["tag"].startswith("salon-g")


@pytest.mark.heavy
def test_a_subscription_gone_is_deleted_and_one_failing_is_kept(server: Server, service: PushService) -> None:
    ann, account, _ = subscribed(server, service, "gone")
    failing = Device(service.endpoint("failing"))
    assert ann.post("/api/account/push", failing.subscription()).status_code == 201
    service.answers = {"/push/gone": 410, "/push/failing": 500}
    posted(server, letter(account, "game_over"))
    assert [t.state for t in round_at(server, DUE)] == ["sent"]
    assert len(service.to("gone")) == len(service.to("failing")) == 1
    assert [r["endpoint"] for r in server.rows("push_subscriptions")] == [failing.endpoint]
    assert ann.get("/api/account/notices").json()["push_devices"] == 1


@pytest.mark.heavy
def test_a_kind_turned_off_on_push_is_not_pushed(server: Server, service: PushService) -> None:
    ann, account, _ = subscribed(server, service)
    r = ann.post("/api/account/notices", {"channel": "push", "kind": "your_turn", "on": False})
    assert r.status_code == 200 and r.json()["push"]["your_turn"] is False and r.json()["mail"]["your_turn"] is True
    posted(server, letter(account), letter(account, "reminder", game_id="g2"))
    round_at(server, DUE)
    assert len(service.to("ann")) == 1
    assert sorted(outbox(server)) == [("reminder", "sent", "pushed alone: mail is off"),
                                      ("your_turn", "dropped", "mail is off")]


@pytest.mark.heavy
def test_mail_and_push_each_as_chosen_and_a_mail_retried_is_not_pushed_again(
        server: Server, service: PushService, inbox: tuple[Inbox, int]) -> None:
    handler, port = inbox
    mail = MailSettings(Smtp("127.0.0.1", port), SENDER, SITE)
    ann, account, device = subscribed(server, service)
    ann.post("/api/account/notices", {"channel": "mail", "kind": "reminder", "on": False})
    posted(server, letter(account, "game_over"), letter(account, "reminder", game_id="g2"))
    round_at(server, DUE, mail)
    assert sorted(m["Subject"] for m in handler.received if "Le salon bleu" in str(m["Subject"])) == [
        "The game at Le salon bleu is over"]
    assert sorted(device.read(m)["title"] for m in service.to("ann")) == [
        "Le salon bleu is waiting for your move", "The game at Le salon bleu is over"]
    assert sorted(outbox(server)) == [("game_over", "sent", None), ("reminder", "sent", "pushed alone: turned off")]
    handler.refuse_data = "451 4.3.0 try again later"
    posted(server, letter(account, "invitation", game_id="g3"), now=NOW + 100)
    assert [t.state for t in round_at(server, NOW + 100, mail)] == ["waiting"]
    handler.refuse_data = None
    assert [t.state for t in round_at(server, NOW + 1000, mail)] == ["sent"]
    assert [device.read(m)["tag"] for m in service.to("ann")].count("salon-g3") == 1, "pushed on its first try only"


# --- the daily digest


def turn_at_table(server: Server, browser: Browser, since: float) -> str:
    """A table where the account of ``browser`` holds seat 0 and decides since ``since``."""
    game_id, _ = table(browser)
    server.run(lambda db: db.conn.execute(GAMES.update().where(GAMES.c.id == game_id).values(
        turn_seat=0, turn_since=since, title="La table verte")))
    return game_id


@pytest.mark.heavy
def test_the_digest_is_one_letter_a_day_and_the_turns_are_still_pushed(
        server: Server, service: PushService, inbox: tuple[Inbox, int]) -> None:
    handler, port = inbox
    mail = MailSettings(Smtp("127.0.0.1", port), SENDER, SITE)
    ann, account, device = subscribed(server, service)
    r = ann.post("/api/account/notices", {"digest": True})
    assert r.status_code == 200 and r.json()["digest"] is True
    game_id = turn_at_table(server, ann, NOW - WAITED)
    posted(server, letter(account, game_id=game_id))
    round_at(server, DUE, mail)
    digests = [m for m in handler.received if m["Subject"] == "Tables waiting for your move"]
    assert len(digests) == 1 and not [m for m in handler.received if "Your turn" in str(m["Subject"])]
    body = digests[0].get_body(("plain",))
    assert body is not None and f"• La table verte: {SITE}#/game/{game_id}" in body.get_content()
    assert [device.read(m)["title"] for m in service.to("ann")] == ["Your turn at Le salon bleu"]
    assert ("your_turn", "sent", "pushed alone: told in the daily digest") in outbox(server)
    for later in (DUE + 700, DUE + 1400):  # later the same day, by this process or another one
        round_at(server, later, mail)
    day = datetime.fromtimestamp(DUE, UTC)
    tomorrow = (day.replace(hour=0, minute=0, second=0) .timestamp()) + 86400 + 60
    round_at(server, tomorrow, mail)
    assert len([m for m in handler.received if m["Subject"] == "Tables waiting for your move"]) == 2
    ann.post("/api/account/notices", {"digest": False})
    round_at(server, tomorrow + 86400, mail)
    assert len([m for m in handler.received if m["Subject"] == "Tables waiting for your move"]) == 2


def test_two_processes_looking_at_once_post_one_digest(postgres_url: str) -> None:
    async def scenario() -> list[int]:
        first, second = Storage(postgres_url), Storage(postgres_url)
        await first.start()
        await second.start()
        try:
            await first.run(account_at_its_turn)
            settings = MailSettings(Smtp("127.0.0.1", 25), SENDER, SITE)
            counts = await asyncio.gather(*(s.run(lambda db: post_digests(db, settings, NOW), alone=True)
                                            for s in (first, second)))
            counts.append(await second.run(lambda db: post_digests(db, settings, NOW + 3600), alone=True))
            keys = await first.run(lambda db: list(db.conn.execute(sa.select(OUTBOX.c.dedupe)).scalars()))
            assert keys == [f"digest acc1 {datetime.fromtimestamp(NOW, UTC).date().isoformat()}"]
            return sorted(counts)
        finally:
            await first.close()
            await second.close()

    assert asyncio.run(scenario()) == [0, 0, 1]


def account_at_its_turn(db: Database) -> None:
    """An account that wants the digest, deciding at a table since long."""
    db.conn.execute(ACCOUNTS.insert().values(id="acc1", name="Ann", email="ann@example.org", verified=True,
                                             password_hash="-", lang="en", created=NOW, digest=True))
    db.conn.execute(GAMES.insert().values(id="g1", game="rococo", title="La table verte", config="{}", seed="7",
                                          created=NOW - 86400, over=0, turn_seat=0, turn_since=NOW - 86400))
    db.conn.execute(SEATS.insert().values(game_id="g1", seat=0, kind="human", name="Ann", token_hash="x",
                                          account="acc1"))


# --- the API


@pytest.mark.heavy
def test_the_choices_of_notices(server: Server, service: PushService) -> None:
    ann = server.browser()
    assert error(ann.get("/api/account/notices")) == "signed_out"
    sign_up(server, ann)
    assert ann.get("/api/account/notices").json() == {
        "kinds": list(PUSH_KINDS), "mail": dict.fromkeys(PUSH_KINDS, True), "push": dict.fromkeys(PUSH_KINDS, True),
        "digest": False, "mail_on": False, "push_devices": 0}
    assert tuple(get_args(NoticeKind)) == PUSH_KINDS
    changed = ann.post("/api/account/notices", {"channel": "mail", "kind": "invitation", "on": False}).json()
    assert changed["mail"]["invitation"] is False and changed["push"]["invitation"] is True
    for bad in ({"channel": "mail", "kind": "reset", "on": False}, {"channel": "sms", "kind": "reminder", "on": True},
                {"digest": True, "channel": "mail", "kind": "reminder", "on": True}, {}):
        r = ann.post("/api/account/notices", bad)
        assert (r.status_code, error(r)) == (422, "bad_request"), bad
    assert ann.get("/api/account/notices").json()["mail"]["invitation"] is False


def test_a_subscription_is_kept_updated_and_deleted(server: Server, service: PushService) -> None:
    ann, _, device = subscribed(server, service)
    again = Device(device.endpoint)  # the same browser, subscribed anew: new keys
    agent = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0"
    assert ann.post("/api/account/push", again.subscription(), headers={"User-Agent": agent}).status_code == 201
    [row] = server.rows("push_subscriptions")
    assert row["p256dh"] == again.subscription()["keys"]["p256dh"] and row["label"] == device_label(agent) != ""
    r = ann.request("DELETE", "/api/account/push", json={"endpoint": device.endpoint})
    assert (r.status_code, r.json()) == (200, {"ok": True}) and server.rows("push_subscriptions") == []
    assert ann.request("DELETE", "/api/account/push", json={"endpoint": device.endpoint}).status_code == 200


@pytest.mark.parametrize(("endpoint", "keys", "code"), [
    ("http://push.example.com/x", None, "bad_push_endpoint"),
    ("https://10.0.0.7/x", None, "bad_push_endpoint"),
    ("https://[fe80::1]/x", None, "bad_push_endpoint"),
    ("ftp://push.example.com/x", None, "bad_push_endpoint"),
    ("https://user@push.example.com/x", None, "bad_push_endpoint"),
    ("https://push.example.com:port/x", None, "bad_push_endpoint"),
    ("https:///x", None, "bad_push_endpoint"),
    ("https://push.example.com/x", {"p256dh": b64url(b"\x04" + b"\x01" * 64), "auth": b64url(b"a" * 16)},
     "bad_push_keys"),
    ("https://push.example.com/x", {"auth": b64url(b"a" * 8)}, "bad_push_keys"),
    ("https://push.example.com/x", {"p256dh": "not base64!"}, "bad_push_keys"),
    ("https://push.example.com/x", {"p256dh": 7}, "bad_request"),
])
@pytest.mark.heavy
def test_a_subscription_that_is_no_push_services_is_refused(server: Server, service: PushService, endpoint: str,
                                                           keys: dict[str, Any] | None, code: str) -> None:
    ann = server.browser()
    sign_up(server, ann)
    body = Device(endpoint).subscription()
    body["keys"].update(keys or {})
    r = ann.post("/api/account/push", body)
    assert r.status_code in (400, 422) and error(r) == code and r.headers["content-type"] == "application/json"
    assert server.rows("push_subscriptions") == []


@pytest.mark.heavy
def test_bodies_that_are_no_subscription_are_refused(server: Server, service: PushService) -> None:
    ann = server.browser()
    body = Device(service.endpoint("ann")).subscription()
    assert error(ann.post("/api/account/push", body)) == "signed_out"
    sign_up(server, ann)
    r = ann.request("POST", "/api/account/push", content=b"{not json", headers={"Content-Type": "application/json"})
    assert (r.status_code, error(r)) == (400, "bad_json")
    assert error(ann.post("/api/account/push", {"endpoint": body["endpoint"]})) == "bad_request"
    assert error(ann.post("/api/account/push", {**body, "extra": 1})) == "bad_request"
    assert error(ann.post("/api/account/push", {**body, "endpoint": "https://p.example.com/" + "x" * 3000})) == \
        "bad_request"


@pytest.fixture
def public() -> Iterator[Server]:
    """A server with a public server's limits (but the rate of sign-ups)."""
    yield from serve(Limits(letter_rate="1000/second"))


@pytest.mark.heavy
def test_a_public_server_takes_no_endpoint_on_this_computer(public: Server, service: PushService) -> None:
    ann = public.browser()
    sign_up(public, ann)
    for endpoint in (service.endpoint("ann"), "https://127.0.0.1/push", "https://localhost/push"):
        assert error(ann.post("/api/account/push", Device(endpoint).subscription())) == "bad_push_endpoint"
    assert ann.post("/api/account/push", Device("https://push.example.com/a").subscription()).status_code == 201


@pytest.mark.heavy
def test_a_deleted_account_leaves_no_subscription_nor_choice(server: Server, service: PushService) -> None:
    ann, _, _ = subscribed(server, service)
    ann.post("/api/account/notices", {"channel": "push", "kind": "reminder", "on": False})
    assert len(server.rows("push_subscriptions")) == len(server.rows("push_off")) == 1
    assert ann.post("/api/account/delete", {"password": PASSWORD}).status_code == 200
    assert server.rows("push_subscriptions") == server.rows("push_off") == []


# --- the server's key


@pytest.mark.heavy
def test_every_process_of_a_database_has_one_key(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'salon.db'}"
    keys = []
    for _ in range(2):
        with TestClient(create_app(url, limits=UNLIMITED)) as client:
            keys.append(client.get("/api/push/key").json()["key"])
    assert keys[0] == keys[1] and len(keys[0]) == 87


def test_two_processes_making_the_key_at_once_keep_one(postgres_url: str) -> None:
    async def scenario() -> set[str]:
        storages = [Storage(postgres_url) for _ in range(3)]
        for s in storages:
            await s.start()
        try:
            made = await asyncio.gather(*(s.run(lambda db: server_keys(db, NOW), alone=True) for s in storages))
            return {k.public for k in made} | {k.private for k in made}
        finally:
            for s in storages:
                await s.close()

    assert len(asyncio.run(scenario())) == 2
