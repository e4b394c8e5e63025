"""What one client may cost a public server: tables, rates, spectators, connections and the
lobby listing are bounded, a spectator who comes or goes costs one message, and requests
from other sites or in other shapes than JSON are refused with a JSON error."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from fastapi.testclient import TestClient

from salon.web.app import create_app
from salon.web.caps import UNLIMITED
from salon.web.guard import SECURITY_HEADERS
from salon.web.tables import room as room_module
from tests.web.helpers import TOKEN, create, error_code, hub_of, room_of

HUMANS = [{"kind": "human"}, {"kind": "human"}]
BOTS = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]


def server(**caps: Any) -> TestClient:
    """A server with no caps but those given (and no tables of bots only)."""
    limits = replace(UNLIMITED, **{"allow_bot_tables": False, **caps})
    return TestClient(create_app("sqlite://", bot_delay=0, limits=limits))


def new_table(c: TestClient, seats: list[dict[str, Any]] | None = None, **extra: Any) -> Any:
    """A Rococo table; its creator takes the first seat if it is a person's."""
    seats = seats or HUMANS
    join = {"join": {"seat": 0}} if seats[0]["kind"] == "human" else {}
    return c.post("/api/games", json={"game": "rococo", "seats": seats, **join, **extra})


def test_a_public_server_refuses_tables_of_bots_only() -> None:
    with server() as c:
        r = new_table(c, BOTS)
        assert r.status_code == 403 and error_code(r) == "bot_tables_off"
        assert new_table(c, [HUMANS[0], BOTS[0]]).status_code == 201
    with server(allow_bot_tables=True) as c:
        assert new_table(c, BOTS).status_code == 201


def test_tables_are_capped_per_creator_and_in_all() -> None:
    with server(max_tables_per_client=2) as c:
        assert [new_table(c).status_code for _ in range(2)] == [201, 201]
        r = new_table(c)
        assert r.status_code == 429 and error_code(r) == "too_many_tables"
    with server(max_tables=2) as c:
        assert [new_table(c).status_code for _ in range(2)] == [201, 201]
        r = new_table(c)
        assert r.status_code == 429 and error_code(r) == "server_full"
        assert r.headers["content-type"] == "application/json"


def test_creating_and_joining_are_rate_limited() -> None:
    """Windows of a day, so that the test's speed cannot matter."""
    with server(create_rate="2/day") as c:
        bad = c.post("/api/games", json={"game": "rococo", "seats": HUMANS, "config": {"expansions": ["dragons"]}})
        assert bad.status_code == 400  # a request refused for its own mistake costs nothing
        assert [new_table(c).status_code for _ in range(2)] == [201, 201]
        r = new_table(c)
        assert r.status_code == 429 and error_code(r) == "rate_limited"
    with server(join_rate="2/day") as c:
        game_id = new_table(c, [*HUMANS, HUMANS[0]]).json()["id"]  # the creator's seat is the first join
        assert c.post(f"/api/games/{game_id}/join", json={}).status_code == 200
        r = c.post(f"/api/games/{game_id}/join", json={})
        assert r.status_code == 429 and error_code(r) == "rate_limited"


def test_the_lobby_listing_is_paginated_and_bounded() -> None:
    with server(page_size=2) as c:
        made = [new_table(c, private=False).json()["id"] for _ in range(5)]
        first = c.get("/api/games").json()
        assert [g["id"] for g in first["games"]] == made[::-1][:2] and first["more"]["open"] is True
        pages = [c.get(f"/api/games?status=open&offset={k}").json() for k in (2, 4)]
        assert [g["id"] for g in pages[0]["games"]] == made[::-1][2:4] and pages[0]["more"] == {"open": True}
        assert [g["id"] for g in pages[1]["games"]] == made[:1] and pages[1]["more"] == {"open": False}
        assert len(c.get("/api/games?status=open&limit=500").json()["games"]) == 2  # the page size at most
        for bad in ("status=lost", "offset=-1", "limit=x"):
            r = c.get(f"/api/games?{bad}")
            assert r.status_code == 422 and error_code(r) == "bad_request"


