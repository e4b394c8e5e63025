"""The live games of the server: seats and tokens, actions, undo, bots and broadcasting.

Every game in play is a :class:`Room` holding the engine's game object, which is the only
authority on the rules: an action is applied by the engine first (which refuses it, and
changes nothing, if it is malformed or illegal), then stored, and only once the store has
committed it is it acknowledged and shown to anyone.  One action at a time per game: a
room's lock serialises submissions, and each submission names the number of actions its
sender has seen (the *version*), so the second of two simultaneous submissions is refused
with "state changed, refresh" instead of being applied to a position its sender never saw.
Every accepted action or undo moves a seat's version forward (an undo never gives back a
version that was already shown), so a tab that saw a position which was then taken back
cannot act on the new one.  On a database several server processes share (PostgreSQL) the
database orders a game's writes (``Room.writes``), each process learns of the others' writes
(``Storage.listen``) and catches up, and one process at a time plays a table's bots
(``Database.lease``).

What a client receives is built from ``observe(seat)`` and ``Event.view(seat)`` only: never
the game state, the seed, or another seat's legal actions.  The seed is secret (a keyed
generator's 128-bit key, ``salon.core.game.secret_seed``), so that the public setup of a
table tells nothing of its deck, bags or bots; it is published with the finished game's
record.

A table's costs are bounded (``salon.web.guard``): a spectator who comes or goes costs one
message (the state to the newcomer; seated players' presence is a small delta), a table may
have a turn timer after which the other players may hand the seat to a bot or end the game,
and a player may leave a seat or renew its token.  Bots are those the server plays
(``salon.web.bot_policy``), and their moves and the hints are worked out in the worker
processes (``salon.web.compute``), never on the event loop.

A table with a seat for a person is private unless its creator lists it.  Its creator hosts
it: the host may hand a player who has been away, or has let a decision wait, too long to a
bot or open the seat again; a seat left during the game is offered to the remaining players
before anyone else may take it.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
import time
from collections import Counter
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any, TypeVar

from salon.bots.base import Bot, RandomBot, bot_seed, make_bot
from salon.bots.search import HINT_THINK, Estimate, hint_seed
from salon.core import record
from salon.core.errors import ActionError, ConfigError, MalformedAction, SalonError
from salon.core.events import Event
from salon.core.game import Game, game_class, secret_seed
from salon.i18n import text
from salon.web import jobs, quota
from salon.web.adapters import adapter
from salon.web.api.models import RequestId
from salon.web.bot_policy import check_server_bot
from salon.web.compute import Busy, Compute, JobTimeout
from salon.web.errors import ServiceError
from salon.web.guard import Guard, Limits
from salon.web.names import clean_text, likeness
from salon.web.storage import Appended, BrokenRecord, Database, GameRecord, SeatRecord, Stale, Storage, StorageError
from salon.wording import told

log = logging.getLogger("salon.web")

T = TypeVar("T")

HUMAN = "human"
BOT = "bot"
AUTOMATON = "automaton"
"""A seat the game plays by itself (its description's ``automated_seats``): never taken, never waited for."""
REPLACEMENT_BOT = "normal"
"""The bot a timed-out seat is handed to."""
FORCED = frozenset({"pass", "done"})
"""Actions that decide nothing when they are a person's only legal one: the server makes them."""
FINISHED_KEPT = 200
"""How many finished games stay in memory after being loaded for viewing."""
MAX_QUEUED = 256
"""Messages waiting for one client before it is disconnected as not reading."""
STATUSES = ("open", "running", "over")
"""The lobby's sections, in the order it lists them."""
KINDS = (HUMAN, BOT, AUTOMATON)
"""The kinds of seat; a stored seat of another kind is a damaged row."""
ABSENT_AFTER = 60.0
"""Seconds a seated player may be away (no connection) before the host may replace them."""
IDLE_AFTER = 120.0
"""Seconds a player's decision may wait before the host may replace them."""
JOB_GRACE = 10.0
"""Seconds a bot's move or a hint may run past the think time it was given before it is stopped."""
LEASE_RETRY = 3.0
"""Seconds between two rounds of a process on a shared database (Hub._rounds): learning who is
connected to the other processes, and trying to take over the bots of the tables another
process plays, should that process have ended."""
TIDY_EVERY = 60.0
"""Seconds between two rounds of housekeeping (Hub.tidy): rate hits out of their windows and the
connections of ended processes forgotten, tables nobody holds ended."""
REPLAY_DEADLINE = 30.0
"""Seconds a replay may take before it is stopped (a 10,000-action record takes a fraction)."""
NAME_LIMIT = 40
TITLE_LIMIT = 80


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
    undos: int = 0
    """Undos of this seat's private actions (only this seat saw them): see Room.version_for."""
    hints: int = 0
    """How many hints the seat's player asked for (everyone is shown it)."""
    seen: float = 0.0
    """When the seat's player was last connected, or took the seat (the Hub's clock)."""

    @property
    def taken(self) -> bool:
        return self.kind in (BOT, AUTOMATON) or self.token_hash is not None


class Connection:
    """One live client (a WebSocket): its seat (None: a spectator) and its outgoing queue.

    ``epoch`` and ``sent`` remember how much of the room's log the client has: later
    messages carry only the new log entries, and all of it after an undo shortened the log.
    """

    def __init__(self, seat: int | None, client: str = "", ticket: str | None = None) -> None:
        self.seat = seat
        self.client = client
        self.ticket = ticket
        """What the connection is counted under (Guard.connect); None for one made by the server itself."""
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
    creator: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    """The table's server options: ``turn_timer`` (seconds, or absent)."""
    undos: int = 0
    """Undos of public actions (everyone saw them): see version_for."""
    ended: bool = False
    """Ended early by its players (a timed-out seat), not played to its end."""
    turn_started: float = 0.0
    """When the current decision's seat began to decide (the Hub's clock)."""
    epoch: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Connection] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    private: list[bool] = field(default_factory=list)
    """Per log entry: whether its action is private (Adapter.private_action), worked out once."""
    private_by: Counter[int | None] = field(default_factory=Counter)
    """How many private actions of the history each seat made."""
    listed: bool = True
    """Shown in the lobby; a private table is found through its link only."""
    changes: int = 0
    """Counts every change of the game (an action or an undo), so that work begun on a position
    (a bot's thinking, a hint) can tell whether the position is still the same."""
    hinting: dict[int, asyncio.Task[list[Estimate]]] = field(default_factory=dict)
    """The hint being searched for each seat (one at a time per seat)."""
    forced: dict[int, tuple[int, str]] = field(default_factory=dict)
    """Per seat, the lone pass or done the server last made for it: the version the seat had
    been shown before it, and the action (see Hub._made_for)."""
    lone: list[bool] = field(default_factory=list)
    """Per log entry: whether its action was the deciding seat's lone pass or done
    (forced_move), which the server makes for a person and nobody may take back."""
    behind: bool = False
    """Another process wrote the game and this room has not caught up yet (Hub._refresh)."""
    elsewhere: set[int] = field(default_factory=set)
    """The seats whose players are connected to other processes (Hub._presence_elsewhere)."""
    writes: int = 0
    """How many writes of the game's actions the database holds as far as this room knows:
    each write names it (salon.web.storage.Stale), so that a room another process moved on
    from can neither act nor undo before it has caught up."""

    def __post_init__(self) -> None:
        private = adapter(self.name).private_action
        self.private = [False, *(private(a) for a in self.game.history)]
        self.private_by = Counter(a for a, p in zip(self.actors, self.private) if p)
        if len(self.lone) != len(self.log):
            raise ValueError(f"{len(self.lone)} lone-move flags for {len(self.log)} log entries")

    @property
    def host(self) -> int | None:
        """The seat of the table's host (its creator, or whoever took over from them), who may
        replace an idle or absent player."""
        host: int | None = self.options.get("host")
        return host

    @property
    def vacant(self) -> list[int]:
        """Seats left in the middle of the game: offered to the remaining players first."""
        vacant: list[int] = self.options.get("vacant", [])
        return vacant

    def add(self, events: list[Event], actor: int | None, action: str, lone: bool = False) -> None:
        """The log entry of an action just applied to the game (``lone``: the seat's lone pass
        or done, see forced_move)."""
        self.changes += 1
        self.lone.append(lone)
        private = adapter(self.name).private_action(action)
        self.log.append(events)
        self.actors.append(actor)
        self.private.append(private)
        self.private_by[actor] += private

    def adopt(self, stored: Room, extended: bool) -> None:
        """Take the game, seats and log of ``stored``, the same table as the database holds it
        now (another process wrote it).  Where its log ``extended`` this room's, each client
        is sent the entries it lacks; otherwise (an undo) its state afresh."""
        for seat, was in zip(stored.seats, self.seats):
            if seat.token_hash == was.token_hash:
                seat.seen = was.seen  # the same player: away since they went, not since this catch-up
        for name in ("game", "seats", "log", "actors", "private", "private_by", "lone", "options", "undos",
                     "ended", "listed", "writes"):
            setattr(self, name, getattr(stored, name))
        self.forced.clear()
        self.changes += 1
        self.epoch += not extended

    def cut(self, length: int) -> None:
        """Keep the log of the first ``length`` actions (an undo or a rollback)."""
        self.changes += 1
        for actor, private in zip(self.actors[length + 1:], self.private[length + 1:]):
            self.private_by[actor] -= private
        del self.log[length + 1:]
        del self.actors[length + 1:]
        del self.private[length + 1:]
        del self.lone[length + 1:]

    def _hidden(self, i: int, seat: int | None) -> bool:
        """Whether ``seat`` may not even learn that log entry ``i``'s action was taken (a
        private action of another seat, see Adapter.private_action)."""
        return self.private[i] and self.actors[i] != seat

    def _hidden_count(self, seat: int | None) -> int:
        return self.private_by.total() - (self.private_by[seat] if seat is not None else 0)

    def paced(self, seat: int) -> bool:
        """Whether a bot's next move at ``seat`` waits the server's bot delay.  The pause paces
        what the others watch; right after the bot's own private action they saw nothing, and
        pausing would let them count such actions by the time the bot takes."""
        return not (self.actors[-1] == seat and self.private[-1])

    def version_for(self, seat: int | None) -> int:
        """The version ``seat`` is shown and must send back.  It counts the changes the seat
        may know of: every action in the history it may see, and every undo it may see twice
        (the undo takes one action out of the history), so each accepted action or undo moves
        it forward by one and no version is ever shown twice.  Another seat's private
        actions, and its undos of them, are not counted: nobody can count them."""
        own = self.seats[seat].undos if seat is not None else 0
        return len(self.game.history) - self._hidden_count(seat) + 2 * (self.undos + own)

    def undoable(self) -> int:
        """How many of the latest actions the deciding seat may take back: as many as the
        engine allows (Game.undoable), up to the latest lone pass or done.  That move was no
        choice (the server makes it for a person), and taking it back would only have the
        server make it again: an undo that changes nothing."""
        allowed = self.game.undoable()
        n = 0
        while n < allowed and n + 1 < len(self.lone) and not self.lone[-1 - n]:
            n += 1
        return n

    def log_size(self, seat: int | None) -> int:
        """How many log entries ``seat`` may see (the setup's included)."""
        return len(self.log) - self._hidden_count(seat)

    def _visible_from(self, seat: int | None, since: int) -> list[int]:
        """The log indices of the entries ``seat`` may see, from its ``since``-th on: found from
        the end, so that a state with a few new entries costs a few steps."""
        wanted = self.log_size(seat) - since
        found: list[int] = []
        i = len(self.log) - 1
        while len(found) < wanted:
            if not self._hidden(i, seat):
                found.append(i)
            i -= 1
        return found[::-1]

    @property
    def status(self) -> str:
        if self.ended:
            return "ended"
        if self.game.is_over():
            return "over"
        if any(not s.taken for s in self.seats):
            return "open"
        return "running"

    @property
    def live(self) -> bool:
        return self.status in ("open", "running")

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token holds; None for no token (a spectator)."""
        if not token:
            return None
        digest = hash_token(token)
        for s in self.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                return s.seat
        raise ServiceError(403, "bad_token", "this token holds no seat of this game")

    def seats_json(self, now: float | None = None) -> list[dict[str, Any]]:
        """The seats as everyone sees them; with ``now``, for each seated player, in how many
        seconds the host may replace them (0: now; None: not while they are here and playing)."""
        online = self.online()
        vacant = self.vacant
        seats: list[dict[str, Any]] = [
            {"seat": s.seat, "kind": s.kind, "bot": s.bot_name, "name": s.name, "taken": s.taken,
             "online": s.kind in (BOT, AUTOMATON) or s.seat in online, "hints": s.hints, "vacant": s.seat in vacant}
            for s in self.seats]
        if now is not None:
            for shown, s in zip(seats, self.seats):
                shown["replaceable_in"] = self.replaceable_in(s, now, online)
        return seats

    def online(self) -> set[int | None]:
        """The seats whose players are connected, to this process or another."""
        return {c.seat for c in self.conns} | self.elsewhere

    def replaceable_in(self, seat: Seat, now: float, online: set[int | None]) -> float | None:
        """Seconds until the host may hand ``seat`` to a bot or reopen it: when its player has
        been away for ABSENT_AFTER, or has let their decision wait for IDLE_AFTER; None for a
        seat that is not a person's, the host's own, or one whose player is here and waiting."""
        if seat.kind != HUMAN or seat.token_hash is None or seat.seat == self.host or not self.live:
            return None
        waits = []
        if seat.seat not in online:
            waits.append(seat.seen + ABSENT_AFTER - now)
        if self.status == "running" and self.game.current_player() == seat.seat:
            waits.append(self.turn_started + IDLE_AFTER - now)
        return round(max(0.0, min(waits)), 1) if waits else None

    def summary(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.name, "title": self.title, "status": self.status,
                "config": self.config, "seats": self.seats_json(), "version": self.version_for(None),
                "current": self.game.current_player(), "created": self.created,
                "turn_timer": self.options.get("turn_timer"), "hints": bool(self.options.get("hints")),
                "private": not self.listed, "host": self.host,
                "result": self.game.result().to_json() if self.game.is_over() else None}

    def timer(self, now: float) -> dict[str, Any] | None:
        """The turn timer of the seat deciding now, if the table has one and a person decides:
        its length, the seconds left, and whether it ran out."""
        seconds = self.options.get("turn_timer")
        current = self.game.current_player()
        if not seconds or self.status != "running" or current is None or self.seats[current].kind != HUMAN:
            return None
        left = max(0.0, seconds - (now - self.turn_started))
        return {"seat": current, "seconds": seconds, "left": round(left, 1), "expired": left <= 0}

    def _entries(self, since: int, visible: list[int], seat: int | None) -> list[dict[str, Any]]:
        """The log entries ``visible`` as ``seat`` sees them, numbered from ``since``: each
        event with its lines of text (salon.wording), which every client words alike."""
        events = told(self.game, [[e.view(seat) for e in self.log[i]] for i in visible])
        return [{"n": since + k, "actor": self.actors[i], "events": shown}
                for k, (i, shown) in enumerate(zip(visible, events, strict=True))]

    def state(self, seat: int | None, since: int = 0, now: float = 0.0) -> dict[str, Any]:
        """What ``seat`` may see now, with the log entries from number ``since`` on (counted
        among the entries it may see)."""
        g = self.game
        status = self.status
        current = g.current_player()
        mine = status == "running" and current is not None and current == seat
        visible = self._visible_from(seat, since)
        return {
            "type": "state",
            "id": self.id,
            "game": self.name,
            "title": self.title,
            "version": self.version_for(seat),
            "status": status,
            "seat": seat,
            "seats": self.seats_json(now),
            "host": self.host,
            "current": current,
            "observation": adapter(self.name).observe(g, seat),
            "legal": list(g.legal_actions()) if mine else [],
            "forced": forced_move(g) if mine else None,
            "undoable": self.undoable() if mine else 0,
            "timer": self.timer(now),
            "log_from": since,
            "log": self._entries(since, visible, seat),
            "result": g.result().to_json() if g.is_over() else None,
        }

    def state_for(self, conn: Connection, now: float) -> dict[str, Any]:
        since = conn.sent if conn.epoch == self.epoch else 0
        message = self.state(conn.seat, since, now)
        conn.epoch, conn.sent = self.epoch, since + len(message["log"])
        return message

    def broadcast(self, now: float, skip: Connection | None = None, only: int | None = None) -> None:
        """Send every connection (but ``skip``) its state; after a private action only the
        acting seat's connections (``only``), so that the others cannot count such actions."""
        for conn in list(self.conns):
            if conn is not skip and (only is None or conn.seat == only):
                conn.push(self.state_for(conn, now))

    def presence(self, now: float, skip: Connection | None = None) -> None:
        """Tell the others that a seated player came or went: the seats' small list, not the
        whole state.  A spectator's coming and going is told to nobody."""
        message = {"type": "presence", "seats": self.seats_json(now)}
        for conn in list(self.conns):
            if conn is not skip:
                conn.push(message)


