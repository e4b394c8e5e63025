"""The real server (``salon serve``) against what a client can send it: a flood of pipelined
requests it never reads, more connections than one address may hold, a forged
``X-Forwarded-For``, a foreign ``Host`` (DNS rebinding), a stop while a bot thinks; and a
database password kept out of the process's arguments.  Each test waits for the server to
act, up to a generous bound; none measures time."""

from __future__ import annotations

import base64
import json
import os
import signal
import socket
import struct
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import nullcontext
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from sqlalchemy.engine import make_url
from websockets.sync.client import connect as ws_connect

from tests.web.helpers import free_port, until_up

pytestmark = pytest.mark.server  # every test here starts salon serve

SALON = Path(sys.executable).with_name("salon")
PATIENCE = 60.0
"""The longest a test waits for the server to do what it must (a bound, not a measurement)."""
HUMANS = [{"kind": "human"}, {"kind": "human"}]


class Server:
    """``salon serve`` on a free port of this computer, with the flags given."""

    def __init__(self, *flags: str, db: str | None = None, env: dict[str, str] | None = None,
                 log: Path | None = None) -> None:
        """``log``: a file the server's output goes to (else a pipe nobody reads)."""
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        command = [str(SALON), "serve", "--port", str(self.port), "--bot-delay", "0", *flags]
        if db is not None:
            command += ["--db", db]
        self.log = log
        with log.open("wb") if log is not None else nullcontext(subprocess.PIPE) as out:
            self.proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT,
                                         env={**os.environ, **(env or {})})
        until_up(self.proc, self.url, PATIENCE)

    def create(self, headers: dict[str, str] | None = None, **body: Any) -> Any:
        return httpx.post(f"{self.url}/api/games", json={"game": "rococo", "seats": HUMANS, "join": {"seat": 0},
                                                         **body}, headers=headers or {}, timeout=10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(PATIENCE)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(PATIENCE)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("public")
    srv = Server("--request-timeout", "1", "--max-tables-per-client", "2", db=f"sqlite:///{folder / 'salon.db'}",
                 log=folder / "server.log")
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def behind_proxy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("proxied") / "salon.db"
    srv = Server("--proxy", "127.0.0.1", "--allowed-host", "salon.example", "--max-tables-per-client", "2",
                 "--max-tables-per-network", "4", db=f"sqlite:///{db}")
    yield srv
    srv.stop()


def closed_by_server(sock: socket.socket, port: int) -> bool:
    """Whether the server closes its end of the connection within PATIENCE: seen in the
    kernel's table of connections, without reading anything the server sent (the end a
    server closes with data unsent lingers there as FIN_WAIT, one it drops is gone)."""
    mine = sock.getsockname()[1]
    limit = time.monotonic() + PATIENCE
    while time.monotonic() < limit:
        if not established(port, mine):
            return True
        time.sleep(0.05)
    return False


def established(local: int, remote: int) -> bool:
    """Whether this computer has an established TCP connection from port ``local`` to port
    ``remote`` (/proc/net/tcp: hexadecimal ports, state 01)."""
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if (int(fields[1].rsplit(":", 1)[1], 16), int(fields[2].rsplit(":", 1)[1], 16), fields[3]) == (
                local, remote, "01"):
            return True
    return False


def test_a_client_that_pipelines_and_never_reads_is_dropped(server: Server) -> None:
    """Two thousand requests in one go, none of their responses read: the connection is
    closed, and the server answers everyone else."""
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect(("127.0.0.1", server.port))
        sock.setblocking(False)
        flood = b"GET /api/meta HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" * 2000
        sent = 0
        limit = time.monotonic() + PATIENCE
        while sent < len(flood) and time.monotonic() < limit:
            try:
                sent += sock.send(flood[sent:])
            except BlockingIOError:
                time.sleep(0.01)
            except ConnectionError:
                break
        assert closed_by_server(sock, server.port)
    assert httpx.get(f"{server.url}/api/meta", timeout=10).status_code == 200
    assert server.log is not None
    printed = server.log.read_text()
    assert "more than 16 requests pipelined" in printed and "Traceback" not in printed, printed[-3000:]


def test_a_client_that_pipelines_and_leaves_costs_one_line_of_log(server: Server) -> None:
    """A response being written while the client is dropped for pipelining too much: one line
    each, no traceback."""
    assert server.log is not None
    before = server.log.read_text().count("requests pipelined")
    for _ in range(20):
        with socket.create_connection(("127.0.0.1", server.port)) as sock:
            sock.sendall(b"GET /api/meta HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" * 40)
    limit = time.monotonic() + PATIENCE
    while (printed := server.log.read_text()).count("requests pipelined") < before + 20:
        assert time.monotonic() < limit, printed[-3000:]
        time.sleep(0.05)
    assert httpx.get(f"{server.url}/api/meta", timeout=10).status_code == 200
    assert "Traceback" not in server.log.read_text()


def test_a_client_that_reads_nothing_of_a_few_pipelined_responses_is_dropped(server: Server) -> None:
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect(("127.0.0.1", server.port))
        sock.sendall(b"GET /api/meta HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" * 10)
        assert established(server.port, sock.getsockname()[1])
        assert closed_by_server(sock, server.port)


def test_connections_from_one_address_are_capped(tmp_path: Path) -> None:
    srv = Server("--request-timeout", "600", "--max-connections-per-client", "3",
                 db=f"sqlite:///{tmp_path / 'salon.db'}")
    try:
        held = [socket.create_connection(("127.0.0.1", srv.port)) for _ in range(3)]
        with socket.create_connection(("127.0.0.1", srv.port)) as extra:
            extra.settimeout(PATIENCE)
            reply = b""
            while b'"too_many_connections"' not in reply and (chunk := extra.recv(4096)):
                reply += chunk
            assert reply.startswith(b"HTTP/1.1 429") and b'"too_many_connections"' in reply
        held.pop().close()
        limit = time.monotonic() + PATIENCE  # the server sees the close when it next reads
        while time.monotonic() < limit:
            try:
                if httpx.get(f"{srv.url}/api/meta", timeout=10).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.05)
        else:
            raise AssertionError("a connection closed was still counted")
        for sock in held:
            sock.close()
    finally:
        srv.stop()


