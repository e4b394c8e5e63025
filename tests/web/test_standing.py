"""Results and ratings: openskill's Plackett–Luce update worked by hand for three players with
a tie, the placements of a game's people (who went early finishes last), rated tables that
seat accounts only and choose their players, a rated game played to its end over the API,
a concession, a vote to end a game as it stands, the solo mode against a fixed opponent,
and every rating rebuilt from the stored placements (a reset included)."""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import partial
from typing import Any

import pytest
import sqlalchemy as sa

from salon.web.accounts import store
from salon.web.players.figures import shown
from salon.web.standing import ratings
from salon.web.standing.outcome import AUTOMATON_PREFIX, Outcome, Placed
from salon.web.standing.record import finish
from salon.web.storage.schema import ACCOUNTS, BLOCKS, FOLLOWS, RATING_CHANGES, RATINGS, RESULTS
from tests.web.helpers import TOKEN
from tests.web.test_accounts import PASSWORD, Browser, Server, error, serve, sign_in, sign_up
from tests.web.test_correspondence import game_state, move, settled


@pytest.fixture
def server() -> Iterator[Server]:
    yield from serve()


# --- the model, by hand


def by_hand(players: list[tuple[float, float]], ranks: list[int]) -> list[tuple[float, float]]:
    """Weng and Lin's Plackett–Luce update (2011, algorithm 4) as openskill documents it: σ
    first widened by τ, c² the sum of every σ² + β², and a tie shared through A_q (the count
    of teams of q's rank)."""
    beta, tau, kappa = 25 / 6, 25 / 300, 0.0001
    var = [s * s + tau * tau for _, s in players]
    mus = [mu for mu, _ in players]
    c = math.sqrt(sum(v + beta * beta for v in var))
    a = [ranks.count(r) for r in ranks]
    below = [sum(math.exp(mus[s] / c) for s in range(len(ranks)) if ranks[s] >= ranks[q]) for q in range(len(ranks))]
    new = []
    for i, (mu, v) in enumerate(zip(mus, var, strict=True)):
        omega = delta = 0.0
        for q in range(len(ranks)):
            if ranks[q] <= ranks[i]:
                p = math.exp(mu / c) / below[q]
                omega += ((1 - p) if q == i else -p) / a[q]
                delta += p * (1 - p) / a[q]
        new.append((mu + v / c * omega, math.sqrt(v * max(1 - v / c / c * (math.sqrt(v) / c) * delta, kappa))))
    return new


def test_a_three_player_game_with_a_tie_moves_the_ratings_as_worked_by_hand() -> None:
    players = [(25.0, 25 / 3), (30.0, 6.0), (20.0, 7.0)]
    changes = ratings.rate([("ann", 1), ("bea", 1), ("cy", 3)], {"bea": players[1], "cy": players[2]})
    expected = by_hand(players, [1, 1, 3])
    assert [x for c in changes for x in c.after] == pytest.approx([x for e in expected for x in e], abs=1e-12)
    # the figures once more, rounded: Ann and Bea shared first, Cy last
    assert [x for e in expected for x in e] == pytest.approx([25.8685, 8.1550, 30.1164, 5.9462, 19.2288, 6.9293],
                                                             abs=1e-4)
    assert [c.before for c in changes] == [(25.0, 25 / 3), players[1], players[2]]
    gained = [c.after[0] - c.before[0] for c in changes]
    assert gained[0] > gained[1] > 0 > gained[2], "the underdog's share of first gains most"


def test_a_fixed_opponent_keeps_its_rating() -> None:
    changes = ratings.rate([("ann", 1), (f"{AUTOMATON_PREFIX}madame_du_barry", 2)], {})
    assert changes[0].after[0] > 25 and changes[1].after == changes[1].before == (25.0, 25 / 3)
    assert shown(25.0, 25 / 3) == pytest.approx(1500.0)


# --- rated tables over the API


