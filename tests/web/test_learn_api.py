"""The tutorials' endpoints (salon.web.learn): the list of every game's tutorials, and a lesson
as the frames its page plays, each the learner's table state at that step with the taught move
among its legal actions, the journal continued from frame to frame without a gap, nothing of
the other seats' hands shown; an unknown lesson is a 404 in the API's error shape."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from salon.core.game import game_names
from salon.core.tutorial import tutorials
from tests.web.helpers import error_code

EVERY = [(game, name) for game in game_names() for name in tutorials(game)]


def test_the_list_holds_every_tutorial_with_its_title_key(client: TestClient) -> None:
    listed = client.get("/api/learn").json()
    assert [(t["game"], t["name"]) for t in listed] == EVERY
    assert all(t["title"] == f"{t['game']}.learn.{t['name']}.title" and t["steps"] >= 10 for t in listed)


@pytest.mark.parametrize(("game", "name"), EVERY)
def test_a_lesson_is_the_learner_s_table_at_each_step(client: TestClient, game: str, name: str) -> None:
    lesson = client.get(f"/api/learn/{game}/{name}").json()
    frames: list[dict[str, Any]] = lesson["frames"]
    seat = lesson["seat"]
    assert lesson["then"]["bot"] == "easy" and frames
    expected_log = 0
    for frame in frames:
        state = frame["state"]
        assert state["type"] == "state" and state["seat"] == seat and state["status"] == "running"
        assert frame["say"].startswith(f"{game}.learn.{name}.")
        if frame["action"]:
            assert state["current"] == seat and frame["action"] in state["legal"]
        assert state["log_from"] == expected_log, "the journal goes on where the previous frame left it"
        expected_log += len(state["log"])
        others = [p for i, p in enumerate(state["observation"]["players"]) if i != seat]
        assert all("hand" not in p for p in others), "another seat's hand is never shown"
        assert "hand" in state["observation"]["players"][seat]
    assert frames[0]["state"]["log"][0]["n"] == 0


@pytest.mark.parametrize("path", ["/api/learn/rococo/nope", "/api/learn/chess/basics", "/api/learn/rococo/" + "x" * 61])
@pytest.mark.heavy
def test_an_unknown_lesson_is_refused(client: TestClient, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code in (404, 422)
    if answer.status_code == 404:
        assert error_code(answer) == "no_such_tutorial"
