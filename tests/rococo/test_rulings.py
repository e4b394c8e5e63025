"""Base-game rulings of RULES.md §17 (A-*): one test per ruling whose reading the engine must
follow.  Rulings about bonuses and scoring that have their natural home elsewhere are tested
there too (test_bonuses.py: A-5, A-6, A-10, A-25, A-27, A-36; test_scoring.py: A-28, A-29,
A-31, A-34); the tests here pin the reading itself, with the alternative reading it rules out.
"""

from __future__ import annotations

from typing import Any

import pytest

from salon.core.errors import IllegalAction
from salon.rococo.game import Rococo
from salon.rococo.rules import phase1
from salon.rococo.state import EMPTY, Player
from tests.rococo.positions import (
    assert_valid,
    clear_rack,
    deck_card,
    end_phase3,
    find_garments,
    find_tiles,
    give_tiles,
    mid_turn,
    move_card,
    new_game,
    patch_data,
    place_garment,
    refresh,
    run,
    set_decoration,
    set_drawers,
    set_money,
    set_staff,
    set_windows,
    spaces,
    start_scoring,
)

START = ["S11", "S12", "S13", "S14", "S15"]


def me(g: Rococo) -> Player:
    return g.s.players[0]


def turn_over(g: Rococo) -> bool:
    return g.decision() == {"seat": 1, "kind": "play"}


def staff_ids(g: Rococo, seat: int = 0) -> set[str]:
    return {g.s.t.cards[c].id for c in g.s.players[seat].staff()}


def fillers(g: Rococo, card: str, n: int) -> list[str]:
    deck = [c.id for c in g.s.t.cards[: g.s.t.deck_size]]
    return [c for c in START + deck if c != card][:n]


def turn(card: str, staff: int = 5, players: int = 2, **config: Any) -> Rococo:
    """Seat 0 has just played ``card`` with a staff of ``staff`` cards (the played one included)."""
    g = new_game(players, **config)
    set_staff(g, 0, fillers(g, card, staff - 1))
    return mid_turn(g, 0, card)


# ---------------------------------------------------------------------------------------------
# §17.1 cross-language contradictions


def test_a8_send_away_bonus_is_the_single_use_resolved_before_the_card_leaves() -> None:
    """A-8 (R-ACT-SEND-5): after main action 5 the card's bonus is its normal single use of the
    turn -- one bonus decision, resolved while the card still counts as staff (staff 7 -> the
    7-8 row), and the card leaves the game right after."""
    g = new_game(2)
    card = deck_card(g, "l3_livres_by_staff")
    g = turn(card, staff=7)
    set_money(g, 0, livres=0)
    g.apply("main:send")
    send_value = g.s.t.cards[g.s.t.card_index[card]].send_value
    assert me(g).livres == send_value
    assert g.decision()["kind"] == "bonus" and g.legal_actions() == ["bonus:use", "bonus:skip"]
    g.apply("bonus:use")
    assert me(g).livres == send_value + g.s.t.ds.bonus.staff_livres_l3["7"]
    assert turn_over(g)
    assert card not in staff_ids(g) and len(me(g).staff()) == 6
    assert card in g.observe(1)["board"]["removed_cards"]


def test_a9_favour_points_only_for_a_round_7_taker() -> None:
    """A-9 (R-ACT-FAVOUR-5, R-SCORE-2-2): the tile taken in round 7 is still held at the end and
    scores 3 VP; a tile taken in round 6 goes back in round 7's Phase 1 and scores nothing."""
    g = new_game(2)
    g.s.round = 6
    g.s.favour = 1
    end_phase3(g)
    assert g.s.round == 7 and g.s.favour == EMPTY and g.s.start_player == 1
    start_scoring(g)
    assert g.s.breakdown[1].get("favour", 0) == 0
    g = turn("S11")
    g.s.round = 7
    g.apply("main:favour")
    start_scoring(g)
    assert g.s.breakdown[0]["favour"] == 3


