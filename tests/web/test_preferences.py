"""A player's preferences at the table, over the API: an account's are stored (``GET`` and ``PUT
/api/account/preferences``), read with its seats and brought to the tables in play; a guest's
come with its page's ``hello``.  The server takes for the player what they asked (a bonus that
only gains, R-BON-GEN-2; a lone pass) and always what decides nothing, after the bot's pause,
telling the other seats nothing more; the state lists the moves that cannot be taken back where
the player asked to confirm them.  Rococo, two seats: the player at seat 0, a random bot."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from salon.core import choices
from salon.core.choices import Preferences
from salon.core.game import game_class
from salon.web.storage import GameRecord
from salon.web.storage.records import preferences_of, preferences_text
from salon.web.tables.stored import rebuild
from tests.web.helpers import TOKEN, received, settled
from tests.web.test_accounts import Browser, Server, serve, sign_up

ASKING = {"auto_free": False, "auto_pass": True, "confirm_irrevocable": False}
CONFIRMING = {"auto_free": True, "auto_pass": True, "confirm_irrevocable": True}


@pytest.fixture
def server() -> Iterator[Server]:
    yield from serve()


def table(browser: Browser, seed: int = 7) -> tuple[str, str]:
    """A Rococo table of the browser's player at seat 0 and a random bot: its id and seat token."""
    r = browser.post("/api/games", {"game": "rococo", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                                    "seed": seed, "config": {"start_player": 0}, "join": {"seat": 0, "name": "Ann"}})
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["token"]


def tables(client: TestClient) -> dict[str, Any]:
    """The tables the client's server holds (its app, or the app an address wrapper serves)."""
    app = getattr(client.app, "app", client.app)
    held: dict[str, Any] = app.state.hub.rooms.held  # type: ignore[union-attr]
    return held


