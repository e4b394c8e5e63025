"""Hidden information stays hidden through the server (R-SETUP-12, ARCHITECTURE.md principle 7).

Whole games are played through the server, by server-side bots and by scripted seats that
act over HTTP; every message any seat or spectator receives (HTTP answers and WebSocket
pushes) is kept.  Afterwards the game is replayed to know, at every version, which ids each
viewer must not see: the other seats' hands, supplies, racks and specialized apprentices,
the deck and the bags.  No observation may name one; no journal entry may name an id that
was hidden from the viewer both before and after the action it reports (unless the action
revealed it publicly, as the spectator's view of the same events shows).
"""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from salon.core.game import Game
from salon.rococo.game import Rococo
from salon.rococo.state import EMPTY
from salon.web.hub import Room
from tests.web.helpers import act, room_of, state

Messages = dict[int | None, list[dict[str, Any]]]


def hidden_from(g: Game, viewer: int | None) -> set[str]:
    assert isinstance(g, Rococo)
    s = g.s
    t = s.t
    ids: set[str] = set()
    for seat, p in enumerate(s.players):
        if seat == viewer:
            continue
        ids |= {t.cards[c].id for c in p.hand + p.supply}
        ids |= {t.ds.tiles[x].id for x in p.rack}
        if p.specialist != EMPTY:
            ids.add(t.cards[p.specialist].id)
    ids |= {t.cards[c].id for c in s.deck}
    ids |= {t.ds.tiles[x].id for x in s.res_bag}
    ids |= {t.ds.garments[x].id for x in s.gar_bag}
    if t.ds.jewelry_box is not None:
        ids |= {t.ds.jewelry_box.jewels[j].id for j in s.jewel_bag}
    return ids


ID = re.compile(r'(?<=[":])([A-Z][A-Z0-9]{1,4})(?=[":])')


def mentions(blob: str, ids: set[str]) -> set[str]:
    """The ids of ``ids`` that ``blob`` (JSON) names as a whole string or an action's argument."""
    return ids & set(ID.findall(blob))


def versions(room: Room) -> list[Game]:
    """The game after each number of actions, by replaying the room's history."""
    g = type(room.game).new(room.config, room.seed)
    out = [g.clone()]
    for action in room.game.history:
        g.apply(action)
        out.append(g.clone())
    return out


def drain(ws: Any, into: list[dict[str, Any]]) -> None:
    while True:
        msg = ws.receive_json()
        into.append(msg)
        if msg["type"] == "state" and msg["status"] == "over":
            return


def play(client: TestClient, seats: list[dict[str, Any]], config: dict[str, Any], seed: int) -> tuple[Room, Messages]:
    """A whole game: scripted human seats act at random over HTTP, bots on the server, every
    human seat and a spectator listen on WebSockets."""
    r = client.post("/api/games", json={"game": "rococo", "seats": seats, "config": config, "seed": seed,
                                        "join": {"seat": 0, "name": "A"}})
    assert r.status_code == 201, r.text
    game_id = r.json()["id"]
    tokens = {0: r.json()["token"]}
    for seat, spec in enumerate(seats):
        if seat and spec["kind"] == "human":
            tokens[seat] = client.post(f"/api/games/{game_id}/join", json={"seat": seat}).json()["token"]
    messages: Messages = {v: [] for v in [*tokens, None]}
    rng = random.Random(seed)
    sockets = {v: client.websocket_connect(f"/api/games/{game_id}/ws") for v in messages}
    for v, ws in sockets.items():
        ws.__enter__()
        ws.send_json({"type": "hello", "token": tokens.get(v) if v is not None else None})
    room = room_of(client, game_id)
    try:
        while not room.game.is_over():
            seat = room.game.current_player()
            if seat not in tokens:
                time.sleep(0.001)  # a bot's move is under way on the server
                continue
            st = state(client, game_id, tokens[seat])
            messages[seat].append(st)
            if not st["legal"]:
                continue
            r = act(client, game_id, tokens[seat], rng.choice(st["legal"]), st["version"])
            assert r.status_code in (200, 409), r.text  # 409: a bot moved in between
            if r.status_code == 200:
                messages[seat].append(r.json()["state"])
        for v, ws in sockets.items():
            drain(ws, messages[v])
    finally:
        for ws in sockets.values():
            ws.__exit__(None, None, None)
    for v in messages:  # the final HTTP views too
        messages[v].append(state(client, game_id, tokens.get(v) if v is not None else None))
    return room, messages


def leaks(room: Room, messages: Messages) -> tuple[list[str], int]:
    """Every hidden id some message names, and the number of state messages checked."""
    games = versions(room)
    hidden = {v: [hidden_from(g, v) for g in games] for v in messages}
    public_entry = [json.dumps([e.view(None) for e in events]) for events in room.log]
    found: list[str] = []
    checked = 0
    for viewer, msgs in messages.items():
        for msg in msgs:
            if msg.get("type") != "state":
                continue
            n = msg["version"]
            rest = {k: v for k, v in msg.items() if k != "log"}
            leaked = mentions(json.dumps(rest), hidden[viewer][n])
            if leaked:
                found.append(f"seat {viewer} at version {n} is shown hidden {sorted(leaked)}")
            for entry in msg["log"]:
                i = entry["n"]
                secret = hidden[viewer][i] & hidden[viewer][max(0, i - 1)]
                secret -= mentions(public_entry[i], secret)
                leaked = mentions(json.dumps(entry), secret)
                if leaked:
                    found.append(f"seat {viewer}: journal entry {i} names hidden {sorted(leaked)}")
            checked += 1
    return found, checked


@pytest.mark.parametrize(("seats", "config", "seed"), [
    ([{"kind": "human"}, {"kind": "bot", "bot": "random"}], {}, 11),
    ([{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "heuristic"}],
     {"expansions": ["jewelry_box", "festive"]}, 12),
])
def test_no_message_names_another_seats_secrets(client: TestClient, seats: list[dict[str, Any]],
                                                config: dict[str, Any], seed: int) -> None:
    room, messages = play(client, seats, config, seed)
    assert room.game.is_over()
    found, checked = leaks(room, messages)
    assert not found, found[:5]
    assert checked > 50
    # the check has teeth: another seat's view, or its unredacted events, would be caught
    games = versions(room)
    n = len(games) // 3
    forged = {"type": "state", "version": n, "observation": games[n].observe(1), "log": []}
    assert leaks(room, {0: [forged]})[0]
    picks = next(i for i, events in enumerate(room.log) if any(e.type == "card_picked" and e.seat == 1 for e in events))
    unredacted = {"n": picks, "events": [e.view(1) for e in room.log[picks]]}
    assert leaks(room, {0: [{"type": "state", "version": picks, "observation": {}, "log": [unredacted]}]})[0]
