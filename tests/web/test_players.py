"""Profiles, leaderboards and follows over the API (salon.web.players): a profile's counts and
reliability from the results stored at each game's end, its latest games and rating changes,
the head-to-head records worked out by hand, a hidden or suspended profile answered as an
unknown one, the leaderboards' order, pages and provisional list, the friends list with who
is online and where they sit, and the rows the load check (tools/standing_load.py) writes.
Accounts, sessions, results and ratings are written straight into the database, as the server
writes them: no password is hashed."""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from salon.web.accounts.store import digest
from salon.web.app import create_app
from salon.web.caps import UNLIMITED
from salon.web.players.figures import kinds, shown
from salon.web.players.follows import ONLINE_WITHIN
from salon.web.storage import ACCOUNT_SESSIONS, ACCOUNTS, GAMES, SEATS, Database
from salon.web.storage.schema import FINISHED, FOLLOWS, RATING_CHANGES, RATINGS, RESULTS, UNFINISHED
from tests.web.test_accounts import Browser, Server, error, serve
from tools.standing_load import fill


@pytest.fixture
def server() -> Iterator[Server]:
    yield from serve()


def account_rows(handle: str, name: str, seen: float | None = None, **flags: Any) -> tuple[dict[str, Any], ...]:
    """An account's row and, with ``seen``, a session's (its cookie is the handle's)."""
    row = {"id": f"id-{handle}", "name": name, "email": f"{handle}@example.org", "verified": True,
           "password_hash": "-", "lang": "en", "created": 1_600_000_000.0, "handle": handle, **flags}
    if seen is None:
        return (row,)
    return row, {"hash": digest(f"cookie-{handle}"), "account": row["id"], "created": seen, "seen": seen, "label": ""}


def add_accounts(db: Database, *accounts: tuple[dict[str, Any], ...]) -> None:
    for rows in accounts:
        db.conn.execute(ACCOUNTS.insert().values(**rows[0]))
        if len(rows) > 1:
            db.conn.execute(ACCOUNT_SESSIONS.insert().values(**rows[1]))


def add_game(db: Database, game_id: str, places: dict[str, int], ended: float, *, game: str = "rococo",
             kind: str = "rococo", outcomes: dict[str, str] | None = None, listed: bool = True,
             rated: bool = True) -> None:
    """A finished table and its results, the seats in the order of ``places`` (handle: place)."""
    db.conn.execute(GAMES.insert().values(id=game_id, game=game, title=f"Table {game_id}", config="{}", seed="1",
                                          created=ended - 600, over=FINISHED, listed=listed))
    db.conn.execute(RESULTS.insert(), [
        {"game_id": game_id, "seat": seat, "account": f"id-{handle}", "game": game, "kind": kind,
         "players": len(places), "place": place, "outcome": (outcomes or {}).get(handle, "finished"),
         "rated": rated, "ended": ended} for seat, (handle, place) in enumerate(places.items())])


def add_rating(db: Database, handle: str, kind: str, mu: float, sigma: float, games: int) -> None:
    db.conn.execute(RATINGS.insert().values(account=f"id-{handle}", kind=kind, mu=mu, sigma=sigma,
                                            shown=shown(mu, sigma), games=games, updated=0.0))


def signed_in(server: Server, handle: str) -> Browser:
    browser = server.browser()
    browser.with_cookie(f"cookie-{handle}")
    return browser


def delete(browser: Browser, url: str) -> Any:
    return browser.request("DELETE", url, json={})


