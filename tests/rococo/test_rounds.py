"""Round structure (RULES.md §4), Phase 1 (§5) and Phase 2 (§6).

Phase 1 runs automatically when a round starts; the tests lay out a position at the end of
Phase 3 (``positions.end_phase3``) and read what the next round's Phase 1 made of it.
"""

from __future__ import annotations

import pytest

from salon.bots.base import make_bot
from salon.core.errors import IllegalAction
from salon.core.events import Event
from salon.rococo.game import Rococo
from salon.rococo.rules.registry import advance
from salon.rococo.rules.setup import new_state
from salon.rococo.state import EMPTY
from salon.rococo.tables import tables
from tests.rococo import positions as P

# --------------------------------------------------------------------------------------------
# §4 round structure


def play_random_game(players: int, seed: int) -> list[tuple[int, list[Event]]]:
    """Play a whole game with random bots; returns (round when applied, events) per action."""
    g = P.new_game(players, seed=seed)
    bot = make_bot("random", seed)
    log: list[tuple[int, list[Event]]] = [(1, [])]
    while not g.is_over():
        r = g.s.round
        log.append((r, g.apply(bot.choose(g))))
        assert g.s.round >= r
    return log


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 8)])
def test_seven_rounds_of_four_phases_then_final_scoring_R_ROUND_1_R_ROUND_2_R_ROUND_3(players: int, seed: int) -> None:
    """R-ROUND-1, R-ROUND-2, R-ROUND-3: exactly 7 rounds, each Phase 1 -> 2 -> 3 -> 4 in order; after the income
    of round 7 (R-PH4-7) final scoring runs and the game ends."""
    marks: list[tuple[str, int]] = []
    for _, events in play_random_game(players, seed):
        for e in events:
            if e.type == "round":
                marks.append(("1", e.data["round"]))
            elif e.type in ("card_picked", "hand_taken", "supply_recycled"):
                marks.append(("2", 0))
            elif e.type == "played":
                marks.append(("3", 0))
            elif e.type == "livres" and e.data["why"] == "income":
                marks.append(("4", 0))
            elif e.type == "scored":
                marks.append(("end", 0))
    # collapse runs of the same phase
    phases: list[tuple[str, int]] = []
    for m in marks:
        if not phases or phases[-1][0] != m[0]:
            phases.append(m)
    rounds = [r for ph, r in phases if ph == "1"]
    assert rounds == [2, 3, 4, 5, 6, 7]  # round 1's Phase 1 ran inside Rococo.new
    expected = ["2", "3", "4"] + ["1", "2", "3", "4"] * 6 + ["end"]
    assert [ph for ph, _ in phases] == expected
    incomes = [m for m in marks if m[0] == "4"]
    assert len(incomes) == 7 * players


def test_round_seven_ends_the_game_when_the_deck_is_empty_R_ROUND_3() -> None:
    """R-ROUND-3: round 7 is the round in which the employee deck runs out; after its Phase 4
    the game is over, never an eighth round."""
    g = P.new_game(2)
    for _ in range(6):
        P.end_phase3(g)
    assert g.s.round == 7 and g.s.deck == []
    P.end_phase3(g)
    assert g.is_over()
    assert g.s.round == 7
    assert g.result().scores == tuple(p.vp for p in g.s.players)


@pytest.mark.parametrize("players", [2, 5])
def test_display_level_matches_round_R_ROUND_4(players: int) -> None:
    """R-ROUND-4: round r reveals 2 cards of level r-1 and 2 of level r (round 1: 4 of level
    I); the highest level equals r for r <= 6; round 7 reveals the last 4 level-VI cards."""
    g = P.new_game(players, seed=players)
    for r in range(1, 8):
        assert g.s.round == r
        levels = sorted(g.s.t.cards[c].level for c in g.s.display)
        if r == 1:
            assert levels == [1, 1, 1, 1]
        elif r <= 6:
            assert levels == [r - 1, r - 1, r, r]
            assert max(levels) == r
        else:
            assert levels == [6, 6, 6, 6]
            assert g.s.deck == []
        if r < 7:
            P.end_phase3(g)


