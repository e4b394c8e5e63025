"""The search bot (salon.bots.search): rollouts where a game plans, the heuristic bot elsewhere."""

from __future__ import annotations

from dataclasses import replace

import pytest

from salon.bots.base import bot_names, make_bot
from salon.bots.heuristic import HeuristicBot, hooks_for
from salon.bots.search import SearchBot
from salon.necklace.game import Necklace
from salon.rococo.game import Rococo
from salon.rococo.invariants import check
from tests.bots.test_hidden_information import seen_alike
from tests.rococo.positions import new_game, solo_game


def _to(g: Rococo, kind: str) -> Rococo:
    """``g`` played on by the heuristic bot until the human's decision is of ``kind``."""
    bot = HeuristicBot(1)
    while g.decision()["kind"] != kind:
        g.apply(bot.choose(g))
    return g


def test_the_search_bot_is_offered_by_name() -> None:
    assert "search" in bot_names()
    assert isinstance(make_bot("search", 3), SearchBot)


def test_rococo_plans_the_round_hand_R_PH2_1() -> None:
    """The choice of the round's employees is the decision Rococo marks for planning; a turn's
    action is not."""
    g = solo_game(2)
    hooks = hooks_for(g)
    assert hooks.plan_at is not None and hooks.plan_at(g)
    assert g.decision()["kind"] == "hand" and len(g.legal_actions()) > 1
    assert not hooks.plan_at(_to(g, "main"))


def test_where_nothing_is_planned_it_is_the_heuristic_bot() -> None:
    g = _to(solo_game(4), "main")
    assert len(g.legal_actions()) > 1
    assert SearchBot(9).choose(g.clone()) == HeuristicBot(9).choose(g.clone())
    n = Necklace.new({"players": 3}, 2)
    while len(n.legal_actions()) < 2:
        n.apply(n.legal_actions()[0])
    assert SearchBot(9).choose(n.clone()) == HeuristicBot(9).choose(n.clone())


def test_rollouts_stay_within_the_round_and_leave_the_game_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every rollout is scored at the end of the round it began in (the horizon), never later;
    the real game is not touched; the choice is legal and the same for the same seed."""
    g = solo_game(5)
    before = g.state_hash()
    hooks = hooks_for(g)
    scored: list[int] = []
    evaluate = hooks.evaluate

    def spy(node: Rococo, seat: int) -> float:
        scored.append(node.s.round)
        return evaluate(node, seat)

    monkeypatch.setattr("salon.bots.search.hooks_for", lambda game: replace(hooks, evaluate=spy))
    choice = SearchBot(7, samples=2).choose(g)
    assert choice in g.legal_actions()
    assert g.state_hash() == before and check(g.s) == []
    assert len(scored) == 2 * len(g.legal_actions())
    assert set(scored) == {2}, scored  # the round after round 1 has begun, not more
    assert SearchBot(7, samples=2).choose(g) == choice


def test_the_choice_does_not_depend_on_madame_du_barrys_hidden_cards_R_SOLO_PH2_1() -> None:
    """R-SOLO-PH1-1, R-SOLO-PH2-1: her supply is shuffled and her hand pile drawn face down.
    Two games that differ only in which card lies in her hand pile look alike to the human,
    and the search bot (whose rollouts start from determinized copies) values every action
    alike in both (rollouts from the real game would not)."""
    a = solo_game(6)
    b = a.clone()
    b.s.mdb_hand[0], b.s.mdb_supply[0] = b.s.mdb_supply[0], b.s.mdb_hand[0]
    seen_alike(a, b, 0)
    bots = SearchBot(2, samples=2), SearchBot(2, samples=2)
    assert bots[0].choose(a) == bots[1].choose(b)
    assert bots[0].values == bots[1].values and len(bots[0].values) == len(a.legal_actions())


def test_a_whole_solo_game() -> None:
    """One solo game to the end with one sample per action: every choice is legal (apply would
    refuse it) and the invariants hold at the end."""
    g = solo_game(8)
    bot = SearchBot(8, samples=1)
    while not g.is_over():
        g.apply(bot.choose(g))
    assert check(g.s) == [] and len(g.result().scores) == 2


def test_in_a_game_of_three_the_rollouts_play_every_seat() -> None:
    """In a multi-player game the heuristic bot decides for every seat inside a rollout."""
    g = new_game(3, 9)
    assert hooks_for(g).plan_at(g) and len(g.legal_actions()) > 1
    bot = SearchBot(4, samples=1)
    assert bot.choose(g) in g.legal_actions()
    assert sorted(bot.values) == sorted(g.legal_actions())
