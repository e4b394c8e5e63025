"""The all-halls bonus (RULES.md §9) and Phase 4 income (§10).

Board side "1, 2 & 3": the all-halls ladder is worth 6 / 4 / 2 VP (most valuable first);
kitchen left kl1/kl2, kitchen right kr1/kr2, statues st1-st3, musicians mu1-mu5 (mu5 costs 5).
"""

from __future__ import annotations

import pytest

from salon.core.events import Event
from salon.rococo.game import Rococo
from salon.rococo.rules.income import income
from salon.rococo.state import EMPTY
from tests.rococo import positions as P

FOUR_HALLS = (("G30", "h1s2"), ("G31", "h2s2"), ("G32", "h3s2"), ("G33", "h4s2"))


def present_in_halls_1_to_4(g: Rococo, seat: int) -> None:
    for gid, sp in FOUR_HALLS:
        P.place_garment(g, seat, gid, sp)


def rent_g01(g: Rococo, seat: int, card: str, space: str) -> list[Event]:
    """``seat`` plays ``card`` and rents G01 (2 blue, free window) on ``space``."""
    P.set_windows(g, [None, None, None, None, None, "G01"])
    P.give_tiles(g, seat, ["R13"])
    P.mid_turn(g, seat, card)
    return P.run(g, "main:tailor", "garment:G01", "give:R13", f"rent:{space}")


# --------------------------------------------------------------------------------------------
# §9 all-halls bonus


def test_presence_by_garments_or_musician_R_HALLS_1() -> None:
    """R-HALLS-1: a garment or the hall's musician makes a player present; four halls are not
    enough, and another player's garment in the fifth does not count."""
    g = P.new_game(2)
    present_in_halls_1_to_4(g, 0)
    P.place_garment(g, 1, "G34", "h5s3")
    P.mid_turn(g, 0, "S11")
    P.run(g, "main:finance", "finance:mu1")  # checks presence: halls 1-4 only
    assert g.s.all_halls == [EMPTY] * 3
    P.mid_turn(g, 0, "S12")
    P.run(g, "main:finance", "finance:mu5")
    assert g.s.all_halls == [0, EMPTY, EMPTY]


def test_marker_on_most_valuable_free_space_R_HALLS_2() -> None:
    """R-HALLS-2: on completing the five halls the marker goes at once to the most valuable
    free space (6 taken -> 4 VP), and scores at the end."""
    g = P.new_game(3)
    present_in_halls_1_to_4(g, 0)
    g.s.all_halls[0] = 2
    events = rent_g01(g, 0, "S11", "h5s1")
    assert g.s.all_halls == [2, 0, EMPTY]
    assert [(e.seat, e.data["vp"]) for e in events if e.type == "all_halls"] == [(0, 4)]
    P.start_scoring(g)
    assert g.result().breakdown[0]["markers"] == 4 + (3 + 3 + 3 + 4 + 2)  # ladder + G30-G33, G01


def test_one_all_halls_marker_per_player_and_not_a_decoration_R_HALLS_3() -> None:
    """R-HALLS-3: a player present everywhere again gets no second space; the all-halls
    marker is not a decoration (kitchen-left income ignores it)."""
    g = P.new_game(2)
    present_in_halls_1_to_4(g, 0)
    P.set_decoration(g, 0, "kl1")
    rent_g01(g, 0, "S11", "h5s1")
    assert g.s.all_halls == [0, EMPTY, EMPTY]
    P.place_garment(g, 0, "G35", "h5s3")
    P.mid_turn(g, 0, "S12")
    P.run(g, "main:finance", "finance:mu3")
    assert g.s.all_halls == [0, EMPTY, EMPTY]
    assert income(g.s, 0) == 5 + 2  # kl1 and mu3; the all-halls marker does not count
    P.assert_valid(g)


def test_nothing_when_the_ladder_is_full_R_HALLS_4() -> None:
    """R-HALLS-4: with no free all-halls space nothing happens (the rental itself stands).
    The packaged boards have a space for every seat, so the full ladder is laid out by hand
    (seat 1 on every space; a position the conservation check would reject)."""
    g = P.new_game(2)
    present_in_halls_1_to_4(g, 0)
    g.s.all_halls[:] = [1, 1, 1]
    events = rent_g01(g, 0, "S11", "h5s1")
    assert g.s.all_halls == [1, 1, 1]
    assert not [e for e in events if e.type == "all_halls"]
    assert g.s.guest_owner[g.s.t.space_index["h5s1"]] == 0
    assert (g.decision()["kind"], g.current_player()) == ("play", 1)


def test_presence_checked_for_the_acting_player_only_R_HALLS_4() -> None:
    """R-HALLS-4: the check follows a garment placement or musician financing of the acting
    player; other actions (a statue) trigger nothing even for someone present everywhere."""
    g = P.new_game(2)
    present_in_halls_1_to_4(g, 1)
    P.place_garment(g, 1, "G34", "h5s3")
    P.set_money(g, 1, livres=30)
    rent_g01(g, 0, "S11", "h5s1")
    assert g.s.all_halls == [EMPTY] * 3
    P.mid_turn(g, 1, "S21")
    P.run(g, "main:finance", "finance:st1")
    assert g.s.all_halls == [EMPTY] * 3
    P.mid_turn(g, 1, "S22")
    P.run(g, "main:finance", "finance:mu2")
    assert g.s.all_halls == [1, EMPTY, EMPTY]


