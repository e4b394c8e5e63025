"""Setup (RULES.md §3): board side, favour, employee deck, bags, player belongings, the start
player and what each seat may see.

``Rococo.new`` runs setup and the automatic Phase 1 of round 1, so every test reads the
position waiting for the first Phase 2 pick; components that Phase 1 moved (4 deck cards into
the display, tiles into the drawers, garments into the windows) are counted back in.
"""

from __future__ import annotations

import pytest

from salon.core.errors import ConfigError
from salon.rococo.game import Rococo
from salon.rococo.state import EMPTY
from tests.rococo import positions as P

LEVEL_COUNTS = {6: 6, 5: 4, 4: 4, 3: 4, 2: 4, 1: 6}


def deck_bottom_to_top(g: Rococo) -> list[int]:
    """The general deck as it was built: the display's cards were popped off its top, the
    first revealed card being the topmost."""
    s = g.s
    return s.deck + [c for c in reversed(s.display) if c != EMPTY]


@pytest.mark.parametrize(("players", "side", "windows"), [(2, "1-3", 6), (3, "1-3", 6), (4, "4-5", 8), (5, "4-5", 8)])
def test_board_side_by_player_count_R_SETUP_1(players: int, side: str, windows: int) -> None:
    """R-SETUP-1: 1-3 players use the "1, 2 & 3" side, 4-5 players the "4 & 5" side."""
    g = P.new_game(players)
    assert g.s.t.ds.board.side == side
    assert g.observe(None)["board"]["side"] == side
    assert len(g.s.windows) == windows


def test_player_count_outside_2_to_5_is_refused() -> None:
    """R-SETUP-1 covers 2-5 players here (solo is a separate mode): other counts are refused."""
    for n in (0, 1, 6):
        with pytest.raises(ConfigError):
            Rococo.new({"players": n}, 0)


def test_favour_tile_starts_on_its_space_R_SETUP_2() -> None:
    """R-SETUP-2: nobody holds the Queen's favour at the start; it can be won."""
    g = P.new_game(3)
    assert g.s.favour == EMPTY
    assert g.observe(None)["board"]["favour"] is None
    P.at_turn(g, 0, "S11")
    assert "main:favour" in g.legal_actions()


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_deck_built_by_levels_with_level_one_on_top_R_SETUP_3(seed: int) -> None:
    """R-SETUP-3: bottom to top the deck is level VI (6), V, IV, III, II (4 each), I (6); the
    display of round 1 holds 4 of the level-I cards."""
    g = P.new_game(2, seed=seed)
    order = deck_bottom_to_top(g)
    levels = [g.s.t.cards[c].level for c in order]
    expected = [lv for lv in (6, 5, 4, 3, 2, 1) for _ in range(LEVEL_COUNTS[lv])]
    assert levels == expected
    assert sorted(g.s.t.cards[c].id for c in order) == sorted(c.id for c in g.s.t.cards if c.owner == -1)
    assert [g.s.t.cards[c].level for c in g.s.display] == [1, 1, 1, 1]


def test_each_level_is_shuffled_separately_R_SETUP_3() -> None:
    """R-SETUP-3: each level packet is shuffled (its order varies with the seed) but the
    levels never mix (checked by the previous test for every seed)."""
    orders = set()
    for seed in range(8):
        g = P.new_game(2, seed=seed)
        packet = tuple(c for c in deck_bottom_to_top(g) if g.s.t.cards[c].level == 6)
        orders.add(packet)
    assert len(orders) > 1


@pytest.mark.parametrize("players", [2, 4])
def test_resource_and_garment_bags_hold_everything_R_SETUP_4_R_SETUP_5(players: int) -> None:
    """R-SETUP-4, R-SETUP-5: all 48 resource tiles and all 42 garments start in their bags; Phase 1 of
    round 1 then fills every drawer space and every window from them, nothing else moved."""
    g = P.new_game(players)
    s = g.s
    assert sorted(s.res_bag + s.drawers) == list(range(48))
    assert EMPTY not in s.drawers
    assert s.res_discard == []
    assert sorted(s.gar_bag + s.windows) == list(range(42))
    assert EMPTY not in s.windows
    assert s.gar_discard == []
    assert all(x == EMPTY for x in s.guest) and all(x == EMPTY for x in s.deco)
    P.assert_valid(g)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_player_belongings_R_SETUP_6_R_SETUP_9(players: int) -> None:
    """R-SETUP-6: each player's 5 start employees of their own colour form the supply; the
    prestige marker is on 0.  R-SETUP-9: 15 livres, 1 thread, 1 lace each."""
    g = P.new_game(players)
    for seat, p in enumerate(g.s.players):
        assert sorted(g.s.t.cards[c].id for c in p.supply) == [f"S{seat + 1}{k}" for k in range(1, 6)]
        assert all(g.s.t.cards[c].owner == seat for c in p.supply)
        assert (p.hand, p.discard, p.rack, p.in_play) == ([], [], [], EMPTY)
        assert (p.livres, p.thread, p.lace, p.vp) == (15, 1, 1, 0)


