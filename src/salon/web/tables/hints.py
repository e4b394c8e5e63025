"""Hints: the search's best choices for the seat deciding now, from its information only,
where the table allows them.  One hint at a time per seat, whichever process it is asked
through (a lease, as for the bots), within the hint rate of the seat and of its address.
The search runs in the table's lane of the workers (salon.web.compute), outside the room's
lock, and is cancelled if the position changes meanwhile; the count is stored and shown to
everyone once the hint is given."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from salon.bots.search import Estimate, hint_seed
from salon.web import jobs
from salon.web.compute import Busy, JobTimeout
from salon.web.errors import Refused
from salon.web.storage import StorageError
from salon.web.tables.bots import JOB_GRACE
from salon.web.tables.room import Room

if TYPE_CHECKING:
    from salon.web.tables.hub import Hub

log = logging.getLogger("salon.web")


def check_may_hint(room: Room, seat: int) -> None:
    if room.status != "running" or room.game.current_player() != seat:
        raise Refused("not_your_turn", "a hint is for the seat that decides now")
    if seat in room.hinting:
        raise Refused("hint_pending", "your hint is still being worked out; wait for it")


class Hints:
    """The hints of every table of one process."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    async def ask(self, room: Room, seat: int | None, client: str = "") -> list[Estimate]:
        """The best choices for ``seat``, asked from ``client`` (an address's key)."""
        if seat is None:
            raise Refused("spectator", "a spectator holds no seat to ask a hint for")
        if not room.options.get("hints"):
            raise Refused("hints_off", "this table was created without hints")
        check_may_hint(room, seat)
        lease = f"hint {room.id} {seat}"
        if not await self.hub.store(lambda db: db.lease(lease)):
            raise Refused("hint_pending", "your hint is still being worked out elsewhere; wait for it")
        try:
            await self.hub.guard.hinting(client, f"{room.id}:{seat}")
            check_may_hint(room, seat)  # again: the game may have moved on, or a hint started, while it was counted
            return await self._search(room, seat)
        finally:
            try:
                await self.hub.storage.run(lambda db: db.let_go(lease))
            except StorageError as e:
                log.warning("game %s: a hint's lease not given back: %s", room.id, e)

    async def _search(self, room: Room, seat: int) -> list[Estimate]:
        s = room.seats[seat]
        think = self.hub.hint_think
        task = asyncio.ensure_future(self.hub.compute.run(
            room.id, jobs.hint, (room.game.clone(), hint_seed(room.seed, seat, s.hints), think), think + JOB_GRACE,
            cost=think))
        room.hinting[seat] = task
        try:
            estimates = await task
        except asyncio.CancelledError:
            current = asyncio.current_task()
            if current is not None and current.cancelling():  # the request itself is cancelled
                raise
            raise Refused("stale", "the position changed before the hint was ready",
                          version=room.version_for(seat)) from None
        except Busy:
            raise Refused("busy", "the server is busy; ask again in a moment") from None
        except JobTimeout:
            raise Refused("busy", "the hint took too long; ask again in a moment") from None
        finally:
            if room.hinting.get(seat) is task:
                del room.hinting[seat]
        await self.hub.store(lambda db: db.count_hint(room.id, seat))
        s.hints += 1
        room.presence(self.hub.clock())
        return estimates

    @staticmethod
    def cancel(room: Room) -> None:
        """Stop the hints being searched: the position they were for has changed."""
        for task in room.hinting.values():
            task.cancel()
