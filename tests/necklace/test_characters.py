"""The characters (RULES.md §5.1-5.2): Confessor, Courtesan, Forger, Favorite, Thief,
Astrologer, Musketeer and Queen.  The Cardinal is in test_merchant.py, the Alchemist in
test_sale.py."""

from __future__ import annotations

from typing import Any

import pytest

from salon.core.errors import IllegalAction
from salon.core.rng import Rng
from salon.necklace.game import Necklace
from tests.necklace.positions import (
    assert_valid,
    begin_turn,
    cid,
    find,
    kinds_of,
    new_game,
    pid,
    run,
    set_fashion,
    set_hand,
    set_market,
    set_pile_top,
)


def table(players: int = 3, seed: int = 0, **config: Any) -> Necklace:
    """Seat 0 to play; every hand empty; a pile topped with Rings (no Queen window)."""
    g = new_game(players, seed, **config)
    for seat in range(players):
        set_hand(g, seat, [])
    set_pile_top(g, find(g, "ring"))
    begin_turn(g, 0)
    return g


def play(g: Necklace, seat: int = 0, *cards: int) -> None:
    """Give the cards to ``seat`` and start its turn (so they count as held)."""
    set_hand(g, seat, list(cards))
    begin_turn(g, seat)


# --- Confessor


def test_confessor_shows_a_hand_to_its_player_only_QN_CONFESSOR_1() -> None:
    g = table()
    rubies = find(g, "gem", "ruby")[:2]
    set_hand(g, 2, rubies)
    play(g, 0, find(g, "confessor")[0])
    assert g.legal_actions() == ["play:confessor:1", "play:confessor:2", "done"]
    events = g.apply("play:confessor:2")
    shown = next(e for e in events if e.type == "hand_shown")
    assert shown.seat == 0 and shown.data["cards"] == [pid(g, c) for c in sorted(rubies)]
    assert "cards" not in shown.view(1) and "cards" not in shown.view(2) and "cards" not in shown.view(None)
    assert g.observe(0)["players"][0]["seen"] == {"2": [pid(g, c) for c in sorted(rubies)]}
    assert "seen" not in g.observe(1)["players"][0]
    with pytest.raises(IllegalAction):
        g.apply("play:confessor:1")  # a single Confessor


# --- Forger


def test_forger_names_a_player_and_a_type_QN_FORGER_1() -> None:
    g = table()
    play(g, 0, find(g, "forger")[0])
    legal = g.legal_actions()
    assert legal == [f"play:forger:{o}:{t}" for o in (1, 2) for t in ("diamond", "ruby", "emerald", "amber")] + ["done"]
    with pytest.raises(IllegalAction) as err:
        g.apply("play:forger:0:ruby")
    assert err.value.rule == "QN-FORGER-1"


def test_forger_may_name_amber_config_QN_AMB_12() -> None:
    g = table(forger_names_amber=False)
    play(g, 0, find(g, "forger")[0])
    assert "play:forger:1:amber" not in g.legal_actions() and "play:forger:1:ruby" in g.legal_actions()
    with pytest.raises(IllegalAction) as err:
        g.apply("play:forger:1:amber")
    assert err.value.rule == "QN-AMB-12"


def test_forger_cancelled_by_a_musketeer_QN_FORGER_2_QN_MUSKETEER_3_QN_AMB_13() -> None:
    """QN-FORGER-2, QN-MUSKETEER-3, QN-AMB-13: the named player answers knowing the type;
    a Musketeer cancels the Forger, both cards leave, nothing else happens."""
    g = table()
    musketeer, ruby = find(g, "musketeer")[0], find(g, "gem", "ruby")[0]
    set_hand(g, 1, [musketeer, ruby])
    play(g, 0, find(g, "forger")[0])
    g.apply("play:forger:1:ruby")
    assert g.decision() == {"seat": 1, "kind": "forger_response", "forger": 0, "gem": "ruby"}
    assert g.legal_actions() == ["react:musketeer", "pass"]
    events = g.apply("react:musketeer")
    assert g.s.hands[1] == [ruby] and musketeer in g.s.out
    assert "forger_cancelled" in kinds_of(events)
    assert g.decision()["kind"] == "influence" and g.current_player() == 0