def test_staff_is_supply_hand_and_discard_R_SETUP_7() -> None:
    """R-SETUP-7: the staff is supply + hand + discard, whatever pile a card lies in."""
    g = P.new_game(2)
    P.set_staff(g, 0, supply=["S11", "S12"], hand=["S13"], discard=["S14", "S15"])
    p = g.s.players[0]
    assert (len(p.supply), len(p.hand), len(p.discard)) == (2, 1, 2)
    assert p.staff_size() == 5
    assert g.observe(1)["players"][0]["staff_size"] == 5
    P.move_card(g, 0, "S15", "box")
    assert p.staff_size() == 4


def test_money_thread_and_lace_are_unlimited_R_SETUP_8_R_SETUP_11() -> None:
    """R-SETUP-8, R-SETUP-11: the bank and the general supply never run dry and nothing is capped: a
    player beyond the 16 thread pieces or the 50 coins still receives more."""
    g = P.new_game(2)
    P.set_money(g, 0, livres=500, thread=16, lace=16)
    P.mid_turn(g, 0, "S15")
    P.run(g, "main:skip", "bonus:use")  # start_gain_2
    assert g.s.players[0].livres == 502
    P.set_staff(g, 0, supply=["S11", "S12", "S13", "S14"])
    P.give_tiles(g, 0, ["R05"])  # 3 pink
    P.set_windows(g, [None, None, None, None, None, "G17"])  # 3 pink, free window
    P.mid_turn(g, 0, "S11")
    P.run(g, "main:tailor", "garment:G17", "give:R05", "rent:h3s1")  # reward: 1 thread
    assert g.s.players[0].thread == 17
    P.assert_valid(g)


def test_start_player_is_configurable_R_SETUP_10() -> None:
    """R-SETUP-10: the configured start player picks first and plays first."""
    g = P.new_game(3, start_player=2)
    assert g.s.start_player == 2
    assert g.observe(None)["start_player"] == 2
    assert g.current_player() == 2
    P.finish_phase2(g)
    assert g.decision()["kind"] == "play"
    assert g.current_player() == 2


def test_random_start_player_follows_the_seed_R_SETUP_10() -> None:
    """R-SETUP-10: without a configured seat the start player is drawn at random: it varies
    with the seed and is reproducible for one seed."""
    seats = {Rococo.new({"players": 3}, seed).s.start_player for seed in range(20)}
    assert seats == {0, 1, 2}
    assert Rococo.new({"players": 3}, 11).s.start_player == Rococo.new({"players": 3}, 11).s.start_player


def test_information_model_R_SETUP_12() -> None:
    """R-SETUP-12: money, goods, scores, board and discards are public; the number of rack
    tiles is public but not their content; supply and hand are secret to the owner."""
    g = P.new_game(2)
    P.set_staff(g, 0, supply=["S11", "S12"], hand=["S13"], discard=["S14", "S15"])
    P.give_tiles(g, 0, ["R01", "R19"])
    P.set_money(g, 0, livres=23, thread=2, lace=3, vp=4)
    own = g.observe(0)["players"][0]
    other = g.observe(1)["players"][0]
    spectator = g.observe(None)["players"][0]
    assert own["hand"] == ["S13"] and sorted(own["supply"]) == ["S11", "S12"]
    assert sorted(own["rack"]) == ["R01", "R19"]
    for view in (other, spectator):
        assert not {"hand", "supply", "rack", "silk"} & set(view)
        assert (view["livres"], view["thread"], view["lace"], view["vp"]) == (23, 2, 3, 4)
        assert view["rack_count"] == 2
        assert view["discard"] == ["S14", "S15"]
        assert (view["hand_count"], view["supply_count"]) == (1, 2)
