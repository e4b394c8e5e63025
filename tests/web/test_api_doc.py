"""The API's description: the OpenAPI document and its page are served, every route answers a
documented shape and refuses in the one shape, the WebSocket's messages fit their schemas
both ways, and docs/web-api.md is what the server's document says."""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from jsonschema import Draft202012Validator

from salon.web.api.messages import CLIENT, HELLO
from salon.web.api.openapi import SalonAPI
from salon.web.guard import SECURITY_HEADERS
from tests.web.helpers import TOKEN, create, received, room_of
from tools.api_doc import COMMAND, render

REFERENCE = Path(__file__).parents[2] / "docs" / "web-api.md"
HUMANS = [{"kind": "human"}, {"kind": "human"}]


def document_of(client: TestClient) -> dict[str, Any]:
    """The OpenAPI document of the client's server."""
    app = client.app
    assert isinstance(app, SalonAPI)
    return app.openapi()


@pytest.mark.heavy
def test_the_committed_reference_is_what_the_server_says(client: TestClient) -> None:
    written = render(document_of(client))
    assert REFERENCE.read_text(encoding="utf-8") == written, f"docs/web-api.md is out of date: run {COMMAND}"


@pytest.mark.heavy
def test_the_openapi_document_and_its_page_are_served(client: TestClient) -> None:
    document = client.get("/api/openapi.json").json()
    assert document == document_of(client)
    socket = document["x-websocket"]
    assert socket["path"] == "/api/games/{game_id}/ws"
    assert {*socket["client"], *socket["server"]} <= set(document["components"]["schemas"])
    page = client.get("/api/docs")
    assert page.status_code == 200 and "/api/openapi.json" in page.text
    policy = page.headers["Content-Security-Policy"]
    scripts = re.search(r"script-src ([^;]*)", policy)
    assert scripts is not None and "unsafe" not in scripts.group(1)
    for inline in re.findall(r"<script>(.*?)</script>", page.text, re.DOTALL):
        digest = base64.b64encode(hashlib.sha256(inline.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in scripts.group(1), "the page's own script is allowed by its hash"
    for name in SECURITY_HEADERS.keys() - {"Content-Security-Policy"}:
        assert page.headers[name] == SECURITY_HEADERS[name]
    assert client.get("/").headers["Content-Security-Policy"] == SECURITY_HEADERS["Content-Security-Policy"]


@pytest.mark.heavy
def test_every_route_answers_a_documented_shape_and_refuses_in_the_one_shape(client: TestClient) -> None:
    document = document_of(client)
    operations = [(method, path, operation) for path, methods in document["paths"].items()
                  for method, operation in methods.items()]
    assert len(operations) == 71
    for method, path, operation in operations:
        answers = operation["responses"]
        done = [answers[s]["content"]["application/json"]["schema"] for s in answers if s.startswith("2")]
        assert done and all(done) and "422" not in answers, (method, path)
        assert answers["4XX"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Refused"}
    assert "HTTPValidationError" not in document["components"]["schemas"]


def test_the_websocket_messages_fit_their_schemas(client: TestClient) -> None:
    """Every kind of message the server sends, checked against its schema as it arrives
    (tests.web.helpers.received); the messages the browser client sends fit the client's."""
    game_id, t0 = create(client, HUMANS, config={"start_player": 0})
    t1 = client.post(f"/api/games/{game_id}/join", json={"seat": 1}).json()["token"]
    room = room_of(client, game_id)
    seen: set[str] = set()
    with client.websocket_connect(f"/api/games/{game_id}/ws") as forged:
        forged.send_json({"type": "hello", "token": "forged"})
        seen.add(received(forged)["type"])
    with client.websocket_connect(f"/api/games/{game_id}/ws") as me, \
            client.websocket_connect(f"/api/games/{game_id}/ws") as other:
        me.send_json({"type": "hello", "token": t0})
        st = received(me)
        other.send_json({"type": "hello", "token": t1})
        received(other)
        presence = received(me)
        assert presence["type"] == "presence"
        sent: list[dict[str, Any]] = [
            {"type": "ping", "id": 1},
            {"type": "act", "action": "teleport:h9s9", "version": st["version"], "id": 2},
            {"type": "act", "action": st["legal"][0], "version": st["version"], "id": 3},
            {"type": "act", "action": st["legal"][0], "version": st["version"], "id": "4"},
        ]
        for message in sent:
            me.send_json(message)
        answers = [received(me)]
        # up to the last answer: states of the server's own moves may come between
        while answers[-1]["type"] != "error" or answers[-1]["id"] != "4":
            answers.append(received(me))
        seen |= {presence["type"], st["type"], *(m["type"] for m in answers)}
        assert [m["code"] for m in answers if m["type"] == "error"] == ["malformed_action", "stale"]
        assert [m["type"] for m in answers[:4]] == ["pong", "error", "ack", "state"]
        assert room.version_for(0) == answers[2]["version"] == st["version"] + 1
    assert seen == {"state", "presence", "ack", "pong", "error"}
    client_schema = Draft202012Validator(CLIENT.json_schema())
    for message in sent:
        client_schema.validate(message)
    hello = Draft202012Validator(HELLO.json_schema())
    for message in ({"type": "hello", "token": t0}, {"type": "hello"}):  # a spectator's has no token
        hello.validate(message)
    assert not client_schema.is_valid({"type": "act", "version": 1}) and not hello.is_valid({"type": "hi"})


def test_a_refusal_keeps_its_shape_over_http(client: TestClient) -> None:
    game_id, token = create(client, HUMANS)
    refused = [
        client.post(f"/api/games/{game_id}/leave", json={"now": True}, headers={TOKEN: token or ""}),
        client.post(f"/api/games/{game_id}/leave", content=b"", headers={TOKEN: token or "",
                                                                          "Content-Type": "application/json"}),
        client.get(f"/api/games/{game_id}/explain"),
        client.put(f"/api/games/{game_id}", json={}),
    ]
    assert [(r.status_code, r.json()["error"]["code"]) for r in refused] == [
        (422, "bad_request"), (400, "bad_json"), (422, "bad_request"), (405, "method_not_allowed")]
    for r in refused:
        assert set(r.json()) == {"error"} and r.json()["error"]["status"] == r.status_code