def test_a_profile_counts_games_wins_and_reliability(server: Server) -> None:
    now = time.time()

    def fill(db: Database) -> None:
        add_accounts(db, account_rows("ann", "Ann", now), account_rows("bea", "Bea"))
        add_game(db, "g1", {"ann": 1, "bea": 2}, now - 500)
        add_game(db, "g2", {"ann": 1, "bea": 1}, now - 400)  # a tie: both won
        add_game(db, "g3", {"ann": 2, "bea": 1}, now - 300, outcomes={"ann": "conceded"})
        add_game(db, "g4", {"ann": 2, "bea": 1}, now - 200, game="necklace", kind="necklace",
                 outcomes={"ann": "timed_out"}, listed=False)
        add_game(db, "g5", {"ann": 1, "bea": 1}, now - 100, game="necklace", kind="necklace",
                 outcomes={"ann": "ended", "bea": "ended"}, rated=False)
        add_game(db, "g6", {"bea": 1, "ann": 2}, now - 50, outcomes={"ann": "left"})
        add_rating(db, "ann", "rococo", 25.0, 2.0, 12)
        add_rating(db, "ann", "necklace", 20.0, 6.0, 1)
        db.conn.execute(RATING_CHANGES.insert().values(game_id="g1", account="id-ann", kind="rococo", at=now - 500,
                                                       place=1, mu_before=24.0, sigma_before=3.0, mu_after=25.0,
                                                       sigma_after=2.0))

    server.run(fill)
    r = server.browser().get("/api/players/ANN")
    assert r.status_code == 200, r.text
    shown_ = r.json()
    assert (shown_["handle"], shown_["name"], shown_["own"], shown_["following"]) == ("ann", "Ann", False, False)
    assert shown_["games"] == [{"game": "necklace", "played": 2, "won": 1}, {"game": "rococo", "played": 4, "won": 2}]
    assert shown_["reliability"] == {"started": 6, "finished": 3, "share": 0.5, "timed_out": 1, "conceded": 1,
                                     "left": 1}
    assert shown_["ratings"] == [
        {"kind": "necklace", "rating": round(1500 + 25 * (20 - 18)), "provisional": True, "games": 1},
        {"kind": "rococo", "rating": round(1500 + 25 * (25 - 6)), "provisional": False, "games": 12}]
    recent = shown_["recent"]
    assert [g["place"] for g in recent] == [2, 1, 2, 2, 1, 1] and recent[0]["outcome"] == "left"
    assert recent[-1]["change"] == {"kind": "rococo", "before": round(1500 + 25 * 15), "after": 1975}
    assert recent[-1]["game_id"] == "g1" and recent[-1]["title"] == "Table g1"
    assert recent[2]["game_id"] is None and recent[2]["title"] is None, "an unlisted table is named to none but Ann"
    assert recent[1]["rated"] is False and recent[1]["change"] is None
    mine = signed_in(server, "ann").get("/api/players/ann").json()
    assert mine["own"] and mine["recent"][2]["game_id"] == "g4"


def test_head_to_head_counts_who_placed_better(server: Server) -> None:
    """Ann met Bea four times (Ann better twice, Bea once, one tie), Cat twice (one game with
    all three), Dan once: her rivals by games together, then handle."""
    now = time.time()

    def fill(db: Database) -> None:
        add_accounts(db, *(account_rows(h, h.title()) for h in ("ann", "bea", "cat", "dan", "eve", "fay", "gus")))
        add_game(db, "h1", {"ann": 1, "bea": 2}, now - 10)
        add_game(db, "h2", {"ann": 1, "bea": 3, "cat": 2}, now - 9)
        add_game(db, "h3", {"bea": 1, "ann": 2}, now - 8)
        add_game(db, "h4", {"ann": 1, "bea": 1}, now - 7)
        add_game(db, "h5", {"cat": 1, "ann": 2}, now - 6)
        for i, other in enumerate(("dan", "eve", "fay", "gus")):
            add_game(db, f"x{i}", {"ann": 1, other: 2}, now - 5 + i)
        add_game(db, "solo", {"ann": 1}, now, kind="rococo-solo")

    server.run(fill)
    rivals = server.browser().get("/api/players/ann").json()["rivals"]
    assert rivals == [
        {"handle": "bea", "name": "Bea", "games": 4, "wins": 2, "losses": 1, "ties": 1},
        {"handle": "cat", "name": "Cat", "games": 2, "wins": 1, "losses": 1, "ties": 0},
        {"handle": "dan", "name": "Dan", "games": 1, "wins": 1, "losses": 0, "ties": 0},
        {"handle": "eve", "name": "Eve", "games": 1, "wins": 1, "losses": 0, "ties": 0},
        {"handle": "fay", "name": "Fay", "games": 1, "wins": 1, "losses": 0, "ties": 0},
    ]
    bea = server.browser().get("/api/players/bea").json()["rivals"]
    assert bea[0] == {"handle": "ann", "name": "Ann", "games": 4, "wins": 1, "losses": 2, "ties": 1}


