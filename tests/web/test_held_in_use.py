"""A process holds in memory only the tables in use: someone connected, a bot to move, a live
table's clock; the others live in the database, are dropped after a while and loaded again on
demand, on SQLite and on PostgreSQL, where a second process loads a table the first dropped.
A restart loads only the tables that must be held.  The hub's clock is the test's."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient

from salon.web.app import create_app
from salon.web.caps import UNLIMITED
from salon.web.tables.rooms import IDLE_KEPT
from tests.web.helpers import poll
from tests.web.test_accounts import ADDRESS_HEADER, Addressed, Browser, Server, sign_up
from tests.web.test_accounts import Clock as AccountsClock
from tests.web.test_correspondence import correspondence, game_state, join, settled, until_seat


class Clock:
    """The hub's clock, which the test moves on."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@contextmanager
def process(url: str, clock: Clock) -> Iterator[Server]:
    """A server process on ``url`` whose hub runs by ``clock``."""
    app = create_app(url, bot_delay=0, allow_seed=True, limits=UNLIMITED, clock=clock)
    app.state.accounts.clock = AccountsClock()
    with TestClient(Addressed(app), base_url="https://testserver.local") as client:
        yield Server(app, client, app.state.accounts.clock)


def held(server: Server) -> set[str]:
    return set(server.app.state.hub.rooms.held)


def drop_idle(server: Server) -> list[str]:
    dropped: list[str] = server.client.portal.call(server.app.state.hub.rooms.drop_idle)  # type: ignore[union-attr]
    return dropped


def without_seconds_left(state: dict[str, Any]) -> dict[str, Any]:
    """``state`` without its clock's seconds left, which the server reckons on the wall clock:
    a second may pass between two reads.  The deadline itself must not move."""
    return {**state, "clock": {k: v for k, v in state["clock"].items() if k != "left"}}


def signed_in(server: Server, email: str, cookie: str) -> Browser:
    """A browser of another process, signed in with ``cookie``."""
    browser = server.browser()
    browser.with_cookie(cookie)
    assert browser.get("/api/account").json()["email"] == email
    return browser


@pytest.mark.heavy
def test_a_table_nobody_uses_is_dropped_and_loaded_again_on_demand(db_url: str) -> None:
    clock = Clock()
    with process(db_url, clock) as server:
        ann, bea = server.browser("198.51.100.7"), server.browser("198.51.100.8")
        sign_up(server, ann)
        sign_up(server, bea, "bea@example.org", "Bea")
        game_id, ann_token = correspondence(server, ann)
        join(bea, game_id)
        before = settled(ann, game_id, ann_token)  # once the server has made a lone move it makes for her
        live_id = server.client.post("/api/games", json={
            "game": "necklace", "seed": 1, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
            "join": {"seat": 0, "name": "Cat"}}, headers={ADDRESS_HEADER: "198.51.100.9"}).json()["id"]
        clock.now += IDLE_KEPT - 1
        assert drop_idle(server) == []  # used lately
        clock.now += 2
        assert drop_idle(server) == [game_id]  # the live table's timers run in memory: it stays
        assert held(server) == {live_id}
        assert without_seconds_left(game_state(ann, game_id, ann_token)) == without_seconds_left(before)  # as it was
        assert game_id in held(server)
        cookies = (ann.cookie, bea.cookie)
    with process(db_url, clock) as again:  # a restart holds what must be held, and nothing else
        assert held(again) == {live_id}
        ann = signed_in(again, "ann@example.org", cookies[0] or "")
        shown = until_seat(ann, game_id, ann_token, 1)
        assert shown["current"] == 1 and game_id in held(again)


@pytest.mark.postgres
def test_a_second_process_loads_a_table_the_first_dropped(postgres_url: str) -> None:
    clock = Clock()
    with process(postgres_url, clock) as first, process(postgres_url, clock) as second:
        ann, bea = first.browser("198.51.100.7"), first.browser("198.51.100.8")
        sign_up(first, ann)
        sign_up(first, bea, "bea@example.org", "Bea")
        game_id, ann_token = correspondence(first, ann)
        join(bea, game_id)
        dropped: list[str] = []

        def idle_dropped() -> bool:  # a catch-up after the join's notifications uses the table once more
            clock.now += IDLE_KEPT + 1
            dropped.extend(drop_idle(first))
            return game_id in dropped

        poll(idle_dropped, "the first process drops the table")
        assert game_id not in held(second)
        there = signed_in(second, "ann@example.org", ann.cookie or "")
        shown: dict[str, Any] = until_seat(there, game_id, ann_token, 1)
        assert shown["current"] == 1 and game_id in held(second) and game_id not in held(first)
        # at least where the second left it: the server may since have made a move it makes for
        # a player (a lone pass, a free gain), which is no part of catching up
        poll(lambda: game_state(ann, game_id, ann_token)["version"] >= shown["version"],
             "the first process loads it again, and catches up")
