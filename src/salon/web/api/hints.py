"""Hints: the search's best choices for the seat deciding now, where the table allows them."""

from __future__ import annotations

from salon.web.api.deps import Client, HubDep, SeatOf, Table
from salon.web.api.models import ApiModel, Empty
from salon.web.api.routing import router

hints = router("hints")


class Hint(ApiModel):
    """One of the best actions found."""

    action: str
    value: float
    """The action's estimate in the game's unit: points ahead of the best opponent."""
    worlds: int
    """In how many sampled worlds it was played out."""


class Hints(ApiModel):
    """The best actions found, best first."""

    hints: list[Hint]


@hints.post("/api/games/{game_id}/hint")
async def ask_hint(_: Empty, room: Table, seat: SeatOf, hub: HubDep, client: Client) -> Hints:
    """The search's best choices for the seat deciding now, from its own information, where the
    table allows hints: one at a time per seat (429 ``hint_pending``), within the hint rate of
    the seat and of the address; everyone sees how many hints each seat asked for."""
    estimates = await hub.hints.ask(room, seat, client)
    return Hints(hints=[Hint(action=e.action, value=round(e.value, 1), worlds=e.worlds) for e in estimates])
