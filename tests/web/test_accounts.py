"""Accounts over the API: signing up and verifying the address by the link of the letter in the
outbox, signing in and out, the sessions listed and their cookie, the account's name, language,
address and password, a forgotten password, the guest seats moved into the account and the
seats it holds on any device, and the account deleted.  The clock of the accounts is the
test's; the letters are read from the outbox table.  The attacks on all this are
tests/web/test_accounts_attacks.py."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any, TypeVar

import httpx2 as httpx
import pytest
import sqlalchemy as sa
from fastapi import FastAPI
from fastapi.testclient import TestClient
from pwdlib import PasswordHash
from starlette.types import Receive, Scope, Send
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from salon.web.accounts import COOKIE
from salon.web.accounts.sessions import TOUCH_AFTER
from salon.web.app import create_app
from salon.web.caps import UNLIMITED, Limits
from salon.web.storage import METADATA, Database
from salon.web.storage.schema import OUTBOX
from tests.web.conftest import REAL_HASHER
from tests.web.helpers import TOKEN, poll

T = TypeVar("T")

PASSWORD = "a walk along the Seine"
ADDRESS_HEADER = "x-test-address"
"""The header the tests' address wrapper reads each request's client address from."""


class Addressed:
    """The app, each request seen from the address its test header names (the test client has one)."""

    def __init__(self, app: FastAPI) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            for name, value in scope["headers"]:
                if name == ADDRESS_HEADER.encode():
                    scope = {**scope, "client": (value.decode(), 4321)}
        await self.app(scope, receive, send)


class Clock:
    """The accounts' clock, which a test moves on."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


class Browser:
    """One browser: its own cookies and address, over the test client every browser shares."""

    def __init__(self, client: TestClient, address: str) -> None:
        self.client = client
        self.address = address
        self.jar = httpx.Cookies()

    def request(self, method: str, url: str, headers: dict[str, str] | None = None, **kwargs: Any) -> httpx.Response:
        self.client.cookies = self.jar
        response = self.client.request(method, url, headers={ADDRESS_HEADER: self.address, **(headers or {})},
                                       **kwargs)
        self.jar = httpx.Cookies(self.client.cookies)
        return response

    def get(self, url: str, **kwargs: Any) -> httpx.Response:
        return self.request("GET", url, **kwargs)

    def post(self, url: str, body: Any = None, **kwargs: Any) -> httpx.Response:
        return self.request("POST", url, json={} if body is None else body, **kwargs)

    @property
    def cookie(self) -> str | None:
        return self.jar.get(COOKIE)

    def with_cookie(self, cookie: str) -> None:
        self.jar = httpx.Cookies()
        self.jar.set(COOKIE, cookie, domain="testserver.local")


@dataclass
class Server:
    app: FastAPI
    client: TestClient
    clock: Clock

    def browser(self, address: str = "198.51.100.7") -> Browser:
        return Browser(self.client, address)

    def run(self, job: Callable[[Database], T]) -> T:
        result: T = self.client.portal.call(self.app.state.accounts.run, job)  # type: ignore[union-attr]
        return result

    def letters(self, kind: str | None = None, to: str | None = None) -> list[dict[str, Any]]:
        """The letters posted, oldest first, as the outbox holds them."""
        rows = self.run(lambda db: db.conn.execute(sa.select(OUTBOX).order_by(OUTBOX.c.created)).all())
        found = [{**r._mapping, "fields": json.loads(r.fields)} for r in rows]
        return [r for r in found if kind in (None, r["kind"]) and to in (None, r["address"])]

    def link(self, kind: str, to: str) -> str:
        """The token of the latest letter of ``kind`` to ``to``."""
        letters = self.letters(kind, to)
        assert letters, f"no {kind} letter to {to}: {self.letters()}"
        link: str = letters[-1]["fields"]["link"]
        return link.rsplit("/", 1)[1]

    def rows(self, table: str) -> list[dict[str, Any]]:
        return [dict(r._mapping) for r in self.run(lambda db: db.conn.execute(sa.select(METADATA.tables[table])).all())]