def test_a11_garments_fill_right_to_left_after_shifting() -> None:
    """A-11 (R-PH1-D-1..4): the dark windows empty, the rest shift right keeping their order,
    then empty windows fill from right to left -- with a short bag the leftmost stay empty."""
    g = new_game(4)
    s = g.s
    n = len(s.windows)
    a, b, c, *rest = find_garments(g, lambda x: True)
    set_windows(g, [a, None, None, b] + [None] * (n - 5) + [c])
    free = spaces(g)
    for gid, sp in zip(rest, free):
        place_garment(g, 0, gid, sp)
    bag = [s.t.ds.garments[x].id for x in s.gar_bag]
    assert s.gar_discard == [] and 0 < len(bag) < n - 2
    phase1.step_d_garments(s)
    ids = [None if x == EMPTY else s.t.ds.garments[x].id for x in s.windows]
    assert ids[-2:] == [a, b]  # c expired from a dark window; a, b shifted right in order
    filled = ids[: n - 2]
    k = len(bag) + 1  # the bag, then the refill from the discard (c)
    assert filled[: n - 2 - k] == [None] * (n - 2 - k)
    assert set(filled[n - 2 - k:]) == set(bag) | {c}
    assert filled[n - 2 - k] == c  # the refill came last: leftmost of the filled windows
    assert_valid(g)


def test_a11_resources_fill_drawer_1_to_3_left_to_right() -> None:
    """A-11 (R-PH1-C-2): resource tiles fill drawer 1 -> 3, each left -> right; a short bag
    leaves the last spaces empty."""
    g = new_game(2)
    s = g.s
    set_drawers(g, [[], [], []])
    give_tiles(g, 1, [s.t.ds.tiles[x].id for x in s.res_bag[4:]])
    assert len(s.res_bag) == 4 and s.res_discard == []
    phase1.step_c_resources(s)
    assert [x != EMPTY for x in s.drawers] == [True] * 4 + [False] * (len(s.drawers) - 4)
    assert_valid(g)


def test_a12_staff_tables_govern_not_one_livre_per_card() -> None:
    """A-12: the staff-size tables decide (staff 6 -> 2 livres from level III, 1 from level IV),
    not "as many livres as employee cards" (which would be 6)."""
    for bonus, row in (("l3_livres_by_staff", "staff_livres_l3"), ("l4_livres_by_staff", "staff_livres_l4")):
        g = new_game(2)
        g = turn(deck_card(g, bonus), staff=6)
        set_money(g, 0, livres=0)
        run(g, "main:skip", "bonus:use")
        assert me(g).livres == getattr(g.s.t.ds.bonus, row)["5"] != 6


# ---------------------------------------------------------------------------------------------
# §17.2 missing data


def test_a15_send_away_pays_the_value_stored_per_card() -> None:
    """A-15 (R-ACT-SEND-4): the carriage value is stored per card (default 10 / 7 / 4 by type)
    and main action 5 pays exactly that card's value."""
    g = new_game(2)
    default = {"master": 10, "journeyman": 7, "apprentice": 4}
    assert all(c.send_value == default[c.type] for c in g.s.t.cards)
    for card in ("S11", "S13", "S15"):
        h = turn(card, staff=6)
        set_money(h, 0, livres=0)
        h.apply("main:send")
        assert me(h).livres == h.s.t.cards[h.s.t.card_index[card]].send_value


def test_a16_tailoring_cost_is_the_window_cost() -> None:
    """A-16 (R-ACT-TAILOR-3): the same garment costs what its current window shows."""
    costs = new_game(2).s.t.ds.board.window_costs
    assert len(set(costs)) > 1
    for w in (0, len(costs) - 1):
        g = turn("S11")
        gid = find_garments(g, lambda x: x.silk == (2, 0, 0, 0) and not x.thread and not x.lace)[0]
        clear_rack(g, 0)
        give_tiles(g, 0, [find_tiles(g, lambda t: t.silk == (2, 0, 0, 0))[0]])
        layout: list[str | None] = [None] * len(costs)
        layout[w] = gid
        set_windows(g, layout)
        set_money(g, 0, livres=20)
        run(g, "main:tailor", f"garment:{gid}")
        assert me(g).livres == 20 - costs[w]


