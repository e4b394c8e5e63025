"""The Jewelry Box expansion (RULES.md §13): setup, Phase 1 step E, renting with a jewel, the
jeweler decoration, the specialized apprentices and their hiring conditions, the two exams and
their tasks, the nine new Journeyman and nine new Master bonuses, income and final scoring.

Each test builds a position with tests/rococo/positions.py and drives it through the public
protocol; amounts are read from data/jewelry_box.toml where the rulebook states them, so a
test fails when the engine breaks the rule, not when reconstructed data changes.  The
rulings of §17 that concern the expansions have their own file, test_expansion_rulings.py.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from salon.core.errors import IllegalAction, MalformedAction
from salon.rococo.game import Rococo
from salon.rococo.models import JewelryBoxParams
from salon.rococo.pieces import Employee, Garment
from salon.rococo.rules.common import jewelry_box
from salon.rococo.state import EMPTY, Player
from tests.rococo.positions import (
    assert_valid,
    at_turn,
    card,
    clear_display,
    decorations,
    end_phase3,
    give_jewels,
    give_tiles,
    jewel,
    kit,
    make,
    mid_turn,
    new_game,
    offer_garment,
    patch_data,
    play_turn,
    refresh,
    rent_garments,
    run,
    set_decoration,
    set_drawers,
    set_exam,
    set_jewel_display,
    set_money,
    set_specialist,
    set_staff,
    set_windows,
    spaces,
    start_scoring,
    tasks_marked,
    to_box,
)

START = ["S11", "S12", "S13", "S14", "S15"]  # seat 0: 2 Masters, a Journeyman, 2 Apprentices
MASTER, JOURNEYMAN, APPRENTICE = "S11", "S13", "S14"  # S14: start_extra_acquire, S15: start_gain_2
J_TASKS = ["J1", "J2", "J3", "J4"]
M_TASKS = ["M1", "M2", "M3"]
ALL = "all"

# ---------------------------------------------------------------------------------------------
# helpers


def turn(played: str, livres: int | None = None, thread: int | None = None, lace: int | None = None,
         vp: int | None = None, **kw: Any) -> Rococo:
    """Seat 0 has just played ``played`` with all expansions (``play_turn``), holding the given
    livres, thread, lace and VP."""
    g = play_turn(played, **kw)
    set_money(g, 0, livres=livres, thread=thread, lace=lace, vp=vp)
    return g


def me(g: Rococo, seat: int = 0) -> Player:
    return g.s.players[seat]


def ids(g: Rococo, cards: list[int]) -> list[str]:
    return [g.s.t.cards[c].id for c in cards]


def turn_over(g: Rococo) -> bool:
    return g.decision() == {"seat": 1, "kind": "play"}


def colour(c: str) -> Callable[[Garment], bool]:
    """Base-game garments (no expansion effect) of colour ``c``."""
    return lambda x: x.colour == c and not x.expansion


def dress(x: Garment) -> bool:
    return x.is_dress and not x.expansion


def coat(x: Garment) -> bool:
    return not x.is_dress and not x.expansion


def jb(g: Rococo) -> JewelryBoxParams:
    return jewelry_box(g.s).params


def jeweler_spaces(g: Rococo) -> list[str]:
    return decorations(g, "jeweler")


# ---------------------------------------------------------------------------------------------
# §13.1-13.2 components and setup


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [0, 1])
def test_r_jb_setup_2_3_4_exam_stacks_and_level_packets(players: int, seed: int) -> None:
    """R-JB-SETUP-2, R-JB-SETUP-3, R-JB-SETUP-4, R-NUM-38, R-SETUP-3: level V gives its 2
    Masters to the Master stack (with the 9 new ones: 11), level II its 2 Journeymen to the
    Journeyman stack; the top 2 of each stack go back into the packet, so the general deck
    still holds 28 cards, 4 per level II and V, levels in order, and each stack keeps 9."""
    g = new_game(players, seed=seed, expansions=["jewelry_box"])
    s = g.s
    cards = s.t.cards
    assert len(s.deck) + sum(1 for c in s.display if c != EMPTY) == 28
    # bottom to top: VI, V, IV, III, II, I (4 cards of level I are in the display)
    assert [cards[c].level for c in s.deck] == [6] * 6 + [5] * 4 + [4] * 4 + [3] * 4 + [2] * 4 + [1] * 2
    for level, kind, group, stack, packet in ((5, "master", "exam_master", s.m_stack, s.deck[6:10]),
                                              (2, "journeyman", "exam_journeyman", s.j_stack, s.deck[18:22])):
        base = [c for c in cards[:28] if c.level == level]
        pool = {c.index for c in base if c.type == kind} | {c.index for c in cards if c.group == group}
        assert len(pool) == 11
        assert len(stack) == 9 and set(stack) <= pool
        promoted = [c for c in packet if cards[c].type == kind]
        assert len(promoted) == 2 and set(promoted) | set(stack) == pool
        # the packet keeps the level's cards of the other types
        assert sorted(c for c in packet if c not in promoted) == sorted(c.index for c in base if c.type != kind)
    assert_valid(g)


def test_r_jb_setup_2_the_eleven_cards_are_shuffled_together() -> None:
    """R-JB-SETUP-2/3: the level's own Masters (Journeymen) are shuffled with the new ones:
    over several games a base card sometimes stays in the stack and a new card sometimes
    reaches the deck."""
    base_in_stack = new_in_deck = 0
    for seed in range(12):
        g = new_game(2, seed=seed, expansions=["jewelry_box"])
        s = g.s
        for stack in (s.m_stack, s.j_stack):
            base_in_stack += sum(1 for c in stack if s.t.cards[c].group == "deck")
        new_in_deck += sum(1 for c in s.deck if s.t.cards[c].group in ("exam_master", "exam_journeyman"))
    assert base_in_stack and new_in_deck


@pytest.mark.parametrize("players, jewelers", [(2, 3), (3, 3), (4, 5), (5, 5)])
def test_r_jb_setup_1_jeweler_board_bag_and_start_markers(players: int, jewelers: int) -> None:
    """R-JB-SETUP-1, R-JB-COMP-1, R-JB-COMP-3, R-NUM-37: the jeweler board with its jeweler
    decoration spaces (one per player of the board side) and jewelry display; the 24 jewelry
    tiles are in the bag (those in the display were drawn in Phase 1); every start marker is
    on the Journeyman exam start area with no task marked."""
    g = new_game(players, expansions=["jewelry_box"])
    s = g.s
    assert len(jeweler_spaces(g)) == jewelers
    assert len(s.jewel_bag) + sum(1 for j in s.jewel_display if j != EMPTY) == 24
    assert all(j != EMPTY for j in s.jewel_display) and not s.jewels_boxed
    for seat in range(players):
        obs = g.observe(seat)["players"][seat]
        assert obs["exam"] == "journeyman" and obs["tasks"] == [] and obs["jewels"] == []
        assert me(g, seat).exam == 0 and me(g, seat).tasks == 0


def test_r_jb_comp_2_twenty_eight_expansion_cards() -> None:
    """R-JB-COMP-2, R-NUM-37: 9 new Masters of level V, 9 new Journeymen of level II and 10
    specialized Apprentices of level 0 join the game."""
    g = new_game(2, expansions=["jewelry_box"])
    groups: dict[str, list[Employee]] = {}
    for c in g.s.t.cards:
        groups.setdefault(c.group, []).append(c)
    assert sorted((c.level, c.type) for c in groups["exam_master"]) == [(5, "master")] * 9
    assert sorted((c.level, c.type) for c in groups["exam_journeyman"]) == [(2, "journeyman")] * 9
    assert sorted((c.level, c.type) for c in groups["specialist"]) == [(0, "apprentice")] * 10


def test_r_jb_comp_1_the_jeweler_board_is_observed() -> None:
    """R-JB-COMP-1: the jeweler board's display (with its prices), bag, removed jewels and the
    two stacks' sizes are public; each player's jewels, exam and tasks too."""
    g = turn(MASTER)
    give_jewels(g, 0, ["J01"])
    set_exam(g, 0, 0, ["J2"])
    obs = g.observe(1)
    jw = obs["jewelry"]
    assert jw is not None
    assert [d["price"] for d in jw["display"]] == list(jewelry_box(g.s).display_prices)
    assert jw["journeyman_stack_count"] == 9 and jw["master_stack_count"] == 9
    assert jw["bag_count"] == len(g.s.jewel_bag) and jw["removed"] == []
    assert obs["players"][0]["jewels"] == ["J01"] and obs["players"][0]["tasks"] == ["J2"]
    assert obs["players"][0]["exam"] == "journeyman"


@pytest.mark.parametrize("players", [2, 3, 5])
def test_r_jb_setup_5_one_secret_specialized_apprentice_each(players: int) -> None:
    """R-JB-SETUP-5: each player is dealt one specialized apprentice face down, the rest go to
    the box; it is not part of the staff; its owner may look at it, the others may not."""
    g = new_game(players, expansions=["jewelry_box"])
    s = g.s
    dealt = [p.specialist for p in s.players]
    assert EMPTY not in dealt and len(set(dealt)) == players
    assert all(s.t.cards[c].group == "specialist" for c in dealt)
    # the rest return to the box unseen: not among the publicly removed cards
    assert len(s.unseen) == 10 - players and not set(s.unseen) & set(dealt)
    assert {s.t.cards[c].group for c in s.unseen} == {"specialist"}
    assert not {s.t.cards[c].id for c in s.unseen} & set(g.observe(None)["board"]["removed_cards"])
    for seat, p in enumerate(s.players):
        assert p.specialist not in p.staff() and p.staff_size() == 5
        for viewer in range(players):
            obs = g.observe(viewer)["players"][seat]
            assert obs["has_specialist"] is True
            if viewer == seat:
                assert obs["specialist"]["card"] == s.t.cards[p.specialist].id
            else:
                assert "specialist" not in obs
        spectator = g.observe(None)["players"][seat]
        assert "specialist" not in spectator


def test_r_setup_13_without_the_jewelry_box_nothing_of_it_is_set_up() -> None:
    """R-SETUP-13: the expansion hooks act only with the expansion: without the Jewelry Box the
    deck is the base deck, no exam stack, no specialized apprentice, no jewel, no exam
    action (its text is no action of the game)."""
    g = new_game(2)
    s = g.s
    assert not s.j_stack and not s.m_stack and not s.jewel_display and not s.jewel_bag
    assert all(p.specialist == EMPTY for p in s.players)
    assert {c.group for c in s.t.cards} == {"deck", "start"}
    assert g.observe(0)["jewelry"] is None
    with pytest.raises(MalformedAction):
        g.apply("main:journeyman_exam")


# ---------------------------------------------------------------------------------------------
# §13.3 Phase 1 step E


def test_r_jb_ph1e_1_2_3_rightmost_jewel_leaves_rest_shift_right_refill_right_to_left() -> None:
    """R-JB-PH1E-1, R-JB-PH1E-2, R-JB-PH1E-3, A-42, A-11: in the next round's Phase 1 the jewel
    on the rightmost space leaves the game (no jewelry discard), the others shift as far right
    as possible keeping their order, and the empty spaces fill from the bag; step E comes
    after steps A-D."""
    g = new_game(2, expansions=["jewelry_box"])
    a, b, c = "J01", "J13", "J07"
    set_jewel_display(g, [a, None, b, None, c])
    bag = len(g.s.jewel_bag)
    g.s.events = []
    end_phase3(g)
    s = g.s
    assert s.round == 2
    assert s.jewels_boxed == [jewel(g, c)]
    assert s.jewel_display[-2:] == [jewel(g, a), jewel(g, b)]
    assert all(j != EMPTY for j in s.jewel_display)
    assert len(s.jewel_bag) == bag - 3
    kinds = [e.type for e in s.events]
    assert kinds.index("windows") < kinds.index("jewel_display")
    assert (jewelry := g.observe(0)["jewelry"]) is not None and jewelry["removed"] == [c]
    assert_valid(g)


def test_r_jb_ph1e_3_an_empty_bag_leaves_the_leftmost_spaces_empty_and_is_never_refilled() -> None:
    """R-JB-PH1E-3: with one jewel left in the bag, only the rightmost empty space is filled;
    the jewels that left the game never return to the bag."""
    g = new_game(2, expansions=["jewelry_box"])
    s = g.s
    set_jewel_display(g, [None, None, None, "J02", "J03"])
    last = s.jewel_bag[0]
    s.jewels_boxed.extend(s.jewel_bag[1:])
    del s.jewel_bag[1:]
    end_phase3(g)
    # "J03" left the game, "J02" moved right onto space 5, the bag's last tile filled space 4
    assert s.jewel_display == [EMPTY, EMPTY, EMPTY, last, jewel(g, "J02")]
    assert s.jewel_bag == [] and jewel(g, "J03") in s.jewels_boxed
    end_phase3(g)
    assert s.jewel_display == [EMPTY, EMPTY, EMPTY, EMPTY, last] and s.jewel_bag == []
    assert_valid(g)


# ---------------------------------------------------------------------------------------------
# §13.4 renting with a jewel


def jewel_turn(garment_id: str, livres: int = 30, jeweler: bool = True) -> Rococo:
    """Seat 0 plays a Master and can tailor ``garment_id`` (rightmost window, cost 0); the
    display holds, left to right: blue necklace, pink ring, green necklace, orange ring, blue
    necklace (prices 5 4 3 2 1)."""
    g = turn(MASTER, livres=livres)
    if jeweler:
        set_decoration(g, 0, jeweler_spaces(g)[0])
    set_jewel_display(g, ["J01", "J13", "J07", "J19", "J02"])
    offer_garment(g, 0, garment_id)
    return g


BLUE_DRESS = "G05"  # blue dress, no thimble
PINK_COAT = "G18"  # pink coat, no thimble


def test_r_jb_jewel_1_a_dress_takes_a_necklace_at_the_price_of_its_space() -> None:
    """R-JB-JEWEL-1, R-JB-JEWEL-2: renting a dress with a jeweler marker offers the necklaces
    of the display (or none); the chosen one costs the livres printed below its space, is owned
    face up by the player and leaves the display; the garment is placed after the choice."""
    g = jewel_turn(BLUE_DRESS)
    make(g, BLUE_DRESS, "rent:h2s2")
    assert g.decision()["kind"] == "jewel"
    assert g.decision()["garment"] == BLUE_DRESS
    assert sorted(g.legal_actions()) == ["jewel:J01", "jewel:J02", "jewel:J07", "jewel:none"]
    # the garment is not on its space yet (R-JB-JEWEL-1: before placing it in a hall)
    assert g.s.guest[g.s.t.space_index["h2s2"]] == EMPTY
    before = me(g).livres
    prices = jewelry_box(g.s).display_prices
    events = g.apply("jewel:J07")
    assert me(g).livres == before - prices[2]
    assert me(g).jewels == [jewel(g, "J07")]
    assert g.s.jewel_display[2] == EMPTY
    assert g.observe(1)["players"][0]["jewels"] == ["J07"]
    kinds = [e.type for e in events]
    assert kinds.index("jewel") < kinds.index("rented")
    assert g.s.guest[g.s.t.space_index["h2s2"]] == g.s.t.garment_index[BLUE_DRESS]
    assert g.decision()["kind"] != "jewel"  # R-JB-JEWEL-2: one jewel per garment
    assert_valid(g)


def test_r_jb_jewel_1_a_coat_takes_a_ring() -> None:
    """R-JB-JEWEL-1 (2): a coat may take only a ring."""
    g = jewel_turn(PINK_COAT)
    make(g, PINK_COAT, "rent:h2s2")
    assert sorted(g.legal_actions()) == ["jewel:J13", "jewel:J19", "jewel:none"]
    with pytest.raises(IllegalAction) as err:
        g.apply("jewel:J01")
    assert err.value.rule == "R-JB-JEWEL-1"


def test_r_jb_jewel_1_only_jewels_the_player_can_pay_for() -> None:
    """R-JB-JEWEL-1 (3), A-53: a jewel whose price exceeds the player's livres is not offered."""
    g = jewel_turn(BLUE_DRESS, livres=3)
    make(g, BLUE_DRESS, "rent:h2s2")
    assert sorted(g.legal_actions()) == ["jewel:J02", "jewel:J07", "jewel:none"]


