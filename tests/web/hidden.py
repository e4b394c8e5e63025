"""Playing whole games through the server and scanning every message for hidden ids.

Shared by the hidden-information tests of both games.  A game's test supplies
``hidden_from(game, viewer)``: the ids the viewer must not see in that position.  A state
message may name none of them; a journal entry may name an id only if it was visible to the
viewer before or after the action it reports, or is public in it (as the spectator's view
of the same events shows).
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

from salon.core.game import Game
from salon.web.tables.room import Room
from tests.web.helpers import act, room_of, settled, state

Messages = dict[int | None, list[dict[str, Any]]]
HiddenFrom = Callable[[Game, int | None], set[str]]

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
    """Keep every message of ``ws`` until the one announcing the end of the game."""
    while True:
        msg = ws.receive_json()
        into.append(msg)
        if msg["type"] == "state" and msg["status"] == "over":
            return


def play(client: TestClient, game_id: str, tokens: dict[int, str], seed: int) -> tuple[Room, Messages]:
    """Play the created game ``game_id`` to the end: the seats of ``tokens`` act at random over
    HTTP, bots on the server; every such seat and a spectator listen on WebSockets."""
    messages: Messages = {v: [] for v in [*tokens, None]}
    rng = random.Random(seed)
    sockets = {v: client.websocket_connect(f"/api/games/{game_id}/ws") for v in messages}
    for v, ws in sockets.items():
        ws.__enter__()
        ws.send_json({"type": "hello", "token": tokens.get(v) if v is not None else None})
    room = room_of(client, game_id)
    try:
        while not settled(room).game.is_over():  # the server's own moves first: the same game every run
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


def leaks(room: Room, messages: Messages, hidden_from: HiddenFrom) -> tuple[list[str], int]:
    """Every hidden id some message names, and the number of state messages checked."""
    games = versions(room)
    hidden = {v: [hidden_from(g, v) for g in games] for v in messages}
    public_entry = [json.dumps([e.view(None) for e in events]) for events in room.log]
    found: list[str] = []
    checked = 0
    for viewer, msgs in messages.items():
        # a seat's journal numbers count the log entries it may know of: the k-th is the
        # room's entry visible[k] (the others' private actions are skipped); a state shows the
        # position after its journal's last entry
        visible = [i for i in range(len(room.log)) if not room._hidden(i, viewer)]
        for msg in msgs:
            if msg.get("type") != "state":
                continue
            n = visible[msg["log_from"] + len(msg["log"]) - 1]
            rest = {k: v for k, v in msg.items() if k != "log"}
            leaked = mentions(json.dumps(rest), hidden[viewer][n])
            if leaked:
                found.append(f"seat {viewer} at version {n} is shown hidden {sorted(leaked)}")
            for entry in msg["log"]:
                i = visible[entry["n"]]
                secret = hidden[viewer][i] & hidden[viewer][max(0, i - 1)]
                secret -= mentions(public_entry[i], secret)
                leaked = mentions(json.dumps(entry), secret)
                if leaked:
                    found.append(f"seat {viewer}: journal entry {i} names hidden {sorted(leaked)}")
            checked += 1
    return found, checked
