"""Phase 3 turn structure, employee types and the staff minimum (RULES.md §7).

Start cards used throughout (data/employees.toml): S<seat>1 and S<seat>2 are Masters without
bonus, S<seat>3 a Journeyman (pay 1 livre for thread or lace), S<seat>4 an Apprentice (extra
Acquire), S<seat>5 an Apprentice (gain 2 livres).
"""

from __future__ import annotations

import pytest

from salon.core.errors import ActionError, IllegalAction, MalformedAction
from salon.rococo.game import Rococo
from salon.rococo.state import EMPTY
from tests.rococo import positions as P

ALL_MAIN = ["main:favour", "main:acquire", "main:tailor", "main:hire", "main:send", "main:finance", "main:skip"]


def refused(g: Rococo, action: str, error: type[ActionError] = IllegalAction) -> str:
    """Apply an action that must be refused; the state must not change.  Returns the rule."""
    before = g.state_hash()
    legal = list(g.legal_actions())
    with pytest.raises(error) as err:
        g.apply(action)
    assert g.state_hash() == before
    assert g.legal_actions() == legal
    return err.value.rule


def rich(g: Rococo, seat: int = 0) -> None:
    """Every main action is possible for a Master: money, silk for G01 (2 blue), a free
    favour, a full display, drawers, free decorations and a staff of 5."""
    P.set_money(g, seat, livres=100, thread=3, lace=3)
    P.give_tiles(g, seat, ["R13"])
    P.set_windows(g, ["G01", None, None, None, None, "G14"])


def test_turn_order_clockwise_from_start_player_skipping_empty_hands_R_PH3_1() -> None:
    """R-PH3-1: from the start player clockwise, each player with a card plays one; players
    with an empty hand are skipped."""
    g = P.new_game(3, start_player=1)
    P.finish_phase2(g)
    for c in list(g.s.players[2].hand):
        P.move_card(g, 2, g.s.t.cards[c].id, "discard")
    for c in list(g.s.players[0].hand)[1:]:
        P.move_card(g, 0, g.s.t.cards[c].id, "discard")
    order = []
    while g.decision()["kind"] == "play":
        seat = g.current_player()
        assert seat is not None
        order.append(seat)
        assert g.legal_actions() == [f"play:{g.s.t.cards[c].id}" for c in g.s.players[seat].hand]
        g.apply(g.legal_actions()[0])
        P.skip_turn(g)
    assert order == [1, 0, 1, 1]


def test_phase3_ends_when_all_hands_are_empty_R_PH3_2() -> None:
    """R-PH3-2: as soon as nobody holds a card Phase 3 ends (income, next round); not before."""
    g = P.new_game(2)
    P.finish_phase2(g)
    plays = 0
    while g.s.round == 1:
        assert [p.livres for p in g.s.players] == [15, 15]
        seat = g.current_player()
        assert seat is not None
        assert any(p.hand for p in g.s.players) or g.s.players[seat].in_play != EMPTY
        g.apply(g.legal_actions()[0])
        plays += 1
        P.skip_turn(g)
    assert plays == 6
    assert [p.livres for p in g.s.players] == [20, 20]
    assert g.decision()["kind"] == "hand"


def test_hired_card_extends_the_turns_of_the_round_R_PH3_3() -> None:
    """R-PH3-3 / R-ACT-HIRE-3: a card hired in Phase 3 goes to the hand and gives its owner
    another turn this round, after the other players' turns."""
    g = P.new_game(2)
    P.set_money(g, 0, livres=20)
    P.mid_turn(g, 0, "S11")
    hired = g.s.t.cards[g.s.display[0]].id
    P.run(g, "main:hire", f"hire:{hired}")
    assert [g.s.t.cards[c].id for c in g.s.players[0].hand] == [hired]
    assert (g.decision()["kind"], g.current_player()) == ("play", 1)
    g.apply(g.legal_actions()[0])
    P.skip_turn(g)
    assert (g.decision()["kind"], g.current_player()) == ("play", 0)
    assert g.legal_actions() == [f"play:{hired}"]


def test_turn_steps_play_main_bonus_discard_R_PH3_4() -> None:
    """R-PH3-4: play a card; then the main action; only afterwards the bonus; the card reaches
    the discard at the end of the turn."""
    g = P.new_game(2)
    P.run(g, "pick:S15", "pick:S11", "pick:S12")
    P.finish_phase2(g)
    g.apply("play:S15")
    p = g.s.players[0]
    s15 = P.card(g, "S15")
    assert p.in_play == s15 and s15 not in p.discard
    assert g.decision()["kind"] == "main"
    assert refused(g, "bonus:use") == "R-PH3-4"  # never before the main action
    g.apply("main:acquire")
    P.run(g, g.legal_actions()[0], "tile:keep")
    assert g.decision()["kind"] == "bonus" and g.current_player() == 0
    livres = p.livres
    g.apply("bonus:use")  # start_gain_2
    assert p.livres == livres + 2
    assert p.discard[-1] == s15 and p.in_play == EMPTY
    assert (g.decision()["kind"], g.current_player()) == ("play", 1)


