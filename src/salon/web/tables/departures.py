"""Players who go before the game ends: one who concedes, one whose time at a table that lasts
days runs out, and every one of them together, by a vote to end the game as it stands.

Either way the seat is handed to a bot, which plays it on for the others; a player who
conceded, or ran out of time at a table whose creator chose ``out``, is *out*: the table lists
them, in the order they went, and they finish last whatever their seat scores.  Why each went
is kept for their results (salon.web.standing), where everyone who went finishes last.  A
table none of whose people is left (each conceded, ran out of time or left their seat) ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from salon.web.adapters import adapter
from salon.web.errors import Refused
from salon.web.standing.outcome import CONCEDED, TIMED_OUT, with_departure
from salon.web.tables.room import HUMAN, Room
from salon.web.tables.seats import check_table_choice, without
from salon.web.tables.whole import whole

if TYPE_CHECKING:
    from salon.web.tables.hub import Hub


def outs(room: Room) -> list[int]:
    """The seats whose players are out, in the order they went."""
    out: list[int] = room.options.get("out", [])
    return out


def end_votes(room: Room) -> list[int]:
    """The seats whose players voted to end the game now."""
    votes: list[int] = room.options.get("end_votes", [])
    return votes


def people_left(room: Room) -> list[int]:
    """The seats a person still holds."""
    return [s.seat for s in room.seats if s.kind == HUMAN and s.token_hash is not None]


class Departures:
    """Conceding, and running out of time, at every table of one process."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    @whole
    async def concede(self, room: Room, seat: int | None, version: int) -> None:
        """``seat``'s player gives the game up: they are out, and a bot plays the seat on."""
        async with room.lock:
            check_table_choice(room, seat, version)
            assert seat is not None
            if room.game.is_over():
                raise Refused("over", "the game is over")
            await self._go(room, seat, CONCEDED, out=True)

    @whole
    async def vote_to_end(self, room: Room, seat: int | None, end: bool, version: int) -> None:
        """``seat``'s player votes to end the game now (or takes the vote back): once every
        person still at the table has voted, it ends, scored as it stands (the game's
        adapter's ``scores_now``), everyone who went before finishing last."""
        async with room.lock:
            check_table_choice(room, seat, version)
            assert seat is not None
            if room.status != "running":
                raise Refused("over", "only a game in play can be ended")
            scores = adapter(room.name).scores_now(room.game)
            if scores is None:
                raise Refused("cannot_score_now", "this game cannot be scored before its end")
            votes = [s for s in end_votes(room) if s != seat] + ([seat] if end else [])
            options = room.options = {**room.options, "end_votes": sorted(votes)}
            if set(people_left(room)) <= set(votes):
                await self.hub.seats.end_stored(room, scores)
            else:
                await self.hub.store(lambda db: db.set_options(room.id, options))
            room.broadcast(self.hub.clock())

    async def time_out(self, room: Room, seat: int) -> bool:
        """``seat``'s time ran out (salon.web.tables.deadlines): a bot takes the seat, its player
        out as well where the table's creator chose so; False if the seat no longer decides
        (it moved, or another process timed it out first)."""
        async with room.lock:
            if not (room.live and room.seats[seat].kind == HUMAN and room.game.current_player() == seat):
                return False
            await self._go(room, seat, TIMED_OUT, out=room.options.get("on_timeout") == "out")
            return True

    async def _go(self, room: Room, seat: int, why: str, out: bool) -> None:
        """Hand ``seat`` to a bot, its player out if ``out``, gone for ``why``; end the table
        if nobody is left, or scored as it stands if everyone left had voted to end it."""
        options: dict[str, Any] = with_departure(without(room, seat, vacate=False), seat, why)
        if out:
            options["out"] = [*outs(room), seat]
        await self.hub.seats.reseat(room, seat, True, options)
        left = people_left(room)
        if not left:
            await self.hub.seats.end_stored(room)
        elif set(left) <= set(end_votes(room)):
            await self.hub.seats.end_stored(room, adapter(room.name).scores_now(room.game))
        room.broadcast(self.hub.clock())
        self.hub.bots.wake(room)
