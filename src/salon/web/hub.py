"""The live games of the server: seats and tokens, actions, undo, bots and broadcasting.

Every game in play is a :class:`Room` holding the engine's game object, which is the only
authority on the rules: an action is applied by the engine first (which refuses it, and
changes nothing, if it is malformed or illegal), then stored, and only once the store has
committed it is it acknowledged and shown to anyone.  One action at a time per game: a
room's lock serialises submissions, and each submission names the number of actions its
sender has seen (the *version*), so the second of two simultaneous submissions is refused
with "state changed, refresh" instead of being applied to a position its sender never saw.

What a client receives is built from ``observe(seat)`` and ``Event.view(seat)`` only: never
the game state, the seed, or another seat's legal actions.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any, TypeVar

from salon.bots.base import Bot, bot_names, bot_seed, make_bot
from salon.core import record
from salon.core.errors import ActionError, ConfigError, MalformedAction, SalonError
from salon.core.events import Event
from salon.core.game import Game, game_class
from salon.web.adapters import adapter
from salon.web.storage import GameRecord, SeatRecord, Storage, StorageError

log = logging.getLogger("salon.web")

T = TypeVar("T")

HUMAN = "human"
BOT = "bot"
AUTOMATON = "automaton"
"""A seat the game plays by itself (its adapter's ``automated_seats``): never taken, never waited for."""
FINISHED_LISTED = 30
"""How many finished games the lobby lists."""
FINISHED_KEPT = 200
"""How many finished games stay in memory after being loaded for viewing."""
MAX_QUEUED = 256
"""Messages waiting for one client before it is disconnected as not reading."""


class ServiceError(Exception):
    """A refused request: an HTTP status, a stable code and a one-line message."""

    def __init__(self, status: int, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.extra = extra

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "status": self.status, **self.extra}


def hash_token(token: str) -> str:
    """Tokens are stored only as hashes: a copy of the database does not let anyone act."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Seat:
    seat: int
    kind: str
    bot_name: str | None
    name: str
    token_hash: str | None = None
    bot: Bot | None = None

    @property
    def taken(self) -> bool:
        return self.kind in (BOT, AUTOMATON) or self.token_hash is not None


class Connection:
    """One live client (a WebSocket): its seat (None: a spectator) and its outgoing queue.

    ``epoch`` and ``sent`` remember how much of the room's log the client has: later
    messages carry only the new log entries, and all of it after an undo shortened the log.
    """

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.epoch = -1
        self.sent = 0
        self.closing = False

    def push(self, message: dict[str, Any] | None) -> None:
        """Queue a message; None closes the connection.  A client that stops reading is
        disconnected rather than buffered without end (it reconnects to a fresh state)."""
        if self.closing:
            return
        if message is None or self.queue.qsize() >= MAX_QUEUED:
            self.closing = True
            message = None
        self.queue.put_nowait(message)


@dataclass
class Room:
    id: str
    name: str
    title: str
    config: dict[str, Any]
    seed: int
    created: float
    game: Game
    seats: list[Seat]
    log: list[list[Event]]
    """Events of the setup (entry 0), then of each accepted action in order."""
    actors: list[int | None]
    """The seat that made each log entry's action (None for the setup)."""
    epoch: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Connection] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None

    @property
    def version(self) -> int:
        """The number of actions played (the server's own count; a seat sees ``version_for``)."""
        return len(self.game.history)

    def _hidden_from(self, seat: int | None) -> list[bool]:
        """Per log entry: whether ``seat`` may not even learn that its action was taken (a
        private action of another seat, see Adapter.private_action)."""
        private = adapter(self.name).private_action
        history = self.game.history
        return [i > 0 and self.actors[i] != seat and private(history[i - 1]) for i in range(len(self.log))]

    def paced(self, seat: int) -> bool:
        """Whether a bot's next move at ``seat`` waits the server's bot delay.  The pause paces
        what the others watch; right after the bot's own private action they saw nothing, and
        pausing would let them count such actions by the time the bot takes."""
        history = self.game.history
        return not (history and self.actors[-1] == seat and adapter(self.name).private_action(history[-1]))

    def version_for(self, seat: int | None) -> int:
        """The version ``seat`` is shown and must send back: the actions it may know of."""
        return self.version - sum(self._hidden_from(seat))

    @property
    def status(self) -> str:
        if self.game.is_over():
            return "over"
        if any(not s.taken for s in self.seats):
            return "open"
        return "running"

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token holds; None for no token (a spectator)."""
        if not token:
            return None
        digest = hash_token(token)
        for s in self.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                return s.seat
        raise ServiceError(403, "bad_token", "this token holds no seat of this game")

    def seats_json(self) -> list[dict[str, Any]]:
        online = {c.seat for c in self.conns}
        return [{"seat": s.seat, "kind": s.kind, "bot": s.bot_name, "name": s.name, "taken": s.taken,
                 "online": s.kind in (BOT, AUTOMATON) or s.seat in online} for s in self.seats]

    def summary(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.name, "title": self.title, "status": self.status,
                "config": self.config, "seats": self.seats_json(), "version": self.version_for(None),
                "current": self.game.current_player(), "created": self.created}

    def _entry(self, n: int, i: int, seat: int | None) -> dict[str, Any]:
        return {"n": n, "actor": self.actors[i], "events": [e.view(seat) for e in self.log[i]]}

    def state(self, seat: int | None, since: int = 0) -> dict[str, Any]:
        """What ``seat`` may see now, with the log entries from number ``since`` on (counted
        among the entries it may see)."""
        g = self.game
        status = self.status
        current = g.current_player()
        mine = status == "running" and current is not None and current == seat
        visible = [i for i, hidden in enumerate(self._hidden_from(seat)) if not hidden]
        return {
            "type": "state",
            "id": self.id,
            "game": self.name,
            "title": self.title,
            "version": len(visible) - 1,
            "status": status,
            "seat": seat,
            "seats": self.seats_json(),
            "current": current,
            "observation": g.observe(seat),
            "legal": list(g.legal_actions()) if mine else [],
            "undoable": g.undoable() if mine else 0,
            "log_from": since,
            "log": [self._entry(n, visible[n], seat) for n in range(since, len(visible))],
            "result": g.result().to_json() if status == "over" else None,
        }

    def state_for(self, conn: Connection) -> dict[str, Any]:
        since = conn.sent if conn.epoch == self.epoch else 0
        message = self.state(conn.seat, since)
        conn.epoch, conn.sent = self.epoch, message["version"] + 1
        return message

    def broadcast(self, skip: Connection | None = None, only: int | None = None) -> None:
        """Send every connection (but ``skip``) its state; after a private action only the
        acting seat's connections (``only``), so that the others cannot count such actions."""
        for conn in list(self.conns):
            if conn is not skip and (only is None or conn.seat == only):
                conn.push(self.state_for(conn))


