"""The accounts attacked as an attacker would: guessing passwords from one address and from
many without locking the owner out, telling which addresses have accounts (by the answers, by
the work done, through sign-up, reset, sign-in and a change of address), links reused, expired
or made from a copy of the database, a session cookie planted or stolen before sign-in, a
session revoked or every one signed out, and every refusal a JSON 4xx in every language."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from salon.web.accounts import throttle
from salon.web.api.errors import STATUS
from salon.web.app import STATIC
from tests.web.test_accounts import PASSWORD, Server, error, serve, sign_in, sign_up

OWNER = "198.51.100.7"
"""The owner's address, which has signed in to the account."""


@pytest.fixture
def server() -> Iterator[Server]:
    yield from serve()


def strangers(n: int) -> list[str]:
    return [f"203.0.113.{i}" for i in range(1, n + 1)]


def answer(r: object) -> tuple[int, str]:
    """What a client learns from an answer: its status and body, the message included."""
    return r.status_code, r.text  # type: ignore[attr-defined]


# --- guessing passwords


@pytest.mark.heavy
def test_one_address_gets_five_guesses_at_an_account_and_the_owner_signs_in_all_the_same(server: Server) -> None:
    owner = server.browser(OWNER)
    sign_up(server, owner)
    owner.post("/api/account/sign-out")
    thief = server.browser(strangers(1)[0])
    for n in range(throttle.PAIR_MOST):
        assert error(sign_in(thief, password=f"guess number {n}")) == "bad_credentials"
    r = sign_in(thief)
    assert r.status_code == 429 and error(r) == "rate_limited", "the right password is not even tried"
    assert 0 < r.json()["error"]["seconds"] <= throttle.WINDOW
    assert sign_in(owner).status_code == 200, "the owner's address is not the thief's"
    server.clock.now += throttle.WINDOW + 1
    assert sign_in(thief).status_code == 200, "the window passed"