# --------------------------------------------------------------------------------------------
# §5 Phase 1, step A


def test_step_a_skipped_in_round_one_R_PH1_A_1() -> None:
    """R-PH1-A-1: round 1 has no step A: even a favour tile lying with a seat before round 1
    would not move the start player."""
    cfg = Rococo.parse_config({"players": 2, "start_player": 0})
    s = new_state(cfg, tables(cfg.side, cfg.players), 0)
    s.favour = 1
    advance(s)
    assert s.round == 1
    assert s.start_player == 0
    assert s.favour == 1


def test_favour_holder_becomes_start_player_R_PH1_A_2_R_ACT_FAVOUR_4() -> None:
    """R-PH1-A-2 / R-ACT-FAVOUR-4: whoever won the favour in a round becomes start player at
    the next step A and returns the tile; Phase 2 and Phase 3 then start with that seat."""
    g = P.new_game(3, start_player=0)
    P.mid_turn(g, 2, "S31")
    P.run(g, "main:favour")
    assert g.s.favour == 2
    P.end_phase3(g)
    assert g.s.round == 2
    assert g.s.start_player == 2
    assert g.s.favour == EMPTY
    assert g.current_player() == 2  # the first Phase 2 pick
    P.finish_phase2(g)
    assert (g.decision()["kind"], g.current_player()) == ("play", 2)


def test_start_player_unchanged_without_favour_R_PH1_A_3() -> None:
    """R-PH1-A-3: if nobody took the favour, the start player stays."""
    g = P.new_game(3, start_player=1)
    P.end_phase3(g)
    assert g.s.round == 2 and g.s.start_player == 1
    assert g.current_player() == 1


# --------------------------------------------------------------------------------------------
# §5 Phase 1, step B


def test_display_leftovers_removed_and_four_new_revealed_R_PH1_B_1_R_PH1_B_2() -> None:
    """R-PH1-B-1: cards left in the display leave the game (box, no pile); R-PH1-B-2: the top
    4 cards of the deck are revealed."""
    g = P.new_game(2)
    s = g.s
    leftovers = [c for c in s.display if c != EMPTY][:3]
    P.move_card(g, 0, s.t.cards[[c for c in s.display if c != EMPTY][3]].id, "hand")  # one was hired
    top4 = s.deck[-4:]
    deck_before = len(s.deck)
    P.end_phase3(g)
    assert sorted(s.display) == sorted(top4)
    assert len(s.deck) == deck_before - 4
    assert all(c in s.boxed for c in leftovers)
    for p in s.players:
        assert not set(leftovers) & set(p.supply + p.hand + p.discard)
    P.assert_valid(g)


# --------------------------------------------------------------------------------------------
# §5 Phase 1, step C


def hoard_tiles(g: Rococo, keep: list[str]) -> None:
    """Empty the drawers and put every resource tile except ``keep`` into seat 1's rack, so
    that only ``keep`` is left, in the bag."""
    P.set_drawers(g, [[None] * 3] * 3)
    P.give_tiles(g, 1, [t.id for t in g.s.t.ds.tiles if t.id not in keep])
    assert sorted(g.s.res_bag) == sorted(P.tile(g, t) for t in keep)


def test_tiles_in_drawers_stay_and_gaps_fill_R_PH1_C_1_R_PH1_C_2() -> None:
    """R-PH1-C-1: tiles still in the drawers stay on their spaces; R-PH1-C-2: every empty
    space is filled from the bag."""
    g = P.new_game(2)
    P.set_drawers(g, [["R01", None, "R02"], [None, None, None], [None, "R03", None]])
    bag_before = len(g.s.res_bag)
    P.end_phase3(g)
    d = g.s.drawers
    assert (d[0], d[2], d[7]) == (P.tile(g, "R01"), P.tile(g, "R02"), P.tile(g, "R03"))
    assert EMPTY not in d
    assert len(g.s.res_bag) == bag_before - 6
    P.assert_valid(g)