def test_forger_discard_of_the_victims_choice_QN_FORGER_3() -> None:
    g = table()
    r1, r2, e1 = find(g, "gem", "ruby", 1)[0], find(g, "gem", "ruby", 3)[0], find(g, "gem", "emerald")[0]
    set_hand(g, 1, [r1, r2, e1])
    play(g, 0, find(g, "forger")[0])
    run(g, "play:forger:1:ruby")
    assert g.legal_actions() == ["pass"]  # no Musketeer: asked all the same (nothing leaks)
    g.apply("pass")
    assert g.decision()["kind"] == "forger_discard" and g.current_player() == 1
    assert g.legal_actions() == [f"discard:{cid(g, r1)}", f"discard:{cid(g, r2)}"]
    events = g.apply(f"discard:{cid(g, r1)}")
    assert g.s.hands[1] == [r2, e1] and r1 in g.s.out
    forged = next(e for e in events if e.type == "forged")
    assert forged.view(2)["card"] == pid(g, r1)  # the discard is public, by kind


def test_forger_without_the_type_shows_the_hand_QN_FORGER_3() -> None:
    g = table()
    e1 = find(g, "gem", "emerald")[0]
    set_hand(g, 1, [e1])
    play(g, 0, find(g, "forger")[0])
    g.apply("play:forger:1:diamond")
    events = g.apply("pass")
    shown = next(e for e in events if e.type == "hand_shown")
    assert shown.seat == 0 and shown.data["cards"] == [pid(g, e1)] and "cards" not in shown.view(1)
    assert g.observe(0)["players"][0]["seen"] == {"1": [pid(g, e1)]}


def test_forger_random_discard_config_QN_AMB_12() -> None:
    g = table(forger_victim_chooses=False, conceal_holders=False)
    rubies = find(g, "gem", "ruby")[:3]
    set_hand(g, 1, rubies)
    play(g, 0, find(g, "forger")[0])
    events = g.apply("play:forger:1:ruby")  # no Musketeer, nothing concealed: no question at all
    assert "forged" in kinds_of(events) and len(g.s.hands[1]) == 2
    assert g.decision()["kind"] == "influence"


# --- Favorite


def test_favorite_fixture_QN_FAVORITE_1() -> None:
    """RULES.md §10.4: Diamond, Emerald, Amber, Ruby with a Favorite on Amber gives Amber,
    Diamond, Emerald, Ruby."""
    g = table()
    set_fashion(g, ["diamond", "emerald", "amber", "ruby"])
    play(g, 0, find(g, "favorite")[0])
    assert g.legal_actions() == [f"play:favorite:{t}" for t in ("diamond", "ruby", "emerald", "amber")] + ["done"]
    events = g.apply("play:favorite:amber")
    assert events[0].data["fashion"] == ["amber", "diamond", "emerald", "ruby"]
    assert [f["gem"] for f in g.observe(1)["fashion"]] == ["amber", "diamond", "emerald", "ruby"]


def test_favorite_on_the_leader_QN_FAVORITE_2_QN_AMB_24() -> None:
    g = table()
    set_fashion(g, ["ruby", "emerald", "amber", "diamond"])
    fav = find(g, "favorite")[0]
    play(g, 0, fav)
    g.apply("play:favorite:ruby")
    assert [g.s.ds.gem_names[t] for t in g.s.fashion] == ["ruby", "emerald", "amber", "diamond"]
    assert fav in g.s.out  # the card is spent all the same
    h = table(favorite_on_leader=False)
    set_fashion(h, ["ruby", "emerald", "amber", "diamond"])
    play(h, 0, find(h, "favorite")[0])
    assert "play:favorite:ruby" not in h.legal_actions()
    with pytest.raises(IllegalAction) as err:
        h.apply("play:favorite:ruby")
    assert err.value.rule == "QN-AMB-24"


