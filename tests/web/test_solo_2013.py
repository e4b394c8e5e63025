"""The solo mode and the 2013 edition through the server.

Solo (RULES.md §14): Madame du Barry's seat is played by the engine inside ``apply``, so the
server neither gives it a token nor runs a bot for it, and never waits for it.  2013 edition
(RULES.md §16): prestige is hidden, so no message to a seat may show another seat's
prestige before the final scoring; the Deluxe-only options are refused with a JSON error.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.helpers import error_code, state
from tests.web.test_hidden import leaks, play


@pytest.mark.slow
def test_solo_game_is_played_to_the_end_and_nobody_acts_for_madame(client: TestClient) -> None:
    room, messages = play(client, [{"kind": "human"}], {"solo": True}, 21)
    assert room.game.is_over()
    assert [(s.kind, s.bot, s.token_hash) for s in room.seats][1] == ("automaton", None, None)
    states = [m for msgs in messages.values() for m in msgs if m.get("type") == "state"]
    assert states and all(m["current"] != 1 for m in states)
    assert all(not m["legal"] for m in messages[None] if m.get("type") == "state")
    # her turns are reported in the journal, and her panel's data reaches the player
    seen = {e["type"] for m in messages[0] if m.get("type") == "state" for entry in m["log"] for e in entry["events"]
            if e.get("seat") == 1}
    assert {"mdb_card", "mdb_hand"} <= seen
    final = state(client, room.id, None)
    assert final["status"] == "over" and len(final["result"]["scores"]) == 2
    assert "solo_tiles" in final["result"]["breakdown"][1]
    assert final["observation"]["solo"]["discard"]
    found, _ = leaks(room, messages)
    assert not found, found[:5]


def test_solo_lobby_listing_and_components(client: TestClient) -> None:
    r = client.post("/api/games", json={"game": "rococo", "seats": [{"kind": "bot", "bot": "random"}],
                                        "config": {"solo": True}, "seed": 5})
    assert r.status_code == 201, r.text
    game_id = r.json()["id"]
    assert r.json()["token"] is None and r.json()["game"]["status"] == "running"
    comp = client.get(f"/api/games/{game_id}/components").json()
    assert comp["solo"]["seat"] == 1 and "D01" in comp["solo"]["cards"] and comp["edition"] == "deluxe"
    r = client.post("/api/games", json={"game": "rococo", "seats": [{"kind": "human"}, {"kind": "human"}],
                                        "config": {"solo": True}})
    assert r.status_code == 400 and error_code(r) == "bad_config"


def _prestige_leaks(messages: dict[int | None, list[dict[str, Any]]]) -> list[str]:
    """Another seat's prestige in any message before the game is over."""
    found = []
    for viewer, msgs in messages.items():
        for m in msgs:
            if m.get("type") != "state" or m["status"] == "over":
                continue
            for p in m["observation"]["players"]:
                if p["seat"] != viewer and p["vp"] is not None:
                    found.append(f"seat {viewer} at version {m['version']} sees the prestige of seat {p['seat']}")
            for entry in m["log"]:
                for e in entry["events"]:
                    if e["type"] == "vp" and e.get("seat") != viewer and "amount" in e:
                        found.append(f"seat {viewer}: entry {entry['n']} shows seat {e['seat']}'s {e['amount']}")
    return found


@pytest.mark.slow
def test_2013_prestige_stays_hidden_until_the_final_scoring(client: TestClient) -> None:
    room, messages = play(client, [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}],
                          {"edition": "2013"}, 37)
    assert room.game.is_over()
    assert not _prestige_leaks(messages)
    vp_events = [e for m in messages[0] if m.get("type") == "state" and m["status"] != "over"
                 for entry in m["log"] for e in entry["events"] if e["type"] == "vp"]
    assert any(e["seat"] == 0 and "amount" in e for e in vp_events)  # one's own prestige is shown
    final = state(client, room.id, None)
    assert all(p["vp"] is not None for p in final["observation"]["players"])
    # the check has teeth: an unredacted view would be caught
    forged = {"type": "state", "status": "running", "version": 1, "log": [],
              "observation": {"players": [{"seat": 0, "vp": 1}, {"seat": 1, "vp": 2}]}}
    assert _prestige_leaks({0: [forged]})


def test_2013_components_use_the_editions_terms(client: TestClient) -> None:
    r = client.post("/api/games", json={"game": "rococo", "seats": [{"kind": "human"}] * 2,
                                        "config": {"edition": "2013"}})
    assert r.status_code == 201, r.text
    comp = client.get(f"/api/games/{r.json()['id']}/components").json()
    assert comp["edition"] == "2013" and comp["solo"] is None
    assert comp["terms"]["blue"] == "yellow" and comp["terms"]["thread"] == "wool"


def test_2013_refuses_solo_and_expansions_with_a_json_error(client: TestClient) -> None:
    for seats, config in [([{"kind": "human"}], {"edition": "2013", "solo": True}),
                          ([{"kind": "human"}] * 2, {"edition": "2013", "expansions": ["noble"]})]:
        r = client.post("/api/games", json={"game": "rococo", "seats": seats, "config": config})
        assert r.status_code == 400, r.text
        error = r.json()["error"]
        assert error["code"] == "bad_config" and "2013" in error["message"]
    meta = {o["key"]: o for o in next(g for g in client.get("/api/meta").json()["games"]
                                      if g["name"] == "rococo")["options"]}
    assert meta["solo"]["requires"] == {"edition": "deluxe"} == meta["expansions"]["requires"]
    assert meta["start_player"]["requires"] == {"solo": False}
    assert meta["exquisite_tile_source"]["requires"] == {"expansions": {"contains": "exquisite"}}
    for key in ("solo_two_player_rules", "mdb_exam_removal", "mdb_inspect_tiles"):
        assert meta[key]["requires"] == {"solo": True}
        r = client.post("/api/games", json={"game": "rococo", "seats": [{"kind": "human"}] * 2,
                                            "config": {key: meta[key]["choices"][-1] if "choices" in meta[key]
                                                       else not meta[key]["default"]}})
        assert r.status_code == 400 and "option of the solo mode" in r.json()["error"]["message"], r.text
