"""The deployment of docs/server.md: three ``salon serve`` processes on one PostgreSQL database
behind nginx (tools.cluster, from the config hosts use).  Two tables are played by
WebSocket clients through nginx and on each process directly; one process is killed with
SIGKILL mid-game; every client that lost its connection comes back through nginx, and both
games are played to their end: nothing acknowledged is lost, every client ends where the
database is, and a surviving process takes the bots over."""

from __future__ import annotations

import asyncio
import json
import random
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed
from websockets.typing import Origin

from salon.web.storage import lock_key
from tests.web.helpers import TOKEN, poll
from tests.web.postgres import missing
from tools.cluster import Backend, Cluster, nginx_binary
from tools.pgserver import PostgresServer

pytestmark = [pytest.mark.postgres, pytest.mark.server]

GAME = "rococo"
BOT = 1
"""The bot's seat at its table."""
KILL_AFTER = 8
"""Actions acknowledged at each table before the process is killed (and until it is, no more)."""
HANG_GUARD = 60.0
"""Seconds after which a message that never comes fails the test rather than hang it."""


@pytest.fixture
def cluster(postgres_url: str, tmp_path: Path) -> Iterator[Cluster]:
    if nginx_binary() is None:
        missing("nginx is not installed: run scripts/nginx-deps as root")
    with Cluster(postgres_url, 3, tmp_path, bot_delay=0) as running:
        yield running


def http(url: str, body: dict[str, Any] | None = None, token: str | None = None) -> dict[str, Any]:
    headers = {"Content-Type": "application/json", **({TOKEN: token} if token else {})}
    request = urllib.request.Request(url, data=json.dumps(body).encode() if body is not None else None,
                                     headers=headers)
    with urllib.request.urlopen(request, timeout=HANG_GUARD) as response:
        answer: dict[str, Any] = json.loads(response.read())
        return answer


def table(base: str, seats: list[dict[str, str]]) -> tuple[str, list[str | None]]:
    """A table created through ``base``, its people's seats taken: its id, and each seat's token."""
    created = http(f"{base}/api/games", {"game": GAME, "title": "deployment", "seats": seats, "join": {"seat": 0}})
    tokens: list[str | None] = [created["token"]]
    for seat, spec in enumerate(seats[1:], 1):
        tokens.append(http(f"{base}/api/games/{created['id']}/join", {"seat": seat})["token"]
                      if spec["kind"] == "human" else None)
    return created["id"], tokens


def lease_holder(postgres: PostgresServer, cluster: Cluster, game_id: str) -> Backend:
    """The process that plays the table's bots: it holds the table's advisory lock
    (salon.web.storage), taken at the bots' first turn."""
    key = lock_key(game_id) & 0xFFFF_FFFF_FFFF_FFFF
    holders: list[str] = []

    def leased() -> bool:
        with postgres.connect() as conn:
            holders[:] = [name for (name,) in conn.execute(
                "SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a USING (pid)"
                " WHERE l.locktype = 'advisory' AND l.granted AND l.classid::bigint = %s AND l.objid::bigint = %s",
                (key >> 32, key & 0xFFFF_FFFF))]
        return len(holders) == 1

    poll(leased, "a process plays the bots")
    return cluster.backend_named(holders[0])


@dataclass
class Table:
    id: str
    acked: list[tuple[int | None, str]] = field(default_factory=list)
    """Every action acknowledged to a client, with its seat, in the order acknowledged."""


@dataclass
class Client:
    """A player's tab (``token``) or a spectator's, first on ``first`` (nginx or a process),
    coming back through nginx whenever its connection closes."""

    table: Table
    token: str | None
    first: str
    seat: int | None = None
    version: int = -1
    status: str = ""
    connections: int = 0
    refused: int = 0
    resumed: bool = False
    """Whether one of its actions was acknowledged after the kill (by a surviving process)."""
    bot_turn: bool = False


