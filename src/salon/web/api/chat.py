"""A table's chat: writing to it, muting it, reporting a message to the server's operator; and
the accounts a signed-in person blocks.

A table's seated players write to and read their own channel, its spectators theirs (a
spectator writes only when signed in: 401 ``signed_out``); the latest messages are read here,
the next arrive over the table's WebSocket (``chat`` messages).  A message is plain text,
cleaned as names are and cut at 300 characters (400 ``empty_message`` for nothing left); each
author and each address may write 5 messages in 10 seconds and 60 an hour (429
``rate_limited``).  A blocked
account's messages never reach its blocker, and it cannot sit at a table where its blocker
holds a seat (403 ``blocked``).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Path
from pydantic import Field, StrictBool
from starlette.requests import HTTPConnection

from salon.web.api.deps import Client, Person, SeatOf, Signed, Table
from salon.web.api.models import ApiModel, ChatChannel, ChatLine, Done
from salon.web.api.routing import router
from salon.web.chat import Chat
from salon.web.chat.service import REPORT_LIMIT, Blocked

chat = router("chat")

HANDLE = 100
"""The longest handle a request may name (handles are at most 40 characters)."""
LONGEST_MESSAGE_ID = 2**31 - 1
"""The largest message id the database's column holds."""


async def chat_of(connection: HTTPConnection) -> Chat:
    """The server's chats (``create_app`` puts them in the app's state)."""
    found: Chat = connection.app.state.chat
    return found


Chats = Annotated[Chat, Depends(chat_of)]
MessageId = Annotated[int, Path(ge=1, le=LONGEST_MESSAGE_ID, description="The message's id.")]
Handle = Annotated[str, Path(max_length=HANDLE, description="The player's handle.")]


class ChatHistory(ApiModel):
    channel: ChatChannel
    """The channel the asker reads and writes: its seat's players', or the spectators'."""
    muted: bool
    """The asker's account muted this table's chat."""
    messages: list[ChatLine]
    """Oldest first."""


class Say(ApiModel):
    text: str = Field(max_length=4000)
    """The message; cleaned, then cut at 300 characters."""


class MuteSwitch(ApiModel):
    muted: StrictBool


class MuteState(ApiModel):
    muted: bool


class Report(ApiModel):
    text: str = Field(default="", max_length=4 * REPORT_LIMIT)
    """What the reporter tells the operator (cleaned, cut at 1,000 characters)."""


class Reported(ApiModel):
    """The report is stored for the server's operator."""

    id: str


class BlockSpec(ApiModel):
    handle: str = Field(max_length=HANDLE)
    """The handle of the account to block."""


class BlockedPlayer(ApiModel):
    handle: str
    name: str
    at: float
    """When it was blocked, in seconds since the epoch."""


class BlockList(ApiModel):
    blocks: list[BlockedPlayer]
    """The latest first."""


def blocked_json(blocked: Blocked) -> BlockedPlayer:
    return BlockedPlayer(handle=blocked.handle, name=blocked.name, at=blocked.at)


@chat.get("/api/games/{game_id}/chat")
async def history(room: Table, seat: SeatOf, person: Person, chats: Chats) -> ChatHistory:
    """The latest 100 messages of the channel the asker reads (its seat's, or the spectators'),
    oldest first: none while its account has muted the table's chat, none of the accounts it
    blocked.  A page asks once its WebSocket is open, whose ``chat`` messages bring the next."""
    found = await chats.history(room, seat, person.id if person is not None else None)
    return ChatHistory(channel=found["channel"], muted=found["muted"], messages=found["messages"])


@chat.post("/api/games/{game_id}/chat", status_code=201)
async def say(spec: Say, room: Table, seat: SeatOf, person: Person, client: Client, chats: Chats) -> ChatLine:
    """Write to the table's chat: a seated player to the players' channel, a signed-in
    spectator to the spectators'.  The message as its author is shown it; every reader gets it
    over the WebSocket too."""
    return ChatLine(**await chats.say(room, seat, person, client, spec.text))


@chat.post("/api/games/{game_id}/chat/mute")
async def mute(spec: MuteSwitch, room: Table, person: Signed, chats: Chats) -> MuteState:
    """Mute the table's chat for the signed-in account (no message of it reaches any of its
    devices), or hear it again (its history comes anew over the WebSocket)."""
    await chats.mute(room, person, spec.muted)
    return MuteState(muted=spec.muted)


@chat.post("/api/games/{game_id}/chat/{message_id}/report", status_code=201)
async def report(spec: Report, room: Table, message_id: MessageId, seat: SeatOf, person: Signed,
                 chats: Chats) -> Reported:
    """Report a message the signed-in person can read to the server's operator, who is shown it
    with the messages around it as they were (404 ``no_such_message`` for another; at most 10
    reports an hour)."""
    return Reported(id=await chats.report(room, seat, person, message_id, spec.text))


@chat.get("/api/account/blocks")
async def blocks(person: Signed, chats: Chats) -> BlockList:
    """The accounts the signed-in person blocks."""
    return BlockList(blocks=[blocked_json(row) for row in await chats.blocked(person)])


@chat.post("/api/account/blocks", status_code=201)
async def block(spec: BlockSpec, person: Signed, chats: Chats) -> BlockedPlayer:
    """Block an account by its handle: its messages never reach the signed-in person, and it
    cannot sit at a table where they hold a seat (404 ``no_such_player``, 400 ``block_self``,
    409 ``too_many_blocks`` past 1,000)."""
    return blocked_json(await chats.block(person, spec.handle))


@chat.delete("/api/account/blocks/{handle}")
async def unblock(handle: Handle, person: Signed, chats: Chats) -> Done:
    """Block that account no more (404 ``no_such_player`` for one not blocked)."""
    await chats.unblock(person, handle)
    return Done(ok=True)
