"""Hidden information of The Queen's Necklace: differential tests.

Each test builds two worlds that a seat cannot tell apart (same observation, same legal
actions, same event views so far) but that differ in one secret, and checks that nothing the
seat (or the search working for it) receives depends on that secret.  The docstrings name the
secret and the rule that makes it secret.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from salon.core.events import Event
from salon.core.rng import Rng
from salon.necklace.game import Necklace
from salon.necklace.kinds import GEM, INFLUENCE, MUSKETEER
from salon.web.app import create_app
from tests.necklace.positions import begin_turn, cid, find, new_game, set_hand, set_market, set_pile_top
from tests.web.helpers import act, room_of, settled, state


def _views(events: list[Event], seat: int | None) -> list[dict[str, Any]]:
    return [e.view(seat) for e in events]


def _step(worlds: list[Necklace], action: str, viewer: int, log: list[list[dict[str, Any]]]) -> None:
    """Apply ``action`` in every world and keep what ``viewer`` is shown of its events."""
    for w, seen in zip(worlds, log):
        seen += _views(w.apply(action), viewer)


def _auto(worlds: list[Necklace], viewer: int, log: list[list[dict[str, Any]]],
          until: Callable[[Necklace], bool]) -> None:
    """Play the same plain choices in every world (pass / done / first legal action) until
    ``until(world)`` holds in the first one."""
    while not until(worlds[0]):
        legal = worlds[0].legal_actions()
        action = "pass" if "pass" in legal else "done" if "done" in legal else legal[0]
        _step(worlds, action, viewer, log)


def _indistinguishable(worlds: list[Necklace], viewer: int, log: list[list[dict[str, Any]]]) -> None:
    a, b = worlds
    assert a.observe(viewer) == b.observe(viewer), "precondition: the viewer sees the same position"
    assert log[0] == log[1], "precondition: the viewer was shown the same events"
    if a.current_player() == viewer:
        assert a.legal_actions() == b.legal_actions()


# --- 1. a card's id names which of two identical copies was played (engine-specific)


def test_the_played_cardinals_id_does_not_reveal_a_second_one_in_hand_QN_INFO_1_QN_SETUP_6() -> None:
    """Secret: whether seat 1 still holds a Cardinal (hand contents, QN-SETUP-6, QN-INFO-1).

    Seat 0 watches seat 1 buy the Cardinal with the higher id from the market.  In world A
    seat 1 was also dealt the other Cardinal, in world B that card lies in the pile; seat 0
    cannot tell the two worlds apart.  When seat 1 then plays a Cardinal, the engine picks
    the lowest id in its hand (rules/common.py first_of_kind): in world A the other copy.
    Were the "cardinal" event and the discard to name that copy, seat 0 would learn that the
    Cardinal it saw bought is still in seat 1's hand.  At the table both plays are "a
    Cardinal"; the views name both copies by one public id (common.cid)."""
    worlds = []
    for with_second in (True, False):
        g = new_game(2, seed=4, start=1)
        low, high = find(g, "cardinal")
        rubies = find(g, "gem", "ruby")
        set_hand(g, 0, find(g, "gem", "emerald")[:3])
        set_hand(g, 1, ([low] if with_second else [rubies[2]]) + rubies[:2])
        rings = find(g, "ring")
        set_market(g, [high, *rings[:4]])
        set_pile_top(g, [find(g, "courtesan")[0], find(g, "merchant")[0], *find(g, "courtesan")[1:]])
        begin_turn(g, 1)
        worlds.append(g)
    log: list[list[dict[str, Any]]] = [[], []]
    _step(worlds, "done", 0, log)  # seat 1: no influence
    _step(worlds, f"buy:{cid(worlds[0], high)}", 0, log)  # bought in public view
    _step(worlds, "done", 0, log)
    _auto(worlds, 0, log, lambda w: w.current_player() == 0 and w.decision()["kind"] == "buy")
    _step(worlds, f"buy:{cid(worlds[0], find(worlds[0], 'ring')[0])}", 0, log)
    _auto(worlds, 0, log, lambda w: w.current_player() == 1 and w.decision()["kind"] == "cardinal")
    _indistinguishable(worlds, 0, log)
    assert all("react:cardinal" in w.legal_actions() for w in worlds)
    played = [_views(w.apply("react:cardinal"), 0) for w in worlds]
    assert played[0] == played[1], f"seat 0 is shown which Cardinal copy went: {played}"
    assert worlds[0].observe(0) == worlds[1].observe(0)


# --- 2. how many cards another seat presents (the web server)


def _prefix(seed: int) -> tuple[list[str], list[str]] | None:
    """Random actions from the start of a 2-player game (seat 0 first) to a presentation of
    seat 0 that seat 1 follows, where seat 0 can present two gem cards; and those two."""
    g = Necklace.new({"players": 2, "start_player": 0}, seed)
    rng = random.Random(seed)
    actions: list[str] = []
    while not g.is_over():
        if g.decision()["kind"] == "present" and g.current_player() == 0 and g.s.stack[-2] == ("present", 1):
            gems = [a for a in g.legal_actions() if a.startswith("present:") and a.count(":") == 1
                    and g.s.ds.cards[g.s.ds.card_index[a[8:]]].kind == GEM]
            if len(gems) >= 2 and g.s.hands[1]:
                return actions, gems[:2]
        a = rng.choice(g.legal_actions())
        g.apply(a)
        actions.append(a)
    return None


