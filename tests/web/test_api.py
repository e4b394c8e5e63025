"""The game server's HTTP and WebSocket interface: lobby, seats and tokens, actions and
their refusals, spectators, reconnecting, concurrent submissions, undo and restarts."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from salon.core.game import Game
from salon.web.adapters import adapter
from salon.web.app import create_app
from salon.web.errors import Refused
from salon.web.storage import Storage
from salon.web.tables.hub import Hub
from tests.web.helpers import TOKEN, act, create, error_code, received, room_of, settled, state


def shown(game: Game, seat: int | None) -> Mapping[str, Any]:
    """What the server shows ``seat`` of ``game``: its observation, with its web adapter's figures."""
    return adapter(game.name).observe(game, seat)


HUMANS = [{"kind": "human"}, {"kind": "human"}]


def until(ws: WebSocketTestSession, done: Any, limit: int = 2000) -> dict[str, Any]:
    """Read messages (each fitting the server's message schema) until one satisfies ``done``."""
    for _ in range(limit):
        msg = received(ws)
        if done(msg):
            return msg
    raise AssertionError("the expected message never came")


def hello(ws: WebSocketTestSession, token: str | None) -> dict[str, Any]:
    ws.send_json({"type": "hello", "token": token})
    return received(ws)


def two_humans(client: TestClient, **config: Any) -> tuple[str, str, str]:
    game_id, t0 = create(client, HUMANS, config={"start_player": 0, **config})
    r = client.post(f"/api/games/{game_id}/join", json={"seat": 1, "name": "Bea"})
    assert r.status_code == 200, r.text
    assert t0 is not None
    return game_id, t0, r.json()["token"]


def token_for(tokens: tuple[str, str], seat: int | None) -> str:
    assert seat is not None
    return tokens[seat]


# --- lobby


def test_meta_describes_games_bots_and_options(client: TestClient) -> None:
    meta = client.get("/api/meta").json()
    rococo = next(g for g in meta["games"] if g["name"] == "rococo")
    assert rococo["players"] == [2, 3, 4, 5]
    assert rococo["renderer"] == "/static/games/rococo/renderer.js"
    options = {o["key"]: o for o in rococo["options"]}
    assert options["expansions"]["type"] == "list" and "jewelry_box" in options["expansions"]["choices"]
    assert options["edition"]["type"] == "choice"
    assert meta["bots"] == ["easy", "normal", "hard", "expert", "random"]
    assert set(meta["languages"]) == {"en", "fr", "de", "uk"}


def test_create_list_join_and_start(client: TestClient) -> None:
    game_id, token = create(client, [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}],
                            private=False)
    assert token
    listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert listed[game_id]["status"] == "open"
    seats = listed[game_id]["seats"]
    assert [s["taken"] for s in seats] == [True, False, True]
    assert "token_hash" not in str(listed) and token not in str(listed)
    # the game waits for its players: nobody may act yet
    st = state(client, game_id, token)
    assert st["status"] == "open" and st["legal"] == []
    r = client.post(f"/api/games/{game_id}/join", json={"name": "Bea"})
    assert r.status_code == 200
    assert r.json()["seat"] == 1
    assert client.get(f"/api/games/{game_id}").json()["status"] == "running"
    r = client.post(f"/api/games/{game_id}/join", json={"name": "Cyd"})
    assert r.status_code == 409 and error_code(r) == "no_free_seat"
    r = client.post(f"/api/games/{game_id}/join", json={"seat": 2})
    assert r.status_code == 409 and error_code(r) == "seat_is_bot"


def test_config_is_passed_to_the_game_and_checked_by_it(client: TestClient) -> None:
    game_id, _ = create(client, config={"expansions": ["jewelry_box"]})
    assert room_of(client, game_id).config["expansions"] == ["jewelry_box"]
    assert state(client, game_id)["observation"]["jewelry"] is not None
    r = client.post("/api/games", json={"game": "rococo", "seats": HUMANS, "config": {"expansions": ["dragons"]}})
    assert r.status_code == 400 and error_code(r) == "bad_config" and "dragons" in r.json()["error"]["message"]
    r = client.post("/api/games", json={"game": "chess", "seats": HUMANS})
    assert r.status_code == 400 and error_code(r) == "unknown_game"
    r = client.post("/api/games", json={"game": "rococo", "seats": [{"kind": "bot", "bot": "oracle"}] * 2})
    assert r.status_code == 422 and error_code(r) == "unknown_bot"


