"""Passkeys over the API, with an authenticator in software that answers as a browser's
platform authenticator does (an ES256 key pair, attestation "none", a signature count):
registering, listing and deleting an account's passkeys, signing in with one without naming
the account, and what an attacker tries: an answer replayed, a count that goes back, a
ceremony's token reused or expired, another site's answer, another account's passkey, a
guesser's throttle, and answers of every malformed shape, each a JSON 4xx with its code."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url, encode_cbor

from salon.web.accounts import throttle
from salon.web.accounts.passkeys import CEREMONY_FOR, MOST_PASSKEYS, RelyingParty
from salon.web.api.errors import STATUS
from salon.web.errors import Refused
from tests.web.test_accounts import PASSWORD, Browser, Server, error, me, serve, sign_up

ORIGIN = "https://testserver.local"
"""The origin of the tests' server (tests.web.test_accounts.serve), which a browser signs."""
CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36"
UP, UV, AT = 0x01, 0x04, 0x40
"""The authenticator data's flags: the user was present, verified; a credential is attested."""


def b64(data: bytes) -> str:
    return bytes_to_base64url(data)


class Authenticator:
    """A platform authenticator in software holding one discoverable credential: its answers
    are what ``PublicKeyCredential.toJSON()`` gives for a real one."""

    def __init__(self, origin: str = ORIGIN, counts: bool = True) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.id = random.randbytes(16)
        self.origin = origin
        self.counts = counts
        self.count = 0
        self.user = b""

    def cose_key(self) -> bytes:
        numbers = self.key.public_key().public_numbers()
        return encode_cbor({1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")})

    def client_data(self, kind: str, challenge: str) -> bytes:
        return json.dumps({"type": kind, "challenge": challenge, "origin": self.origin, "crossOrigin": False}).encode()

    def create(self, options: dict[str, Any]) -> dict[str, Any]:
        """The answer to ``navigator.credentials.create`` with these options."""
        self.user = base64url_to_bytes(options["user"]["id"])
        attested = bytes(16) + len(self.id).to_bytes(2, "big") + self.id + self.cose_key()  # no AAGUID
        data = (hashlib.sha256(options["rp"]["id"].encode()).digest() + bytes([UP | UV | AT])
                + self.count.to_bytes(4, "big") + attested)
        attestation = encode_cbor({"fmt": "none", "attStmt": {}, "authData": data})
        return {"id": b64(self.id), "rawId": b64(self.id), "type": "public-key", "authenticatorAttachment": "platform",
                "clientExtensionResults": {},
                "response": {"clientDataJSON": b64(self.client_data("webauthn.create", options["challenge"])),
                             "attestationObject": b64(attestation), "transports": ["internal", "hybrid"]}}

    def get(self, options: dict[str, Any], count: int | None = None) -> dict[str, Any]:
        """The answer to ``navigator.credentials.get`` with these options (its count moved on,
        or ``count``)."""
        if self.counts:
            self.count += 1
        signed = self.count if count is None else count
        data = hashlib.sha256(options["rpId"].encode()).digest() + bytes([UP | UV]) + signed.to_bytes(4, "big")
        client = self.client_data("webauthn.get", options["challenge"])
        signature = self.key.sign(data + hashlib.sha256(client).digest(), ec.ECDSA(hashes.SHA256()))
        return {"id": b64(self.id), "rawId": b64(self.id), "type": "public-key", "authenticatorAttachment": "platform",
                "clientExtensionResults": {},
                "response": {"clientDataJSON": b64(client), "authenticatorData": b64(data), "signature": b64(signature),
                             "userHandle": b64(self.user)}}


@pytest.fixture
def server() -> Iterator[Server]:
    yield from serve()


def register(browser: Browser, authenticator: Authenticator, label: str | None = None) -> dict[str, Any]:
    """Register the authenticator's passkey with the signed-in account: the passkey's view."""
    r = browser.post("/api/account/passkeys/options", {"password": PASSWORD})
    assert r.status_code == 200, r.text
    body = made(r.json(), authenticator)
    if label is not None:
        body["label"] = label
    r = browser.post("/api/account/passkeys", body, headers={"user-agent": CHROME})
    assert r.status_code == 201, r.text
    view: dict[str, Any] = r.json()
    return view


def made(ceremony: dict[str, Any], authenticator: Authenticator) -> dict[str, Any]:
    """The body that finishes a registration's ``ceremony`` with a passkey of ``authenticator``."""
    return {"token": ceremony["token"], "credential": authenticator.create(ceremony["options"])}


def sign_in_options(browser: Browser) -> tuple[str, dict[str, Any]]:
    r = browser.post("/api/account/passkey/sign-in/options")
    assert r.status_code == 200, r.text
    return r.json()["token"], r.json()["options"]


def passkey_sign_in(browser: Browser, authenticator: Authenticator, count: int | None = None) -> Any:
    token, options = sign_in_options(browser)
    answer = authenticator.get(options, count)
    return browser.post("/api/account/passkey/sign-in", {"token": token, "credential": answer})


def registered(server: Server, email: str = "ann@example.org", name: str = "Ann",
               address: str = "198.51.100.7") -> tuple[Browser, dict[str, Any], Authenticator]:
    """An account signed up in a browser, with one passkey: the browser, account and authenticator."""
    browser = server.browser(address)
    account = sign_up(server, browser, email, name)
    authenticator = Authenticator()
    register(browser, authenticator)
    return browser, account, authenticator


# --- registering and signing in


def test_a_passkey_is_registered_and_signs_in_naming_no_account(server: Server) -> None:
    laptop = server.browser()
    account = sign_up(server, laptop)
    r = laptop.post("/api/account/passkeys/options", {"password": PASSWORD})
    assert r.status_code == 200, r.text
    options = r.json()["options"]
    assert options["rp"] == {"id": "testserver.local", "name": "salon"}
    assert options["user"]["name"] == "ann@example.org" and options["user"]["displayName"] == "Ann"
    assert base64url_to_bytes(options["user"]["id"]) == account["id"].encode()
    assert options["authenticatorSelection"]["residentKey"] == "preferred"
    assert options["authenticatorSelection"]["userVerification"] == "preferred"
    assert options["excludeCredentials"] == [] and options["attestation"] == "none"
    authenticator = Authenticator()
    r = laptop.post("/api/account/passkeys", {"token": r.json()["token"], "credential": authenticator.create(options)},
                    headers={"user-agent": CHROME})
    assert r.status_code == 201, r.text
    passkey = r.json()
    assert passkey["id"] == b64(authenticator.id) and passkey["label"] == "Chrome · Linux" and passkey["used"] is None
    [row] = server.rows("passkeys")
    assert row["account"] == account["id"] and json.loads(row["transports"]) == ["internal", "hybrid"]
    assert server.rows("passkey_challenges") == [], "a ceremony's challenge answers once"

    phone = server.browser("198.51.100.8")
    token, options = sign_in_options(phone)
    assert options["rpId"] == "testserver.local" and options["allowCredentials"] == []
    assert options["userVerification"] == "preferred"
    r = phone.post("/api/account/passkey/sign-in", {"token": token, "credential": authenticator.get(options)})
    assert r.status_code == 200, r.text
    assert r.json() == account and me(phone) == account
    [listed] = phone.get("/api/account/passkeys").json()["passkeys"]
    assert listed["used"] == server.clock.now and listed["label"] == "Chrome · Linux"
    assert len(phone.get("/api/account/sessions").json()["sessions"]) == 2, "a session of its own"


def test_a_device_registers_once_and_a_label_is_the_persons_choice(server: Server) -> None:
    ann, _, authenticator = registered(server)
    r = ann.post("/api/account/passkeys/options", {"password": PASSWORD})
    assert r.json()["options"]["excludeCredentials"] == [
        {"id": b64(authenticator.id), "type": "public-key", "transports": ["internal", "hybrid"]}]
    r = ann.post("/api/account/passkeys", made(r.json(), authenticator))
    assert (r.status_code, error(r)) == (409, "passkey_taken")
    server.clock.now += 1
    other = register(ann, Authenticator(), label="  the blue\u200b key  ")
    assert other["label"] == "the blue key"
    assert [p["label"] for p in ann.get("/api/account/passkeys").json()["passkeys"]] == ["Chrome · Linux",
                                                                                         "the blue key"]


def test_a_passkey_sign_in_ends_the_session_the_request_came_with(server: Server) -> None:
    _, account, authenticator = registered(server)
    shared = server.browser("198.51.100.9")
    sign_up(server, shared, "bob@example.org", "Bob")
    planted = shared.cookie
    assert passkey_sign_in(shared, authenticator).status_code == 200
    assert shared.cookie != planted and me(shared) == account
    shared.with_cookie(planted or "")
    assert shared.get("/api/account").status_code == 401, "the old cookie is worth nothing"


@pytest.mark.heavy
def test_an_account_has_at_most_so_many_passkeys(server: Server) -> None:
    ann, _, _ = registered(server)
    for _ in range(MOST_PASSKEYS - 1):
        register(ann, Authenticator())
    r = ann.post("/api/account/passkeys/options", {"password": PASSWORD})
    assert (r.status_code, error(r)) == (409, "too_many_passkeys")


# --- what an attacker tries


def test_a_signature_count_that_goes_back_is_refused(server: Server) -> None:
    _, _, authenticator = registered(server)
    phone = server.browser("198.51.100.8")
    assert passkey_sign_in(phone, authenticator, count=5).status_code == 200
    for count in (5, 3, 0):
        r = passkey_sign_in(phone, authenticator, count=count)
        assert (r.status_code, error(r)) == (401, "bad_passkey"), count
    assert passkey_sign_in(phone, authenticator, count=6).status_code == 200


def test_an_authenticator_that_counts_nothing_signs_in_again_and_again(server: Server) -> None:
    ann = server.browser()
    sign_up(server, ann)
    authenticator = Authenticator(counts=False)
    register(ann, authenticator)
    for _ in range(3):
        assert passkey_sign_in(server.browser("198.51.100.8"), authenticator).status_code == 200


def test_a_ceremonys_token_answers_once_and_an_answer_is_no_good_for_another(server: Server) -> None:
    _, _, authenticator = registered(server)
    eve = server.browser("203.0.113.5")
    token, options = sign_in_options(eve)
    answer = authenticator.get(options)
    assert eve.post("/api/account/passkey/sign-in", {"token": token, "credential": answer}).status_code == 200
    r = eve.post("/api/account/passkey/sign-in", {"token": token, "credential": answer})
    assert (r.status_code, error(r)) == (400, "ceremony_expired")
    token, _ = sign_in_options(eve)
    r = eve.post("/api/account/passkey/sign-in", {"token": token, "credential": answer})
    assert (r.status_code, error(r)) == (401, "bad_passkey"), "an answer signs its own challenge only"
    r = eve.post("/api/account/passkey/sign-in", {"token": "made up", "credential": answer})
    assert (r.status_code, error(r)) == (400, "ceremony_expired")


def test_a_ceremony_expires_after_five_minutes(server: Server) -> None:
    ann, _, authenticator = registered(server)
    r = ann.post("/api/account/passkeys/options", {"password": PASSWORD})
    server.clock.now += CEREMONY_FOR
    r = ann.post("/api/account/passkeys", made(r.json(), Authenticator()))
    assert (r.status_code, error(r)) == (400, "ceremony_expired")
    phone = server.browser("198.51.100.8")
    token, options = sign_in_options(phone)
    server.clock.now += CEREMONY_FOR - 1
    r = phone.post("/api/account/passkey/sign-in", {"token": token, "credential": authenticator.get(options)})
    assert r.status_code == 200, "in time"
    token, options = sign_in_options(phone)
    server.clock.now += CEREMONY_FOR
    r = phone.post("/api/account/passkey/sign-in", {"token": token, "credential": authenticator.get(options)})
    assert (r.status_code, error(r)) == (400, "ceremony_expired")
    assert server.rows("passkey_challenges") == []


def test_a_ceremony_is_for_its_purpose_and_its_account(server: Server) -> None:
    ann, _, _ = registered(server)
    bob = server.browser("198.51.100.9")
    sign_up(server, bob, "bob@example.org", "Bob")
    r = ann.post("/api/account/passkeys/options", {"password": PASSWORD})
    stolen = Authenticator()
    r = bob.post("/api/account/passkeys", made(r.json(), stolen))
    assert (r.status_code, error(r)) == (400, "ceremony_expired"), "Ann's registration is no Bob's"
    token, options = sign_in_options(bob)
    r = bob.post("/api/account/passkeys", {"token": token, "credential": stolen.create(
        {**options, "rp": {"id": options["rpId"]}, "user": {"id": b64(b"bob")}})})
    assert (r.status_code, error(r)) == (400, "ceremony_expired"), "a sign-in's token registers nothing"


def test_another_sites_answer_is_refused(server: Server) -> None:
    ann = server.browser()
    sign_up(server, ann)
    phished = Authenticator(origin="https://testserver.local.evil.example")
    r = ann.post("/api/account/passkeys/options", {"password": PASSWORD})
    r = ann.post("/api/account/passkeys", made(r.json(), phished))
    assert (r.status_code, error(r)) == (401, "bad_passkey")
    r = ann.post("/api/account/passkeys/options", {"password": PASSWORD})
    options = {**r.json()["options"], "rp": {"id": "evil.example"}}
    r = ann.post("/api/account/passkeys", {"token": r.json()["token"], "credential": Authenticator().create(options)})
    assert (r.status_code, error(r)) == (401, "bad_passkey")
    authenticator = Authenticator()
    register(ann, authenticator)
    authenticator.origin = "http://testserver.local"
    r = passkey_sign_in(server.browser("198.51.100.8"), authenticator)
    assert (r.status_code, error(r)) == (401, "bad_passkey"), "the scheme is the origin's too"


def test_an_answer_must_be_the_passkeys_own(server: Server) -> None:
    _, _, authenticator = registered(server)
    _, _, bobs = registered(server, "bob@example.org", "Bob", "198.51.100.9")
    forger = Authenticator()
    forger.id, forger.user = authenticator.id, authenticator.user
    r = passkey_sign_in(server.browser("203.0.113.5"), forger)
    assert (r.status_code, error(r)) == (401, "bad_passkey"), "another key's signature"
    bobs.user = authenticator.user
    r = passkey_sign_in(server.browser("203.0.113.5"), bobs)
    assert (r.status_code, error(r)) == (401, "bad_passkey"), "a user handle that is not the passkey's account's"
    r = passkey_sign_in(server.browser("203.0.113.5"), Authenticator())
    assert (r.status_code, error(r)) == (401, "bad_passkey"), "a passkey nobody registered"


def test_another_accounts_passkey_cannot_be_deleted_and_ones_own_can(server: Server) -> None:
    ann, _, authenticator = registered(server)
    bob = server.browser("198.51.100.9")
    sign_up(server, bob, "bob@example.org", "Bob")
    key = b64(authenticator.id)
    r = bob.request("DELETE", f"/api/account/passkeys/{key}", json={})
    assert (r.status_code, error(r)) == (404, "not_found")
    r = server.browser("203.0.113.5").request("DELETE", f"/api/account/passkeys/{key}", json={})
    assert (r.status_code, error(r)) == (401, "signed_out")
    assert len(ann.get("/api/account/passkeys").json()["passkeys"]) == 1
    r = ann.request("DELETE", f"/api/account/passkeys/{key}", json={})
    assert r.status_code == 200 and r.json() == {"ok": True}
    assert ann.get("/api/account/passkeys").json() == {"passkeys": []}
    r = passkey_sign_in(server.browser("198.51.100.8"), authenticator)
    assert (r.status_code, error(r)) == (401, "bad_passkey")


def test_a_deleted_account_takes_its_passkeys_with_it(server: Server) -> None:
    ann, _, authenticator = registered(server)
    ann.post("/api/account/passkeys/options", {"password": PASSWORD})
    r = ann.post("/api/account/delete", {"password": "a walk along the Seine"})
    assert r.status_code == 200, r.text
    assert server.rows("passkeys") == [] and server.rows("passkey_challenges") == []
    r = passkey_sign_in(server.browser("198.51.100.8"), authenticator)
    assert (r.status_code, error(r)) == (401, "bad_passkey")


@pytest.mark.heavy
def test_failed_passkey_sign_ins_are_throttled_per_address_with_the_passwords(server: Server) -> None:
    _, account, authenticator = registered(server)
    guesser = server.browser("203.0.113.5")
    for _ in range(throttle.ADDRESS_MOST):
        r = passkey_sign_in(guesser, Authenticator())
        assert (r.status_code, error(r)) == (401, "bad_passkey")
    r = passkey_sign_in(guesser, authenticator)
    assert (r.status_code, error(r)) == (429, "rate_limited") and 0 < r.json()["error"]["seconds"] <= throttle.WINDOW
    r = guesser.post("/api/account/sign-in", {"email": "ann@example.org", "password": "a walk along the Seine"})
    assert (r.status_code, error(r)) == (429, "rate_limited"), "one counter for the address"
    owner = server.browser("198.51.100.8")
    for _ in range(throttle.ADDRESS_MOST + 1):
        assert passkey_sign_in(owner, authenticator).status_code == 200, "a success is no failure"
    server.clock.now += throttle.WINDOW + 1
    assert passkey_sign_in(guesser, authenticator).json() == account


@pytest.mark.heavy
def test_signing_out_is_needed_to_register_and_ceremonies_begun_are_bounded(server: Server) -> None:
    guest = server.browser("203.0.113.5")
    r = guest.post("/api/account/passkeys/options", {"password": PASSWORD})
    assert (r.status_code, error(r)) == (401, "signed_out")
    assert guest.get("/api/account/passkeys").status_code == 401
    for _ in range(30):
        sign_in_options(guest)
    r = guest.post("/api/account/passkey/sign-in/options")
    assert (r.status_code, error(r)) == (429, "rate_limited")
    server.clock.now += CEREMONY_FOR
    sign_in_options(guest)
    assert len(server.rows("passkey_challenges")) == 1, "the expired challenges are gone"


# --- malformed answers


def mangled(good: dict[str, Any], rng: random.Random) -> Any:
    """``good`` (an answer's JSON) with one part of it broken the way a fuzzer breaks it."""
    path: list[Any] = []
    node: Any = good
    while isinstance(node, dict) and node and rng.random() < 0.7:
        key = rng.choice(sorted(node))
        path.append(key)
        node = node[key]
    junk = rng.choice([None, 0, -1, 2**70, 1.5, True, "", "!!", "AA", "A", "\u00e9\u00e9", "a" * 3000, [], {},
                       [1, "x"], {"a": {"b": None}}, b64(b"\xff" * 50), b64(rng.randbytes(rng.randint(1, 300))),
                       b64(encode_cbor({"fmt": "none", "attStmt": {}, "authData": rng.randbytes(60)})),
                       b64(encode_cbor({"fmt": "packed", "attStmt": {"alg": -7, "sig": b"x"}, "authData": b""})),
                       b64(encode_cbor([[[[[[[[]]]]]]]])), b64(b"\xa1\x01\x9f" * 40), b64(json.dumps({}).encode())])
    if rng.random() < 0.15 and isinstance(node, str) and node:
        junk = node[:rng.randint(0, len(node) - 1)]  # truncated
    if not path:
        return junk
    broken = json.loads(json.dumps(good))
    parent = broken
    for key in path[:-1]:
        parent = parent[key]
    if rng.random() < 0.2:
        del parent[path[-1]]
    else:
        parent[path[-1]] = junk
    return broken


def refused(r: Any) -> str:
    """The code of a refusal, which must be a JSON 4xx of the API's table ("ok" for an answer
    that a harmless change left good)."""
    if r.status_code in (200, 201):
        return "ok"
    assert 400 <= r.status_code < 500, r.text
    refusal = r.json()["error"]
    assert refusal["status"] == r.status_code == STATUS[refusal["code"]]
    code: str = refusal["code"]
    return code


@pytest.mark.slow  # a password proved for each of its 120 registrations
def test_malformed_answers_are_refused_in_words_never_an_error_of_the_server(server: Server) -> None:
    rng = random.Random(20240611)
    ann, _, authenticator = registered(server)
    codes: set[str] = set()
    for n in range(120):
        r = ann.post("/api/account/passkeys/options", {"password": PASSWORD})
        good = Authenticator().create(r.json()["options"])
        r = ann.post("/api/account/passkeys", {"token": r.json()["token"], "credential": mangled(good, rng)})
        codes.add(refused(r))
        guesser = server.browser(f"203.0.{n // 200}.{n % 200 + 1}")
        token, options = sign_in_options(guesser)
        answer = mangled(authenticator.get(options, count=10_000 + n), rng)
        codes.add(refused(guesser.post("/api/account/passkey/sign-in", {"token": token, "credential": answer})))
    assert codes <= {"ok", "bad_passkey", "bad_request"} and "bad_passkey" in codes
    bodies: list[dict[str, Any]] = [{}, {"token": "x"}, {"credential": {}}, {"token": 5, "credential": {}},
                                    {"token": "x", "credential": []}, {"token": "x", "credential": {}, "extra": 1},
                                    {"token": "x" * 101, "credential": {}}]
    for body in bodies:
        assert refused(server.browser("203.0.113.5").post("/api/account/passkey/sign-in", body)) == "bad_request"
        assert refused(ann.post("/api/account/passkeys", body)) == "bad_request", body
    r = ann.request("DELETE", "/api/account/passkeys/" + "A" * 2000, json={})
    assert refused(r) == "bad_request"


def test_the_site_is_the_host_the_request_came_to() -> None:
    assert RelyingParty.of("https", "Salon.Example.org") == RelyingParty("salon.example.org",
                                                                          "https://salon.example.org")
    assert RelyingParty.of("https", "salon.example.org:443").origin == "https://salon.example.org"
    assert RelyingParty.of("http", "localhost:8000") == RelyingParty("localhost", "http://localhost:8000")
    assert RelyingParty.of("http", "[::1]:8000") == RelyingParty("::1", "http://[::1]:8000")
    for host in ("", ":80", "localhost:port", "a b", "[::1"):
        with pytest.raises(Refused) as e:
            RelyingParty.of("http", host)
        assert e.value.code == "bad_host", host


def test_a_passkey_is_added_only_with_the_password_given_again(server: Server) -> None:
    """A session alone (a stolen cookie) cannot plant a passkey that outlives a new password."""
    ann = server.browser()
    sign_up(server, ann)
    assert error(ann.post("/api/account/passkeys/options", {"password": "not the password"})) == "wrong_password"
    assert error(ann.post("/api/account/passkeys/options", {})) == "bad_request"
    assert ann.post("/api/account/passkeys/options", {"password": PASSWORD}).status_code == 200
