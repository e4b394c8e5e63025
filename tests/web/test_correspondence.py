"""Tables that last days, over the API: a pace chosen at creation and played by accounts, an
invitation to a seat kept for an address, "your turn" posted with the move that causes it and
at most once until its player looks, the reminder at a quarter of the time left and the
timeout's two endings, holidays that stand the clocks still, conceding, My games and the
count of turns.  Time is the test's: the deadlines round is given the moment it runs at, and
the clocks are moved by writing when a decision began."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa

from salon.web.accounts.holidays import ALLOWANCE
from salon.web.mail.outbox import CHECKS, row_of
from salon.web.storage.schema import ACCOUNTS, GAMES, OUTBOX, SENT
from salon.web.tables.clocks import DAY
from salon.web.tables.notices import their_turn_unseen
from salon.web.tables.room import places
from tests.web.helpers import TOKEN, poll
from tests.web.test_accounts import Browser, Server, error, serve, sign_up


@pytest.fixture
def server() -> Iterator[Server]:
    yield from serve()


def correspondence(server: Server, host: Browser, days: int = 3, on_timeout: str = "bot",
                   invite: str | None = None) -> tuple[str, str]:
    """A Necklace table of ``days`` a move for two accounts, the host at seat 0 deciding
    first; seat 1 kept for ``invite`` if given.  Its id and the host's token."""
    seat: dict[str, Any] = {"kind": "human", **({"invite": invite} if invite else {})}
    r = host.post("/api/games", {"game": "necklace", "seats": [{"kind": "human"}, seat], "seed": 3,
                                 "config": {"start_player": 0}, "pace_days": days, "on_timeout": on_timeout,
                                 "join": {"seat": 0, "name": "Ann"}})
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["token"]


def join(browser: Browser, game_id: str) -> str:
    r = browser.post(f"/api/games/{game_id}/join", {"seat": 1, "name": "Bea"})
    assert r.status_code == 200, r.text
    token: str = r.json()["token"]
    return token


def seated(server: Server) -> tuple[Browser, Browser, str, str, str]:
    """Ann's table of three days a move, Bea at seat 1: both browsers, the table and tokens."""
    ann, bea = server.browser("198.51.100.7"), server.browser("198.51.100.8")
    sign_up(server, ann)
    sign_up(server, bea, "bea@example.org", "Bea")
    game_id, ann_token = correspondence(server, ann)
    return ann, bea, game_id, ann_token, join(bea, game_id)


def game_state(browser: Browser, game_id: str, token: str | None = None) -> dict[str, Any]:
    r = browser.get(f"/api/games/{game_id}/state", headers={TOKEN: token} if token else {})
    assert r.status_code == 200, r.text
    found: dict[str, Any] = r.json()
    return found


def settled(browser: Browser, game_id: str, token: str) -> dict[str, Any]:
    """The seat's state once the server has made the lone move it makes for the seat, if any
    (which moves the version on)."""
    def ready(shown: dict[str, Any]) -> bool:
        return (bool(shown["legal"]) and shown["forced"] is None) or shown["current"] != shown["seat"]

    poll(lambda: ready(game_state(browser, game_id, token)), "the seat's decision")
    return game_state(browser, game_id, token)


def move(browser: Browser, game_id: str, token: str) -> dict[str, Any]:
    """The deciding seat's first legal action (once the server has made a lone pass it makes
    for it); the state after it."""
    shown = settled(browser, game_id, token)
    if not shown["legal"]:
        return shown
    r = browser.post(f"/api/games/{game_id}/actions", {"action": shown["legal"][0], "version": shown["version"]},
                     headers={TOKEN: token})
    assert r.status_code == 200, r.text
    return game_state(browser, game_id, token)


def until_seat(browser: Browser, game_id: str, token: str, seat: int) -> dict[str, Any]:
    """Play the table's first legal actions until ``seat`` decides; its state then."""
    shown = game_state(browser, game_id, token)
    for _ in range(50):
        if shown["current"] == seat:
            return shown
        shown = move(browser, game_id, token)
    raise AssertionError(f"seat {seat} never decides")


