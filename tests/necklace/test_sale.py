"""The jewel sale (RULES.md §6): presentation, rarity, selling, the grey cards, the Alchemist,
and the rulebook's worked examples (§10.2, §10.3)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from salon.core.errors import IllegalAction
from salon.core.events import Event
from salon.necklace.game import Necklace
from salon.necklace.rules.sale import outcome
from tests.necklace.positions import (
    assert_valid,
    begin_sale,
    cid,
    find,
    gem,
    kinds_of,
    new_game,
    pid,
    present_all,
    run,
    set_fashion,
    set_hand,
    skip_alchemist,
    to_discard,
)

FASHION = ["diamond", "emerald", "amber", "ruby"]  # the setup example (S L32-34)


class Picker:
    """Hands out distinct cards of a game by description."""

    def __init__(self, g: Necklace) -> None:
        self.g = g
        self.used: set[int] = set()

    def __call__(self, kind: str, gem_name: str | None = None, gems: int | None = None) -> int:
        c = next(x for x in find(self.g, kind, gem_name, gems) if x not in self.used)
        self.used.add(c)
        return c


def act(g: Necklace, c: int, on: str | None = None) -> str:
    return f"present:{cid(g, c)}" + (f":{on}" if on else "")


def sale(g: Necklace, lots: dict[int, list[tuple[int, str | None]]], keep: dict[int, list[int]] | None = None,
         alchemist: bool = False) -> list[Event]:
    """Give each seat its lots' cards (plus ``keep``), start a sale and present them; the
    Alchemist window is passed unless ``alchemist``."""
    keep = keep or {}
    for seat in range(g.num_players):
        set_hand(g, seat, [c for c, _ in lots.get(seat, [])] + keep.get(seat, []))
    begin_sale(g, 0)
    events = present_all(g, {seat: [act(g, c, on) for c, on in cards] for seat, cards in lots.items()})
    if not alchemist:
        events += skip_alchemist(g)
    return events


def result_of(events: list[Event]) -> dict[str, Any]:
    return next(e.data for e in events if e.type == "sale_result")


def fixture_10_2(necklace: bool = False) -> tuple[Necklace, dict[int, list[tuple[int, str | None]]]]:
    """RULES.md §10.2: Anne (seat 0), Barnabé (1), Charles (2)."""
    g = new_game(3)
    set_fashion(g, FASHION)
    p = Picker(g)
    anne = [(p("gem", "diamond", 2), None), (p("gem", "emerald", 3), None), (p("gem", "emerald", 2), None),
            (p("gem", "emerald", 1), None), (p("ring"), "emerald"), (p("ring"), "emerald")]
    if necklace:
        anne.append((p("necklace"), "diamond"))
    barnabe = [(p("gem", "diamond", 1), None), (p("king"), "diamond"), (p("gem", "ruby", 2), None),
               (p("gem", "ruby", 2), None), *[(p("gem", "amber"), None) for _ in range(4)]]
    charles: list[tuple[int, str | None]] = [(p("gem", "ruby", 3), None), (p("gem", "ruby", 1), None),
                                             (p("gem", "emerald", 3), None), (p("banker"), None)]
    return g, {0: anne, 1: barnabe, 2: charles}


def test_rulebook_sale_example() -> None:
    """§10.2: Anne 60, Barnabé 40, Charles 20, as printed (S L154-194)."""
    g, lots = fixture_10_2()
    events = sale(g, lots)
    r = result_of(events)
    assert r["gems"] == {"diamond": 3, "ruby": 8, "emerald": 9, "amber": 4}
    assert r["rarity"] == {"diamond": 30, "ruby": 10, "emerald": 0, "amber": 20}
    assert r["prices"] == {"diamond": 60, "ruby": 10, "emerald": 20, "amber": 30}
    assert r["cancelled"] == ["diamond"]
    assert g.s.scores == [60, 40, 20]
    assert g.s.breakdown == [{"sale1": 60}, {"sale1": 40}, {"sale1": 20}]
    assert_valid(g)


def test_rulebook_sale_example_with_the_necklace_QN_NECKLACE_3() -> None:
    """§10.3: the Necklace on Anne's diamonds cancels Barnabé's King; Anne sells them at 60
    and receives 50 from Barnabé: 170, -10, 20 (QN-NECKLACE-3, scores may go negative)."""
    g, lots = fixture_10_2(necklace=True)
    events = sale(g, lots)
    assert result_of(events)["cancelled"] == []
    assert g.s.scores == [170, -10, 20]
    assert g.s.breakdown[1] == {"sale1": 40, "bounty": -50}
    assert_valid(g)


def test_outcome_function_reproduces_the_fixture_QN_AMB_18() -> None:
    """QN-AMB-18: (1 + rings) x (price + 10 x bankers) per seller and type."""
    g, lots = fixture_10_2()
    shown = [[c for c, _ in lots[s]] for s in range(3)]
    types = [[g.s.ds.cards[c].gem if on is None and g.s.ds.cards[c].kind_name == "gem"
              else (gem(g, on) if on else -1) for c, on in lots[s]] for s in range(3)]
    o = outcome(g.s.ds, g.s.fashion, shown, types)
    emerald, ruby, amber = gem(g, "emerald"), gem(g, "ruby"), gem(g, "amber")
    assert o.income[0][emerald] == 3 * 20 and o.income[2][ruby] == 1 * (10 + 10) and o.income[1][amber] == 30


# --- presentation


def test_only_grey_cards_are_presented_QN_SALE_1() -> None:
    g = new_game(2)
    p = Picker(g)
    thief, ruby, king = p("thief"), p("gem", "ruby"), p("king")
    set_hand(g, 0, [thief, ruby, king])
    set_hand(g, 1, [])
    begin_sale(g, 0)
    assert g.legal_actions() == [act(g, ruby), "done"]
    with pytest.raises(IllegalAction) as err:
        g.apply(act(g, thief))
    assert err.value.rule == "QN-SALE-1"
    g.apply(act(g, ruby))
    assert g.legal_actions() == [act(g, king, t) for t in ["ruby"]] + ["done"]


def test_presenting_is_optional_card_by_card_QN_SALE_2() -> None:
    g = new_game(2)
    p = Picker(g)
    r1, r2, ring = p("gem", "ruby"), p("gem", "ruby"), p("ring")
    sale(g, {0: [(r1, None)]}, keep={0: [r2, ring]})
    assert sorted(g.s.hands[0]) == sorted([r2, ring]) and r1 in g.s.out


def test_lots_rings_kings_and_the_banker_QN_SALE_3_QN_RING_1_QN_KING_1_QN_BANKER_1() -> None:
    """QN-SALE-3 and its cards: a Ring, King or Necklace joins a lot that holds a gem card of
    its type; the Banker any lot, but a lot there must be."""
    g = new_game(2)
    p = Picker(g)
    ruby, amber, ring, king, banker, necklace = (p("gem", "ruby"), p("gem", "amber"), p("ring"), p("king"),
                                                 p("banker"), p("necklace"))
    set_hand(g, 0, [ring, king, banker, necklace, ruby, amber])
    begin_sale(g, 0)
    assert g.legal_actions() == [act(g, ruby), act(g, amber), "done"]
    for c, rule in ((ring, "QN-RING-1"), (king, "QN-KING-1"), (necklace, "QN-NECKLACE-2")):
        with pytest.raises(IllegalAction) as err:
            g.apply(act(g, c, "ruby"))
        assert err.value.rule == rule
    with pytest.raises(IllegalAction) as err:
        g.apply(act(g, banker))
    assert err.value.rule == "QN-BANKER-1"
    g.apply(act(g, ruby))
    assert g.legal_actions() == [act(g, ring, "ruby"), act(g, king, "ruby"), act(g, banker),
                                 act(g, necklace, "ruby"), act(g, amber), "done"]
    with pytest.raises(IllegalAction) as err:
        g.apply(act(g, ring, "amber"))
    assert err.value.rule == "QN-RING-1"


def test_gem_cards_in_their_own_lot_one_king_QN_SALE_4_QN_KING_3() -> None:
    g = new_game(2)
    p = Picker(g)
    ruby, amber, k1, k2 = p("gem", "ruby"), p("gem", "amber"), p("king"), p("king")
    set_hand(g, 0, [ruby, amber, k1, k2])
    begin_sale(g, 0)
    with pytest.raises(IllegalAction) as err:
        g.apply(act(g, ruby, "amber"))
    assert err.value.rule == "QN-SALE-4"
    run(g, act(g, ruby), act(g, amber), act(g, k1, "ruby"))
    assert not any(a.startswith(f"present:{cid(g, k2)}") for a in g.legal_actions())
    with pytest.raises(IllegalAction) as err:
        g.apply(act(g, k2, "amber"))
    assert err.value.rule == "QN-KING-3"


def test_several_players_may_each_present_a_king_QN_KING_3() -> None:
    g = new_game(3)
    p = Picker(g)
    events = sale(g, {0: [(p("gem", "ruby"), None), (p("king"), "ruby")],
                      1: [(p("gem", "amber"), None), (p("king"), "amber")],
                      2: [(p("gem", "amber", 1), None), (p("gem", "amber"), None)]})
    assert sorted(result_of(events)["cancelled"]) == ["amber", "ruby"] and g.s.scores == [0, 0, 0]


def test_reveal_in_columns_by_fashion_QN_SALE_5() -> None:
    g = new_game(2)
    set_fashion(g, ["amber", "ruby", "diamond", "emerald"])
    p = Picker(g)
    d, a, ring, banker = p("gem", "diamond"), p("gem", "amber"), p("ring"), p("banker")
    events = sale(g, {0: [(d, None), (ring, "diamond"), (a, None), (banker, None)]})
    reveal = next(e for e in events if e.type == "reveal")
    lots = reveal.data["presented"][0]
    assert list(lots["lots"]) == ["amber", "diamond"]
    assert lots["lots"]["diamond"] == [pid(g, d), pid(g, ring)] and lots["bankers"] == [pid(g, banker)]
    assert reveal.view(1) == reveal.view(0)  # face up for everyone


def test_secret_simultaneous_presentation_QN_SALE_6_QN_SALE_7_QN_AMB_25_QN_INFO_1() -> None:
    """QN-SALE-6/7, QN-AMB-25: the seats commit one after another, clockwise from the active
    seat; until all have, nobody sees another's choice, not even how many cards it holds."""
    g = new_game(3)
    p = Picker(g)
    r1, r2, ring = p("gem", "ruby"), p("gem", "ruby"), p("ring")
    set_hand(g, 1, [r1, r2, ring])
    set_hand(g, 2, [p("gem", "amber")])
    set_hand(g, 0, [p("gem", "emerald")])
    begin_sale(g, 1)
    assert g.current_player() == 1
    before = [g.observe(v) for v in (0, 2, None)]
    events = run(g, act(g, r1), act(g, r2), act(g, ring, "ruby"))
    assert events == []  # nothing to show anybody
    events = g.apply("done")
    assert kinds_of(events) == ["presented"] and events[0].view(0) == {"type": "presented", "seat": 1}
    for v, old in zip((0, 2, None), before):
        new = g.observe(v)
        assert new["players"][1] == old["players"][1]
        assert cid(g, r1) not in json.dumps(new)
    mine = g.observe(1)["players"][1]["presenting"]
    assert mine == {"lots": {"ruby": [cid(g, r1), cid(g, r2), cid(g, ring)]}, "bankers": []}
    assert g.current_player() == 2
    run(g, "done")
    assert g.current_player() == 0
    events = g.apply("done")
    assert "reveal" in kinds_of(events)