def test_r_jb_jewel_1_declining_keeps_the_livres() -> None:
    """R-JB-JEWEL-1: acquiring a jewel is optional."""
    g = jewel_turn(BLUE_DRESS)
    make(g, BLUE_DRESS, "rent:h2s2")
    before = me(g).livres
    g.apply("jewel:none")
    assert me(g).livres == before and me(g).jewels == []
    assert g.s.guest[g.s.t.space_index["h2s2"]] == g.s.t.garment_index[BLUE_DRESS]


def test_r_jb_fin_3_no_jewel_without_a_jeweler_marker() -> None:
    """R-JB-FIN-3, R-JB-JEWEL-1 (1): without a marker on a jeweler decoration no jewel is
    offered: the garment is placed at once."""
    g = jewel_turn(BLUE_DRESS, jeweler=False)
    make(g, BLUE_DRESS, "rent:h2s2")
    assert g.decision()["kind"] != "jewel"
    assert g.s.guest[g.s.t.space_index["h2s2"]] == g.s.t.garment_index[BLUE_DRESS]
    assert me(g).jewels == []


def test_r_jb_jewel_1_selling_is_unchanged() -> None:
    """R-JB-JEWEL-1: only a rented garment may take a jewel; a sale offers none."""
    g = jewel_turn(BLUE_DRESS)
    make(g, BLUE_DRESS, "sell")
    assert g.decision()["kind"] != "jewel" and me(g).jewels == []


