"""The six main actions and their shared procedures (RULES.md §8).

Board side "1, 2 & 3" (data/board_1-3.toml): windows cost 7 5 4 3 1 0 from left to right;
3 drawers of 3 spaces; master guest spaces h1s4 h1s5 h2s3 h3s3 h4s3 h5s2; rewards h1s1 3
livres, h1s7 a tile, h2s1 2 livres, h2s5 lace, h3s1 thread.  Start cards: S<seat>1/2 Masters
without bonus, S<seat>3 Journeyman, S<seat>4/5 Apprentices.  Every scenario uses
``positions.mid_turn`` so that the round goes on after the turn (no income in between).
"""

from __future__ import annotations

import pytest

from salon.core.errors import ActionError, IllegalAction, MalformedAction
from salon.rococo.game import Rococo
from salon.rococo.state import EMPTY
from tests.rococo import positions as P


def refused(g: Rococo, action: str, error: type[ActionError] = IllegalAction) -> str:
    """Apply an action that must be refused; nothing may change.  Returns the rule cited."""
    before = g.state_hash()
    with pytest.raises(error) as err:
        g.apply(action)
    assert g.state_hash() == before
    return err.value.rule


def tile_ids(g: Rococo, tiles: list[int]) -> list[str]:
    return sorted(g.s.t.ds.tiles[x].id for x in tiles)


def space_index(g: Rococo, space: str) -> int:
    return g.s.t.space_index[space]


def deco_index(g: Rococo, deco: str) -> int:
    return g.s.t.deco_index[deco]


# --------------------------------------------------------------------------------------------
# §8.1 Win the Queen's favour


@pytest.mark.parametrize(("card", "allowed"), [("S11", True), ("S13", True), ("S14", False), ("S15", False)])
def test_favour_for_master_or_journeyman_only_R_ACT_FAVOUR_1(card: str, allowed: bool) -> None:
    """R-ACT-FAVOUR-1: Masters and Journeymen may win the favour, Apprentices may not."""
    g = P.new_game(2)
    P.mid_turn(g, 0, card)
    assert ("main:favour" in g.legal_actions()) is allowed
    if not allowed:
        assert refused(g, "main:favour") in ("R-ACT-FAVOUR-1", "R-EMP-3")


def test_favour_taken_gives_five_livres_R_ACT_FAVOUR_2() -> None:
    """R-ACT-FAVOUR-2: the tile goes to the player, who gains 5 livres at once."""
    g = P.new_game(2)
    P.mid_turn(g, 1, "S21")
    events = g.apply("main:favour")
    assert g.s.favour == 1
    assert g.s.players[1].livres == 20 and g.s.players[0].livres == 15
    assert g.observe(0)["board"]["favour"] == 1
    assert [e.data["amount"] for e in events if e.type == "livres"] == [5]
    P.assert_valid(g)


def test_favour_only_once_per_round_R_ACT_FAVOUR_3() -> None:
    """R-ACT-FAVOUR-3: one taker per round; the start player may take it, and then nobody
    else (nor the taker again) can."""
    g = P.new_game(2, start_player=0)
    P.mid_turn(g, 0, "S11")
    g.apply("main:favour")
    P.mid_turn(g, 1, "S21")
    assert "main:favour" not in g.legal_actions()
    assert refused(g, "main:favour") in ("R-ACT-FAVOUR-2", "R-ACT-FAVOUR-3")
    P.mid_turn(g, 0, "S12")
    assert "main:favour" not in g.legal_actions()


def test_favour_holder_scores_three_at_the_end_R_ACT_FAVOUR_5() -> None:
    """R-ACT-FAVOUR-5: whoever holds the tile after round 7 scores 3 VP in step 2."""
    g = P.new_game(2)
    g.s.round = 7
    P.mid_turn(g, 1, "S21")
    g.apply("main:favour")
    P.start_scoring(g)
    assert g.is_over()
    assert g.result().breakdown[1].get("favour") == 3
    assert "favour" not in g.result().breakdown[0]


def test_favour_taken_before_round_seven_scores_nothing_R_ACT_FAVOUR_5() -> None:
    """R-ACT-FAVOUR-5 / A-9: a tile won in round 6 returns in round 7's step A: no VP."""
    g = P.new_game(2)
    g.s.round = 6
    P.mid_turn(g, 1, "S21")
    g.apply("main:favour")
    P.end_phase3(g)
    assert g.s.round == 7 and g.s.favour == EMPTY
    P.start_scoring(g)
    assert all("favour" not in b for b in g.result().breakdown)


# --------------------------------------------------------------------------------------------
# §8.2 Acquire resources


@pytest.mark.parametrize("card", ["S11", "S13", "S14"])
def test_acquire_for_every_type_R_ACT_RES_1(card: str) -> None:
    """R-ACT-RES-1: Masters, Journeymen and Apprentices may acquire a tile."""
    g = P.new_game(2)
    P.mid_turn(g, 0, card)
    g.apply("main:acquire")
    assert g.decision()["kind"] == "acquire" and g.decision()["mode"] == "main"
    assert len(g.legal_actions()) == 9