def serve(limits: Limits = UNLIMITED, base_url: str = "https://testserver.local") -> Iterator[Server]:
    app = create_app("sqlite://", bot_delay=0, allow_seed=True, limits=limits)
    clock = Clock()
    app.state.accounts.clock = clock
    with TestClient(Addressed(app), base_url=base_url) as client:
        yield Server(app, client, clock)


@pytest.fixture
def server() -> Iterator[Server]:
    yield from serve()


def sign_up(server: Server, browser: Browser, email: str = "ann@example.org", name: str = "Ann",
            password: str = PASSWORD) -> dict[str, Any]:
    """Sign up and follow the verification link in the same browser: the account, signed in."""
    r = browser.post("/api/account/sign-up", {"name": name, "email": email, "password": password})
    assert r.status_code == 202, r.text
    r = browser.post("/api/account/verify", {"token": server.link("verify", email.lower())})
    assert r.status_code == 200 and r.json()["account"] is not None, r.text
    account: dict[str, Any] = r.json()["account"]
    return account


def me(browser: Browser) -> dict[str, Any]:
    """The signed-in account as ``GET /api/account`` shows it, less its holiday and its
    preferences at the table (which the answers of a sign-in leave out)."""
    shown: dict[str, Any] = browser.get("/api/account").json()
    assert set(shown.pop("holiday")) == {"on", "days_left", "since", "allowance"}
    assert set(shown.pop("preferences")) == {"auto_free", "auto_pass", "confirm_irrevocable"}
    return shown


def sign_in(browser: Browser, email: str = "ann@example.org", password: str = PASSWORD) -> httpx.Response:
    return browser.post("/api/account/sign-in", {"email": email, "password": password})


def error(r: httpx.Response) -> str:
    code: str = r.json()["error"]["code"]
    return code


def table(browser: Browser, join: bool = True, seats: int = 2) -> tuple[str, str | None]:
    """A new Rococo table of people; with ``join`` its creator at seat 0: its id and token."""
    body: dict[str, Any] = {"game": "rococo", "seats": [{"kind": "human"}] * seats, "seed": 7,
                            "config": {"start_player": 0}}
    if join:
        body["join"] = {"seat": 0, "name": "Ann"}
    r = browser.post("/api/games", body)
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["token"]


# --- signing up, in and out


def test_a_sign_up_is_verified_by_the_link_it_sends_and_signs_its_browser_in(server: Server) -> None:
    ann = server.browser()
    r = ann.post("/api/account/sign-up", {"name": " Ann\u200b ", "email": " Ann@Example.ORG ", "password": PASSWORD,
                                          "lang": "fr"})
    assert r.status_code == 202 and r.json() == {"ok": True}
    assert ann.get("/api/account").status_code == 401, "no session before the address is verified"
    [letter] = server.letters("verify")
    assert letter["address"] == "ann@example.org" and letter["lang"] == "fr" and letter["fields"]["name"] == "Ann"
    assert letter["fields"]["link"].startswith("http://127.0.0.1:8000/#/verify/")
    pending = ann.cookie
    r = ann.post("/api/account/verify", {"token": server.link("verify", "ann@example.org")})
    assert r.status_code == 200, r.text
    account = r.json()["account"]
    assert account["name"] == "Ann" and account["email"] == "ann@example.org" and account["verified"]
    assert ann.cookie != pending, "the session id changes with its privilege"
    assert me(ann) == account
    r = ann.post("/api/account/verify", {"token": server.link("verify", "ann@example.org")})
    assert r.status_code == 400 and error(r) == "bad_link", "a link works once"


def test_the_link_followed_in_another_browser_verifies_and_signs_in_nobody(server: Server) -> None:
    laptop, phone = server.browser(), server.browser("198.51.100.8")
    laptop.post("/api/account/sign-up", {"name": "Ann", "email": "ann@example.org", "password": PASSWORD})
    r = phone.post("/api/account/verify", {"token": server.link("verify", "ann@example.org")})
    assert r.status_code == 200 and r.json() == {"ok": True, "account": None}
    assert phone.get("/api/account").status_code == 401
    assert laptop.get("/api/account").status_code == 401, "the sign-up's session ended: it signs in anew"
    assert sign_in(phone).status_code == 200 and phone.get("/api/account").status_code == 200