def test_a17_fireworks_values_by_board_side() -> None:
    """A-17 (R-SCORE-4-1): the 1-3 side pays 6/2 and the 4-5 side 7/3 for the fireworks
    majority, and scoring uses the side's values."""
    for players, values in ((3, (6, 2)), (4, (7, 3))):
        g = new_game(players)
        assert tuple(g.s.t.ds.board.fireworks_majority) == values
        fw = sorted((d for d in g.s.t.ds.board.decorations if d.kind == "fireworks"), key=lambda d: d.cost)
        set_decoration(g, 0, fw[0].id)
        set_decoration(g, 0, fw[1].id)
        set_decoration(g, 1, fw[2].id)
        start_scoring(g)
        assert (g.s.breakdown[0]["fireworks"], g.s.breakdown[1]["fireworks"]) == values


def test_a18_drawer_capacity_by_board_side() -> None:
    """A-18 (R-ACT-RES-2): 3 drawers of 3 spaces on the 1-3 side, 3 of 4 on the 4-5 side; the
    price table covers every possible drawer count."""
    for players, spaces_per in ((2, 3), (5, 4)):
        g = new_game(players)
        b = g.s.t.ds.board
        assert (b.drawers, b.drawer_spaces) == (3, spaces_per)
        assert len(g.s.drawers) == 3 * spaces_per
        assert len(b.resource_price) == spaces_per + 1  # a price for 1 .. spaces_per tiles


def test_a19_tiles_without_a_lower_part_or_without_silk() -> None:
    """A-19 (R-PROC-TILE): converting a tile without thread or lace is legal and yields nothing;
    keeping a tile without silk is legal and adds no silk."""
    g = turn("S14")
    bare, no_silk = find_tiles(g, lambda t: True)[:2]
    patch_data(g, tiles={bare: {"lower": ""}, no_silk: {"silk": (0, 0, 0, 0), "lower": "thread"}})
    set_money(g, 0, livres=0, thread=0, lace=0)
    clear_rack(g, 0)
    set_drawers(g, [[bare], [no_silk], []])
    run(g, "main:acquire", f"take:{bare}")
    assert g.legal_actions() == ["tile:keep", "tile:convert"]
    g.apply("tile:convert")
    assert (me(g).thread, me(g).lace) == (0, 0)
    assert g.s.res_discard[-1] == g.s.t.tile_index[bare]
    h = turn("S14")
    patch_data(h, tiles={no_silk: {"silk": (0, 0, 0, 0), "lower": "thread"}})
    clear_rack(h, 0)
    set_money(h, 0, livres=0)
    set_drawers(h, [[no_silk], [], []])
    run(h, "main:acquire", f"take:{no_silk}")
    assert "tile:keep" in h.legal_actions()
    h.apply("tile:keep")
    assert h.s.players[0].silk == [0, 0, 0, 0] and len(h.s.players[0].rack) == 1


# ---------------------------------------------------------------------------------------------
# §17.3 timing and staff


def test_a21_the_played_card_is_staff_until_the_end_of_the_turn() -> None:
    """A-21 (R-PH3-9): the played card counts in the staff (and may be a dismissal target)
    during the turn and reaches the discard only at the end of the turn."""
    g = new_game(2)
    card = deck_card(g, "l2_dismiss_for_cash")
    g = turn(card, staff=5)
    view = g.observe(0)["players"][0]
    assert view["staff_size"] == 5 and view["in_play"] == card and card not in view["discard"]
    g.apply("main:skip")
    assert f"dismiss:{card}" in g.legal_actions()
    g.apply("bonus:skip")
    assert g.observe(0)["players"][0]["discard"][-1] == card


