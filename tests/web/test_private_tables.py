"""Tables nobody can squat: a table with a seat for a person is private by default (left out
of every lobby list, reached through its link), its host may hand a player who has been away
or let their decision wait too long to a bot or open the seat again, and a seat left in the
middle of the game is offered to the remaining players before anyone else.  Time is a clock
the test turns by hand."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from salon.web.app import create_app
from salon.web.caps import UNLIMITED
from salon.web.tables.room import ABSENT_AFTER, IDLE_AFTER
from tests.web.helpers import TOKEN, Clock, error_code, room_of, settled, state

HUMANS = [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def c(clock: Clock) -> Iterator[TestClient]:
    with TestClient(create_app("sqlite://", bot_delay=0, allow_seed=True, limits=UNLIMITED, clock=clock)) as client:
        yield client


def table(c: TestClient, **extra: Any) -> tuple[str, list[str]]:
    """Three people at a Rococo table, seat 0 (its creator and host) to start."""
    r = c.post("/api/games", json={"game": "rococo", "seats": HUMANS, "config": {"start_player": 0}, "seed": 3,
                                   "join": {"seat": 0, "name": "Ann"}, **extra})
    assert r.status_code == 201, r.text
    game_id = r.json()["id"]
    tokens = [r.json()["token"]]
    for seat in (1, 2):
        tokens.append(c.post(f"/api/games/{game_id}/join", json={"seat": seat}).json()["token"])
    return game_id, tokens


def listed(c: TestClient) -> set[str]:
    ids = {g["id"] for g in c.get("/api/games").json()["games"]}
    for status in ("open", "running", "over"):
        ids |= {g["id"] for g in c.get("/api/games", params={"status": status}).json()["games"]}
    return ids


def manage(c: TestClient, game_id: str, token: str, target: int, choice: str) -> Any:
    version = state(c, game_id, token)["version"]
    return c.post(f"/api/games/{game_id}/seats/{target}", json={"choice": choice, "version": version},
                  headers={TOKEN: token})


def test_a_table_with_people_is_private_unless_listed(c: TestClient) -> None:
    private = c.post("/api/games", json={"game": "rococo", "seats": HUMANS[:2], "join": {"seat": 0}}).json()
    public = c.post("/api/games", json={"game": "rococo", "seats": HUMANS[:2], "join": {"seat": 0},
                                        "private": False}).json()
    bots = c.post("/api/games", json={"game": "rococo", "seats": [{"kind": "bot", "bot": "random"}] * 2}).json()
    assert private["game"]["private"] is True and public["game"]["private"] is False
    assert private["id"] not in listed(c) and {public["id"], bots["id"]} <= listed(c)
    # its link is the way in: an id nobody was given finds nothing
    other = "y" if private["id"].endswith("x") else "x"  # a neighbour of the id, never the id itself
    assert c.get(f"/api/games/{private['id'][:-1]}{other}").status_code == 404
    joined = c.post(f"/api/games/{private['id']}/join", json={"name": "Bea"})
    assert joined.status_code == 200 and private["id"] not in listed(c)


def test_a_finished_private_game_is_not_listed_either(c: TestClient, clock: Clock) -> None:
    game_id, tokens = table(c, turn_timer=60)
    public_id, public_tokens = table(c, turn_timer=60, private=False)
    clock.now += 61
    for gid, token in ((game_id, tokens[1]), (public_id, public_tokens[1])):
        version = state(c, gid, token)["version"]
        r = c.post(f"/api/games/{gid}/timeout", json={"choice": "end", "version": version}, headers={TOKEN: token})
        assert r.status_code == 200, r.text
    over = {g["id"] for g in c.get("/api/games", params={"status": "over"}).json()["games"]}
    assert over == {public_id}


def test_the_host_may_replace_a_player_away_too_long(c: TestClient, clock: Clock) -> None:
    game_id, tokens = table(c)
    assert state(c, game_id)["seats"][1]["replaceable_in"] == ABSENT_AFTER  # seated, never connected
    r = manage(c, game_id, tokens[0], 1, "bot")
    assert (r.status_code, error_code(r)) == (409, "not_idle") and r.json()["error"]["seconds"] == ABSENT_AFTER
    with c.websocket_connect(f"/api/games/{game_id}/ws") as ws:  # seat 1 is here: not replaceable
        ws.send_json({"type": "hello", "token": tokens[1]})
        assert ws.receive_json()["type"] == "state"
        clock.now += ABSENT_AFTER + 1
        assert state(c, game_id, tokens[0])["seats"][1]["replaceable_in"] is None
        assert error_code(manage(c, game_id, tokens[0], 1, "bot")) == "not_idle"
    clock.now += ABSENT_AFTER - 1
    assert error_code(manage(c, game_id, tokens[0], 1, "bot")) == "not_idle"  # away 59 s only
    clock.now += 1
    r = manage(c, game_id, tokens[2], 1, "bot")
    assert (r.status_code, error_code(r)) == (403, "not_host")  # only the host may
    r = manage(c, game_id, tokens[0], 1, "bot")
    assert r.status_code == 200, r.text
    seat = state(c, game_id)["seats"][1]
    assert (seat["kind"], seat["bot"], seat["taken"]) == ("bot", "normal", True)
    r = c.get(f"/api/games/{game_id}/state", headers={TOKEN: tokens[1]})
    assert (r.status_code, error_code(r)) == (403, "bad_token")


def test_the_host_may_reopen_the_seat_of_a_player_who_lets_their_decision_wait(c: TestClient,
                                                                               clock: Clock) -> None:
    game_id, tokens = table(c)
    r = c.post(f"/api/games/{game_id}/join", json={})
    assert (r.status_code, error_code(r)) == (409, "no_free_seat")
    # seat 0 decides first; it hands over to seat 1, which then sits on its decision
    room = room_of(c, game_id)
    while room.game.current_player() == 0:
        st = state(c, game_id, tokens[0])
        c.post(f"/api/games/{game_id}/actions", json={"action": st["legal"][-1], "version": st["version"]},
               headers={TOKEN: tokens[0]})
    assert room.game.current_player() == 1
    with c.websocket_connect(f"/api/games/{game_id}/ws") as ws:  # here, but not playing
        ws.send_json({"type": "hello", "token": tokens[1]})
        assert ws.receive_json()["type"] == "state"
        clock.now += IDLE_AFTER - 1
        assert error_code(manage(c, game_id, tokens[0], 1, "open")) == "not_idle"
        clock.now += 1
        assert manage(c, game_id, tokens[0], 1, "open").status_code == 200
        assert ws.receive_json()["seat"] is None  # its connection goes on as a spectator's
    shown = state(c, game_id)["seats"][1]
    assert not shown["taken"] and not shown["vacant"]
    assert c.post(f"/api/games/{game_id}/join", json={"name": "Cyd"}).json()["seat"] == 1


def test_the_host_cannot_replace_their_own_seat_or_a_bot(c: TestClient, clock: Clock) -> None:
    r = c.post("/api/games", json={"game": "rococo", "seats": [HUMANS[0], {"kind": "bot", "bot": "random"}],
                                   "join": {"seat": 0}})
    game_id, token = r.json()["id"], r.json()["token"]
    settled(room_of(c, game_id))  # the bot has moved, if it started: the versions stay put
    clock.now += IDLE_AFTER + ABSENT_AFTER
    assert error_code(manage(c, game_id, token, 0, "bot")) == "own_seat"
    assert error_code(manage(c, game_id, token, 1, "open")) == "not_replaceable"
    assert error_code(manage(c, game_id, token, 5, "open")) == "bad_seat"


def test_a_seat_left_mid_game_is_offered_to_the_remaining_players_first(c: TestClient) -> None:
    game_id, tokens = table(c, private=False)
    assert c.post(f"/api/games/{game_id}/leave", json={}, headers={TOKEN: tokens[2]}).status_code == 200
    seats = state(c, game_id)["seats"]
    assert [s["vacant"] for s in seats] == [False, False, True]
    r = c.post(f"/api/games/{game_id}/join", json={"seat": 2})
    assert (r.status_code, error_code(r)) == (409, "seat_vacant")
    assert error_code(c.post(f"/api/games/{game_id}/join", json={})) == "no_free_seat"
    # any remaining player decides, not only the host; a spectator may not
    r = c.post(f"/api/games/{game_id}/seats/2", json={"choice": "bot", "version": state(c, game_id)["version"]})
    assert (r.status_code, error_code(r)) == (403, "spectator")
    assert manage(c, game_id, tokens[1], 2, "bot").status_code == 200
    seat = state(c, game_id)["seats"][2]
    assert (seat["kind"], seat["vacant"], state(c, game_id)["status"]) == ("bot", False, "running")


def test_a_seat_left_before_the_game_starts_is_free_at_once(c: TestClient) -> None:
    r = c.post("/api/games", json={"game": "rococo", "seats": HUMANS, "join": {"seat": 0}})
    game_id, t0 = r.json()["id"], r.json()["token"]
    t1 = c.post(f"/api/games/{game_id}/join", json={"seat": 1}).json()["token"]
    c.post(f"/api/games/{game_id}/leave", json={}, headers={TOKEN: t1})
    assert not state(c, game_id)["seats"][1]["vacant"]
    assert c.post(f"/api/games/{game_id}/join", json={"seat": 1}).status_code == 200
    assert t0


def test_the_host_role_passes_when_the_host_leaves(c: TestClient) -> None:
    game_id, tokens = table(c)
    assert state(c, game_id)["host"] == 0
    c.post(f"/api/games/{game_id}/leave", json={}, headers={TOKEN: tokens[0]})
    assert state(c, game_id)["host"] == 1
    assert manage(c, game_id, tokens[1], 0, "open").status_code == 200  # the seat the host left
    assert c.get(f"/api/games/{game_id}").json()["host"] == 1
