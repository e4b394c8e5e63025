"""What one table's players may ask of the server's processors, and what they may show the
others: bots from the levels (and on a server for this computer only, specs whose every
parameter is in range), a deadline on every bot move, one hint at a time per seat within a
rate, replays within a rate, the server's lone moves not refused when a click comes late,
and names and titles without the characters that let one pass for another."""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from salon.bots.base import BOTS, _factory, _parameters
from salon.core import record
from salon.core.errors import ConfigError
from salon.core.game import game_class
from salon.web.app import create_app
from salon.web.bot_policy import BOUNDS
from salon.web.caps import UNLIMITED, Limits
from salon.web.errors import Refused
from salon.web.storage import Storage
from salon.web.tables import bots as bots_module
from salon.web.tables.hub import Hub
from tests.web.helpers import TOKEN, error_code, hub_of, poll, room_of, state

HUMAN = {"kind": "human"}


def bot(spec: str) -> dict[str, str]:
    return {"kind": "bot", "bot": spec}


def new_table(c: TestClient, seats: list[dict[str, Any]], **extra: Any) -> Any:
    join = {"join": {"seat": 0, "name": "Ann"}} if seats[0]["kind"] == "human" else {}
    return c.post("/api/games", json={"game": "rococo", "seats": seats, **join, **extra})


def test_a_public_server_plays_the_levels_and_the_random_bot_only() -> None:
    with TestClient(create_app("sqlite://", bot_delay=0, limits=Limits(max_tables_per_client=100))) as c:
        for spec in ("easy", "normal", "hard", "expert", "random"):
            assert new_table(c, [HUMAN, bot(spec)]).status_code == 201, spec
        for spec in ("search:think=1", "heuristic", "normal:width=2"):
            r = new_table(c, [HUMAN, bot(spec)])
            assert (r.status_code, error_code(r)) == (422, "bot_not_allowed"), spec
            assert "seat 2" in r.json()["error"]["message"]
        r = new_table(c, [HUMAN, bot("oracle")])
        assert (r.status_code, error_code(r)) == (422, "unknown_bot")
        # the seed is the server's secret one: the bot's keyed generator travels to the workers
        r = new_table(c, [HUMAN, bot("normal")], config={"start_player": 1})
        room = room_of(c, r.json()["id"])
        poll(lambda: len(room.game.history) >= 1, "the bot of a secret-seeded table did not move")


@pytest.mark.slow
@pytest.mark.parametrize("spec", ["search:think=inf", "search:think=nan", "search:think=1000",
                                  "search:iterations=100000000", "search:think=-1", "search:think=0",
                                  "heuristic:width=0", "heuristic:budget=1e9", "easy:temperature=inf",
                                  "search:turns=4", "search:confidence=100"])
def test_a_local_server_refuses_a_bot_parameter_out_of_range(spec: str) -> None:
    limits = replace(UNLIMITED, max_bot_think=5.0)
    with TestClient(create_app("sqlite://", bot_delay=0, limits=limits)) as c:
        r = new_table(c, [HUMAN, bot(spec)])
        assert r.status_code == 422 and error_code(r) in ("bot_not_allowed", "unknown_bot"), r.text
        assert not hub_of(c).rooms.held


@pytest.mark.heavy
def test_a_local_server_takes_specs_within_range() -> None:
    limits = replace(UNLIMITED, max_bot_think=5.0)
    with TestClient(create_app("sqlite://", bot_delay=0, limits=limits)) as c:
        for spec in ("search:think=5", "search:iterations=3:keep=4", "heuristic:width=3:budget=2000",
                     "easy:temperature=2", "search:think=1:keep=6:halving=1:turns=2:win=1",
                     "search:rivals=2:confidence=1.5"):
            assert new_table(c, [HUMAN, bot(spec)]).status_code == 201, spec


def test_every_parameter_of_every_bot_a_server_can_make_has_a_bound() -> None:
    """A bot gaining a parameter gains its bound here too, or a server for this computer would
    refuse every spec that sets it."""
    for name in BOTS:
        try:
            factory = _factory(name)
        except ConfigError:  # an extra not installed here
            continue
        assert set(_parameters(factory)) - {"think"} <= set(BOUNDS), name


def test_a_bot_trained_for_other_configs_is_refused_before_the_table_exists() -> None:
    """The ppo bot's policies were trained for 2-player games only (salon.bots.ppo): a table
    of three with it would wait forever on its first move, so it is never made."""
    with TestClient(create_app("sqlite://", bot_delay=0, limits=UNLIMITED)) as c:
        r = new_table(c, [HUMAN, bot("random"), bot("ppo")])
        assert (r.status_code, error_code(r)) == (422, "bot_not_allowed")
        assert "seat 3" in r.json()["error"]["message"] and "no policy trained" in r.json()["error"]["message"]
        assert not hub_of(c).rooms.held
        r = c.post("/api/games", json={"game": "necklace", "seats": [HUMAN, bot("ppo")],
                                        "join": {"seat": 0, "name": "Ann"}})
        assert r.status_code == 201, r.text