def test_solo_adds_the_automated_seat(client: TestClient) -> None:
    r = client.post("/api/games", json={"game": "rococo", "seats": [{"kind": "human"}], "config": {"solo": True},
                                        "join": {"name": "Ann"}})
    assert r.status_code == 201, r.text
    game = r.json()["game"]
    assert [(s["kind"], s["bot"], s["name"], s["taken"]) for s in game["seats"]] == [
        ("human", None, "Ann", True), ("automaton", None, "Madame du Barry", True)]
    assert game["status"] == "running"
    r = client.post(f"/api/games/{game['id']}/join", json={"seat": 1})
    assert r.status_code == 409 and error_code(r) == "seat_is_automated"


def test_seed_is_the_servers_unless_allowed() -> None:
    with TestClient(create_app("sqlite://", bot_delay=0)) as c:
        r = c.post("/api/games", json={"game": "rococo", "seats": HUMANS, "seed": 3})
        assert r.status_code == 400 and error_code(r) == "seed_not_allowed"


# --- acting


def test_act_over_http(client: TestClient) -> None:
    game_id, t0, t1 = two_humans(client)
    tokens = (t0, t1)
    st = state(client, game_id, t0)
    seat = st["current"]
    mine = state(client, game_id, token_for(tokens, seat))
    action = mine["legal"][0]
    r = act(client, game_id, token_for(tokens, seat), action, mine["version"])
    assert r.status_code == 200, r.text
    assert r.json()["version"] == mine["version"] + 1
    assert room_of(client, game_id).game.history[-1] == action


def test_illegal_and_malformed_actions_change_nothing(client: TestClient) -> None:
    game_id, t0, t1 = two_humans(client)
    tokens = (t0, t1)
    room = room_of(client, game_id)
    seat = room.game.current_player()
    before = room.game.state_hash()
    version = room.version_for(None)
    r = act(client, game_id, token_for(tokens, seat), "main:tailor", version)
    assert r.status_code == 422 and error_code(r) == "illegal_action"
    assert r.json()["error"]["rule"] and r.json()["error"]["message"]
    r = act(client, game_id, token_for(tokens, seat), "teleport:h9s9", version)
    assert r.status_code == 400 and error_code(r) == "malformed_action"
    assert room.game.state_hash() == before and room.version_for(None) == version