# --------------------------------------------------------------------------------------------
# §10 Phase 4 income


def test_income_only_after_phase3_ends_R_PH4_1() -> None:
    """R-PH4-1: no income while any hand holds a card; all of it once the last card is done."""
    g = P.new_game(2)
    P.finish_phase2(g)
    for _ in range(5):
        g.apply(g.legal_actions()[0])
        P.skip_turn(g)
        assert [p.livres for p in g.s.players] == [15, 15]
    g.apply(g.legal_actions()[0])
    events = P.skip_turn(g)
    assert [(e.seat, e.data["amount"]) for e in events if e.type == "livres" and e.data["why"] == "income"] == [
        (0, 5), (1, 5)]
    assert g.s.round == 2


@pytest.mark.parametrize("players", [2, 5])
def test_everyone_gains_five_R_PH4_2(players: int) -> None:
    """R-PH4-2: every player gains 5 livres, whatever they own."""
    g = P.new_game(players)
    P.set_money(g, 1, livres=0)
    P.end_phase3(g)
    assert [p.livres for p in g.s.players] == [20, 5] + [20] * (players - 2)


def test_kitchen_left_pays_per_decoration_R_PH4_3() -> None:
    """R-PH4-3: a kitchen-left marker adds 1 livre per own decoration marker, kitchen markers
    included (kl1 + kr1 + 2 statues + 1 musician = 5); garments add nothing here."""
    g = P.new_game(2)
    for d in ("kl1", "kr1", "st1", "st2", "mu3"):
        P.set_decoration(g, 0, d)
    P.set_decoration(g, 1, "st3")
    P.set_money(g, 0, livres=0)
    P.end_phase3(g)
    assert g.s.players[0].livres == 5 + 5 + 0  # kr1 pays for rented garments: none


def test_kitchen_right_pays_per_rented_garment_R_PH4_4() -> None:
    """R-PH4-4: a kitchen-right marker adds 1 livre per own garment in the halls."""
    g = P.new_game(2)
    P.set_decoration(g, 0, "kr2")
    for gid, sp in (("G01", "h1s1"), ("G02", "h2s1"), ("G14", "h1s4"), ("G15", "h5s1")):
        P.place_garment(g, 0, gid, sp)
    P.place_garment(g, 1, "G16", "h3s1")
    P.set_money(g, 0, livres=0)
    P.end_phase3(g)
    assert g.s.players[0].livres == 5 + 4


def test_all_halls_marker_counts_for_no_kitchen_R_PH4_5() -> None:
    """R-PH4-5: all-halls markers count neither as decorations nor as garments."""
    g = P.new_game(2)
    for d in ("kl1", "kr1"):
        P.set_decoration(g, 0, d)
    g.s.all_halls[0] = 0
    P.set_money(g, 0, livres=0)
    P.end_phase3(g)
    assert g.s.players[0].livres == 5 + 2 + 0


def test_income_paid_in_round_seven_before_scoring_R_PH4_7() -> None:
    """R-PH4-7: round 7 pays income too, before the money conversion of final scoring
    (5 livres + 5 income = 1 VP, 0 left)."""
    g = P.new_game(2)
    for _ in range(6):
        P.end_phase3(g)
    P.set_money(g, 0, livres=5)
    P.set_money(g, 1, livres=4)
    P.end_phase3(g)
    r = g.result()
    assert r.breakdown[0]["money"] == 1 and r.tie_break[0] == 0
    assert "money" not in r.breakdown[1] and r.tie_break[1] == 9


def test_income_fixture_georg_eva_maik_TV_4() -> None:
    """TV-4 / R-PH4-8: Georg (no kitchen) 5; Eva (right kitchen, 3 garments) 5 + 3 = 8; Maik
    (left and right kitchen and a statue, 1 garment) 5 + 3 + 1 = 9."""
    g = P.new_game(3)
    georg, eva, maik = 0, 1, 2
    P.place_garment(g, georg, "G20", "h4s2")
    P.set_decoration(g, georg, "st3")
    P.set_decoration(g, eva, "kr1")
    for gid, sp in (("G01", "h1s1"), ("G02", "h2s2"), ("G03", "h3s2")):
        P.place_garment(g, eva, gid, sp)
    for d in ("kl1", "kr2", "st1"):
        P.set_decoration(g, maik, d)
    P.place_garment(g, maik, "G14", "h5s1")
    for seat in (georg, eva, maik):
        P.set_money(g, seat, livres=0)
    P.end_phase3(g)
    assert [p.livres for p in g.s.players] == [5, 8, 9]
    P.assert_valid(g)