def test_a_verification_link_expires(server: Server) -> None:
    ann = server.browser()
    ann.post("/api/account/sign-up", {"name": "Ann", "email": "ann@example.org", "password": PASSWORD})
    server.clock.now += 2 * 86400 + 1
    r = ann.post("/api/account/verify", {"token": server.link("verify", "ann@example.org")})
    assert r.status_code == 400 and error(r) == "bad_link"


def test_sign_out_and_in_again(server: Server) -> None:
    ann = server.browser()
    account = sign_up(server, ann)
    r = ann.post("/api/account/sign-out")
    assert r.status_code == 200 and ann.cookie is None
    assert error(ann.get("/api/account")) == "signed_out"
    r = sign_in(ann, "ANN@example.org ")
    assert r.status_code == 200 and r.json() == account
    assert me(ann) == account
    assert ann.post("/api/account/sign-out").status_code == 200
    assert ann.post("/api/account/sign-out").status_code == 200, "signing out twice is no error"


@pytest.mark.heavy
def test_the_session_cookie_is_http_only_lax_and_secure_over_https() -> None:
    for base, secure in (("https://testserver.local", True), ("http://testserver.local", False)):
        for server in serve(base_url=base):
            ann = server.browser()
            r = ann.post("/api/account/sign-up", {"name": "Ann", "email": "ann@example.org", "password": PASSWORD})
            cookie = r.headers["set-cookie"]
            assert cookie.startswith(f"{COOKIE}=") and "HttpOnly" in cookie and "SameSite=lax" in cookie
            assert ("Secure" in cookie) == secure, cookie
            assert "Max-Age=1209600" in cookie and "Path=/" in cookie


@pytest.mark.parametrize(("trusted", "secure"), [("*", True), ("192.0.2.1", False)])
def test_the_cookie_is_secure_when_the_named_proxy_says_https(trusted: str, secure: bool) -> None:
    """``salon serve --proxy`` has uvicorn believe ``X-Forwarded-Proto`` from the proxy only
    (salon.web.server): over that middleware, a request the proxy forwarded from HTTPS gets a
    Secure cookie, and the same header from anyone else is not believed."""
    app = create_app("sqlite://", limits=UNLIMITED)
    proxied: Any = ProxyHeadersMiddleware(app, trusted_hosts=trusted)  # type: ignore[arg-type]  # uvicorn's ASGI types
    with TestClient(proxied, base_url="http://testserver.local") as c:
        r = c.post("/api/account/sign-up", json={"name": "Ann", "email": "ann@example.org", "password": PASSWORD},
                   headers={"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"})
        assert r.status_code == 202 and ("Secure" in r.headers["set-cookie"]) == secure


# --- the session


@pytest.mark.heavy
def test_a_session_ends_after_its_idle_time_and_a_request_renews_it(server: Server) -> None:
    ann = server.browser()
    sign_up(server, ann)
    idle = server.app.state.accounts.idle
    server.clock.now += TOUCH_AFTER + 1
    r = ann.get("/api/account")
    assert r.status_code == 200 and f"Max-Age={int(idle)}" in r.headers["set-cookie"], "seen anew: it lasts again"
    assert "set-cookie" not in ann.get("/api/account").headers, "seen a moment ago: nothing written"
    server.clock.now += idle - 1
    assert ann.get("/api/account").status_code == 200
    server.clock.now += idle + 1
    r = ann.get("/api/account")
    assert r.status_code == 401 and error(r) == "signed_out"
    assert server.rows("account_sessions") == [], "the idle session is forgotten"


