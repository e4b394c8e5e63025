"""Accounts: sign up, verify the address, sign in and out, the sessions, a forgotten password,
the account's name, language, address and password, the guest seats moved into it, and its
deletion.

A signed-in person's requests carry the ``salon_session`` cookie, which signing in sets
(HttpOnly, SameSite=Lax, Secure over HTTPS); a route that needs one answers 401
``signed_out`` without it, or with one that has ended.  Signing up, asking for a reset and
changing the address answer alike whether or not an address has an account (202), and a
wrong address or password is one answer (401 ``bad_credentials``), throttled per address and
account (429 ``rate_limited``, with the ``seconds`` to wait).  The links sent by mail lead to
the browser's pages, which post their token here.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Path
from pydantic import Field
from starlette.requests import Request
from starlette.responses import Response

from salon.web.accounts import COOKIE, Account
from salon.web.accounts import preferences as table_preferences
from salon.web.accounts.account import device_label
from salon.web.api.deps import AccountsDep, Client, Person, Signed, forget_session, set_session
from salon.web.api.models import ApiModel, Done, Empty, TablePreferences
from salon.web.api.routing import router

accounts = router("accounts")

ADDRESS = Field(max_length=320)
PASSWORD = Field(max_length=1024)
"""Longer than any password taken (256 characters), so that one too long is told so in words."""
TOKEN = Field(max_length=100)


class Me(ApiModel):
    """The signed-in person's account."""

    id: str
    name: str
    email: str
    verified: bool
    lang: str
    """The language of its letters."""
    created: float
    """Seconds since the epoch."""


class SignUp(ApiModel):
    name: str = Field(max_length=200)
    """The name its letters greet it by (a table's seat asks for its own)."""
    email: str = ADDRESS
    password: str = PASSWORD
    """8 to 256 characters, not one of the most common passwords."""
    lang: str = Field(default="en", max_length=10)
    """The language of its letters."""


class SignIn(ApiModel):
    email: str = ADDRESS
    password: str = PASSWORD


class Link(ApiModel):
    """A link's token, from the letter that brought it."""

    token: str = TOKEN


class Verified(ApiModel):
    """The address is verified; ``account``: the signed-in person's, when the request is signed in
    to it (the browser that signed up is signed in by its link)."""

    ok: bool
    account: Me | None


class Forgotten(ApiModel):
    email: str = ADDRESS


class NewPassword(ApiModel):
    token: str = TOKEN
    """The reset link's."""
    password: str = PASSWORD


class Rename(ApiModel):
    name: str = Field(max_length=200)


class Language(ApiModel):
    lang: str = Field(max_length=10)


class NewAddress(ApiModel):
    email: str = ADDRESS
    password: str = PASSWORD
    """The account's password, asked again."""


class PasswordChange(ApiModel):
    current: str = PASSWORD
    password: str = PASSWORD


class Confirmation(ApiModel):
    password: str = PASSWORD
    """The account's password, asked again."""


class SessionView(ApiModel):
    """One of the account's sessions."""

    id: str
    """What names it to revoke it (not its cookie)."""
    label: str
    """The browser and system it was opened from."""
    created: float
    seen: float
    """Its last request, to within five minutes (seconds since the epoch)."""
    current: bool
    """The session of this request."""


class SessionList(ApiModel):
    sessions: list[SessionView]


class GuestSeat(ApiModel):
    """A seat a browser holds by its token."""

    game: str = Field(max_length=40)
    token: str = TOKEN


class GuestSeats(ApiModel):
    seats: list[GuestSeat] = Field(max_length=200)


class HeldSeat(ApiModel):
    game: str
    seat: int


class HeldSeats(ApiModel):
    """Seats the account holds."""

    seats: list[HeldSeat]


def me(account: Account) -> Me:
    return Me(id=account.id, name=account.name, email=account.email, verified=account.verified, lang=account.lang,
              created=account.created)


def label_of(request: Request) -> str:
    return device_label(request.headers.get("user-agent"))


DONE = Done(ok=True)


class Holiday(ApiModel):
    """The account's holiday (salon.web.accounts.holidays)."""

    on: bool
    days_left: float
    """Days left this year (the holiday under way counted as taken so far)."""
    since: float | None
    """When the holiday under way began (seconds since the epoch)."""
    allowance: float
    """Days a year."""


class MyAccount(Me):
    """The signed-in person's account, with its holiday and its preferences at the table."""

    holiday: Holiday
    preferences: TablePreferences


@accounts.get("/api/account")
async def account(person: Signed, store: AccountsDep) -> MyAccount:
    """The signed-in person's account, with its holiday and its preferences at the table."""
    return MyAccount(**me(person).model_dump(), holiday=Holiday.model_validate(await store.holidays.view(person.id)),
                     preferences=TablePreferences.of(await table_preferences.view(store, person.id)))


@accounts.put("/api/account/preferences")
async def set_preferences(spec: TablePreferences, person: Signed, store: AccountsDep) -> TablePreferences:
    """What the server answers for the account's player at every table (and whether its pages
    confirm a move that cannot be taken back): from now on, at the tables in play too."""
    return TablePreferences.of(await table_preferences.change(store, person.id, spec.preferences()))