def two(server: Server) -> tuple[Browser, Browser]:
    ann, bea = server.browser("198.51.100.7"), server.browser("198.51.100.8")
    sign_up(server, ann)
    sign_up(server, bea, "bea@example.org", "Bea")
    return ann, bea


def rated_table(host: Browser, **extra: Any) -> Any:
    return host.post("/api/games", {"game": "necklace", "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 3,
                                    "config": {"start_player": 0}, "rated": True, "join": {"seat": 0, "name": "Ann"},
                                    **extra})


def at_rest(people: dict[int, tuple[Browser, str]], game_id: str) -> dict[str, Any]:
    """The deciding seat's state once the server has made every lone move it makes for the
    seats (each moves the version on): a version read now stays until someone acts."""
    watcher, _ = next(iter(people.values()))
    for _ in range(100):
        browser, token = people[game_state(watcher, game_id)["current"]]
        shown = settled(browser, game_id, token)
        if shown["current"] == shown["seat"]:
            return shown
    raise AssertionError("the server went on moving for the seats")


def seated(server: Server) -> tuple[Browser, Browser, str, list[str]]:
    ann, bea = two(server)
    r = rated_table(ann)
    assert r.status_code == 201, r.text
    game_id = r.json()["id"]
    joined = bea.post(f"/api/games/{game_id}/join", {"seat": 1, "name": "Bea"})
    assert joined.status_code == 200, joined.text
    tokens = [r.json()["token"], joined.json()["token"]]
    at_rest({0: (ann, tokens[0]), 1: (bea, tokens[1])}, game_id)
    return ann, bea, game_id, tokens


def play_out(people: dict[int, tuple[Browser, str]], game_id: str) -> dict[str, Any]:
    """Play each person's decision with its first legal action until the game ends (a bot
    plays its seats itself, and the server a person's lone moves): the last state."""
    watcher, _ = next(iter(people.values()))
    for _ in range(5000):
        state = game_state(watcher, game_id)
        if state["status"] != "running":
            return state
        if state["current"] in people:
            browser, token = people[state["current"]]
            mine = game_state(browser, game_id, token)
            if mine["legal"] and mine["forced"] is None:  # else the server moves for the seat
                r = browser.post(f"/api/games/{game_id}/actions", {"action": mine["legal"][0],
                                                                   "version": mine["version"]}, headers={TOKEN: token})
                assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")


def rows(server: Server, table: sa.Table) -> list[Any]:
    return server.run(lambda db: list(db.conn.execute(sa.select(table))))


@pytest.mark.heavy
def test_a_rated_table_seats_signed_in_people_only(server: Server) -> None:
    ann, bea = two(server)
    guest = server.browser("198.51.100.9")
    assert error(rated_table(guest)) == "signed_out"
    r = ann.post("/api/games", {"game": "necklace", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "easy"}],
                                "rated": True, "join": {"seat": 0}})
    assert error(r) == "bad_seats", "bots never change a person's rating"
    r = ann.post("/api/games", {"game": "necklace", "seats": [{"kind": "human"}] * 2, "min_rating": 1400})
    assert error(r) == "bad_minimum"
    game_id = rated_table(ann).json()["id"]
    assert error(guest.post(f"/api/games/{game_id}/join", {"seat": 1})) == "signed_out"
    summary = guest.get(f"/api/games/{game_id}").json()
    assert summary["rated"] is True and summary["min_rating"] is None


def test_a_rated_table_asks_for_its_minimums(server: Server) -> None:
    ann, bea = two(server)
    game_id = rated_table(ann, min_rating=1501).json()["id"]
    r = bea.post(f"/api/games/{game_id}/join", {"seat": 1})
    assert error(r) == "below_minimum" and "1500" in r.json()["error"]["message"], "a newcomer stands at 1,500"
    game_id = rated_table(ann, min_rating=1500, min_reliability=100).json()["id"]
    assert bea.post(f"/api/games/{game_id}/join", {"seat": 1}).status_code == 200