def test_drawers_fill_drawer_by_drawer_left_to_right_R_PH1_C_2_R_PH1_C_4() -> None:
    """R-PH1-C-2 (order per A-11: drawer 1 -> 3, each left -> right) and R-PH1-C-4: with too
    few tiles the first empty spaces in that order are filled and the rest stay empty."""
    g = P.new_game(2)
    hoard_tiles(g, ["R10", "R20"])
    P.end_phase3(g)
    d = g.s.drawers
    assert sorted(d[:2]) == sorted([P.tile(g, "R10"), P.tile(g, "R20")])
    assert d[2:] == [EMPTY] * 7
    assert g.s.res_bag == []
    P.assert_valid(g)


def test_empty_bag_refilled_from_resource_discard_R_PH1_C_3() -> None:
    """R-PH1-C-3: when the bag runs dry the resource discard is put back into the bag and
    drawing goes on."""
    g = P.new_game(2)
    hoard_tiles(g, ["R10", "R20", "R30", "R40"])
    for tid in ("R30", "R40"):  # already used: on the resource discard
        x = P.tile(g, tid)
        g.s.res_bag.remove(x)
        g.s.res_discard.append(x)
    P.refresh(g)
    P.end_phase3(g)
    d = g.s.drawers
    assert sorted(d[:4]) == sorted(P.tile(g, t) for t in ("R10", "R20", "R30", "R40"))
    assert d[4:] == [EMPTY] * 5
    assert g.s.res_bag == [] and g.s.res_discard == []
    P.assert_valid(g)


# --------------------------------------------------------------------------------------------
# §5 Phase 1, step D (4-player board: 8 windows, enough guest spaces to empty the bag)


def park_garments(g: Rococo, keep: set[str]) -> None:
    """Put every garment of the bag not in ``keep`` onto seat 1's guest spaces (a 4-player
    board has 36), so the bag holds only what ``keep`` names."""
    s = g.s
    free = [sp.id for sp in s.t.ds.board.guest_spaces]
    for x in list(s.gar_bag):
        if s.t.ds.garments[x].id not in keep:
            P.place_garment(g, 1, s.t.ds.garments[x].id, free.pop())


def test_dark_windows_expire_rest_shift_right_R_PH1_D_1_R_PH1_D_2() -> None:
    """R-PH1-D-1: tiles on the 2 rightmost windows go to the garment discard; R-PH1-D-2: the
    others slide as far right as possible keeping their order."""
    g = P.new_game(4)
    P.set_windows(g, ["G01", None, "G14", None, "G27", None, "G37", "G40"])
    P.end_phase3(g)
    w = [g.s.t.ds.garments[x].id if x != EMPTY else None for x in g.s.windows]
    assert w[-3:] == ["G01", "G14", "G27"]
    assert sorted(g.s.t.ds.garments[x].id for x in g.s.gar_discard) == ["G37", "G40"]
    assert None not in w
    P.assert_valid(g)


def test_windows_fill_right_to_left_and_leftmost_stay_empty_R_PH1_D_3_R_PH1_D_4() -> None:
    """R-PH1-D-3: empty windows fill from right to left; R-PH1-D-4: if the bag and the
    discard run out, the leftmost windows stay empty."""
    g = P.new_game(4)
    P.set_windows(g, ["G01", "G02", "G03", "G04", "G05", "G06", None, None])
    park_garments(g, {"G20"})
    assert [g.s.t.ds.garments[x].id for x in g.s.gar_bag] == ["G20"] and g.s.gar_discard == []
    P.end_phase3(g)
    w = [g.s.t.ds.garments[x].id if x != EMPTY else None for x in g.s.windows]
    assert w == [None, "G20", "G01", "G02", "G03", "G04", "G05", "G06"]
    P.assert_valid(g)