def test_r_jb_jewel_3_a_matching_colour_draws_a_secret_resource_tile() -> None:
    """R-JB-JEWEL-3: a blue necklace with a blue dress brings a secret tile from the resource
    bag, kept or converted (R-PROC-TILE)."""
    g = jewel_turn(BLUE_DRESS)
    make(g, BLUE_DRESS, "rent:h2s2")
    rack = len(me(g).rack)
    bag = len(g.s.res_bag)
    events = g.apply("jewel:J02")
    drawn = [e for e in events if e.type == "tile_drawn"]
    assert len(drawn) == 1 and drawn[0].data["why"] == "jewel_colour" and "tile" in drawn[0].secret
    assert g.decision()["kind"] == "fate"
    g.apply("tile:keep")
    assert len(me(g).rack) == rack + 1 and len(g.s.res_bag) == bag - 1
    assert_valid(g)


def test_r_jb_jewel_3_no_tile_when_the_colours_differ() -> None:
    """R-JB-JEWEL-3: a green necklace with a blue dress brings no tile."""
    g = jewel_turn(BLUE_DRESS)
    make(g, BLUE_DRESS, "rent:h2s2")
    events = g.apply("jewel:J07")
    assert not [e for e in events if e.type == "tile_drawn"]
    assert g.decision()["kind"] != "fate"


def test_r_jb_jewel_4_a_garment_tailored_by_a_bonus_may_take_a_jewel() -> None:
    """R-JB-JEWEL-4: the jewel offer applies to every rented garment, also one tailored through
    a granted action (the level-II Journeyman's tailoring bonus)."""
    g = turn("E08", livres=30)
    set_decoration(g, 0, jeweler_spaces(g)[0])
    set_jewel_display(g, ["J01", "J13", "J07", "J19", "J02"])
    offer_garment(g, 0, BLUE_DRESS)
    g.apply("main:skip")
    g.apply("bonus:use")
    make(g, BLUE_DRESS, "rent:h2s2", main=None)
    assert g.decision()["kind"] == "jewel"
    assert "jewel:J01" in g.legal_actions()


# ---------------------------------------------------------------------------------------------
# §13.6 jeweler decorations


@pytest.mark.parametrize("played", [MASTER, JOURNEYMAN, APPRENTICE])
def test_r_jb_fin_1_any_employee_finances_a_jeweler_space_at_its_cost(played: str) -> None:
    """R-JB-FIN-1: the jeweler spaces are decorations financed with action 6 by any type,
    paying the printed cost."""
    g = turn(played, livres=30)
    space = jeweler_spaces(g)[1]
    cost = g.s.t.ds.board.decorations[g.s.t.deco_index[space]].cost
    g.apply("main:finance")
    assert f"finance:{space}" in g.legal_actions()
    g.apply(f"finance:{space}")
    assert g.s.deco[g.s.t.deco_index[space]] == 0
    assert me(g).livres == 30 - cost


def test_r_jb_fin_2_one_jeweler_decoration_per_player() -> None:
    """R-JB-FIN-2, R-NUM-40: a player with a jeweler marker may not finance another jeweler
    space (other kinds stay open); another player still may."""
    g = turn(MASTER, livres=50)
    first, second = jeweler_spaces(g)[:2]
    set_decoration(g, 0, first)
    g.apply("main:finance")
    legal = g.legal_actions()
    assert f"finance:{second}" not in legal and any(a.startswith("finance:st") for a in legal)
    with pytest.raises(IllegalAction) as err:
        g.apply(f"finance:{second}")
    assert err.value.rule == "R-JB-FIN-2"
    g2 = turn(MASTER, livres=50)
    set_decoration(g2, 1, first)
    g2.apply("main:finance")
    assert f"finance:{second}" in g2.legal_actions()


def test_r_jb_fin_4_a_jeweler_marker_counts_for_kitchen_left_income() -> None:
    """R-JB-FIN-4, A-32, R-PH4-3: kitchen-left income counts the jeweler marker as a
    decoration."""
    g = turn(MASTER, livres=0)
    set_decoration(g, 0, decorations(g, "kitchen_left")[0])
    set_decoration(g, 0, jeweler_spaces(g)[0])
    end_phase3(g)
    base = g.s.t.ds.rules.base_income
    assert me(g).livres == base + 2


# ---------------------------------------------------------------------------------------------
# §13.5 and §13.9 hiring the specialized apprentice


def hiring(specialist: str, livres: int = 0) -> Rococo:
    """Seat 0 plays a Master holding ``specialist`` face down; the employee display is empty."""
    g = turn(MASTER, livres=livres)
    set_specialist(g, 0, specialist)
    clear_display(g)
    return g


def _coats(g: Rococo, met: bool) -> None:
    rent_garments(g, 0, coat, 3 if met else 2)
    rent_garments(g, 0, dress, 0 if met else 3)


def _dresses(g: Rococo, met: bool) -> None:
    rent_garments(g, 0, dress, 3 if met else 2)
    rent_garments(g, 0, coat, 0 if met else 3)


def _master_guests(g: Rococo, met: bool) -> None:
    rent_garments(g, 0, dress, 3 if met else 2, master=True)
    rent_garments(g, 0, dress, 0 if met else 3)


def _livres(g: Rococo, met: bool) -> None:
    set_money(g, 0, livres=30 if met else 29)


def _jewels(g: Rococo, met: bool) -> None:
    give_jewels(g, 0, ["J01", "J13", "J20"] if met else ["J01", "J13"])


def _decoration_kinds(g: Rococo, met: bool) -> None:
    """Both kitchen sides are one kind: kitchen + statue is 2 kinds; jeweler + kitchen +
    statue is 3."""
    for d in ("kitchen_left", "statue"):
        set_decoration(g, 0, decorations(g, d)[0])
    set_decoration(g, 0, jeweler_spaces(g)[0] if met else decorations(g, "kitchen_right")[0])


def _resources(g: Rococo, met: bool) -> None:
    give_tiles(g, 0, ["R37", "R38", "R39", "R40"])
    set_money(g, 0, thread=2, lace=2 if met else 1)


def _resources_tiles(g: Rococo, met: bool) -> None:
    give_tiles(g, 0, ["R37", "R38", "R39", "R40"] if met else ["R37", "R38", "R39"])
    set_money(g, 0, thread=2, lace=2)


def _vp(g: Rococo, met: bool) -> None:
    set_money(g, 0, vp=5 if met else 4)


def _master_exam(g: Rococo, met: bool) -> None:
    """Not met: the Journeyman exam passed (start marker on the Master exam) is not enough."""
    me(g).master_exams = 1 if met else 0
    set_exam(g, 0, 0 if met else 1)


def _all_halls(g: Rococo, met: bool) -> None:
    """A-13: present in a hall through a garment or its musician."""
    for hall in (1, 2, 3, 4):
        rent_garments(g, 0, dress, 1, hall=hall)
    if met:
        set_decoration(g, 0, g.s.t.ds.board.decorations[g.s.t.ds.board.halls[4].musician].id)
    else:
        rent_garments(g, 1, dress, 1, hall=5)


CONDITIONS = [
    ("R-JB-SA-1", "sa_cond_3_coats", _coats),
    ("R-JB-SA-2", "sa_cond_3_dresses", _dresses),
    ("R-JB-SA-3", "sa_cond_3_master_guests", _master_guests),
    ("R-JB-SA-4", "sa_cond_30_livres", _livres),
    ("R-JB-SA-5", "sa_cond_3_jewels", _jewels),
    ("R-JB-SA-6", "sa_cond_3_decoration_kinds", _decoration_kinds),
    ("R-JB-SA-7", "sa_cond_resources", _resources),
    ("R-JB-SA-7", "sa_cond_resources", _resources_tiles),
    ("R-JB-SA-8", "sa_cond_5_vp", _vp),
    ("R-JB-SA-9", "sa_cond_master_exam", _master_exam),
    ("R-JB-SA-10", "sa_cond_all_halls", _all_halls),
]


