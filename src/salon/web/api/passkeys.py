"""Passkeys: a signed-in person registers the passkeys of their devices, lists and deletes them,
and anyone signs in with one, naming no account (salon.web.accounts.passkeys).

Each ceremony takes two requests: the first answers the options that
``navigator.credentials.create`` or ``get`` takes, in their JSON form (which
``PublicKeyCredential.parseCreationOptionsFromJSON`` reads), with a ceremony ``token``; the
second sends the token with the browser's answer in its JSON form
(``PublicKeyCredential.toJSON()``).  A token
answers once, for five minutes (400 ``ceremony_expired``); an answer that is no passkey of the
site's, or does not check, is 401 ``bad_passkey``.  A passkey belongs to the host name the
pages were loaded from, and browsers make passkeys only over HTTPS or on ``localhost``.
The sign-in answers as ``/api/account/sign-in`` does, with a new session cookie; its failures
are throttled per address with the passwords' (429 ``rate_limited``).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, Path
from pydantic import Field
from starlette.requests import Request
from starlette.responses import Response

from salon.web.accounts import COOKIE
from salon.web.accounts.passkeys import LONGEST_ID, Ceremony, Passkey, RelyingParty
from salon.web.api.accounts import TOKEN, Me, label_of, me
from salon.web.api.deps import AccountsDep, Client, Signed, set_session
from salon.web.api.models import ApiModel, Done, Empty
from salon.web.api.routing import router

passkeys = router("passkeys")


async def relying_party_of(request: Request) -> RelyingParty:
    """The site a request's passkeys belong to: the host it came to, over the scheme it came by."""
    return RelyingParty.of(request.url.scheme, request.url.netloc)


Site = Annotated[RelyingParty, Depends(relying_party_of)]


class CeremonyView(ApiModel):
    """The first half of a ceremony."""

    token: str
    """What the second half sends back (it works once, for five minutes)."""
    options: dict[str, Any]
    """The options of ``navigator.credentials.create`` (registering) or ``get`` (signing in) in
    WebAuthn's JSON form: bytes as base64url."""


class NewPasskey(ApiModel):
    token: str = TOKEN
    credential: dict[str, Any]
    """The new credential as ``PublicKeyCredential.toJSON()`` gives it."""
    label: str | None = Field(default=None, max_length=200)
    """What its owner recognises it by; the browser and system it was made on if none."""


class PasskeyAnswer(ApiModel):
    token: str = TOKEN
    credential: dict[str, Any]
    """The assertion as ``PublicKeyCredential.toJSON()`` gives it."""


class PasskeyView(ApiModel):
    """One of the account's passkeys."""

    id: str
    """The credential's id (base64url), which names it to delete it."""
    label: str
    created: float
    used: float | None
    """Its last sign-in (seconds since the epoch); null if none yet."""


class PasskeyList(ApiModel):
    passkeys: list[PasskeyView]


def ceremony(found: Ceremony) -> CeremonyView:
    return CeremonyView(token=found.token, options=found.options)


def view(found: Passkey) -> PasskeyView:
    return PasskeyView(id=found.id, label=found.label, created=found.created, used=found.used)


class Confirmed(ApiModel):
    password: str = Field(max_length=1024)
    """The account's password, asked again."""


@passkeys.post("/api/account/passkeys/options")
async def registration(spec: Confirmed, person: Signed, store: AccountsDep, site: Site, client: Client
                       ) -> CeremonyView:
    """Begin registering a passkey of the account on this device, its password given again (403
    ``wrong_password``; 409 ``too_many_passkeys`` past 20); the account's passkeys are
    excluded, so that a device makes one only."""
    return ceremony(await store.passkeys.registration(person, site, spec.password, client))


@passkeys.post("/api/account/passkeys", status_code=201)
async def register(spec: NewPasskey, request: Request, person: Signed, store: AccountsDep, site: Site) -> PasskeyView:
    """Keep the passkey the browser made (409 ``passkey_taken`` if it is registered already)."""
    return view(await store.passkeys.register(person, site, spec.token, spec.credential, spec.label,
                                              label_of(request)))


@passkeys.get("/api/account/passkeys")
async def listed(person: Signed, store: AccountsDep) -> PasskeyList:
    """The account's passkeys, the oldest first."""
    return PasskeyList(passkeys=[view(p) for p in await store.passkeys.listed(person)])


@passkeys.delete("/api/account/passkeys/{passkey_id}")
async def delete(person: Signed, store: AccountsDep,
                 passkey_id: Annotated[str, Path(max_length=LONGEST_ID, description="The passkey's id.")]) -> Done:
    """Delete one of the account's passkeys: it signs in no more (the account keeps its password)."""
    await store.passkeys.delete(person, passkey_id)
    return Done(ok=True)


@passkeys.post("/api/account/passkey/sign-in/options")
async def signing_in(_: Empty, store: AccountsDep, site: Site, client: Client) -> CeremonyView:
    """Begin signing in with a passkey of this site, whichever account's (at most 30 begun per
    address in five minutes)."""
    return ceremony(await store.passkeys.signing_in(site, client))


@passkeys.post("/api/account/passkey/sign-in")
async def sign_in(spec: PasskeyAnswer, request: Request, response: Response, store: AccountsDep, site: Site,
                  client: Client) -> Me:
    """Sign in with the passkey the browser chose: a new session, whatever session the request
    came with."""
    found, cookie = await store.passkeys.sign_in(site, spec.token, spec.credential, client,
                                                 request.cookies.get(COOKIE), label_of(request))
    set_session(request, response, cookie, store.idle)
    return me(found)