def _make_bot(name: str, seed: int, seat: int) -> Bot:
    return make_bot(name, bot_seed(seed, seat))


def rebuild(rec: GameRecord) -> tuple[Game, list[list[Event]], list[int | None]]:
    """The game of a record, by replaying its actions, with the events of each action."""
    try:
        cls = game_class(rec.game)
        game = cls.new(cls.stored_config(rec.config), rec.seed)
    except ConfigError as e:
        raise SalonError(f"the stored config is invalid: {e}") from None
    log: list[list[Event]] = [adapter(rec.game).initial_events(game)]
    actors: list[int | None] = [None]
    for i, action in enumerate(rec.actions):
        actor = game.current_player()
        try:
            log.append(game.apply(action))
        except ActionError as e:
            raise SalonError(f"stored action #{i + 1} {action!r} cannot be replayed: {e.reason}") from None
        actors.append(actor)
    return game, log, actors


async def _guarded(coro: Coroutine[Any, Any, T]) -> T:
    """Run ``coro`` to its end even if the caller is cancelled (a client that disconnects
    mid-request): an action applied to the engine is always committed or rolled back."""
    task = asyncio.ensure_future(coro)
    task.add_done_callback(lambda t: t.cancelled() or t.exception())
    return await asyncio.shield(task)