def test_fashion_stays_between_sales_QN_FAVORITE_3() -> None:
    from tests.necklace.positions import begin_sale, present_all, skip_alchemist

    g = table()
    play(g, 0, find(g, "favorite")[0])
    g.apply("play:favorite:emerald")
    order = list(g.s.fashion)
    begin_sale(g)
    present_all(g, {})
    skip_alchemist(g)
    assert g.s.sales == 1 and g.s.fashion == order


# --- Thief


def test_thief_takes_a_random_card_QN_THIEF_1_QN_THIEF_2() -> None:
    taken = set()
    for seed in range(12):
        g = table(seed=seed)
        cards = find(g, "gem", "amber")[:3]
        set_hand(g, 2, cards)
        play(g, 0, find(g, "thief")[0])
        assert g.legal_actions() == ["play:thief:2", "done"]  # QN-AMB-11: seat 1 has no card
        events = g.apply("play:thief:2")
        got = [c for c in g.s.hands[0]]
        assert len(got) == 1 and got[0] in cards and len(g.s.hands[2]) == 2
        stolen = next(e for e in events if e.type == "stolen")
        robbed = next(e for e in events if e.type == "robbed")
        assert stolen.seat == 0 and robbed.seat == 2
        assert "card" not in stolen.view(1) and "card" not in robbed.view(1)
        assert stolen.view(0)["card"] == robbed.view(2)["card"] == cid(g, got[0])  # as each hand names it
        taken.add(got[0])
    assert len(taken) == 3


def test_thief_needs_a_victim_with_cards_QN_AMB_11() -> None:
    g = table()
    play(g, 0, find(g, "thief")[0])
    assert g.legal_actions() == ["done"]
    with pytest.raises(IllegalAction) as err:
        g.apply("play:thief:1")
    assert err.value.rule == "QN-AMB-11"
    with pytest.raises(IllegalAction) as err:
        g.apply("play:thief:0")
    assert err.value.rule == "QN-THIEF-1"


def test_stolen_necklace_moves_the_token_QN_THIEF_2() -> None:
    g = table()
    necklace = find(g, "necklace")[0]
    set_hand(g, 1, [necklace])
    play(g, 0, find(g, "thief")[0])
    events = g.apply("play:thief:1")
    assert g.s.hands[0] == [necklace]
    token = next(e for e in events if e.type == "necklace")
    assert token.seat == 0 and token.view(2)["card"] == pid(g, necklace)
    assert [p["necklace"] for p in g.observe(2)["players"]] == [True, False, False]


def test_thief_caught_by_a_musketeer_QN_THIEF_3_QN_MUSKETEER_2() -> None:
    """QN-THIEF-3: the Thief and the Musketeer leave the game; the victim takes a random card
    from the thief, automatically."""
    g = table()
    musketeer, amber = find(g, "musketeer")[0], find(g, "gem", "amber")[0]
    thief = find(g, "thief")[0]
    set_hand(g, 1, [musketeer])
    play(g, 0, thief, amber)
    events = g.apply("play:thief:1")
    assert thief in g.s.out and musketeer in g.s.out
    assert g.s.hands == [[], [amber], []]
    assert kinds_of(events)[:3] == ["played", "thief_caught", "stolen"]
    assert g.decision()["kind"] == "influence"


def test_musketeer_chain_QN_THIEF_4_QN_AMB_10() -> None:
    """QN-THIEF-4 / QN-AMB-10: a Musketeer taken back is discarded in turn and the roles swap
    again, until a card other than a Musketeer changes hands or the hand is empty."""
    g = table()
    m = find(g, "musketeer")
    thief = find(g, "thief")[0]
    amber = find(g, "gem", "amber")[0]
    set_hand(g, 1, [m[0], amber])
    play(g, 0, thief, m[1])
    # the theft is random: find a seed for which the chain runs thief -> M, back -> M, again -> amber
    outcomes = set()
    for seed in range(40):
        trial = g.clone()
        trial.s.rng = Rng(seed)
        events = trial.apply("play:thief:1")
        outcomes.add(tuple(kinds_of(events)))
        if kinds_of(events)[:4] == ["played", "thief_caught", "thief_caught", "stolen"]:
            assert trial.s.hands == [[amber], [], []]
            assert m[0] in trial.s.out and m[1] in trial.s.out
            assert_valid(trial)
    assert ("played", "thief_caught", "thief_caught", "stolen", "robbed") in outcomes
    assert ("played", "stolen", "robbed") in outcomes  # the amber taken at once


