"""Rulings of RULES.md §17 that decide the expansions' behaviour (A-*): one test per ruling,
pinning the reading the engine must follow against the alternative it rules out.  The rule
tests of the expansions themselves are in test_jewelry_box.py and test_garment_expansions.py;
a few of them carry a ruling too (A-13, A-39, A-42 there), tested here from another side.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from salon.rococo.game import Rococo
from salon.rococo.pieces import Garment
from salon.rococo.rules.common import jewelry_box
from salon.rococo.state import EMPTY, Player
from tests.rococo.positions import (
    assert_valid,
    at_turn,
    clear_display,
    decorations,
    end_phase3,
    kit,
    make,
    new_game,
    offer_garment,
    patch_data,
    place_garment,
    play_turn,
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

MASTER, JOURNEYMAN, APPRENTICE = "S11", "S13", "S14"
J_TASKS = ["J1", "J2", "J3", "J4"]
M_TASKS = ["M1", "M2", "M3"]


def me(g: Rococo, seat: int = 0) -> Player:
    return g.s.players[seat]


def turn(played: str, livres: int = 30, **kw: Any) -> Rococo:
    g = play_turn(played, **kw)
    set_money(g, 0, livres=livres)
    return g


def with_effect(g: Rococo, effect: str) -> str:
    return next(x.id for x in g.s.t.ds.garments if x.effect == effect)


def free_space(g: Rococo, master: bool = False) -> str:
    return next(sp for sp in spaces(g, master=master, reward="none") if g.s.guest[g.s.t.space_index[sp]] == EMPTY)


def base(pred: Callable[[Garment], bool]) -> Callable[[Garment], bool]:
    return lambda x: not x.expansion and pred(x)


def colour(c: str) -> Callable[[Garment], bool]:
    return base(lambda x: x.colour == c)


def specialist_with(g: Rococo, condition: str) -> str:
    return next(c.id for c in g.s.t.cards if c.condition == condition)


# ---------------------------------------------------------------------------------------------
# §17.1 cross-language contradictions


@pytest.mark.parametrize("tile_id, tasks", [
    ("R13", ["J1"]),  # blue only: J1 (the French wording would leave it without a task)
    ("R20", ["J1"]),  # pink only
    ("R29", ["J2"]),  # green only: J2, never J1 (the French "green and/or pink")
    ("R09", ["J1", "J2"]),  # blue and green: the choice of the French example itself
])
def test_a1_journeyman_task_j1_is_blue_or_pink(tile_id: str, tasks: list[str]) -> None:
    """A-1, R-JB-TASK-J1, R-JB-TASK-J2: J1 = a kept tile with blue or pink silk, J2 = green or
    orange; what qualifies for several tasks is offered as a choice."""
    g = turn(APPRENTICE)
    set_exam(g, 0, 0)
    set_drawers(g, [[tile_id], [], []])
    run(g, "main:acquire", f"take:{tile_id}", "tile:keep")
    if len(tasks) > 1:
        assert g.legal_actions() == [f"task:{t}" for t in tasks]
    else:
        assert tasks_marked(g) == tasks


def test_a2_an_apprentice_bonus_finance_fulfils_j4() -> None:
    """A-2, R-JB-TASK-LIMIT-2: the bonus actions that fulfil tasks include Finance: an
    Apprentice's level-III financing bonus marks J4, after its main Acquire marked J1."""
    g = turn("E13", livres=30)
    set_exam(g, 0, 0)
    set_drawers(g, [["R13"], [], []])
    run(g, "main:acquire", "take:R13", "tile:keep")
    assert tasks_marked(g) == ["J1"]
    run(g, "bonus:use", f"finance:{decorations(g, 'statue')[0]}")
    assert tasks_marked(g) == ["J1", "J4"]


def resource_dress(source: str | None, drawers: list[list[str | None]]) -> Rococo:
    config: dict[str, Any] = {} if source is None else {"exquisite_tile_source": source}
    g = turn(MASTER, **config)
    gid = with_effect(g, "exq_resource_tile")
    offer_garment(g, 0, gid)
    set_drawers(g, drawers)
    make(g, gid, f"rent:{free_space(g)}")
    return g