class Play:
    def __init__(self, cluster: Cluster, postgres: PostgresServer, bots: Table, seed: int) -> None:
        self.cluster, self.postgres, self.bots = cluster, postgres, bots
        self.rng = random.Random(seed)
        self.moved = asyncio.Condition()
        self.resumed = asyncio.Event()
        """Set once the process is killed: play goes on."""
        self.victim: Backend | None = None
        self.bot_moves = 0
        """The bot's moves seen by its table's player after that player's first action past the
        kill: made by a surviving process."""

    async def _connect(self, client: Client) -> ClientConnection:
        base = client.first if client.connections == 0 else self.cluster.url
        ws = await connect(f"{base.replace('http://', 'ws://', 1)}/api/games/{client.table.id}/ws",
                           origin=Origin(base), max_size=2**22, open_timeout=HANG_GUARD)
        client.connections += 1
        await ws.send(json.dumps({"type": "hello", "token": client.token}))
        return ws

    async def run(self, client: Client) -> None:
        """Follow the table to its end, playing the client's seat when it decides."""
        while client.status != "over":
            try:
                async with await self._connect(client) as ws:
                    await self._follow(client, ws)
            except ConnectionClosed:
                continue

    async def _follow(self, client: Client, ws: ClientConnection) -> None:
        pending: dict[int, str] = {}
        while True:
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), HANG_GUARD))
            except TimeoutError:
                raise AssertionError(f"no news for {client}") from None
            if msg["type"] == "ack":
                client.table.acked.append((client.seat, pending.pop(msg["id"])))
                client.resumed = self.resumed.is_set()
                await self._moved()
            elif msg["type"] == "error":  # refused (a move that crossed another): a fresh state
                client.refused += 1
                return
            elif msg["type"] == "state":
                client.seat, client.version, client.status = msg["seat"], msg["version"], msg["status"]
                await self._moved()
                if client.table is self.bots and client.resumed:
                    if msg["current"] == BOT:
                        client.bot_turn = True
                    elif client.bot_turn:
                        client.bot_turn, self.bot_moves = False, self.bot_moves + 1
                if client.status == "over":
                    return
                if msg["legal"] and not msg["forced"] and not pending:
                    if len(client.table.acked) >= KILL_AFTER:
                        await self.resumed.wait()
                    request = self.rng.randrange(2**31)
                    pending[request] = self.rng.choice(msg["legal"])
                    await ws.send(json.dumps({"type": "act", "action": pending[request],
                                              "version": msg["version"], "id": request}))

    async def _moved(self) -> None:
        async with self.moved:
            self.moved.notify_all()

    async def kill(self, clients: list[Client]) -> None:
        """Once every client is connected and each table has had its actions, kill the process
        that plays the bots."""
        def ready() -> bool:
            return all(c.version >= 0 and len(c.table.acked) >= KILL_AFTER for c in clients)

        async with self.moved:
            await asyncio.wait_for(self.moved.wait_for(ready), HANG_GUARD)
        self.victim = await asyncio.to_thread(lease_holder, self.postgres, self.cluster, self.bots.id)
        await asyncio.to_thread(self.cluster.kill, self.victim)
        self.resumed.set()


def test_a_process_killed_mid_game_loses_nothing_and_its_clients_play_on_through_the_others(
        cluster: Cluster, postgres: PostgresServer) -> None:
    proxy = cluster.url
    bots_id, bots_tokens = table(proxy, [{"kind": "human"}, {"kind": "bot", "bot": "random"}])  # seat BOT
    people_id, people_tokens = table(proxy, [{"kind": "human"}, {"kind": "human"}])
    people, bots = Table(people_id), Table(bots_id)
    first, second, third = cluster.backends
    clients = [  # a seat on each process, and spectators on each and through nginx
        Client(people, people_tokens[0], first.url),
        Client(people, people_tokens[1], second.url),
        Client(bots, bots_tokens[0], third.url),
        *(Client(t, None, base) for t in (people, bots) for base in (proxy, *(b.url for b in cluster.backends))),
    ]
    play = Play(cluster, postgres, bots, seed=11)

    async def main() -> None:
        await asyncio.gather(play.kill(clients), *(play.run(c) for c in clients))

    asyncio.run(main())

    assert play.victim is not None and not play.victim.alive
    assert any(c.connections > 1 and c.token for c in clients), "the killed process's player came back through nginx"
    for t in (people, bots):
        record = http(f"{proxy}/api/games/{t.id}/record")
        for seat in {s for s, _ in t.acked}:  # nothing acknowledged is lost, in the order acknowledged
            mine = iter(record["actions"])
            assert all(action in mine for s, action in t.acked if s == seat), (seat, t.acked, record["actions"])
        for viewer in {c.token for c in clients if c.table is t}:
            stored = {http(f"{b.url}/api/games/{t.id}/state", token=viewer)["version"]
                      for b in cluster.backends if b.alive}
            seen = {c.version for c in clients if c.table is t and c.token == viewer}
            assert len(stored) == 1 and seen == stored, (t.id, viewer, seen, stored)
    assert play.bot_moves > 0, "a surviving process took the bots over"


def refusal(url: str, body: dict[str, Any]) -> tuple[int, str]:
    """The status and error code a request is refused with."""
    try:
        http(url, body)
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())["error"]["code"]
    return 200, ""


def test_a_process_behind_nginx_serves_the_public(postgres_url: str, tmp_path: Path) -> None:
    """It listens on 127.0.0.1, as docs/server.md has it, yet nginx brings it the Internet: it
    plays the levels only, and tables with a person."""
    if nginx_binary() is None:
        missing("nginx is not installed: run scripts/nginx-deps as root")
    with Cluster(postgres_url, 1, tmp_path, bot_delay=0) as cluster:
        games = f"{cluster.url}/api/games"
        for spec in ("search:think=5", "learned:think=5:widen=4", "ismcts:simulations=400", "normal:think=5"):
            seats = [{"kind": "human"}, {"kind": "bot", "bot": spec}]
            assert refusal(games, {"game": GAME, "seats": seats}) in {(422, "bot_not_allowed"),
                                                                      (422, "unknown_bot")}, spec
        bots_only = [{"kind": "bot", "bot": "normal"}] * 2
        assert refusal(games, {"game": GAME, "seats": bots_only}) == (403, "bot_tables_off")
        assert refusal(games, {"game": GAME, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "hard"}]}) == (200, "")
