"""Passkeys (WebAuthn): a second way to sign in to an account, without its address or password.

A signed-in person registers a passkey: the server hands their browser the creation options
(a random challenge, the site as relying party, the account as user, the account's passkeys
to exclude, a resident key and the user's verification preferred) with an opaque ceremony
token; the browser's authenticator makes a key pair for the site and answers, and the
server checks the answer against the challenge, the site's origin and RP id, and keeps the
credential's id, public key, signature count and transports, with a label the person
recognises it by.  Anyone may then sign in with it, naming no account: the options allow any
credential of the site (a discoverable one, which the authenticator finds by itself); the
answer names its credential, whose public key checks the signature, whose account is the one
signed in, and whose signature count must grow (an authenticator that counts and goes back
is a copy of it).  The sign-in is a password's (salon.web.accounts.sessions): a new session
under a new cookie, the request's old session ended, the address known to the account; its
failures count in the address's throttle (salon.web.accounts.throttle.attempt_from).

A ceremony's challenge is single-use and lasts :data:`CEREMONY_FOR`; it is stored under its
token's hash (salon.web.accounts.credentials).  The relying party is the site the request
came to (:class:`RelyingParty`): a passkey works on the name it was made on, and the browser
makes passkeys only over HTTPS or on ``localhost``.  A passkey is deleted by its account's
session alone: the account keeps its password, and so a way in.
"""

from __future__ import annotations