def specialist_with(condition: str) -> str:
    g = new_game(2, expansions=["jewelry_box"])
    return next(c.id for c in g.s.t.cards if c.condition == condition)


@pytest.mark.parametrize("rule, condition, arrange", CONDITIONS, ids=[f"{r}-{a.__name__}" for r, _, a in CONDITIONS])
@pytest.mark.parametrize("met", [True, False])
def test_r_jb_sa_hiring_conditions(rule: str, condition: str, arrange: Callable[[Rococo, bool], None],
                                   met: bool) -> None:
    """R-JB-SA-1..R-JB-SA-10, R-JB-HIRE-1: each hiring condition, just met and just missed;
    the specialized apprentice can be hired (for free, with an empty display) exactly when its
    condition holds at that moment."""
    sa = specialist_with(condition)
    g = hiring(sa)
    arrange(g, met)
    assert_valid(g)
    if met:
        assert "main:hire" in g.legal_actions()
        g.apply("main:hire")
        assert g.legal_actions() == [f"hire:{sa}"]
    else:
        assert "main:hire" not in g.legal_actions()


def test_r_jb_hire_1_2_free_once_per_game_even_with_an_empty_display() -> None:
    """R-JB-HIRE-1, R-JB-HIRE-2, R-NUM-41: a Master's Hire action takes the own specialized
    apprentice for free although the display is empty; it goes into the hand (playable this
    round) and joins the staff; it cannot be hired a second time."""
    sa = specialist_with("sa_cond_30_livres")
    g = hiring(sa, livres=30)
    run(g, "main:hire", f"hire:{sa}")
    assert me(g).livres == 30
    assert sa in ids(g, me(g).hand) and me(g).specialist == EMPTY
    assert me(g).staff_size() == 6
    obs = g.observe(0)["players"][0]
    assert obs["has_specialist"] is False and "specialist" not in obs
    # the next turn of seat 0 this round may play it
    g.apply(g.legal_actions()[0])  # seat 1 plays its card
    while g.current_player() == 1:
        g.apply("main:skip" if g.decision()["kind"] == "main" else "bonus:skip")
    assert g.decision() == {"seat": 0, "kind": "play"}
    assert f"play:{sa}" in g.legal_actions()
    # once per game
    g2 = hiring(sa, livres=30)
    run(g2, "main:hire", f"hire:{sa}")
    mid_turn(g2, 0, MASTER)
    set_money(g2, 0, livres=30)
    clear_display(g2)
    assert "main:hire" not in g2.legal_actions()


def test_r_jb_hire_1_beside_the_display_and_only_with_a_master() -> None:
    """R-JB-HIRE-1: the specialized apprentice is offered beside the display's cards; it needs
    the Hire action, so a Journeyman cannot take it; an unmet condition is refused with the
    rule; another player's specialized apprentice is never offered."""
    sa = specialist_with("sa_cond_30_livres")
    g = turn(MASTER, livres=30)
    set_specialist(g, 0, sa)
    g.apply("main:hire")
    legal = g.legal_actions()
    assert f"hire:{sa}" in legal and len(legal) == 5
    g = turn(JOURNEYMAN, livres=30)
    set_specialist(g, 0, sa)
    assert "main:hire" not in g.legal_actions()
    g = turn(MASTER, livres=29)
    set_specialist(g, 0, sa)
    g.apply("main:hire")
    assert f"hire:{sa}" not in g.legal_actions()
    with pytest.raises(IllegalAction) as err:
        g.apply(f"hire:{sa}")
    assert err.value.rule == "R-JB-HIRE-1"
    g = turn(MASTER, livres=30)
    set_specialist(g, 1, sa)
    g.apply("main:hire")
    assert f"hire:{sa}" not in g.legal_actions()


def test_r_jb_hire_2_hire_event_reveals_the_specialist() -> None:
    """R-JB-HIRE-2: hiring the specialized apprentice moves it from the secret slot into the
    hand (the hired card is named in the event)."""
    sa = specialist_with("sa_cond_30_livres")
    g = hiring(sa, livres=30)
    events = run(g, "main:hire", f"hire:{sa}")
    hired = [e for e in events if e.type == "hired"]
    assert hired and hired[0].data["card"] == sa and hired[0].data.get("specialist") is True


def test_r_jb_hire_3_r_bon_sa_vp3_three_vp_every_time_it_is_played() -> None:
    """R-JB-HIRE-3, R-BON-sa_vp3, R-NUM-41: the specialized apprentice's bonus is +3 VP after
    the main action, each time it is played (optional like every bonus)."""
    sa = specialist_with("sa_cond_5_vp")
    g = turn(sa, vp=0)
    for n in (1, 2):
        if n == 2:  # played again (it lies on the discard now)
            mid_turn(g, 0, sa)
        g.apply("main:skip")
        assert g.legal_actions() == ["bonus:use", "bonus:skip"]
        g.apply("bonus:use")
        assert me(g).vp == n * jb(g).specialist_vp == n * 3


def test_r_jb_hire_4_the_condition_may_be_broken_after_hiring() -> None:
    """R-JB-HIRE-4: once hired, the apprentice stays although the condition no longer holds,
    and is played with its bonus as usual."""
    sa = specialist_with("sa_cond_30_livres")
    g = hiring(sa, livres=30)
    run(g, "main:hire", f"hire:{sa}")
    assert sa in ids(g, me(g).hand)
    mid_turn(g, 0, sa)
    set_money(g, 0, livres=0)
    g.apply("main:skip")
    g.apply("bonus:use")
    assert me(g).vp == 3 and sa in ids(g, me(g).staff())


def test_r_jb_hire_5_a_hired_specialist_is_an_ordinary_apprentice() -> None:
    """R-JB-HIRE-5: it may send itself away (staff above 4), take the Journeyman exam and
    count for nm_end_apprentice_pairs; but the unhired one is no staff."""
    sa = specialist_with("sa_cond_5_vp")
    g = turn(sa, livres=10)
    assert {"main:send", "main:acquire", "main:finance"} <= set(g.legal_actions())
    assert "main:tailor" not in g.legal_actions()
    set_exam(g, 0, 0, J_TASKS)
    assert "main:journeyman_exam" in g.legal_actions()
    g = turn(MASTER, supply=["S12", "S13", "S14", "S15", "E37", "E05"])
    set_specialist(g, 0, specialist_with("sa_cond_30_livres"))
    start_scoring(g)
    # three Apprentices in the staff (S14, S15, E05): one pair; the unhired one is not counted
    assert g.s.breakdown[0]["employees"] == jb(g).nm_apprentice_pair_vp


# ---------------------------------------------------------------------------------------------
# §13.7 exams


def exam_turn(played: str, exam: int, tasks: list[str], livres: int = 7, supply: list[str] | None = None,
              **kw: Any) -> Rococo:
    g = turn(played, supply=supply, livres=livres, **kw)
    set_exam(g, 0, exam, tasks)
    return g


def test_tv_22_journeyman_exam_at_the_minimum_staff() -> None:
    """TV-22, R-JB-EXAM-J-3, A-23, R-STAFF-3: an Apprentice with all 4 Journeyman tasks, 7
    livres and a staff of 4 takes the exam: -5 livres, +1 VP, its bonus as usual, the
    Apprentice leaves the game, a Journeyman chosen from the whole stack goes to the hand,
    the task markers return and the start marker moves to the Master exam."""
    g = exam_turn("S15", 0, J_TASKS, supply=["S11", "S12", "S13"])
    assert me(g).staff_size() == 4
    assert "main:journeyman_exam" in g.legal_actions()
    events = g.apply("main:journeyman_exam")
    assert me(g).livres == 2 and me(g).vp == 1
    kinds = [e.type for e in events]
    assert kinds.index("livres") < kinds.index("vp")
    # (2) the Apprentice's bonus, while the card is still in play
    assert g.decision()["kind"] == "bonus" and g.decision()["bonus_card"] == "S15"
    assert me(g).in_play == card(g, "S15")
    g.apply("bonus:use")
    assert me(g).livres == 2 + g.s.t.ds.bonus.start_gain
    # (4) the whole stack to choose from
    stack = ids(g, g.s.j_stack)
    assert g.decision()["kind"] == "promote"
    assert sorted(g.legal_actions()) == sorted(f"promote:{c}" for c in stack) and len(stack) == 9
    chosen = stack[3]
    g.apply(f"promote:{chosen}")
    assert card(g, "S15") in g.s.boxed and "S15" not in ids(g, me(g).staff())
    assert chosen in ids(g, me(g).hand) and len(g.s.j_stack) == 8
    assert me(g).staff_size() == 4
    assert tasks_marked(g) == [] and me(g).exam == 1
    assert g.observe(0)["players"][0]["exam"] == "master"
    assert turn_over(g)
    assert_valid(g)