def test_apprentice_buys_from_drawer_of_three_TV_1() -> None:
    """TV-1 / R-ACT-RES-6 / R-ACT-RES-2: an Apprentice buys the 2-pink tile with "1 thread /
    1 lace" from a drawer holding 3 tiles: pays 2, may keep it or take thread or lace, and
    keeps it."""
    g = P.new_game(2)
    P.set_drawers(g, [["R01", "R19", "R02"], ["R03", "R04", "R05"], ["R06", "R07", "R08"]])
    P.mid_turn(g, 0, "S14")
    P.run(g, "main:acquire", "take:R19")
    p = g.s.players[0]
    assert p.livres == 13
    assert g.decision()["kind"] == "fate" and g.decision()["tile"] == "R19"
    assert g.legal_actions() == ["tile:keep", "tile:thread", "tile:lace"]
    g.apply("tile:keep")
    assert tile_ids(g, p.rack) == ["R19"] and p.silk == [0, 2, 0, 0]
    assert (p.thread, p.lace) == (1, 1)
    assert g.s.drawers[1] == EMPTY
    P.assert_valid(g)


@pytest.mark.parametrize(("take", "price"), [("R01", 2), ("R05", 1), ("R07", 0)])
def test_price_by_tiles_in_drawer_TV_2(take: str, price: int) -> None:
    """TV-2 / R-ACT-RES-2: a drawer holding 4 / 2 / 1 tiles (the chosen one included) sells
    at 2 / 1 / 0 livres (4-5 board: drawers of 4)."""
    g = P.new_game(4)
    P.set_drawers(g, [["R01", "R02", "R03", "R04"], ["R05", None, "R06", None], [None, None, "R07", None]])
    P.mid_turn(g, 0, "S14")
    P.run(g, "main:acquire", f"take:{take}")
    assert g.s.players[0].livres == 15 - price
    P.assert_valid(g)


def test_price_must_be_paid_R_ACT_RES_3() -> None:
    """R-ACT-RES-3 / A-53: no debt: with 1 livre only the drawer of 2 (price 1) and the
    drawer of 1 (free) are offered; a tile of the drawer of 3 is refused."""
    g = P.new_game(2)
    P.set_drawers(g, [["R01", "R02", "R03"], ["R04", "R05", None], ["R06", None, None]])
    P.set_money(g, 0, livres=1)
    P.mid_turn(g, 0, "S14")
    g.apply("main:acquire")
    assert sorted(g.legal_actions()) == ["take:R04", "take:R05", "take:R06"]
    assert refused(g, "take:R01") == "R-ACT-RES-3"
    assert refused(g, "take:R10") == "R-ACT-RES-2"  # not in the display


def test_received_tile_decided_at_once_R_ACT_RES_4() -> None:
    """R-ACT-RES-4: right after buying, the buyer decides keep or convert; nothing else
    happens in between."""
    g = P.new_game(2)
    P.set_drawers(g, [["R01", None, None], [None] * 3, [None] * 3])
    P.mid_turn(g, 0, "S11")
    P.run(g, "main:acquire", "take:R01")
    assert g.decision() == {"seat": 0, "kind": "fate", "tile": "R01"}


def test_acquire_unavailable_with_empty_display_R_ACT_RES_5() -> None:
    """R-ACT-RES-5: no tile in the drawers -> Acquire is neither offered nor accepted."""
    g = P.new_game(2)
    P.set_drawers(g, [[None] * 3] * 3)
    P.mid_turn(g, 0, "S11")
    assert "main:acquire" not in g.legal_actions()
    assert refused(g, "main:acquire") == "R-ACT-RES-5"


# --------------------------------------------------------------------------------------------
# §8.3 R-PROC-TILE, R-PROC-BAG, R-PROC-GRANT, R-PROC-SEND


@pytest.mark.parametrize(
    ("tile", "choice", "options", "goods"),
    [
        ("R01", "tile:convert", ["tile:keep", "tile:convert"], (1, 0)),  # thread
        ("R02", "tile:convert", ["tile:keep", "tile:convert"], (0, 1)),  # lace
        ("R37", "tile:convert", ["tile:keep", "tile:convert"], (1, 1)),  # thread + lace
        ("R19", "tile:thread", ["tile:keep", "tile:thread", "tile:lace"], (1, 0)),  # thread / lace
        ("R19", "tile:lace", ["tile:keep", "tile:thread", "tile:lace"], (0, 1)),
        ("R03", "tile:convert", ["tile:keep", "tile:convert"], (0, 0)),  # nothing
    ],
)
def test_convert_by_lower_part_R_PROC_TILE(tile: str, choice: str, options: list[str], goods: tuple[int, int]) -> None:
    """R-PROC-TILE: converting puts the tile on the resource discard and yields its lower
    part: "+" both, "/" one of the player's choice, nothing when it shows nothing (A-19)."""
    g = P.new_game(2)
    P.set_drawers(g, [[tile, None, None], [None] * 3, [None] * 3])
    P.mid_turn(g, 0, "S11")
    P.run(g, "main:acquire", f"take:{tile}")
    assert g.legal_actions() == options
    g.apply(choice)
    p = g.s.players[0]
    assert (p.thread, p.lace) == (1 + goods[0], 1 + goods[1])
    assert p.rack == [] and p.silk == [0, 0, 0, 0]
    assert tile_ids(g, g.s.res_discard) == [tile]
    P.assert_valid(g)


def test_either_choice_refuses_plain_convert_R_PROC_TILE() -> None:
    """R-PROC-TILE: a "thread / lace" tile gives one of the two, never both."""
    g = P.new_game(2)
    P.set_drawers(g, [["R19", None, None], [None] * 3, [None] * 3])
    P.mid_turn(g, 0, "S11")
    P.run(g, "main:acquire", "take:R19")
    assert refused(g, "tile:convert") == "R-PROC-TILE"


