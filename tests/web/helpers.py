"""Helpers of the web tests: create games and act over HTTP against a TestClient."""

from __future__ import annotations

import socket
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import httpx2 as httpx
import uvicorn
from fastapi import FastAPI
from fastapi.testclient import TestClient
from jsonschema import Draft202012Validator
from starlette.testclient import WebSocketTestSession

from salon.web.api.messages import SERVER
from salon.web.tables.bots import bot_turn
from salon.web.tables.hub import Hub
from salon.web.tables.room import Room

TOKEN = "X-Seat-Token"
POLLS = 5000
"""How often a test asks for a state before it gives up: a count, not a clock, so that a busy
machine only makes it wait longer."""
PATIENT = 60.0
"""How many seconds a test's HTTP client waits for an answer (httpx's own default is 5): a
busy machine running browsers beside the server can take longer than that, only a stuck server
takes this long."""


def poll(reached: Callable[[], bool], what: str, pause: float = 0.02) -> None:
    """Ask ``reached`` until it holds, at most :data:`POLLS` times; fail naming ``what``."""
    for _ in range(POLLS):
        if reached():
            return
        time.sleep(pause)
    raise AssertionError(f"{what}: not after {POLLS} polls")


def hub_of(client: TestClient) -> Hub:
    app = client.app
    assert isinstance(app, FastAPI)
    hub: Hub = app.state.hub
    return hub


def room_of(client: TestClient, game_id: str) -> Room:
    return hub_of(client).rooms.held[game_id]


def settled(room: Room) -> Room:
    """The room once the server has made the moves it makes by itself: a bot's, or a person's
    lone pass or done (which it makes after its bot delay, 0 in the tests)."""
    for _ in range(20_000):
        if bot_turn(room) is None:
            return room
        time.sleep(0.001)
    raise AssertionError("the server does not move")


def create(client: TestClient, seats: list[dict[str, Any]] | None = None, seed: int = 7,
           config: dict[str, Any] | None = None, join: bool = True, private: bool | None = None
           ) -> tuple[str, str | None]:
    """A Rococo game (default: seat 0 human and joined, seat 1 a random bot; private unless
    its seats are all bots, as the server decides)."""
    body: dict[str, Any] = {
        "game": "rococo", "title": "test table",
        "seats": seats or [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
        "config": config or {}, "seed": seed,
    }
    if private is not None:
        body["private"] = private
    if join:
        body["join"] = {"seat": 0, "name": "Ann"}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    data = r.json()
    return data["id"], data["token"]


def state(client: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/games/{game_id}/state", headers={TOKEN: token} if token else {})
    assert r.status_code == 200, r.text
    result: dict[str, Any] = r.json()
    return result


def act(client: TestClient, game_id: str, token: str | None, action: str, version: int) -> httpx.Response:
    return client.post(f"/api/games/{game_id}/actions", json={"action": action, "version": version},
                       headers={TOKEN: token} if token else {})


SERVER_MESSAGE = Draft202012Validator(SERVER.json_schema(mode="serialization"))
"""The JSON Schema of what the server sends over the WebSocket (salon.web.api.messages)."""


def received(ws: WebSocketTestSession) -> dict[str, Any]:
    """The next WebSocket message, failing unless it fits the server's message schema."""
    message: dict[str, Any] = ws.receive_json()
    SERVER_MESSAGE.validate(message)
    return message


def error_code(response: httpx.Response) -> str:
    code: str = response.json()["error"]["code"]
    return code


class Clock:
    """A clock the test turns by hand (the Hub's ``clock``: turn timers, absences)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def until_up(proc: subprocess.Popen[bytes], url: str, patience: float) -> None:
    """Wait until the server process answers at ``url``, at most ``patience`` seconds (a bound
    for a broken start only); else stop it and fail with what it printed."""
    limit = time.monotonic() + patience
    while time.monotonic() < limit and proc.poll() is None:
        try:
            if httpx.get(f"{url}/api/meta", timeout=1).status_code == 200:
                return
        except httpx.TransportError:
            time.sleep(0.05)
    proc.kill()
    raise AssertionError(f"the server did not start:\n{proc.communicate()[0].decode(errors='replace')}")


@contextmanager
def serving(app: FastAPI, host: str = "127.0.0.1", port: int | None = None) -> Iterator[str]:
    """The real server (uvicorn) of ``app`` in a thread on ``port`` (a free one by default)
    of this computer, once it has started: its address, reached by the name ``host``; stopped
    after."""
    port = port or free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        poll(lambda: server.started, "the server started", pause=0.05)
        yield f"http://{host}:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port
