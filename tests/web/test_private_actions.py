"""The server's private actions (Adapter.private_action) while an action is being stored.

``Hub._commit`` applies an action to the game, then awaits the storage write; states are
read meanwhile without the room's lock.  What such a read shows -- its version, log and
position, and the lobby's version -- must agree, and must not count another seat's private
actions.  The tests hold the store open to read in that window.
"""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.helpers import act, create, hub_of, room_of, settled, state


@contextmanager
def store_held(client: TestClient) -> Iterator[tuple[threading.Event, threading.Event]]:
    """The next storage job waits until ``release`` is set; ``entered`` tells it is waiting
    (so the engine has applied the action and the room's log does not hold it yet)."""
    hub = hub_of(client)
    real = hub.storage.run
    entered, release = threading.Event(), threading.Event()
    armed = [True]

    async def run(job: Any) -> Any:
        if armed[0]:
            armed[0] = False
            entered.set()
            await asyncio.to_thread(release.wait, 10)
        return await real(job)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(hub.storage, "run", run)
        try:
            yield entered, release
        finally:
            release.set()


def in_background(job: Any) -> tuple[threading.Thread, list[Any]]:
    out: list[Any] = []
    t = threading.Thread(target=lambda: out.append(job()))
    t.start()
    return t, out


def necklace_at_presentation(client: TestClient) -> tuple[str, dict[int, str]]:
    """A 2-human Necklace table where seat 0 is presenting and may present a card."""
    r = client.post("/api/games", json={"game": "necklace", "title": "t", "seats": [{"kind": "human"}] * 2,
                                        "config": {"start_player": 0}, "seed": 8, "join": {"seat": 0},
                                        "private": False})
    assert r.status_code == 201, r.text
    game_id, tokens = r.json()["id"], {0: r.json()["token"]}
    tokens[1] = client.post(f"/api/games/{game_id}/join", json={"seat": 1}).json()["token"]
    room = room_of(client, game_id)
    rng = random.Random(8)
    while not (settled(room).game.decision().get("kind") == "present" and room.game.current_player() == 0
               and any(a.startswith("present:") for a in room.game.legal_actions())):
        seat = room.game.current_player()
        assert seat is not None
        st = state(client, game_id, tokens[seat])
        assert act(client, game_id, tokens[seat], rng.choice(st["legal"]), st["version"]).status_code == 200
    return game_id, tokens


@pytest.mark.heavy
def test_the_lobby_does_not_count_a_private_action_while_it_is_being_stored(client: TestClient) -> None:
    """QN-SALE-7: while a ``present:`` card is being stored, the lobby's ``version`` (GET
    /api/games and /api/games/{id}) and a spectator's stay where they were; were it to go up
    and down again, anyone polling the lobby could count the face-down cards."""
    game_id, tokens = necklace_at_presentation(client)
    before = client.get(f"/api/games/{game_id}").json()["version"]
    spectator = state(client, game_id)["version"]
    assert before == spectator
    mine = state(client, game_id, tokens[0])
    card = next(a for a in mine["legal"] if a.startswith("present:"))
    with store_held(client) as (entered, release):
        t, out = in_background(lambda: act(client, game_id, tokens[0], card, mine["version"]))
        assert entered.wait(5)
        during = client.get(f"/api/games/{game_id}").json()["version"]
        listed = next(g for g in client.get("/api/games").json()["games"] if g["id"] == game_id)["version"]
        spectator_during = state(client, game_id)["version"]
        release.set()
        t.join(10)
    assert out and out[0].status_code == 200, out
    assert spectator_during == spectator
    assert (during, listed) == (before, before), "the lobby counted the hidden card while it was stored"


def test_a_state_read_while_an_action_is_stored_carries_a_version_its_seat_can_use(client: TestClient) -> None:
    """A state read while another seat's action is being stored shows the position after
    that action (its turn, its legal actions) with the version that goes with it, so the
    action the seat sends with that version is accepted.  Rococo has no private action at
    all: this holds for every game."""
    game_id, t0 = create(client, [{"kind": "human"}, {"kind": "human"}], config={"start_player": 0})
    t1 = client.post(f"/api/games/{game_id}/join", json={"seat": 1}).json()["token"]
    tokens = {0: t0, 1: t1}
    room = room_of(client, game_id)
    seat = room.game.current_player()
    assert seat is not None
    st = state(client, game_id, tokens[seat])
    with store_held(client) as (entered, release):
        t, out = in_background(lambda: act(client, game_id, tokens[seat], st["legal"][0], st["version"]))
        assert entered.wait(5)
        nxt = room.game.current_player()
        assert nxt is not None
        seen = state(client, game_id, tokens[nxt])  # the position after the action, with its legal actions
        release.set()
        t.join(10)
    assert out and out[0].status_code == 200, out[0].text
    assert seen["legal"], "the state read in the window shows the next decision"
    after = state(client, game_id, tokens[nxt])
    assert seen["observation"] == after["observation"]
    assert seen["version"] == after["version"], (seen["version"], after["version"])
    r = act(client, game_id, tokens[nxt], seen["legal"][0], seen["version"])
    assert r.status_code == 200, r.text
