"""A table's seats: take one, give it up, renew its token, and decide another seat's fate (one
left during the game, a player away or idle too long, a decision whose time ran out)."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import Path
from pydantic import StrictBool, StrictInt

from salon.web.api.deps import Client, HubDep, Person, SeatOf, Table
from salon.web.api.lobby import JoinSeat
from salon.web.api.models import ApiModel, Done, DoneWithState, Empty, SeatToken
from salon.web.api.routing import router

seats = router("seats")


class TakeOver(ApiModel):
    """What becomes of the seat whose time ran out."""

    choice: Literal["bot", "end"]
    """Hand it to a bot, or end the game."""
    version: StrictInt
    """The version the seat was shown."""


class SeatFate(ApiModel):
    """What becomes of another seat."""

    choice: Literal["bot", "open"]
    """Hand it to a bot, or open it for anyone with the table's link."""
    version: StrictInt
    """The version the seat was shown."""


@seats.post("/api/games/{game_id}/join")
async def join(spec: JoinSeat, room: Table, hub: HubDep, client: Client, person: Person) -> SeatToken:
    """Take a free seat (the one asked for, or the first); a signed-in person's account holds
    it too."""
    seat, token = await hub.seats.join(room, spec.seat, spec.name, client, person.id if person else None,
                                       person.email if person and person.verified else None)
    return SeatToken(id=room.id, seat=seat, token=token)


@seats.post("/api/games/{game_id}/leave")
async def leave(_: Empty, room: Table, seat: SeatOf, hub: HubDep) -> Done:
    """Give up the seat the token holds: the token stops working, the seat is free."""
    await hub.seats.leave(room, seat)
    return Done(ok=True)


@seats.post("/api/games/{game_id}/token")
async def renew_token(_: Empty, room: Table, seat: SeatOf, hub: HubDep) -> SeatToken:
    """A new token for the seat; the old one stops working, and its connections are closed."""
    token = await hub.seats.renew_token(room, seat)
    assert seat is not None  # a spectator is refused by renew_token
    return SeatToken(id=room.id, seat=seat, token=token)


@seats.post("/api/games/{game_id}/timeout")
async def take_over(spec: TakeOver, room: Table, seat: SeatOf, hub: HubDep) -> DoneWithState:
    """The deciding seat's time ran out: another seated player hands it to a bot, or ends the game."""
    await hub.seats.take_over(room, seat, spec.choice, spec.version)
    return DoneWithState.model_validate({"ok": True, "state": room.state(seat, room.log_size(seat), hub.clock())})


@seats.post("/api/games/{game_id}/seats/{target}")
async def manage_seat(spec: SeatFate, room: Table, seat: SeatOf, hub: HubDep,
                      target: Annotated[int, Path(description="The seat decided on.")]) -> DoneWithState:
    """Hand another seat to a bot or open it: a seat left during the game (any seated
    player), or a player away or idle too long (the host)."""
    await hub.seats.manage(room, seat, target, spec.choice, spec.version)
    return DoneWithState.model_validate({"ok": True, "state": room.state(seat, room.log_size(seat), hub.clock())})


class Concession(ApiModel):
    """A player giving the game up."""

    version: StrictInt
    """The version the seat was shown."""


@seats.post("/api/games/{game_id}/concede")
async def concede(spec: Concession, room: Table, seat: SeatOf, hub: HubDep) -> DoneWithState:
    """Give the game up: the player is out (finishing last) and a bot plays the seat on; a table
    none of whose people is left ends."""
    await hub.departures.concede(room, seat, spec.version)
    return DoneWithState.model_validate({"ok": True, "state": room.state(seat, room.log_size(seat), hub.clock())})


class EndVote(ApiModel):
    """A player's vote to end the game now, scored as it stands."""

    version: StrictInt
    """The version the seat was shown."""
    end: StrictBool = True
    """False takes the vote back."""


@seats.post("/api/games/{game_id}/end-vote")
async def vote_to_end(spec: EndVote, room: Table, seat: SeatOf, hub: HubDep) -> DoneWithState:
    """Vote to end the game now (or take the vote back): once every person still at the table
    has voted, it ends, scored as it stands, and its players' results and ratings count it so;
    a player who went before finishes last."""
    await hub.departures.vote_to_end(room, seat, spec.end, spec.version)
    return DoneWithState.model_validate({"ok": True, "state": room.state(seat, room.log_size(seat), hub.clock())})