def shown(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    """The seat's state once the server has made the moves it makes by itself."""
    settled(tables(client)[game_id])
    r = client.get(f"/api/games/{game_id}/state", headers={TOKEN: token})
    assert r.status_code == 200, r.text
    state: dict[str, Any] = r.json()
    return state


def play(client: TestClient, game_id: str, token: str, decisions: int = 120,
         look: Callable[[dict[str, Any]], None] | None = None) -> list[dict[str, Any]]:
    """The seat's states at its decisions (each one ``look``ed at first), answered at random,
    ``decisions`` of them at most."""
    rng = random.Random(3)
    asked = []
    for _ in range(decisions):
        st = shown(client, game_id, token)
        if st["status"] != "running":
            break
        assert st["current"] == 0 and st["legal"], st
        if look is not None:
            look(st)
        asked.append(st)
        r = client.post(f"/api/games/{game_id}/actions", headers={TOKEN: token},
                        json={"action": rng.choice(st["legal"]), "version": st["version"]})
        assert r.status_code == 200, r.text
    return asked


def free_gains(states: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The states that asked the player about a bonus that only gains."""
    return [st for st in states if (st["observation"]["decision"] or {}).get("free_gain")]


def free_decisions(client: TestClient, game_id: str) -> int:
    """How many decisions of seat 0 so far were about a bonus that only gains (and not alike), by
    the table's game replayed."""
    room = tables(client)[game_id]
    game = game_class("rococo").new(room.config, room.seed)
    found = 0
    for action in room.game.history:
        found += (game.current_player() == 0 and choices.free_gain(game) is not None and choices.alike(game) is None)
        game.apply(action)
    return found


def test_an_accounts_preferences_are_stored_and_changed(server: Server) -> None:
    ann = server.browser()
    sign_up(server, ann)
    assert ann.get("/api/account").json()["preferences"] == {"auto_free": True, "auto_pass": True,
                                                             "confirm_irrevocable": False}
    r = ann.request("PUT", "/api/account/preferences", json=ASKING)
    assert r.status_code == 200 and r.json() == ASKING
    assert ann.get("/api/account").json()["preferences"] == ASKING
    assert [row["preferences"] for row in server.rows("accounts")] == [preferences_text(Preferences(False, True))]
    r = ann.request("PUT", "/api/account/preferences", json={**ASKING, "auto_free": "no"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "bad_request"
    assert server.browser("198.51.100.9").request("PUT", "/api/account/preferences", json=ASKING).status_code == 401


def test_a_stored_choice_the_server_cannot_read_is_its_default() -> None:
    assert preferences_of(None) == Preferences()
    assert preferences_of("not json") == preferences_of("[1]") == Preferences()
    assert preferences_of('{"auto_free": false, "auto_pass": "yes"}') == Preferences(auto_free=False)
    assert preferences_of(preferences_text(Preferences(False, False, True))) == Preferences(False, False, True)


@pytest.mark.heavy
def test_the_server_takes_a_free_gain_for_a_player_who_leaves_it_to_it_R_BON_GEN_2(server: Server) -> None:
    """R-PH3-4 (c): a bonus is optional; one that only gains is taken for the player (the default),
    told as the server's move (no undo of it), and the replay of the stored game flags it alike."""
    ann = server.browser()
    sign_up(server, ann)
    game_id, token = table(ann)
    asked = play(server.client, game_id, token)
    assert not free_gains(asked), "asked about a bonus that only gains"
    assert free_decisions(server.client, game_id) > 0
    room = tables(server.client)[game_id]
    rec = server.run(lambda db: db.load(game_id))
    assert isinstance(rec, GameRecord) and rebuild(rec)[3] == room.lone


@pytest.mark.heavy
def test_an_account_that_turned_free_gains_off_is_asked(server: Server) -> None:
    ann = server.browser()
    sign_up(server, ann)
    ann.request("PUT", "/api/account/preferences", json=ASKING)
    game_id, token = table(ann)
    asked = free_gains(play(server.client, game_id, token))
    assert asked and all(st["legal"] == ["bonus:use", "bonus:skip"] and st["forced"] is None for st in asked)
    assert len(asked) == free_decisions(server.client, game_id), "every one asked"


@pytest.mark.heavy
def test_a_change_reaches_the_table_in_play_at_once(server: Server) -> None:
    """The free gain the player is asked about is taken as soon as their account leaves it to the server."""
    ann = server.browser()
    sign_up(server, ann)
    ann.request("PUT", "/api/account/preferences", json=ASKING)
    game_id, token = table(ann)
    rng = random.Random(5)
    while not free_gains([st := shown(server.client, game_id, token)]):
        server.client.post(f"/api/games/{game_id}/actions", headers={TOKEN: token},
                           json={"action": rng.choice(st["legal"]), "version": st["version"]})
    room = tables(server.client)[game_id]
    assert room.seats[0].prefs == Preferences(auto_free=False)
    asked = len(room.game.history)
    ann.request("PUT", "/api/account/preferences", json={**ASKING, "auto_free": True})
    after = shown(server.client, game_id, token)
    assert room.game.history[asked] == "bonus:use" and room.actors[asked + 1] == 0 and room.lone[asked + 1]
    assert after["version"] > st["version"]


@pytest.mark.heavy
def test_a_guests_preferences_come_with_its_hello(client: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    r = client.post("/api/games", json={"game": "rococo", "seats": seats, "seed": 7, "config": {"start_player": 0},
                                        "join": {"seat": 0, "name": "Ann"}})
    game_id, token = r.json()["id"], r.json()["token"]
    room = tables(client)[game_id]
    with client.websocket_connect(f"/api/games/{game_id}/ws") as watcher:
        watcher.send_json({"type": "hello", "token": None, "preferences": ASKING})
        assert received(watcher)["seat"] is None
        assert room.seats[0].prefs == Preferences(), "a spectator's preferences are nobody's"
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        ws.send_json({"type": "hello", "token": token, "preferences": ASKING})
        assert received(ws)["seat"] == 0
        assert room.seats[0].prefs == Preferences(auto_free=False)
    asked = free_gains(play(client, game_id, token))
    assert asked and len(asked) == free_decisions(client, game_id)
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        ws.send_json({"type": "hello", "token": token, "preferences": {**ASKING, "auto_free": "sometimes"}})
        refused = received(ws)
        assert refused["type"] == "error" and refused["code"] == "bad_request"


@pytest.mark.heavy
def test_the_moves_that_cannot_be_taken_back_are_listed_for_a_player_who_confirms_them_R_PH3_4(
        server: Server) -> None:
    """R-PH3-4 (d): declining a bonus ends the turn; the state lists it where the player asked to
    confirm such moves, and nothing where they did not."""
    ann = server.browser()
    sign_up(server, ann)
    game_id, token = table(ann)
    assert not any(st["irrevocable"] for st in play(server.client, game_id, token, 30))
    ann.request("PUT", "/api/account/preferences", json={**CONFIRMING, "auto_free": False})
    room = tables(server.client)[game_id]

    def listed_right(st: dict[str, Any]) -> None:
        assert st["irrevocable"] == [a for a in st["legal"] if choices.irrevocable(room.game, a)]

    listed = [a for st in play(server.client, game_id, token, 40, listed_right) for a in st["irrevocable"]]
    assert "bonus:skip" in listed


@pytest.mark.heavy
def test_the_other_seats_are_told_nothing_of_it(server: Server) -> None:
    """What the server takes for a player is sent to their own seat alone (``forced``, and the
    moves to confirm); another player sees a seat deciding, then its move, as from any player."""
    ann, bea = server.browser(), server.browser("198.51.100.8")
    sign_up(server, ann)
    sign_up(server, bea, "bea@example.org", "Bea")
    ann.request("PUT", "/api/account/preferences", json=CONFIRMING)
    r = ann.post("/api/games", {"game": "rococo", "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 7,
                                "config": {"start_player": 0}, "join": {"seat": 0, "name": "Ann"}})
    game_id, token = r.json()["id"], r.json()["token"]
    other = bea.post(f"/api/games/{game_id}/join", {"seat": 1, "name": "Bea"}).json()["token"]
    rng = random.Random(2)
    for _ in range(60):
        settled(tables(server.client)[game_id])
        states = [server.client.get(f"/api/games/{game_id}/state", headers={TOKEN: t}).json() for t in (token, other)]
        current = states[0]["current"]
        watching = states[1 - current]
        assert watching["forced"] is None and watching["irrevocable"] == [] and watching["legal"] == []
        deciding = states[current]
        server.client.post(f"/api/games/{game_id}/actions", headers={TOKEN: (token, other)[current]},
                           json={"action": rng.choice(deciding["legal"]), "version": deciding["version"]})