def began(server: Server, game_id: str, at: float) -> None:
    """Set when the table's decision began, as a clock that ran since then would have it."""
    server.run(lambda db: db.conn.execute(GAMES.update().where(GAMES.c.id == game_id).values(turn_since=at)))
    server.app.state.hub.rooms.held[game_id].turn_since = at


def deadlines(server: Server, now: float) -> tuple[list[str], list[str]]:
    found: tuple[list[str], list[str]] = server.client.portal.call(  # type: ignore[union-attr]
        server.app.state.hub.deadlines.round, now)
    return found


def test_a_table_that_lasts_days_is_created_and_joined_by_accounts(server: Server) -> None:
    guest = server.browser("198.51.100.9")
    body = {"game": "necklace", "seats": [{"kind": "human"}, {"kind": "human"}], "pace_days": 3}
    assert error(guest.post("/api/games", body)) == "signed_out"
    assert error(guest.post("/api/games", {**body, "pace_days": 4})) == "bad_request"
    ann = server.browser()
    sign_up(server, ann)
    assert error(ann.post("/api/games", {**body, "turn_timer": 60})) == "bad_pace"
    game_id, _ = correspondence(server, ann, days=5)
    assert error(guest.post(f"/api/games/{game_id}/join", {"seat": 1})) == "signed_out"
    assert game_state(guest, game_id)["clock"] is None  # no clock runs while the table waits for players
    bea = server.browser("198.51.100.8")
    sign_up(server, bea, "bea@example.org", "Bea")
    join(bea, game_id)
    shown = game_state(guest, game_id)
    assert shown["clock"]["days"] == 5 and shown["clock"]["seat"] == 0 and not shown["clock"]["paused"]
    assert 5 * DAY - 60 < shown["clock"]["left"] <= 5 * DAY
    summary = guest.get(f"/api/games/{game_id}").json()
    assert (summary["pace_days"], summary["on_timeout"]) == (5, "bot")


@pytest.mark.heavy
def test_your_turn_is_posted_with_the_move_and_once_until_the_player_looks(server: Server) -> None:
    ann, bea, game_id, ann_token, bea_token = seated(server)
    first = server.letters("your_turn", "ann@example.org")  # the clock starts once every seat is taken
    assert len(first) == 1 and first[0]["game_id"] == game_id
    until_seat(ann, game_id, ann_token, 1)
    letters = server.letters("your_turn", "bea@example.org")
    assert len(letters) == 1 and letters[0]["game_id"] == game_id and letters[0]["dedupe"]
    assert letters[0]["fields"]["left"] == 3 * DAY and letters[0]["fields"]["link"].endswith(f"/#/game/{game_id}")
    # sent and unanswered: Bea's next turn posts none until she opens the table
    server.run(lambda db: db.conn.execute(OUTBOX.update().values(state=SENT, finished=time.time())))
    until_seat(bea, game_id, bea_token, 0)
    until_seat(ann, game_id, ann_token, 1)
    assert len(server.letters("your_turn", "bea@example.org")) == 1
    with server.client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        ws.send_json({"type": "hello", "token": bea_token})
        ws.receive_json()
        poll(lambda: server.rows("seats")[1]["seen"] is not None, "Bea's look is stored")
    until_seat(bea, game_id, bea_token, 0)
    until_seat(ann, game_id, ann_token, 1)
    assert len(server.letters("your_turn", "bea@example.org")) == 2