def test_alchemist_window_after_the_reveal_QN_SALE_8_QN_ALCHEMIST_1() -> None:
    g = new_game(2)
    p = Picker(g)
    d = p("gem", "diamond")
    alchemist = p("alchemist")
    events = sale(g, {0: [(d, None)]}, keep={0: [alchemist]}, alchemist=True)
    assert kinds_of(events)[-1] == "reveal" and g.s.revealed
    assert g.decision() == {"seat": 0, "kind": "alchemist", "sale": 1, "lots": {"diamond": [cid(g, d)]},
                            "bankers": []}
    assert g.legal_actions() == [f"alchemist:{cid(g, d)}:ruby", f"alchemist:{cid(g, d)}:emerald", "pass"]
    with pytest.raises(IllegalAction) as err:
        g.apply(f"alchemist:{cid(g, d)}:amber")
    assert err.value.rule == "QN-ALCHEMIST-3"


def test_every_presented_card_leaves_the_game_QN_SALE_9_QN_KING_4() -> None:
    g, lots = fixture_10_2()
    sale(g, lots)
    for seat_lots in lots.values():
        for c, _ in seat_lots:
            assert c in g.s.out
    assert g.s.hands == [[], [], []] and g.s.shown == [[], [], []]


def test_rarity_set_aside_fashion_stays_QN_SALE_10() -> None:
    g = new_game(2)
    set_fashion(g, FASHION)
    p = Picker(g)
    sale(g, {0: [(p("gem", "diamond", 3), None)]})
    assert g.s.fashion == [gem(g, n) for n in FASHION]
    assert g.observe(1)["last_sale_rarity"] == {"diamond": 0, "ruby": 10, "emerald": 30, "amber": 20}
    sale(g, {0: [(p("gem", "ruby", 1), None)]})
    assert (g.observe(1)["last_sale_rarity"] or {}).get("ruby") == 0


