"""The endpoints around the table: a finished game replayed at any step with every seat's
observation and the journal, a record file verified before it is replayed (with its seats and
the steps where its turns and rounds begin), and the refusals (a live game, a step beyond the
record, a file that is no record or was edited); the lobby lists a finished game with its
result; the deciding seat learns why an action is not offered."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from salon.core.game import game_class
from salon.landmarks import landmarks
from tests.web.helpers import TOKEN, create, error_code, poll, state

HEADERS = {"content-type": "application/json"}


def finished(client: TestClient) -> tuple[str, dict[str, Any]]:
    """A game of two random bots played to its end, and its published record."""
    created = client.post("/api/games", json={"game": "rococo", "seed": 5,
                                              "seats": [{"kind": "bot", "bot": "random"}] * 2})
    game_id = created.json()["id"]
    poll(lambda: client.get(f"/api/games/{game_id}").json()["status"] == "over", "the bots did not finish")
    return game_id, client.get(f"/api/games/{game_id}/record").json()


@pytest.mark.slow
def test_a_finished_game_is_replayed_step_by_step(client: TestClient) -> None:
    game_id, rec = finished(client)
    total = len(rec["actions"])
    start = client.get(f"/api/games/{game_id}/replay", params={"step": 0}).json()
    assert (start["step"], start["total"], start["players"], start["result"]) == (0, total, 2, None)
    observations = start["observations"]
    assert len(observations) == 2 and all("hand" in o["players"][i] for i, o in enumerate(observations))
    assert [e["n"] for e in start["log"]] == [0]
    end = client.get(f"/api/games/{game_id}/replay", params={"step": total}).json()
    assert end["result"]["scores"] == client.get(f"/api/games/{game_id}").json()["result"]["scores"]
    assert [e["n"] for e in end["log"]] == list(range(total + 1))
    assert [e["action"] for e in end["log"][1:]] == rec["actions"]
    listed = client.get("/api/games", params={"status": "over"}).json()["games"]
    assert listed[0]["id"] == game_id and listed[0]["result"]["winners"]
    beyond = client.get(f"/api/games/{game_id}/replay", params={"step": total + 1})
    assert (beyond.status_code, error_code(beyond)) == (422, "bad_step")
    assert client.get(f"/api/games/{game_id}/replay", params={"step": -1}).status_code == 422


def test_a_live_game_is_not_replayed(client: TestClient) -> None:
    created = client.post("/api/games", json={"game": "rococo", "seats": [{"kind": "human"}, {"kind": "human"}]})
    r = client.get(f"/api/games/{created.json()['id']}/replay", params={"step": 0})
    assert (r.status_code, error_code(r)) == (409, "not_over")


@pytest.mark.heavy
def test_a_record_file_is_verified_then_replayed(client: TestClient) -> None:
    _, rec = finished(client)
    assert rec["seats"] == ["random", "random"]  # the server's record says who played
    r = client.post("/api/replay", params={"step": 3, "components": True}, content=json.dumps(rec),
                    headers=HEADERS)
    assert r.status_code == 200, r.text
    assert r.json()["step"] == 3 and "components" in r.json() and r.json()["game"] == "rococo"
    assert [(s["kind"], s["bot"]) for s in r.json()["seats"]] == [("bot", "random")] * 2
    marks = landmarks(game_class("rococo").new(rec["config"], rec["seed"]), rec["actions"])
    assert (r.json()["turns"], r.json()["rounds"], r.json()["round"]) == (list(marks.turns), list(marks.rounds), 1)
    assert r.json()["rounds"][-1] == len(rec["actions"]) and len(r.json()["rounds"]) == 8  # seven rounds
    edited = {**rec, "actions": rec["actions"][:-1]}
    for body, words, key in (("not json", "invalid JSON", "record.not_a_record"),
                             (json.dumps({"format": "other"}), "not a salon record", "record.not_a_record"),
                             (json.dumps(edited), "checksum", "record.corrupt")):
        bad = client.post("/api/replay", params={"step": 0}, content=body, headers=HEADERS)
        assert (bad.status_code, error_code(bad)) == (400, "bad_record"), bad.text
        assert words in bad.json()["error"]["message"] and bad.json()["error"]["key"] == key
    beyond = client.post("/api/replay", params={"step": len(rec["actions"]) + 1}, content=json.dumps(rec),
                         headers=HEADERS)
    assert error_code(beyond) == "bad_step"
    binary = client.post("/api/replay", params={"step": 0}, content=bytes([0xff, 0xfe]), headers=HEADERS)
    assert error_code(binary) == "bad_record"


def test_a_rematch_is_a_new_table_with_the_same_config(client: TestClient) -> None:
    """The end screen's rematch sends the finished table's config back to the create API."""
    game_id, _ = finished(client)
    summary = client.get(f"/api/games/{game_id}").json()
    again = client.post("/api/games", json={
        "game": summary["game"], "title": summary["title"], "config": summary["config"],
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}], "join": {"seat": 0, "name": "Ann"}})
    assert again.status_code == 201, again.text
    assert again.json()["game"]["config"] == summary["config"]


def test_the_deciding_seat_learns_why_an_action_is_not_offered(client: TestClient) -> None:
    game_id, token = create(client, config={"start_player": 0})
    assert token is not None
    st = state(client, game_id, token)
    assert st["legal"]
    ok = client.get(f"/api/games/{game_id}/explain", params={"action": st["legal"][0]}, headers={TOKEN: token})
    assert ok.json() == {"action": st["legal"][0], "legal": True}
    refused = client.get(f"/api/games/{game_id}/explain", params={"action": "main:tailor"},
                         headers={TOKEN: token}).json()
    assert refused["legal"] is False and refused["rule"] and refused["reason"]
    assert refused["key"] == "wrong_step" and refused["fields"] == {"decision": "hand", "seat": 0}
    bad = client.get(f"/api/games/{game_id}/explain", params={"action": "no such thing"}, headers={TOKEN: token})
    assert (bad.status_code, error_code(bad)) == (400, "malformed_action")  # as when it is played
    watcher = client.get(f"/api/games/{game_id}/explain", params={"action": "main:tailor"})
    assert (watcher.status_code, error_code(watcher)) == (403, "spectator")