def test_chain_ends_on_an_empty_hand_QN_THIEF_4() -> None:
    g = table()
    set_hand(g, 1, find(g, "musketeer")[:1])
    play(g, 0, find(g, "thief")[0])
    events = g.apply("play:thief:1")
    assert kinds_of(events) == ["played", "thief_caught"] and g.s.hands == [[], [], []]


def test_musketeer_three_uses_QN_MUSKETEER_1() -> None:
    """QN-MUSKETEER-1: against a Thief (automatic), against a Forger (reaction), three for the
    Necklace (influence) -- and never otherwise: a Musketeer is not an influence card."""
    g = table()
    play(g, 0, *find(g, "musketeer")[:2])
    assert g.legal_actions() == ["done"]


# --- Astrologer


def astrologer_market(g: Necklace) -> int:
    astro = find(g, "astrologer")[0]
    set_market(g, [astro, *find(g, "ring")[:4]])
    begin_turn(g, 0)
    g.apply("done")
    return astro


def test_astrologer_draws_unseen_QN_ASTROLOGER_1_QN_ASTROLOGER_4_QN_AMB_26() -> None:
    """QN-ASTROLOGER-1/4, QN-AMB-26: discarded at once, the top card goes into the hand
    unseen; it counts as a purchase, costs its price and the phase goes on."""
    g = table()
    ruby = find(g, "gem", "ruby")[0]
    set_pile_top(g, [ruby])
    astro = astrologer_market(g)
    events = g.apply(f"buy:{cid(g, astro)}")
    assert astro in g.s.out and g.s.hands[0] == [ruby]
    drawn = next(e for e in events if e.type == "astrologer_draw")
    assert drawn.view(0)["card"] == cid(g, ruby) and "card" not in drawn.view(1)
    assert g.decision() == {"seat": 0, "kind": "buy", "ducats": 4, "bought": 1}
    assert "done" in g.legal_actions()
    assert g.observe(1)["players"][0]["hand_count"] == 1


def test_astrologer_draws_another_astrologer_QN_ASTROLOGER_3() -> None:
    g = table()
    a2, amber = find(g, "astrologer")[1], find(g, "gem", "amber")[0]
    set_pile_top(g, [a2, amber])
    astro = astrologer_market(g)
    events = g.apply(f"buy:{cid(g, astro)}")
    assert a2 in g.s.out and g.s.hands[0] == [amber]
    assert "astrologer_again" in kinds_of(events)


def test_astrologer_draws_a_merchant_QN_ASTROLOGER_2() -> None:
    """QN-ASTROLOGER-2: a sale at once (others may answer with a Cardinal); then the next card
    replaces the Merchant and the purchase goes on."""
    g = table()
    merchant = find(g, "merchant")[0]
    amber = find(g, "gem", "amber")[0]
    set_hand(g, 1, find(g, "cardinal")[:1])
    set_pile_top(g, [merchant, amber])
    astro = astrologer_market(g)
    g.apply(f"buy:{cid(g, astro)}")
    assert g.decision()["kind"] == "cardinal" and g.current_player() == 1
    g.apply("pass")
    assert g.decision()["kind"] == "present"
    while g.decision()["kind"] == "present":
        g.apply("done")
    assert g.s.sales == 1 and g.s.hands[0] == [amber]
    assert g.decision() == {"seat": 0, "kind": "buy", "ducats": 4, "bought": 1}