def test_kept_tile_is_final_and_rack_is_unlimited_R_PROC_TILE() -> None:
    """R-PROC-TILE / R-ACT-TAILOR-4: a kept tile stays silk for good (its "thread" cannot pay
    a garment's thread later); the rack takes any number of tiles."""
    g = P.new_game(2)
    P.give_tiles(g, 0, [f"R{k:02d}" for k in range(20, 49)])  # 29 tiles
    P.set_drawers(g, [["R01", None, None], [None] * 3, [None] * 3])
    P.set_money(g, 0, thread=0)
    P.set_windows(g, [None, None, None, None, None, "G02"])  # 2 blue + 1 thread
    P.mid_turn(g, 0, "S11")
    P.run(g, "main:acquire", "take:R01", "tile:keep")
    p = g.s.players[0]
    assert len(p.rack) == 30 and p.thread == 0
    P.mid_turn(g, 0, "S12")
    assert "main:tailor" not in g.legal_actions()
    P.assert_valid(g)


def test_bag_draw_is_secret_and_refills_from_discard_R_PROC_BAG() -> None:
    """R-PROC-BAG / A-54: a bag draw takes a random tile from the bag (not the display),
    seen only by the drawer; an empty bag is refilled from the resource discard first."""
    g = P.new_game(2)
    drawers = list(g.s.drawers)
    P.mid_turn(g, 0, "E06")  # l1_draw_bag_free
    bag = len(g.s.res_bag)
    events = P.run(g, "main:skip", "bonus:use")
    assert len(g.s.res_bag) == bag - 1 and g.s.drawers == drawers
    drawn = [e for e in events if e.type == "tile_drawn"]
    assert len(drawn) == 1 and "tile" in drawn[0].view(0)
    assert "tile" not in drawn[0].view(1) and "tile" not in drawn[0].view(None)
    assert g.decision()["kind"] == "fate"
    g.apply("tile:keep")

    g = P.new_game(2)
    s = g.s
    s.res_discard.extend(s.res_bag)
    s.res_bag.clear()
    P.refresh(g)
    used = len(s.res_discard)
    P.mid_turn(g, 0, "E06")
    P.run(g, "main:skip", "bonus:use")
    assert len(s.res_bag) == used - 1 and s.res_discard == []
    g.apply("tile:convert" if "tile:convert" in g.legal_actions() else "tile:thread")
    P.assert_valid(g)


def test_no_tile_anywhere_means_no_bag_draw_R_PROC_BAG() -> None:
    """R-PROC-BAG / A-54: with the bag and the discard empty nothing can be drawn (the free
    draw is then not offered)."""
    g = P.new_game(2)
    P.give_tiles(g, 1, tile_ids(g, g.s.res_bag))
    assert g.s.res_bag == [] and g.s.res_discard == []
    P.mid_turn(g, 0, "E06")
    g.apply("main:skip")
    assert (g.decision()["kind"], g.current_player()) == ("play", 1)


def test_granted_acquire_repeats_main_action_at_normal_price_R_PROC_GRANT() -> None:
    """R-PROC-GRANT: a bonus action may repeat the main action just taken, with its normal
    cost: Acquire from a drawer of 3 (2 livres), then the granted Acquire from a drawer of
    2 (1 livre)."""
    g = P.new_game(2)
    P.set_drawers(g, [["R01", "R02", "R03"], ["R04", "R05", None], [None] * 3])
    P.mid_turn(g, 0, "S14")  # start_extra_acquire
    P.run(g, "main:acquire", "take:R01", "tile:keep")
    assert g.legal_actions() == ["bonus:use", "bonus:skip"]
    g.apply("bonus:use")
    assert g.decision()["mode"] == "bonus"
    P.run(g, "take:R04", "tile:keep")
    p = g.s.players[0]
    assert p.livres == 15 - 2 - 1
    assert tile_ids(g, p.rack) == ["R01", "R04"]


def test_sent_away_card_goes_to_the_box_R_PROC_SEND() -> None:
    """R-PROC-SEND: a card sent away leaves the game: it lies in the box, in no pile."""
    g = P.new_game(2)
    P.mid_turn(g, 0, "S13")
    P.run(g, "main:send", "bonus:skip")
    c = P.card(g, "S13")
    p = g.s.players[0]
    assert c in g.s.boxed
    assert c not in p.supply + p.hand + p.discard and p.in_play == EMPTY
    assert "S13" in g.observe(1)["board"]["removed_cards"]


# --------------------------------------------------------------------------------------------
# §8.4 Tailor a garment


def tailor_position(g: Rococo, seat: int, card: str, windows: list[str | None], tiles: list[str],
                    livres: int = 20, thread: int = 1, lace: int = 1) -> Rococo:
    P.set_windows(g, windows)
    P.give_tiles(g, seat, tiles)
    P.set_money(g, seat, livres=livres, thread=thread, lace=lace)
    return P.mid_turn(g, seat, card)


@pytest.mark.parametrize(("card", "allowed"), [("S11", True), ("S13", True), ("S14", False)])
def test_tailor_for_master_or_journeyman_only_R_ACT_TAILOR_1(card: str, allowed: bool) -> None:
    """R-ACT-TAILOR-1: Masters and Journeymen tailor; Apprentices may not."""
    g = tailor_position(P.new_game(2), 0, card, [None, None, None, None, None, "G01"], ["R13"])
    assert ("main:tailor" in g.legal_actions()) is allowed
    if not allowed:
        assert refused(g, "main:tailor") in ("R-ACT-TAILOR-1", "R-EMP-3")


