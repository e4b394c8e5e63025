"""Setup (RULES.md §2): tiles, the deal, the Astrologer rule, the Necklace token, the
Merchants' places in the pile, the first market and the first player."""

from __future__ import annotations

from collections import Counter

import pytest

from salon.core.rng import Rng
from salon.necklace.components import packaged
from salon.necklace.game import Necklace
from salon.necklace.kinds import ASTROLOGER, MERCHANT, NECKLACE
from salon.necklace.rules.setup import _insert_merchants
from tests.necklace.positions import assert_valid


def test_fashion_tiles_and_gem_tiles_QN_SETUP_2_QN_SETUP_3() -> None:
    """QN-SETUP-2/3: +30, +20, +10, +0 from left to right, one Gem tile under each, in an
    order drawn by the game's random generator."""
    orders = set()
    for seed in range(40):
        g = Necklace.new({"players": 2}, seed)
        obs = g.observe(None)
        assert [f["value"] for f in obs["fashion"]] == [30, 20, 10, 0]
        assert sorted(f["gem"] for f in obs["fashion"]) == ["amber", "diamond", "emerald", "ruby"]
        orders.add(tuple(g.s.fashion))
    assert len(orders) > 10
    assert Necklace.new({"players": 2}, 5).s.fashion == Necklace.new({"players": 2}, 5).s.fashion


def test_rarity_tiles_wait_for_the_first_sale_QN_SETUP_4() -> None:
    g = Necklace.new({"players": 3}, 2)
    assert g.s.rarity == [] and g.observe(0)["last_sale_rarity"] is None


def test_merchants_out_of_the_deal_and_shuffle_QN_SETUP_5() -> None:
    firsts = set()
    for seed in range(20):
        g = Necklace.new({"players": 4}, seed)
        for hand in g.s.hands:
            assert not any(g.s.ds.cards[c].kind == MERCHANT for c in hand)
        assert not any(g.s.ds.cards[c].kind == MERCHANT for c in g.s.market)
        firsts.add(tuple(g.s.market))
    assert len(firsts) == 20


def test_four_cards_each_and_hidden_QN_SETUP_6() -> None:
    g = Necklace.new({"players": 4}, 3)
    assert [len(h) for h in g.s.hands] == [4, 4, 4, 4]
    obs = g.observe(1)
    assert [p["hand_count"] for p in obs["players"]] == [4, 4, 4, 4]
    assert "hand" in obs["players"][1] and all("hand" not in p for i, p in enumerate(obs["players"]) if i != 1)
    assert_valid(g)


def test_no_astrologer_in_a_starting_hand_QN_SETUP_7_QN_ASTROLOGER_6() -> None:
    """QN-SETUP-7, QN-ASTROLOGER-6: with 16 cards dealt from 100, an Astrologer is dealt in
    about 40% of 4-player games; it is always given back, replaced, and shuffled into the
    undealt cards (so all three stay in the pile or the market)."""
    astrologers = packaged().of_kind[ASTROLOGER]
    for seed in range(150):
        g = Necklace.new({"players": 4}, seed)
        assert not any(c in hand for hand in g.s.hands for c in astrologers), seed
        assert all(c in g.s.pile or c in g.s.market for c in astrologers)
        assert_valid(g)


def test_necklace_token_dealt_QN_SETUP_8() -> None:
    necklace = packaged().of_kind[NECKLACE][0]
    found = 0
    for seed in range(60):
        g = Necklace.new({"players": 4}, seed)
        holder = next((i for i, h in enumerate(g.s.hands) if necklace in h), None)
        obs = g.observe(None)
        assert [p["necklace"] for p in obs["players"]] == [i == holder for i in range(4)]
        if holder is not None:
            found += 1
    assert found