def test_a_forged_forwarded_address_is_not_believed_without_a_proxy(server: Server) -> None:
    made = [server.create({"X-Forwarded-For": f"203.0.113.{n}"}) for n in range(3)]
    assert [r.status_code for r in made] == [201, 201, 429]
    assert made[2].json()["error"]["code"] == "too_many_tables"


def test_a_named_proxy_forwards_its_clients_addresses_and_ipv6_counts_by_64(behind_proxy: Server) -> None:
    apart = [behind_proxy.create({"X-Forwarded-For": f"198.51.100.{n}"}) for n in range(3)]
    assert [r.status_code for r in apart] == [201, 201, 201]
    one_network = [behind_proxy.create({"X-Forwarded-For": f"2001:db8:1:2::{n}"}) for n in range(1, 4)]
    assert [r.status_code for r in one_network] == [201, 201, 429]


def test_the_addresses_of_one_network_share_its_cap(behind_proxy: Server) -> None:
    """An IPv4 /24 and an IPv6 /48 are one network each, however many addresses it hands out."""
    for addresses in ([f"192.0.2.{n}" for n in range(1, 6)], [f"2001:db8:5:{n}::1" for n in range(1, 6)]):
        made = [behind_proxy.create({"X-Forwarded-For": address}) for address in addresses]
        assert [r.status_code for r in made] == [201, 201, 201, 201, 429]
        assert made[-1].json()["error"]["code"] == "network_full"
    assert behind_proxy.create({"X-Forwarded-For": "192.0.3.1"}).status_code == 201