def test_thimble_blue_dress_by_master_TV_3() -> None:
    """TV-3 / R-ACT-TAILOR-6 (and R-ACT-TAILOR-2 to R-ACT-TAILOR-5): a Master tailors the thimble blue
    dress (3 blue + 1 lace) from the window costing 4: pays 4 and 1 lace, hands in 2 tiles
    worth 3 blue + 1 green; both go to the resource discard and the green bale is lost."""
    g = tailor_position(P.new_game(2), 0, "S11", [None, None, "G06", None, None, None], ["R09", "R38"], livres=10)
    P.run(g, "main:tailor", "garment:G06")
    assert g.decision()["need"] == {"blue": 3, "pink": 0, "green": 0, "orange": 0}
    assert sorted(g.legal_actions()) == ["give:R09", "give:R38"]
    g.apply("give:R09")
    assert g.decision()["need"]["blue"] == 1
    g.apply("give:R38")
    p = g.s.players[0]
    assert (p.livres, p.lace, p.thread) == (6, 0, 1)
    assert p.rack == [] and p.silk == [0, 0, 0, 0]
    assert tile_ids(g, g.s.res_discard) == ["R09", "R38"]
    assert g.decision()["kind"] == "dispose"
    P.assert_valid(g)


def test_journeyman_cannot_tailor_thimble_garment_R_ACT_TAILOR_2() -> None:
    """R-ACT-TAILOR-2 / TV-3: the thimble dress is refused to a Journeyman (who may still
    make a plain garment); a garment outside the display is refused too."""
    g = tailor_position(P.new_game(2), 0, "S13", [None, None, "G06", None, None, "G01"], ["R09", "R38"], livres=10)
    g.apply("main:tailor")
    assert g.legal_actions() == ["garment:G01"]
    assert refused(g, "garment:G06") == "R-ACT-TAILOR-2"
    assert refused(g, "garment:G04") == "R-ACT-TAILOR-2"


@pytest.mark.parametrize(("window", "cost"), [(0, 7), (1, 5), (2, 4), (3, 3), (4, 1), (5, 0)])
def test_cost_is_the_windows_R_ACT_TAILOR_3(window: int, cost: int) -> None:
    """R-ACT-TAILOR-3 / A-16: the tailoring cost printed below the garment's window is paid."""
    windows: list[str | None] = [None] * 6
    windows[window] = "G01"
    g = tailor_position(P.new_game(2), 0, "S11", windows, ["R13"], livres=10)
    P.run(g, "main:tailor", "garment:G01", "give:R13")
    assert g.s.players[0].livres == 10 - cost


def test_unaffordable_window_refused_R_ACT_TAILOR_3() -> None:
    """R-ACT-TAILOR-3 / A-53: a garment whose window costs more than the player has is not
    offered and is refused."""
    g = tailor_position(P.new_game(2), 0, "S11", ["G01", None, None, None, None, "G04"], ["R01"], livres=6)
    g.apply("main:tailor")
    assert g.legal_actions() == ["garment:G04"]
    assert refused(g, "garment:G01") == "R-ACT-TAILOR-3"


def test_thread_and_lace_must_be_owned_R_ACT_TAILOR_4() -> None:
    """R-ACT-TAILOR-4: the required thread must already be owned (a thread-bearing rack
    tile does not count): without thread the garment is refused."""
    g = tailor_position(P.new_game(2), 0, "S11", [None, None, None, None, "G02", "G01"], ["R01"], thread=0)
    g.apply("main:tailor")
    assert g.legal_actions() == ["garment:G01"]
    assert refused(g, "garment:G02") == "R-ACT-TAILOR-4"


def test_silk_covered_with_surplus_lost_and_only_useful_tiles_offered_R_ACT_TAILOR_4() -> None:
    """R-ACT-TAILOR-4: every bale on a handed-in tile counts, surplus bales are lost; only
    tiles that cover a missing bale can be handed in."""
    g = tailor_position(P.new_game(2), 0, "S11", [None, None, None, None, None, "G01"], ["R01", "R04"])
    P.run(g, "main:tailor", "garment:G01")
    assert g.legal_actions() == ["give:R01"]
    g.apply("give:R01")
    p = g.s.players[0]
    assert tile_ids(g, p.rack) == ["R04"] and p.silk == [0, 3, 0, 0]
    assert g.decision()["kind"] == "dispose"


def test_spent_tiles_and_tokens_leave_the_player_R_ACT_TAILOR_5() -> None:
    """R-ACT-TAILOR-5: handed-in tiles go to the resource discard, thread and lace to the
    general supply (G05: 3 blue + 1 thread; G03: 2 blue + 1 lace)."""
    g = tailor_position(P.new_game(2), 0, "S11", [None, None, None, None, "G05", "G03"], ["R01", "R13"],
                        thread=2, lace=2)
    P.run(g, "main:tailor", "garment:G05", "give:R01", "sell")
    P.mid_turn(g, 0, "S12")
    P.run(g, "main:tailor", "garment:G03", "give:R13", "sell")
    p = g.s.players[0]
    assert (p.thread, p.lace) == (1, 1)
    assert tile_ids(g, g.s.res_discard) == ["R01", "R13"]
    P.assert_valid(g)


