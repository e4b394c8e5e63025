"""Who sits where: the seat a request speaks for, taking and leaving seats, tokens, who is
here, and what the table's host and players may decide for a seat whose player is gone.

A table with a seat for a person is private unless its creator lists it.  Its creator hosts
it: the host may hand a player who has been away, or has let a decision wait, too long to a
bot or open the seat again; a seat left during the game is offered to the remaining players
before anyone else may take it, and when the turn timer of a deciding player runs out another
seated player may hand the seat to a bot or end the game.
"""

from __future__ import annotations

import secrets
import time
from functools import partial
from typing import TYPE_CHECKING, Any

from salon.bots.base import BotSpec
from salon.web.chat import blocks
from salon.web.errors import Refused
from salon.web.names import clean_text, likeness
from salon.web.standing.eligibility import shortfall
from salon.web.standing.outcome import LEFT, TIMED_OUT, kind_of, outcome_of, with_departure
from salon.web.standing.record import finish
from salon.web.storage import Database, SeatRecord
from salon.web.tables import notices
from salon.web.tables.clocks import pace_of
from salon.web.tables.room import AUTOMATON, BOT, HUMAN, Connection, Room, Seat, hash_token
from salon.web.tables.stored import seat_bot
from salon.web.tables.whole import whole

if TYPE_CHECKING:
    from salon.web.tables.hub import Hub

REPLACEMENT_BOT = "normal"
"""The bot a timed-out seat is handed to."""
NAME_LIMIT = 40


def display_name(name: Any, seat: int) -> str:
    """A player's name as the others will see it (salon.web.names); "#n" for none."""
    return clean_text(str(name or ""), NAME_LIMIT) or f"#{seat + 1}"


def unlike(seats: list[SeatRecord] | list[Seat], seat: int, name: str) -> None:
    """Refuse a name at ``seat`` that would look like another seat's (salon.web.names.likeness):
    nobody may pass for someone else at the table."""
    key = likeness(name)
    if any(s.seat != seat and s.name and likeness(s.name) == key for s in seats):
        raise Refused("name_taken", f"someone at this table is shown as {name!r} already; choose another name")


def free_seat(seats: list[SeatRecord] | list[Seat], wanted: int | None, vacant: list[int] | None = None,
              address: str | None = None) -> int:
    """The seat to take: ``wanted``, or the first free one; a seat left during the game
    (``vacant``) is not free until its remaining players open it, and one kept for an invited
    address is free only to that ``address`` (a verified one)."""
    vacant = vacant or []
    free = [s for s in seats if s.kind == HUMAN and s.token_hash is None and s.seat not in vacant
            and s.invited in (None, address)]
    if wanted is None:
        if not free:
            raise Refused("no_free_seat", "every seat of this game is taken")
        return free[0].seat
    if not 0 <= wanted < len(seats):
        raise Refused("bad_seat", f"seat {wanted} does not exist (0-{len(seats) - 1})")
    seat = seats[wanted]
    if seat.kind == AUTOMATON:
        raise Refused("seat_is_automated", f"seat {wanted} is played by the game itself")
    if seat.kind != HUMAN:
        raise Refused("seat_is_bot", f"seat {wanted} is played by a bot")
    if seat.token_hash is not None:
        raise Refused("seat_taken", f"seat {wanted} is already taken")
    if wanted in vacant:
        raise Refused("seat_vacant", f"seat {wanted} was left during the game: its players decide first whether "
                                     "a bot or someone else takes it")
    if seat.invited not in (None, address):
        raise Refused("seat_invited", f"seat {wanted} is kept for the person invited to it")
    return wanted


def check_table_choice(room: Room, seat: int | None, version: int) -> None:
    """A seated player deciding for the table (another seat's fate, its end) on the version
    it was shown."""
    if seat is None:
        raise Refused("spectator", "a spectator cannot decide for the table; join a seat to play")
    if not room.live:
        raise Refused("over", "the game is over")
    shown = room.version_for(seat)
    if version != shown:
        raise Refused("stale", "state changed, refresh", version=shown)