def test_garment_discard_recycled_when_bag_empty_R_PH1_D_4() -> None:
    """R-PH1-D-4: when the bag is empty the garment discard (the expired tiles included) goes
    back into the bag and drawing continues."""
    g = P.new_game(4)
    P.set_windows(g, ["G01", "G02", "G03", "G04", "G05", "G06", "G07", "G08"])
    park_garments(g, {"G20"})
    P.end_phase3(g)
    s = g.s
    w = [s.t.ds.garments[x].id if x != EMPTY else None for x in s.windows]
    assert w[1:] == ["G20", "G01", "G02", "G03", "G04", "G05", "G06"]
    assert w[0] in ("G07", "G08")
    assert sorted(s.t.ds.garments[x].id for x in s.gar_bag + [s.windows[0]]) == ["G07", "G08"]
    assert s.gar_discard == []
    P.assert_valid(g)


# --------------------------------------------------------------------------------------------
# §6 Phase 2


def ids(g: Rococo, cards: list[int]) -> list[str]:
    return sorted(g.s.t.cards[c].id for c in cards)


def test_choice_is_secret_and_complete_before_any_play_R_PH2_1() -> None:
    """R-PH2-1 / A-57: a pick is hidden from the other seats (events and observation), and
    Phase 3 starts only once every player holds 3 cards."""
    g = P.new_game(3, start_player=0)
    events = g.apply("pick:S12")
    picked = [e for e in events if e.type == "card_picked"]
    assert picked and picked[0].view(0)["card"] == "S12"
    assert "card" not in picked[0].view(1) and "card" not in picked[0].view(None)
    for viewer in (1, 2, None):
        assert "hand" not in g.observe(viewer)["players"][0]
    kinds = []
    while g.decision()["kind"] == "hand":
        kinds.append(g.current_player())
        g.apply(g.legal_actions()[0])
    assert kinds == [0, 0, 1, 1, 1, 2, 2, 2]
    assert g.decision()["kind"] == "play"
    assert [len(p.hand) for p in g.s.players] == [3, 3, 3]


def test_choose_three_from_own_supply_R_PH2_2() -> None:
    """R-PH2-2: a player chooses from their own supply only; the rest stays as supply."""
    g = P.new_game(2)
    assert sorted(g.legal_actions()) == [f"pick:S1{k}" for k in range(1, 6)]
    before = g.state_hash()
    with pytest.raises(IllegalAction) as err:
        g.apply("pick:S21")
    assert err.value.rule == "R-PH2-2"
    assert g.state_hash() == before
    P.run(g, "pick:S15", "pick:S11")
    assert g.legal_actions() == ["pick:S12", "pick:S13", "pick:S14"]
    g.apply("pick:S13")
    p = g.s.players[0]
    assert ids(g, p.hand) == ["S11", "S13", "S15"]
    assert ids(g, p.supply) == ["S12", "S14"]
    assert p.discard == []


def round_two_with(g: Rococo, supply: list[str], discard: list[str]) -> Rococo:
    """Seat 0 enters round 2's Phase 2 with this supply and discard (seat 1 with its 5 start
    cards in supply)."""
    P.set_staff(g, 0, supply=supply, discard=discard)
    P.end_phase3(g)
    assert g.s.round == 2
    return g


def test_more_than_three_in_supply_choose_any_R_PH2_3() -> None:
    """R-PH2-3 case 1 / R-PH2-4: supply 4 -> choose any 3; the discard is not recycled."""
    g = round_two_with(P.new_game(2), ["S11", "S12", "S13", "E01"], ["S14", "S15"])
    assert sorted(g.legal_actions()) == ["pick:E01", "pick:S11", "pick:S12", "pick:S13"]
    P.run(g, "pick:E01", "pick:S12", "pick:S13")
    p = g.s.players[0]
    assert ids(g, p.hand) == ["E01", "S12", "S13"]
    assert ids(g, p.supply) == ["S11"]
    assert ids(g, p.discard) == ["S14", "S15"]