# --- rarity


def test_rarity_counts_gems_not_cards_QN_RAR_1_QN_GEM_1() -> None:
    g = new_game(2)
    set_fashion(g, FASHION)
    p = Picker(g)
    events = sale(g, {0: [(p("gem", "diamond", 3), None)],
                      1: [(p("gem", "ruby", 1), None), (p("gem", "ruby", 1), None)]})
    r = result_of(events)
    assert r["gems"] == {"diamond": 3, "ruby": 2, "emerald": 0, "amber": 0}
    assert r["rarity"] == {"emerald": 30, "amber": 20, "ruby": 10, "diamond": 0}


def test_rarity_tiles_and_fashion_ties_QN_RAR_2_QN_RAR_3_QN_RAR_5_QN_AMB_19() -> None:
    """QN-RAR-2/3/5, QN-AMB-19: fewest gems gets +30; equal counts go to the more fashionable
    type first; a type nobody presented counts 0 and is ranked like the others."""
    g = new_game(2)
    set_fashion(g, ["ruby", "amber", "emerald", "diamond"])
    p = Picker(g)
    events = sale(g, {0: [(p("gem", "diamond", 2), None), (p("gem", "emerald", 2), None)],
                      1: [(p("gem", "amber"), None)]})
    r = result_of(events)
    assert r["rarity"] == {"ruby": 30, "amber": 20, "emerald": 10, "diamond": 0}
    assert r["prices"] == {"ruby": 60, "amber": 40, "emerald": 20, "diamond": 0}


