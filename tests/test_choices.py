"""What a front end may answer for a person (salon.core.choices), on real positions of both
games: decisions whose answers all come to the same, lone passes, free gains and the moves that
cannot be taken back; and, over many seeded games, that with the default preferences no question
is ever put to a person whose every answer leads to the same position."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from salon.core import choices
from salon.core.choices import Preferences
from salon.core.game import Game, game_class
from salon.rococo.game import Rococo
from salon.rococo.rules.bonuses import FREE_GAINS
from tests.rococo.positions import mid_turn, set_decoration, set_staff
from tests.rococo.test_bonuses import card_of, to_bonus, turn


def bonus_turn(bonus: str, livres: int | None = None) -> Rococo:
    """Seat 0 at the ``bonus`` decision of a card carrying ``bonus``, its main action declined
    (tests.rococo.test_bonuses)."""
    g = turn(card_of(bonus), livres=livres)
    to_bonus(g)
    return g


def _jewelry_turn(bonus: str) -> Rococo:
    """Seat 0 has just played a card of the Jewelry Box carrying ``bonus`` (§13)."""
    g = Rococo.new({"players": 2, "start_player": 0, "expansions": ["jewelry_box"]}, 0)
    cid = next(c.id for c in g.s.t.cards if c.bonus == bonus)
    staff = [c for c in ("S11", "S12", "S13", "S14", "S15") if c != cid][:4]
    set_staff(g, 0, staff, [], [])
    return mid_turn(g, 0, cid)


def necklace_until(seed: int, found: Any, **config: Any) -> Game:
    """A seeded game of the Queen's Necklace played at random up to the first decision ``found``
    accepts."""
    g = game_class("necklace").new({"players": 3, **config}, seed)
    rng = random.Random(seed)
    while not found(g):
        assert not g.is_over(), "no such decision in the game"
        g.apply(rng.choice(g.legal_actions()))
    return g


# --- free gains


def test_a_bonus_that_only_gains_is_a_free_gain_R_BON_GEN_2() -> None:
    """R-BON-l1_gain_1 (take 1 livre), R-PH3-4 (c): the bonus is optional, and using it only gains,
    so the decision declares ``bonus:use`` its free gain."""
    g = bonus_turn("l1_gain_1", livres=0)
    assert g.legal_actions() == ["bonus:use", "bonus:skip"]
    assert g.decision()["free_gain"] == "bonus:use"
    assert choices.free_gain(g) == "bonus:use"
    assert choices.alike(g) is None  # it gains: using and declining differ


@pytest.mark.parametrize("bonus", ["start_pay1_thread_or_lace", "l2_dismiss_for_cash", "nj_hall_vp"])
def test_a_bonus_that_costs_sends_away_or_chooses_is_no_free_gain(bonus: str) -> None:
    """R-BON-start_pay1_thread_or_lace pays a livre, R-BON-l2_dismiss_for_cash sends an employee
    away, R-BON-nj_hall_vp asks which hall: none of them can be used without a choice or a cost."""
    g = _jewelry_turn(bonus) if bonus.startswith("nj_") else turn(card_of(bonus), livres=5)
    to_bonus(g)
    assert g.decision()["free_gain"] is None
    assert choices.free_gain(g) is None


@pytest.mark.parametrize("bonus", sorted(FREE_GAINS))
def test_every_free_gain_is_one_use_or_a_skip(bonus: str) -> None:
    """Each bonus the rules declare a free gain is offered as ``bonus:use`` beside ``bonus:skip``
    (R-BON-GEN-1) and declared so, so that taking it decides nothing else."""
    jewelry = bonus.startswith(("nj_", "nm_", "sa_"))
    g = _jewelry_turn(bonus) if jewelry else turn(card_of(bonus))
    to_bonus(g)
    assert g.legal_actions() == ["bonus:use", "bonus:skip"]
    assert choices.free_gain(g) == "bonus:use"


# --- alike


def test_a_bonus_that_would_gain_nothing_is_alike_R_BON_GEN_4() -> None:
    """R-BON-l2_vp_per_2_dec gives ⌊DEC/2⌋ points (R-BON-GEN-4): without decorations using it and
    declining it lead to the same position, which is taken for the player."""
    g = bonus_turn("l2_vp_per_2_dec")
    assert choices.alike(g) == "bonus:use"
    assert choices.taken_for(g, Preferences(auto_free=False, auto_pass=False)) == "bonus:use"


def test_the_same_bonus_with_points_to_gain_is_a_choice() -> None:
    """With two decorations R-BON-l2_vp_per_2_dec gives a point: the answers differ."""
    g = turn(card_of("l2_vp_per_2_dec"))
    for deco in ("mu1", "mu2"):
        set_decoration(g, 0, deco)
    to_bonus(g)
    assert choices.alike(g) is None
    assert choices.free_gain(g) == "bonus:use"
    assert choices.taken_for(g, Preferences(auto_free=False)) is None and choices.taken_for(g) == "bonus:use"


def test_alike_compares_positions_not_histories() -> None:
    """R-BON-l5_livre_per_garment without garments gains nothing: the two answers write different
    histories and events but the same state, and the same next decision."""
    g = bonus_turn("l5_livre_per_garment")
    use, skip = g.clone(), g.clone()
    assert [e.type for e in use.apply("bonus:use")] != [e.type for e in skip.apply("bonus:skip")]
    assert use.history != skip.history and use.decision() == skip.decision()
    assert choices.alike(g) == "bonus:use"


def test_alike_is_not_tried_on_a_long_list(monkeypatch: pytest.MonkeyPatch) -> None:
    """A decision of more than ALIKE_MOST actions is left to the player, alike or not."""
    g = bonus_turn("l5_livre_per_garment")
    assert choices.alike(g) == "bonus:use"
    monkeypatch.setattr(choices, "ALIKE_MOST", 1)
    assert choices.alike(g) is None


def test_a_decision_of_different_answers_is_not_alike_in_either_game() -> None:
    """R-PH2 (a hand of cards to pick) and QN-BUY-1 (a market card to buy) differ by what is taken."""
    assert choices.alike(Rococo.new({"players": 2}, 3)) is None
    g = necklace_until(7, lambda g: g.decision()["kind"] == "buy")
    assert len(g.legal_actions()) > 1 and choices.alike(g) is None
    assert choices.free_gain(g) is None, "a card bought costs ducats: no free gain"


# --- lone passes


def test_a_lone_pass_is_taken_only_where_asked_QN_INFO_1() -> None:
    """QN-INFO-1 (``conceal_holders``): every seat is polled for a Queen, and one without has the
    lone ``pass``."""
    g = necklace_until(7, lambda g: g.decision()["kind"] == "queen" and g.legal_actions() == ["pass"],
                       conceal_holders=True)
    assert choices.lone(g) == "pass"
    assert choices.taken_for(g) == "pass"
    assert choices.taken_for(g, Preferences(auto_pass=False)) is None


def test_a_lone_card_to_play_is_still_asked_R_PH3_5() -> None:
    """R-PH3-5: a card must be played, even the last one in hand; principle 3 leaves that lone
    action to the player (only a pass or a done is taken)."""
    g = Rococo.new({"players": 2}, 0)
    rng = random.Random(0)
    while not (g.decision().get("kind") == "play" and len(g.legal_actions()) == 1):
        g.apply(rng.choice(g.legal_actions()))
    assert choices.lone(g) is None and choices.taken_for(g) is None


# --- irrevocable


def test_what_ends_a_rococo_turn_cannot_be_taken_back_R_PH3_4() -> None:
    """R-PH3-4 (d): declining the bonus ends the turn, and the next player's turn begins; taking
    the main action leaves seat 0 deciding its bonus, which may still be undone."""
    g = turn(card_of("l1_gain_1"), livres=0)
    assert not choices.irrevocable(g, "main:skip")
    g.apply("main:skip")
    assert choices.irrevocable(g, "bonus:skip") and choices.irrevocable(g, "bonus:use")


def test_a_necklace_purchase_may_be_undone_and_done_may_not_QN_BUY_6() -> None:
    """QN-BUY-6: cards are bought one at a time within the turn (each may be taken back), and
    ``done`` ends the phase and the turn; QN-INF-1: ending the influence leaves the same seat
    buying."""
    g = game_class("necklace").new({"players": 3}, 7)
    assert not choices.irrevocable(g, "done")
    g.apply("done")
    buy = g.legal_actions()[0]
    assert not choices.irrevocable(g, buy)
    g.apply(buy)
    if "done" in g.legal_actions():
        assert choices.irrevocable(g, "done")


def test_irrevocable_changes_nothing() -> None:
    g = turn(card_of("l1_gain_1"), livres=0)
    before = g.state_hash(), list(g.history)
    choices.irrevocable(g, "main:skip")
    choices.alike(g)
    assert (g.state_hash(), g.history) == before


# --- the property: no question whose answers are all alike


def _every_answer_alike(g: Game) -> bool:
    """Whether every legal action leads to the same position, tried without any bound."""
    legal = g.legal_actions()
    outcomes = []
    for action in legal:
        after = g.clone()
        after.apply(action)
        outcomes.append((after.to_snapshot()["state"], after.current_player(), dict(after.decision())))
    return len(legal) >= 2 and all(o == outcomes[0] for o in outcomes)


CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("rococo", {"players": 2}),
    ("rococo", {"players": 3, "expansions": ["jewelry_box", "noble", "festive", "exquisite"]}),
    ("rococo", {"players": 1, "solo": True}),
    ("rococo", {"players": 2, "edition": "2013"}),
    ("necklace", {"players": 3, "conceal_holders": True}),
    ("necklace", {"players": 4, "conceal_holders": False}),
]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**31 - 1))
@pytest.mark.heavy
def test_no_question_whose_answers_are_all_alike_reaches_a_person(config: tuple[str, dict[str, Any]],
                                                                   seed: int) -> None:
    """Played at random with the default preferences (free gains and lone passes taken), every
    decision left to the person has answers that differ."""
    name, cfg = config
    g = game_class(name).new(cfg, seed)
    rng = random.Random(seed)
    asked = 0
    while not g.is_over():
        taken = choices.taken_for(g)
        if taken is None:
            assert not _every_answer_alike(g), (name, cfg, seed, len(g.history), g.decision())
            asked += 1
            g.apply(rng.choice(g.legal_actions()))
        else:
            g.apply(taken)
    assert asked