def test_a_stored_bot_the_server_no_longer_plays_is_quarantined(tmp_path: Path) -> None:
    """A table made on a server that allowed long thinking does not make a restarted server
    with a shorter bound think for as long: it is set aside with the reason."""
    url = f"sqlite:///{tmp_path / 'salon.db'}"
    generous = replace(UNLIMITED, max_bot_think=100.0)
    with TestClient(create_app(url, bot_delay=1000, limits=generous)) as c:
        game_id = new_table(c, [bot("search:think=100"), bot("random")]).json()["id"]
    with TestClient(create_app(url, bot_delay=0, limits=replace(UNLIMITED, max_bot_think=5.0))) as c:
        r = c.get(f"/api/games/{game_id}")
        assert (r.status_code, error_code(r)) == (410, "broken")
        broken = c.get("/api/games", params={"status": "broken"}).json()["broken"]
        assert [b["id"] for b in broken] == [game_id] and "think must be between" in broken[0]["reason"]


@pytest.mark.heavy
def test_a_bot_past_its_deadline_is_stopped_and_its_game_goes_on(monkeypatch: pytest.MonkeyPatch,
                                                                   caplog: pytest.LogCaptureFixture) -> None:
    """Fifty sampled worlds a decision cannot be searched in a hundredth of a second: each
    move is stopped at its deadline and made by the random bot instead."""
    monkeypatch.setattr(bots_module, "JOB_GRACE", 0.0)
    with caplog.at_level(logging.WARNING, logger="salon.web"), \
            TestClient(create_app("sqlite://", bot_delay=0, limits=UNLIMITED)) as c:
        r = new_table(c, [bot("search:think=0.01:iterations=50"), bot("random")], config={"start_player": 0})
        room = room_of(c, r.json()["id"])
        poll(lambda: len(room.game.history) >= 3, "the stopped bot's game did not go on")
    assert any("ran past its deadline" in r.getMessage() for r in caplog.records)


