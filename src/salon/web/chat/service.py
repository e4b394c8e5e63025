"""The rules of a table's chat: who writes and reads which channel, what a message may hold,
how often one may write, who receives a message (in this process and, on a shared database,
in the others), muting, blocking and reporting.

A table has two channels.  Its seated players (a guest's seat token or an account) write to
and read ``players``; its spectators read ``spectators``, and those signed in write there, so
that a spectator can neither speak to the players nor read them, and a guest who holds no
seat reads but never writes.  A message's text is cleaned as names are (salon.web.names: no
bidirectional overrides, nothing invisible), cut at :data:`TEXT_LIMIT` characters and refused
empty; each author and each address may write :data:`RATES` (counted in the database for
every process, salon.web.quota).  A message is stored, then pushed to every connection of the
table that reads its channel, but those of the accounts that muted the table's chat or
blocked its author; the other processes learn of it from the database's notification
(Database.said) and push it to theirs.  A client asks for its channel's latest messages
(store.HISTORY) once connected, and is given them without those of the authors it blocked.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from limits import RateLimitItem, parse

from salon.web import quota
from salon.web.accounts import Account
from salon.web.accounts import store as accounts
from salon.web.chat import blocks, store
from salon.web.errors import Refused
from salon.web.names import clean_text
from salon.web.storage import Database, StorageError
from salon.web.tables.room import Room

if TYPE_CHECKING:
    from salon.web.tables.hub import Hub

log = logging.getLogger("salon.web")

PLAYERS = "players"
SPECTATORS = "spectators"
TEXT_LIMIT = 300
"""The longest message, in characters once cleaned."""
NAME_LIMIT = 40
"""A spectator's name as a seat's is shown (salon.web.tables.seats.NAME_LIMIT)."""
REPORT_LIMIT = 1000
"""The longest text a report's author may add."""
RATES = tuple(parse(rate) for rate in ("5/10 seconds", "60/hour"))
"""How many messages each author, and each address, may write: a conversation's pace, not a flood's."""
REPORT_RATES = tuple(parse(rate) for rate in ("10/hour",))
"""How many reports one account may make."""
BLOCK_REFUSALS = {
    "no_such_player": "there is no player {handle!r}",
    "block_self": "you cannot block yourself",
    "too_many_blocks": "you may block {most} players at most; unblock some first",
}


def channel_of(seat: int | None) -> str:
    """The channel a connection or request reads and writes: its seat's, or the spectators'."""
    return PLAYERS if seat is not None else SPECTATORS


@dataclass(frozen=True)
class Blocked:
    """An account blocked: its handle, its name, since when (seconds since the epoch)."""

    handle: str
    name: str
    at: float


@dataclass(frozen=True)
class Author:
    """Who writes a message: the channel, the account (None: a guest's seat), the seat (None:
    a spectator), the name shown, and the key its rates are counted under."""

    channel: str
    account: str | None
    seat: int | None
    name: str
    key: str


def author_of(room: Room, seat: int | None, person: Account | None) -> Author:
    """The author of a message at ``room`` from ``seat`` (a seated player: its seat's name and
    account, the signed-in ``person``'s first) or from a spectator, who must be signed in."""
    if seat is not None:
        held = room.seats[seat]
        account = person.id if person is not None else held.account
        key = f"account {account}" if account is not None else f"seat {room.id} {seat}"
        return Author(PLAYERS, account, seat, held.name, key)
    if person is None:
        raise Refused("signed_out", "sign in to write to the spectators' chat")
    return Author(SPECTATORS, person.id, None, clean_text(person.name, NAME_LIMIT) or "?", f"account {person.id}")


def line_json(row: Any, account: str | None, seat: int | None) -> dict[str, Any]:
    """A message as the reader of ``account`` and ``seat`` is shown it (``mine``: its own)."""
    mine = row.account == account if row.account is not None else row.seat is not None and row.seat == seat
    return {"id": row.id, "name": row.name, "seat": row.seat, "handle": row.handle, "text": row.text,
            "at": row.at, "mine": mine}


