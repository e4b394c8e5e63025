"""The live tables of one server process, assembled: the parts of salon.web.tables, each of
one concern, sharing the process's storage, guard, workers and clock through the Hub.

The routes (salon.web.api) reach a part through it: ``hub.rooms.get(id)``,
``hub.seats.join(...)``, ``hub.play.act(...)``.  What follows every change of a table's game,
wherever it came from (an action, an undo, another process's write), is :meth:`Hub.changed`.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TypeVar

from salon.bots.base import BotSpec
from salon.bots.search import HINT_THINK
from salon.core.errors import ConfigError
from salon.web.bot_policy import check_server_bot
from salon.web.caps import Limits
from salon.web.compute import Compute
from salon.web.errors import Refused
from salon.web.guard import Guard
from salon.web.mail import MAIL_OFF
from salon.web.storage import Database, Storage, StorageError
from salon.web.tables.bots import Bots
from salon.web.tables.deadlines import Deadlines
from salon.web.tables.departures import Departures
from salon.web.tables.hints import Hints
from salon.web.tables.lobby import Lobby
from salon.web.tables.play import Play
from salon.web.tables.room import Room
from salon.web.tables.rooms import Rooms
from salon.web.tables.seats import Seats
from salon.web.tables.sync import Sync
from salon.web.tables.upkeep import Upkeep

log = logging.getLogger("salon.web")

T = TypeVar("T")

LEASE_RETRY = 3.0
"""Seconds between two rounds of a process on a shared database (salon.web.tables.sync):
learning who is connected to the other processes, and trying to take over the bots of the
tables another process plays, should that process have ended."""


class Hub:
    """The tables of one server process.  ``clock`` (seconds, monotonic) times the turn
    timers and how long a player has been away: the tests give a clock of their own;
    ``hint_think`` is the seconds of search a hint takes; ``compute`` runs the bots' moves,
    the hints and the replays; ``allow_seed`` lets a creator choose a table's seed."""

    def __init__(self, storage: Storage, bot_delay: float = 0.6, allow_seed: bool = False,
                 limits: Limits | None = None, clock: Callable[[], float] = time.monotonic,
                 hint_think: float = HINT_THINK, compute: Compute | None = None,
                 lease_retry: float = LEASE_RETRY) -> None:
        self.storage = storage
        self.bot_delay = bot_delay
        self.allow_seed = allow_seed
        self.hint_think = hint_think
        self.guard = Guard(limits or Limits(), storage)
        self.clock = clock
        self.compute = compute or Compute()
        self.lease_retry = lease_retry
        self.stopping = False
        self.rooms = Rooms(self)
        self.lobby = Lobby(self)
        self.seats = Seats(self)
        self.play = Play(self)
        self.sync = Sync(self)
        self.bots = Bots(self)
        self.hints = Hints(self)
        self.upkeep = Upkeep(self)
        self.departures = Departures(self)
        self.deadlines = Deadlines(self)
        self.mail = MAIL_OFF
        """Where the letters' links point (salon.web.app sets the server's)."""

    @property
    def limits(self) -> Limits:
        return self.guard.limits

    async def start(self) -> None:
        """Listen to the other processes (first, so that no write after the games are read
        goes unheard), restore every unfinished game from the store and let its bots continue
        (a game that cannot be restored is quarantined, and the others are served as usual);
        then start the housekeeping."""
        self.storage.on_new_session(self.bots.leased.clear)  # the leases were the old session's locks
        await self.sync.start()
        for room in await self.rooms.load_unfinished():
            self.bots.wake(room)
        self.upkeep.start()

    async def stop(self) -> None:
        """Stop every bot and hint and close every connection (the server shuts down): the
        workers are stopped, whatever they were thinking about."""
        self.stopping = True
        self.sync.stop()
        self.upkeep.stop()
        for room in self.rooms.held.values():
            if room.bot_task is not None:
                room.bot_task.cancel()
            self.hints.cancel(room)
            for conn in list(room.conns):
                conn.push(None)
        await self.compute.stop()

    def check_bot(self, text: str) -> BotSpec:
        """The bot of a seat's spec ``text`` (a request's, a stored seat's), read once here;
        Refused (``unknown_bot``, ``bot_not_allowed``) for a bot this server does not play
        (salon.web.bot_policy)."""
        try:
            spec = BotSpec.parse(text)
            check_server_bot(spec, self.limits.custom_bots, self.limits.max_bot_think)
        except ConfigError as e:
            raise Refused("unknown_bot" if e.key == "error.unknown_bot" else "bot_not_allowed", str(e)) from None
        return spec

    async def store(self, job: Callable[[Database], T]) -> T:
        """A change stored, or Refused ``storage`` (nothing changed) when the database refuses it."""
        try:
            return await self.storage.run(job)
        except StorageError as e:
            log.error("storage: %s", e)
            raise Refused("storage", "the database refused the change; nothing changed, try again") from None

    def changed(self, room: Room, only: int | None = None) -> None:
        """What follows every change of a table's game: the hints of the old position
        cancelled, every client shown the new one (``only`` that seat's, after its private
        action, so that the others cannot count such actions), and its bots woken."""
        self.hints.cancel(room)
        room.broadcast(self.clock(), only=only)
        self.bots.wake(room)
