"""One table in memory: the engine's game, the seats, the log, the versions each seat is
shown, the live connections, and what each seat sees.

The engine's game is the only authority on the rules.  What a client receives is built from
``observe(seat)`` and ``Event.view(seat)`` only: never the game state, the seed, or another
seat's legal actions.  Every accepted action or undo moves a seat's version forward (an undo
never gives back a version that was already shown), so a tab that saw a position which was
then taken back cannot act on the new one; another seat's private actions are not counted in
a seat's version, so that nobody can count them.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from salon.bots.base import Bot
from salon.bots.search import Estimate
from salon.core import choices
from salon.core.choices import DEFAULTS, Preferences
from salon.core.events import Event
from salon.core.game import Game
from salon.web.adapters import adapter
from salon.web.errors import Refused
from salon.web.tables.clocks import Clock, clock_json, pace_of
from salon.wording import told

HUMAN = "human"
BOT = "bot"
AUTOMATON = "automaton"
"""A seat the game plays by itself (its description's ``automated_seats``): never taken, never waited for."""
KINDS = (HUMAN, BOT, AUTOMATON)
"""The kinds of seat; a stored seat of another kind is a damaged row."""
MAX_QUEUED = 256
"""Messages waiting for one client before it is disconnected as not reading."""
ABSENT_AFTER = 60.0
"""Seconds a seated player may be away (no connection) before the host may replace them."""
IDLE_AFTER = 120.0
"""Seconds a player's decision may wait before the host may replace them."""

RequestId = int | str | None
"""What a client may number its requests with; the answers repeat it."""


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
    """When the seat's player was last connected, or took the seat (the server's clock)."""
    account: str | None = None
    """The account that holds the seat besides its token, if any."""
    invited: str | None = None
    """The address the seat is kept for (an invitation), if any."""
    holiday_since: float | None = None
    """Since when the holding account is on holiday (seconds since the epoch); None: it is not."""
    prefs: Preferences = DEFAULTS
    """What its player asks the server to answer for them (the holding account's, or what the
    player's page said in its ``hello``): see forced_move."""

    @property
    def taken(self) -> bool:
        return self.kind in (BOT, AUTOMATON) or self.token_hash is not None


class Connection:
    """One live client (a WebSocket): its seat (None: a spectator) and its outgoing queue.

    ``epoch`` and ``sent`` remember how much of the room's log the client has: later
    messages carry only the new log entries, and all of it after an undo shortened the log.
    """

    def __init__(self, seat: int | None, client: str = "", ticket: str | None = None,
                 account: str | None = None) -> None:
        self.seat = seat
        self.client = client
        self.ticket = ticket
        """What the connection is counted under (Guard.connect); None for one made by the server itself."""
        self.account = account
        """The signed-in account of the client, if any: what its chat keeps from it (salon.web.chat)."""
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
    """When the current decision's seat began to decide (the server's clock)."""
    turn_since: float = 0.0
    """The same moment in seconds since the epoch, as stored: a correspondence table's clock."""
    used: float = 0.0
    """When a request or a round last needed the table (the server's clock): see Rooms.drop_idle."""
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
    """Per seat, the move the server last made for it (forced_move): the version the seat had
    been shown before it, and the action (see Play.made_for)."""
    lone: list[bool] = field(default_factory=list)
    """Per log entry: whether its action was one the server makes for a person (forced_move with
    the defaults), which nobody may take back."""
    behind: bool = False
    """Another process wrote the game and this room has not caught up yet (Sync.refresh)."""
    elsewhere: set[int] = field(default_factory=set)
    """The seats whose players are connected to other processes (Sync.presence_elsewhere)."""
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

    def take_from(self, stored: Room, extended: bool) -> None:
        """Take the game, seats and log of ``stored``, the same table as the database holds it
        now (another process wrote it).  Where its log ``extended`` this room's, each client
        is sent the entries it lacks; otherwise (an undo) its state afresh."""
        for seat, was in zip(stored.seats, self.seats):
            if seat.token_hash == was.token_hash:
                seat.seen = was.seen  # the same player: away since they went, not since this catch-up
                seat.prefs = was.prefs if seat.account is None else seat.prefs  # a guest's: from its page alone
        for name in ("game", "seats", "log", "actors", "private", "private_by", "lone", "options", "undos",
                     "ended", "listed", "writes"):
            setattr(self, name, getattr(stored, name))
        self.forced.clear()
        self.changes += 1
        self.epoch += not extended

    def truncate_log(self, length: int) -> None:
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
        engine allows (Game.undoable), up to the latest move the server makes for a person
        (forced_move).  That move was no choice, and taking it back would only have the server
        make it again: an undo that changes nothing."""
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
        raise Refused("bad_token", "this token holds no seat of this game")

    def seats_json(self, now: float | None = None) -> list[dict[str, Any]]:
        """The seats as everyone sees them; with ``now``, for each seated player, in how many
        seconds the host may replace them (0: now; None: not while they are here and playing)."""
        online = self.online()
        vacant = self.vacant
        seats: list[dict[str, Any]] = [
            {"seat": s.seat, "kind": s.kind, "bot": s.bot_name, "name": s.name, "taken": s.taken,
             "online": s.kind in (BOT, AUTOMATON) or s.seat in online, "hints": s.hints, "vacant": s.seat in vacant,
             "out": s.seat in self.options.get("out", ()), "holiday": s.holiday_since is not None,
             "invited": s.invited is not None and s.token_hash is None}
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
                "private": not self.listed, "host": self.host, "pace_days": pace_of(self.options),
                "on_timeout": self.options.get("on_timeout") if pace_of(self.options) else None,
                "rated": bool(self.options.get("rated")), "min_rating": self.options.get("min_rating"),
                "min_reliability": self.options.get("min_reliability"),
                "result": {**self.game.result().to_json(), "places": places(self)} if self.game.is_over() else None}

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
            "forced": forced_move(g, self.seats[seat].prefs) if mine and seat is not None else None,
            "irrevocable": irrevocable(g, self.seats[seat].prefs) if mine and seat is not None else [],
            "undoable": self.undoable() if mine else 0,
            "timer": self.timer(now),
            "clock": clock_of_json(self),
            "log_from": since,
            "log": self._entries(since, visible, seat),
            "result": {**g.result().to_json(), "places": places(self)} if g.is_over() else None,
            "rated": bool(self.options.get("rated")),
            "end_votes": self.options.get("end_votes", []) if status == "running" else [],
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


def forced_move(game: Game, prefs: Preferences = DEFAULTS) -> str | None:
    """The move the server makes for the deciding person (salon.core.choices.taken_for): a
    decision whose answers are all alike, and as ``prefs`` say the lone ``pass`` or ``done`` (a
    game that hides who could react polls every seat alike, and nobody should click for
    nothing) and a free gain.  The state tells the seat (``forced``), so that its client waits
    for it.  With the defaults, what nobody may take back (Room.lone): a move the server would
    make again at once."""
    return choices.taken_for(game, prefs)


def irrevocable(game: Game, prefs: Preferences) -> list[str]:
    """The deciding person's legal actions that cannot be taken back once played, which their
    page confirms first: listed only where they asked for that (``confirm_irrevocable``) and the
    server does not move for them now."""
    if not prefs.confirm_irrevocable or forced_move(game, prefs) is not None:
        return []
    return [a for a in game.legal_actions() if choices.irrevocable(game, a)]


def places(room: Room) -> list[int]:
    """Each seat's place once the game is over (1: the best; a shared place counts once
    for each seat it spans), the players who went out (conceded, or ran out of time where
    that puts them out) last, the first to go the very last."""
    out = room.options.get("out", [])
    ranked = [[s for s in group if s not in out] for group in room.game.result().ranking]
    ranked = [group for group in ranked if group] + [[s] for s in reversed(out)]
    shown, place = [0] * len(room.seats), 1
    for group in ranked:
        for s in group:
            shown[s] = place
        place += len(group)
    return shown


def clock_of(room: Room) -> Clock | None:
    """The deciding person's clock at a table that lasts days; None at a live table, or
    when nobody (or a bot) decides."""
    days = pace_of(room.options)
    current = room.game.current_player()
    if days is None or room.status != "running" or current is None or room.seats[current].kind != HUMAN:
        return None
    return Clock(days, room.turn_since, room.seats[current].holiday_since)


def clock_of_json(room: Room) -> dict[str, Any] | None:
    clock = clock_of(room)
    current = room.game.current_player()
    return None if clock is None or current is None else clock_json(clock, current, time.time())