def test_rent_or_sell_decided_after_paying_R_ACT_TAILOR_7_R_ACT_TAILOR_8() -> None:
    """R-ACT-TAILOR-7: after paying, sell or rent; R-ACT-TAILOR-8: renting goes to any free
    guest space of the 5 halls (a Master's garment: every free space), never a fireworks or
    terrace space, never a taken one."""
    g = P.new_game(2)
    P.place_garment(g, 1, "G20", "h2s2")
    tailor_position(g, 0, "S11", [None, None, None, None, None, "G01"], ["R13"])
    P.run(g, "main:tailor", "garment:G01", "give:R13")
    legal = g.legal_actions()
    assert legal[0] == "sell"
    rents = {a[5:] for a in legal[1:]}
    assert all(a.startswith("rent:") for a in legal[1:])
    assert rents == set(P.spaces(g)) - {"h2s2"}
    assert refused(g, "rent:h2s2") == "R-ACT-TAILOR-8"
    assert refused(g, "rent:fw1", MalformedAction) == "PROTOCOL"  # not a guest space at all


def test_master_guest_space_refuses_a_journeymans_garment_R_ACT_TAILOR_9() -> None:
    """R-ACT-TAILOR-9: master guest spaces take only garments tailored with a Master, even a
    plain one; a Journeyman's garment is refused there."""
    masters = {"h1s4", "h1s5", "h2s3", "h3s3", "h4s3", "h5s2"}
    g = tailor_position(P.new_game(2), 0, "S13", [None, None, None, None, None, "G01"], ["R13"])
    P.run(g, "main:tailor", "garment:G01", "give:R13")
    assert set(P.spaces(g, master=True)) == masters
    assert not masters & {a[5:] for a in g.legal_actions()}
    assert refused(g, "rent:h1s4") == "R-ACT-TAILOR-9"

    g = tailor_position(P.new_game(2), 0, "S11", [None, None, None, None, None, "G01"], ["R13"])
    P.run(g, "main:tailor", "garment:G01", "give:R13")
    assert masters <= {a[5:] for a in g.legal_actions()}
    g.apply("rent:h1s4")
    assert g.s.guest_owner[space_index(g, "h1s4")] == 0


def test_rented_garment_carries_the_owners_marker_R_ACT_TAILOR_10() -> None:
    """R-ACT-TAILOR-10: the rented tile lies on the space with the tailor's marker; its
    prestige scores at the end."""
    g = tailor_position(P.new_game(2), 1, "S21", [None, None, None, None, None, "G01"], ["R13"])
    P.run(g, "main:tailor", "garment:G01", "give:R13", "rent:h2s2")
    sp = space_index(g, "h2s2")
    assert g.s.guest[sp] == P.garment(g, "G01") and g.s.guest_owner[sp] == 1
    assert g.observe(0)["board"]["guests"] == {"h2s2": {"garment": "G01", "owner": 1}}
    assert P.garment(g, "G01") not in g.s.windows and g.s.making == EMPTY
    P.start_scoring(g)
    assert g.result().breakdown[1]["markers"] == 2  # G01's prestige
    P.assert_valid(g)


@pytest.mark.parametrize(
    ("space", "livres", "thread", "lace"),
    [("h1s1", 3, 0, 0), ("h2s1", 2, 0, 0), ("h4s1", 1, 0, 0), ("h3s1", 0, 1, 0), ("h2s5", 0, 0, 1), ("h1s2", 0, 0, 0)],
)
def test_guest_space_rewards_R_ACT_TAILOR_11(space: str, livres: int, thread: int, lace: int) -> None:
    """R-ACT-TAILOR-11: the space's reward is taken at once: its livres, 1 thread, 1 lace, or
    nothing on a plain space."""
    g = tailor_position(P.new_game(2), 0, "S11", [None, None, None, None, None, "G01"], ["R13"], livres=10)
    P.run(g, "main:tailor", "garment:G01", "give:R13", f"rent:{space}")
    p = g.s.players[0]
    assert (p.livres, p.thread, p.lace) == (10 + livres, 1 + thread, 1 + lace)
    assert (g.decision()["kind"], g.current_player()) == ("play", 1)


def test_tile_reward_is_a_free_choice_from_the_display_R_ACT_TAILOR_11() -> None:
    """R-ACT-TAILOR-11: the tile reward is any tile of the resource display, free of charge
    (even from a drawer of 3), followed by keep-or-convert."""
    g = P.new_game(2)
    P.set_drawers(g, [["R01", "R02", "R03"], ["R04", None, None], [None] * 3])
    tailor_position(g, 0, "S11", [None, None, None, None, None, "G01"], ["R13"], livres=10)
    P.run(g, "main:tailor", "garment:G01", "give:R13", "rent:h1s7")
    assert (g.decision()["kind"], g.decision()["mode"]) == ("acquire", "reward")
    assert sorted(g.legal_actions()) == ["take:R01", "take:R02", "take:R03", "take:R04"]
    P.run(g, "take:R02")
    assert g.decision()["kind"] == "fate"
    g.apply("tile:keep")
    p = g.s.players[0]
    assert p.livres == 10 and tile_ids(g, p.rack) == ["R02"]
    P.assert_valid(g)