@pytest.mark.parametrize("source", [None, "display"])
def test_a4_exquisite_resource_tile_from_the_display_by_default(source: str | None) -> None:
    """A-4 [config exquisite_tile_source = "display", the default]: the dress's free tile is the
    player's choice among the tiles of the resource drawers, at no cost; the bag is untouched."""
    g = resource_dress(source, [["R04"], ["R05", "R06"], ["R29"]])
    bag = len(g.s.res_bag)
    assert g.decision()["kind"] == "acquire" and g.decision()["mode"] == "reward"
    assert sorted(g.legal_actions()) == ["take:R04", "take:R05", "take:R06", "take:R29"]
    livres = me(g).livres
    run(g, "take:R06", "tile:keep")
    assert me(g).livres == livres and g.s.t.tile_index["R06"] in me(g).rack and len(g.s.res_bag) == bag


def test_a4_exquisite_resource_tile_from_an_empty_display_is_nothing() -> None:
    """A-4 ("display"): with no tile in the drawers the dress brings nothing."""
    g = resource_dress(None, [[], [], []])
    assert g.decision()["kind"] not in ("acquire", "fate") and me(g).rack == []


def test_a4_exquisite_resource_tile_from_the_bag() -> None:
    """A-4 [config "bag", the German reading]: a secret draw from the resource bag, kept or
    converted; the drawers are untouched."""
    g = resource_dress("bag", [["R04"], [], []])
    drawn = [e for e in g.s.events if e.type == "tile_drawn"]
    assert drawn and drawn[0].data["why"] == "exq_resource_tile" and "tile" in drawn[0].secret
    assert g.decision()["kind"] == "fate"
    g.apply("tile:keep")
    assert len(me(g).rack) == 1 and g.s.drawers[0] == g.s.t.tile_index["R04"]
    assert_valid(g)


def test_a13_presence_in_a_hall_through_its_musician() -> None:
    """A-13, R-JB-SA-10: "present in all halls" counts a musician like a garment (the only
    decoration lying in a hall): garments in four halls and the fifth hall's musician."""
    g = turn(MASTER, livres=0)
    sa = specialist_with(g, "sa_cond_all_halls")
    set_specialist(g, 0, sa)
    clear_display(g)
    for hall in (2, 3, 4, 5):
        rent_garments(g, 0, colour("blue"), 1, hall=hall)
    assert "main:hire" not in g.legal_actions()
    set_decoration(g, 0, "mu1")
    assert "main:hire" in g.legal_actions()
    run(g, "main:hire", f"hire:{sa}")


def test_a14_uk_typos_follow_de_and_fr() -> None:
    """A-14: the Master exam is for a Journeyman only (not "apprentice only", UK:977); the green
    dress pays 14 livres when rented or sold (not "on sale and rental")."""
    g = turn(APPRENTICE)
    set_exam(g, 0, 1, M_TASKS)
    assert "main:master_exam" not in g.legal_actions()
    g = turn(JOURNEYMAN)
    set_exam(g, 0, 1, M_TASKS)
    assert "main:master_exam" in g.legal_actions()
    for dispose in ("sell", "rent"):
        g = turn(MASTER, livres=0)
        gid = with_effect(g, "exq_green_14")
        offer_garment(g, 0, gid)
        make(g, gid, "sell" if dispose == "sell" else f"rent:{free_space(g)}")
        assert me(g).livres == 14


# ---------------------------------------------------------------------------------------------
# §17.2 missing data


@pytest.mark.parametrize("effect, kind", [
    ("exq_favour_5", "ring"), ("exq_send_away", "ring"), ("exq_resource_tile", "necklace"),
    ("exq_green_14", "necklace"), ("exq_match_vp2", "necklace"),
])
def test_a20_exquisite_garment_types_come_from_the_tile_data(effect: str, kind: str) -> None:
    """A-20: coat or dress follows the tile's data (by default the German wording: the favour
    and send-away tiles are coats, the others dresses): a coat rents with a ring, a dress with
    a necklace."""
    g = turn(MASTER)
    gid = with_effect(g, effect)
    set_decoration(g, 0, decorations(g, "jeweler")[0])
    set_jewel_display(g, ["J01", "J13", "J07", "J19", "J02"])
    offer_garment(g, 0, gid)
    make(g, gid, f"rent:{free_space(g, master=effect == 'exq_favour_5')}")
    assert g.decision()["kind"] == "jewel"
    offered = {jewelry_box(g.s).jewels[g.s.t.jewel_index[a[6:]]].kind for a in g.legal_actions()
               if a != "jewel:none"}
    assert offered == {kind}


def test_a20_a_tile_recorded_as_a_dress_is_a_dress() -> None:
    """A-20: the engine reads the type from the data: the send-away tile, transcribed as a blue
    dress instead, takes a necklace."""
    g = turn(MASTER)
    gid = with_effect(g, "exq_send_away")
    patch_data(g, garments={gid: {"colour": "blue", "colour_index": 0, "is_dress": True}})
    set_decoration(g, 0, decorations(g, "jeweler")[0])
    set_jewel_display(g, ["J01", "J13", "J07", "J19", "J02"])
    offer_garment(g, 0, gid)
    make(g, gid, f"rent:{free_space(g)}")
    assert sorted(g.legal_actions()) == ["jewel:J01", "jewel:J02", "jewel:J07", "jewel:none"]


