"""Play over HTTP: a seat's state, why an action is not offered, actions and undo (the
WebSocket carries the same, live)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Query
from pydantic import Field, StrictInt, model_validator

from salon.web.api.deps import HubDep, SeatOf, Table
from salon.web.api.models import ApiModel, Done, State
from salon.web.api.routing import router

play = router("play")

ACTION = Field(max_length=200)


class Actions(ApiModel):
    """One action, or several of one seat in a row (``actions``: a presentation confirmed at
    once), applied all or none."""

    action: Annotated[str, ACTION] | None = None
    actions: list[Annotated[str, ACTION]] | None = Field(default=None, min_length=1, max_length=60)
    version: StrictInt
    """The version the seat was shown: a stale one is refused."""

    @model_validator(mode="after")
    def _one_of(self) -> Actions:
        if (self.action is None) == (self.actions is None):
            raise ValueError("send either 'action' or 'actions'")
        return self


class Undo(ApiModel):
    """Take back the seat's latest action."""

    version: StrictInt
    """The version the seat was shown: a stale one is refused."""


class Acted(Done):
    """The action or undo is stored; the seat's state after it."""

    version: int
    """The seat's new version."""
    state: State


class Explanation(ApiModel):
    """Whether an action is legal now, and if not, the rule it breaks and why."""

    action: str
    legal: bool
    rule: str | None = None
    """The rule id it breaks."""
    reason: str | None = None
    """The engine's English sentence."""
    key: str | None = None
    """The reason among the game's reasons, for a client to word."""
    fields: dict[str, Any] | None = None
    """The values the wording needs."""


@play.get("/api/games/{game_id}/state", response_model=State)
async def seat_state(room: Table, seat: SeatOf, hub: HubDep) -> dict[str, Any]:
    """What the seat (a spectator, without a token) may see now, with the whole log."""
    return room.state(seat, now=hub.clock())


@play.get("/api/games/{game_id}/explain", response_model=Explanation, response_model_exclude_unset=True)
async def explain(room: Table, seat: SeatOf, hub: HubDep,
                  action: Annotated[str, Query(max_length=200, description="The action asked about.")]
                  ) -> dict[str, Any]:
    """Why an action is not offered to the deciding seat now (its rule id and the engine's
    reason), for the line beside the decision; only the deciding seat may ask."""
    return hub.play.explain(room, seat, action)


@play.post("/api/games/{game_id}/actions")
async def act(spec: Actions, room: Table, seat: SeatOf, hub: HubDep) -> Acted:
    """Apply the seat's action(s) decided on ``version``; the state after them, without the log
    entries the caller has already."""
    if spec.actions is not None:
        version = await hub.play.act_many(room, seat, spec.actions, spec.version)
    else:
        assert spec.action is not None
        version = await hub.play.act(room, seat, spec.action, spec.version)
    return Acted.model_validate({"ok": True, "version": version,
                                 "state": room.state(seat, room.log_size(seat), hub.clock())})


@play.post("/api/games/{game_id}/undo")
async def undo(spec: Undo, room: Table, seat: SeatOf, hub: HubDep) -> Acted:
    """Take back the seat's latest action, where the game allows it (within one's own turn,
    before any draw or reveal); the state after it, with the whole log."""
    version = await hub.play.undo(room, seat, spec.version)
    return Acted.model_validate({"ok": True, "version": version, "state": room.state(seat, now=hub.clock())})
