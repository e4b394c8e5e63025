"""Tables nobody can hoard: a table no seated person holds is ended after the server's
``abandon_after`` and its place given back, across a restart too; tables are capped per
network as well as per address; the rows counting rates and connections are pruned.  The
housekeeping round (Hub.tidy) is called by the tests with the time it should take for now:
no test waits for it."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

import pytest
from fastapi.testclient import TestClient

from salon.web.app import create_app
from salon.web.caps import UNLIMITED, Limits
from salon.web.errors import Refused
from salon.web.guard import network_group
from salon.web.storage import CONNECTIONS, RATE_HITS, Database
from tests.web.helpers import error_code, hub_of, received

T = TypeVar("T")

HUMANS = [{"kind": "human"}, {"kind": "human"}]
WINDOW = UNLIMITED.abandon_after


def server(db: str = "sqlite://", **caps: Any) -> TestClient:
    return TestClient(create_app(db, bot_delay=0, limits=replace(UNLIMITED, **caps)))


def table(c: TestClient, seats: list[dict[str, Any]] | None = None, join: bool = True) -> dict[str, Any]:
    body: dict[str, Any] = {"game": "rococo", "seats": seats or HUMANS, **({"join": {"seat": 0}} if join else {})}
    r = c.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    made: dict[str, Any] = r.json()
    return made


def call(c: TestClient, function: Callable[..., Awaitable[T]], *args: Any) -> T:
    """``function(*args)`` on the server's event loop."""
    assert c.portal is not None
    return c.portal.call(function, *args)


def tidy(c: TestClient, now: float) -> list[str]:
    return call(c, hub_of(c).upkeep.tidy, now)


def status(c: TestClient, game_id: str) -> str:
    shown: str = c.get(f"/api/games/{game_id}/state").json()["status"]
    return shown


@pytest.mark.heavy
def test_a_table_no_seated_person_holds_is_ended_and_its_place_given_back() -> None:
    with server(max_tables_per_client=4) as c:
        nobody = table(c, join=False)  # created, never sat at
        left = table(c)  # its creator sat down and never connected
        held = table(c)
        bots = table(c, [{"kind": "bot", "bot": "random"}] * 2, join=False)  # ends by itself
        with c.websocket_connect(f"/api/games/{held['id']}/ws") as ws:
            ws.send_json({"type": "hello", "token": held["token"]})
            assert received(ws)["type"] == "state"
            refused = c.post("/api/games", json={"game": "rococo", "seats": HUMANS})
            assert refused.status_code == 429 and error_code(refused) == "too_many_tables"
            start = time.time()
            assert tidy(c, start + WINDOW / 2) == []  # not yet
            ended = tidy(c, start + WINDOW + 1)
            assert sorted(ended) == sorted([nobody["id"], left["id"]])
            assert status(c, held["id"]) != "ended" and status(c, nobody["id"]) == "ended"
            assert status(c, left["id"]) == "ended" and bots["id"] not in ended
            again = table(c)  # the places are free again
        assert tidy(c, start + WINDOW + 2) == [again["id"]]  # not the table held a moment ago
        assert tidy(c, start + 2 * WINDOW + 3) == [held["id"]]


def test_a_player_who_comes_back_keeps_the_table() -> None:
    with server() as c:
        made = table(c)
        start = time.time()
        with c.websocket_connect(f"/api/games/{made['id']}/ws") as ws:
            ws.send_json({"type": "hello", "token": made["token"]})
            received(ws)
            assert tidy(c, start + WINDOW + 1) == []  # here now, whatever came before
        assert status(c, made["id"]) == "open"


def test_a_restart_keeps_the_time_a_table_was_held(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'salon.db'}"
    with server(db) as c:
        made = table(c)
        start = time.time()
    with server(db) as c:
        assert tidy(c, start + WINDOW + 1) == [made["id"]]
        assert status(c, made["id"]) == "ended"


def test_tables_are_capped_per_network() -> None:
    with server(max_tables_per_network=3) as c:
        hub = hub_of(c)

        async def create(client: str, network: str) -> str:
            try:
                await hub.lobby.create("rococo", "t", list(HUMANS), {}, None, None, client=client, network=network)
            except Refused as e:
                return e.code
            return "created"

        made = [call(c, create, f"address {n}", "one network") for n in range(4)]
        assert made == ["created"] * 3 + ["network_full"]
        assert call(c, create, "address 3", "another network") == "created"


def test_networks_are_an_ipv4_24_and_an_ipv6_48() -> None:
    assert network_group("198.51.100.7") == network_group("198.51.100.200") == "198.51.100.0/24"
    assert network_group("198.51.101.7") != network_group("198.51.100.7")
    assert network_group("2001:db8:5:1::1") == network_group("2001:db8:5:ffff::9") == "2001:db8:5::/48"
    assert network_group("::ffff:198.51.100.7") == "198.51.100.0/24"
    assert Limits().max_tables_per_network > Limits().max_tables_per_client


def test_rate_hits_out_of_their_windows_are_forgotten() -> None:
    """Two thousand addresses each hit once and never came back."""
    with server() as c:
        hub = hub_of(c)
        now = time.time()
        hits = [{"kind": "replay", "key": f"network {n}", "until": now + 1} for n in range(2000)]
        call(c, hub.storage.run, lambda db: db.conn.execute(RATE_HITS.insert(), hits))

        def count(db: Database) -> int:
            return len(db.conn.execute(RATE_HITS.select()).all())

        assert c.portal.call(hub.storage.run, count) == 2000  # type: ignore[union-attr]
        tidy(c, now + 2)
        assert c.portal.call(hub.storage.run, count) == 0  # type: ignore[union-attr]


def test_a_seated_connection_is_stored_with_its_seat() -> None:
    """What tells every process (and the housekeeping) that a person holds the table."""
    with server() as c:
        made = table(c)
        with c.websocket_connect(f"/api/games/{made['id']}/ws") as ws:
            ws.send_json({"type": "hello", "token": made["token"]})
            received(ws)
            rows = call(c, hub_of(c).storage.run, lambda db: db.conn.execute(CONNECTIONS.select()).all())
            assert [(r.game_id, r.seat) for r in rows] == [(made["id"], 0)]


def test_the_connections_of_ended_processes_are_forgotten(postgres_url: str) -> None:
    """A process killed leaves its connections' rows: they stopped counting when its session
    ended, and the next round drops them; a live connection's row stays."""
    with server(postgres_url) as c:
        made = table(c)
        gone = [{"ticket": f"t{n}", "holder": "1@2000-01-01 00:00:00", "client": f"c{n}", "game_id": made["id"],
                 "seat": None} for n in range(500)]
        call(c, hub_of(c).storage.run, lambda db: db.conn.execute(CONNECTIONS.insert(), gone))
        with c.websocket_connect(f"/api/games/{made['id']}/ws") as ws:
            ws.send_json({"type": "hello", "token": made["token"]})
            received(ws)
            tidy(c, time.time())
            rows = call(c, hub_of(c).storage.run, lambda db: db.conn.execute(CONNECTIONS.select()).all())
            assert [(r.game_id, r.seat) for r in rows] == [(made["id"], 0)]