def test_r_jb_exam_j_3_the_new_journeyman_is_playable_this_round() -> None:
    """R-JB-EXAM-J-3 (4): the chosen Journeyman goes into the hand and is played later in the
    same round."""
    g = exam_turn("S15", 0, J_TASKS)
    run(g, "main:journeyman_exam", "bonus:skip")
    chosen = g.legal_actions()[0][8:]
    g.apply(f"promote:{chosen}")
    assert g.s.promoted == [card(g, chosen)]  # secret from the others until played
    g.apply(g.legal_actions()[0])  # seat 1 plays
    while g.current_player() == 1:
        g.apply("main:skip" if g.decision()["kind"] == "main" else "bonus:skip")
    assert g.decision() == {"seat": 0, "kind": "play"} and g.legal_actions() == [f"play:{chosen}"]
    g.apply(f"play:{chosen}")
    assert g.s.promoted == []


def test_r_jb_exam_m_1_2_3_master_exam() -> None:
    """R-JB-EXAM-M-1, R-JB-EXAM-M-2, R-JB-EXAM-M-3, R-NUM-39: a Journeyman with the start marker
    on the Master exam and all 3 Master tasks pays 5, gains 1 VP, may use its bonus, leaves
    the game, and a Master of the whole Master stack goes to the hand; the markers return and
    the start marker goes back to the Journeyman exam."""
    g = exam_turn(JOURNEYMAN, 1, M_TASKS, livres=9)
    assert "main:master_exam" in g.legal_actions() and "main:journeyman_exam" not in g.legal_actions()
    g.apply("main:master_exam")
    assert me(g).livres == 9 - jb(g).exam_fee == 4 and me(g).vp == jb(g).exam_vp == 1
    assert g.decision()["bonus_card"] == JOURNEYMAN
    g.apply("bonus:thread")
    stack = ids(g, g.s.m_stack)
    assert len(stack) == 9 and sorted(g.legal_actions()) == sorted(f"promote:{c}" for c in stack)
    assert all(g.s.t.cards[card(g, c)].type == "master" for c in stack)
    g.apply(f"promote:{stack[0]}")
    assert stack[0] in ids(g, me(g).hand) and card(g, JOURNEYMAN) in g.s.boxed
    assert me(g).exam == 0 and me(g).tasks == 0 and me(g).master_exams == 1
    assert_valid(g)


@pytest.mark.parametrize("played, which, rule", [
    (MASTER, "journeyman_exam", "R-JB-EXAM-J-1"),
    (JOURNEYMAN, "journeyman_exam", "R-JB-EXAM-J-1"),
    (MASTER, "master_exam", "R-JB-EXAM-M-1"),
    (APPRENTICE, "master_exam", "R-JB-EXAM-M-1"),
])
def test_r_emp_4_exams_only_with_their_type(played: str, which: str, rule: str) -> None:
    """R-EMP-4, R-JB-EXAM-J-1, R-JB-EXAM-M-1, A-14: the Journeyman exam only with an
    Apprentice, the Master exam only with a Journeyman (UK:977's stray "apprentice only"
    is a typo)."""
    exam = 0 if which == "journeyman_exam" else 1
    g = exam_turn(played, exam, J_TASKS if exam == 0 else M_TASKS)
    assert f"main:{which}" not in g.legal_actions()
    with pytest.raises(IllegalAction) as err:
        g.apply(f"main:{which}")
    assert err.value.rule == rule


@pytest.mark.parametrize("exam, bits, livres", [
    (1, 0b1111, 7),  # the start marker on the Master exam
    (0, 0b0111, 7),  # a task missing
    (0, 0b1111, 4),  # the fee missing
])
def test_r_jb_exam_j_2_requirements(exam: int, bits: int, livres: int) -> None:
    """R-JB-EXAM-J-2: the start marker on the Journeyman exam, all 4 tasks and 5 livres; each
    missing alone closes the exam."""
    g = exam_turn("S15", exam, [], livres=livres)
    me(g).tasks = bits
    assert "main:journeyman_exam" not in g.legal_actions()
    with pytest.raises(IllegalAction) as err:
        g.apply("main:journeyman_exam")
    assert err.value.rule == "R-JB-EXAM-J-2"


@pytest.mark.parametrize("exam, bits, livres", [
    (0, 0b111, 7),  # the start marker on the Journeyman exam (with three of its tasks)
    (1, 0b011, 7),
    (1, 0b111, 4),
])
def test_r_jb_exam_m_2_requirements(exam: int, bits: int, livres: int) -> None:
    """R-JB-EXAM-M-2: the start marker on the Master exam, all 3 tasks and 5 livres; each
    missing alone closes the exam."""
    g = exam_turn(JOURNEYMAN, exam, [], livres=livres)
    me(g).tasks = bits
    assert "main:master_exam" not in g.legal_actions()
    with pytest.raises(IllegalAction) as err:
        g.apply("main:master_exam")
    assert err.value.rule == "R-JB-EXAM-M-2"


def pass_exam(g: Rococo, which: str) -> str:
    """Take the exam, decline the played card's bonus if offered, take the first card the
    stack offers; returns that card."""
    g.apply(f"main:{which}")
    if g.decision()["kind"] == "bonus":
        g.apply("bonus:skip")
    chosen = g.legal_actions()[0]
    g.apply(chosen)
    return chosen[8:]


def test_r_jb_exam_1_exams_alternate_and_repeat() -> None:
    """R-JB-EXAM-1: Journeyman exam, then the Master exam, then the Journeyman exam's tasks
    count again and both exams can be passed a second time (two Master exams)."""
    g = exam_turn("S15", 0, J_TASKS, livres=40, supply=["S11", "S12", "S13", "S14", "E07"])
    journeyman = pass_exam(g, "journeyman_exam")
    assert me(g).exam == 1
    set_exam(g, 0, 1, M_TASKS)  # the Master tasks fulfilled meanwhile
    mid_turn(g, 0, JOURNEYMAN)
    pass_exam(g, "master_exam")
    assert me(g).exam == 0 and me(g).master_exams == 1
    mid_turn(g, 0, APPRENTICE)
    set_drawers(g, [["R13"], [], []])
    run(g, "main:acquire", "take:R13", "tile:keep")
    assert tasks_marked(g) == ["J1"]
    set_exam(g, 0, 0, J_TASKS)
    mid_turn(g, 0, APPRENTICE)
    pass_exam(g, "journeyman_exam")
    set_exam(g, 0, 1, M_TASKS)
    mid_turn(g, 0, journeyman)
    pass_exam(g, "master_exam")
    assert me(g).exam == 0 and me(g).master_exams == 2 and me(g).vp == 4
    assert_valid(g)


def test_r_jb_exam_2_tasks_only_of_the_current_exam() -> None:
    """R-JB-EXAM-2: with the start marker on the Master exam an Apprentice's blue tile marks
    nothing; with it on the Journeyman exam a Journeyman's dress marks nothing."""
    g = exam_turn(APPRENTICE, 1, [])
    set_drawers(g, [["R13"], [], []])
    run(g, "main:acquire", "take:R13", "tile:keep")
    assert me(g).tasks == 0
    g = exam_turn(JOURNEYMAN, 0, [], livres=20)
    offer_garment(g, 0, BLUE_DRESS)
    make(g, BLUE_DRESS, "sell")
    assert me(g).tasks == 0


def test_r_jb_exam_3_task_progress_is_per_player() -> None:
    """R-JB-EXAM-3: an opponent's marker on J1 does not stop this player from marking J1."""
    g = exam_turn(APPRENTICE, 0, [])
    set_exam(g, 1, 0, ["J1"])
    set_drawers(g, [["R13"], [], []])
    run(g, "main:acquire", "take:R13", "tile:keep")
    assert tasks_marked(g) == ["J1"] and tasks_marked(g, 1) == ["J1"]


def test_r_jb_exam_4_an_empty_stack_closes_its_exam() -> None:
    """R-JB-EXAM-4, A-39: with no card left in the Journeyman (Master) stack the exam cannot
    be taken, though every other requirement holds."""
    g = exam_turn("S15", 0, J_TASKS)
    to_box(g, *ids(g, g.s.j_stack))
    assert "main:journeyman_exam" not in g.legal_actions()
    with pytest.raises(IllegalAction) as err:
        g.apply("main:journeyman_exam")
    assert err.value.rule == "R-JB-EXAM-J-2"
    g = exam_turn(JOURNEYMAN, 1, M_TASKS)
    to_box(g, *ids(g, g.s.m_stack))
    assert "main:master_exam" not in g.legal_actions()


