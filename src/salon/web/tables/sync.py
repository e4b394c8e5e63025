"""The other processes on a shared database (PostgreSQL): their writes taken from their
notifications, catch-ups from the database, the rounds that find what a lost notification
hid, and which of the tables' players are connected to them.

A write that only appended actions is announced with its actions (salon.web.storage), which
this process applies to the game it holds without reading the database; any other write, a
notification missed, or a write that does not follow what the room holds sends the room back
to the database, for the actions it lacks.  Every few seconds (``Hub.lease_retry``) a round
compares this process's count of each table's writes with the database's, and a table found
behind at two rounds in a row is caught up: a notification lost however it was lost.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Coroutine
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from salon.core.errors import ActionError, SalonError
from salon.web import quota
from salon.web.errors import Refused
from salon.web.storage import Appended, Database, GameRecord, StorageError
from salon.web.tables.room import Room, forced_move

if TYPE_CHECKING:
    from salon.web.tables.hub import Hub

log = logging.getLogger("salon.web")


class Sync:
    """What one process learns of the others' writes and players."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._background: set[asyncio.Task[None]] = set()
        self._rounds: asyncio.Task[None] | None = None
        self._lagging: dict[str, int] = {}
        """The rooms found behind the database's count of writes at the last round, with the
        count each held then."""

    async def start(self) -> None:
        """Listen for the other processes' writes, and start the rounds on a shared database."""
        await self.hub.storage.listen(self.changed_elsewhere)
        if self.hub.storage.shared:
            self._rounds = asyncio.get_running_loop().create_task(self._every_round())

    def stop(self) -> None:
        for task in (*self._background, self._rounds):
            if task is not None:
                task.cancel()

    async def catch_up(self, room: Room, unstored: bool = False) -> None:
        """Bring the room to the game as the database holds it, after another process wrote
        it, and show every client of this process where it stands (the caller holds the
        room's lock).  Only the actions the room lacks are read and replayed, unless it
        went back (an undo) or the room holds actions the database did not store
        (``unstored``).  A game whose rows can no longer be restored is quarantined."""
        history = room.game.history
        storage = self.hub.storage
        rec = await storage.run(lambda db: db.load(room.id, since=len(history)))
        # no undo counted since (each is, with the actions it took back): the rows only grew
        extended = not unstored and isinstance(rec, GameRecord) and rec.undos == room.undos and [
            s.undos for s in rec.seats] == [s.undos for s in room.seats]
        if isinstance(rec, GameRecord):
            rec = replace(rec, actions=[*history, *rec.actions]) if extended else \
                await storage.run(lambda db: db.load(room.id))
        try:
            if rec is None:
                raise SalonError("its rows are gone")
            held = [s.token_hash for s in room.seats]
            deciding = room.game.current_player()
            resume = (room.game.clone(), list(room.log), list(room.actors), list(room.lone)) if extended else None
            room.take_from(self.hub.rooms.restore(rec, resume), extended)
            if room.game.current_player() != deciding:  # the turn timer runs from when this process learnt of it
                room.turn_started = self.hub.clock()
        except SalonError as e:
            await self.hub.rooms.quarantine(room.id, str(e))
            raise Refused("broken", f"game {room.id} is damaged and cannot be shown") from None
        for conn in list(room.conns):  # a token renewed, or a seat left or handed over, elsewhere
            if conn.seat is not None and room.seats[conn.seat].token_hash != held[conn.seat]:
                conn.push(None)
        self.hub.changed(room)

    def changed_elsewhere(self, game_id: str | None, appended: Appended | None) -> None:
        """Another process wrote the game (None: perhaps any game, after notifications were
        missed): the room, if this process holds it, takes the actions ``appended`` if that
        is all the write did, or else catches up from the database, once however many
        notifications come meanwhile; a table this process does not hold yet (created
        elsewhere, or one whose bot is to move) is loaded if every process holds it, so that
        any process may play its bots."""
        held = self.hub.rooms.held
        if game_id is None:
            rooms = list(held.values())
            self._in_background(self._discover(None))
        elif game_id in held:
            rooms = [held[game_id]]
            if appended is not None and not rooms[0].behind:
                self._in_background(self._take_notified(rooms[0], appended))
                return
        else:
            rooms = []
            self._in_background(self._discover([game_id]))
        for room in rooms:
            self.fall_behind(room)

    def fall_behind(self, room: Room) -> None:
        """Mark the room as behind the database, and catch it up once."""
        if not room.behind:
            room.behind = True
            self._in_background(self._refresh(room))

    def _in_background(self, job: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(job)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _discover(self, game_ids: list[str] | None) -> None:
        """Load those of the tables of ``game_ids`` (None: every unfinished one this process
        does not hold) that every process holds (salon.web.tables.rooms), and read each once
        more: a load already under way when the notification came may have read its rows
        before the write it announces."""
        try:
            storage = self.hub.storage
            if game_ids is None:
                game_ids = await storage.run(lambda db: db.unfinished_ids())
            unheld = [i for i in game_ids if i not in self.hub.rooms.held]
            for game_id in await storage.run(lambda db: db.to_hold(unheld)):
                room = await self.hub.rooms.get(game_id)
                self.fall_behind(room)
                self.hub.bots.wake(room)
        except (Refused, StorageError) as e:
            log.warning("tables of the other processes not loaded: %s", e)

    async def _take_notified(self, room: Room, appended: Appended) -> None:
        """Apply the actions another process stored, if they follow what the room holds (a
        notification it missed, or one of a write it has read already, and it reads the
        database instead, or nothing)."""
        async with room.lock:
            if appended.writes <= room.writes:
                return
            first = len(room.game.history)
            if room.behind or appended.writes != room.writes + 1 or appended.first != first:
                self.fall_behind(room)
                return
            deciding = actor = room.game.current_player()
            try:
                for action in appended.actions:
                    actor = room.game.current_player()
                    lone = forced_move(room.game) == action
                    room.add(room.game.apply(action), actor, action, lone)
            except ActionError as e:
                log.warning("game %s: the actions of another process not applied: %s", room.id, e)
                await self.catch_up(room, unstored=True)
                return
            room.writes = appended.writes
            if room.game.current_player() != deciding:
                room.turn_started, room.turn_since = self.hub.clock(), time.time()
            self.hub.changed(room, only=actor if all(room.private[first + 1:]) else None)

    async def _refresh(self, room: Room) -> None:
        async with room.lock:
            room.behind = False
            try:
                await self.catch_up(room)
            except (Refused, StorageError) as e:
                log.warning("game %s: not caught up with the other processes: %s", room.id, e)

    async def _every_round(self) -> None:
        """Now and then (on a shared database): catch up the tables the database holds more
        writes of than this process (a notification lost, or a catch-up that failed), learn
        which players are connected to the other processes, try to take over the bots of the
        tables another process played, and start those of this process's tables again where
        a catch-up found a bot's turn while the bot's task was ending (waking does nothing
        while a task runs)."""
        while True:
            await asyncio.sleep(self.hub.lease_retry)
            try:
                counted = await self.hub.storage.run(partial(Database.writes_of, game_ids=list(self.hub.rooms.held)))
                self._catch_up_lagging(counted)
                await self._presence_elsewhere()
            except StorageError as e:
                log.warning("storage: the other processes' writes and players not known: %s", e)
            for room in list(self.hub.rooms.held.values()):
                self.hub.bots.wake(room)

    def _catch_up_lagging(self, counted: dict[str, int]) -> None:
        """Catch up the rooms that were behind the database's count of writes at the last
        round already, and still hold the same count: a write announced a moment ago is on its
        way in its notification, and reading the game for it would be wasted."""
        lagging = {}
        for room in list(self.hub.rooms.held.values()):
            if counted.get(room.id, room.writes) > room.writes:
                if self._lagging.get(room.id) == room.writes:
                    self.fall_behind(room)
                else:
                    lagging[room.id] = room.writes
        self._lagging = lagging

    async def _presence_elsewhere(self) -> None:
        """Tell each table's clients the seats whose players came to or went from the other
        processes (a process that ended took its connections with it)."""
        seated = await self.hub.storage.run(quota.seated_elsewhere)
        now = self.hub.clock()
        for room in list(self.hub.rooms.held.values()):
            elsewhere = seated.get(room.id, set())
            if elsewhere != room.elsewhere:
                here = {c.seat for c in room.conns}
                for seat in room.elsewhere - elsewhere - here:
                    room.seats[seat].seen = now  # away from now on (Room.replaceable_in)
                room.elsewhere = elsewhere
                room.presence(now)
