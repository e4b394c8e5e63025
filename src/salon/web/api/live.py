"""Live play: the WebSocket of a table, whose messages salon.web.api.messages describes."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.websockets import WebSocketDisconnected

from salon.web.accounts import COOKIE
from salon.web.api.deps import Client, HubDep, accounts_of
from salon.web.api.errors import error_json
from salon.web.api.messages import CLIENT, HELLO, parse
from salon.web.errors import Refused
from salon.web.guard import same_origin
from salon.web.tables.hub import Hub
from salon.web.tables.room import Connection, Room

live = APIRouter()

PATH = "/api/games/{game_id}/ws"
HELLO_TIMEOUT = 5.0
"""Seconds a new connection has to send its ``hello``."""


@live.websocket(PATH)
async def table_socket(websocket: WebSocket, game_id: str, hub: HubDep, client: Client) -> None:
    """A client's connection to a table: counted in before its ``hello`` is read, and counted
    out however it ends (refused, timed out, gone mid-send), so that aborted connections can
    never use up an address's share."""
    await websocket.accept()
    try:
        if not same_origin(websocket.headers.get("origin"), websocket.headers.get("host")):
            raise Refused("bad_origin", "games are played from this server's own pages only")
        ticket = await hub.guard.connect(client)
    except Refused as e:
        await _refuse(websocket, e)
        return
    try:
        await _connected(websocket, game_id, hub, client, ticket)
    finally:
        await hub.guard.disconnect(ticket)


async def _connected(websocket: WebSocket, game_id: str, hub: Hub, client: str, ticket: str) -> None:
    """Read the connection's ``hello`` and serve it, or tell it why not."""
    try:
        room = await hub.rooms.get(game_id)
        hello = parse(await asyncio.wait_for(_receive_text(websocket), HELLO_TIMEOUT), HELLO)
        person = await (await accounts_of(websocket)).sessions.person(websocket.cookies.get(COOKIE))
        account = person.account.id if person is not None else None
        conn = Connection(await hub.seats.who(room, hello.token, account), client, ticket, account)
        if hello.preferences is not None and conn.seat is not None:  # before its state: what the server takes
            room.seats[conn.seat].prefs = hello.preferences.preferences()
        await hub.seats.connect(room, conn)
        hub.bots.wake(room)
    except Refused as e:
        await _refuse(websocket, e)
        return
    except TimeoutError:
        await _close(websocket, 4408)
        return
    except (WebSocketDisconnect, WebSocketDisconnected):  # gone already (or closed by the server for size)
        return
    await _session(websocket, hub, room, conn)


async def _refuse(websocket: WebSocket, e: Refused) -> None:
    shown = error_json(e)
    await _close(websocket, 4000 + shown["status"], {"type": "error", **shown})


async def _close(websocket: WebSocket, code: int, message: dict[str, Any] | None = None) -> None:
    """Tell the client why, and close; a client gone already hears nothing."""
    try:
        if message is not None:
            await websocket.send_json(message)
        await websocket.close(code=code)
    except (WebSocketDisconnect, WebSocketDisconnected, RuntimeError):  # RuntimeError: closed meanwhile
        pass


async def _receive_text(websocket: WebSocket) -> str:
    """The next text frame; Refused ``bad_frame`` for a binary one (the protocol is JSON text), so
    that a client sending bytes is told so instead of losing its connection."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text: str | None = message.get("text")
    if text is None:
        raise Refused("bad_frame", "messages are JSON text frames, not binary ones")
    return text


async def _session(websocket: WebSocket, hub: Hub, room: Room, conn: Connection) -> None:
    """Serve one connected client (already counted in by Hub.connect) until it leaves: its
    messages in, its queue out."""

    async def sender() -> None:
        try:
            while (message := await conn.queue.get()) is not None:
                await websocket.send_text(json.dumps(message, separators=(",", ":")))
            await websocket.close()
        except (WebSocketDisconnect, WebSocketDisconnected, RuntimeError):  # the client left meanwhile
            return

    out = asyncio.create_task(sender())
    try:
        while True:
            request_id = None
            try:
                msg = parse(await _receive_text(websocket), CLIENT)
                request_id = msg.id
                if msg.type == "ping":
                    conn.push({"type": "pong", "id": msg.id})
                elif msg.type == "act":
                    await hub.play.act(room, conn.seat, msg.action, msg.version, conn, msg.id)
                else:
                    await hub.play.undo(room, conn.seat, msg.version, conn, msg.id)
            except Refused as e:
                conn.push({"type": "error", "id": request_id, **error_json(e)})
    except (WebSocketDisconnect, WebSocketDisconnected):  # the client left (or its connection broke)
        pass
    finally:
        hub.seats.disconnect(room, conn)
        out.cancel()