def _make_bot(name: str, seed: int, seat: int) -> Bot:
    return make_bot(name, bot_seed(seed, seat))


def forced_move(game: Game) -> str | None:
    """The lone ``pass`` or ``done`` of the deciding seat, which the server makes for a person:
    a game that hides who could react polls every seat alike, and nobody should click for
    nothing.  The state tells the seat (``forced``), so that its client waits for it."""
    legal = game.legal_actions()
    return legal[0] if len(legal) == 1 and legal[0] in FORCED else None


Rebuilt = tuple[Game, list[list[Event]], list[int | None], list[bool]]
"""A game, the events of each action, its actor, and whether it was the actor's lone pass or done."""


def rebuild(rec: GameRecord, resume: Rebuilt | None = None) -> Rebuilt:
    """The game of a record, by replaying its actions, with the events of each action, its
    actor and whether it was the actor's lone pass or done (Room.lone); from ``resume``, a
    game of the record's first actions, only the actions that follow are replayed."""
    if resume is None:
        try:
            cls = game_class(rec.game)
            game = cls.new(cls.stored_config(rec.config), rec.seed)
        except ConfigError as e:
            raise SalonError(f"the stored config is invalid: {e}") from None
        resume = game, [game.setup_events()], [None], [False]
    game, log, actors, lone = resume
    for i, action in enumerate(rec.actions[len(game.history):], start=len(game.history)):
        actor = game.current_player()
        lone.append(forced_move(game) == action)
        try:
            log.append(game.apply(action))
        except ActionError as e:
            raise SalonError(f"stored action #{i + 1} {action!r} cannot be replayed: {e.reason}") from None
        actors.append(actor)
    return game, log, actors, lone