def without(room: Room, seat: int, vacate: bool) -> dict[str, Any]:
    """The table's options once ``seat``'s player is gone: a seat left during the game
    (``vacate``) is offered to the remaining players first, and the host's role passes to
    the first remaining player.  With nobody left to decide, every seat is simply free."""
    options = dict(room.options)
    others = [x.seat for x in room.seats if x.kind == HUMAN and x.token_hash is not None and x.seat != seat]
    vacant = [v for v in room.vacant if v != seat] + ([seat] if vacate else [])
    options["vacant"] = sorted(vacant) if others else []
    if room.host == seat or room.host is None:
        options["host"] = others[0] if others else None
    return options


def unseat(room: Room, seat: int) -> None:
    """The seat's connections go on as spectators (their token no longer holds it)."""
    for conn in room.conns:
        if conn.seat == seat:
            conn.seat = None
            conn.epoch = -1


class Seats:
    """The seats of every table of one process."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    async def who(self, room: Room, token: str | None, account: str | None = None) -> int | None:
        """The seat a request's token holds (Room.seat_of), else the seat its signed-in
        ``account`` holds (on any device), None for a spectator.  On a shared database a token
        this process does not know may have been given through another process a moment ago
        (a seat joined there, the page then connected here): it is looked for again in the
        database before it is refused."""
        try:
            seat = room.seat_of(token)
        except Refused:
            digest = hash_token(token or "")
            if not (self.hub.storage.shared and await self.hub.store(lambda db: db.holds_seat(room.id, digest))):
                held = await self._held(room, account)
                if held is None:
                    raise
                return held
            async with room.lock:
                await self.hub.sync.catch_up(room)
            return room.seat_of(token)
        return seat if seat is not None else await self._held(room, account)

    async def _held(self, room: Room, account: str | None) -> int | None:
        """The seat of the table that ``account`` holds (stored with the seat, so that every
        process and device finds it), caught up with first if this process has not seen it
        taken yet."""
        if account is None:
            return None
        seat = await self.hub.store(lambda db: db.account_seat(room.id, account))
        if seat is not None and room.seats[seat].token_hash is None:
            async with room.lock:
                await self.hub.sync.catch_up(room)
        return seat if seat is not None and room.seats[seat].token_hash is not None else None

    @whole
    async def join(self, room: Room, wanted: int | None, name: Any, client: str = "",
                   account: str | None = None, address: str | None = None) -> tuple[int, str]:
        """Take a free seat (``wanted``, or the first): its number and its token; a signed-in
        person's ``account`` holds it too (Database.take_seat), and its verified ``address``
        may take a seat kept for it.  At a table that lasts days, only an account sits."""
        async with room.lock:
            if not room.live:
                raise Refused("over", "the game is over")
            if account is None and pace_of(room.options) is not None:
                raise Refused("signed_out", "a table that lasts days is played by accounts: sign in first")
            if room.options.get("rated"):
                await self._check_rated(room, account)
            free_seat(room.seats, wanted, room.vacant, address)
            holders = [s.account for s in room.seats if s.account is not None and s.token_hash is not None]
            if account is not None and holders and await self.hub.store(
                    lambda db: blocks.blocked_by_any(db, account, holders)):
                raise Refused("blocked", "a player at this table has blocked you")
            await self.hub.guard.joining(client)
            token = secrets.token_urlsafe(24)
            digest = hash_token(token)
            while True:
                seat = free_seat(room.seats, wanted, room.vacant, address)
                label = display_name(name, seat)
                unlike(room.seats, seat, label)
                hosting = None if room.host is not None else {**room.options, "host": seat}
                if await self.hub.store(partial(Database.take_seat, game_id=room.id, seat=seat, name=label,
                                                token_hash=digest, options=hosting, account=account)):
                    break
                # another process seated someone there: any other free seat will do, else the client is told
                await self.hub.sync.catch_up(room)
            now = self.hub.clock()
            room.seats[seat].token_hash = digest
            room.seats[seat].name = label
            room.seats[seat].seen = now
            room.seats[seat].account = account
            if account is not None:  # what the server answers for its player, until their page says
                room.seats[seat].prefs = await self.hub.store(lambda db: db.preferences(account))
            room.options = hosting or room.options
            room.turn_started = now  # a timer runs for seated players only
            await self._started(room)
            room.broadcast(now)
            self.hub.bots.wake(room)
            return seat, token

    async def _check_rated(self, room: Room, account: str | None) -> None:
        """Only an account sits at a rated table, with the rating and reliability it asks for."""
        if account is None:
            raise Refused("signed_out", "a rated table is played by accounts: sign in first")
        kind = kind_of(room)
        short = await self.hub.store(lambda db: shortfall(db, account, kind, room.options))
        if short is not None:
            raise Refused("below_minimum", short)

    async def _started(self, room: Room) -> None:
        """Once every seat is taken, remember who sat down (salon.web.standing: the people
        the game's outcome counts) and start the clock of a table that lasts days."""
        if room.status != "running":
            return
        if "lineup" not in room.options:
            options = room.options = {**room.options, "lineup": [s.account for s in room.seats]}
            await self.hub.store(lambda db: db.set_options(room.id, options))
        await self._start_clock(room)

    async def _start_clock(self, room: Room) -> None:
        """At a table that lasts days, start the first decision's clock once every seat is
        taken (its time does not run while the table waits for players), and tell its player."""
        days = pace_of(room.options)
        if days is None or room.status != "running":
            return
        room.turn_since = time.time()
        turn = room.game.current_player()

        def start(db: Database) -> None:
            db.set_turn(room.id, turn, room.turn_since)
            if turn is not None and room.seats[turn].kind == HUMAN:
                notices.your_turn(db, self.hub.mail, room.id, room.title, turn, days, room.turn_since)

        await self.hub.store(start)

    @whole
    async def leave(self, room: Room, seat: int | None) -> None:
        """The seat's player gives it up: its token stops working, and the seat is free for
        someone else to take (the game waits for them)."""
        async with room.lock:
            if seat is None:
                raise Refused("spectator", "a spectator holds no seat to leave")
            if not room.live:
                raise Refused("over", "the game is over")
            s = room.seats[seat]
            digest = s.token_hash
            assert digest is not None
            options = without(room, seat, vacate=room.status == "running")
            if room.status == "running":
                options = with_departure(options, seat, LEFT)

            def leave(db: Database) -> None:
                db.leave_seat(room.id, seat, digest)
                db.set_options(room.id, options)

            await self.hub.store(leave)
            s.token_hash, s.name = None, ""
            room.options = options
            unseat(room, seat)
            room.broadcast(self.hub.clock())

    @whole
    async def manage(self, room: Room, seat: int | None, target: int, choice: str, version: int) -> None:
        """Hand ``target`` to a bot (``choice`` "bot") or open it for anyone with the table's
        link ("open"): any seated player may, for a seat left during the game; the host may,
        for a player who has been away or let their decision wait too long (Room.replaceable_in)."""
        async with room.lock:
            check_table_choice(room, seat, version)
            if not 0 <= target < len(room.seats):
                raise Refused("bad_seat", f"seat {target} does not exist (0-{len(room.seats) - 1})")
            if target == seat:
                raise Refused("own_seat", "to give up your own seat, leave it")
            now = self.hub.clock()
            options = {**room.options, "vacant": [v for v in room.vacant if v != target]}
            if target not in room.vacant:
                self._check_replaceable(room, seat, target, now)
                options = with_departure(options, target, LEFT)
            await self.reseat(room, target, choice == "bot", options)
            room.broadcast(now)
            self.hub.bots.wake(room)

    @staticmethod
    def _check_replaceable(room: Room, seat: int | None, target: int, now: float) -> None:
        """Only the host replaces a player, and only one who is away or idle long enough."""
        if seat != room.host:
            raise Refused("not_host", "only the table's host may replace a player")
        t = room.seats[target]
        if t.kind != HUMAN or t.token_hash is None:
            raise Refused("not_replaceable", f"seat {target} is not held by a person")
        wait = room.replaceable_in(t, now, room.online())
        if wait is None:
            raise Refused("not_idle", f"seat {target}'s player is here and playing")
        if wait > 0:
            raise Refused("not_idle", f"seat {target}'s player is here and playing; they may be replaced in "
                                      f"{wait:g} s", seconds=wait)

    async def reseat(self, room: Room, target: int, to_bot: bool, options: dict[str, Any]) -> None:
        """Hand ``target`` to the replacement bot (keeping its player's name), or make it a
        free seat, with the table's new ``options``; its player's connections go on as
        spectators."""
        t = room.seats[target]
        kind, bot, name = (BOT, REPLACEMENT_BOT, t.name or REPLACEMENT_BOT) if to_bot else (HUMAN, None, "")

        def change(db: Database) -> None:
            db.set_seat(room.id, target, kind, bot, name, None)
            db.set_options(room.id, options)

        await self.hub.store(change)
        t.kind, t.bot_name, t.name, t.token_hash = kind, bot, name, None
        t.bot = seat_bot(BotSpec.parse(REPLACEMENT_BOT), room.seed, target) if to_bot else None
        room.options = options
        unseat(room, target)

    @whole
    async def renew_token(self, room: Room, seat: int | None) -> str:
        """A new token for the seat; the old one stops working and the seat's other
        connections are closed (whoever held a copy of the old token is out)."""
        async with room.lock:
            if seat is None:
                raise Refused("spectator", "a spectator holds no token to renew")
            s = room.seats[seat]
            token = secrets.token_urlsafe(24)
            digest = hash_token(token)
            await self.hub.store(lambda db: db.set_seat(room.id, seat, s.kind, s.bot_name, s.name, digest))
            s.token_hash = digest
            for conn in list(room.conns):
                if conn.seat == seat:
                    conn.push(None)
            return token

    @whole
    async def take_over(self, room: Room, seat: int | None, choice: str, version: int) -> None:
        """When the deciding seat's turn timer ran out, another seated player hands the seat
        to a bot (Board Game Arena's "zombie") or ends the game."""
        async with room.lock:
            check_table_choice(room, seat, version)
            timer = room.timer(self.hub.clock())
            if timer is None or not timer["expired"]:
                raise Refused("not_expired", "the deciding player's time has not run out")
            late = timer["seat"]
            if late == seat:
                raise Refused("own_seat", "your own time ran out: play, or leave the seat")
            if choice == "end":
                room.options = with_departure(room.options, late, TIMED_OUT)
                await self.end_stored(room)
            else:
                await self.reseat(room, late, True, with_departure(without(room, late, vacate=False), late, TIMED_OUT))
            room.broadcast(self.hub.clock())
            self.hub.bots.wake(room)

    async def end_stored(self, room: Room, scores: list[int] | None = None) -> bool:
        """End a game early (its people went, or agreed to end it, scored as ``scores`` stood):
        stored with its results (salon.web.standing) and its options, then :meth:`end`; False
        if another process ended it first."""
        outcome, options, now = outcome_of(room, scores), room.options, time.time()

        def end(db: Database) -> bool:
            if not db.end_game(room.id):
                return False
            db.set_options(room.id, options)
            finish(db, outcome, now)
            return True

        ended: bool = await self.hub.store(end)
        self.end(room)
        return ended

    def end(self, room: Room) -> None:
        """The game was ended early (stored already): nothing more is thought about for it."""
        room.ended = True
        self.hub.hints.cancel(room)
        if room.bot_task is not None:
            room.bot_task.cancel()

    async def connect(self, room: Room, conn: Connection) -> None:
        """A client comes: the state to it alone; the others learn only that a seated player
        is online.  A spectator past the table's cap (counted over every process) is refused."""
        if conn.seat is None:
            await self.hub.guard.watch(conn.ticket, room.id)
        elif conn.ticket is not None:  # the table is held (Upkeep), and the other processes show its player
            await self.hub.guard.sit(conn.ticket, room.id, conn.seat)
        was_online = conn.seat is not None and any(c.seat == conn.seat for c in room.conns)
        room.conns.add(conn)
        now = self.hub.clock()
        conn.push(room.state_for(conn, now))
        if conn.seat is not None and not was_online:
            room.presence(now, skip=conn)

    def disconnect(self, room: Room, conn: Connection) -> None:
        room.conns.discard(conn)
        if conn.seat is not None and not any(c.seat == conn.seat for c in room.conns):
            now = self.hub.clock()
            room.seats[conn.seat].seen = now  # away from now on (Room.replaceable_in)
            room.presence(now, skip=conn)