def test_tile_reward_with_empty_display_gives_nothing_R_ACT_TAILOR_11() -> None:
    """R-ACT-TAILOR-11: with no tile in the display the tile reward is simply lost."""
    g = P.new_game(2)
    P.set_drawers(g, [[None] * 3] * 3)
    tailor_position(g, 0, "S11", [None, None, None, None, None, "G01"], ["R13"])
    P.run(g, "main:tailor", "garment:G01", "give:R13", "rent:h1s7")
    assert (g.decision()["kind"], g.current_player()) == ("play", 1)
    assert g.s.players[0].rack == []


def test_rent_completing_presence_gives_all_halls_bonus_R_ACT_TAILOR_12() -> None:
    """R-ACT-TAILOR-12: after placing the garment the all-halls check runs."""
    g = P.new_game(2)
    for gid, sp in (("G30", "h1s2"), ("G31", "h2s2"), ("G32", "h3s2"), ("G33", "h4s2")):
        P.place_garment(g, 0, gid, sp)
    tailor_position(g, 0, "S11", [None, None, None, None, None, "G01"], ["R13"])
    events = P.run(g, "main:tailor", "garment:G01", "give:R13", "rent:h5s1")
    assert g.s.all_halls[0] == 0
    assert [e.data["vp"] for e in events if e.type == "all_halls"] == [6]


def test_sell_discards_and_pays_value_R_ACT_TAILOR_13() -> None:
    """R-ACT-TAILOR-13: selling puts the garment on the garment discard and pays its value
    (G05: 13 livres) from the bank; no marker is placed."""
    g = tailor_position(P.new_game(2), 0, "S11", [None, None, None, None, None, "G05"], ["R01"], livres=10)
    P.run(g, "main:tailor", "garment:G05", "give:R01", "sell")
    assert g.s.players[0].livres == 10 + 13
    assert g.s.gar_discard == [P.garment(g, "G05")]
    assert all(o == EMPTY for o in g.s.guest_owner)
    P.assert_valid(g)


def test_tailor_unavailable_without_garments_R_ACT_TAILOR_14() -> None:
    """R-ACT-TAILOR-14: an empty design display makes tailoring impossible."""
    g = tailor_position(P.new_game(2), 0, "S11", [None] * 6, ["R13"])
    assert "main:tailor" not in g.legal_actions()
    assert refused(g, "main:tailor") == "R-ACT-TAILOR-14"


def fill_spaces(g: Rococo, spaces: list[str]) -> None:
    """Seat 1 rents garments (from the bag) on the given spaces."""
    for sp, x in zip(spaces, list(g.s.gar_bag)):
        P.place_garment(g, 1, g.s.t.ds.garments[x].id, sp)


def test_forced_sale_when_no_legal_space_R_ACT_TAILOR_15() -> None:
    """R-ACT-TAILOR-15: if only master guest spaces are free and a Journeyman tailored, the
    garment must be sold."""
    g = P.new_game(2)
    P.set_windows(g, [None, None, None, None, None, "G01"])
    fill_spaces(g, P.spaces(g, master=False))
    tailor_position(g, 0, "S13", [None, None, None, None, None, "G01"], ["R13"], livres=10)
    P.run(g, "main:tailor", "garment:G01", "give:R13")
    assert g.legal_actions() == ["sell"]
    g.apply("sell")
    assert g.s.players[0].livres == 10 + 6


def test_forced_sale_refuses_a_master_space_as_illegal_R_ACT_TAILOR_15() -> None:
    """R-ACT-TAILOR-15 / R-ACT-TAILOR-9: renting a Journeyman's garment on a master space
    during a forced sale is a well-formed but illegal action."""
    g = P.new_game(2)
    P.set_windows(g, [None, None, None, None, None, "G01"])
    fill_spaces(g, P.spaces(g, master=False))
    tailor_position(g, 0, "S13", [None, None, None, None, None, "G01"], ["R13"], livres=10)
    P.run(g, "main:tailor", "garment:G01", "give:R13")
    assert refused(g, "rent:h1s4") in ("R-ACT-TAILOR-9", "R-ACT-TAILOR-15")


def test_forced_sale_when_halls_are_full_R_ACT_TAILOR_15() -> None:
    """R-ACT-TAILOR-15: with every guest space taken even a Master must sell."""
    g = P.new_game(2)
    P.set_windows(g, [None, None, None, None, None, "G01"])
    fill_spaces(g, P.spaces(g))
    tailor_position(g, 0, "S11", [None, None, None, None, None, "G01"], ["R13"])
    P.run(g, "main:tailor", "garment:G01", "give:R13")
    assert g.legal_actions() == ["sell"]


def test_renting_sub_steps_in_order_R_ACT_TAILOR_16() -> None:
    """R-ACT-TAILOR-16: pay the cost -> hand in resources -> rent -> place -> reward -> all-halls
    check (the all-halls marker comes only after the tile reward is settled)."""
    g = P.new_game(2)
    for gid, sp in (("G30", "h2s2"), ("G31", "h3s2"), ("G32", "h4s2"), ("G33", "h5s1")):
        P.place_garment(g, 0, gid, sp)
    tailor_position(g, 0, "S11", [None, None, "G06", None, None, None], ["R09", "R38"])
    events = P.run(g, "main:tailor", "garment:G06", "give:R09", "give:R38", "rent:h1s7")
    assert g.s.all_halls == [EMPTY] * 3 and g.decision()["mode"] == "reward"
    events += P.run(g, g.legal_actions()[0], "tile:keep")
    kinds = [e.type for e in events if e.type in ("livres", "goods", "tile_spent", "rented", "tile_taken", "all_halls")]
    assert kinds == ["livres", "goods", "tile_spent", "tile_spent", "rented", "tile_taken", "all_halls"]
    assert g.s.all_halls[0] == 0