import logging
import re
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import (
    base64url_to_bytes,
    bytes_to_base64url,
    options_to_json_dict,
    parse_authentication_credential_json,
    parse_registration_credential_json,
)
from webauthn.helpers.structs import (
    AuthenticationCredential,
    AuthenticatorSelectionCriteria,
    AuthenticatorTransport,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from salon.web import quota
from salon.web.accounts import credentials, store, throttle
from salon.web.accounts.account import LABEL_LIMIT, Account
from salon.web.accounts.profile import wrong_password
from salon.web.errors import Refused
from salon.web.names import clean_text
from salon.web.storage import Database

if TYPE_CHECKING:
    from salon.web.accounts.service import Accounts

log = logging.getLogger("salon.web")

CEREMONY_FOR = 300.0
"""Seconds a ceremony's challenge may be answered in."""
CHALLENGE_BYTES = 32
MOST_PASSKEYS = 20
"""The most passkeys of one account."""
LONGEST_ID = 1400
"""The longest credential id taken, in base64url (WebAuthn's ids are at most 1023 bytes)."""
RP_NAME = "salon"
REGISTER, SIGN_IN = "register", "sign_in"
SELECTION = AuthenticatorSelectionCriteria(resident_key=ResidentKeyRequirement.PREFERRED,
                                           user_verification=UserVerificationRequirement.PREFERRED)
DEFAULT_PORTS = {"http": 80, "https": 443}
HOST_NAME = re.compile(r"[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?|[0-9a-f:.]+")
"""A host name in DNS's letters (IDNA's form for the others), or an IP address."""
TRANSPORTS = frozenset(t.value for t in AuthenticatorTransport)
CEREMONIES_MOST = 30
"""The most sign-in ceremonies one address may begin in :data:`CEREMONY_FOR` (each keeps a
challenge until it expires)."""


@dataclass(frozen=True)
class RelyingParty:
    """The site a passkey is made for and used on: its RP id, the host name the request came to,
    and the origin its pages have, which the browser signs into every answer."""

    id: str
    origin: str

    @classmethod
    def of(cls, scheme: str, host: str) -> RelyingParty:
        """The site of a request that came over ``scheme`` ("http", "https": what uvicorn
        believes, a named proxy's ``X-Forwarded-Proto`` included) naming ``host`` (its
        ``Host``, which salon.web.api.middleware.HostCheck checks on a server that names its
        hosts); Refused ``bad_host`` for a ``Host`` that names no host."""
        try:
            parts = urlsplit(f"{scheme}://{host}")
            name, port = parts.hostname, parts.port
        except ValueError:
            name = port = None
        if not name or not HOST_NAME.fullmatch(name) or scheme not in DEFAULT_PORTS:
            raise Refused("bad_host", "this request names no host a passkey can belong to")
        shown = f"[{name}]" if ":" in name else name
        if port is not None and port != DEFAULT_PORTS[scheme]:
            shown = f"{shown}:{port}"
        return cls(name, f"{scheme}://{shown}")


@dataclass(frozen=True)
class Ceremony:
    """What a browser needs to make or use a passkey: the options of
    ``navigator.credentials.create`` or ``get`` as JSON (base64url for bytes), and the token
    that finishes the ceremony."""

    token: str
    options: dict[str, Any]


@dataclass(frozen=True)
class Passkey:
    """A passkey as its owner is shown it."""

    id: str
    """The credential's id (base64url): no secret, its browser sends it with every sign-in."""
    label: str
    created: float
    used: float | None
    """Its last sign-in (None: never)."""


def bad_passkey() -> Refused:
    return Refused("bad_passkey", "that passkey is not one of this site's, or its answer does not check")


def expired() -> Refused:
    return Refused("ceremony_expired", "this passkey request was answered already, has expired or is unknown; "
                                       "start again")


def too_many() -> Refused:
    return Refused("too_many_passkeys", f"an account has at most {MOST_PASSKEYS} passkeys; delete one first")


def shown(row: Any) -> Passkey:
    return Passkey(row.id, row.label, float(row.created), None if row.used is None else float(row.used))


def descriptor(row: Any) -> PublicKeyCredentialDescriptor:
    """A stored passkey as the options name it (to exclude it)."""
    ways = [AuthenticatorTransport(t) for t in credentials.transports(row) if t in TRANSPORTS]
    return PublicKeyCredentialDescriptor(id=base64url_to_bytes(row.id), transports=ways or None)


class Passkeys:
    def __init__(self, accounts: Accounts) -> None:
        self.accounts = accounts

    async def registration(self, account: Account, rp: RelyingParty, password: str, client: str) -> Ceremony:
        """The options that make a new passkey of ``account`` on ``rp``'s site (its earlier
        registration under way ends), once its ``password`` is given again, so that a stolen
        session cannot plant a way in that outlives a new password; Refused
        ``wrong_password`` (throttled as a sign-in), ``too_many_passkeys``."""
        proven = await self.accounts.prove(account.email, password, client, wrong_password())
        await self.accounts.run(proven.accept)
        now = self.accounts.clock()
        token, challenge = store.secret(), secrets.token_bytes(CHALLENGE_BYTES)

        def begin(db: Database) -> list[Any] | None:
            held = credentials.of_account(db, account.id)
            if len(held) >= MOST_PASSKEYS:
                return None
            credentials.begin(db, token, REGISTER, account.id, bytes_to_base64url(challenge), now + CEREMONY_FOR, now)
            return held

        held = await self.accounts.run(begin)
        if held is None:
            raise too_many()
        options = generate_registration_options(
            rp_id=rp.id, rp_name=RP_NAME, user_name=account.email, user_id=account.id.encode(),
            user_display_name=account.name, challenge=challenge, timeout=int(CEREMONY_FOR * 1000),
            authenticator_selection=SELECTION, exclude_credentials=[descriptor(row) for row in held])
        return Ceremony(token, options_to_json_dict(options))

    async def register(self, account: Account, rp: RelyingParty, token: str, credential: dict[str, Any],
                       label: str | None, device: str) -> Passkey:
        """Keep the passkey the browser made with the ceremony of ``token`` (``credential``: its
        answer as JSON), under ``label`` (else ``device``, the browser and system it was made
        on: salon.web.accounts.account.device_label).  Refused ``ceremony_expired``, ``bad_passkey`` for an
        answer that does not check, ``passkey_taken`` for a passkey registered already,
        ``too_many_passkeys``."""
        now = self.accounts.clock()
        challenge = await self.accounts.run(lambda db: credentials.take(db, token, REGISTER, account.id, now))
        if challenge is None:
            raise expired()
        key, public_key, count, ways = made(rp, credential, challenge)
        kept = Passkey(key, clean_text(label or "", LABEL_LIMIT) or device, now, None)

        def keep(db: Database) -> Refused | None:
            if credentials.by_id(db, key) is not None:
                return Refused("passkey_taken", "that passkey is registered already")
            if len(credentials.of_account(db, account.id)) >= MOST_PASSKEYS:
                return too_many()
            credentials.add(db, key, account.id, public_key, count, ways, kept.label, now)
            return None

        refused = await self.accounts.run(keep)
        if refused is not None:
            raise refused
        return kept

    async def listed(self, account: Account) -> list[Passkey]:
        """The account's passkeys, the oldest first."""
        return [shown(row) for row in await self.accounts.run(lambda db: credentials.of_account(db, account.id))]

    async def delete(self, account: Account, key: str) -> None:
        """Delete the account's passkey ``key``; Refused ``not_found`` if it has none such."""
        if not await self.accounts.run(lambda db: credentials.remove(db, account.id, key)):
            raise Refused("not_found", "no such passkey of your account")

    async def signing_in(self, rp: RelyingParty, client: str) -> Ceremony:
        """The options of a sign-in on ``rp``'s site with any of its passkeys, asked for from
        ``client`` (an address key); Refused ``rate_limited`` past :data:`CEREMONIES_MOST`."""
        now = self.accounts.clock()
        token, challenge = store.secret(), secrets.token_bytes(CHALLENGE_BYTES)
        hit = quota.Hit("passkey-ceremonies", client, CEREMONIES_MOST, CEREMONY_FOR)

        def begin(db: Database) -> bool:
            if quota.hit(db, [hit], now) is not None:
                return False
            credentials.begin(db, token, SIGN_IN, None, bytes_to_base64url(challenge), now + CEREMONY_FOR, now)
            return True

        if not await self.accounts.run(begin):
            raise Refused("rate_limited", f"too many passkey sign-ins begun from your address (at most "
                                          f"{CEREMONIES_MOST} in {round(CEREMONY_FOR / 60)} minutes); try again later")
        options = generate_authentication_options(rp_id=rp.id, challenge=challenge, timeout=int(CEREMONY_FOR * 1000),
                                                  allow_credentials=[],
                                                  user_verification=UserVerificationRequirement.PREFERRED)
        return Ceremony(token, options_to_json_dict(options))

    async def sign_in(self, rp: RelyingParty, token: str, credential: dict[str, Any], client: str, old: str | None,
                      label: str) -> tuple[Account, str]:
        """Sign in with the answer ``credential`` to the ceremony of ``token``, from ``client``
        (an address key): the account and the new session's cookie; ``old`` (the request's
        session) is ended.  Refused ``rate_limited`` past the address's throttle,
        ``ceremony_expired``, ``bad_passkey``."""
        accounts = self.accounts
        now = accounts.clock()
        answer = parsed(credential)

        def start(db: Database) -> tuple[throttle.Attempt | float, str | None, Any, Any]:
            counted = throttle.attempt_from(db, client, now)
            if not isinstance(counted, throttle.Attempt):
                return counted, None, None, None
            challenge = credentials.take(db, token, SIGN_IN, None, now)
            key = credentials.by_id(db, answer.id) if answer is not None and challenge is not None else None
            return counted, challenge, key, store.by_id(db, key.account) if key is not None else None

        counted, challenge, key, row = await accounts.run(start)
        if not isinstance(counted, throttle.Attempt):
            raise Refused("rate_limited", f"too many failed sign-ins from your address; try again in "
                                          f"{round(counted)} s", seconds=round(counted))
        if challenge is None:
            raise expired()
        if answer is None or key is None or row is None or not row.verified:
            raise bad_passkey()
        count = asserted(rp, answer, challenge, key, row.id)
        if row.suspended:
            raise store.suspended()
        cookie = store.secret()

        def open_(db: Database) -> bool:
            if not credentials.used(db, key.id, key.sign_count, count, now):
                return False  # deleted, or used with the same count meanwhile
            throttle.succeeded(db, counted)
            throttle.forgive(db, row.email, client)
            if old:
                store.close(db, store.digest(old))
            store.open_session(db, cookie, row.id, now, label)
            store.remember(db, row, client)
            store.prune(db, now - accounts.idle, now)
            return True

        if not await accounts.run(open_):
            raise bad_passkey()
        return store.account_of(row, store.digest(cookie)), cookie


# --- the answers' checks: py_webauthn reads bytes anyone may send (JSON, CBOR, COSE keys, DER
# certificates) and raises more than its own exceptions on some malformed ones; any of them is
# an answer that does not check, never an error of the server.


def made(rp: RelyingParty, credential: dict[str, Any], challenge: str) -> tuple[str, str, int, list[str]]:
    """The new passkey of a registration's answer, checked: its id and public key (base64url),
    signature count and transports; Refused ``bad_passkey``."""
    try:
        answer = parse_registration_credential_json(credential)
        verified = verify_registration_response(credential=answer, expected_challenge=base64url_to_bytes(challenge),
                                                expected_rp_id=rp.id, expected_origin=rp.origin)
    except Exception as e:  # see above
        log.info("passkeys: a registration does not check: %s", e)
        raise bad_passkey() from None
    key = bytes_to_base64url(verified.credential_id)
    if len(key) > LONGEST_ID:
        raise bad_passkey()
    ways = [t.value for t in answer.response.transports or []]
    return key, bytes_to_base64url(verified.credential_public_key), verified.sign_count, ways


def parsed(credential: dict[str, Any]) -> AuthenticationCredential | None:
    """A sign-in's answer read, or None for one that is no answer."""
    try:
        return parse_authentication_credential_json(credential)
    except Exception:  # see above
        return None


def asserted(rp: RelyingParty, answer: AuthenticationCredential, challenge: str, key: Any, account: str) -> int:
    """The new signature count of a sign-in's answer checked against the passkey ``key`` of
    ``account``; Refused ``bad_passkey``."""
    handle = answer.response.user_handle
    if handle and handle != account.encode():
        raise bad_passkey()
    try:
        verified = verify_authentication_response(
            credential=answer, expected_challenge=base64url_to_bytes(challenge), expected_rp_id=rp.id,
            expected_origin=rp.origin, credential_public_key=base64url_to_bytes(key.public_key),
            credential_current_sign_count=int(key.sign_count))
    except Exception as e:  # see above
        log.info("passkeys: a sign-in with %s does not check: %s", key.id, e)
        raise bad_passkey() from None
    return verified.new_sign_count