def test_main_action_and_bonus_may_be_declined_but_a_card_must_be_played_R_PH3_5() -> None:
    """R-PH3-5: both the main action and the bonus may be declined (nothing changes but the
    card's place); there is no pass without playing a card."""
    g = P.new_game(2)
    P.finish_phase2(g)
    assert all(a.startswith("play:") for a in g.legal_actions())
    assert refused(g, "main:skip") == "R-PH3-1"  # a card must be played first
    g.apply("play:S13")
    assert "main:skip" in g.legal_actions()
    before = [(p.livres, p.thread, p.lace, p.vp, list(p.rack)) for p in g.s.players]
    g.apply("main:skip")
    assert g.legal_actions() == ["bonus:thread", "bonus:lace", "bonus:skip"]
    g.apply("bonus:skip")
    assert [(p.livres, p.thread, p.lace, p.vp, list(p.rack)) for p in g.s.players] == before
    assert g.s.players[0].discard == [P.card(g, "S13")]


def test_impossible_actions_not_offered_and_refused_R_PH3_6() -> None:
    """R-PH3-6: a main action whose preconditions fail is not offered, and applying it is
    refused naming the rule, with the state unchanged."""
    g = P.new_game(2)
    P.set_staff(g, 0, supply=["S11", "S12", "S13", "S14"])
    P.set_money(g, 0, livres=0)
    g.s.favour = 1
    P.set_windows(g, ["G01", None, None, None, None, "G14"])
    P.mid_turn(g, 0, "S11")
    assert g.legal_actions() == ["main:skip"]
    assert refused(g, "main:favour") in ("R-ACT-FAVOUR-2", "R-ACT-FAVOUR-3")
    assert refused(g, "main:acquire") in ("R-ACT-RES-3", "R-ACT-RES-5")
    assert refused(g, "main:tailor") in ("R-ACT-TAILOR-4", "R-ACT-TAILOR-14")
    assert refused(g, "main:hire") in ("R-ACT-HIRE-2", "R-ACT-HIRE-4", "A-53")
    assert refused(g, "main:send") == "R-STAFF-2"
    assert refused(g, "main:finance") == "R-ACT-FIN-5"


def test_start_masters_have_no_bonus_R_PH3_7() -> None:
    """R-PH3-7: after a start Master's main action no bonus is offered: the turn ends."""
    g = P.new_game(2)
    P.mid_turn(g, 0, "S12")
    events = g.apply("main:skip")
    assert (g.decision()["kind"], g.current_player()) == ("play", 1)
    assert not [e for e in events if e.type.startswith("bonus")]


@pytest.mark.parametrize("card", ["E25", "E26", "E27", "E28"])
def test_crown_apprentice_bonus_has_no_effect_in_play_R_PH3_8(card: str) -> None:
    """R-PH3-8: a level-VI crown Apprentice's bonus does nothing during the game, whether its
    main action is declined or it is sent away."""
    g = P.new_game(2)
    P.set_money(g, 0, thread=2, lace=2)
    P.mid_turn(g, 0, card)
    before = (g.s.players[0].livres, g.s.players[0].vp, g.s.players[0].thread, g.s.players[0].lace)
    g.apply("main:skip")
    assert (g.decision()["kind"], g.current_player()) == ("play", 1)
    p = g.s.players[0]
    assert (p.livres, p.vp, p.thread, p.lace) == before
    P.mid_turn(g, 0, card)
    g.apply("main:send")
    assert g.decision()["kind"] == "play"
    assert p.livres == before[0] + 4 and p.vp == before[1]


def test_played_card_counts_as_staff_until_the_end_of_the_turn_R_PH3_9() -> None:
    """R-PH3-9 / A-21: the played card stays in the staff during the turn: the level-III
    staff-size bonus (5-6 cards: 2 livres, 4: nothing) counts it with 4 other cards."""
    g = P.new_game(2)
    P.set_staff(g, 0, supply=["S11", "S12", "S13"], discard=["S14"])
    P.mid_turn(g, 0, "E11")  # Master, l3_livres_by_staff
    p = g.s.players[0]
    assert p.staff_size() == 5 and len(p.discard) == 1
    livres = p.livres
    P.run(g, "main:skip", "bonus:use")
    assert p.livres == livres + 2
    assert p.discard[-1] == P.card(g, "E11")