def test_a_session_that_has_ended_makes_a_signed_out_request_never_an_error(server: Server) -> None:
    game_id, _ = table(server.browser())
    client = server.client

    def sent(method: str, url: str, cookie: bytes) -> httpx.Response:
        client.cookies = httpx.Cookies()
        return client.request(method, url, headers=[(b"cookie", COOKIE.encode() + b"=" + cookie),
                                                    (b"content-type", b"application/json")], content=b"{}")

    for cookie in (b"made-up", b"x" * 5000, "\u00e9t\u00e9".encode(), b"", b'"quoted"', b"a; salon_session=b"):
        r = sent("GET", "/api/account", cookie)
        assert r.status_code == 401 and error(r) == "signed_out", cookie
        r = sent("GET", f"/api/games/{game_id}/state", cookie)
        assert r.status_code == 200 and r.json()["seat"] is None, "a guest's request goes on as a guest's"
        assert cookie == b"" or f'{COOKIE}=""' in r.headers.get("set-cookie", ""), "and the cookie is taken back"
        r = sent("POST", f"/api/games/{game_id}/join", cookie)
        assert r.status_code in (200, 409), r.text


def test_the_sessions_are_listed_to_their_owner_with_this_one_marked(server: Server) -> None:
    laptop = server.browser()
    sign_up(server, laptop)
    phone = server.browser("198.51.100.8")
    ua = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36"
    assert phone.post("/api/account/sign-in", {"email": "ann@example.org", "password": PASSWORD},
                      headers={"User-Agent": ua}).status_code == 200
    server.clock.now += TOUCH_AFTER + 1
    phone.get("/api/account")
    listed = sorted(laptop.get("/api/account/sessions").json()["sessions"], key=lambda s: s["label"])
    assert [(s["label"], s["current"]) for s in listed] == [("Chrome · Android", False), ("testclient", True)]
    assert listed[0]["seen"] > listed[0]["created"], "the phone was seen since"
    assert all(len(s["id"]) == 16 for s in listed)
    assert not {s["id"] for s in listed} & {r["hash"] for r in server.rows("account_sessions")}


# --- the account's name, language, address and password


def test_name_and_language(server: Server) -> None:
    ann = server.browser()
    sign_up(server, ann)
    r = ann.post("/api/account/name", {"name": "  Anne\u202e de\u0000 Noailles  "})
    assert r.status_code == 200 and r.json()["name"] == "Anne de Noailles"
    r = ann.post("/api/account/name", {"name": " \u200b "})
    assert r.status_code == 400 and error(r) == "bad_name"
    assert ann.post("/api/account/language", {"lang": "uk"}).json()["lang"] == "uk"
    r = ann.post("/api/account/language", {"lang": "xx"})
    assert r.status_code == 400 and error(r) == "bad_language"
    assert ann.get("/api/account").json()["name"] == "Anne de Noailles"


@pytest.mark.heavy
def test_a_new_address_is_the_accounts_once_its_link_is_followed_and_the_old_one_is_told(server: Server) -> None:
    ann = server.browser()
    sign_up(server, ann)
    r = ann.post("/api/account/email", {"email": "ann@example.com", "password": "not the password"})
    assert r.status_code == 403 and error(r) == "wrong_password"
    r = ann.post("/api/account/email", {"email": "Ann@Example.com", "password": PASSWORD})
    assert r.status_code == 202
    assert ann.get("/api/account").json()["email"] == "ann@example.org", "not before the link is followed"
    assert server.letters("email_changed") == []
    r = ann.post("/api/account/verify", {"token": server.link("verify", "ann@example.com")})
    assert r.status_code == 200 and r.json()["account"]["email"] == "ann@example.com"
    [told] = server.letters("email_changed")
    assert told["address"] == "ann@example.org" and told["fields"] == {"name": "Ann", "address": "ann@example.com"}
    assert ann.get("/api/account").json()["email"] == "ann@example.com"
    assert sign_in(ann, "ann@example.com").status_code == 200
    assert error(sign_in(ann, "ann@example.org")) == "bad_credentials"


