"""The turn (RULES.md §3): phase order, influence, purchase and devaluation."""

from __future__ import annotations

from typing import Any

import pytest

from salon.core.errors import IllegalAction
from salon.core.events import Event
from salon.necklace.game import Necklace
from tests.necklace.positions import (
    assert_valid,
    begin_turn,
    cid,
    find,
    give,
    kinds_of,
    new_game,
    pid,
    run,
    set_hand,
    set_market,
    set_pile,
    set_pile_top,
)


def quiet(players: int = 2, **config: Any) -> Necklace:
    """Seat 0 to play, a market of five non-gem cards at their top prices, and a pile that
    starts with characters (no Queen window, no Merchant soon)."""
    g = new_game(players, **config)
    confessors, courtesans = find(g, "confessor"), find(g, "courtesan")
    rings, cardinals = find(g, "ring"), find(g, "cardinal")
    for seat in range(players):
        set_hand(g, seat, [])
    set_market(g, [rings[0], rings[1], confessors[0], confessors[1], courtesans[0]])
    set_pile_top(g, [*rings[2:7], confessors[2], confessors[3], *cardinals])
    begin_turn(g, 0)
    return g


def buy_first(g: Necklace) -> list[Event]:
    """End the Influence phase, buy the first card offered, end the purchase."""
    events = g.apply("done")
    events += g.apply(g.legal_actions()[0])
    return events + g.apply("done")


def test_clockwise_turns_in_three_phases_QN_TURN_1_QN_TURN_2() -> None:
    g = quiet(3)
    turns = g.s.turn_no
    kinds = []
    seats = []
    for _ in range(3):
        seats.append(g.current_player())
        kinds.append(g.decision()["kind"])
        g.apply("done")
        kinds.append(g.decision()["kind"])
        g.apply(g.legal_actions()[0])  # buy the cheapest-listed card
        g.apply("done")
        assert_valid(g)
    assert seats == [0, 1, 2] and g.current_player() == 0
    assert kinds == ["influence", "buy"] * 3
    assert g.s.turn_no == turns + 3


def test_phases_and_their_order_in_events_QN_TURN_2() -> None:
    g = quiet()
    events = buy_first(g)
    assert kinds_of(events) == ["influence_end", "bought", "purchase_end", "devalued", "drawn", "turn_end", "turn"]


def test_influence_cards_one_after_another_QN_INF_1_QN_BUY_2_QN_COURTESAN_1() -> None:
    """QN-INF-1, QN-COURTESAN-1, QN-BUY-2: each Courtesan adds 3 ducats, at once: 13, 16, 19."""
    g = quiet()
    give(g, 0, *find(g, "courtesan")[1:])
    begin_turn(g, 0)
    ducats = []
    for _ in range(2):
        g.apply("play:courtesan")
        ducats.append(g.s.ducats)
    set_hand(g, 0, g.s.hands[0] + find(g, "courtesan")[:1])
    assert "play:courtesan" not in g.legal_actions()  # a card received during the turn waits
    g.s.held.append(find(g, "courtesan")[0])
    g._legal = None
    g.apply("play:courtesan")
    ducats.append(g.s.ducats)
    assert ducats == [13, 16, 19]
    g.apply("done")
    assert g.decision() == {"seat": 0, "kind": "buy", "ducats": 19, "bought": 0}


def test_only_cards_held_when_the_turn_began_QN_INF_2_QN_AMB_23() -> None:
    """QN-INF-2, QN-AMB-23: a Thief stolen this turn cannot be played this turn, nor can a
    third Musketeer received during the turn complete the triple play."""
    g = quiet()
    thieves = find(g, "thief")
    set_hand(g, 0, [thieves[0]])
    set_hand(g, 1, [thieves[1]])
    begin_turn(g, 0)
    g.apply("play:thief:1")
    assert g.s.hands[0] == [thieves[1]]
    assert g.legal_actions() == ["done"]
    with pytest.raises(IllegalAction) as err:
        g.apply("play:thief:1")
    assert err.value.rule == "QN-INF-2"
    musketeers = find(g, "musketeer")
    set_hand(g, 0, musketeers[:2])
    set_hand(g, 1, find(g, "necklace"))
    begin_turn(g, 0)
    give(g, 0, musketeers[2])
    assert "play:musketeers" not in g.legal_actions()
    with pytest.raises(IllegalAction, match="QN-MUSKETEER-4"):
        g.apply("play:musketeers")


def test_triple_musketeer_in_the_influence_phase_QN_INF_3_QN_MUSKETEER_4_QN_NECKLACE_1() -> None:
    g = quiet(3)
    musketeers = find(g, "musketeer")
    necklace = find(g, "necklace")[0]
    set_hand(g, 0, musketeers[:3])
    set_hand(g, 2, [necklace])
    begin_turn(g, 0)
    assert "play:musketeers" in g.legal_actions()
    events = g.apply("play:musketeers")
    assert g.s.hands[0] == [necklace] and g.s.hands[2] == []
    assert all(m in g.s.out for m in musketeers[:3])
    assert any(e.type == "necklace" and e.seat == 0 and e.data["how"] == "musketeers" for e in events)
    assert [p["necklace"] for p in g.observe(1)["players"]] == [True, False, False]  # QN-NECKLACE-1
    assert g.decision()["kind"] == "influence"


