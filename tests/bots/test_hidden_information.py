"""Secrets the heuristic bot's determinized copy and its evaluation must not hold.

Each test builds two games that the deciding seat observes identically (same
``observe(seat)``, same legal actions) but that differ in one secret.  A fair ``determinize``
gives both the same copy for the same generator (it "depends only on what the seat knows and on
the generator", salon.rococo.resample), and ``evaluate`` gives both the same value.  Each test
names the secret and the rule that makes it secret.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from salon.core.rng import Rng
from salon.rococo.evaluation import evaluate
from salon.rococo.game import Rococo
from salon.rococo.invariants import check
from tests.rococo import positions as P

SEEDS = (1, 2, 3)


def seen_alike(a: Rococo, b: Rococo, seat: int) -> None:
    """Both positions are valid, really differ, and ``seat`` cannot tell them apart."""
    assert check(a.s) == [] and check(b.s) == []
    assert a.state_hash() != b.state_hash()
    assert a.current_player() == b.current_player() == seat
    assert a.observe(seat) == b.observe(seat)
    assert a.legal_actions() == b.legal_actions()


def same_samples(a: Rococo, b: Rococo, seat: int, part: Callable[[Rococo], object] | None = None) -> None:
    """The copies made with the same generator are identical; ``part`` first names the piece of
    the copy where the secret shows (for a readable failure)."""
    for k in SEEDS:
        da, db = a.determinize(seat, Rng(k)), b.determinize(seat, Rng(k))
        if part is not None:
            assert part(da) == part(db), k
        assert da.state_hash() == db.state_hash(), k


# --------------------------------------------------------------------------------------------
# Jewelry Box: the exam stacks (R-JB-SETUP-2/3, R-JB-EXAM-J-3, R-JB-EXAM-M-3)


@pytest.mark.parametrize("level,stack", [(2, "j_stack"), (5, "m_stack")])
def test_exam_stack_and_the_deck_packet_it_fed_are_resampled_together_R_JB_SETUP_2_3(level: int, stack: str) -> None:
    """R-JB-SETUP-2/3: the exam stack is shuffled face down and its top 2 cards go, face down,
    into the level-II (level-V) packet of the employee deck.  Until those packets are revealed
    nobody knows which 2 of the 11 exam cards are in the deck and which 9 in the stack:
    swapping a deck card with a stack card must not change the copy."""
    g = P.new_game(3, 3, expansions=["all"])
    s = g.s
    cards = s.t.cards
    assert s.round == 1 and g.current_player() == 0
    kind = "journeyman" if level == 2 else "master"
    in_deck = next(c for c in s.deck if cards[c].level == level and cards[c].type == kind)
    b = g.clone()
    bs = b.s
    pile = getattr(bs, stack)
    out = pile[0]
    bs.deck[bs.deck.index(in_deck)], pile[0] = out, in_deck
    P.refresh(b)
    seen_alike(g, b, 0)
    same_samples(g, b, 0, lambda d: sorted(cards[c].id for c in d.s.deck if cards[c].level == level))


def test_another_seats_exam_card_is_resampled_with_the_stack_R_JB_EXAM_J_3() -> None:
    """R-JB-EXAM-J-3 (4): after its Journeyman exam seat 1 took one card of the stack into its
    hand, which is secret (R-SETUP-12), and returned the rest face down.  Seat 0 cannot know
    which card seat 1 took: the copy deals it again from the stack."""
    g = P.new_game(3, 5, expansions=["jewelry_box"])
    P.finish_phase2(g)
    s = g.s
    took, left = s.j_stack[0], s.j_stack[1]
    s.j_stack.remove(took)
    s.players[1].hand.append(took)
    s.promoted.append(took)
    s.players[1].exam = 1  # its start marker moved on to the Master exam
    P.refresh(g)
    b = g.clone()
    bs = b.s
    bs.players[1].hand[-1] = left
    bs.j_stack[bs.j_stack.index(left)] = took
    bs.promoted = [left]
    P.refresh(b)
    seen_alike(g, b, 0)
    same_samples(g, b, 0, lambda d: sorted(d.s.t.cards[c].id for c in d.s.j_stack))


# --------------------------------------------------------------------------------------------
# solo: Madame du Barry's face-down exam cards (R-SOLO-EXAM-J (3), R-SOLO-EXAM-M, A-3)


def madame_after_master_exam(crown_in_staff: bool) -> Rococo:
    """Solo with the Jewelry Box, the human (seat 0) to play a card.  Madame du Barry holds 2
    statues and has passed a Master exam, which put a random Master-stack card face down into
    her staff (secret, R-SOLO-EXAM-M).  That card is E36 (crown card ``nm_end_vp_per_dec``) or
    E30 (no crown); the other one is still in the Master stack."""
    g = P.solo_game(4, expansions=["jewelry_box"])
    P.finish_phase2(g)
    s = g.s
    for d in P.decorations(g, "statue")[:2]:
        P.set_decoration(g, 1, d)
    crown, plain = P.card(g, "E36"), P.card(g, "E30")
    assert s.t.cards[crown].bonus == "nm_end_vp_per_dec" and crown in s.m_stack and plain in s.m_stack
    taken = crown if crown_in_staff else plain
    s.m_stack.remove(taken)
    s.players[1].supply.append(taken)
    s.promoted.append(taken)
    s.players[1].master_exams = 1
    return P.refresh(g)


def test_madame_du_barrys_face_down_exam_card_is_resampled_R_SOLO_EXAM_M() -> None:
    """R-SOLO-EXAM-M / R-SOLO-EXAM-J (3): the card of the exam stack goes face down to her
    staff, secret (A-3: "her staff is face down and partly secret"): the copy deals it again
    from the stack."""
    a, b = madame_after_master_exam(True), madame_after_master_exam(False)
    seen_alike(a, b, 0)
    same_samples(a, b, 0, lambda d: sorted(d.s.t.cards[c].id for c in d.s.m_stack))


def test_evaluation_does_not_read_madame_du_barrys_face_down_exam_card_R_SOLO_EXAM_M() -> None:
    """Her crown cards count "as they would score now" (``_madame_crowns``), but not the
    face-down exam card: with 2 decorations a secret ``nm_end_vp_per_dec`` Master would be
    worth 2 points to her, which the human cannot know."""
    a, b = madame_after_master_exam(True), madame_after_master_exam(False)
    seen_alike(a, b, 0)
    assert evaluate(a, 0) == pytest.approx(evaluate(b, 0)), (evaluate(a, 0), evaluate(b, 0))


# --------------------------------------------------------------------------------------------
# the copy's history: other seats' secret picks (R-PH2-1, A-57, R-SETUP-12)


@pytest.mark.parametrize("config", [{"players": 2}, {"players": 3}, {"players": 4}, {"players": 5},
                                    {"players": 3, "expansions": ["all"]}, {"players": 3, "edition": "2013"}],
                         ids=["2p", "3p", "4p", "5p", "expansions", "2013"])
def test_determinize_does_not_copy_the_secret_picks_of_the_history_R_PH2_1(config: dict[str, Any]) -> None:
    """R-PH2-1 / A-57: each seat chooses its hand secretly.  Seat 1 (the start player) picks
    S21 S22 S23 in one game and S23 S24 S25 in the other; the rest is the same.  The copy
    must not carry the game's ``history`` (``pick:S21`` ...), which would tell them apart."""

    def game(picks: list[str]) -> Rococo:
        g = Rococo.new({**config, "start_player": 1}, 7)
        for a in picks:
            g.apply(a)
        while g.current_player() != 0:
            g.apply(g.legal_actions()[0])
        return g

    a = game(["pick:S21", "pick:S22", "pick:S23"])
    b = game(["pick:S23", "pick:S24", "pick:S25"])
    seen_alike(a, b, 0)
    same_samples(a, b, 0, lambda d: d.history)


