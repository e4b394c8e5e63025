"""The bots' moves, and the moves the server makes for people (their lone passes and dones,
what decides nothing, the free gains they asked for: room.forced_move).

A bot thinks in the table's lane of the workers (salon.web.compute), outside the room's lock,
on a copy of the game; its move is made only if the position is still the one it thought
about.  A move made for a person comes after the very pause a bot's move takes, so that how
soon a seat passes tells nothing of its hand.  On a shared database only the process holding
a table's lease (an advisory lock of its connection) moves for it.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from salon.bots.base import Bot, RandomBot, bot_seed
from salon.core.errors import SalonError
from salon.web import jobs
from salon.web.compute import Busy, JobTimeout
from salon.web.errors import Refused
from salon.web.storage import StorageError
from salon.web.tables.room import Room, forced_move
from salon.web.tables.whole import whole

if TYPE_CHECKING:
    from salon.web.tables.hub import Hub

log = logging.getLogger("salon.web")

JOB_GRACE = 10.0
"""Seconds a bot's move or a hint may run past what it is expected to cost before it is stopped."""


def bot_turn(room: Room) -> int | None:
    """The seat the server moves for now: a bot's, or a person's for whom it moves (forced_move)."""
    if room.status != "running":
        return None
    seat = room.game.current_player()
    if seat is None or (room.seats[seat].bot is None and forced_move(room.game, room.seats[seat].prefs) is None):
        return None
    return seat


def person_move(room: Room, seat: int) -> list[str]:
    """The move the server makes now for the person at ``seat``, as their preferences say (none
    where bot_turn finds none)."""
    move = forced_move(room.game, room.seats[seat].prefs)
    return [] if move is None else [move]


class Bots:
    """The bots of every table one process plays."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.leased: set[str] = set()
        """The tables whose bots this process plays (Database.lease)."""

    def wake(self, room: Room) -> None:
        """Start the room's bot player if a bot decides now, or a person who has nothing to
        decide (and none is running)."""
        if self.hub.stopping or (room.bot_task is not None and not room.bot_task.done()):
            return
        if bot_turn(room) is not None:
            room.bot_task = asyncio.get_running_loop().create_task(self._play(room))

    async def _lease(self, room: Room) -> bool:
        """Whether this process plays the table's bots (one process does, on a shared database)."""
        if room.id not in self.leased:
            try:
                if not await self.hub.storage.run(lambda db: db.lease(room.id)):
                    return False
            except StorageError as e:
                log.warning("game %s: no lease on its bots: %s", room.id, e)
                return False
            self.leased.add(room.id)
        return True

    async def _play(self, room: Room) -> None:
        """Move for the table's seats while the server moves for them, then give the lease
        back once the game is over."""
        if not await self._lease(room):
            return
        await self._moves(room)
        if not room.live:
            await self.let_go(room.id)

    async def let_go(self, game_id: str) -> None:
        """Give back the lease on a table's bots, if this process holds it (a game over, a
        table no longer held)."""
        if game_id in self.leased:
            self.leased.discard(game_id)
            try:
                await self.hub.storage.run(lambda db: db.let_go(game_id))
            except StorageError as e:
                log.warning("game %s: its lease not given back: %s", game_id, e)

    async def _moves(self, room: Room) -> None:
        commit = whole(self.hub.play.commit)
        while room.id in self.leased and (seat := bot_turn(room)) is not None:
            changes = room.changes
            if room.paced(seat):
                await asyncio.sleep(self.hub.bot_delay)
            if room.changes != changes or bot_turn(room) != seat:
                continue
            bot = room.seats[seat].bot
            try:
                moves: list[str] = []  # a person's move is found under the lock (see bot_turn)
                thought: Bot | None = None
                if bot is not None:
                    moves, thought = await self._think(room, bot, seat)
                async with room.lock:
                    if room.changes != changes or bot_turn(room) != seat or room.seats[seat].bot is not bot:
                        continue
                    if thought is not None:
                        room.seats[seat].bot = thought
                    else:
                        moves = person_move(room, seat)
                        room.forced[seat] = (room.version_for(seat), moves[0])
                    await commit(room, moves)
            except Refused as e:
                if e.code != "stale":  # another process moved first: the room caught up, think again
                    log.exception("game %s: the bot of seat %d stopped", room.id, seat)
                    return
            except Exception:  # a bot's defect must not take the server down; the game waits
                log.exception("game %s: the bot of seat %d stopped", room.id, seat)
                return

    async def _think(self, room: Room, bot: Bot, seat: int) -> tuple[list[str], Bot]:
        """The bot's moves from the workers, within what a decision of it is expected to cost
        (:attr:`Bot.cost`: a search's think time) and JOB_GRACE.  Where that fails (a bot past
        its deadline, a bot that raised, workers that died), the random bot moves instead, with
        a warning, so that the game goes on and the bot is asked again at its next decision: the
        random bot needs nothing but the rules, and its choice costs nothing, so it moves at
        once, here, as every instant bot does (sending it the game would cost more)."""
        try:
            if bot.instant:
                return jobs.bot_moves(room.game.clone(), bot, seat)
            return await self.hub.compute.run(room.id, jobs.bot_moves, (room.game.clone(), bot, seat),
                                              bot.cost + JOB_GRACE, cost=bot.cost, refusable=False)
        except JobTimeout:
            log.warning("game %s: the bot of seat %d ran past its deadline; a random move instead", room.id, seat)
        except (Busy, SalonError) as e:  # its workers died, or it refused the game: nothing to trace
            log.warning("game %s: the bot of seat %d failed: %s; a random move instead", room.id, seat, e)
        except Exception:  # a bot's defect, traced where it raised (a worker's traceback comes with it)
            log.warning("game %s: the bot of seat %d failed; a random move instead", room.id, seat, exc_info=True)
        return jobs.bot_moves(room.game.clone(), RandomBot(bot_seed(room.seed, seat)), seat)[0], bot