def test_a_new_password_ends_every_other_session_and_renews_this_ones_cookie(server: Server) -> None:
    laptop, phone = server.browser(), server.browser("198.51.100.8")
    sign_up(server, laptop)
    sign_in(phone)
    before = laptop.cookie
    r = laptop.post("/api/account/password", {"current": "not it at all", "password": "a brand new phrase"})
    assert r.status_code == 403 and error(r) == "wrong_password"
    r = laptop.post("/api/account/password", {"current": PASSWORD, "password": "short"})
    assert r.status_code == 400 and error(r) == "password_too_short"
    r = laptop.post("/api/account/password", {"current": PASSWORD, "password": "a brand new phrase"})
    assert r.status_code == 200 and laptop.cookie not in (None, before)
    assert laptop.get("/api/account").status_code == 200
    assert error(phone.get("/api/account")) == "signed_out"
    assert error(sign_in(phone)) == "bad_credentials"
    assert sign_in(phone, password="a brand new phrase").status_code == 200


@pytest.mark.parametrize(("password", "code"), [
    ("seven 7", "password_too_short"), ("x" * 257, "password_too_long"), ("Password1", "password_common"),
    ("qwertyuiop", "password_common"), ("ЙЦУКЕНГШ", "password_common")])
def test_a_new_password_is_long_enough_and_not_a_common_one(server: Server, password: str, code: str) -> None:
    r = server.browser().post("/api/account/sign-up", {"name": "Ann", "email": "ann@example.org",
                                                       "password": password})
    assert r.status_code == 400 and error(r) == code
    assert password not in r.text, "a password is never in an answer"
    assert server.rows("accounts") == []


@pytest.mark.heavy
def test_a_hash_of_weaker_parameters_is_made_anew_at_the_next_right_sign_in(server: Server) -> None:
    """A hash carries its parameters (salon.web.accounts.passwords): a server with stronger
    ones hashes the password again when it is next given right, never on a wrong guess."""
    ann = server.browser()
    sign_up(server, ann)
    [weak] = [r["password_hash"] for r in server.rows("accounts")]
    assert weak.startswith("$argon2id$v=19$m=8,t=1,p=1$")
    server.app.state.accounts.passwords.hasher = PasswordHash((REAL_HASHER,))
    assert error(sign_in(server.browser(), password="not the password")) == "bad_credentials"
    assert [r["password_hash"] for r in server.rows("accounts")] == [weak]
    assert sign_in(server.browser()).status_code == 200
    [strong] = [r["password_hash"] for r in server.rows("accounts")]
    assert strong.startswith("$argon2id$v=19$m=65536,t=3,p=4$")
    assert sign_in(server.browser()).status_code == 200


@pytest.mark.heavy
def test_any_eight_characters_will_do(server: Server) -> None:
    for password in ("aaaa bbb", "\U0001f600" * 8, "пароль добрий", "x" * 256):
        r = server.browser().post("/api/account/sign-up", {"name": "Ann", "email": f"{len(password)}@example.org",
                                                           "password": password})
        assert r.status_code == 202, (password, r.text)


def test_a_forgotten_password_is_reset_by_its_link_which_ends_every_session(server: Server) -> None:
    ann, other = server.browser(), server.browser("198.51.100.8")
    sign_up(server, ann)
    r = other.post("/api/account/reset", {"email": "ANN@example.org"})
    assert r.status_code == 202 and r.json() == {"ok": True}
    [letter] = server.letters("reset")
    assert letter["address"] == "ann@example.org" and letter["fields"]["minutes"] == 30
    assert letter["fields"]["link"].startswith("http://127.0.0.1:8000/#/reset/")
    token = server.link("reset", "ann@example.org")
    r = other.post("/api/account/reset/confirm", {"token": token, "password": "seven"})
    assert r.status_code == 400 and error(r) == "password_too_short"
    r = other.post("/api/account/reset/confirm", {"token": token, "password": "the garden at Trianon"})
    assert r.status_code == 200 and other.cookie is None, "a reset signs nobody in"
    assert error(ann.get("/api/account")) == "signed_out"
    r = other.post("/api/account/reset/confirm", {"token": token, "password": "the garden at Marly"})
    assert r.status_code == 400 and error(r) == "bad_link", "a reset link works once"
    assert error(sign_in(other)) == "bad_credentials"
    assert sign_in(other, password="the garden at Trianon").status_code == 200