def test_r_jb_exam_4_the_stack_is_shuffled_after_it_was_looked_through() -> None:
    """R-JB-EXAM-4: after the player chose a card, the rest of the stack is shuffled: the
    order seen while choosing is not kept (in some of several games it changes)."""
    changed = 0
    for seed in range(6):
        g = exam_turn("S15", 0, J_TASKS, seed=seed)
        run(g, "main:journeyman_exam", "bonus:skip")
        before = list(g.s.j_stack)
        chosen = before[0]
        g.apply(f"promote:{g.s.t.cards[chosen].id}")
        rest = [c for c in before if c != chosen]
        assert sorted(g.s.j_stack) == sorted(rest)
        changed += g.s.j_stack != rest
    assert changed


# ---------------------------------------------------------------------------------------------
# §13.8 exam tasks


def acquiring(played: str, tile_id: str, fate: str, exam: int = 0, tasks: Sequence[str] = ()) -> Rococo:
    """``played`` acquires ``tile_id`` (alone in drawer 1, free) as main action and keeps or
    converts it."""
    g = exam_turn(played, exam, list(tasks), livres=5)
    set_drawers(g, [[tile_id], [], []])
    run(g, "main:acquire", f"take:{tile_id}", fate)
    return g


@pytest.mark.parametrize("tile_id, fate, task", [
    ("R13", "tile:keep", "J1"),  # blue
    ("R20", "tile:keep", "J1"),  # pink
    ("R29", "tile:keep", "J2"),  # green
    ("R33", "tile:keep", "J2"),  # orange
    ("R13", "tile:convert", "J3"),  # thread from a blue tile
    ("R15", "tile:lace", "J3"),  # thread/lace
])
def test_r_jb_task_j1_j2_j3_an_apprentice_acquires(tile_id: str, fate: str, task: str) -> None:
    """R-JB-TASK-0, R-JB-TASK-J1, R-JB-TASK-J2, R-JB-TASK-J3, A-1: an Apprentice's Acquire
    Resources marks J1 for a kept blue or pink tile, J2 for a kept green or orange tile, J3 for
    a tile discarded for thread or lace -- at once, during the action."""
    g = acquiring(APPRENTICE, tile_id, fate)
    assert tasks_marked(g) == [task]
    assert any(e.type == "task" for e in g.s.events)


def test_r_jb_task_j3_needs_thread_or_lace_on_the_tile() -> None:
    """R-JB-TASK-J3, A-19: converting a tile without a lower part yields nothing and fulfils
    nothing."""
    g = acquiring(APPRENTICE, "R53", "tile:convert")
    assert tasks_marked(g) == []


def test_r_jb_task_j4_an_apprentice_finances() -> None:
    """R-JB-TASK-J4: an Apprentice's Finance a Decoration marks J4."""
    g = exam_turn(APPRENTICE, 0, [], livres=20)
    run(g, "main:finance", f"finance:{jeweler_spaces(g)[0]}")
    assert tasks_marked(g) == ["J4"]


@pytest.mark.parametrize("played", [MASTER, JOURNEYMAN])
def test_r_jb_task_j1_to_j4_need_an_apprentice(played: str) -> None:
    """R-JB-TASK-J1..J4: the same actions by a Master or a Journeyman mark nothing."""
    assert tasks_marked(acquiring(played, "R13", "tile:keep")) == []
    assert tasks_marked(acquiring(played, "R13", "tile:convert")) == []
    g = exam_turn(played, 0, [], livres=20)
    run(g, "main:finance", f"finance:{jeweler_spaces(g)[0]}")
    assert tasks_marked(g) == []


@pytest.mark.parametrize("played, garment_id, task", [
    (JOURNEYMAN, BLUE_DRESS, "M1"),
    (JOURNEYMAN, PINK_COAT, "M2"),
    (MASTER, BLUE_DRESS, "M3"),
    (MASTER, PINK_COAT, "M3"),
])
def test_r_jb_task_m1_m2_m3_tailoring(played: str, garment_id: str, task: str) -> None:
    """R-JB-TASK-M1, R-JB-TASK-M2, R-JB-TASK-M3: a Journeyman's dress marks M1, its coat M2; a
    Master's garment of either kind marks M3 (sold or rented alike)."""
    for dispose in ("sell", "rent:h2s2"):
        g = exam_turn(played, 1, [], livres=20)
        offer_garment(g, 0, garment_id)
        make(g, garment_id, dispose)
        assert tasks_marked(g) == [task]


def test_tv_21_one_task_per_action_the_player_chooses() -> None:
    """TV-21, R-JB-TASK-LIMIT-1, A-41: an Apprentice keeps a tile with blue and green silk: the
    engine lists J1 and J2 and exactly the one chosen is marked; with J1 already marked, J2 is
    marked without asking."""
    g = acquiring(APPRENTICE, "R09", "tile:keep")
    assert g.decision()["kind"] == "task" and g.decision()["tasks"] == ["J1", "J2"]
    assert sorted(g.legal_actions()) == ["task:J1", "task:J2"]
    g.apply("task:J2")
    assert tasks_marked(g) == ["J2"]
    g = acquiring(APPRENTICE, "R09", "tile:keep", tasks=["J1"])
    assert g.decision()["kind"] != "task" and tasks_marked(g) == ["J1", "J2"]


def test_r_jb_task_limit_2_main_and_bonus_action_each_fulfil_a_task() -> None:
    """R-JB-TASK-LIMIT-2: an Apprentice's main Acquire marks J1 and its granted Acquire (the
    start card's extra acquisition) marks J2 in the same turn."""
    g = exam_turn(APPRENTICE, 0, [], livres=10)
    set_drawers(g, [["R13"], ["R29"], []])
    run(g, "main:acquire", "take:R13", "tile:keep", "bonus:use", "take:R29", "tile:keep")
    assert tasks_marked(g) == ["J1", "J2"]


def test_r_jb_task_limit_2_a_journeyman_tailors_twice() -> None:
    """R-JB-TASK-LIMIT-2: a Journeyman's main tailoring (a dress: M1) and its bonus tailoring
    (the level-II tailoring, a coat: M2) mark two tasks."""
    g = exam_turn("E08", 1, [], livres=20)
    set_windows(g, [None, None, None, None, PINK_COAT, BLUE_DRESS])
    kit(g, 0, BLUE_DRESS)
    kit(g, 0, PINK_COAT)
    make(g, BLUE_DRESS, "sell")
    g.apply("bonus:use")
    make(g, PINK_COAT, "sell", main=None)
    assert tasks_marked(g) == ["M1", "M2"]


def test_r_jb_task_limit_3_bag_draws_never_fulfil_a_task() -> None:
    """R-JB-TASK-LIMIT-3: a tile drawn from the bag by an Apprentice's bonus (level I, free
    draw) is no Acquire Resources action: kept or converted, it marks nothing."""
    for keep in (True, False):
        g = exam_turn("E06", 0, [])
        plain = [x for x in g.s.res_bag if not g.s.t.ds.tiles[x].lower]  # both fates must be open
        g.s.res_discard.extend(plain)
        g.s.res_bag[:] = [x for x in g.s.res_bag if x not in plain]
        run(g, "main:skip", "bonus:use")
        assert g.decision()["kind"] == "fate"
        g.apply(g.legal_actions()[0 if keep else 1])
        assert tasks_marked(g) == []


def test_r_jb_task_limit_4_a_reward_tile_while_tailoring_is_no_acquisition() -> None:
    """R-JB-TASK-LIMIT-4, R-JB-TASK-LIMIT-3: the guest-space reward tile of a tailoring is no
    Acquire Resources action, even when an Apprentice performs the tailoring (here a card of
    the data made an Apprentice carrying the level-II tailoring bonus)."""
    g = new_game(2, expansions=ALL)
    patch_data(g, cards={"E08": {"type": "apprentice"}})
    to_box(g, "E08")
    set_staff(g, 0, START[:4])
    mid_turn(g, 0, "E08")
    set_money(g, 0, livres=20)
    set_exam(g, 0, 0, [])
    offer_garment(g, 0, BLUE_DRESS)
    set_drawers(g, [["R13"], [], []])
    reward = spaces(g, reward="tile")[0]
    run(g, "main:skip", "bonus:use")
    make(g, BLUE_DRESS, f"rent:{reward}", main=None)
    assert g.decision()["kind"] == "acquire" and g.decision()["mode"] == "reward"
    run(g, "take:R13", "tile:keep")
    assert tasks_marked(g) == []


# ---------------------------------------------------------------------------------------------
# §13.10 new Journeyman bonuses