def test_triple_musketeer_needs_the_necklace_elsewhere_QN_MUSKETEER_4() -> None:
    g = quiet()
    musketeers = find(g, "musketeer")
    set_hand(g, 0, [*musketeers[:3], find(g, "necklace")[0]])
    begin_turn(g, 0)
    assert "play:musketeers" not in g.legal_actions()
    set_hand(g, 0, musketeers[:3])
    begin_turn(g, 0)
    assert "play:musketeers" not in g.legal_actions()  # nobody holds it


def test_playing_nothing_is_allowed_QN_INF_4() -> None:
    g = quiet()
    set_hand(g, 0, find(g, "thief")[:1] + find(g, "favorite")[:1])
    begin_turn(g, 0)
    assert g.legal_actions()[-1] == "done"
    g.apply("done")
    assert g.decision()["kind"] == "buy"


def test_played_characters_leave_the_game_QN_INF_5() -> None:
    g = quiet()
    fav = find(g, "favorite")[0]
    set_hand(g, 0, [fav])
    begin_turn(g, 0)
    events = g.apply("play:favorite:ruby")
    assert fav in g.s.out and fav not in g.s.hands[0]
    assert pid(g, fav) in g.observe(1)["discard"]
    assert events[0].type == "played" and events[0].data["card"] == pid(g, fav)


def test_ten_ducats_and_the_price_under_the_ring_QN_BUY_1() -> None:
    g = quiet()
    queen, king, necklace = find(g, "queen")[0], find(g, "king")[0], find(g, "necklace")[0]
    d3 = find(g, "gem", "diamond", 3)[0]
    set_market(g, [king, necklace, d3, queen, None], steps=[0, 0, 2, 3, 0])
    begin_turn(g, 0)
    g.apply("done")
    # King 10, Necklace 13, 3 diamonds at step 2 = 6, Queen at step 3 = 2
    assert g.legal_actions() == [f"buy:{cid(g, king)}", f"buy:{cid(g, d3)}", f"buy:{cid(g, queen)}"]
    with pytest.raises(IllegalAction, match="costs 13 ducats") as err:
        g.apply(f"buy:{cid(g, necklace)}")
    assert err.value.rule == "QN-BUY-1"
    g.apply(f"buy:{cid(g, d3)}")
    assert g.s.ducats == 4
    assert g.legal_actions() == [f"buy:{cid(g, queen)}", "done"]


def test_purchase_fixture_of_the_rulebook_QN_BUY_1() -> None:
    """RULES.md §10.1 with the reconstructed ladders: Ring 8, Confessor 4, Banker 6, a
    1-emerald card 4 and a 2-ruby card 6; every purchase the rulebook lists fits in 10 ducats,
    emerald + rubies + Confessor does not."""
    g = quiet()
    ring, confessor, banker = find(g, "ring")[0], find(g, "confessor")[0], find(g, "banker")[0]
    emerald, rubies = find(g, "gem", "emerald", 1)[0], find(g, "gem", "ruby", 2)[0]
    set_market(g, [ring, confessor, banker, emerald, rubies], steps=[0, 1, 1, 1, 1])
    begin_turn(g, 0)
    g.apply("done")
    assert [m and m["price"] for m in g.observe(0)["market"]] == [8, 4, 6, 4, 6]
    for combo in ([ring], [confessor, banker], [emerald, rubies], [emerald, confessor], [rubies, confessor]):
        trial = g.clone()
        for c in combo:
            trial.apply(f"buy:{cid(g, c)}")
        assert trial.s.ducats >= 0
    trial = g.clone()
    run(trial, f"buy:{cid(g, emerald)}", f"buy:{cid(g, rubies)}")
    assert f"buy:{cid(g, confessor)}" not in trial.legal_actions()


def test_must_buy_at_least_one_card_QN_BUY_3_QN_BUY_6() -> None:
    g = quiet()
    set_market(g, list(g.s.market), steps=[3, 3, 3, 3, 3])
    g.apply("done")
    assert "done" not in g.legal_actions()
    with pytest.raises(IllegalAction) as err:
        g.apply("done")
    assert err.value.rule == "QN-BUY-3"
    g.apply(g.legal_actions()[0])
    assert "done" in g.legal_actions()
    g.apply(g.legal_actions()[0])  # one card at a time, as long as ducats remain
    assert g.s.bought == 2


def test_nothing_affordable_QN_BUY_3_QN_AMB_6() -> None:
    """QN-AMB-6: with nothing affordable (or an empty market) the phase ends without a
    purchase."""
    g = quiet()
    necklace = find(g, "necklace")[0]
    set_market(g, [necklace, None, None, None, None])
    begin_turn(g, 0)
    g.apply("done")
    assert g.legal_actions() == ["done"]
    set_market(g, [None] * 5)
    assert g.legal_actions() == ["done"]
    g.apply("done")
    assert g.s.hands[0] == []


