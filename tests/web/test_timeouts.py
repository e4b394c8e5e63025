"""Half-sent requests do not hold the real server (``salon serve``): a connection that does not
deliver a whole request within ``--request-timeout`` is closed, however slowly it trickles,
while a WebSocket game stays open past it; a body declared too large is refused before it is
sent.  Each test waits for the server to act, up to a generous bound; none measures time."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx2 as httpx
import pytest
from websockets.sync.client import connect

from tests.web.helpers import free_port, until_up

pytestmark = pytest.mark.server  # every test here starts salon serve

SALON = Path(sys.executable).with_name("salon")
PATIENCE = 60.0
"""The longest a test waits for the server to do what it must (a bound, not a measurement)."""


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    db = tmp_path_factory.mktemp("timeouts") / "salon.db"
    proc = subprocess.Popen([str(SALON), "serve", "--port", str(port), "--db", f"sqlite:///{db}",
                             "--request-timeout", "1", "--bot-delay", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    until_up(proc, url, PATIENCE)
    yield url
    proc.terminate()
    proc.wait(10)


def _port(base: str) -> int:
    return int(base.rsplit(":", 1)[1])


def _closed_by_server(sock: socket.socket, trickle: bytes = b"") -> bool:
    """Keep the connection (sending ``trickle`` a byte at a time) until the server closes it;
    False if it is still open after PATIENCE seconds."""
    sock.settimeout(0.2)
    limit = time.monotonic() + PATIENCE
    sent = 0
    while time.monotonic() < limit:
        try:
            if sock.recv(4096) == b"":
                return True
        except TimeoutError:
            pass
        except ConnectionError:
            return True
        if sent < len(trickle):
            try:
                sock.sendall(trickle[sent:sent + 1])
            except OSError:
                return True
            sent += 1
    return False


def test_a_half_sent_request_is_dropped(base: str) -> None:
    with socket.create_connection(("127.0.0.1", _port(base))) as sock:
        sock.sendall(b"GET /api/meta HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        assert _closed_by_server(sock)


def test_a_trickled_request_is_dropped(base: str) -> None:
    """One byte every 0.2 s keeps uvicorn's keep-alive timer from ever firing; the deadline
    covers the whole request."""
    with socket.create_connection(("127.0.0.1", _port(base))) as sock:
        assert _closed_by_server(sock, b"GET /api/meta HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 2000)


def test_an_idle_connection_is_dropped(base: str) -> None:
    with socket.create_connection(("127.0.0.1", _port(base))) as sock:
        assert _closed_by_server(sock)


def test_a_body_declared_too_large_is_refused_unread(base: str) -> None:
    with socket.create_connection(("127.0.0.1", _port(base))) as sock:
        sock.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 10000000\r\n\r\n")
        sock.settimeout(PATIENCE)
        reply = b""
        while b'"too_large"' not in reply and (chunk := sock.recv(65536)):
            reply += chunk
        assert reply.startswith(b"HTTP/1.1 413") and b'"too_large"' in reply


def test_a_game_over_a_websocket_outlives_the_request_deadline(base: str) -> None:
    r = httpx.post(f"{base}/api/games", json={"game": "rococo", "seats": [{"kind": "human"}, {"kind": "human"}],
                                              "join": {"seat": 0}})
    assert r.status_code == 201, r.text
    ws_url = base.replace("http", "ws") + f"/api/games/{r.json()['id']}/ws"
    with connect(ws_url) as ws:
        ws.send('{"type": "hello", "token": "' + r.json()["token"] + '"}')
        assert '"state"' in ws.recv(timeout=PATIENCE)
        time.sleep(2.5)  # past the 1 s deadline for requests: the game's connection is no request
        ws.send('{"type": "ping", "id": 1}')
        assert '"pong"' in ws.recv(timeout=PATIENCE)