# ---------------------------------------------------------------------------------------------
# §17.3 timing and staff


def test_a23_master_exam_at_the_minimum_staff() -> None:
    """A-23, R-STAFF-3: the Master exam (like the Journeyman exam, TV-22) is legal with 4
    employees; the staff is 4 again afterwards and never below at a decision."""
    g = turn(JOURNEYMAN, livres=5, supply=["S11", "S12", "S14"])
    set_exam(g, 0, 1, M_TASKS)
    assert me(g).staff_size() == 4 and "main:master_exam" in g.legal_actions()
    g.apply("main:master_exam")
    while g.current_player() == 0:
        assert me(g).staff_size() >= 4
        g.apply(g.legal_actions()[0])
    assert me(g).staff_size() == 4 and me(g).livres >= 0
    assert_valid(g)


@pytest.mark.parametrize("staff, offered", [(4, False), (5, True)])
def test_a24_exquisite_send_away_keeps_the_minimum(staff: int, offered: bool) -> None:
    """A-24, R-STAFF-2: the send-away coat cannot take the staff below 4 employees: at 4 there
    is nothing to decide, at 5 one card may go and the staff is 4 afterwards."""
    g = turn(MASTER, supply=["S12", "S13", "S14", "S15"][: staff - 1])
    gid = with_effect(g, "exq_send_away")
    offer_garment(g, 0, gid)
    make(g, gid, f"rent:{free_space(g)}")
    assert (g.decision()["kind"] == "exq_send") is offered
    if offered:
        g.apply("send:S12")
        assert me(g).staff_size() == 4
    assert_valid(g)


def test_a26_a_replayed_apprentice_bonus_is_performed_by_the_journeyman() -> None:
    """A-26 (exam tasks): a replayed bonus is performed by the played card: the Journeyman that
    replays an Apprentice's extra acquisition marks no Journeyman-exam task."""
    g = turn("E38", supply=["S11", "S12", "S13", "E05"])
    set_exam(g, 0, 0)
    set_drawers(g, [["R13"], [], []])
    run(g, "main:skip", "replay:E05", "bonus:use", "take:R13", "tile:keep")
    assert g.s.t.tile_index["R13"] in me(g).rack and tasks_marked(g) == []


def test_a26_a_copied_tailoring_counts_for_the_journeyman() -> None:
    """A-26 (exam tasks), R-JB-TASK-LIMIT-2: a Journeyman copying an opponent's level-IV
    tailoring bonus performs that tailoring itself: a dress marks M1."""
    g = new_game(2, expansions="all")
    to_box(g, "E39")
    set_staff(g, 0, ["S11", "S12", "S13", "S14"], ["E39"])
    set_staff(g, 1, ["S21", "S22", "S23"], ["S24"])
    at_turn(g, 1, "E16")
    run(g, "main:skip", "bonus:skip")
    set_money(g, 0, livres=30)
    set_exam(g, 0, 1)
    dress = "G05"
    offer_garment(g, 0, dress)
    run(g, "play:E39", "main:skip", "copy:E16", "bonus:use")
    make(g, dress, "sell", main=None)
    assert tasks_marked(g) == ["M1"]


def test_a26_a_dismissal_reused_bonus_is_performed_by_the_played_card() -> None:
    """A-26 (exam tasks): the level-I Journeyman that sends away an Apprentice and uses its
    acquisition bonus performs that acquisition: no Journeyman-exam task."""
    g = turn("E04", supply=["S11", "S12", "S13", "S14", "E05"])
    set_exam(g, 0, 0)
    set_drawers(g, [["R13"], [], []])
    run(g, "main:skip", "dismiss:E05", "bonus:use", "take:R13", "tile:keep")
    assert tasks_marked(g) == []


# ---------------------------------------------------------------------------------------------
# §17.4 scoring