async def _guarded(coro: Coroutine[Any, Any, T]) -> T:
    """Run ``coro`` to its end even if the caller is cancelled (a client that disconnects
    mid-request): an action applied to the engine is always committed or rolled back."""
    task = asyncio.ensure_future(coro)
    task.add_done_callback(lambda t: t.cancelled() or t.exception())
    return await asyncio.shield(task)


class Hub:
    """All rooms of one server process.  ``clock`` (seconds, monotonic) times the turn
    timers and how long a player has been away: the tests give a clock of their own;
    ``hint_think`` is the seconds of search a hint takes; ``compute`` runs the bots' moves,
    the hints and the replays."""

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
        self.rooms: dict[str, Room] = {}
        self.stopping = False
        self._refreshing: set[asyncio.Task[None]] = set()
        self._leased: set[str] = set()
        """The tables whose bots this process plays (Database.lease)."""
        self.lease_retry = lease_retry
        self._retrying: asyncio.Task[None] | None = None
        self._tidying: asyncio.Task[None] | None = None

    @property
    def limits(self) -> Limits:
        return self.guard.limits

    # --- life cycle

    async def start(self) -> None:
        """Restore every unfinished game from the store and let its bots continue.  A game
        that cannot be restored is quarantined (logged once, listed as broken) and the others
        are served as usual."""
        records = await self.storage.run(lambda db: db.unfinished())
        for rec in records:
            try:
                room = self._room(rec)
            except SalonError as e:
                await self._quarantine(rec.id, str(e))
                continue
            self.rooms[room.id] = room
            self.kick(room)
        self.storage.listen(self._changed_elsewhere)
        self.storage.on_new_session(self._leased.clear)  # the leases were the old session's locks
        if self.storage.shared:
            self._retrying = asyncio.get_running_loop().create_task(self._rounds())
        self._tidying = asyncio.get_running_loop().create_task(self._tidy_rounds())

    async def stop(self) -> None:
        """Stop every bot and hint and close every connection (the server shuts down): the
        workers are stopped, whatever they were thinking about."""
        self.stopping = True
        for task in (*self._refreshing, self._retrying, self._tidying):
            if task is not None:
                task.cancel()
        for room in self.rooms.values():
            if room.bot_task is not None:
                room.bot_task.cancel()
            self._cancel_hints(room)
            for conn in list(room.conns):
                conn.push(None)
        await self.compute.stop()

    async def _quarantine(self, game_id: str, reason: str) -> None:
        log.error("game %s cannot be restored and is quarantined: %s", game_id, reason)
        try:
            await self.storage.run(lambda db: db.quarantine(game_id, reason))
        except StorageError as e:
            log.error("game %s: the quarantine was not stored: %s", game_id, e)

    def _room(self, rec: GameRecord | BrokenRecord, resume: Rebuilt | None = None) -> Room:
        """The room of a stored game (replayed from ``resume``, see rebuild); SalonError for
        one that cannot be restored as it is: a damaged row, an action the engine refuses,
        seats that do not fit the game, a seat of an unknown kind, or a bot this server does
        not play (bot_policy)."""
        if isinstance(rec, BrokenRecord):
            raise SalonError(rec.reason)
        try:
            cls = game_class(rec.game)
        except ConfigError as e:
            raise SalonError(str(e)) from None
        game, events, actors, lone = rebuild(rec, resume)
        if len(rec.seats) != game.num_players or [s.seat for s in rec.seats] != list(range(game.num_players)):
            raise SalonError(f"the stored seats do not fit a game of {game.num_players} seats")
        now = self.clock()
        seats = []
        for s in rec.seats:
            if s.kind not in KINDS:
                raise SalonError(f"seat {s.seat} is of an unknown kind {s.kind!r}")
            bot = None
            if s.kind == BOT and not rec.over:
                try:
                    self.check_bot(s.bot or "")
                except ServiceError as e:
                    raise SalonError(f"seat {s.seat}: {e.message}") from None
                bot = _make_bot(s.bot or "", rec.seed, s.seat)
            seats.append(Seat(s.seat, s.kind, s.bot, s.name, s.token_hash, bot, s.undos, s.hints, now))
        return Room(rec.id, rec.game, rec.title, cls.stored_config(rec.config), rec.seed, rec.created, game, seats,
                    events, actors, rec.creator, dict(rec.options), rec.undos, rec.ended, now, listed=rec.listed,
                    lone=lone, writes=rec.writes)

    def check_bot(self, spec: str) -> None:
        """Refuse (ServiceError 422) a bot this server does not play (salon.web.bot_policy)."""
        try:
            check_server_bot(spec, self.limits.custom_bots, self.limits.max_bot_think)
        except ConfigError as e:
            raise ServiceError(422, "unknown_bot" if e.key == "error.unknown_bot" else "bot_not_allowed",
                               str(e)) from None

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
                if not (isinstance(rec, BrokenRecord) and rec.quarantined):
                    await self._quarantine(game_id, str(e))
                raise ServiceError(410, "broken", f"game {game_id} is damaged and cannot be shown") from None
            self._keep(room)
        return room

    def _keep(self, room: Room) -> None:
        self.rooms[room.id] = room
        finished = [r for r in self.rooms.values() if not r.live and not r.conns]
        for old in finished[:max(0, len(finished) - FINISHED_KEPT)]:
            del self.rooms[old.id]

    async def listing(self, status: str | None = None, offset: int = 0, limit: int | None = None) -> dict[str, Any]:
        """The lobby: open, running and finished games, newest first, at most ``limit`` of
        each (the server's page size at most); with ``status`` one section from ``offset``.
        ``more`` tells, per section, whether further games follow; ``broken`` lists the
        quarantined games."""
        page = self.limits.page_size
        limit = page if limit is None else max(0, min(limit, page))
        wanted = STATUSES if status is None else (status,)
        games: list[dict[str, Any]] = []
        more: dict[str, bool] = {}
        for section in wanted:
            if section == "over":
                ids = await self.storage.run(lambda db: db.finished_ids(limit + 1, offset))
                rooms = []
                for game_id in ids[:limit]:
                    try:
                        rooms.append(await self.get(game_id))
                    except ServiceError:
                        continue
                more["over"] = len(ids) > limit
            else:
                live = sorted((r for r in self.rooms.values() if r.status == section and r.listed),
                              key=lambda r: -r.created)
                rooms = live[offset:offset + limit]
                more[section] = len(live) > offset + limit
            games += [r.summary() for r in rooms]
        result: dict[str, Any] = {"games": games, "more": more}
        if status is None or status == "broken":
            broken = await self.storage.run(lambda db: db.broken_games(limit))
            result["broken"] = [{"id": game_id, "reason": reason} for game_id, reason in broken]
        return result

    # --- lobby

    async def create(self, name: str, title: str, seat_specs: list[dict[str, Any]], config: dict[str, Any],
                     seed: int | None, join: dict[str, Any] | None, client: str = "",
                     options: dict[str, Any] | None = None, private: bool | None = None,
                     network: str = "") -> tuple[Room, int | None, str | None]:
        """A new game; with ``join`` the creator takes a seat, gets its token and hosts the
        table.  ``client`` and ``network`` (opaque keys of the creator's address and network)
        count against the caps of the server.  ``private`` tables are left out of the lobby (their link is the only
        way in); by default a table with a seat for a person is private."""
        try:
            cls = game_class(name)
        except ConfigError as e:
            raise ServiceError(400, "unknown_game", str(e)) from None
        if seed is not None and not self.allow_seed:
            raise ServiceError(400, "seed_not_allowed", "this server draws every game's seed itself")
        for i, spec in enumerate(seat_specs):
            if spec["kind"] == BOT:
                try:
                    self.check_bot(spec.get("bot") or "")
                except ServiceError as e:
                    raise ServiceError(e.status, e.code, f"seat {i + 1}: {e.message}") from None
        if not self.limits.allow_bot_tables and all(spec["kind"] == BOT for spec in seat_specs):
            raise ServiceError(403, "bot_tables_off", "a table needs at least one human seat on this server")
        config = dict(config)
        config.setdefault("players", len(seat_specs))  # the one config key every game shares
        seed = secret_seed() if seed is None else seed
        try:
            game = cls.new(config, seed)
        except ConfigError as e:
            raise ServiceError(400, "bad_config", str(e), key=e.key, fields=e.fields) from None
        for i, spec in enumerate(seat_specs):
            if spec["kind"] == BOT:
                try:
                    make_bot(spec.get("bot") or "").check_game(game)
                except ConfigError as e:
                    raise ServiceError(422, "bot_not_allowed", f"seat {i + 1}: {e}") from None
        automated = {seat: text(f"player.{key}") for seat, key in game.description.automated_seats.items()}
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
        options = dict(options or {})
        if join is not None:
            seat_index = self._free_seat(seats, join.get("seat"))
            token = secrets.token_urlsafe(24)
            seats[seat_index].token_hash = hash_token(token)
            seats[seat_index].name = self._name(join.get("name"), seat_index)
            self._unlike(seats, seat_index, seats[seat_index].name)
            options["host"] = seat_index
        await self.guard.creating(client)  # a request refused for its own mistakes costs no rate
        if join is not None:
            await self.guard.joining(client)
        game_id = secrets.token_urlsafe(12)
        stored_config = game.config_json()
        listed = not private if private is not None else all(spec["kind"] == BOT for spec in seat_specs)
        rec = GameRecord(game_id, name, clean_text(title or "", TITLE_LIMIT) or f"{name} {game_id}", stored_config,
                         seed, time.time(), seats, creator=client, options=options, listed=listed,
                         network=network)
        await self.guard.creating_table(rec)
        now = self.clock()
        room = Room(rec.id, name, rec.title, stored_config, seed, rec.created, game,
                    [Seat(s.seat, s.kind, s.bot, s.name, s.token_hash,
                          _make_bot(s.bot, seed, s.seat) if s.bot else None, seen=now) for s in seats],
                    [game.setup_events()], [None], client, rec.options, turn_started=now, listed=listed,
                    lone=[False])
        self.rooms[game_id] = room
        self.kick(room)
        return room, seat_index, token

    @staticmethod
    def _name(name: Any, seat: int) -> str:
        """A player's name as the others will see it (salon.web.names); "#n" for none."""
        return clean_text(str(name or ""), NAME_LIMIT) or f"#{seat + 1}"

    @staticmethod
    def _unlike(seats: list[SeatRecord] | list[Seat], seat: int, name: str) -> None:
        """Refuse a name at ``seat`` that would look like another seat's (salon.web.names.likeness):
        nobody may pass for someone else at the table."""
        key = likeness(name)
        if any(s.seat != seat and s.name and likeness(s.name) == key for s in seats):
            raise ServiceError(409, "name_taken", f"someone at this table is shown as {name!r} already; choose "
                                                  "another name")

    @staticmethod
    def _free_seat(seats: list[SeatRecord] | list[Seat], wanted: int | None, vacant: list[int] | None = None) -> int:
        """The seat to take: ``wanted``, or the first free one; a seat left during the game
        (``vacant``) is not free until its remaining players open it."""
        vacant = vacant or []
        free = [s for s in seats if s.kind == HUMAN and s.token_hash is None and s.seat not in vacant]
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
        if wanted in vacant:
            raise ServiceError(409, "seat_vacant", f"seat {wanted} was left during the game: its players decide "
                                                   "first whether a bot or someone else takes it")
        return wanted

    async def join(self, room: Room, wanted: int | None, name: Any, client: str = "") -> tuple[int, str]:
        return await _guarded(self._join(room, wanted, name, client))

    async def _join(self, room: Room, wanted: int | None, name: Any, client: str) -> tuple[int, str]:
        async with room.lock:
            if not room.live:
                raise ServiceError(409, "over", "the game is over")
            self._free_seat(room.seats, wanted, room.vacant)
            await self.guard.joining(client)
            token = secrets.token_urlsafe(24)
            digest = hash_token(token)
            while True:
                seat = self._free_seat(room.seats, wanted, room.vacant)
                label = self._name(name, seat)
                self._unlike(room.seats, seat, label)
                hosting = None if room.host is not None else {**room.options, "host": seat}
                if await self._store(partial(Database.take_seat, game_id=room.id, seat=seat, name=label,
                                             token_hash=digest, options=hosting)):
                    break
                # another process seated someone there: any other free seat will do, else the client is told
                await self._catch_up(room)
            now = self.clock()
            room.seats[seat].token_hash = digest
            room.seats[seat].name = label
            room.seats[seat].seen = now
            room.options = hosting or room.options
            room.turn_started = now  # a timer runs for seated players only
            room.broadcast(now)
            self.kick(room)
            return seat, token

    async def leave(self, room: Room, seat: int | None) -> None:
        """The seat's player gives it up: its token stops working, and the seat is free for
        someone else to take (the game waits for them)."""
        await _guarded(self._leave(room, seat))

    async def _leave(self, room: Room, seat: int | None) -> None:
        async with room.lock:
            if seat is None:
                raise ServiceError(403, "spectator", "a spectator holds no seat to leave")
            if not room.live:
                raise ServiceError(409, "over", "the game is over")
            s = room.seats[seat]
            digest = s.token_hash
            assert digest is not None
            options = self._without(room, seat, vacate=room.status == "running")

            def leave(db: Database) -> None:
                db.leave_seat(room.id, seat, digest)
                db.set_options(room.id, options)

            await self._store(leave)
            s.token_hash, s.name = None, ""
            room.options = options
            self._unseat(room, seat)
            room.broadcast(self.clock())

    @staticmethod
    def _without(room: Room, seat: int, vacate: bool) -> dict[str, Any]:
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

    async def manage_seat(self, room: Room, seat: int | None, target: int, choice: str, version: int) -> None:
        """Hand ``target`` to a bot (``choice`` "bot") or open it for anyone with the table's
        link ("open"): any seated player may, for a seat left during the game; the host may,
        for a player who has been away or let their decision wait too long (Room.replaceable_in)."""
        await _guarded(self._manage_seat(room, seat, target, choice, version))

    async def _manage_seat(self, room: Room, seat: int | None, target: int, choice: str, version: int) -> None:
        async with room.lock:
            self._check_table_choice(room, seat, version)
            if not 0 <= target < len(room.seats):
                raise ServiceError(400, "bad_seat", f"seat {target} does not exist (0-{len(room.seats) - 1})")
            if target == seat:
                raise ServiceError(409, "own_seat", "to give up your own seat, leave it")
            now = self.clock()
            t = room.seats[target]
            if target not in room.vacant:
                if seat != room.host:
                    raise ServiceError(403, "not_host", "only the table's host may replace a player")
                if t.kind != HUMAN or t.token_hash is None:
                    raise ServiceError(409, "not_replaceable", f"seat {target} is not held by a person")
                wait = room.replaceable_in(t, now, room.online())
                if wait is None:
                    raise ServiceError(409, "not_idle", f"seat {target}'s player is here and playing")
                if wait > 0:
                    raise ServiceError(409, "not_idle", f"seat {target}'s player is here and playing; they may be "
                                                        f"replaced in {wait:g} s", seconds=wait)
            await self._reseat(room, target, choice == "bot",
                               {**room.options, "vacant": [v for v in room.vacant if v != target]})
            room.broadcast(now)
            self.kick(room)

    @staticmethod
    def _check_table_choice(room: Room, seat: int | None, version: int) -> None:
        """A seated player deciding for the table (another seat's fate, its end) on the version
        it was shown."""
        if seat is None:
            raise ServiceError(403, "spectator", "a spectator cannot decide for the table; join a seat to play")
        if not room.live:
            raise ServiceError(409, "over", "the game is over")
        shown = room.version_for(seat)
        if version != shown:
            raise ServiceError(409, "stale", "state changed, refresh", version=shown)

    async def _reseat(self, room: Room, target: int, to_bot: bool, options: dict[str, Any]) -> None:
        """Hand ``target`` to the replacement bot (keeping its player's name), or make it a
        free seat, with the table's new ``options``; its player's connections go on as
        spectators."""
        t = room.seats[target]
        kind, bot, name = (BOT, REPLACEMENT_BOT, t.name or REPLACEMENT_BOT) if to_bot else (HUMAN, None, "")

        def change(db: Database) -> None:
            db.set_seat(room.id, target, kind, bot, name, None)
            db.set_options(room.id, options)

        await self._store(change)
        t.kind, t.bot_name, t.name, t.token_hash = kind, bot, name, None
        t.bot = _make_bot(REPLACEMENT_BOT, room.seed, target) if to_bot else None
        room.options = options
        self._unseat(room, target)

    async def renew_token(self, room: Room, seat: int | None) -> str:
        """A new token for the seat; the old one stops working and the seat's other
        connections are closed (whoever held a copy of the old token is out)."""
        return await _guarded(self._renew(room, seat))

    async def _renew(self, room: Room, seat: int | None) -> str:
        async with room.lock:
            if seat is None:
                raise ServiceError(403, "spectator", "a spectator holds no token to renew")
            s = room.seats[seat]
            token = secrets.token_urlsafe(24)
            digest = hash_token(token)
            await self._store(lambda db: db.set_seat(room.id, seat, s.kind, s.bot_name, s.name, digest))
            s.token_hash = digest
            for conn in list(room.conns):
                if conn.seat == seat:
                    conn.push(None)
            return token

    def _unseat(self, room: Room, seat: int) -> None:
        """The seat's connections go on as spectators (their token no longer holds it)."""
        for conn in room.conns:
            if conn.seat == seat:
                conn.seat = None
                conn.epoch = -1

    async def take_over(self, room: Room, seat: int | None, choice: str, version: int) -> None:
        """When the deciding seat's turn timer ran out, another seated player hands the seat
        to a bot (Board Game Arena's "zombie") or ends the game."""
        await _guarded(self._take_over(room, seat, choice, version))

    async def _take_over(self, room: Room, seat: int | None, choice: str, version: int) -> None:
        async with room.lock:
            self._check_table_choice(room, seat, version)
            timer = room.timer(self.clock())
            if timer is None or not timer["expired"]:
                raise ServiceError(409, "not_expired", "the deciding player's time has not run out")
            late = timer["seat"]
            if late == seat:
                raise ServiceError(409, "own_seat", "your own time ran out: play, or leave the seat")
            if choice == "end":
                await self._store(lambda db: db.end_game(room.id))
                self._end(room)
            else:
                await self._reseat(room, late, True, self._without(room, late, vacate=False))
            room.broadcast(self.clock())
            self.kick(room)

    def _end(self, room: Room) -> None:
        """The game was ended early (stored already): nothing more is thought about for it."""
        room.ended = True
        self._cancel_hints(room)
        if room.bot_task is not None:
            room.bot_task.cancel()

    async def hint(self, room: Room, seat: int | None, client: str = "") -> list[Estimate]:
        """The search's best choices for the seat deciding now, from its information only, if
        the table allows hints.  One hint at a time per seat, whichever process it is asked
        through (a lease, as for the bots), within the hint rate of the seat and of its address
        (``client``).  The search runs in the table's lane of the workers
        (salon.web.compute), outside the room's lock, and is cancelled if the position changes
        meanwhile; the count is stored and shown to everyone once the hint is given."""
        if seat is None:
            raise ServiceError(403, "spectator", "a spectator holds no seat to ask a hint for")
        if not room.options.get("hints"):
            raise ServiceError(403, "hints_off", "this table was created without hints")
        self._may_hint(room, seat)
        lease = f"hint {room.id} {seat}"
        if not await self._store(lambda db: db.lease(lease)):
            raise ServiceError(429, "hint_pending", "your hint is still being worked out elsewhere; wait for it")
        try:
            await self.guard.hinting(client, f"{room.id}:{seat}")
            self._may_hint(room, seat)  # again: the game may have moved on, or a hint started, while it was counted
            return await self._hint(room, seat)
        finally:
            try:
                await self.storage.run(lambda db: db.let_go(lease))
            except StorageError as e:
                log.warning("game %s: a hint's lease not given back: %s", room.id, e)

    async def _hint(self, room: Room, seat: int) -> list[Estimate]:
        s = room.seats[seat]
        task = asyncio.ensure_future(self.compute.run(
            room.id, jobs.hint, (room.game.clone(), hint_seed(room.seed, seat, s.hints), self.hint_think),
            self.hint_think + JOB_GRACE, cost=self.hint_think))
        room.hinting[seat] = task
        try:
            estimates = await task
        except asyncio.CancelledError:
            current = asyncio.current_task()
            if current is not None and current.cancelling():  # the request itself is cancelled
                raise
            raise ServiceError(409, "stale", "the position changed before the hint was ready",
                               version=room.version_for(seat)) from None
        except Busy:
            raise ServiceError(503, "busy", "the server is busy; ask again in a moment") from None
        except JobTimeout:
            raise ServiceError(503, "busy", "the hint took too long; ask again in a moment") from None
        finally:
            if room.hinting.get(seat) is task:
                del room.hinting[seat]
        await self._store(lambda db: db.count_hint(room.id, seat))
        s.hints += 1
        room.presence(self.clock())
        return estimates

    @staticmethod
    def _may_hint(room: Room, seat: int) -> None:
        if room.status != "running" or room.game.current_player() != seat:
            raise ServiceError(409, "not_your_turn", "a hint is for the seat that decides now")
        if seat in room.hinting:
            raise ServiceError(429, "hint_pending", "your hint is still being worked out; wait for it")

    @staticmethod
    def _cancel_hints(room: Room) -> None:
        """Stop the hints being searched: the position they were for has changed."""
        for task in room.hinting.values():
            task.cancel()

    # --- play

    def _check_turn(self, room: Room, seat: int | None, version: int) -> None:
        if seat is None:
            raise ServiceError(403, "spectator", "a spectator cannot act; join a free seat to play")
        status = room.status
        if status == "open":
            raise ServiceError(409, "waiting", "the game waits for its players to take every seat")
        if status in ("over", "ended"):
            raise ServiceError(409, "over", "the game is over")
        shown = room.version_for(seat)
        if version != shown:
            raise ServiceError(409, "stale", "state changed, refresh", version=shown)
        current = room.game.current_player()
        if current != seat:
            raise ServiceError(409, "not_your_turn", f"seat {current} decides now, not seat {seat}")

    def explain(self, room: Room, seat: int | None, action: str) -> dict[str, Any]:
        """Why ``action`` is not offered to ``seat`` now: the rule it breaks, the engine's
        reason with its key and fields (salon.core.errors.Refusal), or that it is legal.  Only
        the deciding seat may ask, so that the answer tells nothing of another seat's position."""
        if seat is None:
            raise ServiceError(403, "spectator", "a spectator has no decision to explain")
        if room.status != "running" or room.game.current_player() != seat:
            raise ServiceError(409, "not_your_turn", "only the deciding seat may ask why an action is not offered")
        if action in room.game.legal_actions():
            return {"action": action, "legal": True}
        refused = room.game.refusal(action)
        if refused.rule == "PROTOCOL":
            raise ServiceError(422, "malformed_action", refused.reason)
        # the key and fields let the page word the reason in the player's language
        return {"action": action, "legal": False, "rule": refused.rule, "reason": refused.reason,
                "key": refused.key, "fields": dict(refused.fields)}

    async def act(self, room: Room, seat: int | None, action: str, version: int,
                  origin: Connection | None = None, request_id: RequestId = None) -> int:
        return await _guarded(self._act(room, seat, action, version, origin, request_id))

    async def _act(self, room: Room, seat: int | None, action: str, version: int, origin: Connection | None,
                   request_id: RequestId) -> int:
        async with room.lock:
            if self._made_for(room, seat, action, version):
                shown = room.version_for(seat)
                if origin is not None:
                    origin.push({"type": "ack", "id": request_id, "version": shown})
                return shown
            self._check_turn(room, seat, version)
            await self._commit(room, [action], origin, request_id)
            return room.version_for(seat)

    @staticmethod
    def _made_for(room: Room, seat: int | None, action: str, version: int) -> bool:
        """Whether ``action``, sent on ``version``, is the lone pass or done the server has
        already made for ``seat`` on that version: a click that came a moment too late, which
        is answered as done rather than refused as stale."""
        return seat is not None and room.forced.get(seat) == (version, action)

    async def act_many(self, room: Room, seat: int | None, actions: list[str], version: int) -> int:
        """Several actions of one seat in a row, applied and stored as one commit, or none of
        them: a presentation chosen card by card and confirmed at once, stored as a bot's is."""
        return await _guarded(self._act_many(room, seat, actions, version))

    async def _act_many(self, room: Room, seat: int | None, actions: list[str], version: int) -> int:
        async with room.lock:
            self._check_turn(room, seat, version)
            await self._commit(room, actions, by=seat)
            return room.version_for(seat)

    def _refused(self, game: Game, action: str, e: ActionError) -> ServiceError:
        """The refusal of ``action`` by ``game`` (before anything is rolled back), with the
        reason's key and fields for the page to word it (salon.core.errors.Refusal)."""
        malformed = isinstance(e, MalformedAction)
        why = game.refusal(action)
        return ServiceError(400 if malformed else 422, "malformed_action" if malformed else "illegal_action",
                            f"{action!r} refused: {e.reason}", rule=e.rule, action=action,
                            refusal={"key": why.key, "fields": dict(why.fields), "reason": why.reason})

    async def _commit(self, room: Room, actions: list[str], origin: Connection | None = None,
                      request_id: RequestId = None, by: int | None = None) -> None:
        """Apply the actions of one seat, store them in one commit, acknowledge, show (the
        caller holds the room's lock).  A bot's secret actions go with the public action that
        ends them, so nobody can time how many there were.  ``by``: the seat that sent them,
        refused (and nothing applied) once another seat decides."""
        game = room.game
        first = len(game.history)
        actor = game.current_player()
        before = actor
        for action in actions:
            if by is not None and game.current_player() != by:
                self._rollback(room, first)
                raise ServiceError(409, "not_your_turn", f"{action!r} refused: seat {by} no longer decides")
            lone = forced_move(game) == action
            try:
                events = game.apply(action)
            except ActionError as e:
                refused = self._refused(game, action, e)
                self._rollback(room, first)
                raise refused from None
            # the log grows with the game, before the write: a state read meanwhile (the lock
            # guards writers only) sees a version, a log and a position that agree
            room.add(events, actor, action, lone)
        over = game.is_over()
        started = room.turn_started
        if game.current_player() != before:  # set before the write: a state read meanwhile shows the new turn's timer
            room.turn_started = self.clock()
        try:
            await self.storage.run(lambda db: db.append_many(room.id, first, actions, over, room.writes))
        except Stale:
            await self._catch_up(room, unstored=True)
            raise ServiceError(409, "stale", "state changed, refresh", version=room.version_for(actor)) from None
        except Exception as e:
            self._rollback(room, first)
            room.turn_started = started
            log.error("game %s: actions %r not stored: %s", room.id, actions, e)
            raise ServiceError(503, "storage", "the action could not be stored; nothing changed, try again") from None
        room.writes += 1
        self._cancel_hints(room)
        now = self.clock()
        if origin is not None:
            origin.push({"type": "ack", "id": request_id, "version": room.version_for(actor)})
        private = all(room.private[first + 1:])
        room.broadcast(now, only=actor if private else None)
        self.kick(room)

    def _rollback(self, room: Room, length: int) -> None:
        """The room's game, log and actors as they were with ``length`` actions."""
        if len(room.game.history) > length:
            room.game = record.replay(room.name, room.config, room.seed, room.game.history[:length])
        room.cut(length)

    async def undo(self, room: Room, seat: int | None, version: int,
                   origin: Connection | None = None, request_id: RequestId = None) -> int:
        return await _guarded(self._undo(room, seat, version, origin, request_id))

    async def _undo(self, room: Room, seat: int | None, version: int, origin: Connection | None,
                    request_id: RequestId) -> int:
        """Take back the seat's latest action: rebuild the game from its history without it.
        Allowed as far as the engine says (``undoable``: within one's own turn, before any
        draw or reveal), following Board Game Arena's policy."""
        async with room.lock:
            self._check_turn(room, seat, version)
            assert seat is not None
            if room.undoable() < 1:
                raise ServiceError(409, "no_undo", "nothing can be taken back now")
            history = room.game.history
            private = room.private[-1]
            previous = record.replay(room.name, room.config, room.seed, history[:-1])
            length = len(history) - 1
            by = seat if private else None
            try:
                await self.storage.run(lambda db: db.undo(room.id, length, by, room.writes))
            except Stale:
                await self._catch_up(room)
                raise ServiceError(409, "stale", "state changed, refresh", version=room.version_for(seat)) from None
            except StorageError as e:
                log.error("storage: %s", e)
                raise ServiceError(503, "storage", "the database refused the change; nothing changed, try again") \
                    from None
            room.writes += 1
            room.game = previous
            room.cut(length)
            if private:  # the others never saw it: only the seat's own log is shortened
                room.seats[seat].undos += 1
                for conn in room.conns:
                    if conn.seat == seat:
                        conn.epoch = -1
            else:
                room.undos += 1
                room.epoch += 1
            self._cancel_hints(room)
            if origin is not None:
                origin.push({"type": "ack", "id": request_id, "version": room.version_for(seat)})
            room.broadcast(self.clock(), only=seat if private else None)
            self.kick(room)
            return room.version_for(seat)

    async def _catch_up(self, room: Room, unstored: bool = False) -> None:
        """Bring the room to the game as the database holds it, after another process wrote
        it, and show every client of this process where it stands (the caller holds the
        room's lock).  Only the actions the room lacks are read and replayed, unless it
        went back (an undo) or the room holds actions the database did not store
        (``unstored``).  A game whose rows can no longer be restored is quarantined."""
        history = room.game.history
        rec = await self.storage.run(lambda db: db.load(room.id, since=len(history)))
        # no undo counted since (each is, with the actions it took back): the rows only grew
        extended = not unstored and isinstance(rec, GameRecord) and rec.undos == room.undos and [
            s.undos for s in rec.seats] == [s.undos for s in room.seats]
        if isinstance(rec, GameRecord):
            rec = replace(rec, actions=[*history, *rec.actions]) if extended else \
                await self.storage.run(lambda db: db.load(room.id))
        try:
            if rec is None:
                raise SalonError("its rows are gone")
            held = [s.token_hash for s in room.seats]
            deciding = room.game.current_player()
            resume = (room.game.clone(), list(room.log), list(room.actors), list(room.lone)) if extended else None
            room.adopt(self._room(rec, resume), extended)
            if room.game.current_player() != deciding:  # the turn timer runs from when this process learnt of it
                room.turn_started = self.clock()
        except SalonError as e:
            await self._quarantine(room.id, str(e))
            raise ServiceError(410, "broken", f"game {room.id} is damaged and cannot be shown") from None
        for conn in list(room.conns):  # a token renewed, or a seat left or handed over, elsewhere
            if conn.seat is not None and room.seats[conn.seat].token_hash != held[conn.seat]:
                conn.push(None)
        self._cancel_hints(room)
        room.broadcast(self.clock())
        self.kick(room)

    def _changed_elsewhere(self, game_id: str | None, appended: Appended | None) -> None:
        """Another process wrote the game (None: perhaps any game, after notifications were
        missed): the room, if this process holds it, takes the actions ``appended`` if that
        is all the write did, or else catches up from the database, once however many
        notifications come meanwhile; a table this process does not hold yet (created
        elsewhere) is loaded, so that every process lists it and may play its bots."""
        if game_id is None:
            rooms = list(self.rooms.values())
            self._soon(self._discover(None))
        elif game_id in self.rooms:
            rooms = [self.rooms[game_id]]
            if appended is not None and not rooms[0].behind:
                self._soon(self._hear(rooms[0], appended))
                return
        else:
            rooms = []
            self._soon(self._discover([game_id]))
        for room in rooms:
            self._behind(room)

    def _behind(self, room: Room) -> None:
        if not room.behind:
            room.behind = True
            self._soon(self._refresh(room))

    def _soon(self, job: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(job)
        self._refreshing.add(task)
        task.add_done_callback(self._refreshing.discard)

    async def _discover(self, game_ids: list[str] | None) -> None:
        """Load the tables of ``game_ids`` (None: every unfinished one this process does not
        hold), and read each once more: a load already under way when the notification came
        may have read its rows before the write it announces."""
        try:
            if game_ids is None:
                game_ids = [i for i in await self.storage.run(lambda db: db.unfinished_ids()) if i not in self.rooms]
            for game_id in game_ids:
                room = await self.get(game_id)
                self._behind(room)
                self.kick(room)
        except (ServiceError, StorageError) as e:
            log.warning("tables of the other processes not loaded: %s", e)

    async def _hear(self, room: Room, appended: Appended) -> None:
        """Apply the actions another process stored, if they follow what the room holds (a
        notification it missed, or one of a write it has read already, and it reads the
        database instead, or nothing)."""
        async with room.lock:
            if appended.writes <= room.writes:
                return
            first = len(room.game.history)
            if room.behind or appended.writes != room.writes + 1 or appended.first != first:
                self._behind(room)
                return
            deciding = actor = room.game.current_player()
            try:
                for action in appended.actions:
                    actor = room.game.current_player()
                    lone = forced_move(room.game) == action
                    room.add(room.game.apply(action), actor, action, lone)
            except ActionError as e:
                log.warning("game %s: the actions of another process not applied: %s", room.id, e)
                await self._catch_up(room, unstored=True)
                return
            room.writes = appended.writes
            now = self.clock()
            if room.game.current_player() != deciding:
                room.turn_started = now
            self._cancel_hints(room)
            private = all(room.private[first + 1:])
            room.broadcast(now, only=actor if private else None)
            self.kick(room)

    async def _refresh(self, room: Room) -> None:
        async with room.lock:
            room.behind = False
            try:
                await self._catch_up(room)
            except (ServiceError, StorageError) as e:
                log.warning("game %s: not caught up with the other processes: %s", room.id, e)

    async def _store(self, job: Callable[[Database], T]) -> T:
        try:
            return await self.storage.run(job)
        except StorageError as e:
            log.error("storage: %s", e)
            raise ServiceError(503, "storage", "the database refused the change; nothing changed, try again") from None

    async def seat_of(self, room: Room, token: str | None) -> int | None:
        """The seat a token holds (Room.seat_of).  On a shared database a token this process
        does not know may have been given through another process a moment ago (a seat
        joined there, the page then connected here): it is looked for again in the
        database before it is refused."""
        try:
            return room.seat_of(token)
        except ServiceError:
            digest = hash_token(token or "")
            if not (self.storage.shared and await self._store(lambda db: db.holds_seat(room.id, digest))):
                raise
        async with room.lock:
            await self._catch_up(room)
        return room.seat_of(token)

    # --- connections

    async def connect(self, room: Room, conn: Connection) -> None:
        """A client comes: the state to it alone; the others learn only that a seated player
        is online.  A spectator past the table's cap (counted over every process) is refused."""
        if conn.seat is None:
            await self.guard.watch(conn.ticket, room.id)
        elif conn.ticket is not None:  # the table is held (Hub.tidy), and the other processes show its player
            await self.guard.sit(conn.ticket, room.id, conn.seat)
        was_online = conn.seat is not None and any(c.seat == conn.seat for c in room.conns)
        room.conns.add(conn)
        now = self.clock()
        conn.push(room.state_for(conn, now))
        if conn.seat is not None and not was_online:
            room.presence(now, skip=conn)

    def disconnect(self, room: Room, conn: Connection) -> None:
        room.conns.discard(conn)
        if conn.seat is not None and not any(c.seat == conn.seat for c in room.conns):
            now = self.clock()
            room.seats[conn.seat].seen = now  # away from now on (Room.replaceable_in)
            room.presence(now, skip=conn)

    # --- housekeeping

    async def _tidy_rounds(self) -> None:
        while True:
            await asyncio.sleep(TIDY_EVERY)
            try:
                ended = await self.tidy(time.time())
            except StorageError as e:
                log.warning("storage: no housekeeping this round: %s", e)
                continue
            if ended:
                log.info("%d tables ended: no seated person for %g s", len(ended), self.limits.abandon_after)

    async def tidy(self, now: float) -> list[str]:
        """Forget the rate hits out of their windows and the connections of ended processes,
        and end every table in play that no seated person has held, connected to any process,
        for the server's ``abandon_after`` up to ``now`` (seconds since the epoch, which the
        processes share), so that its place counts for nobody; the ids of those ended.  What a
        table was last held at is stored, so a restart does not give tables more time."""
        since = now - self.limits.abandon_after

        def tidy(db: Database) -> list[str]:
            quota.forget_expired(db, now)
            quota.forget_gone(db)
            quota.attend(db, now)
            return quota.deserted(db, since)

        return [game_id for game_id in await self.storage.run(tidy) if await self._abandon(game_id)]

    async def _abandon(self, game_id: str) -> bool:
        """End a table nobody holds, unless a seated person came back meanwhile."""
        room = self.rooms.get(game_id)
        if room is None:  # not restored (set aside, say): only its place is given back
            return await self.storage.run(lambda db: db.end_game(game_id))
        async with room.lock:
            if not room.live or room.online() - {None}:
                return False
            if not await self.storage.run(lambda db: db.end_game(game_id)):
                return False
            self._end(room)
            room.broadcast(self.clock())
        return True

    # --- bots

    def kick(self, room: Room) -> None:
        """Start the room's bot player if a bot decides now, or a person who has nothing to
        decide (and none is running)."""
        if self.stopping or (room.bot_task is not None and not room.bot_task.done()):
            return
        if self._bot_turn(room) is not None:
            room.bot_task = asyncio.get_running_loop().create_task(self._bots(room))

    @staticmethod
    def _bot_turn(room: Room) -> int | None:
        """The seat the server moves for now: a bot's, or a person's lone pass or done."""
        if room.status != "running":
            return None
        seat = room.game.current_player()
        if seat is None or (room.seats[seat].bot is None and forced_move(room.game) is None):
            return None
        return seat

    async def _lease(self, room: Room) -> bool:
        """Whether this process plays the table's bots (one process does, on a shared database)."""
        if room.id not in self._leased:
            try:
                if not await self.storage.run(lambda db: db.lease(room.id)):
                    return False
            except StorageError as e:
                log.warning("game %s: no lease on its bots: %s", room.id, e)
                return False
            self._leased.add(room.id)
        return True

    async def _rounds(self) -> None:
        """Now and then (on a shared database): catch up the tables the database holds more
        writes of than this process (a notification lost, or a catch-up that failed), learn
        which players are connected to the other processes, try to take over the bots of the
        tables another process played, and start those of this process's tables again where
        a catch-up found a bot's turn while the bot's task was ending (kick does nothing
        while a task runs)."""
        while True:
            await asyncio.sleep(self.lease_retry)
            try:
                counted = await self.storage.run(lambda db: db.writes_in_play())
                for room in list(self.rooms.values()):
                    if counted.get(room.id, room.writes) > room.writes:
                        self._behind(room)
                await self._presence_elsewhere()
            except StorageError as e:
                log.warning("storage: the other processes' writes and players not known: %s", e)
            for room in list(self.rooms.values()):
                self.kick(room)

    async def _presence_elsewhere(self) -> None:
        """Tell each table's clients the seats whose players came to or went from the other
        processes (a process that ended took its connections with it)."""
        seated = await self.storage.run(quota.seated_elsewhere)
        now = self.clock()
        for room in list(self.rooms.values()):
            elsewhere = seated.get(room.id, set())
            if elsewhere != room.elsewhere:
                here = {c.seat for c in room.conns}
                for seat in room.elsewhere - elsewhere - here:
                    room.seats[seat].seen = now  # away from now on (Room.replaceable_in)
                room.elsewhere = elsewhere
                room.presence(now)

    async def _bots(self, room: Room) -> None:
        """Move for the bots, and make the people's lone passes after the very pause a bot's
        move takes, so that how soon a seat passes tells nothing of its hand.  A bot thinks in
        the table's lane of the workers (salon.web.compute), outside the room's lock, on a copy
        of the game; its move is made only if the position is still the one it thought about.
        On a shared database only the process holding the table's lease moves for it."""
        if not await self._lease(room):
            return
        await self._bots_of(room)
        if not room.live and room.id in self._leased:
            self._leased.discard(room.id)
            try:
                await self.storage.run(lambda db: db.let_go(room.id))
            except StorageError as e:
                log.warning("game %s: its lease not given back: %s", room.id, e)

    async def _bots_of(self, room: Room) -> None:
        while room.id in self._leased and (seat := self._bot_turn(room)) is not None:
            changes = room.changes
            if room.paced(seat):
                await asyncio.sleep(self.bot_delay)
            if room.changes != changes or self._bot_turn(room) != seat:
                continue
            bot = room.seats[seat].bot
            try:
                if bot is None:  # a person's lone pass or done (see _bot_turn)
                    moves, thought = room.game.legal_actions(), None
                else:
                    moves, thought = await self._think(room, bot, seat)
                async with room.lock:
                    if room.changes != changes or self._bot_turn(room) != seat or room.seats[seat].bot is not bot:
                        continue
                    if thought is not None:
                        room.seats[seat].bot = thought
                    else:
                        room.forced[seat] = (room.version_for(seat), moves[0])
                    await _guarded(self._commit(room, moves))
            except ServiceError as e:
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
            return await self.compute.run(room.id, jobs.bot_moves, (room.game.clone(), bot, seat),
                                          bot.cost + JOB_GRACE, cost=bot.cost, refusable=False)
        except JobTimeout:
            log.warning("game %s: the bot of seat %d ran past its deadline; a random move instead", room.id, seat)
        except (Busy, SalonError) as e:  # its workers died, or it refused the game: nothing to trace
            log.warning("game %s: the bot of seat %d failed: %s; a random move instead", room.id, seat, e)
        except Exception:  # a bot's defect, traced where it raised (a worker's traceback comes with it)
            log.warning("game %s: the bot of seat %d failed; a random move instead", room.id, seat, exc_info=True)
        return jobs.bot_moves(room.game.clone(), RandomBot(bot_seed(room.seed, seat)), seat)[0], bot
