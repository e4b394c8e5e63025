"""One table's public views: its summary, the game's components, and its record once the game
is over."""

from __future__ import annotations

from typing import Any

from pydantic import RootModel

from salon.core import record
from salon.web.adapters import adapter
from salon.web.api.deps import Table
from salon.web.api.models import ApiModel, Summary
from salon.web.api.routing import router
from salon.web.errors import Refused
from salon.web.replay import record_seats

tables = router("tables")


class Components(RootModel[dict[str, Any]]):
    """What the game's renderer draws from: its cards, tiles, board... (each game its own)."""


class Record(ApiModel):
    """A finished game's record: everything that replays it, seed included (what ``salon play
    --load`` and ``salon replay`` read, and ``POST /api/replay`` takes)."""

    format: str
    version: int
    """Of the record format."""
    game: str
    config: dict[str, Any]
    seed: int
    actions: list[str]
    state_hash: str
    """The final state's hash: replaying the actions must reach it."""
    snapshot: dict[str, Any]
    """The final state."""
    seats: list[str] | None = None
    """Who played each seat: "human" for a person, else the bot's name (or the game's own player's)."""
    checksum: str


@tables.get("/api/games/{game_id}", response_model=Summary)
async def table_summary(room: Table) -> dict[str, Any]:
    """The table as the lobby lists it."""
    return room.summary()


@tables.get("/api/games/{game_id}/components", response_model=Components)
async def components(room: Table) -> dict[str, Any]:
    """The game's components, for a client's tooltips and drawings (public: nothing secret)."""
    return adapter(room.name).components(room.game)


@tables.get("/api/games/{game_id}/record", response_model=Record, response_model_exclude_unset=True)
async def game_record(room: Table) -> dict[str, Any]:
    """The full record (seed included) once the game is over, when nothing is secret any more."""
    if room.live:
        raise Refused("not_over", "the record is published when the game is over")
    return record.make_record(room.game, record_seats(room.game, room.seats_json()))