def bonus_turn(played: str, main: str = "main:skip", **kw: Any) -> Rococo:
    g = turn(played, **kw)
    g.apply(main)
    return g


def test_r_bon_nj_replay_from_supply() -> None:
    """R-BON-nj_replay_from_supply: choose a card of the own face-down supply; it goes face up
    on the discard (not played: the Journeyman stays the played card) and its bonus is used
    once at once."""
    g = bonus_turn("E38", supply=["S11", "S12", "S15", "E01"], livres=0)
    assert g.decision()["kind"] == "bonus"
    assert sorted(g.legal_actions()) == sorted(["replay:S11", "replay:S12", "replay:S15", "replay:E01",
                                                "bonus:skip"])
    g.apply("replay:E01")
    assert ids(g, me(g).discard)[-1] == "E01" and "E01" not in ids(g, me(g).supply)
    assert me(g).in_play == card(g, "E38") and me(g).staff_size() == 5
    assert g.decision()["kind"] == "bonus" and g.decision()["bonus_card"] == "E01"
    g.apply("bonus:use")
    assert me(g).livres == g.s.t.ds.bonus.l1_gain
    assert turn_over(g)


def test_r_bon_nj_replay_from_supply_empty_supply_no_effect() -> None:
    """R-BON-nj_replay_from_supply: an empty supply gives nothing to replay."""
    g = bonus_turn("E38", supply=[], discard=["S11", "S12", "S15", "E01"])
    assert turn_over(g)


def test_r_bon_nj_copy_opponent_copies_the_top_of_an_opponent_discard() -> None:
    """R-BON-nj_copy_opponent, A-21: the top card of the opponent's discard is the card it
    played last (it reaches the discard at the end of its turn); its bonus is resolved for the
    copying player."""
    g = new_game(2, expansions=ALL)
    to_box(g, "E39")
    set_staff(g, 0, START[:4], ["E39"])
    set_staff(g, 1, ["S21", "S22", "S23"], ["S24"])
    at_turn(g, 1, "E01")
    run(g, "main:skip", "bonus:skip")
    assert ids(g, me(g, 1).discard)[-1] == "E01"
    set_money(g, 0, livres=0)
    run(g, "play:E39", "main:skip")
    assert g.legal_actions() == ["copy:E01", "bonus:skip"]
    g.apply("copy:E01")
    assert g.decision()["bonus_card"] == "E01"
    g.apply("bonus:use")
    assert me(g).livres == g.s.t.ds.bonus.l1_gain and me(g, 1).livres == 15


def test_r_bon_nj_copy_opponent_never_the_card_being_played() -> None:
    """R-BON-nj_copy_opponent, A-21: a card still in play has not reached its owner's discard:
    only the discard's top card is offered (here an opponent's card put in play by hand, a
    position the turn order never produces)."""
    g = new_game(2, expansions=ALL)
    to_box(g, "E39")
    set_staff(g, 0, START[:4])
    set_staff(g, 1, ["S21", "S22", "S23"], ["E07"], ["E01"])
    mid_turn(g, 0, "E39")
    p = me(g, 1)
    p.hand.remove(card(g, "E07"))
    p.in_play = card(g, "E07")
    refresh(g)
    g.apply("main:skip")
    assert g.legal_actions() == ["copy:E01", "bonus:skip"]


def test_r_bon_nj_copy_opponent_chooses_among_opponents() -> None:
    """R-BON-nj_copy_opponent: with several opponents, the top card of each is offered."""
    g = new_game(3, expansions=ALL)
    to_box(g, "E39")
    set_staff(g, 0, START[:4])
    set_staff(g, 1, ["S21", "S22", "S23", "S24"], (), ["E01"])
    set_staff(g, 2, ["S31", "S32", "S33", "S34"], (), ["E07"])
    mid_turn(g, 0, "E39")
    g.apply("main:skip")
    assert sorted(g.legal_actions()) == ["bonus:skip", "copy:E01", "copy:E07"]


@pytest.mark.parametrize("top", ["S21", "E25", "E01"])
def test_r_bon_nj_copy_opponent_nothing_to_copy(top: str) -> None:
    """R-BON-nj_copy_opponent: no effect when the top card has no bonus (a start Master), an
    end-game bonus, or is itself a copy (no copy of a copy; here a card of the data given the
    copying bonus)."""
    g = new_game(2, expansions=ALL)
    if top == "E01":
        patch_data(g, cards={"E01": {"bonus": "nj_copy_opponent"}})
    to_box(g, "E39")
    set_staff(g, 0, START[:4])
    set_staff(g, 1, [c for c in ["S21", "S22", "S23", "S24", "S25"] if c != top][:4], (), [top])
    mid_turn(g, 0, "E39")
    g.apply("main:skip")
    assert turn_over(g)


def test_r_bon_nj_livre_per_hall() -> None:
    """R-BON-nj_livre_per_hall: 1 livre per hall with the player's garment or musician."""
    g = turn("E40", livres=0)
    rent_garments(g, 0, dress, 2, hall=2)
    rent_garments(g, 0, coat, 1, hall=4)
    set_decoration(g, 0, g.s.t.ds.board.decorations[g.s.t.ds.board.halls[0].musician].id)
    rent_garments(g, 1, dress, 1, hall=5)
    run(g, "main:skip", "bonus:use")
    assert me(g).livres == 3


@pytest.mark.parametrize("staff, livres", [(4, 6), (5, 5), (6, 4), (7, 2), (9, 2)])
def test_r_bon_nj_livres_small_staff(staff: int, livres: int) -> None:
    """R-BON-nj_livres_small_staff, R-NUM-34: staff 4 -> 6, 5 -> 5, 6 -> 4, 7 or more -> 2."""
    supply = (START + ["E01", "E02", "E03"])[: staff - 1]
    g = turn("E41", supply=supply, livres=0)
    assert me(g).staff_size() == staff
    run(g, "main:skip", "bonus:use")
    assert me(g).livres == livres


@pytest.mark.parametrize("n, livres", [(1, 0), (3, 3), (4, 6)])
def test_r_bon_nj_3livres_per_2_dec(n: int, livres: int) -> None:
    """R-BON-nj_3livres_per_2_dec, A-32: 3 livres per 2 decoration markers, the jeweler marker
    included."""
    g = turn("E42", livres=0)
    for d in [jeweler_spaces(g)[0], "st1", "fw1", "mu1"][:n]:
        set_decoration(g, 0, d)
    run(g, "main:skip", "bonus:use")
    assert me(g).livres == livres


def test_r_bon_nj_tailor_sell_vp() -> None:
    """R-BON-nj_tailor_sell_vp: a granted tailoring (no thimble garment) whose garment must be
    sold: its sale value plus 1 VP."""
    g = turn("E43", livres=0)
    thimble = "G06"
    set_windows(g, [None, None, None, None, thimble, BLUE_DRESS])
    kit(g, 0, BLUE_DRESS)
    kit(g, 0, thimble)
    g.apply("main:skip")
    assert g.legal_actions() == ["bonus:use", "bonus:skip"]
    g.apply("bonus:use")
    assert g.legal_actions() == [f"garment:{BLUE_DRESS}"]
    make(g, BLUE_DRESS, main=None)
    assert g.legal_actions() == ["sell"]
    g.apply("sell")
    value = g.s.t.ds.garments[g.s.t.garment_index[BLUE_DRESS]].value
    assert me(g).livres == value and me(g).vp == jb(g).nj_sell_vp == 1


def test_r_bon_nj_hall_vp() -> None:
    """R-BON-nj_hall_vp: choose a hall, 1 VP per 2 own garments there (others' not counted)."""
    for hall, vp in ((2, 2), (3, 0), (4, 1)):
        g = turn("E44", vp=0)
        rent_garments(g, 0, dress, 4, hall=2)
        rent_garments(g, 0, dress, 1, hall=3)
        rent_garments(g, 1, dress, 2, hall=3)
        rent_garments(g, 0, dress, 3, hall=4)
        g.apply("main:skip")
        assert sorted(g.legal_actions()) == ["bonus:skip", *[f"hall:{h}" for h in range(1, 6)]]
        g.apply(f"hall:{hall}")
        assert me(g).vp == vp


@pytest.mark.parametrize("jewels, livres", [(["J13", "J19", "J20", "J01", "J07"], 3),
                                            (["J13", "J14", "J19", "J20"], 6), (["J13", "J01", "J02"], 0)])
def test_r_bon_nj_3livres_per_2_rings(jewels: list[str], livres: int) -> None:
    """R-BON-nj_3livres_per_2_rings: 3 livres per 2 rings; necklaces do not count."""
    g = turn("E45", livres=0)
    give_jewels(g, 0, jewels)
    run(g, "main:skip", "bonus:use")
    assert me(g).livres == livres