def test_an_unpresented_type_QN_RAR_4() -> None:
    g = new_game(2)
    set_fashion(g, ["ruby", "amber", "emerald", "diamond"])
    p = Picker(g)
    r = result_of(sale(g, {0: [(p("gem", "ruby", 1), None)], 1: [(p("gem", "amber"), None)]}))
    assert r["rarity"] == {"emerald": 30, "diamond": 20, "ruby": 10, "amber": 0}


# --- selling


def test_the_most_gems_sells_QN_SELL_1_QN_SELL_3() -> None:
    g = new_game(3)
    set_fashion(g, FASHION)
    p = Picker(g)
    events = sale(g, {0: [(p("gem", "diamond", 2), None)], 1: [(p("gem", "diamond", 1), None)],
                      2: [(p("gem", "diamond", 1), None), (p("gem", "diamond", 1), None)]})
    r = result_of(events)
    assert r["sellers"]["diamond"] == [0, 2] and r["sellers"]["ruby"] == []
    assert r["prices"]["diamond"] == 30 + 0 and 0 <= min(r["prices"].values()) <= max(r["prices"].values()) <= 60
    assert g.s.scores == [30, 0, 30]  # QN-SELL-2: tied leaders both sell


def test_tied_leaders_each_sell_QN_SELL_2() -> None:
    g = new_game(2)
    set_fashion(g, FASHION)
    p = Picker(g)
    sale(g, {0: [(p("gem", "amber"), None)], 1: [(p("gem", "amber"), None)]})
    assert g.s.scores == [10, 10]  # amber: fashion +10, the most common type: +0


def test_rings_multiply_the_bankers_add_QN_SELL_4_QN_RING_2_QN_BANKER_2() -> None:
    g = new_game(2)
    set_fashion(g, FASHION)
    p = Picker(g)
    sale(g, {0: [(p("gem", "ruby", 3), None), (p("ring"), "ruby"), (p("ring"), "ruby"), (p("banker"), None),
                 (p("gem", "amber"), None)]})
    # ruby: fashion 0 + rarity 0 (3 gems, most) = 0; amber: 10 + 10 = 20
    assert g.s.scores == [3 * (0 + 10) + 1 * (20 + 10), 0]