def test_a_spectator_costs_one_message(monkeypatch: pytest.MonkeyPatch) -> None:
    """Thirty spectators come and go while both players are connected: each gets its state,
    and nobody else is sent anything (the seated players' presence is not touched)."""
    pushed: Counter[str] = Counter()
    push = room_module.Connection.push

    def counting(self: room_module.Connection, message: dict[str, Any] | None) -> None:
        pushed["spectator" if self.seat is None else "player"] += message is not None
        push(self, message)

    monkeypatch.setattr(room_module.Connection, "push", counting)
    with server() as c:
        created = new_table(c).json()
        game_id = created["id"]
        t1 = c.post(f"/api/games/{game_id}/join", json={}).json()["token"]
        with c.websocket_connect(f"/api/games/{game_id}/ws") as p0, \
                c.websocket_connect(f"/api/games/{game_id}/ws") as p1:
            for ws, token in ((p0, created["token"]), (p1, t1)):
                ws.send_json({"type": "hello", "token": token})
                assert ws.receive_json()["type"] == "state"
            assert p0.receive_json() == {"type": "presence", "seats": room_of(c, game_id).seats_json(hub_of(c).clock())}
            pushed.clear()
            for _ in range(30):
                with c.websocket_connect(f"/api/games/{game_id}/ws") as spectator:
                    spectator.send_json({"type": "hello", "token": None})
                    assert spectator.receive_json()["type"] == "state"
            assert pushed == {"spectator": 30}


def test_spectators_and_connections_are_capped() -> None:
    with server(max_spectators=1) as c:
        game_id = new_table(c).json()["id"]
        with c.websocket_connect(f"/api/games/{game_id}/ws") as first:
            first.send_json({"type": "hello"})
            assert first.receive_json()["type"] == "state"
            with c.websocket_connect(f"/api/games/{game_id}/ws") as second:
                second.send_json({"type": "hello"})
                assert second.receive_json()["code"] == "too_many_spectators"
    with server(max_connections_per_client=1) as c:
        game_id = new_table(c).json()["id"]
        with c.websocket_connect(f"/api/games/{game_id}/ws") as first:
            first.send_json({"type": "hello"})
            assert first.receive_json()["type"] == "state"
            with c.websocket_connect(f"/api/games/{game_id}/ws") as second:
                assert second.receive_json()["code"] == "too_many_connections"
        with c.websocket_connect(f"/api/games/{game_id}/ws") as again:  # the first one's place is free again
            again.send_json({"type": "hello"})
            assert again.receive_json()["type"] == "state"


def test_requests_from_other_sites_and_not_json_are_refused(client: TestClient) -> None:
    body = {"game": "rococo", "seats": HUMANS}
    r = client.post("/api/games", json=body, headers={"Origin": "https://elsewhere.example"})
    assert r.status_code == 403 and error_code(r) == "bad_origin"
    assert client.post("/api/games", json=body, headers={"Origin": "http://testserver"}).status_code == 201
    r = client.post("/api/games", content=json.dumps(body), headers={"Content-Type": "text/plain"})
    assert r.status_code == 415 and error_code(r) == "not_json"
    game_id, token = create(client, HUMANS)
    r = client.post(f"/api/games/{game_id}/join", content="{}", headers={"Content-Type": "text/plain"})
    assert r.status_code == 415
    with client.websocket_connect(f"/api/games/{game_id}/ws", headers={"Origin": "https://elsewhere.example"}) as ws:
        assert ws.receive_json()["code"] == "bad_origin"
    assert room_of(client, game_id).seats[1].token_hash is None  # nothing changed


def test_every_response_carries_the_security_headers(client: TestClient) -> None:
    for path in ("/", "/api/meta", "/static/app.js", "/api/games/nosuchgame"):
        headers = client.get(path).headers
        for name, value in SECURITY_HEADERS.items():
            assert headers[name] == value, (path, name)
    policy = SECURITY_HEADERS["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy and "frame-ancestors 'none'" in policy


@pytest.mark.parametrize("raw", [
    '{"game": "rococo", "seats": [], "seed": ' + "9" * 5000 + "}",
    "[" * 20_000 + "]" * 20_000,
    '{"version": 1e999999}',
])
def test_pathological_json_gets_a_json_400(client: TestClient, raw: str) -> None:
    r = client.post("/api/games", content=raw, headers={"Content-Type": "application/json"})
    assert r.status_code in (400, 422) and r.headers["content-type"] == "application/json"
    game_id, token = create(client, HUMANS)
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        ws.send_json({"type": "hello", "token": token})
        assert ws.receive_json()["type"] == "state"
        ws.send_text(raw)
        assert ws.receive_json()["type"] == "error"
        ws.send_json({"type": "ping", "id": 7})  # the connection is kept
        assert ws.receive_json() == {"type": "pong", "id": 7}


def test_a_body_over_the_limit_is_refused(client: TestClient) -> None:
    def chunks() -> Any:
        for _ in range(100):
            yield b" " * 1024

    r = client.post("/api/games", content=chunks(), headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and error_code(r) == "too_large"
    game_id, token = create(client, HUMANS)
    r = client.post(f"/api/games/{game_id}/actions", content=chunks(),
                    headers={"Content-Type": "application/json", TOKEN: token or ""})
    assert r.status_code == 413