@pytest.mark.parametrize("n, vp", [(2, 0), (5, 1), (6, 2)])
def test_r_bon_nj_vp_per_3_jewels(n: int, vp: int) -> None:
    """R-BON-nj_vp_per_3_jewels: 1 VP per 3 jewelry tiles."""
    g = turn("E46", vp=0)
    give_jewels(g, 0, ["J01", "J13", "J07", "J19", "J02", "J14"][:n])
    run(g, "main:skip", "bonus:use")
    assert me(g).vp == vp


# ---------------------------------------------------------------------------------------------
# §13.11 new Master bonuses


def test_r_bon_nm_hall_livres() -> None:
    """R-BON-nm_hall_livres: choose a hall, 2 livres per own garment in it."""
    g = turn("E29", livres=0)
    rent_garments(g, 0, dress, 3, hall=3)
    rent_garments(g, 1, dress, 1, hall=3)
    rent_garments(g, 0, dress, 1, hall=1)
    g.apply("main:skip")
    assert "hall:3" in g.legal_actions()
    g.apply("hall:3")
    assert me(g).livres == 6


def test_r_bon_nm_vp_blue_green_pairs() -> None:
    """R-BON-nm_vp_blue_green_pairs: 1 VP per pair of a blue and a green dress."""
    g = turn("E30", vp=0)
    rent_garments(g, 0, colour("blue"), 3)
    rent_garments(g, 0, colour("green"), 2)
    rent_garments(g, 0, colour("pink"), 2)
    run(g, "main:skip", "bonus:use")
    assert me(g).vp == 2


@pytest.mark.parametrize("n, livres", [(1, 0), (3, 3), (4, 6)])
def test_r_bon_nm_3livres_per_2_master_guest(n: int, livres: int) -> None:
    """R-BON-nm_3livres_per_2_master_guest: 3 livres per 2 own garments on master guest
    spaces (ordinary spaces do not count)."""
    g = turn("E31", livres=0)
    rent_garments(g, 0, dress, n, master=True)
    rent_garments(g, 0, dress, 3)
    run(g, "main:skip", "bonus:use")
    assert me(g).livres == livres


@pytest.mark.parametrize("n, livres", [(1, 0), (5, 6), (6, 9)])
def test_r_bon_nm_3livres_per_2_jewels(n: int, livres: int) -> None:
    """R-BON-nm_3livres_per_2_jewels: 3 livres per 2 jewelry tiles of any kind."""
    g = turn("E32", livres=0)
    give_jewels(g, 0, ["J01", "J13", "J07", "J19", "J02", "J14"][:n])
    run(g, "main:skip", "bonus:use")
    assert me(g).livres == livres


@pytest.mark.parametrize("own, livres", [
    ([], 9),
    (["blue", "pink"], 9),
    (["orange"], 4),
    (["green"], 5),
    (["orange", "green"], 0),
])
def test_r_bon_nm_no_orange_no_green(own: list[str], livres: int) -> None:
    """R-BON-nm_no_orange_no_green, TV-18: 5 livres without an orange coat on the board, 4
    without a green dress, both (9) with neither; only the player's own garments count."""
    g = turn("E33", livres=0)
    for c in own:
        rent_garments(g, 0, colour(c), 1)
    rent_garments(g, 1, colour("orange"), 1)
    rent_garments(g, 1, colour("green"), 1)
    run(g, "main:skip", "bonus:use")
    assert me(g).livres == livres


def end_bonus(master: str, arrange: Callable[[Rococo], None]) -> int:
    """Seat 0 holds ``master`` in its staff; the VP of final scoring step 2 (employees)."""
    g = turn(MASTER, supply=["S12", "S13", "S14", "S15", master])
    arrange(g)
    start_scoring(g)
    assert_valid(g)
    return g.s.breakdown[0].get("employees", 0)


SETS = ["J01", "J07", "J13", "J19"]  # blue necklace, green necklace, pink ring, orange ring


@pytest.mark.parametrize("jewels, vp", [
    (SETS, 6),
    (SETS + ["J02", "J08", "J14", "J20", "J03"], 12),
    (["J01", "J02", "J07", "J13", "J14"], 0),
])
def test_r_bon_nm_end_jewel_sets(jewels: list[str], vp: int) -> None:
    """R-BON-nm_end_jewel_sets, R-JB-SCORE-2: 6 VP per complete set (blue necklace, green
    necklace, pink ring, orange ring), in final scoring step 2."""
    assert end_bonus("E34", lambda g: give_jewels(g, 0, jewels)) == vp


@pytest.mark.parametrize("jewels, vp", [(["J01", "J07", "J02", "J13", "J14"], 3),
                                        (["J01", "J07", "J02", "J08"], 6), (["J01", "J13", "J19"], 0)])
def test_r_bon_nm_end_necklace_pairs(jewels: list[str], vp: int) -> None:
    """R-BON-nm_end_necklace_pairs: 3 VP per 2 necklaces of any colours; rings do not count."""
    assert end_bonus("E35", lambda g: give_jewels(g, 0, jewels)) == vp


def test_r_bon_nm_end_vp_per_dec() -> None:
    """R-BON-nm_end_vp_per_dec, A-32: 1 VP per decoration marker, the jeweler marker included,
    the all-halls marker and the exam markers not."""

    def arrange(g: Rococo) -> None:
        for d in (jeweler_spaces(g)[0], "kl1", "st1", "mu2"):
            set_decoration(g, 0, d)
        g.s.all_halls[0] = 0
        set_exam(g, 0, 0, ["J1", "J2"])

    assert end_bonus("E36", arrange) == 4


def test_r_bon_nm_end_apprentice_pairs() -> None:
    """R-BON-nm_end_apprentice_pairs: 3 VP per 2 Apprentices of the staff (start, level-VI and
    specialized Apprentices alike)."""
    sa = specialist_with("sa_cond_5_vp")
    g = turn(MASTER, supply=["S12", "S13", "S14", "S15", "E37", sa, "E27"])
    start_scoring(g)
    # S14, S15, the specialized one and the level-VI E27 (whose own end bonus scores 0 here)
    assert g.s.breakdown[0]["employees"] == 2 * jb(g).nm_apprentice_pair_vp


@pytest.mark.parametrize("master", ["E34", "E35", "E36", "E37"])
def test_r_jb_score_2_end_game_master_bonuses_do_nothing_in_play(master: str) -> None:
    """R-JB-SCORE-2, R-PH3-8: the new end-game bonuses are no bonus during play."""
    g = turn(master)
    give_jewels(g, 0, SETS)
    g.apply("main:skip")
    assert turn_over(g)


# ---------------------------------------------------------------------------------------------
# §13.12 income and final scoring


def test_r_jb_ph4_1_one_livre_income_per_jewel() -> None:
    """R-JB-PH4-1, R-PH4-6, R-NUM-40: Phase 4 pays 1 livre more per jewelry tile owned."""
    g = turn(MASTER, livres=0)
    give_jewels(g, 0, ["J01", "J13", "J07"])
    set_money(g, 1, livres=0)
    end_phase3(g)
    base = g.s.t.ds.rules.base_income
    assert me(g).livres == base + 3 * jb(g).jewel_income and me(g, 1).livres == base


def test_r_jb_score_1_one_vp_per_jewel_after_the_money_conversion() -> None:
    """R-JB-SCORE-1, R-SCORE-1-2, R-NUM-40: final scoring step 1 converts the money first, then
    gives 1 VP per jewelry tile; the jewels do not change the remainder kept for ties."""
    g = turn(MASTER, livres=19)
    give_jewels(g, 0, ["J01", "J13", "J07"])
    start_scoring(g)
    steps = [e.data["step"] for e in g.s.events if e.type == "scored" and e.seat == 0]
    assert steps.index("money") < steps.index("jewels")
    assert g.s.breakdown[0]["money"] == 1 and g.s.breakdown[0]["jewels"] == 3 * jb(g).jewel_end_vp
    assert g.s.money_left[0] == 9


def test_r_score_7_3_exam_markers_score_nothing() -> None:
    """R-SCORE-7-3, A-32: task markers and the start marker on the jeweler board bring no VP
    in step 7 (nor count as decorations)."""
    g = turn(MASTER)
    set_exam(g, 0, 1, ["M1", "M3"])
    me(g).master_exams = 2
    start_scoring(g)
    assert g.s.breakdown[0].get("markers", 0) == 0
    assert sum(g.s.breakdown[0].values()) == g.s.breakdown[0]["game"] + g.s.breakdown[0].get("money", 0)