def test_a_letter_about_a_turn_goes_only_while_the_turn_is_the_players_and_the_table_closed(server: Server) -> None:
    """The check the sender asks when the letter is due (salon.web.tables.notices)."""
    ann, bea, game_id, ann_token, bea_token = seated(server)
    until_seat(ann, game_id, ann_token, 1)
    to_bea = sa.select(OUTBOX).where(OUTBOX.c.kind == "your_turn", OUTBOX.c.address == "bea@example.org")
    row = row_of(server.run(lambda db: db.conn.execute(to_bea).one()))
    assert their_turn_unseen in CHECKS["your_turn"] and their_turn_unseen in CHECKS["reminder"]
    assert server.run(lambda db: their_turn_unseen(db, row))
    with server.client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        ws.send_json({"type": "hello", "token": bea_token})
        ws.receive_json()
        poll(lambda: not server.run(lambda db: their_turn_unseen(db, row)), "the open table is seen")
    poll(lambda: server.run(lambda db: their_turn_unseen(db, row)), "the closed table is seen")
    until_seat(bea, game_id, bea_token, 0)  # she moved: the letter goes only if the turn came back to her since
    wanted, turn = server.run(lambda db: (their_turn_unseen(db, row), db.conn.execute(
        sa.select(GAMES.c.turn_seat)).scalar_one()))
    assert wanted == (turn == 1)


def test_the_reminder_comes_once_at_a_quarter_left(server: Server) -> None:
    ann, bea, game_id, ann_token, bea_token = seated(server)
    until_seat(ann, game_id, ann_token, 1)
    start = time.time()
    began(server, game_id, start)
    assert deadlines(server, start + 2 * DAY) == ([], [])  # a third left
    assert deadlines(server, start + 2.3 * DAY) == ([game_id], [])
    assert deadlines(server, start + 2.4 * DAY) == ([], [])  # once a decision
    reminder = server.letters("reminder", "bea@example.org")
    assert len(reminder) == 1 and reminder[0]["fields"]["left"] == pytest.approx(0.7 * DAY, abs=1)


@pytest.mark.parametrize("on_timeout", ["bot", "out"])
def test_at_the_end_of_the_time_a_bot_takes_the_seat_and_the_player_is_out_where_chosen(
        server: Server, on_timeout: str) -> None:
    ann, bea = server.browser("198.51.100.7"), server.browser("198.51.100.8")
    sign_up(server, ann)
    sign_up(server, bea, "bea@example.org", "Bea")
    game_id, ann_token = correspondence(server, ann, days=1, on_timeout=on_timeout)
    join(bea, game_id)
    until_seat(ann, game_id, ann_token, 1)
    start = time.time()
    began(server, game_id, start)
    assert deadlines(server, start + 0.99 * DAY)[1] == []
    assert deadlines(server, start + DAY + 1)[1] == [game_id]
    seat = game_state(ann, game_id)["seats"][1]
    assert seat["kind"] == "bot" and seat["out"] == (on_timeout == "out")


def test_a_holiday_stands_the_clocks_still_and_the_others_see_it(server: Server) -> None:
    ann, bea, game_id, ann_token, bea_token = seated(server)
    until_seat(ann, game_id, ann_token, 1)
    start = server.clock.now
    began(server, game_id, start)
    r = bea.post("/api/account/holiday", {"on": True})
    assert r.status_code == 200 and r.json()["on"] and r.json()["days_left"] == ALLOWANCE
    shown = game_state(ann, game_id)
    assert shown["seats"][1]["holiday"] and shown["clock"]["paused"]
    assert deadlines(server, start + 10 * DAY) == ([], [])  # no reminder, no timeout on holiday
    server.clock.now = start + 2 * DAY
    r = bea.post("/api/account/holiday", {"on": False})
    assert r.status_code == 200 and not r.json()["on"] and r.json()["days_left"] == ALLOWANCE - 2
    stored = server.rows("games")[0]["turn_since"]
    assert stored == pytest.approx(start + 2 * DAY)  # the clock runs on from where it stood
    assert not game_state(ann, game_id)["seats"][1]["holiday"]


def test_the_holidays_of_a_year_run_out(server: Server) -> None:
    bea = server.browser()
    sign_up(server, bea)
    assert bea.post("/api/account/holiday", {"on": True}).status_code == 200
    since = server.clock.now - (ALLOWANCE + 1) * DAY  # as if it began 15 days ago (a session lasts less)
    server.run(lambda db: db.conn.execute(ACCOUNTS.update().values(holiday_since=since)))
    assert bea.get("/api/account/holiday").json()["days_left"] == 0
    assert bea.post("/api/account/holiday", {"on": False}).json()["days_left"] == 0
    assert error(bea.post("/api/account/holiday", {"on": True})) == "no_holiday_left"