# --------------------------------------------------------------------------------------------
# §7.3 employee types


def test_master_may_take_all_six_main_actions_R_EMP_1() -> None:
    """R-EMP-1: a Master is offered every base main action."""
    g = P.new_game(2)
    rich(g)
    P.mid_turn(g, 0, "S11")
    assert g.legal_actions() == ALL_MAIN


def test_journeyman_never_hires_R_EMP_2() -> None:
    """R-EMP-2 / R-ACT-HIRE-1: a Journeyman is offered everything but Hire, and hiring is
    refused."""
    g = P.new_game(2)
    rich(g)
    P.mid_turn(g, 0, "S13")
    assert g.legal_actions() == [a for a in ALL_MAIN if a != "main:hire"]
    assert refused(g, "main:hire") in ("R-ACT-HIRE-1", "R-EMP-2")


@pytest.mark.parametrize("card", ["S14", "E05", "E28"])
def test_apprentice_never_favour_hire_or_tailor_R_EMP_3(card: str) -> None:
    """R-EMP-3: an Apprentice is offered only Acquire, Send away and Finance (or declining);
    the Queen's favour, Hire and Tailor are refused."""
    g = P.new_game(2)
    rich(g)
    P.mid_turn(g, 0, card)
    assert g.legal_actions() == ["main:acquire", "main:send", "main:finance", "main:skip"]
    assert refused(g, "main:favour") in ("R-ACT-FAVOUR-1", "R-EMP-3")
    assert refused(g, "main:hire") in ("R-ACT-HIRE-1", "R-EMP-3")
    assert refused(g, "main:tailor") in ("R-ACT-TAILOR-1", "R-EMP-3")


def test_granted_action_ignores_the_card_type_R_EMP_5() -> None:
    """R-EMP-5 / R-PROC-GRANT: type limits bind main actions only.  An Apprentice cannot
    tailor as main action, yet a tailoring bonus resolved during its turn (as when a bonus
    is copied) is offered; the Apprentice being the performer (A-26), the master guest
    spaces stay closed."""
    g = P.new_game(2)
    rich(g)
    P.mid_turn(g, 0, "S14")
    assert "main:tailor" not in g.legal_actions()
    assert g.s.stack[-2][0] == "bonus_stage"
    g.s.stack[-2] = ("bonus_stage", 0, P.card(g, "E08"))  # l2_tailor_less_blue_or_pink
    P.refresh(g)
    g.apply("main:skip")
    assert g.legal_actions() == ["bonus:use", "bonus:skip"]
    P.run(g, "bonus:use", "garment:G01", "give:R13")
    assert g.decision()["kind"] == "dispose"
    masters = set(P.spaces(g, master=True))
    offered = {a[5:] for a in g.legal_actions() if a.startswith("rent:")}
    assert offered == set(P.spaces(g, master=False))
    assert not offered & masters


# --------------------------------------------------------------------------------------------
# §7.4 staff


def test_staff_counts_every_own_card_but_not_display_or_box_R_STAFF_1() -> None:
    """R-STAFF-1: supply + hand + discard + the played card; a hired card joins the staff,
    a sent-away card leaves it, display cards never count."""
    g = P.new_game(2)
    P.set_staff(g, 0, supply=["S12", "S13"], hand=["S14"], discard=["S15"])
    P.set_money(g, 0, livres=20)
    P.mid_turn(g, 0, "S11")
    p = g.s.players[0]
    assert p.staff_size() == 5
    hired = g.s.t.cards[g.s.display[0]].id
    P.run(g, "main:hire", f"hire:{hired}")
    assert p.staff_size() == 6
    assert g.observe(1)["players"][0]["staff_size"] == 6
    P.mid_turn(g, 0, "S13")
    g.apply("main:send")
    g.apply("bonus:skip")
    assert p.staff_size() == 5
    assert P.card(g, "S13") in g.s.boxed


def test_send_away_refused_at_staff_four_legal_at_five_TV_16() -> None:
    """TV-16 / R-STAFF-2 / R-ACT-SEND-3: with 4 employees sending away is not offered and is
    refused (R-STAFF-2); with 5 it is legal and leaves 4."""
    g = P.new_game(2)
    P.set_staff(g, 0, supply=["S12", "S13", "S14"])
    P.mid_turn(g, 0, "S11")
    assert g.s.players[0].staff_size() == 4
    assert "main:send" not in g.legal_actions()
    assert refused(g, "main:send") == "R-STAFF-2"

    g = P.new_game(2)
    P.set_staff(g, 0, supply=["S12", "S13", "S14", "S15"])
    P.mid_turn(g, 0, "S11")
    assert "main:send" in g.legal_actions()
    g.apply("main:send")
    assert g.s.players[0].staff_size() == 4
    P.assert_valid(g)