def test_many_addresses_together_lock_strangers_out_but_never_the_owner(server: Server) -> None:
    owner = server.browser(OWNER)
    sign_up(server, owner)
    owner.post("/api/account/sign-out")
    per_address = throttle.PAIR_MOST - 1
    crowd = strangers(throttle.ACCOUNT_MOST // per_address)
    for address in crowd:
        for n in range(per_address):
            assert error(sign_in(server.browser(address), password=f"guess {n}")) == "bad_credentials"
    newcomer = server.browser("203.0.113.200")
    r = sign_in(newcomer)
    assert r.status_code == 429 and error(r) == "rate_limited", "a stranger waits for this account"
    r = sign_in(owner)
    assert r.status_code == 200, "the owner, at an address that signed in before, is not throttled by strangers"
    for _ in range(throttle.PAIR_MOST - 1):  # and the owner's own typos are only the owner's
        owner.post("/api/account/sign-out")
        assert error(sign_in(owner, password="a typo of mine")) == "bad_credentials"
    assert sign_in(owner).status_code == 200


def test_an_owner_at_a_new_address_proves_it_by_a_reset_and_signs_in(server: Server) -> None:
    owner = server.browser(OWNER)
    sign_up(server, owner)
    for address in strangers(throttle.ACCOUNT_MOST // (throttle.PAIR_MOST - 1)):
        for n in range(throttle.PAIR_MOST - 1):
            sign_in(server.browser(address), password=f"guess {n}")
    travelling = server.browser("192.0.2.50")
    assert error(sign_in(travelling)) == "rate_limited"
    travelling.post("/api/account/reset", {"email": "ann@example.org"})
    r = travelling.post("/api/account/reset/confirm", {"token": server.link("reset", "ann@example.org"),
                                                       "password": "the garden at Trianon"})
    assert r.status_code == 200
    assert sign_in(travelling, password="the garden at Trianon").status_code == 200


@pytest.mark.heavy
def test_one_address_cannot_try_one_password_on_many_accounts(server: Server) -> None:
    sprayer = server.browser(strangers(1)[0])
    for n in range(throttle.ADDRESS_MOST):
        assert error(sign_in(sprayer, f"user{n}@example.org", "Summer2026!")) == "bad_credentials"
    assert error(sign_in(sprayer, "someone.else@example.org", "Summer2026!")) == "rate_limited"
    assert error(sign_in(server.browser(strangers(2)[1]), "someone.else@example.org", "x" * 8)) == "bad_credentials"


def test_the_password_a_change_asks_for_is_throttled_too(server: Server) -> None:
    """A stolen cookie does not give endless guesses at the password that a change of address
    or password, or the deletion, asks for."""
    thief = server.browser(strangers(1)[0])
    sign_up(server, thief)
    for n in range(throttle.PAIR_MOST):
        r = thief.post("/api/account/email", {"email": "thief@example.net", "password": f"guess {n}"})
        assert error(r) == "wrong_password"
    assert error(thief.post("/api/account/delete", {"password": PASSWORD})) == "rate_limited"
    assert error(thief.post("/api/account/password", {"current": PASSWORD, "password": "x" * 9})) == "rate_limited"


# --- which addresses have accounts


def test_an_unknown_address_and_a_wrong_password_get_the_same_answer_and_the_same_work(server: Server) -> None:
    owner = server.browser(OWNER)
    sign_up(server, owner)
    owner.post("/api/account/sign-out")
    pending = server.browser("198.51.100.9")
    pending.post("/api/account/sign-up", {"name": "Bea", "email": "bea@example.org", "password": PASSWORD})
    passwords = server.app.state.accounts.passwords
    answers = []
    for email, password in (("ann@example.org", "wrong but long"), ("nobody@example.org", "wrong but long"),
                            ("bea@example.org", PASSWORD)):
        before = passwords.checked
        answers.append(answer(sign_in(server.browser(strangers(1)[0]), email, password)))
        assert passwords.checked == before + 1, f"{email}: one password checked, whether it has an account or not"
    assert answers[0] == answers[1] == answers[2], "unknown, wrong, and right but not verified look alike"
    assert answers[0][0] == 401


def test_a_sign_up_with_an_address_that_has_an_account_looks_like_any_other(server: Server) -> None:
    owner = server.browser(OWNER)
    sign_up(server, owner)
    passwords = server.app.state.accounts.passwords
    seen = []
    for email in ("ann@example.org", "new@example.org"):
        before = passwords.hashed
        r = server.browser(strangers(1)[0]).post("/api/account/sign-up", {"name": "Eve", "email": email,
                                                                           "password": "eve's own password"})
        assert passwords.hashed == before + 1, "the password is hashed either way"
        cookie = r.headers["set-cookie"]
        seen.append((r.status_code, r.text, re.sub(r"=[^;]+;", "=;", cookie, count=1)))
    assert seen[0] == seen[1] and seen[0][0] == 202
    [registered] = server.letters("registered")
    assert registered["address"] == "ann@example.org" and registered["fields"]["name"] == "Ann"
    assert registered["fields"]["link"].endswith("/#/reset")
    assert [r["email"] for r in server.rows("accounts")] == ["ann@example.org", "new@example.org"]
    assert sign_in(owner).status_code == 200, "the owner's password is the owner's still"
    assert [r["address"] for r in server.letters("verify")] == ["ann@example.org", "new@example.org"]


def test_a_reset_asked_for_any_address_looks_alike(server: Server) -> None:
    sign_up(server, server.browser(OWNER))
    asker = server.browser(strangers(1)[0])
    answers = {answer(asker.post("/api/account/reset", {"email": e})) for e in ("ann@example.org", "no@example.org")}
    assert len(answers) == 1 and answers.pop()[0] == 202
    assert [r["address"] for r in server.letters("reset")] == ["ann@example.org"]


def test_a_change_to_an_address_that_has_an_account_looks_like_any_other(server: Server) -> None:
    owner, eve = server.browser(OWNER), server.browser(strangers(1)[0])
    sign_up(server, owner)
    sign_up(server, eve, "eve@example.net", "Eve")
    answers = {answer(eve.post("/api/account/email", {"email": e, "password": PASSWORD}))
               for e in ("ann@example.org", "eve2@example.net")}
    assert len(answers) == 1 and answers.pop()[0] == 202
    assert [r["address"] for r in server.letters("registered")] == ["ann@example.org"]
    assert [r["address"] for r in server.letters("verify")][-1] == "eve2@example.net"


def test_no_address_gets_more_than_a_few_letters_an_hour(server: Server) -> None:
    sign_up(server, server.browser(OWNER))
    for n, address in enumerate(strangers(10)):
        r = server.browser(address).post("/api/account/reset", {"email": "ann@example.org"})
        assert r.status_code == 202, n
    assert len(server.letters(to="ann@example.org")) == 5, "the verification and four resets, then silence"


# --- links and sessions


@pytest.mark.usefixtures("real_hashes")
def test_a_copy_of_the_database_neither_follows_a_link_nor_signs_in(server: Server) -> None:
    ann = server.browser(OWNER)
    sign_up(server, ann)
    ann.post("/api/account/reset", {"email": "ann@example.org"})
    token = server.link("reset", "ann@example.org")
    [stored] = [r for r in server.rows("account_tokens") if r["purpose"] == "reset"]
    assert token not in json.dumps(server.rows("account_tokens")) and len(stored["hash"]) == 64
    r = ann.post("/api/account/reset/confirm", {"token": stored["hash"], "password": "the thief's password"})
    assert error(r) == "bad_link"
    [session] = server.rows("account_sessions")
    assert session["hash"] != ann.cookie
    thief = server.browser(strangers(1)[0])
    thief.with_cookie(session["hash"])
    assert error(thief.get("/api/account")) == "signed_out"
    hashes = [r["password_hash"] for r in server.rows("accounts")]
    assert all(PASSWORD not in h and h.startswith("$argon2id$v=19$m=65536,t=3,p=4$") for h in hashes)


def test_a_cookie_planted_or_stolen_before_sign_in_is_worth_nothing_after_it(server: Server) -> None:
    sign_up(server, server.browser(OWNER))
    victim = server.browser(OWNER)
    planted = "the-thief-chose-this-cookie"
    victim.with_cookie(planted)
    assert sign_in(victim).status_code == 200
    assert victim.cookie not in (None, planted)
    thief = server.browser(strangers(1)[0])
    thief.with_cookie(planted)
    assert error(thief.get("/api/account")) == "signed_out"
    before = victim.cookie
    assert before is not None
    assert sign_in(victim).status_code == 200, "signing in again while signed in"
    thief.with_cookie(before)
    assert error(thief.get("/api/account")) == "signed_out", "the session of before ended"
    assert victim.get("/api/account").status_code == 200


def test_a_revoked_session_ends_at_its_next_request_and_everywhere_ends_all(server: Server) -> None:
    laptop = server.browser(OWNER)
    sign_up(server, laptop)
    phone, tablet = server.browser("198.51.100.8"), server.browser("198.51.100.9")
    sign_in(phone)
    sign_in(tablet)
    listed = laptop.get("/api/account/sessions").json()["sessions"]
    assert len(listed) == 3
    theirs = [s["id"] for s in listed if not s["current"]]
    r = phone.post(f"/api/account/sessions/{theirs[0]}/revoke")
    assert r.status_code == 200
    alive = [b.get("/api/account").status_code for b in (laptop, phone, tablet)]
    assert alive.count(401) == 1 and alive.count(200) == 2
    assert error(laptop.post("/api/account/sessions/not-a-session/revoke")) == "not_found"
    assert laptop.post("/api/account/sign-out-everywhere").status_code == 200
    assert [b.get("/api/account").status_code for b in (laptop, phone, tablet)] == [401, 401, 401]
    assert server.rows("account_sessions") == []


def test_another_accounts_session_cannot_be_revoked(server: Server) -> None:
    ann, eve = server.browser(OWNER), server.browser(strangers(1)[0])
    sign_up(server, ann)
    sign_up(server, eve, "eve@example.net", "Eve")
    [ann_session] = ann.get("/api/account/sessions").json()["sessions"]
    assert error(eve.post(f"/api/account/sessions/{ann_session['id']}/revoke")) == "not_found"
    assert ann.get("/api/account").status_code == 200


# --- refusals


@pytest.mark.heavy
def test_every_refusal_of_the_accounts_is_a_json_4xx_with_a_code_every_language_words(server: Server) -> None:
    guest = server.browser(strangers(1)[0])
    probes = [
        ("GET", "/api/account", None), ("GET", "/api/account/sessions", None), ("GET", "/api/account/seats", None),
        ("POST", "/api/account/sign-up", {"name": "", "email": "a@b.org", "password": PASSWORD}),
        ("POST", "/api/account/sign-up", {"name": "A", "email": "not an address", "password": PASSWORD}),
        ("POST", "/api/account/sign-up", {"name": "A", "email": "a@b.org", "password": PASSWORD, "lang": "xx"}),
        ("POST", "/api/account/sign-up", {"name": "A", "email": "a@b.org", "password": "12345678"}),
        ("POST", "/api/account/sign-up", {"name": "A", "email": "a@b.org", "password": "1234"}),
        ("POST", "/api/account/sign-up", {"name": "A", "email": "a@b.org", "password": "p" * 300}),
        ("POST", "/api/account/sign-up", {"name": "A", "email": "a@b.org"}),
        ("POST", "/api/account/sign-in", {"email": "a@b.org", "password": "whatever it is"}),
        ("POST", "/api/account/sign-in", {"email": "@", "password": "whatever it is"}),
        ("POST", "/api/account/verify", {"token": "made up"}),
        ("POST", "/api/account/reset/confirm", {"token": "made up", "password": PASSWORD}),
        ("POST", "/api/account/name", {"name": "Eve"}), ("POST", "/api/account/delete", {"password": PASSWORD}),
        ("POST", "/api/account/seats", {"seats": [{"game": "x", "token": "y"}]}),
    ]
    codes = set()
    for method, url, body in probes:
        r = guest.request(method, url, json=body) if body is not None else guest.request(method, url)
        assert 400 <= r.status_code < 500, (url, r.text)
        refusal = r.json()["error"]
        assert refusal["status"] == r.status_code == STATUS[refusal["code"]]
        codes.add(refusal["code"])
    assert {"signed_out", "bad_name", "bad_address", "bad_language", "password_common", "password_too_short",
            "password_too_long", "bad_request", "bad_credentials", "bad_link"} <= codes
    for lang in ("en", "fr", "de", "uk"):
        texts = json.loads(Path(STATIC / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))["error"]
        assert sorted(c for c in codes | {"wrong_password", "address_taken"} if c not in texts) == [], lang


def test_what_is_no_address_is_refused_in_words(server: Server) -> None:
    for email in ("a@b", "a b@c.org", "a@@c.org", '"a"@c.org', "a@c..org", "a@-c.org", "a\u202e@c.org",
                  "x" * 65 + "@c.org", "a@" + "c" * 250 + ".org", "a@c.org\x00", "", "@"):
        r = server.browser().post("/api/account/sign-up", {"name": "A", "email": email, "password": PASSWORD})
        assert r.status_code == 400 and error(r) == "bad_address", email
    r = server.browser().post("/api/account/sign-up", {"name": "A", "email": " A@Bücher.example ",
                                                       "password": PASSWORD})
    assert r.status_code == 202 and server.rows("accounts")[0]["email"] == "a@xn--bcher-kva.example"