def chat_message(channel: str, lines: list[dict[str, Any]], history: bool = False,
                 muted: bool = False) -> dict[str, Any]:
    """The WebSocket's ``chat`` message (salon.web.api.messages.ChatMessage)."""
    return {"type": "chat", "channel": channel, "history": history, "muted": muted, "messages": lines}


def context_json(reported: int, rows: Sequence[Any]) -> dict[str, Any]:
    """What a report keeps (``salon admin reports`` shows it): the reported message's id and
    the messages around it, as they were, with their authors' accounts for the operator."""
    return {"reported": reported, "messages": [
        {"id": r.id, "channel": r.channel, "account": r.account, "handle": r.handle, "seat": r.seat,
         "name": r.name, "text": r.text, "at": r.at} for r in rows]}


class Chat:
    """The chats of the tables of one process.  ``clock`` gives seconds since the epoch, which
    every process shares: the messages' times and the rates' windows."""

    def __init__(self, hub: Hub, clock: Callable[[], float] = time.time) -> None:
        self.hub = hub
        self.clock = clock
        self._background: set[asyncio.Task[None]] = set()

    def start(self) -> None:
        """Deliver the messages the other processes store (a shared database's notifications)."""
        self.hub.storage.on_chat(self._said_elsewhere)

    async def say(self, room: Room, seat: int | None, person: Account | None, client: str, text: str
                  ) -> dict[str, Any]:
        """Store a message of ``seat`` or of the signed-in ``person`` and deliver it: the message
        as its author is shown it.  Refused ``signed_out`` (a guest spectator), ``empty_message``
        (nothing left once cleaned), ``rate_limited``."""
        author = author_of(room, seat, person)
        cleaned = clean_text(text, TEXT_LIMIT)
        if not cleaned:
            raise Refused("empty_message", "write something the others can read")
        await self._within("chat", [author.key, f"address {client}"], RATES, "messages")
        now = self.clock()
        row = await self.hub.store(lambda db: store.add(db, room.id, author.channel, author.account, author.seat,
                                                        author.name, cleaned, now))
        await self._deliver(room, row)
        return line_json(row, author.account, author.seat)

    async def history(self, room: Room, seat: int | None, account: str | None) -> dict[str, Any]:
        """The ``chat`` message of the latest messages of the channel of ``seat`` as ``account``
        may read them: none while it has muted the table's chat, none of the authors it blocked."""
        channel = channel_of(seat)

        def read(db: Database) -> tuple[bool, Sequence[Any]]:
            muted = store.is_muted(db, room.id, account)
            return muted, [] if muted else store.history(db, room.id, channel, account)

        muted, rows = await self.hub.store(read)
        return chat_message(channel, [line_json(r, account, seat) for r in rows], True, muted)

    async def mute(self, room: Room, person: Account, on: bool) -> None:
        """Mute the table's chat for ``person``'s account, or hear it again: its connections
        to the table, on every device, are sent their history anew (empty while muted)."""
        await self.hub.store(lambda db: store.set_muted(db, room.id, person.id, on))
        for conn in [c for c in room.conns if c.account == person.id]:
            conn.push(await self.history(room, conn.seat, conn.account))

    async def muted(self, room: Room, person: Account) -> bool:
        return await self.hub.store(lambda db: store.is_muted(db, room.id, person.id))

    async def report(self, room: Room, seat: int | None, person: Account, message: int, text: str) -> str:
        """Report a message of the table's chat that ``person`` may read to the server's
        operator, with the messages around it as they are now: the report's id.  Refused
        ``no_such_message`` for a message of another table or of a channel they do not read."""
        await self._within("report", [f"account {person.id}"], REPORT_RATES, "reports")
        cleaned, now = clean_text(text, REPORT_LIMIT), self.clock()

        def file(db: Database) -> str | None:
            row = store.one(db, message)
            if row is None or row.game_id != room.id or row.channel != channel_of(seat):
                return None
            return store.report(db, person.id, row.account, room.id, row.id, cleaned,
                                context_json(row.id, store.around(db, row)), now)

        report = await self.hub.store(file)
        if report is None:
            raise Refused("no_such_message", f"message {message} is not one you can read at this table")
        return report

    # --- blocks

    async def blocked(self, person: Account) -> list[Blocked]:
        """The accounts ``person`` blocks, the latest first."""
        rows = await self.hub.store(lambda db: blocks.listed(db, person.id))
        return [Blocked(r.handle, r.name, r.at) for r in rows]

    async def block(self, person: Account, handle: str) -> Blocked:
        """``person`` blocks the account of ``handle``.  Refused ``no_such_player``,
        ``block_self``, ``too_many_blocks``."""
        now = self.clock()

        def block(db: Database) -> tuple[str | None, Blocked | None]:
            row = accounts.by_handle(db, handle)
            if row is None:
                return "no_such_player", None
            if row.id == person.id:
                return "block_self", None
            if blocks.count(db, person.id) >= blocks.MOST:
                return "too_many_blocks", None
            return None, Blocked(row.handle, row.name, blocks.block(db, person.id, row.id, now))

        refused, blocked = await self.hub.store(block)
        if blocked is None:
            code = refused or "no_such_player"
            raise Refused(code, BLOCK_REFUSALS[code].format(handle=handle, most=blocks.MOST))
        return blocked

    async def unblock(self, person: Account, handle: str) -> None:
        """``person`` no longer blocks the account of ``handle``; Refused ``no_such_player``
        for a handle of no account, or of one it does not block."""

        def unblock(db: Database) -> bool:
            row = accounts.by_handle(db, handle)
            return row is not None and blocks.unblock(db, person.id, row.id)

        if not await self.hub.store(unblock):
            raise Refused("no_such_player", f"you block no player {handle!r}")

    # --- delivery

    async def _deliver(self, room: Room, row: Any) -> None:
        """Push a stored message to this process's connections of the table that read its
        channel, but to the accounts that muted the chat or blocked its author."""
        readers = [c for c in room.conns if channel_of(c.seat) == row.channel]
        if not readers:
            return
        kept = await self.hub.store(lambda db: blocks.blockers_of(db, row.account) | store.muted(db, room.id))
        for conn in readers:
            if conn.account is None or conn.account not in kept:
                conn.push(chat_message(row.channel, [line_json(row, conn.account, conn.seat)]))

    def _said_elsewhere(self, game_id: str, message: int) -> None:
        """Another process stored a message: delivered here if this process holds the table."""
        room = self.hub.rooms.held.get(game_id)
        if room is not None and room.conns:
            self._in_background(self._deliver_stored(room, message))

    async def _deliver_stored(self, room: Room, message: int) -> None:
        try:
            row = await self.hub.store(lambda db: store.one(db, message))
            if row is not None:
                await self._deliver(room, row)
        except Refused as e:
            log.warning("game %s: chat message %s not delivered: %s", room.id, message, e)

    def _in_background(self, job: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(job)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _within(self, kind: str, keys: list[str], rates: Sequence[RateLimitItem], what: str) -> None:
        """Count one more of ``kind`` for each key in each of ``rates``, or Refused
        ``rate_limited`` (counting nothing) past one of them."""
        hits = [quota.Hit(f"{kind} {rate}", key, rate.amount, rate.get_expiry()) for key in keys for rate in rates]
        now = self.clock()
        try:  # a count holds its locks until its commit: alone
            refused = await self.hub.storage.run(lambda db: quota.hit(db, hits, now), alone=True)
        except StorageError as e:
            log.error("storage: %s", e)
            raise Refused("storage", "the database refused the change; nothing changed, try again") from None
        if refused is not None:
            rate = refused.kind.removeprefix(kind).strip()
            raise Refused("rate_limited", f"too many {what} (at most {rate}); wait a little")