@pytest.mark.slow
def test_a_rated_game_played_out_stores_results_and_moves_both_ratings(server: Server) -> None:
    ann, bea, game_id, tokens = seated(server)
    last = play_out({0: (ann, tokens[0]), 1: (bea, tokens[1])}, game_id)
    assert last["status"] == "over" and last["rated"] is True
    places = last["result"]["places"]
    results = sorted(rows(server, RESULTS), key=lambda r: r.seat)
    assert [(r.seat, r.place, r.outcome, r.kind, r.rated) for r in results] == [
        (0, places[0], "finished", "necklace", True), (1, places[1], "finished", "necklace", True)]
    changes = {r.account: r for r in rows(server, RATING_CHANGES)}
    rated = {r.account: r for r in rows(server, RATINGS)}
    for r in results:
        c = changes[r.account]
        assert (c.mu_before, c.sigma_before) == (25.0, 25 / 3) and c.place == r.place
        assert (rated[r.account].mu, rated[r.account].sigma, rated[r.account].games) == (c.mu_after, c.sigma_after, 1)
        assert rated[r.account].shown == pytest.approx(shown(c.mu_after, c.sigma_after))
    winner = min(results, key=lambda r: r.place)
    if places[0] != places[1]:
        assert changes[winner.account].mu_after > 25.0
    assert server.run(lambda db: ratings.rebuild(db)) == (1, [])


@pytest.mark.slow
def test_a_player_who_concedes_a_rated_game_finishes_last(server: Server) -> None:
    ann, bea, game_id, tokens = seated(server)
    state = game_state(ann, game_id, tokens[0])
    r = ann.post(f"/api/games/{game_id}/concede", {"version": state["version"]}, headers={TOKEN: tokens[0]})
    assert r.status_code == 200, r.text
    assert play_out({1: (bea, tokens[1])}, game_id)["status"] == "over", "Bea plays on against the bot"
    by_seat = {r.seat: r for r in rows(server, RESULTS)}
    assert (by_seat[0].place, by_seat[0].outcome) == (2, "conceded")
    assert (by_seat[1].place, by_seat[1].outcome) == (1, "finished")
    changes = {r.account: r for r in rows(server, RATING_CHANGES)}
    assert changes[by_seat[0].account].mu_after < 25.0 < changes[by_seat[1].account].mu_after


@pytest.mark.heavy
def test_a_game_its_players_vote_to_end_is_scored_as_it_stands(server: Server) -> None:
    ann, bea, game_id, tokens = seated(server)
    people = {0: (ann, tokens[0]), 1: (bea, tokens[1])}
    for _ in range(12):  # a few decisions in: the scores still even
        browser, token = people[game_state(ann, game_id)["current"]]
        move(browser, game_id, token)
    at_rest(people, game_id)  # the server's lone moves, if any, made before the vote
    version = game_state(ann, game_id, tokens[0])["version"]
    r = ann.post(f"/api/games/{game_id}/end-vote", {"version": version}, headers={TOKEN: tokens[0]})
    assert r.status_code == 200 and r.json()["state"]["end_votes"] == [0] and r.json()["state"]["status"] == "running"
    assert not rows(server, RESULTS), "one vote of two ends nothing"
    version = game_state(bea, game_id, tokens[1])["version"]
    r = bea.post(f"/api/games/{game_id}/end-vote", {"version": version}, headers={TOKEN: tokens[1]})
    assert r.status_code == 200 and r.json()["state"]["status"] == "ended"
    results = sorted(rows(server, RESULTS), key=lambda r: r.seat)
    assert [r.outcome for r in results] == ["ended", "ended"]
    scores = [p["score"] for p in game_state(ann, game_id)["observation"]["players"]]
    assert [r.place for r in results] == [1 + sum(s > mine for s in scores) for mine in scores]
    assert len(rows(server, RATING_CHANGES)) == 2
    assert error(bea.post(f"/api/games/{game_id}/end-vote", {"version": version}, headers={TOKEN: tokens[1]})) \
        == "over"