def test_exactly_three_in_supply_taken_without_recycling_TV_7() -> None:
    """TV-7 / R-PH2-3 case 2 / R-PH2-4: supply exactly 3 and discard 2 -> the 3 go to hand
    without a choice, the supply is empty and the discard stays as it is."""
    g = round_two_with(P.new_game(2), ["S11", "S12", "S13"], ["S14", "S15"])
    assert g.current_player() == 1  # seat 0 had nothing to decide
    p = g.s.players[0]
    assert ids(g, p.hand) == ["S11", "S12", "S13"]
    assert p.supply == []
    assert ids(g, p.discard) == ["S14", "S15"]


def test_two_in_supply_recycles_whole_discard_TV_6() -> None:
    """TV-6 / R-PH2-6 / R-PH2-3 case 3: supply 2, discard 4 -> both supply cards go to hand,
    the entire discard becomes the supply, 1 more card is chosen from it, 3 stay as supply
    and the discard is empty (R-PH2-4: never partially)."""
    g = round_two_with(P.new_game(2), ["S11", "S12"], ["S13", "S14", "S15", "E01"])
    assert g.current_player() == 0
    assert g.decision()["picks_left"] == 1
    assert sorted(g.legal_actions()) == ["pick:E01", "pick:S13", "pick:S14", "pick:S15"]
    g.apply("pick:S14")
    p = g.s.players[0]
    assert ids(g, p.hand) == ["S11", "S12", "S14"]
    assert ids(g, p.supply) == ["E01", "S13", "S15"]
    assert p.discard == []
    assert g.current_player() == 1


def test_empty_supply_recycles_discard_and_chooses_three_R_PH2_3() -> None:
    """R-PH2-3 case 3 with 0 cards: the whole discard becomes the supply and 3 are chosen."""
    g = round_two_with(P.new_game(2), [], ["S11", "S12", "S13", "S14", "S15"])
    assert g.decision()["picks_left"] == 3
    P.run(g, "pick:S11", "pick:S12", "pick:S15")
    p = g.s.players[0]
    assert ids(g, p.hand) == ["S11", "S12", "S15"]
    assert ids(g, p.supply) == ["S13", "S14"]
    assert p.discard == []


def test_recycling_only_when_a_card_must_be_chosen_R_PH2_4() -> None:
    """R-PH2-4: an empty supply is not refilled at once: after TV-7's round the supply stays
    empty through Phase 3 and only the next Phase 2 turns the discard over."""
    g = round_two_with(P.new_game(2), ["S11", "S12", "S13"], ["S14", "S15"])
    P.finish_phase2(g)
    p = g.s.players[0]
    assert g.decision()["kind"] == "play" and p.supply == []
    P.end_phase3(g)  # hand -> discard: discard 5, supply 0
    assert g.s.round == 3
    assert g.current_player() == 0 and g.decision()["picks_left"] == 3
    assert len(p.supply) == 5 and p.discard == []


@pytest.mark.parametrize("seed", [1, 2])
def test_every_player_holds_three_cards_after_phase2_R_PH2_5(seed: int) -> None:
    """R-PH2-5: at the first play of every round each player holds exactly 3 cards."""
    g = P.new_game(3, seed=seed)
    bot = make_bot("random", seed)
    seen_rounds = set()
    while not g.is_over():
        if g.decision()["kind"] == "play" and g.s.round not in seen_rounds:
            seen_rounds.add(g.s.round)
            assert [len(p.hand) for p in g.s.players] == [3, 3, 3]
        g.apply(bot.choose(g))
    assert seen_rounds == set(range(1, 8))
