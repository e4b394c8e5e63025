"""Passkeys in Chromium, through /static/account/passkeys.js and a virtual authenticator of the
DevTools protocol (a platform one, with resident keys and the user's verification): an account
signed up and verified over the API registers a passkey, signs out, and signs in with it;
once with the browser's own JSON helpers of WebAuthn, once with the module's fallback for a
browser that has none.  The page is served on ``localhost``, the one name a browser makes
passkeys on without HTTPS."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from salon.web.app import create_app
from salon.web.caps import UNLIMITED
from salon.web.storage.schema import OUTBOX
from tests.web.helpers import poll, serving

PASSWORD = "a walk along the Seine"
AUTHENTICATOR = {"protocol": "ctap2", "ctap2Version": "ctap2_1", "transport": "internal", "hasResidentKey": True,
                 "hasUserVerification": True, "isUserVerified": True, "automaticPresenceSimulation": True}


@pytest.fixture
def live(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """The real server (uvicorn) in a thread on a database file the test reads its letters
    from: its address on ``localhost``, and the file."""
    path = tmp_path / "salon.db"
    with serving(create_app(f"sqlite:///{path}", bot_delay=0, limits=UNLIMITED), "localhost") as url:
        yield url, path


def verification_token(path: Path, email: str) -> str:
    """The token of the verification letter to ``email``, once it is in the outbox."""
    engine = sa.create_engine(f"sqlite:///{path}")
    found: list[str] = []

    def sent() -> bool:
        with engine.connect() as conn:
            rows = conn.execute(sa.select(OUTBOX.c.fields).where(OUTBOX.c.kind == "verify",
                                                                 OUTBOX.c.address == email)).all()
        found[:] = [json.loads(r.fields)["link"].rsplit("/", 1)[1] for r in rows]
        return bool(found)

    poll(sent, f"no verification letter to {email}")
    engine.dispose()
    return found[-1]


CALL = """async ([method, url, body]) => {
  const init = { method, headers: { "Content-Type": "application/json" } };
  if (body !== null) init.body = JSON.stringify(body);
  const r = await fetch(url, init);
  return [r.status, await r.json()];
}"""
PASSKEYS = """async ([what, label]) => {
  const m = await import("/static/account/passkeys.js");
  try {
    if (what === "register") return await m.registerPasskey(PASSWORD_GIVEN, label);
    if (what === "sign-in") return await m.signInWithPasskey();
    if (what === "list") return await m.listPasskeys();
    if (what === "supported") return m.passkeysSupported();
    return await m.deletePasskey(label);
  } catch (e) {
    return { thrown: e.name, code: e.code };
  }
}""".replace("PASSWORD_GIVEN", json.dumps(PASSWORD))
NO_JSON_HELPERS = """() => {
  delete PublicKeyCredential.parseCreationOptionsFromJSON;
  delete PublicKeyCredential.parseRequestOptionsFromJSON;
  delete PublicKeyCredential.prototype.toJSON;
  return typeof PublicKeyCredential.parseCreationOptionsFromJSON;
}"""


def call(page: Any, method: str, url: str, body: Any = None) -> tuple[int, Any]:
    status, answer = page.evaluate(CALL, [method, url, body])
    return status, answer


def register_sign_out_and_in(page: Any, account: dict[str, Any], label: str) -> None:
    passkey = page.evaluate(PASSKEYS, ["register", label])
    assert passkey.get("label") == label, passkey
    assert [p["id"] for p in page.evaluate(PASSKEYS, ["list", None])] == [passkey["id"]]
    assert call(page, "POST", "/api/account/sign-out", {})[0] == 200
    assert call(page, "GET", "/api/account")[0] == 401
    assert page.evaluate(PASSKEYS, ["sign-in", None]) == account
    status, shown = call(page, "GET", "/api/account")
    assert status == 200 and {k: v for k, v in shown.items() if k not in ("holiday", "preferences")} == account
    [listed] = page.evaluate(PASSKEYS, ["list", None])
    assert listed["used"] is not None


def test_a_passkey_made_in_the_browser_signs_its_account_in(browser: Any, live: tuple[str, Path]) -> None:
    site, path = live
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site)
    devtools = context.new_cdp_session(page)
    devtools.send("WebAuthn.enable", {"enableUI": False})
    authenticator = devtools.send("WebAuthn.addVirtualAuthenticator", {"options": AUTHENTICATOR})["authenticatorId"]
    assert page.evaluate(PASSKEYS, ["supported", None]) is True

    status, _ = call(page, "POST", "/api/account/sign-up", {"name": "Ann", "email": "ann@example.org",
                                                            "password": PASSWORD})
    assert status == 202
    status, verified = call(page, "POST", "/api/account/verify", {"token": verification_token(path, "ann@example.org")})
    assert status == 200 and verified["account"]["email"] == "ann@example.org", verified
    account = verified["account"]
    register_sign_out_and_in(page, account, "laptop")
    [credential] = devtools.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})["credentials"]
    assert credential["isResidentCredential"] and credential["rpId"] == "localhost"

    [passkey] = page.evaluate(PASSKEYS, ["list", None])
    assert page.evaluate(PASSKEYS, ["delete", passkey["id"]]) is None
    assert page.evaluate(PASSKEYS, ["sign-in", None]) == {"thrown": "PasskeyError", "code": "bad_passkey"}
    devtools.send("WebAuthn.clearCredentials", {"authenticatorId": authenticator})
    assert page.evaluate(NO_JSON_HELPERS) == "undefined"
    register_sign_out_and_in(page, account, "laptop, by hand")
    assert errors == []
    context.close()