def test_a_game_ends_as_it_stands_when_the_only_player_who_had_not_voted_concedes(server: Server) -> None:
    ann, bea, game_id, tokens = seated(server)
    version = game_state(ann, game_id, tokens[0])["version"]
    assert ann.post(f"/api/games/{game_id}/end-vote", {"version": version}, headers={TOKEN: tokens[0]}) \
        .json()["state"]["end_votes"] == [0]
    version = game_state(bea, game_id, tokens[1])["version"]
    r = bea.post(f"/api/games/{game_id}/concede", {"version": version}, headers={TOKEN: tokens[1]})
    assert r.status_code == 200 and game_state(ann, game_id)["status"] == "ended"
    by_seat = {r.seat: r for r in rows(server, RESULTS)}
    assert (by_seat[0].outcome, by_seat[0].place) == ("ended", 1)
    assert (by_seat[1].outcome, by_seat[1].place) == ("conceded", 2)


@pytest.mark.heavy
def test_a_seat_invited_by_handle_is_kept_for_that_account(server: Server) -> None:
    ann, bea = two(server)
    r = ann.post("/api/games", {"game": "necklace", "seats": [{"kind": "human"}, {"kind": "human", "invite": "@BEA"}],
                                "rated": True, "join": {"seat": 0}})
    assert r.status_code == 201, r.text
    assert r.json()["game"]["seats"][1]["invited"] is True
    assert [letter["address"] for letter in server.letters("invitation")] == ["bea@example.org"]
    cy = server.browser("198.51.100.9")
    sign_up(server, cy, "cy@example.org", "Cy")
    assert error(cy.post(f"/api/games/{r.json()['id']}/join", {"seat": 1})) == "seat_invited"
    assert bea.post(f"/api/games/{r.json()['id']}/join", {"seat": 1}).status_code == 200
    nobody = {"kind": "human", "invite": "@nobody"}
    r = ann.post("/api/games", {"game": "necklace", "seats": [{"kind": "human"}, nobody], "join": {"seat": 0}})
    assert error(r) == "no_such_player"
    assert bea.post("/api/account/blocks", {"handle": "ann"}).status_code == 201
    r = ann.post("/api/games", {"game": "necklace", "seats": [{"kind": "human"}, {"kind": "human", "invite": "@bea"}],
                                "join": {"seat": 0}})
    assert error(r) == "no_such_player", "a block is not told apart from no such player"


def made(server: Server, *names: str) -> list[str]:
    """Accounts of those names, made in the database: their ids."""
    return [server.run(partial(store.create, name=n, email=f"{n}@example.org", password_hash="x", lang="en", now=1.0))
            for n in names]


def rated(server: Server, outcome: Outcome, at: float) -> None:
    """Store a rated game's end as the server does."""
    server.run(partial(finish, outcome=outcome, now=at))


def test_the_solo_mode_rates_its_player_against_a_fixed_opponent(server: Server) -> None:
    mdb = f"{AUTOMATON_PREFIX}madame_du_barry"
    [ann] = made(server, "ann")
    for n, place in enumerate((1, 2, 1)):
        won = Outcome(f"g{n}", "rococo", "rococo-solo", True,
                      (Placed(0, ann, place, "finished"), Placed(1, mdb, 3 - place, "finished")))
        rated(server, won, 100.0 + n)
    [rating] = rows(server, RATINGS)
    assert (rating.kind, rating.games) == ("rococo-solo", 3) and rating.mu > 25.0
    fixed = [r for r in rows(server, RATING_CHANGES) if r.account == mdb]
    assert len(fixed) == 3 and all((r.mu_after, r.sigma_after) == (25.0, 25 / 3) for r in fixed)
    assert server.run(lambda db: ratings.rebuild(db)) == (3, [])


