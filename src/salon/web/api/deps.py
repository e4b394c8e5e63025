"""What the routes are given rather than look up: the server's hub, guard and workers, the asking
client's key, the table a path names and the seat a token holds.

A route names what it needs as a parameter (``room: Table``, ``seat: SeatOf``); FastAPI
works it out before the route runs, so that a path naming no table is refused (404) and a
token that holds no seat of the table (403) the same way on every route.  Each is a
coroutine, though none waits for anything but the table: FastAPI would run a plain function
in a thread, a hop that costs more than the lookup.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header, Path
from starlette.requests import HTTPConnection

from salon.web.compute import Compute
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


async def seat_of(hub: Annotated[Hub, Depends(hub_of)], room: Annotated[Room, Depends(table_of)],
            token: Annotated[str | None, Header(alias=TOKEN_HEADER, description=(
                "The seat's secret token, received when the seat was taken; without it the "
                "client is a spectator."))] = None) -> int | None:
    """The seat the token holds (None: a spectator); Refused ``bad_token`` for a token that holds
    no seat of the table."""
    return await hub.seats.who(room, token)


HubDep = Annotated[Hub, Depends(hub_of)]
GuardDep = Annotated[Guard, Depends(guard_of)]
ComputeDep = Annotated[Compute, Depends(compute_of)]
Client = Annotated[str, Depends(client_of)]
Network = Annotated[str, Depends(network_of)]
Table = Annotated[Room, Depends(table_of)]
SeatOf = Annotated[int | None, Depends(seat_of)]