def test_a_hidden_profile_shows_to_its_owner_and_whom_it_follows_only(server: Server) -> None:
    now = time.time()

    def fill(db: Database) -> None:
        add_accounts(db, account_rows("ann", "Ann", now, hidden=True), account_rows("bea", "Bea", now),
                     account_rows("cat", "Cat", now), account_rows("dan", "Dan", now, suspended=True))
        db.conn.execute(FOLLOWS.insert().values(account="id-ann", followed="id-bea", at=now))
        add_game(db, "k1", {"ann": 1, "cat": 2}, now)

    server.run(fill)
    unknown = server.browser().get("/api/players/nobody")
    assert unknown.status_code == 404 and error(unknown) == "no_such_player"
    for who in (server.browser(), signed_in(server, "cat")):
        r = who.get("/api/players/ann")
        assert r.status_code == 404 and r.json()["error"]["code"] == "no_such_player", "as if Ann did not exist"
        assert who.get("/api/players/ann/ratings/rococo").status_code == 404
    assert signed_in(server, "ann").get("/api/players/ann").json()["hidden"] is True
    seen_by_bea = signed_in(server, "bea").get("/api/players/ann")
    assert seen_by_bea.status_code == 200 and seen_by_bea.json()["hidden"] is False
    assert server.browser().get("/api/players/cat").json()["rivals"] == [], "nor in another's rivals"
    assert error(signed_in(server, "cat").post("/api/account/follows", {"handle": "ann"})) == "no_such_player"
    assert signed_in(server, "bea").post("/api/account/follows", {"handle": "ann"}).status_code == 200
    assert server.browser().get("/api/players/dan").status_code == 404, "a suspended account is nobody's"
    ann = signed_in(server, "ann")
    r = ann.post("/api/account/profile", {"hidden": False})
    assert r.status_code == 200 and r.json() == {"handle": "ann", "hidden": False}
    assert server.browser().get("/api/players/ann").status_code == 200
    assert ann.get("/api/account/profile").json() == {"handle": "ann", "hidden": False}
    assert ann.post("/api/account/profile", {"hidden": "yes"}).status_code == 422
    assert server.browser().post("/api/account/profile", {"hidden": True}).status_code == 401


@pytest.mark.heavy
def test_the_leaderboard_ranks_established_players_and_lists_the_provisional_apart(server: Server) -> None:
    def fill(db: Database) -> None:
        add_accounts(db, *(account_rows(f"p{i}", f"P{i}") for i in range(7)),
                     account_rows("shy", "Shy", hidden=True), account_rows("out", "Out", suspended=True))
        for i in range(5):
            add_rating(db, f"p{i}", "rococo", 20.0 + i, 1.0, 10 + i)  # established, p4 best
        add_rating(db, "p5", "rococo", 40.0, 1.0, 9)  # provisional, however high
        add_rating(db, "p6", "necklace", 30.0, 1.0, 30)
        add_rating(db, "shy", "rococo", 50.0, 1.0, 50)
        add_rating(db, "out", "rococo", 50.0, 1.0, 50)

    server.run(fill)
    guest = server.browser()
    r = guest.get("/api/leaderboard/rococo?limit=2")
    assert r.status_code == 200, r.text
    board = r.json()
    assert board["more"] and [(row["rank"], row["handle"]) for row in board["rows"]] == [(1, "p4"), (2, "p3")]
    assert board["rows"][0] == {"rank": 1, "handle": "p4", "name": "P4", "rating": round(1500 + 25 * 21),
                                "games": 14}
    last = guest.get("/api/leaderboard/rococo?offset=4&limit=2").json()
    assert [(row["rank"], row["handle"]) for row in last["rows"]] == [(5, "p0")] and not last["more"]
    provisional = guest.get("/api/leaderboard/rococo?provisional=true").json()
    assert [row["handle"] for row in provisional["rows"]] == ["p5"] and provisional["provisional"]
    assert [row["handle"] for row in guest.get("/api/leaderboard/necklace").json()["rows"]] == ["p6"]
    assert error(guest.get("/api/leaderboard/chess")) == "unknown_kind"
    for bad in ("limit=0", "limit=101", "offset=-1", "offset=x", "provisional=maybe"):
        r = guest.get(f"/api/leaderboard/rococo?{bad}")
        assert r.status_code == 422 and error(r) == "bad_request", bad