def test_a_ring_is_wasted_without_the_majority_QN_RING_2() -> None:
    g = new_game(2)
    set_fashion(g, FASHION)
    p = Picker(g)
    sale(g, {0: [(p("gem", "emerald", 1), None), (p("ring"), "emerald")], 1: [(p("gem", "emerald", 2), None)]})
    assert g.s.scores[0] == 0 and g.s.scores[1] > 0


def test_two_bankers_QN_BANKER_3_QN_AMB_17() -> None:
    for stack, expected in ((True, 10 + 20), (False, 10 + 10)):
        g = new_game(2, bankers_stack=stack)
        set_fashion(g, FASHION)
        p = Picker(g)
        sale(g, {0: [(p("gem", "amber"), None), (p("banker"), None), (p("banker"), None)]})
        assert g.s.scores[0] == expected  # amber: fashion 10 + rarity 0 (the others have none)


def test_king_cancels_every_tied_leader_QN_KING_2_QN_AMB_15_QN_SELL_5() -> None:
    g = new_game(3)
    set_fashion(g, FASHION)
    p = Picker(g)
    events = sale(g, {0: [(p("gem", "diamond", 2), None)], 1: [(p("gem", "diamond", 2), None)],
                      2: [(p("gem", "diamond", 1), None), (p("king"), "diamond")]})
    assert result_of(events)["cancelled"] == ["diamond"] and g.s.scores == [0, 0, 0]


def test_own_king_cancels_own_sale_QN_KING_5() -> None:
    g = new_game(2)
    set_fashion(g, FASHION)
    p = Picker(g)
    sale(g, {0: [(p("gem", "diamond", 3), None), (p("king"), "diamond"), (p("gem", "amber"), None)]})
    assert g.s.scores == [20, 0]  # the amber only


def test_necklace_protects_every_players_sale_QN_NECKLACE_2_QN_AMB_16() -> None:
    """QN-NECKLACE-2/3, QN-AMB-16: the leader sells even if another presented the Necklace;
    each cancelled King pays 50; a seat with both pays itself."""
    g = new_game(3)
    set_fashion(g, FASHION)
    p = Picker(g)
    sale(g, {0: [(p("gem", "ruby", 1), None), (p("necklace"), "ruby")],
             1: [(p("gem", "ruby", 3), None), (p("king"), "ruby")],
             2: [(p("gem", "ruby", 1), None), (p("king"), "ruby")]})
    # ruby: fashion 0, rarity 0 (the only type presented... the most common) -> price 0
    assert g.s.scores == [100, -50, -50]
    h = new_game(2)
    set_fashion(h, FASHION)
    q = Picker(h)
    sale(h, {0: [(q("gem", "diamond", 2), None), (q("necklace"), "diamond"), (q("king"), "diamond")],
             1: [(q("gem", "diamond", 1), None)]})
    assert h.s.scores == [30, 0] and h.s.breakdown[0] == {"sale1": 30}


def test_necklace_discarded_after_the_sale_QN_NECKLACE_4_QN_NECKLACE_5_QN_AMB_29() -> None:
    """QN-NECKLACE-4/5, QN-AMB-29: without a King the Necklace changes nothing but leaves the
    game with the token; a Necklace and a King may share a lot."""
    g = new_game(2)
    set_fashion(g, FASHION)
    p = Picker(g)
    necklace = p("necklace")
    sale(g, {0: [(p("gem", "amber"), None), (necklace, "amber")]})
    assert g.s.scores == [10, 0] and necklace in g.s.out
    assert not any(pl["necklace"] for pl in g.observe(None)["players"])