@pytest.mark.parametrize("card", ["E04", "E09"])
def test_dismissal_bonuses_respect_the_minimum_R_STAFF_2(card: str) -> None:
    """R-STAFF-2: the dismissal bonuses (l1_dismiss_use_bonus, l2_dismiss_for_cash) are not
    offered at 4 employees; at 5 they may send away any card of the staff, the played one
    included."""
    g = P.new_game(2)
    P.set_staff(g, 0, supply=["S12", "S13", "S14"])
    P.mid_turn(g, 0, card)
    g.apply("main:skip")
    assert (g.decision()["kind"], g.current_player()) == ("play", 1)

    g = P.new_game(2)
    P.set_staff(g, 0, supply=["S12", "S13", "S14", "S15"])
    P.mid_turn(g, 0, card)
    g.apply("main:skip")
    targets = [f"dismiss:{c}" for c in ("S12", "S13", "S14", "S15", card)]
    assert sorted(g.legal_actions()) == sorted(["bonus:skip", *targets])


def test_send_away_then_dismissal_cannot_break_the_minimum_R_STAFF_2() -> None:
    """R-STAFF-2 "at all times": a card sent away by the main action still counts while its
    dismissal bonus resolves, but it is leaving: it is no second target, and at 5 employees no
    other card may go either, so the bonus has nothing to offer; at 6 the others may."""
    g = P.new_game(2)
    P.set_staff(g, 0, supply=["S12", "S13", "S14", "S15"])
    P.mid_turn(g, 0, "E04")
    g.apply("main:send")
    assert g.decision()["kind"] != "bonus"
    assert g.s.players[0].staff_size() == 4
    g = P.new_game(2)
    P.set_staff(g, 0, supply=["S11", "S12", "S13", "S14", "S15"])
    P.mid_turn(g, 0, "E04")
    g.apply("main:send")
    assert "dismiss:E04" not in g.legal_actions() and "dismiss:S12" in g.legal_actions()


def test_last_master_may_be_sent_away_R_STAFF_4() -> None:
    """R-STAFF-4: keeping a Master is advice only: the only Master may be sent away."""
    g = P.new_game(2)
    P.set_staff(g, 0, supply=["S13", "S14", "S15", "E05"])
    P.mid_turn(g, 0, "S11")
    g.apply("main:send")
    staff = [g.s.t.cards[c] for c in g.s.players[0].staff()]
    assert len(staff) == 4 and all(c.type != "master" for c in staff)


@pytest.mark.parametrize("card", ["S13", "E03"])
def test_start_and_hired_employees_equally_sent_away_R_STAFF_5(card: str) -> None:
    """R-STAFF-5: a start Journeyman and a hired Journeyman are sent away alike (7 livres)."""
    g = P.new_game(2)
    P.set_staff(g, 0, supply=["S11", "S12", "S14", "S15"])
    P.mid_turn(g, 0, card)
    livres = g.s.players[0].livres
    g.apply("main:send")
    assert g.s.players[0].livres == livres + 7


# --------------------------------------------------------------------------------------------
# malformed texts


@pytest.mark.parametrize("text", ["", "hello", "dance:now", "tile:nothing", "pick:S99", 42, None])
def test_malformed_text_raises_malformed_action(text: object) -> None:
    """Text that is not an action of this game at all raises MalformedAction (rule
    PROTOCOL) and changes nothing."""
    g = P.new_game(2)
    P.mid_turn(g, 0, "S11")
    assert refused(g, text, MalformedAction) == "PROTOCOL"  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["tile:keep", "pick:S11", "bonus:skip"])
def test_an_action_of_another_decision_names_the_turn_structure(text: str) -> None:
    """R-PH3-4: a well-formed action that belongs to another step of the turn is illegal now."""
    g = P.new_game(2)
    P.mid_turn(g, 0, "S11")
    assert refused(g, text) == "R-PH3-4"


@pytest.mark.parametrize(("kind", "text"), [("play", "play:S99"), ("main", "main:dance"), ("main", "main")])
def test_unknown_names_raise_malformed_action(kind: str, text: str) -> None:
    """An action naming no component or main action of the game is malformed, not illegal
    (salon.core.errors: MalformedAction is text that is not an action of this game at all)."""
    g = P.new_game(2)
    P.finish_phase2(g)
    if kind == "main":
        g.apply(g.legal_actions()[0])
    assert g.decision()["kind"] == kind
    assert refused(g, text, MalformedAction) == "PROTOCOL"
