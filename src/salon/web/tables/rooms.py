"""Which tables this process holds in memory, and the lobby's listing of them.

Every table a request or a round needs is found here: one not held is loaded from the
database then, so that this is the one place that decides what a process keeps in memory.  A
process holds the tables in play whose clocks run in memory or whose bots are to move
(``storage.schema.TO_HOLD``: the live ones, and those that last days where a bot is to move);
any other table is held while it is in use (someone connected, a bot, a hint or a change under
way) and dropped once nobody has used it for :data:`IDLE_KEPT` seconds, so that a server may
store far more tables than it holds.  A stored game that cannot be restored is quarantined
(logged once, listed as broken) and costs only itself.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from salon.core.errors import SalonError
from salon.web.errors import Refused
from salon.web.storage import BrokenRecord, StorageError
from salon.web.tables.bots import bot_turn
from salon.web.tables.clocks import pace_of
from salon.web.tables.room import Room
from salon.web.tables.stored import Rebuilt, restore

if TYPE_CHECKING:
    from salon.web.storage import GameRecord
    from salon.web.tables.hub import Hub

log = logging.getLogger("salon.web")

IDLE_KEPT = 300.0
"""Seconds a table nobody uses stays in memory before it is dropped (Rooms.drop_idle)."""
STATUSES = ("open", "running", "over")
"""The lobby's sections, in the order it lists them."""
MAX_ID = 40
"""The longest table id looked for in the database (ids are 16 characters)."""


class Rooms:
    """The tables one process holds, by id."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.held: dict[str, Room] = {}

    def restore(self, rec: GameRecord | BrokenRecord, resume: Rebuilt | None = None) -> Room:
        """The room of a stored game (salon.web.tables.stored.restore), with this server's bots."""
        return restore(rec, self.hub.clock(), self.hub.check_bot, resume)

    async def load_unfinished(self) -> list[Room]:
        """Hold the games in play that a process holds whoever uses them (a process starting):
        the rooms restored."""
        loaded = []
        for rec in await self.hub.storage.run(lambda db: db.unfinished_to_hold()):
            if rec.id in self.held:  # loaded meanwhile, on the news of another process's write
                continue
            try:
                room = self.restore(rec)
            except SalonError as e:
                await self.quarantine(rec.id, str(e))
                continue
            self.held[room.id] = room
            loaded.append(room)
        return loaded

    async def quarantine(self, game_id: str, reason: str) -> None:
        log.error("game %s cannot be restored and is quarantined: %s", game_id, reason)
        try:
            await self.hub.storage.run(lambda db: db.quarantine(game_id, reason))
        except StorageError as e:
            log.error("game %s: the quarantine was not stored: %s", game_id, e)

    async def get(self, game_id: str) -> Room:
        """The table of ``game_id``, loaded if this process does not hold it yet; Refused
        ``not_found``, or ``broken`` for one that cannot be restored (quarantined now)."""
        room = self.held.get(game_id)
        if room is not None:
            room.used = self.hub.clock()
            return room
        rec = await self.hub.storage.run(lambda db: db.load(game_id)) if len(game_id) <= MAX_ID else None
        if rec is None:
            raise Refused("not_found", f"no game {game_id!r}")
        room = self.held.get(game_id)  # loaded meanwhile by another request
        if room is None:
            try:
                room = self.restore(rec)
            except SalonError as e:
                if not (isinstance(rec, BrokenRecord) and rec.quarantined):
                    await self.quarantine(game_id, str(e))
                raise Refused("broken", f"game {game_id} is damaged and cannot be shown") from None
            self.keep(room)
        return room

    def keep(self, room: Room) -> None:
        """Hold ``room``, in use from now."""
        room.used = self.hub.clock()
        self.held[room.id] = room

    async def drop_idle(self) -> list[str]:
        """Drop the tables nobody has used for IDLE_KEPT seconds and that nothing holds in
        memory (see the module's docstring), giving back the lease on their bots, which the
        process that next moves at the table takes: the ids dropped."""
        limit = self.hub.clock() - IDLE_KEPT
        idle = [r.id for r in self.held.values() if r.used < limit and not self._in_use(r)]
        for game_id in idle:
            del self.held[game_id]
            await self.hub.bots.let_go(game_id)
        return idle

    @staticmethod
    def _in_use(room: Room) -> bool:
        busy = room.conns or room.hinting or room.lock.locked() or (room.bot_task and not room.bot_task.done())
        timed = room.live and pace_of(room.options) is None  # a live table's clocks run in memory
        return bool(busy or timed or bot_turn(room) is not None)

    async def listing(self, status: str | None = None, offset: int = 0, limit: int | None = None) -> dict[str, Any]:
        """The lobby: open, running and finished games, newest first, at most ``limit`` of
        each (the server's page size at most); with ``status`` one section from ``offset``.
        ``more`` tells, per section, whether further games follow; ``broken`` lists the
        quarantined games."""
        page = self.hub.limits.page_size
        limit = page if limit is None else max(0, min(limit, page))
        wanted = STATUSES if status is None else (status,)
        games: list[dict[str, Any]] = []
        more: dict[str, bool] = {}
        for section in wanted:
            rooms, more[section] = await self._section(section, offset, limit)
            games += [r.summary() for r in rooms]
        result: dict[str, Any] = {"games": games, "more": more}
        if status is None or status == "broken":
            broken = await self.hub.storage.run(lambda db: db.broken_games(limit))
            result["broken"] = [{"id": game_id, "reason": reason} for game_id, reason in broken]
        return result

    async def _section(self, section: str, offset: int, limit: int) -> tuple[list[Room], bool]:
        """One section's tables from ``offset``, and whether more follow."""
        if section == "over":
            ids = await self.hub.storage.run(lambda db: db.finished_ids(limit + 1, offset))
        else:
            ids = await self.hub.storage.run(lambda db: db.listed_in_play(section, limit + 1, offset))
        rooms = []
        for game_id in ids[:limit]:
            try:
                rooms.append(await self.get(game_id))
            except Refused:
                continue
        return rooms, len(ids) > limit