def test_malformed_requests_get_json_errors(client: TestClient) -> None:
    game_id, t0, _ = two_humans(client)
    url = f"/api/games/{game_id}/actions"
    r = client.post(url, content=b"{not json", headers={TOKEN: t0, "Content-Type": "application/json"})
    assert r.status_code == 400 and error_code(r) == "bad_json"
    r = client.post(url, json={"act": "main:tailor"}, headers={TOKEN: t0})
    assert r.status_code == 422 and error_code(r) == "bad_request"
    r = client.post(url, json=["main:tailor", 0], headers={TOKEN: t0})
    assert r.status_code == 422 and error_code(r) == "bad_request"
    r = client.post("/api/games", content=b"\xff\xfe", headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and error_code(r) == "bad_json"
    r = client.get("/api/games/nosuchgame/state")
    assert r.status_code == 404 and error_code(r) == "not_found"
    r = client.get("/api/nothing")
    assert r.status_code == 404 and "error" in r.json()


def test_only_the_seats_token_acts_for_it(client: TestClient) -> None:
    game_id, t0, t1 = two_humans(client)
    tokens = (t0, t1)
    room = room_of(client, game_id)
    seat = room.game.current_player()
    assert seat is not None
    action = room.game.legal_actions()[0]
    r = act(client, game_id, "not-a-token", action, room.version_for(None))
    assert r.status_code == 403 and error_code(r) == "bad_token"
    r = act(client, game_id, tokens[1 - seat], action, room.version_for(None))
    assert r.status_code == 409 and error_code(r) == "not_your_turn"
    r = client.get(f"/api/games/{game_id}/state", headers={TOKEN: "forged"})
    assert r.status_code == 403
    other_game, other_token = create(client)
    assert other_token is not None
    r = act(client, game_id, other_token, action, room.version_for(None))
    assert r.status_code == 403, "a token of another game holds no seat here"


def test_spectator_sees_the_public_view_and_cannot_act(client: TestClient) -> None:
    game_id, t0, t1 = two_humans(client)
    st = state(client, game_id)
    assert st["seat"] is None and st["legal"] == [] and st["undoable"] == 0
    for p in st["observation"]["players"]:
        assert not {"hand", "supply", "rack"} & set(p)
    assert st["observation"] == shown(room_of(client, game_id).game, None)
    r = act(client, game_id, None, room_of(client, game_id).game.legal_actions()[0], st["version"])
    assert r.status_code == 403 and error_code(r) == "spectator"


def test_payload_is_the_seats_view_only(client: TestClient) -> None:
    game_id, t0, t1 = two_humans(client)
    st = state(client, game_id, t0)
    assert set(st) == {"type", "id", "game", "title", "version", "status", "seat", "seats", "host", "current",
                       "observation", "legal", "forced", "irrevocable", "undoable", "timer", "clock", "log_from", "log",
                       "result", "rated", "end_votes"}
    assert st["observation"] == shown(room_of(client, game_id).game, 0)
    blob = str(st)
    assert "seed" not in blob and "snapshot" not in blob and "rng" not in blob
    other = state(client, game_id, t1)
    assert other["observation"] == shown(room_of(client, game_id).game, 1)


def test_stale_version_is_refused(client: TestClient) -> None:
    game_id, t0, t1 = two_humans(client)
    tokens = (t0, t1)
    room = room_of(client, game_id)
    seat = room.game.current_player()
    action = room.game.legal_actions()[0]
    r = act(client, game_id, token_for(tokens, seat), action, room.version_for(None) - 1)
    assert r.status_code == 409 and error_code(r) == "stale"
    assert r.json()["error"]["message"] == "state changed, refresh"
    assert r.json()["error"]["version"] == room.version_for(None)


def test_two_simultaneous_submissions_one_applies_one_must_refresh(client: TestClient) -> None:
    game_id, t0, t1 = two_humans(client)
    tokens = (t0, t1)
    room = room_of(client, game_id)
    seat = room.game.current_player()
    first, second = room.game.legal_actions()[:2]
    version = room.version_for(None)
    with ThreadPoolExecutor(2) as pool:
        results = list(pool.map(lambda a: act(client, game_id, token_for(tokens, seat), a, version), [first, second]))
    codes = sorted(r.status_code for r in results)
    assert codes == [200, 409]
    refused = next(r for r in results if r.status_code == 409)
    assert error_code(refused) == "stale"
    assert room.version_for(None) == version + 1 and room.game.history[-1] in (first, second)


def test_simultaneous_submissions_are_serialised_by_the_room() -> None:
    async def scenario() -> None:
        storage = Storage("sqlite://")
        await storage.start()
        hub = Hub(storage, bot_delay=0, allow_seed=True)
        room, _, _ = await hub.lobby.create("rococo", "t", HUMANS, {"start_player": 0}, 5, {"seat": 0, "name": "A"})
        await hub.seats.join(room, 1, "B")
        seat = room.game.current_player()
        legal = room.game.legal_actions()
        version = room.version_for(None)
        outcome = await asyncio.gather(*(hub.play.act(room, seat, a, version) for a in legal[:3]),
                                       return_exceptions=True)
        applied = [o for o in outcome if isinstance(o, int)]
        refused = [o for o in outcome if isinstance(o, Refused)]
        assert applied == [version + 1]
        assert [e.code for e in refused] == ["stale", "stale"]
        assert room.game.history == [legal[0]]
        await hub.stop()
        await storage.close()

    asyncio.run(scenario())


# --- undo


def test_undo_within_ones_turn(client: TestClient) -> None:
    game_id, t0, t1 = two_humans(client)
    tokens = (t0, t1)
    room = room_of(client, game_id)
    # play until the deciding seat may take its latest action back
    while room.game.undoable() == 0:
        seat = room.game.current_player()
        st = state(client, game_id, token_for(tokens, seat))
        assert act(client, game_id, token_for(tokens, seat), st["legal"][0], st["version"]).status_code == 200
    seat = room.game.current_player()
    assert seat is not None
    token = tokens[seat]
    st = state(client, game_id, token)
    assert st["undoable"] == room.game.undoable() > 0
    history = list(room.game.history)
    r = client.post(f"/api/games/{game_id}/undo", json={"version": st["version"]}, headers={TOKEN: token})
    assert r.status_code == 200, r.text
    assert r.json()["version"] == st["version"] + 1  # an undo moves the version forward too
    assert room.game.history == history[:-1]
    replayed = room.game.__class__.new(room.config, room.seed)
    for a in history[:-1]:
        replayed.apply(a)
    assert room.game.state_hash() == replayed.state_hash()
    assert len(r.json()["state"]["log"]) == len(history), "the undone action's log entry is gone"
    # the other seat and spectators cannot undo; nothing left to undo is refused
    r = client.post(f"/api/games/{game_id}/undo", json={"version": room.version_for(None)},
                    headers={TOKEN: tokens[1 - seat]})
    assert r.status_code == 409 and error_code(r) == "not_your_turn"
    r = client.post(f"/api/games/{game_id}/undo", json={"version": room.version_for(None)})
    assert r.status_code == 403 and error_code(r) == "spectator"
    while room.game.undoable():
        r = client.post(f"/api/games/{game_id}/undo", json={"version": room.version_for(None)}, headers={TOKEN: token})
        assert r.status_code == 200
    r = client.post(f"/api/games/{game_id}/undo", json={"version": room.version_for(None)}, headers={TOKEN: token})
    assert r.status_code == 409 and error_code(r) == "no_undo"


# --- live play over the WebSocket


def test_websocket_play_ack_and_broadcast(client: TestClient) -> None:
    game_id, t0, t1 = two_humans(client)
    tokens = (t0, t1)
    room = room_of(client, game_id)
    seat = room.game.current_player()
    assert seat is not None
    with client.websocket_connect(f"/api/games/{game_id}/ws") as me, \
            client.websocket_connect(f"/api/games/{game_id}/ws") as watcher:
        first = hello(me, tokens[seat])
        assert first["type"] == "state" and first["seat"] == seat and first["legal"]
        assert first["log_from"] == 0 and first["log"]
        seen = hello(watcher, None)
        assert seen["seat"] is None and seen["legal"] == []
        action = first["legal"][0]
        me.send_json({"type": "act", "action": action, "version": first["version"], "id": 1})
        ack = until(me, lambda m: m["type"] == "ack")
        assert ack == {"type": "ack", "id": 1, "version": first["version"] + 1}
        mine = until(me, lambda m: m["type"] == "state" and m["version"] == first["version"] + 1)
        assert mine["log_from"] == len(first["log"]) and len(mine["log"]) == 1
        theirs = until(watcher, lambda m: m["type"] == "state" and m["version"] == first["version"] + 1)
        assert theirs["observation"] == shown(room.game, None)
        me.send_json({"type": "act", "action": action, "version": first["version"], "id": 2})
        err = until(me, lambda m: m["type"] == "error")
        assert err["code"] == "stale" and err["id"] == 2
        me.send_json({"type": "ping", "id": 3})
        assert until(me, lambda m: m["type"] == "pong")["id"] == 3


def test_websocket_refusals(client: TestClient) -> None:
    game_id, t0, t1 = two_humans(client)
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        ws.send_json({"type": "hello", "token": "forged"})
        msg = received(ws)
        assert msg["type"] == "error" and msg["code"] == "bad_token"
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        ws.send_text("hello?")
        assert received(ws)["code"] == "bad_json"
    with client.websocket_connect("/api/games/nosuchgame/ws") as ws:
        assert received(ws)["code"] == "not_found"
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        st = hello(ws, t0)
        ws.send_text("{")
        assert until(ws, lambda m: m["type"] == "error")["code"] == "bad_json"
        ws.send_json({"type": "act", "version": st["version"]})
        assert until(ws, lambda m: m["type"] == "error")["code"] == "bad_request"
        ws.send_json({"type": "shout", "version": 0})
        assert until(ws, lambda m: m["type"] == "error")["code"] == "bad_request"
        ws.send_json({"type": "act", "action": "main:tailor", "version": st["version"], "id": "x"})
        err = until(ws, lambda m: m["type"] == "error")
        assert err["code"] in ("illegal_action", "not_your_turn") and err["id"] == "x"


def test_websocket_binary_frames_are_refused_with_a_message(client: TestClient) -> None:
    """The protocol is JSON text: bytes get an error message, before and after the hello,
    and the connection stays usable."""
    game_id, t0, t1 = two_humans(client)
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        ws.send_bytes(b"\x00\x01")
        assert received(ws)["code"] == "bad_frame"
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        st = hello(ws, t0)
        ws.send_bytes(b"\x00\x01")
        err = until(ws, lambda m: m["type"] == "error")
        assert err["code"] == "bad_frame" and err["status"] == 400
        ws.send_json({"type": "ping", "id": 7})
        assert until(ws, lambda m: m["type"] == "pong")["id"] == 7
        assert room_of(client, game_id).version_for(None) == st["version"]


def test_a_version_must_be_a_number(client: TestClient) -> None:
    """A version given as text or as a boolean is refused, not read as a number."""
    game_id, t0, t1 = two_humans(client)
    room = room_of(client, game_id)
    seat = room.game.current_player()
    before = room.game.state_hash()
    token = token_for((t0, t1), seat)
    for version in (str(room.version_for(None)), True):
        r = act(client, game_id, token, room.game.legal_actions()[0], version)  # type: ignore[arg-type]
        assert r.status_code == 422 and error_code(r) == "bad_request", r.text
    assert room.game.state_hash() == before


@pytest.mark.heavy
def test_reconnect_with_the_token_restores_the_seat(client: TestClient) -> None:
    game_id, t0, t1 = two_humans(client)
    tokens = (t0, t1)
    room = room_of(client, game_id)
    seat = room.game.current_player()
    assert seat is not None
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        st = hello(ws, tokens[seat])
        ws.send_json({"type": "act", "action": st["legal"][0], "version": st["version"]})
        until(ws, lambda m: m["type"] == "state" and m["version"] == st["version"] + 1)
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        again = hello(ws, tokens[seat])
        assert again["seat"] == seat and again["version"] == st["version"] + 1
        assert again["log_from"] == 0 and len(again["log"]) == len(room.log)
        assert again["observation"] == shown(room.game, seat)


@pytest.mark.heavy
def test_bots_play_their_seats(client: TestClient) -> None:
    game_id, token = create(client, [{"kind": "human"}, {"kind": "bot", "bot": "random"},
                                      {"kind": "bot", "bot": "heuristic"}], config={"start_player": 1})
    room = room_of(client, game_id)
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        first = hello(ws, token)  # the bots may have moved before it: then it is already our turn

        def is_mine(m: dict[str, Any]) -> bool:
            return m["type"] == "state" and m["current"] == 0 and bool(m["legal"])
        mine = first if is_mine(first) else until(ws, is_mine)
        assert any(e["actor"] in (1, 2) for e in mine["log"]) or len(room.log) > 1
        for _ in range(6):
            ws.send_json({"type": "act", "action": mine["legal"][0], "version": mine["version"]})
            mine = until(ws, lambda m, v=mine["version"]: m["type"] == "state" and m["version"] > v
                         and (m["current"] == 0 and bool(m["legal"]) or m["status"] == "over"))
    assert room.game.history, "the bots moved"


# --- durability and the read-only views


@pytest.mark.heavy
def test_restart_restores_every_unfinished_game(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=0, allow_seed=True)) as c:
        game_id, t0, t1 = two_humans(c)
        tokens = (t0, t1)
        room = room_of(c, game_id)
        for _ in range(25):
            seat = settled(room).game.current_player()  # after what the server takes for a person
            st = state(c, game_id, token_for(tokens, seat))
            assert act(c, game_id, token_for(tokens, seat), st["legal"][-1], st["version"]).status_code == 200
        history = list(settled(room).game.history)
        snapshot = room.game.state_hash()
        seat_view = state(c, game_id, t0)
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        room = room_of(c, game_id)
        assert room.game.history == history and room.game.state_hash() == snapshot
        again = state(c, game_id, t0)
        assert again["observation"] == seat_view["observation"] and again["log"] == seat_view["log"]
        seat = settled(room).game.current_player()
        st = state(c, game_id, token_for(tokens, seat))
        assert act(c, game_id, token_for(tokens, seat), st["legal"][0], st["version"]).status_code == 200