def test_a_rating_history_is_the_chart_of_each_game(server: Server) -> None:
    def fill(db: Database) -> None:
        add_accounts(db, account_rows("ann", "Ann"))
        for i in range(3):
            add_game(db, f"r{i}", {"ann": 1}, 1000.0 + i, kind="rococo-solo", listed=i != 1)
            db.conn.execute(RATING_CHANGES.insert().values(
                game_id=f"r{i}", account="id-ann", kind="rococo-solo", at=1000.0 + i, place=1, mu_before=25.0 + i,
                sigma_before=8.0, mu_after=26.0 + i, sigma_after=7.0))

    server.run(fill)
    r = server.browser().get("/api/players/ann/ratings/rococo-solo")
    assert r.status_code == 200, r.text
    assert r.json()["points"] == [{"at": 1000.0 + i, "rating": round(1500 + 25 * (26 + i - 21)),
                                   "game_id": None if i == 1 else f"r{i}"} for i in range(3)]
    assert server.browser().get("/api/players/ann/ratings/necklace").json()["points"] == []
    assert error(server.browser().get("/api/players/ann/ratings/go")) == "unknown_kind"
    assert server.browser().get(f"/api/players/{'a' * 101}").status_code == 422


def test_follows_list_who_is_online_and_their_listed_tables(server: Server) -> None:
    now = time.time()

    def fill(db: Database) -> None:
        add_accounts(db, account_rows("ann", "Ann", now), account_rows("bea", "Bea", now - 60),
                     account_rows("cat", "Cat", now - ONLINE_WITHIN - 60), account_rows("dan", "Dan", hidden=True))
        for game_id, listed in (("open1", True), ("secret", False)):
            db.conn.execute(GAMES.insert().values(id=game_id, game="necklace", title=f"{game_id} table", config="{}",
                                                  seed="1", created=now, over=UNFINISHED, listed=listed))
            db.conn.execute(SEATS.insert(), [
                {"game_id": game_id, "seat": 0, "kind": "human", "name": "Bea", "account": "id-bea",
                 "token_hash": secrets.token_hex(8)},
                {"game_id": game_id, "seat": 1, "kind": "human", "name": "", "account": None, "token_hash": None}])

    server.run(fill)
    ann = signed_in(server, "ann")
    for handle in ("Bea", "cat", "bea"):
        r = ann.post("/api/account/follows", {"handle": handle})
        assert r.status_code == 200 and r.json()["following"], r.text
    assert error(ann.post("/api/account/follows", {"handle": "ann"})) == "own_profile"
    assert error(ann.post("/api/account/follows", {"handle": "dan"})) == "no_such_player"
    assert ann.post("/api/account/follows", {"handle": 3}).status_code == 422
    assert ann.get("/api/players/bea").json()["following"] is True
    assert ann.get("/api/account/follows").json() == {"follows": [
        {"handle": "bea", "name": "Bea", "online": True,
         "tables": [{"id": "open1", "title": "open1 table", "game": "necklace", "free": 1}]},
        {"handle": "cat", "name": "Cat", "online": False, "tables": []}]}
    r = delete(ann, "/api/account/follows/cat")
    assert r.status_code == 200 and r.json() == {"handle": "cat", "following": False}
    assert delete(ann, "/api/account/follows/nobody").status_code == 200, "answered alike for any handle"
    assert [f["handle"] for f in ann.get("/api/account/follows").json()["follows"]] == ["bea"]
    assert server.browser().get("/api/account/follows").status_code == 401



@pytest.mark.heavy
def test_the_load_tools_filling_is_what_the_api_reads(tmp_path: Path) -> None:
    """tools/standing_load.py's rows, on a few accounts: every board and profile answers."""
    url = f"sqlite:///{tmp_path / 'standing.db'}"
    filled = fill(url, 30, 120, seed=2)
    assert filled.results > 120 and filled.changes > 0 and filled.visible
    with TestClient(create_app(url, limits=UNLIMITED)) as client:
        for kind in kinds():
            assert client.get(f"/api/leaderboard/{kind}?provisional=true").status_code == 200
        busiest = client.get(f"/api/players/{filled.handles[filled.busiest]}")
        assert busiest.status_code in (200, 404), busiest.text  # 404: hidden or suspended
        shown_ = client.get(f"/api/players/{filled.handles[filled.visible[0]]}").json()
        assert sum(g["played"] for g in shown_["games"]) == shown_["reliability"]["started"]


def test_the_rating_kinds_are_each_games_and_its_solo_modes() -> None:
    assert sorted(kinds()) == ["necklace", "rococo", "rococo-solo"], "the Necklace has no solo mode"
