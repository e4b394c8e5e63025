"""An account's games on every device: "My games" (where it is the player's turn first, with
the time left, then the tables waiting for others, the invitations and the finished games),
the count and the next of its turns (the tab title, the "next game" button) and its holidays.

Live tables and tables that last days alike: the lists are read from the database
(salon.web.storage.turns), whichever process holds a table, or none.
"""

from __future__ import annotations

import time
from typing import Any, Literal

from pydantic import StrictBool

from salon.web.api.accounts import Holiday
from salon.web.api.deps import AccountsDep, HubDep, Signed
from salon.web.api.models import ApiModel
from salon.web.api.routing import router
from salon.web.storage import turns as stored_turns
from salon.web.storage.schema import ENDED, FINISHED
from salon.web.tables.clocks import Clock

my_games = router("accounts")

FINISHED_SHOWN = 20
"""The finished games My games lists, newest first."""
TURNS_LISTED = 50
"""The tables waiting for the account's move that the count of turns names."""


class MyGame(ApiModel):
    """A table of the account's."""

    id: str
    game: str
    title: str
    seat: int
    """The account's seat (or the one kept for it, for an invitation)."""
    turn_seat: int | None
    """The seat deciding now; null once the game is over."""
    pace_days: int | None
    """The days a move of a table that lasts days; null for a live table."""
    deadline: float | None
    """When the decider's time runs out (seconds since the epoch), at a table that lasts days."""
    left: float | None
    """Seconds the decider has left, at a table that lasts days."""
    paused: bool
    """The decider is on holiday: the clock stands still."""
    status: Literal["playing", "finished", "ended"]
    players: list[str]
    """The names at the table, seat by seat (empty: a free seat)."""
    created: float


class MyGames(ApiModel):
    your_turn: list[MyGame]
    """The longest waiting first."""
    waiting: list[MyGame]
    """Tables in play waiting for others."""
    invitations: list[MyGame]
    """Tables with a seat kept for the account's address."""
    finished: list[MyGame]
    """The latest finished or ended games, newest first."""
    count: int
    """How many tables wait for the account's move."""


class Turns(ApiModel):
    count: int
    """How many tables wait for the account's move."""
    next: str | None
    """The one waiting longest."""
    games: list[str]
    """The tables waiting for the account's move, the longest waiting first (at most
    ``TURNS_LISTED``): a table's page links to the first of them that is not itself."""


class HolidaySwitch(ApiModel):
    on: StrictBool


def entry(row: Any, names: list[str], now: float) -> dict[str, Any]:
    """One table of the account's as My games shows it."""
    status = "finished" if row.over == FINISHED else "ended" if row.over == ENDED else "playing"
    clock = (Clock(row.pace_days, float(row.turn_since), row.holiday_since)
             if row.pace_days and status == "playing" and row.turn_seat is not None else None)
    return {"id": row.id, "game": row.game, "title": row.title, "seat": row.seat,
            "turn_seat": row.turn_seat if status == "playing" else None, "pace_days": row.pace_days,
            "deadline": round(clock.deadline(now)) if clock else None,
            "left": round(clock.left(now)) if clock else None,
            "paused": bool(clock and clock.holiday_since is not None), "status": status, "players": names,
            "created": row.created}


def sort_games(rows: list[Any], named: dict[str, list[str]], now: float) -> dict[str, list[dict[str, Any]]]:
    """The rows of the account's tables into My games' four lists."""
    lists: dict[str, list[dict[str, Any]]] = {"your_turn": [], "waiting": [], "invitations": [], "finished": []}
    seen: set[str] = set()
    for row in rows:
        if row.id in seen:  # a second seat at one table: the first counts
            continue
        seen.add(row.id)
        shown = entry(row, named.get(row.id, []), now)
        if shown["status"] != "playing":
            lists["finished"].append(shown)
        elif row.token_hash is None:
            lists["invitations"].append(shown)
        elif row.turn_seat == row.seat:
            lists["your_turn"].append(shown)
        else:
            lists["waiting"].append(shown)
    return lists


@my_games.get("/api/account/games")
async def games(person: Signed, hub: HubDep) -> MyGames:
    """The account's tables: where it is its turn (the longest waiting first), those waiting
    for others, invitations to seats kept for its address, and its latest finished games."""
    address = person.email if person.verified else None

    def read(db: Any) -> tuple[list[Any], dict[str, list[str]]]:
        rows = stored_turns.account_games(db, person.id, address, FINISHED_SHOWN)
        return rows, stored_turns.players(db, sorted({r.id for r in rows}))

    rows, named = await hub.storage.run(read)
    lists = sort_games(rows, named, time.time())
    return MyGames.model_validate({**lists, "count": len(lists["your_turn"])})


@my_games.get("/api/account/turns")
async def turns(person: Signed, hub: HubDep) -> Turns:
    """How many tables wait for the account's move, and the one waiting longest."""
    waiting = await hub.storage.run(lambda db: stored_turns.turns(db, person.id))
    return Turns(count=len(waiting), next=waiting[0][0] if waiting else None,
                 games=[game_id for game_id, _ in waiting[:TURNS_LISTED]])


@my_games.get("/api/account/holiday")
async def holiday(person: Signed, store: AccountsDep) -> Holiday:
    """The account's holiday: whether it is on, and the days left this year."""
    return Holiday.model_validate(await store.holidays.view(person.id))


@my_games.post("/api/account/holiday")
async def switch_holiday(spec: HolidaySwitch, person: Signed, store: AccountsDep) -> Holiday:
    """Switch the account's holiday on (the clocks of its tables that last days stand still,
    and the other players see it) or off (its clocks run on from where they stood)."""
    return Holiday.model_validate(await store.holidays.switch(person.id, spec.on))