def test_a22_dismiss_for_cash_may_target_the_played_card() -> None:
    """A-22 (R-BON-l2_dismiss_for_cash): the played card itself is a legal target and pays by
    its own type."""
    g = new_game(2)
    card = deck_card(g, "l2_dismiss_for_cash")
    g = turn(card, staff=5)
    set_money(g, 0, livres=0)
    run(g, "main:skip", f"dismiss:{card}")
    kind = g.s.t.cards[g.s.t.card_index[card]].type
    assert me(g).livres == g.s.t.ds.bonus.dismiss_cash[kind]
    assert card not in staff_ids(g) and turn_over(g)
    assert_valid(g)


def test_a25_dismissal_from_the_supply() -> None:
    """A-25: a dismissal may take a card from the supply (and from the hand, which then loses
    its turn -- see test_bonuses)."""
    g = new_game(2)
    card = deck_card(g, "l1_dismiss_use_bonus")
    g = turn(card, staff=6)
    supply = [g.s.t.cards[c].id for c in me(g).supply]
    g.apply("main:skip")
    g.apply(f"dismiss:{supply[0]}")
    assert supply[0] not in staff_ids(g)


def _granted_tailoring(config: dict[str, Any], card_type: str = "master") -> Rococo:
    """The level-II tailoring card (made a ``card_type`` by patched data) is played; one plain
    garment in the display, silk to make it."""
    g = new_game(2, **config)
    card = deck_card(g, "l2_tailor_less_blue_or_pink")
    set_staff(g, 0, START[:4])
    mid_turn(g, 0, card)
    patch_data(g, cards={card: {"type": card_type}})
    gid = find_garments(g, lambda x: x.silk == (2, 0, 0, 0) and not x.thread and not x.lace)[0]
    clear_rack(g, 0)
    give_tiles(g, 0, [find_tiles(g, lambda t: t.silk == (2, 0, 0, 0))[0]])
    set_windows(g, [None] * (len(g.s.windows) - 1) + [gid])
    set_money(g, 0, livres=10)
    run(g, "main:skip", "bonus:use", f"garment:{gid}")
    while g.decision()["kind"] == "give":
        g.apply(g.legal_actions()[0])
    assert g.decision()["kind"] == "dispose"
    return g


def _master_spaces_offered(g: Rococo) -> bool:
    masters = set(spaces(g, master=True))
    return any(a.startswith("rent:") and a[5:] in masters for a in g.legal_actions())


@pytest.mark.parametrize(("config", "card_type", "expected"), [
    ({}, "master", True),  # default: the played Master performs the granted tailoring
    ({}, "journeyman", False),
    ({"granted_tailoring_never_master": True}, "master", False),
    ({"granted_tailoring_never_master": False}, "master", True),
])
def test_a26_performer_of_a_granted_tailoring(config: dict[str, Any], card_type: str, expected: bool) -> None:
    """A-26 (R-PROC-GRANT, R-ACT-TAILOR-9), both config settings: by default the card played this
    turn performs a granted tailoring, so a played Master may rent on master guest spaces and a
    Journeyman may not; with ``granted_tailoring_never_master`` a granted tailoring never counts
    as made by a Master."""
    assert _master_spaces_offered(_granted_tailoring(config, card_type)) is expected


def test_a26_config_does_not_touch_the_main_action() -> None:
    """A-26: ``granted_tailoring_never_master`` concerns granted tailoring only -- a Master's main
    action still reaches the master guest spaces."""
    g = turn("S11", granted_tailoring_never_master=True)
    gid = find_garments(g, lambda x: x.silk == (2, 0, 0, 0) and not x.thread and not x.lace)[0]
    clear_rack(g, 0)
    give_tiles(g, 0, [find_tiles(g, lambda t: t.silk == (2, 0, 0, 0))[0]])
    set_windows(g, [None] * (len(g.s.windows) - 1) + [gid])
    run(g, "main:tailor", f"garment:{gid}")
    while g.decision()["kind"] == "give":
        g.apply(g.legal_actions()[0])
    assert _master_spaces_offered(g)


# ---------------------------------------------------------------------------------------------
# §17.4 scoring