class Hub:
    """All rooms of one server process."""

    def __init__(self, storage: Storage, bot_delay: float = 0.6, allow_seed: bool = False) -> None:
        self.storage = storage
        self.bot_delay = bot_delay
        self.allow_seed = allow_seed
        self.rooms: dict[str, Room] = {}

    # --- life cycle

    async def start(self) -> None:
        """Restore every unfinished game from the store and let its bots continue."""
        records = await self.storage.run(lambda db: db.unfinished())
        for rec in records:
            try:
                room = self._room(rec)
            except SalonError as e:
                log.error("game %s cannot be restored: %s", rec.id, e)
                continue
            self.rooms[room.id] = room
            self.kick(room)

    async def stop(self) -> None:
        for room in self.rooms.values():
            if room.bot_task is not None:
                room.bot_task.cancel()
            for conn in list(room.conns):
                conn.push(None)

    def _room(self, rec: GameRecord) -> Room:
        game, events, actors = rebuild(rec)
        seats = [Seat(s.seat, s.kind, s.bot, s.name, s.token_hash,
                      _make_bot(s.bot, rec.seed, s.seat) if s.kind == BOT and s.bot else None) for s in rec.seats]
        config = game_class(rec.game).stored_config(rec.config)
        return Room(rec.id, rec.game, rec.title, config, rec.seed, rec.created, game, seats, events, actors)

    async def get(self, game_id: str) -> Room:
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        rec = await self.storage.run(lambda db: db.load(game_id)) if len(game_id) <= 40 else None
        if rec is None:
            raise ServiceError(404, "not_found", f"no game {game_id!r}")
        room = self.rooms.get(game_id)  # loaded meanwhile by another request
        if room is None:
            try:
                room = self._room(rec)
            except SalonError as e:
                raise ServiceError(500, "broken_record", f"game {game_id} cannot be replayed: {e}") from None
            self._keep(room)
        return room

    def _keep(self, room: Room) -> None:
        self.rooms[room.id] = room
        finished = [r for r in self.rooms.values() if r.status == "over" and not r.conns]
        for old in finished[:max(0, len(finished) - FINISHED_KEPT)]:
            del self.rooms[old.id]

    async def listing(self) -> list[dict[str, Any]]:
        """Open and running games, newest first, then the latest finished ones."""
        ids = await self.storage.run(lambda db: db.finished_ids(FINISHED_LISTED))
        live = sorted((r for r in self.rooms.values() if r.status != "over"), key=lambda r: -r.created)
        finished = []
        for game_id in ids:
            try:
                finished.append(await self.get(game_id))
            except ServiceError:
                continue
        return [r.summary() for r in [*live, *finished]]

    # --- lobby

    async def create(self, name: str, title: str, seat_specs: list[dict[str, Any]], config: dict[str, Any],
                     seed: int | None, join: dict[str, Any] | None) -> tuple[Room, int | None, str | None]:
        """A new game; with ``join`` the creator takes a seat and gets its token."""
        try:
            cls = game_class(name)
        except ConfigError as e:
            raise ServiceError(400, "unknown_game", str(e)) from None
        if seed is not None and not self.allow_seed:
            raise ServiceError(400, "seed_not_allowed", "this server draws every game's seed itself")
        bots = bot_names()
        for i, spec in enumerate(seat_specs):
            if spec["kind"] == BOT and spec.get("bot") not in bots:
                raise ServiceError(400, "unknown_bot", f"seat {i + 1}: unknown bot {spec.get('bot')!r}; "
                                                       f"available: {', '.join(bots)}")
        config = dict(config)
        config.setdefault("players", len(seat_specs))  # the one config key every game shares
        seed = secrets.randbelow(2**31) if seed is None else seed
        try:
            game = cls.new(config, seed)
        except ConfigError as e:
            raise ServiceError(400, "bad_config", str(e)) from None
        automated = adapter(name).automated_seats(game)
        playable = [i for i in range(game.num_players) if i not in automated]
        if len(seat_specs) != len(playable):
            raise ServiceError(400, "bad_seats", f"{len(seat_specs)} seats given for a game of {len(playable)} "
                                                 f"player{'s' if len(playable) != 1 else ''}")
        specs = dict(zip(playable, seat_specs, strict=True))
        seats = [SeatRecord(i, AUTOMATON, None, automated[i]) if i in automated else
                 SeatRecord(i, specs[i]["kind"], specs[i].get("bot") if specs[i]["kind"] == BOT else None,
                            (specs[i].get("bot") or BOT) if specs[i]["kind"] == BOT else "")
                 for i in range(game.num_players)]
        token = None
        seat_index = None
        if join is not None:
            seat_index = self._free_seat(seats, join.get("seat"))
            token = secrets.token_urlsafe(24)
            seats[seat_index].token_hash = hash_token(token)
            seats[seat_index].name = self._name(join.get("name"), seat_index)
        game_id = secrets.token_urlsafe(6)
        stored_config = game.config.model_dump(mode="json") if hasattr(game.config, "model_dump") else config
        rec = GameRecord(game_id, name, (title or "").strip() or f"{name} {game_id}", stored_config, seed,
                         time.time(), seats)
        await self._store(lambda db: db.create_game(rec))
        room = Room(rec.id, name, rec.title, stored_config, seed, rec.created, game,
                    [Seat(s.seat, s.kind, s.bot, s.name, s.token_hash,
                          _make_bot(s.bot, seed, s.seat) if s.bot else None) for s in seats],
                    [adapter(name).initial_events(game)], [None])
        self.rooms[game_id] = room
        self.kick(room)
        return room, seat_index, token

    @staticmethod
    def _name(name: Any, seat: int) -> str:
        text = " ".join(str(name or "").split())[:40]
        return text or f"#{seat + 1}"

    @staticmethod
    def _free_seat(seats: list[SeatRecord] | list[Seat], wanted: int | None) -> int:
        free = [s for s in seats if s.kind == HUMAN and s.token_hash is None]
        if wanted is None:
            if not free:
                raise ServiceError(409, "no_free_seat", "every seat of this game is taken")
            return free[0].seat
        if not 0 <= wanted < len(seats):
            raise ServiceError(400, "bad_seat", f"seat {wanted} does not exist (0-{len(seats) - 1})")
        seat = seats[wanted]
        if seat.kind == AUTOMATON:
            raise ServiceError(409, "seat_is_automated", f"seat {wanted} is played by the game itself")
        if seat.kind != HUMAN:
            raise ServiceError(409, "seat_is_bot", f"seat {wanted} is played by a bot")
        if seat.token_hash is not None:
            raise ServiceError(409, "seat_taken", f"seat {wanted} is already taken")
        return wanted

    async def join(self, room: Room, wanted: int | None, name: Any) -> tuple[int, str]:
        return await _guarded(self._join(room, wanted, name))

    async def _join(self, room: Room, wanted: int | None, name: Any) -> tuple[int, str]:
        async with room.lock:
            seat = self._free_seat(room.seats, wanted)
            token = secrets.token_urlsafe(24)
            digest = hash_token(token)
            label = self._name(name, seat)
            took = await self._store(lambda db: db.take_seat(room.id, seat, label, digest))
            if not took:
                raise ServiceError(409, "seat_taken", f"seat {seat} is already taken")
            room.seats[seat].token_hash = digest
            room.seats[seat].name = label
            room.broadcast()
            self.kick(room)
            return seat, token

    # --- play

    def _check_turn(self, room: Room, seat: int | None, version: int) -> None:
        if seat is None:
            raise ServiceError(403, "spectator", "a spectator cannot act; join a free seat to play")
        status = room.status
        if status == "open":
            raise ServiceError(409, "waiting", "the game waits for its players to take every seat")
        if status == "over":
            raise ServiceError(409, "over", "the game is over")
        shown = room.version_for(seat)
        if version != shown:
            raise ServiceError(409, "stale", "state changed, refresh", version=shown)
        current = room.game.current_player()
        if current != seat:
            raise ServiceError(409, "not_your_turn", f"seat {current} decides now, not seat {seat}")

    async def act(self, room: Room, seat: int | None, action: str, version: int,
                  origin: Connection | None = None, request_id: Any = None) -> int:
        return await _guarded(self._act(room, seat, action, version, origin, request_id))

    async def _act(self, room: Room, seat: int | None, action: str, version: int, origin: Connection | None,
                   request_id: Any) -> int:
        async with room.lock:
            self._check_turn(room, seat, version)
            await self._commit(room, action, origin, request_id)
            return room.version_for(seat)

    async def _commit(self, room: Room, action: str, origin: Connection | None = None, request_id: Any = None) -> None:
        """Apply, store, acknowledge, show (the caller holds the room's lock)."""
        game = room.game
        actor = game.current_player()
        try:
            events = game.apply(action)
        except ActionError as e:
            malformed = isinstance(e, MalformedAction)
            raise ServiceError(400 if malformed else 422, "malformed_action" if malformed else "illegal_action",
                               f"{action!r} refused: {e.reason}", rule=e.rule, action=action) from None
        n = len(game.history) - 1
        over = game.is_over()
        # the log grows with the game, before the write: a state read meanwhile (the lock
        # guards writers only) sees a version, a log and a position that agree
        room.log.append(events)
        room.actors.append(actor)
        try:
            await self.storage.run(lambda db: db.append(room.id, n, action, over))
        except Exception as e:
            room.game = record.replay(room.name, room.config, room.seed, game.history[:-1])
            del room.log[-1]
            del room.actors[-1]
            log.error("game %s: action %r not stored: %s", room.id, action, e)
            raise ServiceError(503, "storage", "the action could not be stored; nothing changed, try again") from None
        if origin is not None:
            origin.push({"type": "ack", "id": request_id, "version": room.version_for(actor)})
        room.broadcast(only=actor if adapter(room.name).private_action(action) else None)
        self.kick(room)

    async def undo(self, room: Room, seat: int | None, version: int,
                   origin: Connection | None = None, request_id: Any = None) -> int:
        return await _guarded(self._undo(room, seat, version, origin, request_id))

    async def _undo(self, room: Room, seat: int | None, version: int, origin: Connection | None,
                    request_id: Any) -> int:
        """Take back the seat's latest action: rebuild the game from its history without it.
        Allowed as far as the engine says (``undoable``: within one's own turn, before any
        draw or reveal), following Board Game Arena's policy."""
        async with room.lock:
            self._check_turn(room, seat, version)
            if room.game.undoable() < 1:
                raise ServiceError(409, "no_undo", "nothing can be taken back now")
            history = room.game.history
            private = adapter(room.name).private_action(history[-1])
            previous = record.replay(room.name, room.config, room.seed, history[:-1])
            length = len(history) - 1
            await self._store(lambda db: db.truncate(room.id, length))
            room.game = previous
            del room.log[-1]
            del room.actors[-1]
            if private:  # the others never saw it: only the seat's own log is shortened
                for conn in room.conns:
                    if conn.seat == seat:
                        conn.epoch = -1
            else:
                room.epoch += 1
            if origin is not None:
                origin.push({"type": "ack", "id": request_id, "version": room.version_for(seat)})
            room.broadcast(only=seat if private else None)
            self.kick(room)
            return room.version_for(seat)

    async def _store(self, job: Any) -> Any:
        try:
            return await self.storage.run(job)
        except StorageError as e:
            log.error("storage: %s", e)
            raise ServiceError(503, "storage", "the database refused the change; nothing changed, try again") from None

    # --- bots

    def kick(self, room: Room) -> None:
        """Start the room's bot player if a bot decides now (and none is running)."""
        if room.bot_task is not None and not room.bot_task.done():
            return
        if self._bot_turn(room) is not None:
            room.bot_task = asyncio.get_running_loop().create_task(self._bots(room))

    @staticmethod
    def _bot_turn(room: Room) -> int | None:
        if room.status != "running":
            return None
        seat = room.game.current_player()
        if seat is None or room.seats[seat].bot is None:
            return None
        return seat

    async def _bots(self, room: Room) -> None:
        while (seat := self._bot_turn(room)) is not None:
            version = room.version
            if room.paced(seat):
                await asyncio.sleep(self.bot_delay)
            async with room.lock:
                if room.version != version or self._bot_turn(room) != seat:
                    continue
                bot = room.seats[seat].bot
                assert bot is not None
                try:
                    # a bot may think for a while: off the event loop, on a copy of the game
                    action = await asyncio.to_thread(bot.choose, room.game.clone())
                    await _guarded(self._commit(room, action))
                except Exception:  # a bot's defect must not take the server down; the game waits
                    log.exception("game %s: the bot of seat %d stopped", room.id, seat)
                    return