def test_a_reset_link_works_for_thirty_minutes_and_a_newer_one_ends_it(server: Server) -> None:
    ann = server.browser()
    sign_up(server, ann)
    ann.post("/api/account/reset", {"email": "ann@example.org"})
    first = server.link("reset", "ann@example.org")
    ann.post("/api/account/reset", {"email": "ann@example.org"})
    second = server.link("reset", "ann@example.org")
    r = ann.post("/api/account/reset/confirm", {"token": first, "password": "the garden at Trianon"})
    assert error(r) == "bad_link", "a newer link ends the earlier one"
    server.clock.now += 30 * 60 + 1
    r = ann.post("/api/account/reset/confirm", {"token": second, "password": "the garden at Trianon"})
    assert error(r) == "bad_link"


def test_a_reset_verifies_an_address_never_verified(server: Server) -> None:
    ann = server.browser()
    ann.post("/api/account/sign-up", {"name": "Ann", "email": "ann@example.org", "password": PASSWORD})
    assert error(sign_in(ann)) == "bad_credentials", "not verified yet"
    ann.post("/api/account/reset", {"email": "ann@example.org"})
    ann.post("/api/account/reset/confirm", {"token": server.link("reset", "ann@example.org"),
                                            "password": "the garden at Trianon"})
    assert sign_in(ann, password="the garden at Trianon").status_code == 200


# --- seats


def test_a_guests_seats_move_into_the_account_and_follow_it_to_any_device(server: Server) -> None:
    laptop = server.browser()
    game_id, token = table(laptop)
    other_id, other_token = table(server.browser("198.51.100.9"))
    assert token is not None and other_token is not None
    sign_up(server, laptop)
    r = laptop.post("/api/account/seats", {"seats": [{"game": game_id, "token": token},
                                                     {"game": other_id, "token": "not its token"},
                                                     {"game": "no-such-table", "token": token}]})
    assert r.status_code == 200 and r.json() == {"seats": [{"game": game_id, "seat": 0}]}
    assert laptop.get("/api/account/seats").json() == {"seats": [{"game": game_id, "seat": 0}]}
    phone = server.browser("198.51.100.8")
    assert phone.get(f"/api/games/{game_id}/state").json()["seat"] is None, "a guest elsewhere watches"
    sign_in(phone)
    assert phone.get(f"/api/games/{game_id}/state").json()["seat"] == 0, "the account gives the seat"
    assert phone.get(f"/api/games/{other_id}/state").json()["seat"] is None
    assert server.browser().get(f"/api/games/{game_id}/state", headers={TOKEN: token}).json()["seat"] == 0, \
        "the token keeps working"
    with server.client.websocket_connect(f"/api/games/{game_id}/ws", headers={"cookie": f"{COOKIE}={phone.cookie}"}
                                         ) as ws:
        ws.send_json({"type": "hello", "token": None})
        assert ws.receive_json()["seat"] == 0, "the live table too"
    r = phone.post("/api/account/seats", {"seats": [{"game": other_id, "token": other_token}]})
    assert r.json() == {"seats": [{"game": other_id, "seat": 0}]}
    r = laptop.post("/api/account/seats", {"seats": [{"game": other_id, "token": other_token}]})
    assert r.json() == {"seats": []}, "a seat an account holds moves no more"


