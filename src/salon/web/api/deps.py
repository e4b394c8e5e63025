"""What the routes are given rather than look up: the server's hub, guard and workers, the asking
client's key, the table a path names, the seat a token (or the signed-in account) holds, and
the signed-in person.

A route names what it needs as a parameter (``room: Table``, ``seat: SeatOf``); FastAPI
works it out before the route runs, so that a path naming no table is refused (404) and a
token that holds no seat of the table (403) the same way on every route.  Each is a
coroutine, though none waits for anything but the table: FastAPI would run a plain function
in a thread, a hop that costs more than the lookup.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header, Path
from fastapi.security import APIKeyCookie
from starlette.requests import HTTPConnection, Request
from starlette.responses import Response

from salon.web.accounts import COOKIE, Account, Accounts
from salon.web.compute import Compute
from salon.web.errors import Refused
from salon.web.guard import Guard, client_key, network_key
from salon.web.tables.hub import Hub
from salon.web.tables.room import Room

TOKEN_HEADER = "X-Seat-Token"


async def hub_of(connection: HTTPConnection) -> Hub:
    """The server's hub (``create_app`` puts it in the app's state)."""
    hub: Hub = connection.app.state.hub
    return hub


async def guard_of(hub: Annotated[Hub, Depends(hub_of)]) -> Guard:
    """The caps and rates of the server (salon.web.guard)."""
    return hub.guard


async def compute_of(hub: Annotated[Hub, Depends(hub_of)]) -> Compute:
    """The server's workers (salon.web.compute)."""
    return hub.compute


async def client_of(connection: HTTPConnection) -> str:
    """The asking client's opaque key (salon.web.guard.client_key): what its caps and rates count."""
    return client_key(connection.client.host if connection.client else None)


async def network_of(connection: HTTPConnection) -> str:
    """The opaque key of the asking client's network (salon.web.guard.network_key): what the
    tables created from it are counted by too."""
    return network_key(connection.client.host if connection.client else None)


async def table_of(hub: Annotated[Hub, Depends(hub_of)],
                   game_id: Annotated[str, Path(description="The table's id.")]) -> Room:
    """The table the path names; Refused ``not_found`` or ``broken`` (damaged)."""
    return await hub.rooms.get(game_id)


async def accounts_of(connection: HTTPConnection) -> Accounts:
    """The server's accounts (``create_app`` puts them in the app's state)."""
    accounts: Accounts = connection.app.state.accounts
    return accounts


session_cookie = APIKeyCookie(name=COOKIE, scheme_name="session", auto_error=False, description=(
    "The session of a signed-in person, set by signing in (HttpOnly, SameSite=Lax, Secure over HTTPS); "
    "without it, or with one that has ended, the client is signed out."))


def secure(request: Request) -> bool:
    """Whether the request came over HTTPS, directly or through a proxy the operator named
    (uvicorn takes its ``X-Forwarded-Proto`` from those only: salon.web.server)."""
    return request.url.scheme in ("https", "wss")


def set_session(request: Request, response: Response, cookie: str, max_age: float) -> None:
    """Give the browser the session ``cookie``: out of scripts' reach, sent with the server's
    own pages' requests and top-level links only, over HTTPS only when the page is."""
    response.set_cookie(COOKIE, cookie, max_age=int(max_age), path="/", secure=secure(request), httponly=True,
                        samesite="lax")


def forget_session(request: Request, response: Response) -> None:
    response.delete_cookie(COOKIE, path="/", secure=secure(request), httponly=True, samesite="lax")


async def person_of(request: Request, response: Response, accounts: Annotated[Accounts, Depends(accounts_of)],
                    cookie: Annotated[str | None, Depends(session_cookie)]) -> Account | None:
    """The signed-in person (salon.web.accounts.sessions), None for a signed-out one: the
    cookie of a session that has ended is taken back, and one seen anew lasts
    ``session_idle`` again."""
    found = await accounts.sessions.person(cookie)
    if found is None:
        if cookie is not None:
            forget_session(request, response)
        return None
    if found.renewed and cookie is not None:
        set_session(request, response, cookie, accounts.idle)
    return found.account


async def signed_of(person: Annotated[Account | None, Depends(person_of)]) -> Account:
    """The signed-in person; Refused ``signed_out`` (401) for a request without a live session."""
    if person is None:
        raise Refused("signed_out", "sign in first (no session, or one that has ended)")
    return person


async def seat_of(hub: Annotated[Hub, Depends(hub_of)], room: Annotated[Room, Depends(table_of)],
                  person: Annotated[Account | None, Depends(person_of)],
                  token: Annotated[str | None, Header(alias=TOKEN_HEADER, description=(
                      "The seat's secret token, received when the seat was taken; without it the "
                      "client is a spectator, or a signed-in person at the seat their account holds."))
                  ] = None) -> int | None:
    """The seat the token holds, else the one the signed-in person's account holds (None: a
    spectator); Refused ``bad_token`` for a token that holds no seat of the table."""
    return await hub.seats.who(room, token, person.id if person is not None else None)


HubDep = Annotated[Hub, Depends(hub_of)]
GuardDep = Annotated[Guard, Depends(guard_of)]
ComputeDep = Annotated[Compute, Depends(compute_of)]
Client = Annotated[str, Depends(client_of)]
Network = Annotated[str, Depends(network_of)]
Table = Annotated[Room, Depends(table_of)]
SeatOf = Annotated[int | None, Depends(seat_of)]
AccountsDep = Annotated[Accounts, Depends(accounts_of)]
Person = Annotated[Account | None, Depends(person_of)]
Signed = Annotated[Account, Depends(signed_of)]