def test_a32_jeweler_counts_as_a_decoration_exam_and_all_halls_markers_do_not() -> None:
    """A-32, R-JB-FIN-4: the jeweler marker is in DEC for the level-II, level-III and level-V
    bonuses and kitchen-left income; exam markers and the all-halls marker never are."""
    for bonus_card, livres, vp in (("E10", 0, 1), ("E14", 2, 0), ("E22", 0, 1)):
        g = turn(bonus_card, livres=0)
        set_decoration(g, 0, decorations(g, "jeweler")[0])
        set_decoration(g, 0, "st1")
        g.s.all_halls[0] = 0
        set_exam(g, 0, 0, ["J1", "J2", "J3"])
        run(g, "main:skip", "bonus:use")
        assert (me(g).livres, me(g).vp) == (livres, vp), bonus_card
    g = turn(MASTER, livres=0)
    set_decoration(g, 0, "kl1")
    set_decoration(g, 0, decorations(g, "jeweler")[0])
    g.s.all_halls[0] = 0
    set_exam(g, 0, 0, J_TASKS)
    end_phase3(g)
    assert me(g).livres == g.s.t.ds.rules.base_income + 2


def green_dress_on_board(g: Rococo, seat: int = 0, hall: int = 2) -> str:
    gid = with_effect(g, "exq_green_14")
    place_garment(g, seat, gid, next(sp for sp in spaces(g, hall=hall, master=False)
                                     if g.s.guest[g.s.t.space_index[sp]] == EMPTY))
    return gid


def test_a35_the_green_dress_is_a_green_dress_on_the_board() -> None:
    """A-35: the Exquisite green dress counts as a green dress for statues, kitchen-right income,
    colour bonuses (level II: 2 livres per green dress) and sa_cond_3_dresses; only its own
    prestige is 0."""
    g = turn(MASTER)
    set_decoration(g, 0, "st1")
    green_dress_on_board(g)
    start_scoring(g)
    assert g.s.breakdown[0].get("statues", 0) == g.s.t.ds.rules.statue_vp_per_colour
    assert g.s.breakdown[0].get("markers", 0) == g.s.t.ds.board.decorations[g.s.t.deco_index["st1"]].vp
    g = turn(MASTER, livres=0)
    set_decoration(g, 0, "kr1")
    green_dress_on_board(g)
    end_phase3(g)
    assert me(g).livres == g.s.t.ds.rules.base_income + 1
    g = turn("E07", livres=0)
    green_dress_on_board(g)
    run(g, "main:skip", "bonus:use")
    assert me(g).livres == 2
    g = turn(MASTER, livres=0)
    sa = specialist_with(g, "sa_cond_3_dresses")
    set_specialist(g, 0, sa)
    clear_display(g)
    rent_garments(g, 0, colour("blue"), 2)
    assert "main:hire" not in g.legal_actions()
    green_dress_on_board(g)
    assert "main:hire" in g.legal_actions()


def test_a35_the_green_dress_counts_for_hall_majorities() -> None:
    """A-35, R-EXQ-4: presence and majority count it: with the green dress and another garment
    the player leads a hall where the opponent has one garment."""
    g = turn(MASTER)
    green_dress_on_board(g, hall=3)
    rent_garments(g, 0, colour("blue"), 1, hall=3)
    rent_garments(g, 1, colour("blue"), 1, hall=3)
    rent_garments(g, 1, colour("pink"), 1, hall=4)
    start_scoring(g)
    first = g.s.t.ds.board.halls[2].majority[0]
    assert g.s.breakdown[0]["halls"] == first


# ---------------------------------------------------------------------------------------------
# §17.5 Jewelry Box specifics


def test_a39_an_empty_stack_closes_the_exam_for_a_human() -> None:
    """A-39: the Master exam cannot be taken once the Master stack is empty, whatever else
    holds; the Journeyman exam is unaffected by the Master stack."""
    g = turn(JOURNEYMAN)
    set_exam(g, 0, 1, M_TASKS)
    to_box(g, *[g.s.t.cards[c].id for c in g.s.m_stack])
    assert "main:master_exam" not in g.legal_actions()
    g = turn("S15")
    set_exam(g, 0, 0, J_TASKS)
    to_box(g, *[g.s.t.cards[c].id for c in g.s.m_stack])
    assert "main:journeyman_exam" in g.legal_actions()


def test_a40_the_free_jewel_comes_besides_a_bought_one_any_kind() -> None:
    """A-40: the free jewel of the Exquisite dress may be a ring (any kind, any colour), comes in
    addition to the bought necklace, and draws the colour-match tile only when its own colour is
    the dress's."""
    g = turn(MASTER)
    gid = with_effect(g, "exq_free_jewel")
    set_decoration(g, 0, decorations(g, "jeweler")[0])
    set_jewel_display(g, ["J01", "J13", "J07", "J19", "J02"])
    offer_garment(g, 0, gid)
    make(g, gid, f"rent:{free_space(g)}")
    g.apply("jewel:J01")  # bought, blue: matches the blue dress -> a tile
    assert g.decision()["kind"] == "fate"
    g.apply("tile:keep")
    assert g.decision()["kind"] == "jewel" and g.decision()["free"]
    assert "jewel:J19" in g.legal_actions()
    events = g.apply("jewel:J19")
    assert not [e for e in events if e.type == "tile_drawn"]
    assert len(me(g).jewels) == 2
    assert_valid(g)