# --------------------------------------------------------------------------------------------
# the 2013 edition: face-down prestige (D-10)


def scoring_2013(hidden_1: int, hidden_2: int) -> Rococo:
    """A 3-player 2013 game in final scoring, seat 0 at its terrace decision (step 5).  Seats 1
    and 2 hold ``hidden_1`` / ``hidden_2`` face-down prestige (D-10: secret until the end)."""
    g = P.new_game(3, 8, edition="2013")
    for gid, space in zip(("G01", "G05", "G10"), P.spaces(g, hall=1, master=False)):
        P.place_garment(g, 0, gid, space)
    decos = g.s.t.ds.board.decorations
    fireworks = {decos[d].multiplier: decos[d].id for d in g.s.t.fireworks}
    P.set_decoration(g, 0, fireworks[2])
    P.set_decoration(g, 0, fireworks[3])
    P.set_money(g, 0, vp=20)
    P.set_money(g, 1, vp=hidden_1)
    P.set_money(g, 2, vp=hidden_2)
    P.start_scoring(g)
    assert g.decision()["kind"] == "terrace"
    return g


def test_determinize_hides_2013_prestige_in_the_scoring_breakdown_D_10() -> None:
    """D-10: prestige stays face down until the game is over, also the prestige booked under
    "game" when final scoring begins: the copies of 60/0 and 0/60 must not differ (a
    look-ahead that reaches the end of the game would show it)."""
    a, b = scoring_2013(60, 0), scoring_2013(0, 60)
    seen_alike(a, b, 0)
    same_samples(a, b, 0, lambda d: [bd.get("game") for bd in d.s.breakdown])


def test_the_stack_a_seat_looks_through_is_kept_R_JB_EXAM_J_3() -> None:
    """R-JB-EXAM-J-3 (4) / M-3: while a seat chooses its card it sees the whole exam stack, so
    the copy keeps that stack and offers the same cards (the other cards are still dealt again)."""
    from salon.bots.base import RandomBot

    seen = 0
    for seed in range(40):
        g = Rococo.new({"players": 2, "expansions": ["jewelry_box"]}, seed)
        bot = RandomBot(seed)
        while not g.is_over() and seen < 3:
            if g.decision()["kind"] == "promote":
                seat = g.current_player()
                assert seat is not None
                for k in SEEDS:
                    copy = g.determinize(seat, Rng(k))
                    assert sorted(copy.legal_actions()) == sorted(g.legal_actions())
                    assert check(copy.s) == []
                seen += 1
            g.apply(bot.choose(g))
    assert seen == 3