# --------------------------------------------------------------------------------------------
# §8.5 Hire an employee


@pytest.mark.parametrize(("card", "allowed"), [("S11", True), ("S13", False), ("S14", False)])
def test_hire_for_masters_only_R_ACT_HIRE_1(card: str, allowed: bool) -> None:
    """R-ACT-HIRE-1: only a Master hires."""
    g = P.new_game(2)
    P.mid_turn(g, 0, card)
    assert ("main:hire" in g.legal_actions()) is allowed
    if not allowed:
        assert refused(g, "main:hire") in ("R-ACT-HIRE-1", "R-EMP-2", "R-EMP-3")


@pytest.mark.parametrize(("count", "price"), [(4, 5), (3, 3), (2, 1), (1, 0)])
def test_hire_price_by_cards_in_display_R_ACT_HIRE_2(count: int, price: int) -> None:
    """R-ACT-HIRE-2 (TV-19 for 3 cards): 4 -> 5, 3 -> 3, 2 -> 1, 1 -> free."""
    g = P.new_game(2)
    shown = [g.s.t.cards[c].id for c in g.s.display]
    for cid in shown[count:]:
        P.move_card(g, 0, cid, "box")
    P.mid_turn(g, 0, "S11")
    P.run(g, "main:hire", f"hire:{shown[0]}")
    assert g.s.players[0].livres == 15 - price


def test_three_cards_in_display_cost_three_TV_19() -> None:
    """TV-19: a Master hiring from a display of 3 cards pays 3 livres."""
    g = P.new_game(3)
    P.move_card(g, 0, g.s.t.cards[g.s.display[1]].id, "box")
    P.mid_turn(g, 2, "S31")
    target = g.s.t.cards[g.s.display[2]].id
    events = P.run(g, "main:hire", f"hire:{target}")
    assert [e.data["amount"] for e in events if e.type == "livres"] == [-3]


def test_hired_card_goes_to_hand_R_ACT_HIRE_3() -> None:
    """R-ACT-HIRE-3: the chosen card leaves the display for the hirer's hand and staff."""
    g = P.new_game(2)
    P.mid_turn(g, 0, "S11")
    target = g.s.display[2]
    g.apply("main:hire")
    assert len(g.legal_actions()) == 4
    g.apply(f"hire:{g.s.t.cards[target].id}")
    p = g.s.players[0]
    assert p.hand == [target] and g.s.display[2] == EMPTY
    assert p.staff_size() == 6  # the 5 start cards (the played one included) + the new one
    P.assert_valid(g)


def test_hire_unavailable_with_empty_display_or_short_money_R_ACT_HIRE_4() -> None:
    """R-ACT-HIRE-4 / A-52: an empty display offers nothing to hire; A-53: neither does a
    price the Master cannot pay."""
    g = P.new_game(2)
    for c in list(g.s.display):
        P.move_card(g, 0, g.s.t.cards[c].id, "box")
    P.mid_turn(g, 0, "S11")
    assert "main:hire" not in g.legal_actions()
    assert refused(g, "main:hire") == "R-ACT-HIRE-4"

    g = P.new_game(2)
    P.set_money(g, 0, livres=4)
    P.mid_turn(g, 0, "S11")
    assert "main:hire" not in g.legal_actions()


# --------------------------------------------------------------------------------------------
# §8.6 Send away this employee


@pytest.mark.parametrize(("card", "value"), [("S11", 10), ("S13", 7), ("S14", 4), ("E20", 10), ("E21", 7), ("E22", 4)])
def test_send_away_for_any_type_pays_carriage_R_ACT_SEND_1_R_ACT_SEND_4(card: str, value: int) -> None:
    """R-ACT-SEND-1: every type may send itself away; R-ACT-SEND-4: it pays the card's
    carriage value (data: Master 10, Journeyman 7, Apprentice 4)."""
    g = P.new_game(2)
    P.mid_turn(g, 0, card)
    assert "main:send" in g.legal_actions()
    events = g.apply("main:send")
    assert g.s.players[0].livres == 15 + value
    assert [e.data["amount"] for e in events if e.type == "livres"] == [value]


def test_only_the_played_card_is_sent_away_R_ACT_SEND_2() -> None:
    """R-ACT-SEND-2: the target is the card played this turn; the rest of the staff stays."""
    g = P.new_game(2)
    P.mid_turn(g, 0, "S12")
    p = g.s.players[0]
    others = sorted(p.supply + p.hand + p.discard)
    g.apply("main:send")
    assert sorted(p.supply + p.hand + p.discard) == others
    assert g.s.boxed == [P.card(g, "S12")]


def test_send_away_refused_at_minimum_R_ACT_SEND_3() -> None:
    """R-ACT-SEND-3: at S = 4 sending away is refused (R-STAFF-2)."""
    g = P.new_game(2)
    P.set_staff(g, 0, supply=["S11", "S12", "S14"])
    P.mid_turn(g, 0, "S13")
    assert refused(g, "main:send") == "R-STAFF-2"