def test_a_foreign_host_is_refused(server: Server, behind_proxy: Server) -> None:
    """A page of evil.example whose name points at this server sends its own host as Host,
    and an Origin to match: both HTTP and the WebSocket refuse it."""
    evil = {"Host": f"evil.example:{server.port}", "Origin": f"http://evil.example:{server.port}"}
    r = server.create(evil)
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_host"
    assert httpx.get(f"{server.url}/api/meta", headers={"Host": "evil.example"}, timeout=10).status_code == 400
    for host in (f"127.0.0.1:{server.port}", f"localhost:{server.port}"):
        assert httpx.get(f"{server.url}/api/meta", headers={"Host": host}, timeout=10).status_code == 200
    with socket.create_connection(("127.0.0.1", server.port)) as sock:  # a WebSocket handshake, by hand
        sock.sendall(b"GET /api/games/any/ws HTTP/1.1\r\nHost: evil.example\r\nOrigin: http://evil.example\r\n"
                     b"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                     b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n")
        sock.settimeout(PATIENCE)
        assert sock.recv(4096).startswith(b"HTTP/1.1 403")  # refused before it is upgraded
    named = httpx.get(f"{behind_proxy.url}/api/meta", headers={"Host": "salon.example"}, timeout=10)
    assert named.status_code == 200  # the name given with --allowed-host


def descendants(pid: int) -> list[int]:
    """The processes below ``pid`` (its workers, through the fork server), from /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parents[int(entry.name)] = int(fields[1])
    found, frontier = [], [pid]
    while frontier:
        children = [p for p, parent in parents.items() if parent in frontier]
        found += children
        frontier = children
    return found


def stat(pid: int) -> list[str]:
    """The fields of /proc/PID/stat after the command's name (state first); none once it is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return []


def cpu_ticks(pid: int) -> int:
    fields = stat(pid)
    return int(fields[11]) + int(fields[12]) if fields else 0


def alive(pid: int) -> bool:
    fields = stat(pid)
    return bool(fields) and fields[0] not in ("Z", "X")


def test_a_stop_ends_a_bot_that_thinks_for_an_hour(tmp_path: Path) -> None:
    """A server for this computer that allows an hour's thinking: while its bot thinks, SIGTERM
    stops the server and its workers all the same (a restarted server with the default bound
    sets such a game aside: test_bounded)."""
    srv = Server("--max-bot-think", "3600", db=f"sqlite:///{tmp_path / 'salon.db'}")
    try:
        r = httpx.post(f"{srv.url}/api/games", json={"game": "rococo", "config": {"start_player": 0},
                                                    "seats": [{"kind": "bot", "bot": "search:think=3600"},
                                                              {"kind": "bot", "bot": "random"}]}, timeout=10)
        assert r.status_code == 201, r.text
        limit = time.monotonic() + PATIENCE
        while not any(cpu_ticks(p) > 50 for p in descendants(srv.proc.pid)):  # a worker has thought half a second
            assert time.monotonic() < limit, "no worker thinks"
            time.sleep(0.05)
        workers = descendants(srv.proc.pid)
        srv.proc.send_signal(signal.SIGTERM)
        assert srv.proc.wait(PATIENCE) in (0, -signal.SIGTERM)  # uvicorn stops, then ends by the signal
        limit = time.monotonic() + PATIENCE
        while any(alive(p) for p in workers):
            assert time.monotonic() < limit, "a worker outlived the server"
            time.sleep(0.05)
    finally:
        srv.stop()


SECRET = "not-for-ps-9F3"


def with_secret(url: str) -> str:
    return make_url(url).set(password=SECRET).render_as_string(hide_password=False)


def test_the_database_password_stays_out_of_the_process_arguments(postgres_url: str) -> None:
    """PostgreSQL's URL with its password in SALON_DB_URL: the server connects (the test server
    trusts its local users, so any password does), and ``ps`` shows no password."""
    srv = Server(env={"SALON_DB_URL": with_secret(postgres_url)})
    try:
        assert srv.create().status_code == 201
        assert SECRET not in Path(f"/proc/{srv.proc.pid}/cmdline").read_bytes().decode(errors="replace")
    finally:
        srv.stop()