def test_merchant_places_in_the_pile_QN_SETUP_9_QN_AMB_5() -> None:
    """QN-SETUP-9 / QN-AMB-5 with N = 84 (4 players): the Merchants are the 29th and 58th
    cards, the third one among the last five (83rd-87th), each of those places drawn; the
    stacks' procedure for other sizes too."""
    merchants = [1000, 1001, 1002]
    lasts = set()
    for seed in range(60):
        undealt = list(range(84))
        pile = _insert_merchants(Rng(seed), undealt, merchants, 5)
        top_down = pile[::-1]
        assert len(top_down) == 87
        assert top_down[28] == 1000 and top_down[57] == 1001
        last = top_down.index(1002)
        assert 82 <= last <= 86
        lasts.add(last)
        assert [c for c in top_down if c < 1000][:28] == list(range(83, 55, -1))
    assert lasts == {82, 83, 84, 85, 86}
    # in a real 4-player game the first five cards went to the market
    for seed in range(10):
        g = Necklace.new({"players": 4}, seed)
        top_down = g.s.pile[::-1]
        places = [i for i, c in enumerate(top_down) if g.s.ds.cards[c].kind == MERCHANT]
        assert len(top_down) == 82 and places[:2] == [23, 52] and 77 <= places[2] <= 81
    g = Necklace.new({"players": 2}, 0)  # N = 92: stacks of 31, 31 and 30
    places = [i for i, c in enumerate(g.s.pile[::-1]) if g.s.ds.cards[c].kind == MERCHANT]
    assert places[:2] == [31 - 5, 63 - 5] and 90 - 5 <= places[2] <= 94 - 5


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.heavy
def test_third_merchant_among_the_last_five_never_sixth_QN_SETUP_9(players: int) -> None:
    """QN-SETUP-9: "parmi les 5 dernières cartes".  Over 3,000 deals the third Merchant is
    always one of the last five cards of the pile, never the sixth from the bottom (where
    the earlier procedure put it in about one deal in six), and each of the five places
    occurs about equally often."""
    seen: Counter[int] = Counter()
    for seed in range(3000):
        g = Necklace.new({"players": players}, seed)
        cards = g.s.ds.cards
        from_bottom = [i for i, c in enumerate(g.s.pile) if cards[c].kind == MERCHANT][0]  # pile: top last
        assert from_bottom <= 4, (seed, from_bottom)
        seen[from_bottom] += 1
    assert sorted(seen) == [0, 1, 2, 3, 4]
    assert all(500 <= n <= 700 for n in seen.values()), seen  # 600 each, sd 22


def test_the_earlier_procedure_kept_for_stored_games_QN_SETUP_9() -> None:
    """Games stored before the correction of QN-SETUP-9 replay with its procedure, which puts
    the third Merchant among the last six."""
    seen = set()
    for seed in range(120):
        g = Necklace.new({"players": 3, "third_merchant_in_last_six": True}, seed)
        cards = g.s.ds.cards
        seen.add([i for i, c in enumerate(g.s.pile) if cards[c].kind == MERCHANT][0])
    assert seen == {0, 1, 2, 3, 4, 5}


def test_first_market_QN_SETUP_10() -> None:
    g = Necklace.new({"players": 3}, 4)
    assert len(g.s.market) == 5 and -1 not in g.s.market and g.s.price == [0, 0, 0, 0, 0]
    obs = g.observe(None)
    assert [m and m["price"] for m in obs["market"]] == [g.s.ds.cards[c].ladder[0] for c in g.s.market]


def test_first_player_QN_SETUP_11_QN_AMB_30() -> None:
    assert Necklace.new({"players": 4, "start_player": 2}, 0).current_player() == 2
    firsts = {Necklace.new({"players": 4}, seed).current_player() for seed in range(30)}
    assert firsts == {0, 1, 2, 3}


def test_scores_start_at_zero_QN_SETUP_12() -> None:
    g = Necklace.new({"players": 3}, 0)
    assert g.s.scores == [0, 0, 0]
    assert [p["score"] for p in g.observe(None)["players"]] == [0, 0, 0]
    assert g.s.ducats == 10  # the first turn has begun: ducats exist only inside a turn