def test_a33_kitchen_right_counts_own_garments_in_the_halls() -> None:
    """A-33 (R-PH4-4): during play the kitchen's right side pays 1 livre per own garment on the
    board (= rented in the halls); other players' garments do not count."""
    g = new_game(2)
    set_decoration(g, 0, "kr1")
    pool = find_garments(g, lambda x: True)
    free = spaces(g, master=False)
    for gid, sp in zip(pool[:3], free[:3]):
        place_garment(g, 0, gid, sp)
    place_garment(g, 1, pool[3], free[3])
    set_money(g, 0, livres=0)
    end_phase3(g)
    assert me(g).livres == g.s.t.ds.rules.base_income + 3


# ---------------------------------------------------------------------------------------------
# §17.7 other engine rulings


def test_a52_hire_unavailable_with_an_empty_display() -> None:
    """A-52 (R-ACT-HIRE-4): with an empty employee display a Master cannot hire."""
    g = turn("S11")
    set_money(g, 0, livres=50)
    assert "main:hire" in g.legal_actions()
    g.s.display = [EMPTY] * len(g.s.display)
    refresh(g)
    assert "main:hire" not in g.legal_actions()
    with pytest.raises(IllegalAction) as err:
        g.apply("main:hire")
    assert err.value.rule == "R-ACT-HIRE-4"


def test_a53_unaffordable_options_are_not_offered() -> None:
    """A-53: no debt -- with 0 livres a Master is offered no hire at a price, no drawer that
    costs money, no window that costs money and no decoration; refusing leaves the state
    unchanged."""
    g = turn("S11")
    tiles = find_tiles(g, lambda t: True)[:5]
    set_drawers(g, [tiles[:3], tiles[3:5], []])
    set_money(g, 0, livres=0)
    legal = g.legal_actions()
    for action in ("main:hire", "main:acquire", "main:finance"):
        assert action not in legal
    before = g.state_hash()
    with pytest.raises(IllegalAction):
        g.apply("main:finance")
    assert g.state_hash() == before
    assert me(g).livres == 0


def test_a54_bag_draw_refills_from_the_discard_or_draws_nothing() -> None:
    """A-54 (R-PROC-BAG): an empty bag is refilled from the resource discard when a bag draw is
    needed; with both empty no tile can be drawn, so the draw bonus is not offered."""
    g = new_game(2)
    card = deck_card(g, "l1_draw_bag_free")
    g = turn(card)
    s = g.s
    spare = s.res_bag.pop()
    s.res_discard.extend(s.res_bag)
    s.res_bag.clear()
    s.res_bag.append(spare)
    give_tiles(g, 1, [s.t.ds.tiles[spare].id])
    assert s.res_bag == [] and s.res_discard
    assert_valid(g)
    events = run(g, "main:skip", "bonus:use")
    assert any(e.type == "resource_bag_refilled" for e in events)
    assert g.decision()["kind"] == "fate"
    h = turn(card)
    give_tiles(h, 1, [h.s.t.ds.tiles[x].id for x in h.s.res_bag + h.s.res_discard])
    assert h.s.res_bag == [] and h.s.res_discard == []
    h.apply("main:skip")
    assert turn_over(h)


def test_a57_another_seat_sees_no_hand_only_counts() -> None:
    """A-57 (R-PH2-1, R-SETUP-12): the observation of another seat never contains a hand (nor
    supply or rack), only counts; a picked card is hidden from the others in the events."""
    g = new_game(3)
    events = g.apply(g.legal_actions()[0])
    pick = next(e for e in events if e.type == "card_picked")
    assert "card" in pick.view(0) and "card" not in pick.view(1) and "card" not in pick.view(None)
    move_card(g, 1, "S21", "hand")
    give_tiles(g, 1, find_tiles(g, lambda t: True)[:2])
    for viewer in (0, 2, None):
        other = g.observe(viewer)["players"][1]
        assert not {"hand", "supply", "rack", "silk"} & set(other)
        assert other["hand_count"] == 1 and other["rack_count"] == 2
    own = g.observe(1)["players"][1]
    assert own["hand"] == ["S21"] and len(own["rack"]) == 2
