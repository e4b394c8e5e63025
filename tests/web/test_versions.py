"""A version is never shown twice: every accepted action or undo moves a seat's version
forward, across undos, two tabs of one seat and restarts, so a request decided on a position
that was taken back is refused as stale."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from salon.web.app import create_app
from salon.web.caps import UNLIMITED
from tests.web.helpers import POLLS, TOKEN, act, create, error_code, room_of, state

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def _two_humans(client: TestClient) -> tuple[str, tuple[str, str]]:
    game_id, t0 = create(client, HUMANS, config={"start_player": 0})
    t1 = client.post(f"/api/games/{game_id}/join", json={"seat": 1, "name": "Bea"}).json()["token"]
    assert t0 is not None
    return game_id, (t0, t1)


def _to_undoable(client: TestClient, game_id: str, tokens: tuple[str, str]) -> tuple[str, dict[str, Any]]:
    """Play first actions until the deciding seat has an action it may take back and a
    second, different action to play instead; returns its token and state before it."""
    room = room_of(client, game_id)
    while True:
        seat = room.game.current_player()
        assert seat is not None
        st = state(client, game_id, tokens[seat])
        probe = room.game.clone()
        probe.apply(st["legal"][0])
        if len(st["legal"]) > 1 and probe.undoable() > 0:
            return tokens[seat], st
        assert act(client, game_id, tokens[seat], st["legal"][0], st["version"]).status_code == 200


def test_a_tab_that_saw_an_undone_position_cannot_act_on_the_new_one(client: TestClient) -> None:
    """Tab A acts (v+1), undoes (v+2) and acts differently (v+3); tab B of the same seat, which
    saw the first position (v+1), sends an action with that version: refused as stale."""
    game_id, tokens = _two_humans(client)
    token, before = _to_undoable(client, game_id, tokens)
    v = before["version"]
    first, other = before["legal"][0], before["legal"][1]
    r = act(client, game_id, token, first, v)
    assert r.status_code == 200 and r.json()["version"] == v + 1
    seen_by_b = state(client, game_id, token)
    assert seen_by_b["version"] == v + 1
    r = client.post(f"/api/games/{game_id}/undo", json={"version": v + 1}, headers={TOKEN: token})
    assert r.status_code == 200 and r.json()["version"] == v + 2
    r = act(client, game_id, token, other, v + 2)
    assert r.status_code == 200 and r.json()["version"] == v + 3
    legal = state(client, game_id, token)["legal"]
    r = act(client, game_id, token, legal[0], seen_by_b["version"])
    assert r.status_code == 409 and error_code(r) == "stale" and r.json()["error"]["version"] == v + 3


def test_every_seat_and_spectator_sees_the_version_move_forward(client: TestClient) -> None:
    game_id, tokens = _two_humans(client)
    token, before = _to_undoable(client, game_id, tokens)
    viewers: list[str | None] = [tokens[0], tokens[1], None]
    seen = {t: [state(client, game_id, t)["version"]] for t in viewers}
    act(client, game_id, token, before["legal"][0], before["version"])
    for t in viewers:
        seen[t].append(state(client, game_id, t)["version"])
    client.post(f"/api/games/{game_id}/undo", json={"version": before["version"] + 1}, headers={TOKEN: token})
    for t in viewers:
        seen[t].append(state(client, game_id, t)["version"])
        assert seen[t][0] < seen[t][1] < seen[t][2], seen[t]


@pytest.mark.heavy
def test_a_restart_never_gives_back_a_version(tmp_path: Path) -> None:
    """The undos are stored: after a restart the versions go on from where they were."""
    url = f"sqlite:///{tmp_path / 'salon.db'}"
    with TestClient(create_app(url, bot_delay=0, allow_seed=True, limits=UNLIMITED)) as c:
        game_id, tokens = _two_humans(c)
        token, before = _to_undoable(c, game_id, tokens)
        act(c, game_id, token, before["legal"][0], before["version"])
        c.post(f"/api/games/{game_id}/undo", json={"version": before["version"] + 1}, headers={TOKEN: token})
        versions = [state(c, game_id, t)["version"] for t in (*tokens, None)]
    with TestClient(create_app(url, bot_delay=0, limits=UNLIMITED)) as c:
        assert [state(c, game_id, t)["version"] for t in (*tokens, None)] == versions


@pytest.mark.heavy
def test_a_secret_undo_moves_only_its_own_seats_version(client: TestClient) -> None:
    """A Necklace presentation card is a private action: its undo is private too, so the other
    seat's version, which never counted the card, does not move either."""
    r = client.post("/api/games", json={"game": "necklace", "seats": HUMANS, "config": {"start_player": 0},
                                        "seed": 4, "join": {"seat": 0}})
    game_id, t0 = r.json()["id"], r.json()["token"]
    t1 = client.post(f"/api/games/{game_id}/join", json={"seat": 1}).json()["token"]
    tokens = (t0, t1)
    room = room_of(client, game_id)
    for _ in range(POLLS):
        if room.game.decision().get("kind") == "present" and any(
                a.startswith("present:") for a in room.game.legal_actions()):
            break
        seat = room.game.current_player()
        assert seat is not None
        st = state(client, game_id, tokens[seat])
        if st["legal"] in ([], ["pass"], ["done"]):  # a lone pass the server makes itself: wait for it
            time.sleep(0.01)
            continue
        move = "pass" if "pass" in st["legal"] else st["legal"][-1] if "done" not in st["legal"] else "done"
        assert act(client, game_id, tokens[seat], move, st["version"]).status_code == 200
    else:
        raise AssertionError(f"no presentation in {POLLS} polls")
    seat = room.game.current_player()
    assert seat is not None
    mine, theirs = tokens[seat], tokens[1 - seat]
    st = state(client, game_id, mine)
    other_before = state(client, game_id, theirs)["version"]
    card = next(a for a in st["legal"] if a.startswith("present:"))
    assert act(client, game_id, mine, card, st["version"]).status_code == 200
    r = client.post(f"/api/games/{game_id}/undo", json={"version": st["version"] + 1}, headers={TOKEN: mine})
    assert r.status_code == 200 and r.json()["version"] == st["version"] + 2
    assert state(client, game_id, theirs)["version"] == other_before
