"""Hints through the server: only where the table allows them, only for the seat deciding
now, legal, and counted where everyone sees them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from httpx2 import Response

from salon.web.app import create_app
from salon.web.caps import UNLIMITED
from tests.web.helpers import TOKEN, error_code, room_of, state

HUMANS = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture
def quick() -> Iterator[TestClient]:
    """A server whose hints search one world (the least a hint takes)."""
    with TestClient(create_app("sqlite://", bot_delay=0, allow_seed=True, limits=UNLIMITED, hint_think=1e-6)) as c:
        yield c


def table(c: TestClient, game: str, **extra: object) -> tuple[str, tuple[str, str]]:
    r = c.post("/api/games", json={"game": game, "seats": HUMANS, "config": {"start_player": 0}, "seed": 4,
                                   "join": {"seat": 0}, **extra})
    assert r.status_code == 201, r.text
    t1 = c.post(f"/api/games/{r.json()['id']}/join", json={"seat": 1}).json()["token"]
    return r.json()["id"], (r.json()["token"], t1)


def ask(c: TestClient, game_id: str, token: str | None) -> Response:
    return c.post(f"/api/games/{game_id}/hint", json={}, headers={TOKEN: token} if token else {})


@pytest.mark.slow
@pytest.mark.parametrize("game", ["rococo", "necklace"])
def test_a_hint_for_the_deciding_seat_is_legal_and_counted(quick: TestClient, game: str) -> None:
    game_id, tokens = table(quick, game, hints=True)
    assert quick.get(f"/api/games/{game_id}").json()["hints"] is True
    seat = room_of(quick, game_id).game.current_player()
    assert seat is not None
    with quick.websocket_connect(f"/api/games/{game_id}/ws") as other:
        other.send_json({"type": "hello", "token": tokens[1 - seat]})
        assert other.receive_json()["type"] == "state"
        r = ask(quick, game_id, tokens[seat])
        assert r.status_code == 200, r.text
        hints = r.json()["hints"]
        legal = state(quick, game_id, tokens[seat])["legal"]
        assert hints and all(h["action"] in legal for h in hints)
        assert hints[0]["worlds"] >= 1 or legal == [hints[0]["action"]]  # a single choice needs no search
        told = other.receive_json()
        for _ in range(10):  # states of the moves the server makes for lone passes may come first
            if told["type"] == "presence":
                break
            told = other.receive_json()
        assert told["type"] == "presence" and told["seats"][seat]["hints"] == 1
    assert [s["hints"] for s in state(quick, game_id)["seats"]] == [int(s == seat) for s in range(2)]
    r = ask(quick, game_id, tokens[1 - seat])
    assert r.status_code == 409 and error_code(r) == "not_your_turn"
    r = ask(quick, game_id, None)
    assert r.status_code == 403 and error_code(r) == "spectator"


def test_no_hints_unless_the_table_allows_them(quick: TestClient) -> None:
    game_id, tokens = table(quick, "rococo")
    r = ask(quick, game_id, tokens[0])
    assert r.status_code == 403 and error_code(r) == "hints_off"
    assert quick.get(f"/api/games/{game_id}").json()["hints"] is False