def test_components_are_public_and_the_record_waits_for_the_end(client: TestClient) -> None:
    game_id, _ = create(client, config={"expansions": ["jewelry_box"]})
    comp = client.get(f"/api/games/{game_id}/components").json()
    assert len(comp["garments"]) >= 42 and len(comp["tiles"]) >= 48
    assert comp["cards"]["E01"]["type"] in ("master", "journeyman", "apprentice")
    assert comp["jewelry"]["jewels"] and comp["board"]["halls"][0]["spaces"]
    r = client.get(f"/api/games/{game_id}/record")
    assert r.status_code == 409 and error_code(r) == "not_over"


def test_server_code_names_no_game() -> None:
    """The lobby, storage and WebSocket code reach games through the protocol only."""
    web = Path(__file__).parents[2] / "src" / "salon" / "web"
    packages = [f"{folder}/{p.name}" for folder in ("api", "tables", "storage")
                for p in sorted((web / folder).glob("*.py"))]
    for name in ("app.py", "server.py", "adapters/__init__.py", *packages):
        text = (web / name).read_text(encoding="utf-8").lower()
        assert not re.search(r"rococo|necklace", text), name
    parts = [f"{part.parent.name}/{part.name}" for folder in ("game", "lobby")
             for part in sorted((web / "static" / folder).glob("*.js"))]
    for name in ("app.js", "game.js", "lobby.js", "i18n.js", "ui.js", "seats.js", "games/generic.js", *parts):
        text = (web / "static" / name).read_text(encoding="utf-8").lower()
        assert "rococo" not in text, name