def test_alchemist_changes_a_card_before_rarity_QN_ALCHEMIST_2_QN_ALCHEMIST_4_QN_ALCHEMIST_5() -> None:
    """The whole card changes column; rarity and majorities use the changed card; the
    Alchemist leaves the game."""
    g = new_game(2)
    set_fashion(g, FASHION)
    p = Picker(g)
    d3, r1 = p("gem", "diamond", 3), p("gem", "ruby", 1)
    alchemist = p("alchemist")
    sale(g, {0: [(d3, None)], 1: [(r1, None), (p("gem", "ruby", 1), None)]}, keep={0: [alchemist]},
         alchemist=True)
    events = g.apply(f"alchemist:{cid(g, d3)}:ruby")
    while g.decision().get("kind") == "alchemist":
        events += g.apply("pass")
    r = result_of(events)
    assert r["gems"]["ruby"] == 5 and r["gems"]["diamond"] == 0
    assert r["sellers"]["ruby"] == [0]
    assert alchemist in g.s.out and d3 in g.s.out
    assert any(e.type == "alchemist" and e.data == {"card": pid(g, d3), "alchemist": pid(g, alchemist),
                                                   "before": "diamond", "after": "ruby"} for e in events)


def test_alchemist_never_touches_amber_QN_ALCHEMIST_3() -> None:
    g = new_game(2)
    p = Picker(g)
    a = p("gem", "amber")
    sale(g, {0: [(a, None), (p("gem", "emerald", 1), None)]}, keep={0: [p("alchemist")]}, alchemist=True)
    assert all(not x.startswith(f"alchemist:{cid(g, a)}") and not x.endswith(":amber") for x in g.legal_actions())


def test_alchemist_columns_QN_AMB_14() -> None:
    """QN-AMB-14: the target may be a type its player did not present (config); a Ring stays
    in its column and is wasted when the column loses its gems."""
    g = new_game(2)
    set_fashion(g, FASHION)
    p = Picker(g)
    d1, ring = p("gem", "diamond", 1), p("ring")
    sale(g, {0: [(d1, None), (ring, "diamond")], 1: [(p("gem", "amber"), None)]}, keep={0: [p("alchemist")]},
         alchemist=True)
    assert f"alchemist:{cid(g, d1)}:emerald" in g.legal_actions()
    g.apply(f"alchemist:{cid(g, d1)}:emerald")
    skip_alchemist(g)
    # emerald: fashion 20 + rarity 10 (diamond and ruby have none, amber ties and is less in
    # fashion); the Ring stayed on the empty diamond column
    assert g.s.scores[0] == 30
    h = new_game(2, alchemist_any_column=False)
    q = Picker(h)
    d, r = q("gem", "diamond", 1), q("gem", "ruby", 1)
    sale(h, {0: [(d, None), (r, None)]}, keep={0: [q("alchemist")]}, alchemist=True)
    assert h.legal_actions() == [f"alchemist:{cid(h, d)}:ruby", f"alchemist:{cid(h, r)}:diamond", "pass"]
    with pytest.raises(IllegalAction) as err:
        h.apply(f"alchemist:{cid(h, d)}:emerald")
    assert err.value.rule == "QN-AMB-14"


def test_scores_are_public_running_totals_QN_SELL_6_QN_AMB_28() -> None:
    g = new_game(2)
    set_fashion(g, FASHION)
    p = Picker(g)
    sale(g, {0: [(p("gem", "amber"), None)]})
    sale(g, {0: [(p("gem", "amber"), None)]})
    assert g.s.scores == [20, 0] and g.s.breakdown[0] == {"sale1": 10, "sale2": 10}
    assert [pl["score"] for pl in g.observe(1)["players"]] == [20, 0]
    assert [pl["score"] for pl in g.observe(None)["players"]] == [20, 0]


# --- the end


def end_with(scores: list[int]) -> Necklace:
    g = new_game(len(scores))
    to_discard(g, *find(g, "merchant")[1:])
    g.s.sales = 2
    g.s.scores = list(scores)
    sale(g, {})
    return g


def test_the_most_livres_wins_QN_END_2() -> None:
    g = end_with([30, 70, 50])
    assert g.is_over()
    r = g.result()
    assert r.winners == (1,) and r.ranking == ((1,), (2,), (0,)) and r.scores == (30, 70, 50)


def test_tied_leaders_share_the_victory_QN_END_3_QN_AMB_21() -> None:
    r = end_with([70, 70, -10]).result()
    assert r.winners == (0, 1) and r.ranking == ((0, 1), (2,)) and r.tie_break == (0, 0, 0)


def test_result_before_the_end_is_refused() -> None:
    g = new_game(2)
    with pytest.raises(IllegalAction, match="QN-END-1"):
        g.result()