def test_a41_keep_or_convert_decides_between_j1_j2_and_j3() -> None:
    """A-41: the keep-or-convert decision decides which tasks qualify: converting a blue-and-
    green tile with lace marks J3 without asking; keeping it asks J1 or J2."""
    g = turn(APPRENTICE)
    set_exam(g, 0, 0)
    set_drawers(g, [["R09"], [], []])
    run(g, "main:acquire", "take:R09", "tile:convert")
    assert tasks_marked(g) == ["J3"]
    g = turn(APPRENTICE)
    set_exam(g, 0, 0, ["J3"])
    set_drawers(g, [["R09"], [], []])
    run(g, "main:acquire", "take:R09", "tile:keep")
    assert g.decision()["kind"] == "task" and g.legal_actions() == ["task:J1", "task:J2"]
    g.apply("task:J1")
    assert tasks_marked(g) == ["J1", "J3"]


def test_a42_jewels_leaving_the_display_are_out_of_the_game() -> None:
    """A-42, R-JB-PH1E-1: unlike garments (discarded and recycled), a jewel leaving the display
    goes to the box: over many rounds no removed jewel ever returns to the bag or display."""
    g = new_game(2, expansions=["jewelry_box"])
    removed: set[int] = set()
    for _ in range(6):
        end_phase3(g)
        removed |= set(g.s.jewels_boxed)
        assert not removed & (set(g.s.jewel_bag) | set(g.s.jewel_display))
    assert len(removed) == 6 and len(g.s.jewel_bag) == 24 - 5 - 6


# ---------------------------------------------------------------------------------------------
# §17.7 other engine rulings


def test_a55_a_festive_garment_needs_a_legal_free_guest_space() -> None:
    """A-55, R-FEST-3: with every ordinary space taken, a Journeyman (no master space) cannot
    choose a festive garment, though it could pay for it; a base garment it can still sell."""
    g = turn(JOURNEYMAN)
    festive = with_effect(g, "fest_vp_per_blue_dress")
    plain = "G05"
    set_windows(g, [None, None, None, None, plain, festive])
    kit(g, 0, festive)
    kit(g, 0, plain)
    free = [sp for sp in spaces(g, master=False) if g.s.guest[g.s.t.space_index[sp]] == EMPTY]
    rent_garments(g, 1, base(lambda x: True), len(free))
    g.apply("main:tailor")
    assert g.legal_actions() == [f"garment:{plain}"]
    assert g.explain_illegal(f"garment:{festive}")[0] == "A-55"  # refused by the check that left it out


@pytest.mark.parametrize("effect", ["fest_vp_per_blue_dress", "exq_resource_tile"])
def test_a56_tailor_and_sell_skips_unsellable_garments(effect: str) -> None:
    """A-56, R-BON-nj_tailor_sell_vp: the bonus that must sell never offers a festive tile or a
    rent-only Exquisite tile (here the only garment in the display: no bonus at all)."""
    g = turn("E43")
    gid = with_effect(g, effect)
    offer_garment(g, 0, gid)
    g.apply("main:skip")
    assert g.decision() == {"seat": 1, "kind": "play"}


def test_a56_the_green_dress_sells_for_14_and_a_vp() -> None:
    """A-56: the Exquisite green dress is eligible for nj_tailor_sell_vp and sells for 14 livres
    in total, plus 1 VP."""
    g = turn("E43", livres=0)
    gid = with_effect(g, "exq_green_14")
    offer_garment(g, 0, gid)
    run(g, "main:skip", "bonus:use")
    make(g, gid, main=None)
    assert g.legal_actions() == ["sell"]
    g.apply("sell")
    assert me(g).livres == 14 and me(g).vp == 1


def test_a32_the_end_game_decoration_bonus_counts_the_jeweler() -> None:
    """A-32, R-BON-nm_end_vp_per_dec: in final scoring the jeweler marker is a decoration."""
    g = turn(MASTER, supply=["S12", "S13", "S14", "S15", "E36"])
    set_decoration(g, 0, decorations(g, "jeweler")[0])
    start_scoring(g)
    assert g.s.breakdown[0]["employees"] == 1