@pytest.mark.parametrize("game", ["necklace", "rococo"])
def test_the_load_check_plays_every_game_to_its_end(game: str) -> None:
    """Eight games at once, every seat played over a WebSocket; the lone passes and dones the
    server makes for a seat are left to it, so nothing stalls and nothing is refused."""
    out = subprocess.run([sys.executable, "-m", "tools.load", "--game", game, "--games", "8", "--think", "0",
                          "--seconds", "600", "--db", "sqlite://", "--json"],
                         capture_output=True, text=True, timeout=900, check=True)
    report = json.loads(out.stdout.strip().splitlines()[-1])
    assert report["games_finished"] == 8 and report["refused"] == 0, report


def upgrade(port: int, path: str) -> socket.socket:
    """A WebSocket handshake by hand, its answer read: a socket the test may then abort."""
    sock = socket.create_connection(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                 f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
    sock.settimeout(PATIENCE)
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(1)  # byte by byte: what follows the handshake stays unread
    assert answer.startswith(b"HTTP/1.1 101"), answer
    return sock


def text_frame(payload: bytes) -> bytes:
    """One masked text frame, as a client must send it (RFC 6455 5.2); payload under 126 bytes."""
    mask = os.urandom(4)
    return bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def abort(sock: socket.socket) -> None:
    """Close with a reset, as a client whose network went does: nothing more reaches the server."""
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()


ABORTS = 100
"""Aborted upgrades of each kind: three times the default cap of live connections per address."""


def seated(port: int, table: str, hello: bytes) -> dict[str, Any]:
    """The first message a player's connection to the table gets: its state, or why not."""
    with ws_connect(f"ws://127.0.0.1:{port}{table}", open_timeout=PATIENCE) as ws:
        ws.send(hello.decode())
        first: dict[str, Any] = json.loads(ws.recv(timeout=PATIENCE))
        return first


def test_aborted_upgrades_are_counted_out_and_logged_in_a_line_each(tmp_path: Path) -> None:
    """Every way a client can leave a WebSocket it opened, a hundred times each from one
    address; then that address still connects and plays, and the log holds no traceback."""
    log = tmp_path / "server.log"
    srv = Server(db=f"sqlite:///{tmp_path / 'salon.db'}", log=log)
    try:
        created = srv.create(seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}], game="necklace").json()
        table = f"/api/games/{created['id']}/ws"
        hello = json.dumps({"type": "hello", "token": created["token"]}).encode()
        ways: dict[str, Callable[[socket.socket], None]] = {
            "gone before its hello": lambda s: None,
            "refused for its token": lambda s: s.sendall(text_frame(b'{"type":"hello","token":"forged"}')),
            "gone as its state is sent": lambda s: s.sendall(text_frame(hello)),
            "a text that is not UTF-8": lambda s: s.sendall(text_frame(b"\xff\xfe{")),
        }
        for send in ways.values():
            for _ in range(ABORTS):
                sock = upgrade(srv.port, table)
                send(sock)
                abort(sock)
        for _ in range(ABORTS):  # no such table: refused after being counted in
            abort(upgrade(srv.port, "/api/games/no-such-table/ws"))
        limit = time.monotonic() + PATIENCE  # the server counts out as it learns each connection is gone
        while (first := seated(srv.port, table, hello))["type"] != "state":
            assert first["code"] == "too_many_connections" and time.monotonic() < limit, first
            time.sleep(0.05)
        assert first["seat"] == 0
    finally:
        srv.stop()
    printed = log.read_text()
    assert "Traceback" not in printed and "ERROR" not in printed, printed[-3000:]
    assert printed.count("a WebSocket text that is not UTF-8") == ABORTS, printed[-3000:]
