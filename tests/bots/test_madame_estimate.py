"""What the evaluation expects of Madame du Barry (RULES.md §14): her turns still to come, her
tiles at a point per two, and no livres.  The search's hints show this estimate to a solo
player as points ahead of her, so it must not run a hundred points ahead of the game."""

from __future__ import annotations

import pytest

from salon.bots.base import make_bot
from salon.rococo.board_facts import facts
from salon.rococo.config import MDB
from salon.rococo.evaluation import _madame_turns, evaluate, madame_future
from salon.rococo.game import Rococo
from salon.rococo.rules.solo import HAND
from tests.rococo import positions as P


def first_turn(seed: int, **config: object) -> Rococo:
    """A solo game at the player's first turn of round 1."""
    g = P.solo_game(seed, **config)
    bot = make_bot("random", seed)
    while g.s.phase != "actions":
        g.apply(bot.choose(g))
    return g


def other_tiles(g: Rococo, k: int) -> list[str]:
    """``k`` tiles that are in the bag."""
    return P.find_tiles(g, lambda t: True)[-k:]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_solo_estimate_starts_near_level(seed: int) -> None:
    """At the first turn nobody has scored and Madame du Barry has all her turns ahead of her:
    the margin is near zero (it was over +100 while her future turns counted for nothing)."""
    assert abs(evaluate(first_turn(seed), 0)) < 15


@pytest.mark.parametrize("expansions", [[], ["jewelry_box"]])
def test_each_card_on_her_hand_pile_is_a_turn_to_come_R_SOLO_PH3_2(expansions: list[str]) -> None:
    """One more card on her hand pile is one more turn, and a hire card among her cards adds one
    more again (R-SOLO-HIRE-3): her deck's ``25 / (25 - hire cards)`` turns a card."""
    g = first_turn(3, expansions=expansions)
    more = g.clone()
    more.s.mdb_hand.append(more.s.mdb_supply.pop())
    cards = g.s.t.ds.solo_cards
    per_card = len(cards) / (len(cards) - sum(1 for c in cards if c.action == "hire"))
    turns = (len(g.s.mdb_hand) + HAND * (g.s.t.ds.rules.rounds - g.s.round)) * per_card
    future = madame_future(turns + per_card) - madame_future(turns)
    assert future > 1
    # ... and the garments her tailor cards among them place count in the hall majorities
    # (R-SOLO-TAI-4, R-SOLO-PLACE-1): the margin drops by more than the turns alone
    assert evaluate(g, 0) - evaluate(more, 0) > future + 0.05


def test_her_later_rounds_count_four_cards_each_R_SOLO_PH2_1() -> None:
    g = first_turn(4)
    s = g.s
    st = facts(s.t)
    rounds_after = s.t.ds.rules.rounds - s.round
    assert _madame_turns(s, st, False, rounds_after) == pytest.approx(
        (len(s.mdb_hand) + HAND * rounds_after) * st.mdb_extra)
    assert _madame_turns(s, st, True, rounds_after) == pytest.approx(HAND * (1 + rounds_after) * st.mdb_extra)
    s.round, s.phase = s.t.ds.rules.rounds, "income"
    assert _madame_turns(s, st, False, 0) == 0


def test_her_tiles_are_worth_a_point_per_two_R_SOLO_END_3() -> None:
    """Her tiles are never spent (§14.6): each is half a point, whatever the round."""
    g = first_turn(5)
    more = g.clone()
    P.give_tiles(more, MDB, other_tiles(more, 4))
    assert evaluate(g, 0) - evaluate(more, 0) == pytest.approx(2.0)


def test_her_tiles_count_in_final_scoring_R_SOLO_END_3() -> None:
    """At the player's terrace decision her tiles are still to score (step 7, A-51)."""
    g = first_turn(5)
    P.set_decoration(g, 0, P.decorations(g, "fireworks")[0])
    P.place_garment(g, 0, P.find_garments(g, lambda x: True)[0], P.spaces(g, hall=1)[0])
    g = P.start_scoring(g)
    assert g.s.phase == "end" and g.current_player() == 0
    more = g.clone()
    P.give_tiles(more, MDB, other_tiles(more, 3))
    assert evaluate(g, 0) - evaluate(more, 0) == pytest.approx(1.0)


def test_her_livres_count_nothing_R_SOLO_GEN_1() -> None:
    """She never gains or pays livres and has no income (R-SOLO-PH4-1): livres and income are
    not part of her estimate."""
    g = first_turn(6)
    richer = g.clone()
    richer.s.players[MDB].livres = 50  # not a reachable position: she can only ever hold 0
    assert evaluate(richer, 0) == evaluate(g, 0)
