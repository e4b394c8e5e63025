"""A crash loses no accepted action: the real server (``salon serve``) runs as a process on a
temporary SQLite file or a PostgreSQL database, takes moves over HTTP and WebSocket, is killed
with SIGKILL and restarted; the game resumes with every move that had been acknowledged."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from tests.web.helpers import POLLS, TOKEN, free_port, until_up

pytestmark = pytest.mark.server  # every test here starts salon serve

SALON = Path(sys.executable).with_name("salon")
BURST = 15
"""Moves played in the burst that the kill interrupts (a count, not a time: the test must not
depend on how fast a busy machine is)."""
STARTUP = 120.0
"""The longest the test waits for the server to answer (a bound for a broken start only)."""


class Server:
    def __init__(self, db: str) -> None:
        self.db = db
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [str(SALON), "serve", "--port", str(self.port), "--db", self.db, "--bot-delay", "0"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        until_up(self.proc, self.url, STARTUP)

    def kill(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)
        self.proc = None

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
            self.proc = None


@pytest.fixture
def server(db_url: str) -> Iterator[Server]:
    srv = Server(db_url)
    srv.start()
    yield srv
    srv.stop()


def deciding(srv: Server, game_id: str, tokens: list[str]) -> tuple[int, dict[str, Any]]:
    """The deciding seat and its state, once the server has made the moves it makes for people
    (what decides nothing, a bonus that only gains: the state's ``forced``)."""
    for _ in range(POLLS):
        seat = get_state(srv, game_id, None)["current"]
        st = get_state(srv, game_id, tokens[seat])
        if st["current"] == seat and not st["forced"]:
            return seat, st
    raise AssertionError(f"the server did not make its move: not after {POLLS} polls")


def get_state(srv: Server, game_id: str, token: str | None) -> dict[str, Any]:
    r = httpx.get(f"{srv.url}/api/games/{game_id}/state", headers={TOKEN: token} if token else {}, timeout=10)
    assert r.status_code == 200, r.text
    result: dict[str, Any] = r.json()
    return result


@contextmanager
def session(srv: Server, game_id: str, token: str) -> Iterator[tuple[ClientConnection, dict[str, Any]]]:
    with connect(f"ws://127.0.0.1:{srv.port}/api/games/{game_id}/ws", open_timeout=10, close_timeout=0.5) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        yield ws, json.loads(ws.recv(timeout=10))


def ws_act(ws: ClientConnection, action: str, version: int) -> dict[str, Any]:
    """Send one action; return the state that follows its acknowledgement."""
    ws.send(json.dumps({"type": "act", "action": action, "version": version, "id": version}))
    acked = False
    while True:
        msg: dict[str, Any] = json.loads(ws.recv(timeout=10))
        if msg["type"] == "error":
            raise AssertionError(msg)
        acked = acked or (msg["type"] == "ack" and msg["id"] == version)
        if acked and msg["type"] == "state" and msg["version"] > version:
            return msg


def test_sigkill_loses_no_accepted_action(server: Server) -> None:
    r = httpx.post(f"{server.url}/api/games", json={"game": "rococo", "seats": [{"kind": "human"}] * 2,
                                                    "join": {"seat": 0, "name": "A"}}, timeout=10)
    assert r.status_code == 201, r.text
    game_id = r.json()["id"]
    tokens = [r.json()["token"], httpx.post(f"{server.url}/api/games/{game_id}/join", json={"seat": 1},
                                            timeout=10).json()["token"]]
    # 20 moves over HTTP, each acknowledged
    for _ in range(20):
        seat, st = deciding(server, game_id, tokens)
        r = httpx.post(f"{server.url}/api/games/{game_id}/actions", headers={TOKEN: tokens[seat]},
                       json={"action": st["legal"][-1], "version": st["version"]}, timeout=10)
        assert r.status_code == 200, r.text
    # 20 more over the WebSockets of both seats
    deciding(server, game_id, tokens)
    with ExitStack() as stack:
        sockets = [stack.enter_context(session(server, game_id, t)) for t in tokens]
        version = sockets[0][1]["version"]
        assert version >= 20 and version == get_state(server, game_id, tokens[0])["version"]
        for _ in range(20):
            seat, st = deciding(server, game_id, tokens)
            version = ws_act(sockets[seat][0], st["legal"][0], st["version"])["version"]
    assert version >= 40
    deciding(server, game_id, tokens)
    before = [get_state(server, game_id, t) for t in [*tokens, None]]

    server.kill()
    server.start()
    after_restart = [get_state(server, game_id, t) for t in [*tokens, None]]
    for old, new in zip(before, after_restart):
        assert new["version"] == old["version"]
        assert new["observation"] == old["observation"]
        assert new["log"] == old["log"]
        assert new["legal"] == old["legal"]
    # the game goes on, and a kill in the middle of a burst keeps every acknowledged move
    acknowledged = before[2]["version"]
    with ExitStack() as stack:
        sockets = [stack.enter_context(session(server, game_id, t)) for t in tokens]
        for _ in range(BURST):
            seat, st = deciding(server, game_id, tokens)
            ws_act(sockets[seat][0], st["legal"][0], st["version"])
            acknowledged = get_state(server, game_id, None)["version"]  # the move, and any the server made after it
        seat, st = deciding(server, game_id, tokens)
        acknowledged = get_state(server, game_id, None)["version"]
        sockets[seat][0].send(json.dumps({"type": "act", "action": st["legal"][0], "version": st["version"]}))
        server.kill()  # with that last action in flight
    server.start()
    resumed = get_state(server, game_id, None)
    assert acknowledged > before[2]["version"]
    assert resumed["version"] >= acknowledged  # the last one, in flight, and what the server made after it, or not
    assert resumed["status"] == "running" and resumed["current"] is not None