@pytest.mark.parametrize("use", [True, False])
def test_bonus_may_follow_then_card_is_boxed_R_ACT_SEND_5(use: bool) -> None:
    """R-ACT-SEND-5 / A-8: after the carriage money the card's bonus may still be used once
    (start_gain_2: +2), and then the card goes to the box either way."""
    g = P.new_game(2)
    P.mid_turn(g, 0, "S15")
    g.apply("main:send")
    p = g.s.players[0]
    assert g.decision()["kind"] == "bonus" and p.livres == 19
    assert p.in_play == P.card(g, "S15")
    g.apply("bonus:use" if use else "bonus:skip")
    assert p.livres == 19 + (2 if use else 0)
    assert p.in_play == EMPTY and P.card(g, "S15") in g.s.boxed
    assert P.card(g, "S15") not in p.discard
    P.assert_valid(g)


def test_sent_card_counts_while_its_bonus_resolves_R_ACT_SEND_6() -> None:
    """R-ACT-SEND-6 / A-21: the level-III staff bonus of a card being sent away counts that
    card: staff 5 pays 2 livres (4 would pay nothing); afterwards the staff is 4."""
    g = P.new_game(2)
    P.set_staff(g, 0, supply=["S11", "S12", "S13", "S14"])
    P.mid_turn(g, 0, "E11")
    g.apply("main:send")
    p = g.s.players[0]
    assert p.livres == 25
    g.apply("bonus:use")
    assert p.livres == 27
    assert p.staff_size() == 4


# --------------------------------------------------------------------------------------------
# §8.7 Finance a decoration


@pytest.mark.parametrize("card", ["S11", "S13", "S14"])
def test_finance_for_every_type_R_ACT_FIN_1(card: str) -> None:
    """R-ACT-FIN-1: Masters, Journeymen and Apprentices may finance."""
    g = P.new_game(2)
    P.mid_turn(g, 0, card)
    P.run(g, "main:finance", "finance:kl1")
    assert g.s.deco[deco_index(g, "kl1")] == 0


def test_finance_places_marker_pays_cost_scores_vp_R_ACT_FIN_2() -> None:
    """R-ACT-FIN-2: a marker on a free decoration space, its cost paid (statue st1: 10);
    a taken space is refused; the printed VP score at the end."""
    g = P.new_game(2)
    P.set_decoration(g, 1, "st2")
    P.mid_turn(g, 0, "S11")
    g.apply("main:finance")
    assert "finance:st2" not in g.legal_actions()
    assert refused(g, "finance:st2") == "R-ACT-FIN-2"
    g.apply("finance:st1")
    assert g.s.deco[deco_index(g, "st1")] == 0 and g.s.players[0].livres == 5
    P.start_scoring(g)
    assert g.result().breakdown[0]["markers"] == 2
    assert g.result().breakdown[1]["markers"] == 3


def test_every_decoration_kind_can_be_financed_R_ACT_FIN_3() -> None:
    """R-ACT-FIN-3: fireworks, kitchen left and right, statues and the 5 musicians are all
    decoration spaces (the jeweler's belongs to the Jewelry Box)."""
    g = P.new_game(2)
    P.set_money(g, 0, livres=100)
    P.mid_turn(g, 0, "S14")
    g.apply("main:finance")
    offered = {a[8:] for a in g.legal_actions()}
    assert offered == {d.id for d in g.s.t.ds.board.decorations}
    kinds = {d.kind for d in g.s.t.ds.board.decorations if d.id in offered}
    assert kinds == {"fireworks", "kitchen_left", "kitchen_right", "statue", "musician"}
    assert len(P.decorations(g, "musician")) == 5


def test_one_marker_per_kitchen_side_any_number_otherwise_R_ACT_FIN_4() -> None:
    """R-ACT-FIN-4: a player with a kitchen-left marker cannot take the other left space but
    may take a right one, and any number of statues or fireworks."""
    g = P.new_game(2)
    P.set_money(g, 0, livres=100)
    for d in ("kl1", "st1", "fw1"):
        P.set_decoration(g, 0, d)
    P.mid_turn(g, 0, "S11")
    g.apply("main:finance")
    offered = {a[8:] for a in g.legal_actions()}
    assert "kl2" not in offered
    assert {"kr1", "kr2", "st2", "st3", "fw2", "fw3"} <= offered
    assert refused(g, "finance:kl2") == "R-ACT-FIN-4"
    g.apply("finance:kr2")
    P.mid_turn(g, 0, "S12")
    g.apply("main:finance")
    assert not {"kl2", "kr1"} & {a[8:] for a in g.legal_actions()}


def test_cost_must_be_paid_R_ACT_FIN_5() -> None:
    """R-ACT-FIN-5: only spaces the player can pay for are offered (9 livres: costs up to 9)."""
    g = P.new_game(2)
    P.set_money(g, 0, livres=9)
    P.mid_turn(g, 0, "S11")
    g.apply("main:finance")
    offered = sorted(a[8:] for a in g.legal_actions())
    assert offered == sorted(d.id for d in g.s.t.ds.board.decorations if d.cost <= 9)
    assert refused(g, "finance:st1") == "R-ACT-FIN-5"


def test_musician_runs_the_all_halls_check_R_ACT_FIN_6() -> None:
    """R-ACT-FIN-6: a musician marker makes its owner present in that hall; completing the 5
    halls that way earns the all-halls bonus at once."""
    g = P.new_game(2)
    for gid, sp in (("G30", "h1s2"), ("G31", "h2s2"), ("G32", "h3s2"), ("G33", "h4s2")):
        P.place_garment(g, 0, gid, sp)
    P.mid_turn(g, 0, "S14")
    P.run(g, "main:finance", "finance:mu5")
    assert g.s.all_halls[0] == 0
    assert g.s.players[0].livres == 15 - 5