@pytest.mark.slow
def test_bots_and_hints_think_in_their_tables_lane_and_replays_in_their_clients(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The heuristic bot's moves and the hints are worked out in the table's lane of the
    workers, the replays in the asking address's (the random bot moves at once: its choice
    costs less than sending it the game)."""
    lanes: list[tuple[str, str]] = []
    with TestClient(create_app("sqlite://", bot_delay=0, allow_seed=True, limits=UNLIMITED, hint_think=1e-6)) as c:
        compute = hub_of(c).compute
        run = compute.run

        async def spy(lane: str, function: Any, *args: Any, **kwargs: Any) -> Any:
            lanes.append((lane, function.__name__))
            return await run(lane, function, *args, **kwargs)

        monkeypatch.setattr(compute, "run", spy)
        r = new_table(c, [HUMAN, bot("normal")], config={"start_player": 1}, hints=True, seed=3)
        game_id, token = r.json()["id"], r.json()["token"]
        poll(lambda: room_of(c, game_id).game.current_player() == 0, "the bot did not move")
        assert c.post(f"/api/games/{game_id}/hint", json={}, headers={TOKEN: token}).status_code == 200
        rec = record.make_record(game_class("rococo").new({"players": 2}, 1))
        assert c.post("/api/replay", params={"step": 0}, content=json.dumps(rec),
                      headers={"content-type": "application/json"}).status_code == 200
    assert (game_id, "bot_moves") in lanes and (game_id, "hint") in lanes
    assert [name for lane, name in lanes if lane.startswith("replay:")] == ["replay_record"]


@pytest.fixture
def slow_hints() -> Iterator[TestClient]:
    """A server whose hints search for an hour, on one worker: a hint ends only when it is
    cancelled."""
    with TestClient(create_app("sqlite://", bot_delay=0, allow_seed=True, limits=UNLIMITED, hint_think=3600,
                               workers=1)) as c:
        yield c


def two_players(c: TestClient, **extra: Any) -> tuple[str, list[str]]:
    r = new_table(c, [HUMAN, HUMAN], config={"start_player": 0}, seed=4, hints=True, **extra)
    assert r.status_code == 201, r.text
    game_id = r.json()["id"]
    t1 = c.post(f"/api/games/{game_id}/join", json={"seat": 1}).json()["token"]
    return game_id, [r.json()["token"], t1]


def test_one_hint_at_a_time_per_seat_and_a_move_cancels_it(slow_hints: TestClient) -> None:
    c = slow_hints
    game_id, tokens = two_players(c)
    room = room_of(c, game_id)
    first: list[Any] = []
    asking = threading.Thread(target=lambda: first.append(
        c.post(f"/api/games/{game_id}/hint", json={}, headers={TOKEN: tokens[0]})))
    asking.start()
    poll(lambda: 0 in room.hinting, "the first hint was not asked")
    r = c.post(f"/api/games/{game_id}/hint", json={}, headers={TOKEN: tokens[0]})
    assert (r.status_code, error_code(r)) == (429, "hint_pending")
    st = state(c, game_id, tokens[0])
    moved = c.post(f"/api/games/{game_id}/actions", json={"action": st["legal"][0], "version": st["version"]},
                   headers={TOKEN: tokens[0]})
    assert moved.status_code == 200
    asking.join()
    assert (first[0].status_code, error_code(first[0])) == (409, "stale")
    assert room.hinting == {}
    poll(lambda: not hub_of(c).compute._running, "the cancelled hint's worker was not stopped")


@pytest.mark.slow
def test_hints_are_rated_per_seat() -> None:
    limits = replace(UNLIMITED, hint_rate="2/day")
    with TestClient(create_app("sqlite://", bot_delay=0, allow_seed=True, limits=limits, hint_think=1e-6)) as c:
        game_id, tokens = two_players(c)
        asked = [c.post(f"/api/games/{game_id}/hint", json={}, headers={TOKEN: tokens[0]}) for _ in range(3)]
        assert [r.status_code for r in asked] == [200, 200, 429] and error_code(asked[2]) == "rate_limited"


@pytest.mark.heavy
def test_replays_are_rated_per_address() -> None:
    limits = replace(UNLIMITED, replay_rate="2/day")
    rec = json.dumps(record.make_record(game_class("rococo").new({"players": 2}, 1)))
    with TestClient(create_app("sqlite://", bot_delay=0, limits=limits)) as c:
        asked = [c.post("/api/replay", params={"step": 0}, content=rec, headers={"content-type": "application/json"})
                 for _ in range(3)]
        assert [r.status_code for r in asked] == [200, 200, 429] and error_code(asked[2]) == "rate_limited"


def test_a_late_click_on_the_lone_pass_the_server_made_is_answered_as_done_QN_INFO_1() -> None:
    """With ``conceal_holders`` a seat without a Cardinal, a Queen or the Alchemist has a lone
    pass, which the server makes for it; the same pass sent on the state that showed it is
    acknowledged, not refused as stale, and changes nothing.  Another action on that state
    is still stale."""
    async def scenario() -> int:
        storage = Storage("sqlite://")
        await storage.start()
        hub = Hub(storage, bot_delay=0, allow_seed=True)
        room, _, _ = await hub.lobby.create("necklace", "t", [HUMAN] * 3, {"conceal_holders": True}, 4,
                                      {"seat": 0, "name": "A"})
        await hub.seats.join(room, 1, "B")
        await hub.seats.join(room, 2, "C")
        checked = 0
        while not room.game.is_over() and checked < 3:
            seat = room.game.current_player()
            assert seat is not None
            shown = room.state(seat)
            if shown["forced"] is not None:
                assert room.bot_task is not None
                await room.bot_task
                history = list(room.game.history)
                assert await hub.play.act(room, seat, shown["forced"], shown["version"]) == room.version_for(seat)
                assert room.game.history == history
                with pytest.raises(Refused) as stale:
                    await hub.play.act(room, seat, "take", shown["version"])
                assert stale.value.code in ("stale", "not_your_turn")
                checked += 1
                continue
            legal = shown["legal"]
            await hub.play.act(room, seat, legal[len(room.game.history) % len(legal)], shown["version"])
        await hub.stop()
        await storage.close()
        return checked

    assert asyncio.run(scenario()) >= 1


def test_names_and_titles_are_stored_clean() -> None:
    with TestClient(create_app("sqlite://", bot_delay=0, limits=UNLIMITED)) as c:
        r = c.post("/api/games", json={"game": "rococo", "title": "Soir\u00e9e\u202e \u200bat\u0000 Versailles",
                                       "seats": [HUMAN, HUMAN], "join": {"seat": 0, "name": "Ann\u202egnirts"}})
        game_id = r.json()["id"]
        joined = c.post(f"/api/games/{game_id}/join", json={"name": "\u200b\u2066Ann\u2069\u200d\t "})
        assert joined.status_code == 200
        summary = c.get(f"/api/games/{game_id}").json()
        assert summary["title"] == "Soirée at Versailles"
        assert [s["name"] for s in summary["seats"]] == ["Anngnirts", "Ann"]
        blank = c.post("/api/games", json={"game": "rococo", "seats": [HUMAN], "config": {"solo": True},
                                           "join": {"name": "\u3164\u200b"}})
        assert blank.json()["game"]["seats"][0]["name"] == "#1"