def test_every_rating_is_rebuilt_from_the_placements_a_reset_included(server: Server) -> None:
    ann, bea, cy = made(server, "ann", "bea", "cy")
    for n, order in enumerate(((ann, bea, cy), (cy, ann, bea), (bea, cy, ann))):
        game = Outcome(f"g{n}", "necklace", "necklace", True,
                       tuple(Placed(i, who, i + 1, "finished") for i, who in enumerate(order)))
        rated(server, game, 100.0 + n)
    server.run(lambda db: ratings.reset(db, cy, 104.0))
    game = Outcome("g9", "necklace", "necklace", True, (Placed(0, cy, 1, "finished"), Placed(1, ann, 2, "left")))
    server.run(lambda db: finish(db, game, 105.0))
    assert server.run(lambda db: ratings.rebuild(db)) == (4, [])
    assert next(r for r in rows(server, RATINGS) if r.account == cy).games == 1, "counted again from the reset"
    server.run(lambda db: db.conn.execute(RATINGS.update().where(RATINGS.c.account == ann).values(mu=40.0)))
    games, mismatches = server.run(lambda db: ratings.rebuild(db))
    assert [m.where for m in mismatches] == [f"rating of {ann} (necklace)"]
    server.run(lambda db: ratings.rebuild(db, write=True))
    assert server.run(lambda db: ratings.rebuild(db)) == (4, [])


def test_a_suspended_account_is_signed_out_and_cannot_sign_in(server: Server) -> None:
    ann = server.browser()
    account = sign_up(server, ann)
    server.run(lambda db: db.conn.execute(ACCOUNTS.update().where(ACCOUNTS.c.id == account["id"])
                                          .values(suspended=True)))
    assert ann.get("/api/account").status_code == 401
    assert error(sign_in(ann)) == "suspended", "told only with the right password"
    assert error(sign_in(ann, password="not the password at all")) == "bad_credentials"


def test_a_deleted_account_leaves_no_rating_block_or_follow_and_its_results_stay(server: Server) -> None:
    ann, bea = two(server)
    assert bea.post("/api/account/blocks", {"handle": "ann"}).status_code == 201
    assert ann.post("/api/account/follows", {"handle": "bea"}).status_code in (200, 201)
    ann_id = me_id(ann)
    game = Outcome("g1", "necklace", "necklace", True,
                   (Placed(0, ann_id, 1, "finished"), Placed(1, me_id(bea), 2, "finished")))
    server.run(lambda db: finish(db, game, 10.0))
    assert ann.post("/api/account/delete", {"password": PASSWORD}).status_code == 200
    for table in (RATINGS, BLOCKS, FOLLOWS):
        assert all(ann_id not in (r[0], r[1]) for r in rows(server, table)), table.name
    assert {r.account for r in rows(server, RESULTS)} >= {ann_id}, "Bea's rating was made from it"
    assert server.run(lambda db: ratings.rebuild(db)) == (1, [])


def me_id(browser: Browser) -> str:
    account: str = browser.get("/api/account").json()["id"]
    return account


@pytest.mark.slow
def test_a_rated_solo_game_rates_its_player_against_madame_du_barry(server: Server) -> None:
    ann = server.browser()
    sign_up(server, ann)
    r = ann.post("/api/games", {"game": "rococo", "seats": [{"kind": "human"}], "config": {"players": 1, "solo": True},
                                "seed": 5, "rated": True, "join": {"seat": 0, "name": "Ann"}})
    assert r.status_code == 201, r.text
    game_id, token = r.json()["id"], r.json()["token"]
    seat = r.json()["seat"]
    last = play_out({seat: (ann, token)}, game_id)
    assert last["status"] == "over"
    [result] = rows(server, RESULTS)
    assert (result.kind, result.players, result.place) == ("rococo-solo", 2, last["result"]["places"][seat])
    changes = {r.account: r for r in rows(server, RATING_CHANGES)}
    fixed = changes.pop(f"{AUTOMATON_PREFIX}madame_du_barry")
    assert (fixed.mu_after, fixed.sigma_after) == (fixed.mu_before, fixed.sigma_before) == (25.0, 25 / 3)
    [mine] = changes.values()
    assert (mine.mu_after > 25.0) == (mine.place == 1 and fixed.place == 2)
    assert server.run(lambda db: ratings.rebuild(db)) == (1, [])
