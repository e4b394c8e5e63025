"""A seat is nobody's forever: its player may leave it or renew its key, and a table with a
turn timer lets the other players hand a seat whose time ran out to a bot, or end the game.
The timer runs on a clock the test turns by hand."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from salon.web.app import create_app
from salon.web.caps import UNLIMITED
from tests.web.helpers import TOKEN, Clock, act, error_code, room_of, state

HUMANS = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def timed(clock: Clock) -> Iterator[TestClient]:
    with TestClient(create_app("sqlite://", bot_delay=0, allow_seed=True, limits=UNLIMITED, clock=clock)) as c:
        yield c


def table(c: TestClient, **extra: object) -> tuple[str, tuple[str, str]]:
    r = c.post("/api/games", json={"game": "rococo", "seats": HUMANS, "config": {"start_player": 0}, "seed": 3,
                                   "join": {"seat": 0, "name": "Ann"}, **extra})
    assert r.status_code == 201, r.text
    game_id = r.json()["id"]
    t1 = c.post(f"/api/games/{game_id}/join", json={"seat": 1, "name": "Bea"}).json()["token"]
    return game_id, (r.json()["token"], t1)


def take_over(c: TestClient, game_id: str, token: str | None, choice: str, version: int) -> Any:
    return c.post(f"/api/games/{game_id}/timeout", json={"choice": choice, "version": version},
                  headers={TOKEN: token} if token else {})


@pytest.mark.slow
def test_leaving_frees_the_seat_and_voids_its_key(client: TestClient) -> None:
    game_id, (t0, t1) = table(client)
    r = client.post(f"/api/games/{game_id}/leave", json={}, headers={TOKEN: t1})
    assert r.status_code == 200
    assert state(client, game_id)["status"] == "open"
    r = client.get(f"/api/games/{game_id}/state", headers={TOKEN: t1})
    assert r.status_code == 403 and error_code(r) == "bad_token"
    assert state(client, game_id, t0)["legal"] == []  # the game waits for a player again
    # left during the game: offered to the remaining player first
    assert [s["vacant"] for s in state(client, game_id)["seats"]] == [False, True]
    r = client.post(f"/api/games/{game_id}/join", json={"seat": 1, "name": "Cyd"})
    assert r.status_code == 409 and error_code(r) == "seat_vacant"
    r = client.post(f"/api/games/{game_id}/seats/1", json={"choice": "open", "version": state(client, game_id, t0)[
        "version"]}, headers={TOKEN: t0})
    assert r.status_code == 200, r.text
    t2 = client.post(f"/api/games/{game_id}/join", json={"seat": 1, "name": "Cyd"}).json()["token"]
    assert state(client, game_id, t2)["seat"] == 1 and state(client, game_id)["status"] == "running"
    r = client.post(f"/api/games/{game_id}/leave", json={})
    assert r.status_code == 403 and error_code(r) == "spectator"


def test_a_leaving_players_connection_goes_on_as_a_spectator(client: TestClient) -> None:
    game_id, (t0, t1) = table(client)
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        ws.send_json({"type": "hello", "token": t1})
        assert ws.receive_json()["seat"] == 1
        client.post(f"/api/games/{game_id}/leave", json={}, headers={TOKEN: t1})
        msg = ws.receive_json()
        assert msg["type"] == "state" and msg["seat"] is None and msg["status"] == "open"


def test_a_renewed_key_replaces_the_old_one(client: TestClient) -> None:
    game_id, (t0, t1) = table(client)
    with client.websocket_connect(f"/api/games/{game_id}/ws") as old:
        old.send_json({"type": "hello", "token": t0})
        assert old.receive_json()["seat"] == 0
        r = client.post(f"/api/games/{game_id}/token", json={}, headers={TOKEN: t0})
        assert r.status_code == 200 and r.json()["seat"] == 0
        fresh = r.json()["token"]
        assert fresh != t0
        with pytest.raises(WebSocketDisconnect):  # the connection that held the old key is closed
            old.receive_json()
    assert client.get(f"/api/games/{game_id}/state", headers={TOKEN: t0}).status_code == 403
    st = state(client, game_id, fresh)
    assert st["seat"] == 0 and act(client, game_id, fresh, st["legal"][0], st["version"]).status_code == 200


def test_no_timer_unless_the_table_asks_for_one(timed: TestClient, clock: Clock) -> None:
    game_id, (t0, t1) = table(timed)
    clock.now += 10**6
    assert state(timed, game_id, t1)["timer"] is None
    r = take_over(timed, game_id, t1, "bot", state(timed, game_id, t1)["version"])
    assert r.status_code == 409 and error_code(r) == "not_expired"


def test_a_seat_whose_time_ran_out_is_handed_to_a_bot(timed: TestClient, clock: Clock) -> None:
    game_id, (t0, t1) = table(timed, turn_timer=60)
    st = state(timed, game_id, t1)
    assert st["timer"] == {"seat": 0, "seconds": 60, "left": 60.0, "expired": False}
    clock.now += 30
    assert state(timed, game_id, t1)["timer"]["left"] == 30.0
    r = take_over(timed, game_id, t1, "bot", st["version"])
    assert r.status_code == 409 and error_code(r) == "not_expired"
    clock.now += 31
    st = state(timed, game_id, t1)
    assert st["timer"]["expired"] is True and st["timer"]["left"] == 0
    r = take_over(timed, game_id, t0, "bot", st["version"])
    assert r.status_code == 409 and error_code(r) == "own_seat"
    r = take_over(timed, game_id, None, "bot", st["version"])
    assert r.status_code == 403 and error_code(r) == "spectator"
    r = take_over(timed, game_id, t1, "bot", st["version"])
    assert r.status_code == 200, r.text
    room = room_of(timed, game_id)
    assert room.seats[0].kind == "bot" and room.seats[0].bot_name == "normal"
    assert timed.get(f"/api/games/{game_id}/state", headers={TOKEN: t0}).status_code == 403
    for _ in range(10_000):  # the bot plays seat 0's turn; then seat 1 decides, with a fresh timer
        st = state(timed, game_id, t1)  # read on the server's loop, never halfway through a commit
        if st["current"] == 1:
            break
    assert st["current"] == 1 and st["timer"]["left"] == 60.0


def test_the_others_may_end_a_game_whose_player_is_gone(timed: TestClient, clock: Clock) -> None:
    game_id, (t0, t1) = table(timed, turn_timer=60, private=False)
    clock.now += 61
    st = state(timed, game_id, t1)
    r = take_over(timed, game_id, t1, "end", st["version"])
    assert r.status_code == 200
    assert state(timed, game_id)["status"] == "ended"
    r = act(timed, game_id, t0, "main:skip", state(timed, game_id, t0)["version"])
    assert r.status_code == 409 and error_code(r) == "over"
    listed = timed.get("/api/games").json()
    assert [g["status"] for g in listed["games"] if g["id"] == game_id] == ["ended"]
    assert timed.get(f"/api/games/{game_id}/record").status_code == 200  # nothing is secret any more


def test_a_turn_timer_must_be_sensible(client: TestClient) -> None:
    for bad in (0, 5, "60", 10**9):
        r = client.post("/api/games", json={"game": "rococo", "seats": HUMANS, "turn_timer": bad})
        assert r.status_code == 422 and error_code(r) == "bad_request"