def test_unspent_ducats_are_lost_QN_BUY_4() -> None:
    g = quiet()
    set_hand(g, 0, find(g, "courtesan")[1:2])
    begin_turn(g, 0)
    run(g, "play:courtesan", "done")
    g.apply(g.legal_actions()[0])
    events = g.apply("done")
    assert events[0].type == "purchase_end" and events[0].data["lost"] == g.s.ds.rules.ducats + 3 - 8
    assert g.current_player() == 1 and g.s.ducats == 10


def test_bought_cards_into_the_hand_slot_waits_QN_BUY_5() -> None:
    g = quiet()
    c = g.s.market[2]
    run(g, "done", f"buy:{cid(g, c)}")
    assert c in g.s.hands[0] and g.s.market[2] == -1
    assert g.observe(0)["market"][2] is None
    assert g.observe(1)["players"][0]["hand_count"] == 1
    g.apply("done")
    assert g.s.market[2] != -1 and g.s.price[2] == 0  # refilled in Devaluation


def test_buying_the_necklace_QN_BUY_7() -> None:
    g = quiet()
    necklace = find(g, "necklace")[0]
    set_market(g, [necklace, None, None, None, None], steps=[1, 0, 0, 0, 0])
    begin_turn(g, 0)
    events = run(g, "done", f"buy:{cid(g, necklace)}")
    assert any(e.type == "necklace" and e.seat == 0 and e.data["how"] == "bought" for e in events)
    assert g.observe(1)["players"][0]["necklace"] is True


def test_devaluation_moves_rings_and_discards_at_the_cross_QN_DEV_1_QN_DEV_2_QN_DEV_3() -> None:
    g = quiet()
    m = list(g.s.market)
    set_market(g, m, steps=[0, 1, 2, 3, 0])
    pile_top = g.s.pile[-1]
    begin_turn(g, 0)
    events = run(g, "done", f"buy:{cid(g, m[4])}", "done")
    assert g.s.market[:3] == m[:3] and g.s.price[:3] == [1, 2, 3]
    assert m[3] in g.s.out  # its ring reached the crossed-out space
    dev = next(e for e in events if e.type == "devalued")
    assert dev.data["discarded"] == [cid(g, m[3])]
    drawn = [e.data for e in events if e.type == "drawn"]
    assert [d["slot"] for d in drawn] == [3, 4]  # left to right
    assert drawn[0]["card"] == cid(g, pile_top)
    assert g.s.price[3:] == [0, 0]


def test_devaluation_example_QN_DEV_6() -> None:
    """QN-DEV-6: the Confessor and the Banker were bought; a three-diamond card and a Ring
    take their slots at their top prices; the other three cards move one step down."""
    g = quiet(queen_on_amber=True)
    confessor, banker = find(g, "confessor")[0], find(g, "banker")[0]
    d3, ring = find(g, "gem", "diamond", 3)[0], find(g, "ring")[0]
    others = find(g, "ring")[1:3] + find(g, "thief")[:1]
    set_market(g, [others[0], confessor, others[1], banker, others[2]], steps=[0, 1, 0, 1, 0])
    set_pile_top(g, [d3, ring])
    begin_turn(g, 0)
    run(g, "done", f"buy:{cid(g, confessor)}", f"buy:{cid(g, banker)}", "done")
    while g.decision()["kind"] == "queen":
        g.apply("pass")
    assert g.s.market == [others[0], d3, others[1], ring, others[2]]
    assert g.s.price == [1, 0, 1, 0, 1]
    assert [m and m["price"] for m in g.observe(0)["market"]] == [6, 10, 6, 8, 6]


def test_queen_window_on_a_drawn_gem_QN_DEV_4() -> None:
    g = quiet()
    e1 = find(g, "gem", "emerald", 1)[0]
    set_pile_top(g, [e1])
    buy_first(g)
    assert g.decision() == {"seat": 0, "kind": "queen", "slot": 0, "card": cid(g, e1)}


def test_empty_pile_leaves_slots_empty_QN_DEV_5_QN_AMB_20() -> None:
    """QN-DEV-5, QN-AMB-20: no refill from an exhausted pile, never a reshuffle of discards;
    play goes on."""
    g = quiet()
    set_pile(g, [])
    out_before = len(g.s.out)
    buy_first(g)
    assert g.s.market.count(-1) == 1 and g.s.pile == []
    assert len(g.s.out) == out_before
    assert g.current_player() == 1 and g.decision()["kind"] == "influence"
    assert_valid(g)


def test_no_hand_limit_QN_AMB_22() -> None:
    g = quiet()
    set_hand(g, 1, find(g, "gem", "amber"))
    begin_turn(g, 0)
    buy_first(g)
    assert len(g.s.hands[1]) == 17 and g.decision()["kind"] == "influence"
    assert_valid(g)
