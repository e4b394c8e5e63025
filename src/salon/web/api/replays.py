"""Replays: a finished game, or a record file, seen at any step with every seat's cards shown,
worked out by the server's workers within the asking address's rate."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import Query, Request

from salon.web.api.deps import Client, ComputeDep, GuardDep, Table
from salon.web.api.models import ApiModel, GameResult, SeatView
from salon.web.api.routing import router
from salon.web.compute import Busy, Compute, JobTimeout
from salon.web.errors import Refused
from salon.web.guard import Guard
from salon.web.jobs import replay_record, replay_step

REPLAY_DEADLINE = 30.0
"""Seconds a replay may take before it is stopped (a 10,000-action record takes a fraction)."""

replays = router("replays")

Step = Annotated[int, Query(ge=0, le=1_000_000, description="How many of the game's actions are applied.")]


class ReplayEntry(ApiModel):
    """The events of one action (entry 0: the setup's), each as its own seat saw it."""

    n: int
    actor: int | None
    action: str | None = None
    """The action (the setup's entry has none)."""
    events: list[dict[str, Any]]


class Replay(ApiModel):
    """A game after its first ``step`` actions, nothing hidden."""

    game: str
    step: int
    total: int
    """How many actions the game has."""
    players: int
    current: int | None
    """The seat deciding at this step."""
    public: dict[str, Any]
    """What a spectator sees."""
    observations: list[dict[str, Any]]
    """What each seat sees."""
    log: list[ReplayEntry]
    result: GameResult | None
    """At the last step of a finished game."""
    round: int | None
    """The round the game is in at this step (null for a game without rounds)."""
    turns: list[int]
    """The steps where a turn begins (after the previous one is played), the first and the last step included."""
    rounds: list[int]
    """The steps where a round begins, the first and the last step included."""
    components: dict[str, Any] | None = None
    """What the game's renderer draws from, when asked for."""
    seats: list[SeatView] | None = None
    """Who played each seat, where the record file says."""


class TableReplay(Replay):
    """A finished table's game after its first ``step`` actions, with the table's title and seats."""

    title: str
    seats: list[SeatView]


@replays.get("/api/games/{game_id}/replay", response_model=TableReplay, response_model_exclude_unset=True)
async def replay_table(room: Table, step: Step, compute: ComputeDep, guard: GuardDep, client: Client
                       ) -> dict[str, Any]:
    """A finished game after its first ``step`` actions, every seat's cards shown; the game's
    own seats and title come with it."""
    if room.live:
        raise Refused("not_over", "a game is replayed once it is over")
    found = await replaying(compute, guard, client, replay_step,
                            (room.name, room.config, room.seed, list(room.game.history), step))
    return {**found, "title": room.title, "seats": room.seats_json()}


@replays.post("/api/replay", response_model=Replay, response_model_exclude_unset=True, openapi_extra={
    "requestBody": {"required": True, "description": "The record file, as saved.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Record"}}}}})
async def replay_file(request: Request, step: Step, compute: ComputeDep, guard: GuardDep, client: Client,
                      components: Annotated[bool, Query(description="Send the game's components too.")] = False
                      ) -> dict[str, Any]:
    """A record file (the body, as saved) after its first ``step`` actions, once the file is
    verified, with the game's components when asked; a bad file is refused with the reason
    (400 ``bad_record``)."""
    raw = await request.body()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise Refused("bad_record", "not a salon record: the file is not text",
                           key="record.not_a_record") from None
    return await replaying(compute, guard, client, replay_record, (text, step, components))


async def replaying(compute: Compute, guard: Guard, client: str, job: Callable[..., dict[str, Any]],
                    args: tuple[Any, ...]) -> dict[str, Any]:
    """A replay worked out in the workers, in the asking address's lane, within its rate."""
    await guard.replaying(client)
    try:
        return await compute.run(f"replay:{client}", job, args, REPLAY_DEADLINE)
    except (Busy, JobTimeout):
        raise Refused("busy", "the server is busy; try again in a moment") from None