@accounts.post("/api/account/sign-up", status_code=202)
async def sign_up(spec: SignUp, request: Request, response: Response, store: AccountsDep, client: Client) -> Done:
    """Create an account; its address gets a link that verifies it, and the browser that
    follows the link is signed in.  An address that has an account already is answered alike,
    and its owner is told by mail instead."""
    cookie = await store.enrolment.sign_up(spec.name, spec.email, spec.password, spec.lang, client,
                                           request.cookies.get(COOKIE), label_of(request))
    set_session(request, response, cookie, store.idle)
    return DONE


@accounts.post("/api/account/verify")
async def verify(spec: Link, request: Request, response: Response, store: AccountsDep, client: Client) -> Verified:
    """Follow the link that verifies an address (400 ``bad_link`` once used or expired)."""
    found, cookie = await store.enrolment.verify(spec.token, request.cookies.get(COOKIE), client, label_of(request))
    if cookie is not None:
        set_session(request, response, cookie, store.idle)
    return Verified(ok=True, account=me(found) if found is not None else None)


@accounts.post("/api/account/sign-in")
async def sign_in(spec: SignIn, request: Request, response: Response, store: AccountsDep, client: Client) -> Me:
    """Sign in: a new session, whatever session the request came with."""
    found, cookie = await store.sessions.sign_in(spec.email, spec.password, client, request.cookies.get(COOKIE),
                                                 label_of(request))
    set_session(request, response, cookie, store.idle)
    return me(found)


@accounts.post("/api/account/sign-out")
async def sign_out(_: Empty, request: Request, response: Response, person: Person, store: AccountsDep) -> Done:
    """End this session."""
    if person is not None:
        await store.sessions.sign_out(person)
    forget_session(request, response)
    return DONE


@accounts.post("/api/account/sign-out-everywhere")
async def sign_out_everywhere(_: Empty, request: Request, response: Response, person: Signed,
                              store: AccountsDep) -> Done:
    """End every session of the account, this one too."""
    await store.sessions.sign_out_everywhere(person)
    forget_session(request, response)
    return DONE


@accounts.get("/api/account/sessions")
async def sessions(person: Signed, store: AccountsDep) -> SessionList:
    """The account's sessions, the latest seen first."""
    found = await store.sessions.listed(person)
    return SessionList(sessions=[SessionView(id=s.id, label=s.label, created=s.created, seen=s.seen,
                                             current=s.current) for s in found])


@accounts.post("/api/account/sessions/{session_id}/revoke")
async def revoke(_: Empty, person: Signed, store: AccountsDep,
                 session_id: Annotated[str, Path(max_length=40, description="The session's id.")]) -> Done:
    """End one of the account's sessions: its next request is a signed-out one."""
    await store.sessions.revoke(person, session_id)
    return DONE


@accounts.post("/api/account/reset", status_code=202)
async def ask_reset(spec: Forgotten, store: AccountsDep, client: Client) -> Done:
    """Send a link that sets a new password to the address, if it has an account (answered
    alike either way); the link works once, for 30 minutes."""
    await store.enrolment.ask_reset(spec.email, client)
    return DONE


@accounts.post("/api/account/reset/confirm")
async def reset(spec: NewPassword, store: AccountsDep, client: Client) -> Done:
    """Set a new password with a reset link's token: every session of the account ends."""
    await store.enrolment.reset(spec.token, spec.password, client)
    return DONE


@accounts.post("/api/account/name")
async def rename(spec: Rename, person: Signed, store: AccountsDep) -> Me:
    """The name the account's letters greet it by."""
    return me(await store.profile.rename(person, spec.name))


@accounts.post("/api/account/language")
async def set_language(spec: Language, person: Signed, store: AccountsDep) -> Me:
    """The language of the account's letters."""
    return me(await store.profile.set_language(person, spec.lang))


@accounts.post("/api/account/email", status_code=202)
async def change_email(spec: NewAddress, person: Signed, store: AccountsDep, client: Client) -> Done:
    """Send the new address a link that makes it the account's (the old one is told then)."""
    await store.profile.change_email(person, spec.email, spec.password, client)
    return DONE


@accounts.post("/api/account/password")
async def change_password(spec: PasswordChange, request: Request, response: Response, person: Signed,
                          store: AccountsDep, client: Client) -> Done:
    """Change the password: every other session ends, and this one gets a new cookie."""
    cookie = await store.profile.change_password(person, spec.current, spec.password, client, label_of(request))
    set_session(request, response, cookie, store.idle)
    return DONE


@accounts.get("/api/account/seats")
async def held_seats(person: Signed, store: AccountsDep) -> HeldSeats:
    """The seats the account holds, the newest tables first: the account gives each one on any
    device, without its token."""
    return HeldSeats(seats=[HeldSeat(game=g, seat=s) for g, s in await store.profile.seats(person)])


@accounts.post("/api/account/seats")
async def move_seats(spec: GuestSeats, person: Signed, store: AccountsDep) -> HeldSeats:
    """Move the seats a browser holds as a guest into the account: each whose token holds it
    (and that no account holds) is the account's from now on, and its token keeps working;
    the seats moved."""
    moved = await store.profile.claim(person, [(s.game, s.token) for s in spec.seats])
    return HeldSeats(seats=[HeldSeat(game=g, seat=s) for g, s in moved])


@accounts.post("/api/account/delete")
async def delete(spec: Confirmation, request: Request, response: Response, person: Signed, store: AccountsDep,
                 client: Client) -> Done:
    """Delete the account: its seats at tables in play are left, its finished games keep its
    seats under the name of a deleted player, and its sessions end."""
    await store.profile.delete(person, spec.password, client)
    forget_session(request, response)
    return DONE