def test_an_invited_seat_is_the_invited_accounts_alone_and_shows_in_its_games(server: Server) -> None:
    ann, bea, cat = server.browser("198.51.100.7"), server.browser("198.51.100.8"), server.browser("198.51.100.9")
    sign_up(server, ann)
    sign_up(server, bea, "bea@example.org", "Bea")
    sign_up(server, cat, "cat@example.org", "Cat")
    game_id, _ = correspondence(server, ann, invite="Bea@Example.org")
    letter = server.letters("invitation", "bea@example.org")
    assert len(letter) == 1 and letter[0]["fields"]["by"] == "Ann"
    assert error(cat.post(f"/api/games/{game_id}/join", {"seat": 1})) == "seat_invited"
    assert error(cat.post(f"/api/games/{game_id}/join", {})) == "no_free_seat"
    assert [g["id"] for g in bea.get("/api/account/games").json()["invitations"]] == [game_id]
    join(bea, game_id)
    assert bea.get("/api/account/games").json()["invitations"] == []


@pytest.mark.heavy
def test_my_games_lists_my_turn_first_then_the_others(server: Server) -> None:
    ann, bea, game_id, ann_token, bea_token = seated(server)
    mine = ann.get("/api/account/games").json()
    assert [g["id"] for g in mine["your_turn"]] == [game_id] and mine["count"] == 1
    assert mine["your_turn"][0]["players"] == ["Ann", "Bea"] and mine["your_turn"][0]["left"] > 0
    assert [g["id"] for g in bea.get("/api/account/games").json()["waiting"]] == [game_id]
    assert ann.get("/api/account/turns").json() == {"count": 1, "next": game_id, "games": [game_id]}
    until_seat(ann, game_id, ann_token, 1)
    assert ann.get("/api/account/turns").json() == {"count": 0, "next": None, "games": []}
    assert bea.get("/api/account/turns").json() == {"count": 1, "next": game_id, "games": [game_id]}
    assert error(server.browser("203.0.113.5").get("/api/account/games")) == "signed_out"


def test_a_player_who_concedes_is_out_and_a_table_with_nobody_left_ends(server: Server) -> None:
    ann, bea, game_id, ann_token, bea_token = seated(server)
    settled(ann, game_id, ann_token)  # Ann decides first; the version is read once her lone move is made
    version = game_state(bea, game_id, bea_token)["version"]
    r = bea.post(f"/api/games/{game_id}/concede", {"version": version}, headers={TOKEN: bea_token})
    assert r.status_code == 200, r.text
    seat = r.json()["state"]["seats"][1]
    assert seat["out"] and seat["kind"] == "bot"
    for _ in range(50):  # the bot now at Bea's seat may move between Ann's read and her concession
        version = game_state(ann, game_id, ann_token)["version"]
        r = ann.post(f"/api/games/{game_id}/concede", {"version": version}, headers={TOKEN: ann_token})
        if r.status_code != 409 or error(r) != "stale":
            break
    assert r.status_code == 200 and r.json()["state"]["status"] == "ended", r.text
    for browser in (ann, bea):  # each went, and finds the game among the finished
        mine = browser.get("/api/account/games").json()
        assert mine["count"] == 0 and [g["id"] for g in mine["finished"]] == [game_id]


def test_the_players_out_finish_last_the_first_to_go_the_very_last(server: Server) -> None:
    ann, bea, game_id, ann_token, bea_token = seated(server)
    settled(ann, game_id, ann_token)  # Ann decides first; the version is read once her lone move is made
    version = game_state(bea, game_id, bea_token)["version"]
    r = bea.post(f"/api/games/{game_id}/concede", {"version": version}, headers={TOKEN: bea_token})
    assert r.status_code == 200, r.text
    room = server.app.state.hub.rooms.held[game_id]
    room.options = {**room.options, "out": [1]}
    while not room.game.is_over():
        room.game.apply(room.game.legal_actions()[0])
    assert places(room) == [1, 2]
    room.options = {**room.options, "out": [0, 1]}
    assert places(room) == [2, 1]