@pytest.mark.slow
def test_the_web_version_and_log_do_not_count_another_seats_presented_cards_QN_INFO_1_QN_SALE_7() -> None:
    """Secret: what seat 0 puts face down in its presentation, before the reveal (QN-INFO-1,
    QN-SALE-1/7, QN-AMB-25), here how many cards -- the rulebook warns players not to show
    it.  Presenting is one action per card; the server shows those actions to their seat
    only (Adapter.private_action), so seat 1 gets the same version and log whether seat 0
    presents one card or two."""
    seed, (prefix, gems) = next((s, p) for s in range(40) if (p := _prefix(s)) is not None)
    seen = []
    with TestClient(create_app("sqlite://", bot_delay=0, allow_seed=True)) as client:
        for presented in (gems[:1], gems):
            r = client.post("/api/games", json={
                "game": "necklace", "title": "presentation", "seats": [{"kind": "human"}, {"kind": "human"}],
                "config": {"start_player": 0}, "seed": seed, "join": {"seat": 0, "name": "A"}})
            assert r.status_code == 201, r.text
            game_id = r.json()["id"]
            tokens = {0: r.json()["token"],
                      1: client.post(f"/api/games/{game_id}/join", json={"seat": 1}).json()["token"]}
            room = room_of(client, game_id)
            for i, action in enumerate([*prefix, *presented, "done"]):
                if len(settled(room).game.history) > i:  # a lone pass or done the server made
                    assert room.game.history[i] == action
                    continue
                seat = state(client, game_id)["current"]
                v = state(client, game_id, tokens[seat])["version"]
                assert act(client, game_id, tokens[seat], action, v).status_code == 200
            seen.append(state(client, settled(room).id, tokens[1]))
    a, b = seen
    assert a["current"] == b["current"] == 1
    assert a["observation"] == b["observation"], "precondition: seat 1's observation is the same"
    assert (a["version"], a["log"]) == (b["version"], b["log"]), (
        f"seat 1 can count seat 0's face-down cards: version {a['version']} vs {b['version']}")


# --- 3. another seat's Confessor peek (the real cards of a third hand)


def test_determinize_forgets_what_another_seat_saw_of_a_third_hand_QN_INFO_1_QN_CONFESSOR_1() -> None:
    """Secret: seat 2's hand, which seat 0 saw with a Confessor and seat 1 did not
    (QN-INFO-1, QN-CONFESSOR-1: only the Confessor's player sees it).

    ``determinize(game, 1, rng)`` re-samples seat 2's hand, so the copy must not keep
    ``State.peeks`` of seat 0 either (readable as ``d.observe(0)["players"][0]["seen"]``).
    The two worlds differ only in seat 2's hand; seat 1 sees them identically."""
    worlds = []
    for gem in ("ruby", "emerald"):
        g = new_game(3, seed=2, start=0)
        set_hand(g, 0, [find(g, "confessor")[0], find(g, "gem", "amber")[0]])
        set_hand(g, 1, find(g, "gem", "diamond")[:2])
        set_hand(g, 2, find(g, "gem", gem)[:3])
        set_market(g, find(g, "ring")[:5])
        set_pile_top(g, find(g, "courtesan") + find(g, "thief"))
        begin_turn(g, 0)
        worlds.append(g)
    log: list[list[dict[str, Any]]] = [[], []]
    _step(worlds, "play:confessor:2", 1, log)
    _auto(worlds, 1, log, lambda w: w.current_player() == 1 and w.decision()["kind"] == "influence")
    _indistinguishable(worlds, 1, log)
    leaked = []
    for w in worlds:
        real = set(w.s.hands[2])
        for k in range(5):
            d = w.determinize(1, Rng(k))
            kept = (set(d.s.peeks[0][2] or ()) & real) - set(d.s.hands[2])
            leaked += [cid(w, c) for c in sorted(kept)]
    assert not leaked, f"the determinized copies still name seat 2's real cards: {sorted(set(leaked))}"


# --- 4. whether the active seat began its turn with an influence card


def test_determinize_resamples_whether_the_active_hand_held_influence_cards_QN_INFO_1_QN_INF_2() -> None:
    """Secret: whether seat 0 (active, in its Devaluation phase) had an influence card or a
    Musketeer in hand when its turn began and did not play it (hand contents, QN-INFO-1;
    ``State.held``, QN-INF-2).

    ``determinize`` must recompute ``held`` from the re-sampled hand, an empty one too: in
    world B (a ruby instead of the Thief) the real ``held`` is empty, in world A it is not,
    and the copies must not tell.  Seat 1, asked in the Queen window, cannot tell the
    worlds apart."""
    worlds = []
    for thief in (True, False):
        g = new_game(2, seed=6, start=0)
        rubies = find(g, "gem", "ruby")
        set_hand(g, 0, ([find(g, "thief")[0]] if thief else [rubies[3]]) + rubies[:2])
        set_hand(g, 1, find(g, "gem", "diamond")[:2])
        set_market(g, find(g, "ring")[:5])
        set_pile_top(g, [find(g, "gem", "emerald")[0], *find(g, "courtesan")])
        begin_turn(g, 0)
        worlds.append(g)
    log: list[list[dict[str, Any]]] = [[], []]
    _step(worlds, "done", 1, log)  # seat 0 does not play its Thief (world A)
    _step(worlds, f"buy:{cid(worlds[0], find(worlds[0], 'ring')[0])}", 1, log)
    _auto(worlds, 1, log, lambda w: w.current_player() == 1 and w.decision()["kind"] == "queen")
    _indistinguishable(worlds, 1, log)
    cards = worlds[0].s.ds.cards
    samples = []
    for w in worlds:
        held = set()
        for k in range(40):
            d = w.determinize(1, Rng(k))
            if any(cards[c].kind in INFLUENCE or cards[c].kind == MUSKETEER for c in d.s.hands[0]):
                held.add(bool(d.s.held))  # a copy whose seat 0 could have held one
        samples.append(held)
    assert samples[0] == samples[1], f"held is empty in every copy only in the world where it really was: {samples}"