def test_a_signed_in_person_who_creates_or_joins_holds_the_seat_by_the_account(server: Server) -> None:
    ann, bea = server.browser(), server.browser("198.51.100.8")
    sign_up(server, ann)
    sign_up(server, bea, "bea@example.org", "Bea")
    game_id, _ = table(ann)
    r = bea.post(f"/api/games/{game_id}/join", {"seat": 1, "name": "Bea"})
    assert r.status_code == 200
    assert ann.get("/api/account/seats").json()["seats"] == [{"game": game_id, "seat": 0}]
    assert bea.get("/api/account/seats").json()["seats"] == [{"game": game_id, "seat": 1}]
    ann.jar = httpx.Cookies()
    sign_in(ann)
    assert ann.get(f"/api/games/{game_id}/state").json()["seat"] == 0
    assert bea.post(f"/api/games/{game_id}/leave").status_code == 200
    assert bea.get("/api/account/seats").json()["seats"] == [], "a seat left is the account's no more"
    assert bea.get(f"/api/games/{game_id}/state").json()["seat"] is None


def test_a_second_seat_at_one_table_is_held_by_its_token_only(server: Server) -> None:
    ann = server.browser()
    sign_up(server, ann)
    game_id, _ = table(ann)
    r = ann.post(f"/api/games/{game_id}/join", {"seat": 1, "name": "Ann again"})
    assert r.status_code == 200
    assert ann.get("/api/account/seats").json()["seats"] == [{"game": game_id, "seat": 0}]


# --- deletion


@pytest.mark.heavy
def test_a_deleted_account_leaves_its_tables_and_its_name_and_address_go_from_every_row(server: Server) -> None:
    ann, bea = server.browser(), server.browser("198.51.100.8")
    sign_up(server, ann, name="Anne Noailles", email="anne.noailles@example.org")
    playing, _ = table(ann)
    bea.post(f"/api/games/{playing}/join", {"seat": 1, "name": "Bea"})
    over = finished_game(server, ann)
    ann.post("/api/account/reset", {"email": "anne.noailles@example.org"})
    r = ann.post("/api/account/delete", {"password": "not the password"})
    assert r.status_code == 403 and error(r) == "wrong_password"
    r = ann.post("/api/account/delete", {"password": PASSWORD})
    assert r.status_code == 200 and ann.cookie is None
    assert error(ann.get("/api/account")) == "signed_out"
    seats = bea.get(f"/api/games/{playing}").json()["seats"]
    assert seats[0]["taken"] is False and seats[0]["name"] == "", "left as a player leaving does"
    assert bea.get(f"/api/games/{over}").json()["seats"][0]["name"] == "deleted player"
    for name in ("accounts", "account_sessions", "account_tokens", "outbox"):
        assert server.rows(name) == [], name
    dump = json.dumps({t: server.rows(t) for t in METADATA.tables}, default=str)
    assert "Anne Noailles" not in dump and "anne.noailles@example.org" not in dump
    assert error(sign_in(ann, "anne.noailles@example.org")) == "bad_credentials"


def finished_game(server: Server, browser: Browser) -> str:
    """A game of ``browser``'s account (seat 0, by the account) against the random bot, ended."""
    r = browser.post("/api/games", {"game": "necklace", "seed": 3, "join": {"seat": 0, "name": "Anne Noailles"},
                                    "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
    game_id: str = r.json()["id"]
    room = server.app.state.hub.rooms.held[game_id]
    assert server.client.portal is not None  # the client is entered
    server.client.portal.call(end_now, server, room)
    poll(lambda: browser.get(f"/api/games/{game_id}").json()["status"] == "ended", "the game ends")
    return game_id


async def end_now(server: Server, room: Any) -> None:
    """End a table as its players may when a turn timer runs out (stored, then in memory)."""
    hub = server.app.state.hub
    await hub.store(lambda db: db.end_game(room.id))
    hub.seats.end(room)


def test_the_letters_rate_per_address_of_sign_ups_and_resets() -> None:
    for server in serve(replace(UNLIMITED, letter_rate="2/hour")):
        guest = server.browser()
        for n in range(2):
            r = guest.post("/api/account/sign-up", {"name": "Ann", "email": f"{n}@example.org", "password": PASSWORD})
            assert r.status_code == 202
        r = guest.post("/api/account/reset", {"email": "0@example.org"})
        assert r.status_code == 429 and error(r) == "rate_limited"
        assert server.browser("198.51.100.8").post("/api/account/reset", {"email": "0@example.org"}).status_code == 202