def test_astrologer_on_an_empty_pile_QN_ASTROLOGER_5() -> None:
    from tests.necklace.positions import set_pile

    g = table()
    astro = find(g, "astrologer")[0]
    set_market(g, [astro, *find(g, "ring")[:4]])
    set_pile(g, [])
    begin_turn(g, 0)
    g.apply("done")
    events = g.apply(f"buy:{cid(g, astro)}")
    assert g.s.hands[0] == [] and events[-1].data["card"] is None
    assert g.decision()["kind"] == "buy"


# --- Queen


def queen_at(g: Necklace, seat: int, drawn: int) -> None:
    """``seat`` holds the Queen; seat 0 buys a Ring and ends its purchase; ``drawn`` comes up."""
    set_hand(g, seat, find(g, "queen"))
    ring = find(g, "ring")[0]
    set_market(g, [ring, *find(g, "thief")[:4]])
    set_pile_top(g, [drawn, *find(g, "confessor")])
    begin_turn(g, 0)
    run(g, "done", f"buy:{cid(g, ring)}", "done")


def test_queen_takes_a_drawn_gem_QN_QUEEN_1_QN_QUEEN_2() -> None:
    g = table()
    d2 = find(g, "gem", "diamond", 2)[0]
    queen = find(g, "queen")[0]
    queen_at(g, 2, d2)
    assert g.decision() == {"seat": 0, "kind": "queen", "slot": 0, "card": cid(g, d2)}
    assert g.legal_actions() == ["pass"]  # asked although without the Queen (nothing leaks)
    g.apply("pass")  # seat 1 holds no card at all: publicly unable to hold the Queen
    assert g.current_player() == 2 and g.legal_actions() == ["react:queen", "pass"]
    events = g.apply("react:queen")
    assert g.s.hands[2] == [d2] and queen in g.s.out
    assert g.s.market[0] == find(g, "confessor")[0] and g.s.price[0] == 0  # the next card replaces it
    assert any(e.type == "queen" and e.data["card"] == cid(g, d2) for e in events)


def test_queen_only_for_gem_cards_QN_QUEEN_1_QN_AMB_9() -> None:
    g = table()
    queen_at(g, 1, find(g, "ring")[5])
    assert g.decision()["kind"] == "influence"  # a Ring opens no window
    g = table()
    amber = find(g, "gem", "amber")[0]
    queen_at(g, 1, amber)
    assert g.decision()["kind"] == "queen"  # amber counts
    g = table(queen_on_amber=False)
    queen_at(g, 1, amber)
    assert g.decision()["kind"] == "influence"


def test_queen_by_the_active_player_QN_QUEEN_3() -> None:
    g = table()
    d1 = find(g, "gem", "diamond", 1)[0]
    queen_at(g, 0, d1)
    assert g.current_player() == 0 and g.legal_actions() == ["react:queen", "pass"]
    g.apply("react:queen")
    assert d1 in g.s.hands[0]
    g = table(queen_active_player=False, conceal_holders=False)
    queen_at(g, 0, d1)
    assert g.decision()["kind"] == "influence" and g.current_player() == 1


def test_queen_window_asks_only_holders_when_not_concealed() -> None:
    g = table(conceal_holders=False)
    queen_at(g, 2, find(g, "gem", "ruby", 2)[0])
    assert g.current_player() == 2 and g.legal_actions() == ["react:queen", "pass"]


def test_queen_replacement_is_a_merchant_QN_QUEEN_2_QN_AMB_9() -> None:
    """The replacement of the Queen's card is drawn in Devaluation: a Merchant triggers a
    sale as usual; the draw after the sale, still in Devaluation, is checked again."""
    g = table(conceal_holders=False)
    e2 = find(g, "gem", "emerald", 2)[0]
    merchant = find(g, "merchant")[0]
    queen_at(g, 1, e2)
    set_pile_top(g, [merchant, find(g, "ring")[1]])
    g.apply("react:queen")
    assert g.decision()["kind"] == "present" and merchant in g.s.limbo
    while g.decision()["kind"] == "present":
        g.apply("done")
    assert g.s.sales == 1 and g.s.market[0] == find(g, "ring")[1]
    assert_valid(g)
