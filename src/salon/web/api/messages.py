"""The WebSocket's messages, both ways, as models whose JSON Schemas document them
(:data:`PROTOCOL` says how they go).  The server reads a client's messages with these models;
the messages it sends are built by the hub (salon.web.hub), and the tests check them against
these schemas."""

from __future__ import annotations

from typing import Annotated, Literal, TypeVar

from pydantic import BaseModel, Field, StrictInt, TypeAdapter, ValidationError

from salon.web.api.errors import decode, does_not_fit
from salon.web.api.models import ApiModel, ChatChannel, ChatLine, Refusal, SeatState, State, TablePreferences
from salon.web.tables.room import RequestId

T = TypeVar("T")

PROTOCOL = """\
A client opens `/api/games/{game_id}/ws` and sends `hello` (with its seat's token, or none
to watch, and its player's preferences at the table); the server answers with the seat's
`state`, and from then on sends a state after every change the seat may see, `presence` when
a seated player comes or goes, `chat` with each message of the table's chat as it is written
(the latest are read over HTTP), `ack` for each of the client's actions or undos it stored,
`pong` for a `ping`, and `error` for a refused message (the connection stays open).  Every
message is one JSON object in a text frame, tagged by its `type`; a binary frame is refused
(`bad_frame`).

A connection is accepted before anything is checked, so that a refusal before the `hello` is
accepted (another site's page, too many connections from the address, no such table, a bad
token) reaches the client as an `error` message; the server then closes the connection with
code 4000 + the refusal's status (4408 when no `hello` came in time).
"""


class HelloMessage(ApiModel):
    """The first message: who the client is."""

    type: Literal["hello"]
    token: str | None = Field(default=None, max_length=100)
    """The seat's token; none: a spectator."""
    preferences: TablePreferences | None = None
    """What its player asks the server to answer for them at this table (their account's, or
    their browser's); none: as they are (the account's, or the defaults).  A spectator's are
    ignored."""


class ActMessage(ApiModel):
    """An action of the client's seat."""

    type: Literal["act"]
    id: RequestId = None
    """Repeated in the ``ack`` or ``error`` that answers it."""
    action: str = Field(max_length=200)
    version: StrictInt
    """The version the seat was shown: a stale one is refused."""


class UndoMessage(ApiModel):
    """Take back the seat's latest action."""

    type: Literal["undo"]
    id: RequestId = None
    """Repeated in the ``ack`` or ``error`` that answers it."""
    version: StrictInt
    """The version the seat was shown: a stale one is refused."""


class PingMessage(ApiModel):
    """Whether the connection is alive."""

    type: Literal["ping"]
    id: RequestId = None
    """Repeated in the ``pong``."""


class PresenceMessage(ApiModel):
    """A seated player came or went (a spectator's coming and going is told to nobody)."""

    type: Literal["presence"]
    seats: list[SeatState]


class AckMessage(ApiModel):
    """The client's action or undo is stored (its new state follows)."""

    type: Literal["ack"]
    id: RequestId
    version: int
    """The seat's new version."""


class PongMessage(ApiModel):
    """The answer to a ``ping``."""

    type: Literal["pong"]
    id: RequestId


class ChatMessage(ApiModel):
    """Messages of the table's chat: each new one as it is written (the latest are asked for
    with ``GET /api/games/{game_id}/chat``), and the channel's latest again (``history``) when
    the reader's account mutes the chat or hears it again."""

    type: Literal["chat"]
    channel: ChatChannel
    """The channel the client reads and writes: its seat's players', or the spectators'."""
    history: bool
    """The channel's latest messages, in place of those the client holds; false: new ones to add."""
    muted: bool
    """The reader's account muted this table's chat (its history is then empty, and nothing new comes)."""
    messages: list[ChatLine]
    """Oldest first; without those of the accounts the reader blocked."""


class ErrorMessage(Refusal):
    """A refused message (it changed nothing); refused before the ``hello`` was accepted, the
    connection is then closed with code 4000 + the status."""

    type: Literal["error"]
    id: RequestId = None
    """The refused message's ``id`` (absent before the ``hello`` was accepted)."""


ClientMessage = Annotated[ActMessage | UndoMessage | PingMessage, Field(discriminator="type")]
"""What a client sends after its ``hello``."""
ServerMessage = Annotated[State | PresenceMessage | AckMessage | PongMessage | ChatMessage | ErrorMessage,
                          Field(discriminator="type")]
"""What the server sends."""

CLIENT_MESSAGES: tuple[type[BaseModel], ...] = (HelloMessage, ActMessage, UndoMessage, PingMessage)
SERVER_MESSAGES: tuple[type[BaseModel], ...] = (State, PresenceMessage, AckMessage, PongMessage, ChatMessage,
                                                ErrorMessage)
HELLO = TypeAdapter(HelloMessage)
CLIENT: TypeAdapter[ActMessage | UndoMessage | PingMessage] = TypeAdapter(ClientMessage)
SERVER: TypeAdapter[State | PresenceMessage | AckMessage | PongMessage | ChatMessage | ErrorMessage] = TypeAdapter(
    ServerMessage)


def parse(raw: str, reader: TypeAdapter[T]) -> T:
    """A client's message as ``reader`` reads it (:data:`HELLO`, then :data:`CLIENT`);
    Refused ``bad_json`` (not JSON) or ``bad_request`` (wrong shape)."""
    data = decode(raw)
    try:
        return reader.validate_python(data)
    except ValidationError as e:
        raise does_not_fit(e) from None
