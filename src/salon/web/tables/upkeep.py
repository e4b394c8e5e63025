"""The housekeeping round of a process: tables that no seated person holds are ended, so
that their places count for nobody, the counts of rates and connections lose the rows they no
longer need (salon.web.quota), and the tables nobody uses are dropped from memory
(salon.web.tables.rooms)."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from salon.web import quota
from salon.web.standing.outcome import LEFT, with_departure
from salon.web.storage import Database, StorageError
from salon.web.tables.departures import people_left

if TYPE_CHECKING:
    from salon.web.tables.hub import Hub

log = logging.getLogger("salon.web")

TIDY_EVERY = 60.0
"""Seconds between two rounds of housekeeping (Upkeep.tidy)."""


class Upkeep:
    """The housekeeping of one process."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._rounds: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._rounds = asyncio.get_running_loop().create_task(self._every_round())

    def stop(self) -> None:
        if self._rounds is not None:
            self._rounds.cancel()

    async def _every_round(self) -> None:
        while True:
            await asyncio.sleep(TIDY_EVERY)
            try:
                ended = await self.tidy(time.time())
            except StorageError as e:
                log.warning("storage: no housekeeping this round: %s", e)
                continue
            if ended:
                log.info("%d tables ended: no seated person for %g s", len(ended), self.hub.limits.abandon_after)
            try:
                await self.hub.deadlines.round(time.time())
            except StorageError as e:
                log.warning("storage: no reminders nor timeouts this round: %s", e)
            await self.hub.rooms.drop_idle()

    async def tidy(self, now: float) -> list[str]:
        """Forget the rate hits out of their windows and the connections of ended processes,
        and end every table in play that no seated person has held, connected to any process,
        for the server's ``abandon_after`` up to ``now`` (seconds since the epoch, which the
        processes share), so that its place counts for nobody; the ids of those ended.  What a
        table was last held at is stored, so a restart does not give tables more time."""
        since = now - self.hub.limits.abandon_after

        def tidy(db: Database) -> list[str]:
            quota.forget_expired(db, now)
            quota.forget_gone(db)
            quota.attend(db, now)
            return quota.deserted(db, since)

        return [game_id for game_id in await self.hub.storage.run(tidy) if await self._abandon(game_id)]

    async def _abandon(self, game_id: str) -> bool:
        """End a table nobody holds, unless a seated person came back meanwhile."""
        room = self.hub.rooms.held.get(game_id)
        storage = self.hub.storage
        if room is None:  # not restored (set aside, say): only its place is given back
            return await storage.run(lambda db: db.end_game(game_id))
        async with room.lock:
            if not room.live or room.online() - {None}:
                return False
            for seat in people_left(room):  # each left it, and finishes last (salon.web.standing)
                room.options = with_departure(room.options, seat, LEFT)
            if not await self.hub.seats.end_stored(room):
                return False
            room.broadcast(self.hub.clock())
        return True
